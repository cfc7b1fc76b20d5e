#include "select/FineTuneRounds.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <utility>

#include "select/DomainClassifier.h"
#include "select/Ranking.h"

namespace dl {

namespace {

nlohmann::json roundReport(const FineTuneReport& ft) {
    PrecisionRecall heldOut;  // the same held_out record as finetune-head's report
    heldOut.selected = ft.heldOutSelected;
    heldOut.relevant = ft.heldOutRelevant;
    heldOut.truePositives = ft.heldOutTruePositives;
    heldOut.precision = ft.heldOutSelected ? double(ft.heldOutTruePositives) / double(ft.heldOutSelected) : 0.0;
    heldOut.recall = ft.heldOutRelevant ? double(ft.heldOutTruePositives) / double(ft.heldOutRelevant) : 0.0;
    const double sum = heldOut.precision + heldOut.recall;
    heldOut.f1 = sum > 0 ? 2 * heldOut.precision * heldOut.recall / sum : 0.0;
    return {{"positives", ft.positives},
            {"negatives", ft.negatives},
            {"epochs", ft.epochs},
            {"final_loss", ft.finalLoss},
            {"held_out", heldOut.toJson()}};
}

std::int64_t sharedCount(std::vector<std::int64_t> a, std::vector<std::int64_t> b) {
    std::ranges::sort(a);
    std::ranges::sort(b);
    std::vector<std::int64_t> both;
    std::ranges::set_intersection(a, b, std::back_inserter(both));
    return std::int64_t(both.size());
}

}  // namespace

std::vector<std::int64_t> fineTuneNegativeRows(const std::vector<double>& ranking, const std::vector<char>& excluded,
                                               std::size_t count, std::mt19937_64& rng) {
    auto candidates = preRankedNegativeCandidates(ranking, excluded, 2.0 / 3.0);
    std::shuffle(candidates.begin(), candidates.end(), rng);
    candidates.resize(std::min(candidates.size(), count));
    return candidates;
}

Expected<FineTuneRoundsResult> fineTuneInRounds(const FineTuneRoundsInput& input, ProgressSink& progress,
                                                const CancelToken& cancel) {
    const int rounds = std::max(1, input.rounds);
    std::mt19937_64 rng(input.training.seed);  // one stream: round 1 draws as a one-round run does
    std::vector<double> ranking = input.cosine;
    std::vector<std::int64_t> previousNegatives;
    nlohmann::json perRound = nlohmann::json::array();
    nlohmann::json shared = nlohmann::json::array();
    FineTuneRoundsResult result;
    std::string device;
    for (int round = 1; round <= rounds; ++round) {
        auto rows = fineTuneNegativeRows(ranking, input.excluded, input.seedText.size(), rng);
        if (round > 1) shared.push_back(sharedCount(previousNegatives, rows));
        std::vector<std::string> negatives;
        negatives.reserve(rows.size());
        for (auto r : rows) negatives.push_back(input.poolText[std::size_t(r)]);
        const std::string of =
            rounds > 1 ? " (round " + std::to_string(round) + " of " + std::to_string(rounds) + ")" : "";
        progress.stage("Loading " + input.modelName + " for fine-tuning" + of);
        auto encoder = TransformerEncoder::load(input.modelPath, input.encoder);  // the stored weights each round
        if (!encoder) return std::unexpected(encoder.error());
        FineTuneReport ft;
        auto prob = (*encoder)->fineTuneClassifier(input.seedText, negatives, input.poolText, input.training, &ft,
                                                   progress, cancel);
        if (!prob) return std::unexpected(prob.error());
        ranking = std::move(*prob);
        device = (*encoder)->device();
        result.report = roundReport(ft);
        perRound.push_back(result.report);
        previousNegatives = std::move(rows);
    }
    result.probability = std::move(ranking);
    result.report["layer"] = input.encoder.layer;
    result.report["device"] = device;
    result.report["rounds"] = rounds;
    if (rounds > 1) {
        result.report["shared_negatives"] = std::move(shared);
        result.report["per_round"] = std::move(perRound);
    }
    return result;
}

}  // namespace dl
