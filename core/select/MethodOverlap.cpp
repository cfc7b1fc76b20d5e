#include "select/MethodOverlap.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace dl {

namespace {

// Positions of the ranked sentences, best first (score descending, ties by ascending id).
std::vector<std::size_t> rankedOrder(const RankedRun& run) {
    std::vector<std::size_t> order;
    order.reserve(run.ids.size());
    for (std::size_t i = 0; i < run.ids.size() && i < run.scores.size(); ++i)
        if (!std::isnan(run.scores[i])) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (run.scores[a] != run.scores[b]) return run.scores[a] > run.scores[b];
        return run.ids[a] < run.ids[b];
    });
    return order;
}

std::vector<std::pair<std::int64_t, std::int64_t>> rankById(const RankedRun& run) {
    const auto ranks = ranksOf(run);
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    out.reserve(run.ids.size());
    for (std::size_t i = 0; i < ranks.size(); ++i)
        if (ranks[i] >= 0) out.emplace_back(run.ids[i], ranks[i]);
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

std::vector<std::int64_t> ranksOf(const RankedRun& run) {
    std::vector<std::int64_t> ranks(run.ids.size(), -1);
    const auto order = rankedOrder(run);
    for (std::size_t r = 0; r < order.size(); ++r) ranks[order[r]] = std::int64_t(r);
    return ranks;
}

std::vector<std::int64_t> topK(const RankedRun& run, std::int64_t k) {
    const auto order = rankedOrder(run);
    std::vector<std::int64_t> out;
    const auto n = std::min<std::size_t>(order.size(), std::size_t(std::max<std::int64_t>(0, k)));
    out.reserve(n);
    for (std::size_t r = 0; r < n; ++r) out.push_back(run.ids[order[r]]);
    return out;
}

Expected<MethodOverlap> compareTopK(const std::vector<RankedRun>& runs, std::int64_t k) {
    const int m = int(runs.size());
    if (m < 2 || m > 4) return usageError("Compare 2 to 4 selection runs, not " + std::to_string(m) + ".");
    if (k < 0) return usageError("The top k must not be negative.");
    for (int i = 0; i < m; ++i)
        if (runs[std::size_t(i)].ids.size() != runs[std::size_t(i)].scores.size())
            return usageError("Selection run " + std::to_string(i + 1) + " has " +
                              std::to_string(runs[std::size_t(i)].ids.size()) + " sentence ids but " +
                              std::to_string(runs[std::size_t(i)].scores.size()) + " scores.");
    MethodOverlap out;
    out.methods = m;
    out.k = k;
    std::unordered_map<std::int64_t, unsigned> mask;
    for (int i = 0; i < m; ++i) {
        const auto top = topK(runs[std::size_t(i)], k);
        out.topSize.push_back(std::int64_t(top.size()));
        for (auto id : top) mask[id] |= 1u << i;
    }
    out.exclusive.assign(std::size_t(1) << m, 0);
    for (const auto& [id, bits] : mask) ++out.exclusive[bits];
    out.unionSize = std::int64_t(mask.size());
    out.intersection.assign(std::size_t(m * m), 0);
    out.jaccard.assign(std::size_t(m * m), 0.0);
    for (int a = 0; a < m; ++a)
        for (int b = 0; b < m; ++b) {
            std::int64_t both = 0;
            for (std::size_t bits = 1; bits < out.exclusive.size(); ++bits)
                if ((bits >> a & 1u) && (bits >> b & 1u)) both += out.exclusive[bits];
            const auto idx = std::size_t(a * m + b);
            out.intersection[idx] = both;
            const std::int64_t either = out.topSize[std::size_t(a)] + out.topSize[std::size_t(b)] - both;
            out.jaccard[idx] = either > 0 ? double(both) / double(either) : (a == b ? 1.0 : 0.0);
        }
    return out;
}

RankPairs rankPairs(const RankedRun& a, const RankedRun& b) {
    const auto ra = rankById(a), rb = rankById(b);
    RankPairs out;
    // Both lists are sorted by id: one merge.
    for (std::size_t i = 0, j = 0; i < ra.size() && j < rb.size();) {
        if (ra[i].first < rb[j].first) ++i;
        else if (rb[j].first < ra[i].first) ++j;
        else {
            out.ids.push_back(ra[i].first);
            out.rankA.push_back(ra[i].second);
            out.rankB.push_back(rb[j].second);
            ++i, ++j;
        }
    }
    return out;
}

double spearman(const RankPairs& p) {
    const std::size_t n = p.ids.size();
    if (n < 2) return NAN;
    // Re-number each side's ranks 0..n-1 within the common sentences (ranks are distinct).
    auto dense = [n](const std::vector<std::int64_t>& r) {
        std::vector<std::size_t> order(n);
        std::iota(order.begin(), order.end(), std::size_t(0));
        std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return r[x] < r[y]; });
        std::vector<double> out(n);
        for (std::size_t i = 0; i < n; ++i) out[order[i]] = double(i);
        return out;
    };
    const auto a = dense(p.rankA), b = dense(p.rankB);
    double d2 = 0;
    for (std::size_t i = 0; i < n; ++i) d2 += (a[i] - b[i]) * (a[i] - b[i]);
    const double nn = double(n);
    return 1.0 - 6.0 * d2 / (nn * (nn * nn - 1.0));
}

std::vector<std::int64_t> keptByANotB(const RankedRun& a, const RankedRun& b, std::int64_t k) {
    const auto topB = topK(b, k);
    const std::unordered_set<std::int64_t> inB(topB.begin(), topB.end());
    std::vector<std::int64_t> out;
    for (auto id : topK(a, k))
        if (!inB.contains(id)) out.push_back(id);
    return out;
}

}  // namespace dl
