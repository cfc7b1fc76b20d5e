#include "analysis/Silhouette.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>

namespace dl {

double silhouetteScore(std::span<const double> x, std::int64_t n, int d, std::span<const std::int32_t> labels) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (n < 2 || static_cast<std::int64_t>(labels.size()) != n || static_cast<std::int64_t>(x.size()) != n * d)
        return nan;
    const int k = *std::max_element(labels.begin(), labels.end()) + 1;
    std::vector<std::int64_t> size(std::size_t(k), 0);
    for (auto l : labels) {
        if (l < 0) return nan;
        ++size[std::size_t(l)];
    }
    const auto used = std::count_if(size.begin(), size.end(), [](std::int64_t s) { return s > 0; });
    if (used < 2 || used >= n) return nan;  // sklearn: 2 <= n_labels <= n_samples - 1
    std::vector<double> sumTo(static_cast<std::size_t>(k), 0.0);
    double total = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        std::fill(sumTo.begin(), sumTo.end(), 0.0);
        const double* xi = x.data() + i * d;
        for (std::int64_t j = 0; j < n; ++j) {
            if (j == i) continue;
            const double* xj = x.data() + j * d;
            double s = 0;
            for (int a = 0; a < d; ++a) {
                const double t = xi[a] - xj[a];
                s += t * t;
            }
            sumTo[std::size_t(labels[std::size_t(j)])] += std::sqrt(s);
        }
        const int own = labels[std::size_t(i)];
        if (size[std::size_t(own)] <= 1) continue;  // s(i) = 0
        const double a = sumTo[std::size_t(own)] / double(size[std::size_t(own)] - 1);
        double b = std::numeric_limits<double>::infinity();
        for (int c = 0; c < k; ++c)
            if (c != own && size[std::size_t(c)] > 0)
                b = std::min(b, sumTo[std::size_t(c)] / double(size[std::size_t(c)]));
        const double m = std::max(a, b);
        total += m > 0 ? (b - a) / m : 0.0;
    }
    return total / double(n);
}

std::vector<std::int64_t> silhouetteSample(std::int64_t n, std::int64_t size, std::uint64_t seed) {
    std::vector<std::int64_t> idx(static_cast<std::size_t>(std::max<std::int64_t>(n, 0)));
    std::iota(idx.begin(), idx.end(), std::int64_t(0));
    if (size < n) {
        std::mt19937_64 rng(seed ^ 0x51E7E77Eull);
        // partial Fisher-Yates: the first `size` entries become a uniform sample
        for (std::int64_t i = 0; i < size; ++i) {
            std::uniform_int_distribution<std::int64_t> pick(i, n - 1);
            std::swap(idx[std::size_t(i)], idx[std::size_t(pick(rng))]);
        }
        idx.resize(std::size_t(size));
        std::sort(idx.begin(), idx.end());
    }
    return idx;
}

}  // namespace dl
