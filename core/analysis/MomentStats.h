#pragma once
// PCA's sufficient statistics over rows, kept per shard and summed at merge: the row count,
// Σx and Σxxᵀ in float64. Products of float32 values are exact in float64, so the sums of two
// shards equal the sums over their union up to the order of additions (~1e-16 relative), and
// the PCA of the merged statistics equals the PCA of all rows (tests/core/shard/tst_shardstats).
// Cost: d²/2 multiply-adds per row (a blocked symmetric rank update), which is noise beside a
// transformer forward pass; memory d² doubles (4.7 MB at d = 768).
#include <cstdint>
#include <vector>

#include "analysis/Pca.h"
#include "common/Error.h"

namespace dl {

struct MomentStats {
    int dim = 0;
    std::int64_t count = 0;
    std::vector<double> sum;    // dim
    std::vector<double> outer;  // dim x dim, row-major, symmetric

    static MomentStats zeros(int dim);
    // Adds rows x dim row-major float32 values.
    void addRows(const float* rows, std::int64_t rowCount);
    // this += other; the dimensions must agree.
    Status merge(const MomentStats& other);
    // Mean and sample covariance (divided by count - 1).
    void meanCovariance(std::vector<double>& mean, std::vector<double>& cov) const;
};

// PCA of the rows the statistics describe (as fitPca on all of them, without a sample).
Expected<PcaModel> pcaFromMoments(const MomentStats& stats, int components);

}  // namespace dl
