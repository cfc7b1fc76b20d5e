#pragma once
// `cluster --mpi`: the representation steps of reduceForClustering (Representation.h) over
// this process's rows, with the PCA fitted on the covariance of all rows (mean, then centred
// second moments, float64, each summed over the processes), so every process projects its
// rows onto the same axes. The PCA uses all rows (no --pca-fit-rows sample). Standardisation needs the
// column statistics of all rows before the PCA statistics and is not offered here.
#include <cstdint>
#include <span>

#include "analysis/Pca.h"
#include "analysis/Representation.h"
#include "analysis/StatsReducer.h"
#include "common/Error.h"

namespace dl {

// PCA of the rows of all processes (this process passes its own). With the LocalReducer it is
// also the one-process fit of reduceForClustering when the PCA uses all rows. The centred
// second moments are products in `precision` (Float64: exact, so the fit does not depend on
// how the rows are split over processes beyond float64 rounding; Float32/BFloat16: faster,
// agreement between process counts then only to float32 rounding, ~1e-8 relative).
Expected<PcaModel> distributedPca(std::span<const float> rows, std::int64_t rowCount, int dim, int components,
                                  StatsReducer& reducer, PcaPrecision precision = PcaPrecision::Float64,
                                  const CancelToken* cancel = nullptr);

// As reduceForClustering, on this process's rows (consumed: L2 works in place).
Expected<ReducedData> reduceDistributed(std::span<float> data, std::int64_t rows, int dim,
                                        const RepresentationParams& rep, const ReduceParams& params,
                                        StatsReducer& reducer, const CancelToken& cancel);

}  // namespace dl
