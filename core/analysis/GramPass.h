#pragma once
// Σy and Σyyᵀ of y = x - shift over float32 or float16 rows, at the rate of GramKernels on
// several threads: PCA's covariance in one pass (the work of scikit-learn's covariance_eigh).
// Each block of kGramBlockRows rows is packed once into a shared buffer (the threads claim its
// column panels as they come), then every thread computes its share of the upper-triangle
// tiles over the whole block. A tile and a column sum are always summed by one thread in row
// order, so the result does not depend on the number of threads.
// Not thread safe: one caller at a time; add() runs its own threads and returns when done.
#include <cstdint>
#include <memory>
#include <vector>

#include "analysis/Pca.h"
#include "common/Error.h"
#include "jobs/Progress.h"
#include "kernels/GramKernels.h"

namespace dl {

class GramPass {
public:
    // dim <= gramk::kMaxKernelDim; shift: dim values; threads <= 0: one per hardware thread.
    GramPass(int dim, gramk::GramPrecision precision, std::vector<double> shift, int threads = 0);
    ~GramPass();
    GramPass(const GramPass&) = delete;
    GramPass& operator=(const GramPass&) = delete;

    // Adds `rows` rows (row-major, stride dim). Cancelled() between blocks; the sums are then
    // partial and the pass is of no further use.
    Status add(const float* x, std::int64_t rows, const CancelToken& cancel);
    Status add(const std::uint16_t* x, std::int64_t rows, const CancelToken& cancel);

    std::int64_t count() const { return n_; }
    int dim() const { return dim_; }
    const std::vector<double>& shift() const { return shift_; }
    const std::vector<double>& sums() const { return sums_; }  // Σy, dim values
    // Σyyᵀ, dim x dim row-major, both triangles.
    std::vector<double> gram() const;

private:
    Status addRows(const void* x, bool half, std::int64_t rows, const CancelToken& cancel);

    int dim_, dimPad_, threads_;
    gramk::GramPrecision precision_;
    std::vector<double> shift_, sums_, gram_;  // gram_: dimPad x dimPad, upper tiles
    std::int64_t n_ = 0;
    struct Buffer;
    std::unique_ptr<Buffer> packed_;
};

// A usage error when rows of `dim` values are wider than the kernels take (gramk::kMaxKernelDim).
Status checkGramWidth(int dim);

// The kernels' name for a PCA precision.
gramk::GramPrecision gramPrecisionFor(PcaPrecision precision);

// The centred moments of row sets as the PCA passes need them.
struct RowMoments {
    std::int64_t rows = 0;
    std::vector<double> mean;  // dim
    std::vector<double> cov;   // dim x dim, divided by rows - 1
};
// mean = shift + Σy/n, cov = (Σyyᵀ - Σy Σyᵀ/n) / (n - 1).
RowMoments momentsOf(const GramPass& pass);

}  // namespace dl
