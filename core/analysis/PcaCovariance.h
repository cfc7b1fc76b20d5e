#pragma once
// PCA by one pass of blocked XᵀX (the work of scikit-learn's
// PCA(svd_solver="covariance_eigh")), then a d x d eigen-decomposition; the projection is in
// PcaProjection.h. fitPca (DataMatrix.h) calls these; the RowBlockSource variant reads rows block by
// block (float16 embeddings from the project, a caller's float32 buffer) without a full
// float32/float64 copy of the matrix.
#include "analysis/Pca.h"
#include "analysis/RowBlockSource.h"

#include <cstdint>

namespace dl {

// The PCA of a sample covariance (dim x dim row-major, divided by n - 1) and its mean:
// the `components` leading eigenvectors. Used by the fits below and by PCA from summed
// per-shard statistics (analysis/MomentStats.h). rows: the sample size, recorded as fitRows.
Expected<PcaModel> pcaFromCovariance(std::vector<double> mean, const std::vector<double>& cov, std::int64_t rows,
                                     int components);

Expected<PcaModel> fitPcaCovariance(const DataMatrix& x, const PcaParams& params, const CancelToken& cancel);
Expected<PcaModel> fitPcaCovariance(RowBlockSource& rows, const PcaParams& params, const CancelToken& cancel);

}  // namespace dl
