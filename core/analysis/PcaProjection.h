#pragma once
// The PCA projection of all rows, (x - mean) · axesᵀ, blocked: on the host through the SIMD
// projection pass (PcaProjectionPass.h) into a huge-page output buffer, else (CUDA, float64)
// through torch block by block.
#include "analysis/Pca.h"
#include "analysis/RowBlockSource.h"

namespace dl {

// (x - mean) · axesᵀ computed as x · axesᵀ - mean · axesᵀ per block (no centred copy).
Expected<DataMatrix> projectPcaBlocked(const PcaModel& model, const DataMatrix& x, const CancelToken& cancel);
// Same from a block source; the result in `precision` on the host (or CUDA when `cuda`).
Expected<DataMatrix> projectPcaBlocked(const PcaModel& model, RowBlockSource& rows, Precision precision, bool cuda,
                                       const CancelToken& cancel);

}  // namespace dl
