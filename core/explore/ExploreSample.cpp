// explore's stratified sample and its label agreement (ExploreJob.h).
#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <random>

#include "analysis/Metrics.h"
#include "common/Quotas.h"
#include "explore/ExploreJob.h"

namespace dl {

std::vector<std::int64_t> stratifiedSample(const std::vector<int>& groupOfPosition, std::int64_t size,
                                           std::uint64_t seed) {
    const auto n = static_cast<std::int64_t>(groupOfPosition.size());
    std::vector<std::int64_t> out;
    if (size >= n) {
        out.resize(static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i) out[std::size_t(i)] = i;
        return out;
    }
    std::map<int, std::vector<std::int64_t>> groups;  // ordered by label: the same quotas everywhere
    for (std::int64_t i = 0; i < n; ++i) groups[groupOfPosition[std::size_t(i)]].push_back(i);
    std::vector<double> weights;
    for (const auto& [label, rows] : groups) weights.push_back(double(rows.size()));
    const auto quotas = largestRemainderQuotas(weights, size);
    std::mt19937_64 rng(seed);
    std::size_t g = 0;
    for (auto& [label, rows] : groups) {
        const auto take = static_cast<std::size_t>(quotas[g++]);
        // Partial Fisher-Yates with rng() % range (not std::uniform_int_distribution, whose
        // draws differ between standard libraries): the same sample on every platform.
        for (std::size_t i = 0; i < take; ++i) {
            const std::size_t j = i + static_cast<std::size_t>(rng() % (rows.size() - i));
            std::swap(rows[i], rows[j]);
            out.push_back(rows[i]);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

SampleStage sampleStage(const std::vector<int>& groupOfRow, int percent, int k, int pcaDims, std::uint64_t seed) {
    const auto n = static_cast<std::int64_t>(groupOfRow.size());
    SampleStage out;
    const std::int64_t rows = n * std::int64_t(std::clamp(percent, 0, 100)) / 100;
    // A stage that is the whole sample is no stage; one with too few rows for its fit (k
    // clusters, a PCA of pcaDims axes) would fail or say nothing.
    if (rows <= 0 || rows >= n || rows < 2 * std::int64_t(std::max({k, pcaDims, 1}))) return out;
    // Another seed than the sample's (seed + 1 mixed): the stage is a sample of the sample.
    const auto first = stratifiedSample(groupOfRow, rows, seed ^ 0x9e3779b97f4a7c15ULL);
    out.rows = rows;
    out.order.reserve(std::size_t(n));
    out.order.assign(first.begin(), first.end());
    std::vector<char> inStage(std::size_t(n), 0);
    for (const std::int64_t i : first) inStage[std::size_t(i)] = 1;
    for (std::int64_t i = 0; i < n; ++i)
        if (!inStage[std::size_t(i)]) out.order.push_back(i);
    return out;
}

namespace {

// Maximum-weight perfect matching on a square matrix (Hungarian algorithm, O(k^3), on costs
// -w): the column matched to each row.
std::vector<int> bestMatching(const std::vector<std::int64_t>& w, int k) {
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<double> u(std::size_t(k) + 1, 0), v(std::size_t(k) + 1, 0);
    std::vector<int> p(std::size_t(k) + 1, 0), way(std::size_t(k) + 1, 0);
    auto cost = [&](int i, int j) { return -double(w[std::size_t(i - 1) * std::size_t(k) + std::size_t(j - 1)]); };
    for (int i = 1; i <= k; ++i) {
        p[0] = i;
        int j0 = 0;
        std::vector<double> minv(std::size_t(k) + 1, inf);
        std::vector<char> used(std::size_t(k) + 1, 0);
        do {
            used[std::size_t(j0)] = 1;
            const int i0 = p[std::size_t(j0)];
            double delta = inf;
            int j1 = 0;
            for (int j = 1; j <= k; ++j) {
                if (used[std::size_t(j)]) continue;
                const double cur = cost(i0, j) - u[std::size_t(i0)] - v[std::size_t(j)];
                if (cur < minv[std::size_t(j)]) minv[std::size_t(j)] = cur, way[std::size_t(j)] = j0;
                if (minv[std::size_t(j)] < delta) delta = minv[std::size_t(j)], j1 = j;
            }
            for (int j = 0; j <= k; ++j) {
                if (used[std::size_t(j)]) u[std::size_t(p[std::size_t(j)])] += delta, v[std::size_t(j)] -= delta;
                else minv[std::size_t(j)] -= delta;
            }
            j0 = j1;
        } while (p[std::size_t(j0)] != 0);
        do {
            const int j1 = way[std::size_t(j0)];
            p[std::size_t(j0)] = p[std::size_t(j1)];
            j0 = j1;
        } while (j0 != 0);
    }
    std::vector<int> match(std::size_t(k), -1);
    for (int j = 1; j <= k; ++j)
        if (p[std::size_t(j)] > 0) match[std::size_t(p[std::size_t(j)] - 1)] = j - 1;
    return match;
}

}  // namespace

LabelAgreement labelAgreement(const std::vector<std::int32_t>& a, const std::vector<std::int32_t>& b, int k) {
    LabelAgreement out;
    if (a.empty() || a.size() != b.size() || k < 1) return out;
    std::vector<int> truth(a.begin(), a.end());
    const Confusion c = confusionMatrix(truth, b, k, k);
    out.adjustedRandIndex = adjustedRandIndex(c);
    const auto match = bestMatching(c.counts, k);
    std::int64_t agree = 0;
    for (int i = 0; i < k; ++i) agree += c.at(i, match[std::size_t(i)]);
    out.matched = double(agree) / double(c.total());
    return out;
}

}  // namespace dl
