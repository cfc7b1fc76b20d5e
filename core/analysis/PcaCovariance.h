#pragma once
// PCA by one pass of blocked XᵀX (the work of scikit-learn's
// PCA(svd_solver="covariance_eigh")), then a d x d eigen-decomposition; projection blocked.
// fitPca/projectPca (DataMatrix.h) call these; the RowBlockSource variants read rows block by
// block (float16 embeddings from the project, a caller's float32 buffer) without a full
// float32/float64 copy of the matrix.
#include "analysis/DataMatrix.h"
#include "analysis/RowBlockSource.h"

namespace dl {

Expected<PcaModel> fitPcaCovariance(const DataMatrix& x, const PcaParams& params, const CancelToken& cancel);
Expected<PcaModel> fitPcaCovariance(RowBlockSource& rows, const PcaParams& params, const CancelToken& cancel);

// (x - mean) · axesᵀ computed as x · axesᵀ - mean · axesᵀ per block (no centred copy).
Expected<DataMatrix> projectPcaBlocked(const PcaModel& model, const DataMatrix& x, const CancelToken& cancel);
// Same from a block source; the result in `precision` on the host (or CUDA when `cuda`).
Expected<DataMatrix> projectPcaBlocked(const PcaModel& model, RowBlockSource& rows, Precision precision, bool cuda,
                                       const CancelToken& cancel);

}  // namespace dl
