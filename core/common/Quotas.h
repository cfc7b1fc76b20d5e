#pragma once
// Integer quotas proportional to weights that sum to exactly `total` (Hamilton's method, largest
// remainder): each share's floor, then one more to the largest remainders; ties go to the lower
// index, so the result is the same on every platform. Used by the mixture sample (export) and
// the shared map's stratified sample (share). Weights need not be normalised; all must be >= 0
// and not all 0.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

namespace dl {

inline std::vector<std::int64_t> largestRemainderQuotas(const std::vector<double>& weights, std::int64_t total) {
    const double sum = std::accumulate(weights.begin(), weights.end(), 0.0);
    std::vector<std::int64_t> quota(weights.size(), 0);
    if (weights.empty() || total <= 0 || !(sum > 0)) return quota;
    std::vector<double> remainder(weights.size());
    std::int64_t assigned = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        const double exact = weights[i] / sum * double(total);
        quota[i] = static_cast<std::int64_t>(std::floor(exact));
        assigned += quota[i];
        remainder[i] = exact - std::floor(exact);
    }
    std::vector<std::size_t> order(weights.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return remainder[a] > remainder[b]; });
    for (std::size_t i = 0; assigned < total && i < order.size(); ++i, ++assigned) ++quota[order[i]];
    return quota;
}

}  // namespace dl
