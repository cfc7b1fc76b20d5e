#pragma once
// Private to core/analysis/*.cpp (includes ATen): Lloyd k-means on tensors, shared by
// fitKMeans and the GMM's k-means initialisation, and the fitters' common input checks.
#include <ATen/ATen.h>

#include <cstdint>

#include "analysis/DataMatrix.h"
#include "analysis/StatsReducer.h"
#include "common/Error.h"
#include "jobs/Progress.h"

namespace dl {

// Sums a statistics tensor over the processes (in float64 on the host); a no-op for one process.
inline void reduceTensor(at::Tensor& t, StatsReducer& red) {
    if (red.size() == 1) return;
    at::Tensor h = t.to(at::kCPU, at::kDouble).contiguous().clone();
    red.sum({h.data_ptr<double>(), static_cast<std::size_t>(h.numel())});
    t = h.to(t.options());
}

// ---- k-means (Lloyd) on the device; centres in the data's centred coordinates ----
struct LloydResult {
    at::Tensor centers;  // k x d (working dtype)
    at::Tensor labels;   // n, long
    double inertia = 0;
    int iterations = 0;
};

// Lloyd iterations from `centers` (scikit-learn's stopping rule: labels unchanged or centre
// shift <= tol x mean per-feature variance). Polls `cancel` per chunk (throws; see RunJob.h).
// With a reducer of several processes, xc is this process's rows (centred on the mean of all
// rows): centre sums, counts, changed labels and inertia are summed over the processes, empty
// clusters move to the farthest rows of all processes; labels are this process's rows.
LloydResult lloyd(const at::Tensor& xc, at::Tensor centers, int maxIter, double tol, const CancelToken& cancel);
LloydResult lloyd(const at::Tensor& xc, at::Tensor centers, int maxIter, double tol, const CancelToken& cancel,
                  StatsReducer& reducer);
// Greedy k-means++ centres of the (centred) rows, as a tensor like xc.
at::Tensor seedCenters(const at::Tensor& xc, int k, std::uint64_t seed);
// N > 0, 1 <= k <= N, finite values; `what` names the method in the message.
Status checkFitData(const DataMatrix& x, int k, const char* what);

}  // namespace dl
