#pragma once
// Private to core/analysis/*.cpp (includes ATen): Lloyd k-means on tensors, shared by
// fitKMeans and the GMM's k-means initialisation, and the fitters' common input checks.
#include <ATen/ATen.h>

#include <cstdint>

#include "analysis/DataMatrix.h"
#include "common/Error.h"
#include "jobs/Progress.h"

namespace dl {

// ---- k-means (Lloyd) on the device; centres in the data's centred coordinates ----
struct LloydResult {
    at::Tensor centers;  // k x d (working dtype)
    at::Tensor labels;   // n, long
    double inertia = 0;
    int iterations = 0;
};

// Lloyd iterations from `centers` (scikit-learn's stopping rule: labels unchanged or centre
// shift <= tol x mean per-feature variance). Polls `cancel` per chunk (throws; see RunJob.h).
LloydResult lloyd(const at::Tensor& xc, at::Tensor centers, int maxIter, double tol, const CancelToken& cancel);
// Greedy k-means++ centres of the (centred) rows, as a tensor like xc.
at::Tensor seedCenters(const at::Tensor& xc, int k, std::uint64_t seed);
// N > 0, 1 <= k <= N, finite values; `what` names the method in the message.
Status checkFitData(const DataMatrix& x, int k, const char* what);

}  // namespace dl
