#pragma once
// Domain-Finetune with the whole encoder trained (`select --method finetune`), in rounds:
// round 1 is Aharoni & Goldberg's (negatives pre-ranked from the bottom of Domain-Cosine's
// ranking, as many as the seed); each later round loads the model's stored weights again and
// trains them with negatives from the bottom of the previous round's own ranking of the pool
// (positive-unlabeled learning, as finetune-head's --pu-rounds). Used by SelectJob only.
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "encode/TransformerEncoder.h"
#include "jobs/Progress.h"

namespace dl {

struct FineTuneRoundsInput {
    std::span<const std::string> seedText, poolText;
    std::vector<double> cosine;        // Domain-Cosine per pool row: round 1's ranking
    std::vector<char> excluded;        // per pool row: never a negative (leaked into the seed)
    std::string modelPath, modelName;  // the model the embedding set was encoded from
    EncoderOptions encoder;            // layer, pooling, normalisation to train on
    FineTuneOptions training;
    int rounds = 1;
};

struct FineTuneRoundsResult {
    std::vector<double> probability;  // per pool row, the last round's P(in-domain)
    // The last round's training report, plus layer, device, rounds and (rounds > 1)
    // shared_negatives (per later round: negatives the previous round also had) and per_round.
    nlohmann::json report;
};

// Runs on the calling thread (the job's worker); loads the model once per round.
Expected<FineTuneRoundsResult> fineTuneInRounds(const FineTuneRoundsInput& input, ProgressSink& progress,
                                                const CancelToken& cancel);

// One round's negatives: the bottom two thirds of `ranking` (excluded rows never), shuffled by
// `rng`, at most `count`. Exposed for tests.
std::vector<std::int64_t> fineTuneNegativeRows(const std::vector<double>& ranking, const std::vector<char>& excluded,
                                               std::size_t count, std::mt19937_64& rng);

}  // namespace dl
