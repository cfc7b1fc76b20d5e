#include "analysis/Metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>

namespace dl {

std::int64_t Confusion::total() const { return std::accumulate(counts.begin(), counts.end(), std::int64_t{0}); }

Confusion confusionMatrix(std::span<const int> truth, std::span<const std::int32_t> clusters, int domains,
                          int nClusters) {
    Confusion c;
    c.domains = domains;
    c.clusters = nClusters;
    c.counts.assign(std::size_t(domains) * nClusters, 0);
    const std::size_t n = std::min(truth.size(), clusters.size());
    for (std::size_t i = 0; i < n; ++i) {
        const int t = truth[i], k = clusters[i];
        if (t < 0 || t >= domains || k < 0 || k >= nClusters) continue;
        ++c.counts[std::size_t(t) * nClusters + k];
    }
    return c;
}

std::vector<int> majorityMap(const Confusion& c) {
    std::vector<int> map(std::size_t(c.clusters), -1);
    for (int k = 0; k < c.clusters; ++k) {
        std::int64_t best = 0;
        for (int d = 0; d < c.domains; ++d)
            if (c.at(d, k) > best) best = c.at(d, k), map[std::size_t(k)] = d;
    }
    return map;
}

double purity(const Confusion& c) {
    const std::int64_t total = c.total();
    if (total == 0) return std::numeric_limits<double>::quiet_NaN();
    std::int64_t hit = 0;
    for (int k = 0; k < c.clusters; ++k) {
        std::int64_t best = 0;
        for (int d = 0; d < c.domains; ++d) best = std::max(best, c.at(d, k));
        hit += best;
    }
    return static_cast<double>(hit) / static_cast<double>(total);
}

namespace {
double entropy(const std::vector<std::int64_t>& counts, double n) {
    double h = 0;
    for (auto v : counts)
        if (v > 0) h -= (v / n) * std::log(v / n);
    return h;
}
std::vector<std::int64_t> rowSums(const Confusion& c) {
    std::vector<std::int64_t> r(std::size_t(c.domains), 0);
    for (int d = 0; d < c.domains; ++d)
        for (int k = 0; k < c.clusters; ++k) r[std::size_t(d)] += c.at(d, k);
    return r;
}
std::vector<std::int64_t> colSums(const Confusion& c) {
    std::vector<std::int64_t> s(std::size_t(c.clusters), 0);
    for (int d = 0; d < c.domains; ++d)
        for (int k = 0; k < c.clusters; ++k) s[std::size_t(k)] += c.at(d, k);
    return s;
}
}  // namespace

double normalizedMutualInfo(const Confusion& c) {
    const double n = static_cast<double>(c.total());
    if (n == 0) return std::numeric_limits<double>::quiet_NaN();
    auto a = rowSums(c), b = colSums(c);
    auto nonzero = [](const std::vector<std::int64_t>& v) {
        return std::count_if(v.begin(), v.end(), [](std::int64_t x) { return x > 0; });
    };
    // scikit-learn: both labelings a single cluster (or identical trivial) -> 1.0
    if (nonzero(a) == 1 && nonzero(b) == 1) return 1.0;
    double mi = 0;
    for (int d = 0; d < c.domains; ++d)
        for (int k = 0; k < c.clusters; ++k) {
            const double nij = static_cast<double>(c.at(d, k));
            if (nij <= 0) continue;
            mi += (nij / n) * (std::log(nij) + std::log(n) - std::log(double(a[d])) - std::log(double(b[k])));
        }
    mi = std::max(mi, 0.0);
    const double norm = 0.5 * (entropy(a, n) + entropy(b, n));
    if (norm <= 0) return 0.0;
    return mi / std::max(norm, std::numeric_limits<double>::epsilon());
}

double adjustedRandIndex(const Confusion& c) {
    const double n = static_cast<double>(c.total());
    if (n == 0) return std::numeric_limits<double>::quiet_NaN();
    auto comb2 = [](double v) { return v * (v - 1) / 2; };
    double sumComb = 0;
    for (auto v : c.counts) sumComb += comb2(static_cast<double>(v));
    double sa = 0, sb = 0;
    for (auto v : rowSums(c)) sa += comb2(static_cast<double>(v));
    for (auto v : colSums(c)) sb += comb2(static_cast<double>(v));
    const double expected = sa * sb / comb2(n);
    const double maxIndex = 0.5 * (sa + sb);
    if (maxIndex == expected) return 1.0;  // scikit-learn's special case (perfect/trivial)
    return (sumComb - expected) / (maxIndex - expected);
}

std::vector<DomainScore> domainScores(const Confusion& c) {
    auto map = majorityMap(c);
    std::vector<DomainScore> out(std::size_t(c.domains));
    auto rows = rowSums(c), cols = colSums(c);
    for (int d = 0; d < c.domains; ++d) out[std::size_t(d)].relevant = rows[std::size_t(d)];
    for (int k = 0; k < c.clusters; ++k) {
        const int d = map[std::size_t(k)];
        if (d < 0) continue;
        out[std::size_t(d)].predicted += cols[std::size_t(k)];
        out[std::size_t(d)].correct += c.at(d, k);
    }
    for (auto& s : out) {
        s.precision = s.predicted ? double(s.correct) / double(s.predicted) : 0.0;
        s.recall = s.relevant ? double(s.correct) / double(s.relevant) : 0.0;
        s.f1 = s.precision + s.recall > 0 ? 2 * s.precision * s.recall / (s.precision + s.recall) : 0.0;
    }
    return out;
}

double pearson(std::span<const double> a, std::span<const double> b) {
    const std::size_t n = std::min(a.size(), b.size());
    if (n < 2) return std::numeric_limits<double>::quiet_NaN();
    double ma = 0, mb = 0;
    for (std::size_t i = 0; i < n; ++i) ma += a[i], mb += b[i];
    ma /= double(n), mb /= double(n);
    double sab = 0, saa = 0, sbb = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sab += (a[i] - ma) * (b[i] - mb);
        saa += (a[i] - ma) * (a[i] - ma);
        sbb += (b[i] - mb) * (b[i] - mb);
    }
    if (saa <= 0 || sbb <= 0) return std::numeric_limits<double>::quiet_NaN();
    return sab / std::sqrt(saa * sbb);
}

}  // namespace dl
