#include "select/Ranking.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>

namespace dl {

std::vector<std::int64_t> rankByScore(const std::vector<double>& scores, const std::vector<std::int64_t>& ids) {
    std::vector<std::int64_t> order(scores.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
        const double sa = scores[a], sb = scores[b];
        const bool na = std::isnan(sa), nb = std::isnan(sb);
        if (na != nb) return nb;  // NaN last
        if (!na && sa != sb) return sa > sb;
        return ids[a] < ids[b];
    });
    return order;
}

std::vector<char> selectTopK(const std::vector<std::int64_t>& ranking, std::size_t n, std::int64_t k) {
    std::vector<char> selected(n, 0);
    const auto limit = std::min<std::int64_t>(k, static_cast<std::int64_t>(ranking.size()));
    for (std::int64_t i = 0; i < limit; ++i) selected[ranking[i]] = 1;
    return selected;
}

std::vector<char> selectThreshold(const std::vector<double>& scores, double threshold) {
    std::vector<char> selected(scores.size(), 0);
    for (std::size_t i = 0; i < scores.size(); ++i) selected[i] = !std::isnan(scores[i]) && scores[i] >= threshold;
    return selected;
}

nlohmann::json PrecisionRecall::toJson() const {
    return {{"selected", selected},   {"relevant", relevant}, {"true_positives", truePositives},
            {"precision", precision}, {"recall", recall},     {"f1", f1}};
}

PrecisionRecall evaluateSelection(const std::vector<char>& selected, const std::vector<char>& relevant) {
    PrecisionRecall r;
    for (std::size_t i = 0; i < selected.size(); ++i) {
        r.selected += selected[i] != 0;
        r.relevant += relevant[i] != 0;
        r.truePositives += selected[i] && relevant[i];
    }
    r.precision = r.selected ? double(r.truePositives) / double(r.selected) : 0.0;
    r.recall = r.relevant ? double(r.truePositives) / double(r.relevant) : 0.0;
    r.f1 = r.precision + r.recall > 0 ? 2 * r.precision * r.recall / (r.precision + r.recall) : 0.0;
    return r;
}

std::vector<CutoffPoint> precisionAtCutoffs(const std::vector<std::int64_t>& ranking, const std::vector<char>& relevant,
                                            const std::vector<std::int64_t>& cutoffs) {
    std::int64_t totalRelevant = 0;
    for (char r : relevant) totalRelevant += r != 0;
    std::vector<CutoffPoint> out;
    std::int64_t tp = 0, i = 0;
    std::vector<std::int64_t> sorted = cutoffs;
    std::sort(sorted.begin(), sorted.end());
    for (auto cut : sorted) {
        cut = std::min<std::int64_t>(cut, static_cast<std::int64_t>(ranking.size()));
        for (; i < cut; ++i) tp += relevant[ranking[i]] != 0;
        out.push_back(
            {cut, cut ? double(tp) / double(cut) : 0.0, totalRelevant ? double(tp) / double(totalRelevant) : 0.0});
    }
    return out;
}

PrCurve precisionRecallCurve(const std::vector<std::int64_t>& ranking, const std::vector<char>& relevant, int points) {
    PrCurve curve;
    std::int64_t totalRelevant = 0;
    for (char r : relevant) totalRelevant += r != 0;
    const auto n = static_cast<std::int64_t>(ranking.size());
    if (n == 0) return curve;
    const std::int64_t step = std::max<std::int64_t>(1, n / std::max(1, points));
    std::int64_t tp = 0;
    double ap = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        if (relevant[ranking[i]]) {
            ++tp;
            ap += double(tp) / double(i + 1);  // precision at each relevant hit
        }
        if ((i + 1) % step == 0 || i + 1 == n)
            curve.points.push_back(
                {i + 1, double(tp) / double(i + 1), totalRelevant ? double(tp) / double(totalRelevant) : 0.0});
    }
    curve.averagePrecision = totalRelevant ? ap / double(totalRelevant) : 0.0;
    return curve;
}

}  // namespace dl
