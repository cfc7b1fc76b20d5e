#pragma once
// The PCA API: parameters, the fitted model, fit and projection over a DataMatrix. Implemented
// in PcaCovariance.cpp (covariance pass), PcaFromCovariance.cpp (eigen-decomposition) and
// PcaProjection.cpp (blocked projection); moments summed elsewhere (MomentStats) fit it too.
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/DataMatrix.h"
#include "common/Error.h"
#include "jobs/Progress.h"

namespace dl {

// The products of PCA's covariance pass (its sums are float64 in every case):
// - Float64: products of float64 values, exact for float32/float16 input; the sums of a row set
//   do not depend on how it is split into blocks, threads or MPI ranks (beyond float64 rounding).
// - Float32: scikit-learn's work (its covariance_eigh multiplies float32 rows); float32 sums
//   within blocks of 256 rows, the blocks summed in float64.
// - BFloat16: the centred rows rounded to bfloat16 (8 significant bits), exact products, float32
//   sums within blocks: twice the float32 rate on CPUs with AVX512_BF16. Opt-in.
enum class PcaPrecision { Float64, Float32, BFloat16 };

struct PcaParams {
    int components = 50;
    std::int64_t maxFitRows = 0;  // fit on a random sample of this many rows when N is larger (0 = all)
    std::uint64_t seed = 0;       // for the sample
    PcaPrecision precision = PcaPrecision::Float32;
    int threads = 0;              // of the covariance and projection passes; 0 = one per hardware thread
};

// "fp64" / "fp32" / "bf16" (the CLI's and the run parameters' names) and back.
const char* pcaPrecisionName(PcaPrecision precision);
bool parsePcaPrecision(const std::string& name, PcaPrecision& out);

struct PcaModel {
    int inputDim = 0;
    int components = 0;
    std::int64_t fitRows = 0;
    std::vector<double> mean;                    // inputDim
    std::vector<double> axes;                    // components x inputDim, row-major, unit rows
    std::vector<double> explainedVariance;       // per component (sample variance, n-1)
    std::vector<double> explainedVarianceRatio;  // per component, of the total variance
    // The products of the fit's Gram pass. A BFloat16 model also projects with bfloat16
    // products (PcaProjectionPass); the others project in float32.
    PcaPrecision precision = PcaPrecision::Float32;
};

// Components by eigen-decomposition of the sample covariance (float64 accumulation).
// Sign convention as scikit-learn's svd_flip(u_based_decision=False): the largest-magnitude
// entry of each axis is positive.
Expected<PcaModel> fitPca(const DataMatrix& x, const PcaParams& params, const CancelToken& cancel);
// (x - mean) · axesᵀ, in chunks, on x's device and precision.
Expected<DataMatrix> projectPca(const PcaModel& model, const DataMatrix& x, const CancelToken& cancel);

}  // namespace dl
