#pragma once
// One GMM EM pass over rows held in host memory: the E-step with the current parameters and
// the M-step's sufficient statistics, in tiles that stay in the core's L2 cache.
//
// For a tile of rows it builds z' = [features(x), x, 1] once and runs two register-blocked
// SIMD products on it: W = Z'·Q' (weighted log-probabilities of every component, Q' = [Q; L; c])
// and S' += Rᵀ·Z' (second moments, first moments and soft counts in one accumulator). This is
// the same formulation as the tensor path in Gmm.cpp (wlp = zᵀq + xᵀl + c, see there), without
// the tensor path's per-chunk allocations and BLAS re-packing of z.
//
// Threads: rows are cut into fixed blocks of kGmmBlockRows; each block's statistics are summed
// in its own buffer and folded into the result in block order, so the result is bitwise the
// same for every thread count. Plain C++ (no torch); SIMD kernels in GmmTileKernels.cpp.
#include <cstdint>
#include <vector>

#include "jobs/Progress.h"

namespace dl {

// z = vech(x xᵀ) (full), x∘x (diag) or |x|² (spherical), in centred coordinates.
enum class GmmFeatureKind { Full, Diag, Spherical };
int gmmFeatureCount(GmmFeatureKind kind, int d);

inline constexpr std::int64_t kGmmBlockRows = 8192;

// The E-step's parameters: weighted log-probability of row x and component j is
// Σ_f z_f q[f·k + j] + Σ_a x_a l[a·k + j] + c[j].
struct GmmEStepModel {
    GmmFeatureKind kind = GmmFeatureKind::Full;
    int d = 0;
    int k = 0;
    std::vector<double> q;  // m x k row-major (m = gmmFeatureCount)
    std::vector<double> l;  // d x k row-major
    std::vector<double> c;  // k
};

// Sums over the rows of the responsibilities r (rows of r sum to 1).
struct GmmPassStats {
    std::vector<double> nk;  // k: Σ r_j
    std::vector<double> m1;  // k x d: Σ r_j x
    std::vector<double> s;   // k x m: Σ r_j z
    double lpnSum = 0;       // Σ log Σ_j exp(wlp_j)
};

// x: rows x d row-major (float or double; the products run in that precision, the per-block
// sums are folded in double). threads <= 0: one per hardware thread. Cancellation is polled
// per block (throws CancelledException).
template <class T>
GmmPassStats gmmTilePass(const T* x, std::int64_t rows, const GmmEStepModel& model, int threads,
                         const CancelToken& cancel);

// The statistics of given hard responsibilities (r = one-hot(labels[i]), the k-means
// initialisation); lpnSum is 0. model.q/l/c are not used.
template <class T>
GmmPassStats gmmTileLabelPass(const T* x, std::int64_t rows, const GmmEStepModel& model, const std::int64_t* labels,
                              int threads, const CancelToken& cancel);

// The final E-step (predict): per row the most likely component, its responsibility and
// log p(x) = log Σ_j exp(wlp_j); nk = Σ r over the rows, summed in block order.
struct GmmRowScores {
    std::vector<std::int32_t> labels;
    std::vector<double> maxProb, logLik, nk;
};
template <class T>
GmmRowScores gmmTileScores(const T* x, std::int64_t rows, const GmmEStepModel& model, int threads,
                           const CancelToken& cancel);

}  // namespace dl
