#pragma once
// Turning per-sentence scores into a selection: deterministic ranking (ties broken by
// sentence id), top-k or threshold cuts, and the oracle evaluation against domain labels
// (precision / recall / F1, precision at cut-offs, precision-recall curve).
#include <cstdint>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

namespace dl {

// Indices of `scores` from most to least in-domain (higher score first); NaN scores (e.g.
// excluded leaked sentences) go last; ties are broken by ascending `ids`.
std::vector<std::int64_t> rankByScore(const std::vector<double>& scores, const std::vector<std::int64_t>& ids);

// selected[i] for each scored sentence: the top k of the ranking, or score >= threshold.
std::vector<char> selectTopK(const std::vector<std::int64_t>& ranking, std::size_t n, std::int64_t k);
std::vector<char> selectThreshold(const std::vector<double>& scores, double threshold);

struct PrecisionRecall {
    std::int64_t selected = 0, relevant = 0, truePositives = 0;
    double precision = 0, recall = 0, f1 = 0;
    nlohmann::json toJson() const;
};
PrecisionRecall evaluateSelection(const std::vector<char>& selected, const std::vector<char>& relevant);

// Precision and recall of the top-N for each cut-off N (Cuong & Sima'an's layout).
struct CutoffPoint {
    std::int64_t cutoff = 0;
    double precision = 0, recall = 0;
};
std::vector<CutoffPoint> precisionAtCutoffs(const std::vector<std::int64_t>& ranking, const std::vector<char>& relevant,
                                            const std::vector<std::int64_t>& cutoffs);
// The full precision-recall curve sampled at ~`points` evenly spaced cut-offs, plus
// average precision (area under the step curve, as sklearn's average_precision_score).
struct PrCurve {
    std::vector<CutoffPoint> points;
    double averagePrecision = 0;
};
PrCurve precisionRecallCurve(const std::vector<std::int64_t>& ranking, const std::vector<char>& relevant,
                             int points = 100);

}  // namespace dl
