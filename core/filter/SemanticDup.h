#pragma once
// Semantic deduplication (SemDeDup, Abbas et al. 2023), the compute half of
// `filter --kind semantic-dup` (FilterJob.h reads the cluster run and the vectors and stores the
// run). Within each cluster, two sentences are duplicates when the cosine of their vectors is
// at least 1 - eps. The pairs are exact: every pair of a cluster is compared, by blocked GEMM
// (Eigen) over tiles of blockRows x blockRows, so no cluster-sized similarity matrix exists;
// memory is the vectors (n x dim float32) and one tile per worker. Duplicate pairs are grouped
// by union-find (A~B, B~C: one group); one member of each group is kept (first = lowest index,
// longest = most bytes, central = closest to the cluster's centroid, the mean of its unit
// vectors; ties to the first) and every other member is removed, naming the kept one.
// A vector of norm 0 never matches.
#include <cstdint>
#include <span>
#include <vector>

#include "common/CancelToken.h"
#include "common/Error.h"
#include "filter/NearDup.h"

namespace dl {

struct SemDupOptions {
    double eps = 0.05;
    KeepRule keep = KeepRule::First;
    std::int64_t blockRows = 512;
    int threads = 0;
};

struct SemDupRemoval {
    std::int64_t index = 0, keptIndex = 0;
    double cosine = 0;  // with the kept member
};

struct SemDupResult {
    std::vector<SemDupRemoval> removed;  // by index
    std::int64_t groups = 0;             // groups of two or more
    std::int64_t pairs = 0;              // pairs at or above 1 - eps (i < j, same cluster)
    std::int64_t clusters = 0;           // clusters with two or more members
    std::int64_t zeroVectors = 0;        // never matched
};

// vectors: n x dim row-major (any norm; normalised here); labels: the cluster of each row (-1 =
// none: never matched); bytes: each row's text length (for KeepRule::Longest).
Expected<SemDupResult> findSemanticDuplicates(std::vector<float> vectors, int dim, std::span<const std::int32_t> labels,
                                              std::span<const std::int64_t> bytes, const SemDupOptions& options,
                                              const CancelToken& cancel);

}  // namespace dl
