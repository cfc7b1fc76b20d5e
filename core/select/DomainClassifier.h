#pragma once
// Domain-Finetune on frozen sentence vectors (Aharoni & Goldberg 2020, section 4, with the
// encoder frozen): a binary classifier, positives = the seed, negatives = pool sentences
// sampled with pre-ranking (from the bottom part of the Domain-Cosine ranking) or uniformly.
// A held-out part of both classes reports precision/recall/F1 like the paper's Table 5.
// Trained with libtorch autograd (Adam, binary cross-entropy) on the job's device.
#include <cstdint>
#include <span>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "jobs/Progress.h"
#include "select/Ranking.h"

namespace dl {

struct DomainHeadOptions {
    int hidden = 128;                 // 0 = logistic regression, else a 2-layer MLP
    int epochs = 30;
    int batchSize = 64;
    double learningRate = 1e-3;
    double heldOutFraction = 0.1;
    double negativesPerPositive = 1.0;
    bool preRanking = true;           // negatives from the bottom of the Domain-Cosine ranking
    double negativePoolFraction = 2.0 / 3.0;  // the "bottom two thirds"
    // > 0: exactly the N rows with the lowest cosine are the negatives (no draw; Vu et al.'s
    // "500K sentences with the lowest similarity"), instead of pre-ranking or a uniform draw.
    std::int64_t lowestNegatives = 0;
    // Positive-unlabeled rounds: round 1 takes its negatives as above from the Domain-Cosine
    // ranking; each later round trains a fresh classifier whose negatives the same rule takes
    // from the previous classifier's own ranking of the pool (its least in-domain rows).
    int rounds = 1;
    std::uint64_t seed = 1;
    nlohmann::json toJson() const;
};

struct DomainHeadReport {
    std::int64_t positives = 0, negatives = 0;
    int rounds = 1;
    // Per round after the first: how many of its negatives the previous round's negatives also had.
    std::vector<std::int64_t> sharedNegatives;
    PrecisionRecall heldOut;  // on the held-out part, at p > 0.5 (the last round's classifier)
    double finalLoss = 0;
    std::string device;
    nlohmann::json toJson() const;
};

struct DomainHeadResult {
    std::vector<double> probability;  // one per scored row: P(in-domain)
    DomainHeadReport report;
    std::vector<char> weights;        // the trained classifier (torch::save format)
    // Each round's negatives (pool rows, ascending): what the rounds changed (tests, the report's count).
    std::vector<std::vector<std::int64_t>> negativesPerRound;
    // An ensemble (trainDomainHeadEnsemble): the classifiers of members 2..N (member 1's is `weights`).
    std::vector<std::vector<char>> memberWeights;
};

// cosine: Domain-Cosine score per pool row (for pre-ranking); excluded rows are never negatives.
// With options.rounds > 1 the later rounds rank by the previous classifier instead.
// The probabilities are computed for `applyTo` rows (dim floats each) when given, else for the pool.
Expected<DomainHeadResult> trainDomainHead(const float* seed, std::int64_t seedRows, const float* pool,
                                           std::int64_t poolRows, int dim, const std::vector<double>& cosine,
                                           const std::vector<char>& excluded, const DomainHeadOptions& options,
                                           ProgressSink& progress, const CancelToken& cancel,
                                           std::span<const float> applyTo = {});

// The training seed of ensemble member `member` (0-based): member 0 trains with `seedValue` itself, so
// an ensemble of one is the single classifier; the others with distinct seeds derived from it.
std::uint64_t ensembleMemberSeed(std::uint64_t seedValue, int member);

// `members` classifiers (at least 1), each trained as trainDomainHead with options.seed =
// ensembleMemberSeed(options.seed, member) (its own draws of negatives and initialisation); the
// probability is the mean of theirs; report, weights and negativesPerRound are member 1's, the
// other members' classifiers in memberWeights (cross-lingual's and finetune-head's --classifiers).
Expected<DomainHeadResult> trainDomainHeadEnsemble(int members, const float* seed, std::int64_t seedRows,
                                                   const float* pool, std::int64_t poolRows, int dim,
                                                   const std::vector<double>& cosine, const std::vector<char>& excluded,
                                                   const DomainHeadOptions& options, ProgressSink& progress,
                                                   const CancelToken& cancel, std::span<const float> applyTo = {});

// P(in-domain) of each row under a classifier trainDomainHead saved (DomainHeadResult::weights)
// with the same dim and hidden size: how a stored finetune-head selection scores other rows.
Expected<std::vector<double>> applyDomainHead(std::span<const char> weights, int dim, int hidden, const float* rows,
                                              std::int64_t rowCount, const CancelToken& cancel);

// The negative candidates (pool row indices) pre-ranking allows: the lowest
// `fraction` of the cosine ranking, excluded rows removed. Exposed for tests.
std::vector<std::int64_t> preRankedNegativeCandidates(const std::vector<double>& cosine,
                                                      const std::vector<char>& excluded, double fraction);
// The `count` rows with the lowest cosine (ties by row), excluded rows removed. Exposed for tests.
std::vector<std::int64_t> lowestCosineRows(const std::vector<double>& cosine, const std::vector<char>& excluded,
                                           std::int64_t count);

}  // namespace dl
