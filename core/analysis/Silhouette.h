#pragma once
// Mean silhouette coefficient (Rousseeuw 1987) with Euclidean distances, as
// sklearn.metrics.silhouette_score: a(i) = mean distance to the other members of i's
// cluster, b(i) = smallest mean distance to another cluster, s(i) = (b - a) / max(a, b),
// s(i) = 0 for singleton clusters. O(n² d): callers pass a sample (silhouetteSample).
#include <cstdint>
#include <span>
#include <vector>

namespace dl {

// x: n x d row-major; labels in [0, k). NaN when fewer than 2 or n non-empty clusters.
double silhouetteScore(std::span<const double> x, std::int64_t n, int d, std::span<const std::int32_t> labels);

// Seeded sample of min(size, n) distinct row indices (sorted), for silhouette on large corpora.
std::vector<std::int64_t> silhouetteSample(std::int64_t n, std::int64_t size, std::uint64_t seed);

}  // namespace dl
