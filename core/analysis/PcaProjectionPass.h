#pragma once
// (x - mean)·axesᵀ over float32 or float16 rows on the host, at the FMA rate of GramKernels
// on several threads (scikit-learn's transform is the same float32 product); a model fitted
// with bfloat16 products also projects with them (gramk::projectRowsBf16: twice the rate on
// AVX512_BF16). Rows are split into fixed chunks, so the result does not depend on the number
// of threads.
#include <cstdint>
#include <vector>

#include "analysis/Pca.h"
#include "jobs/Progress.h"

namespace dl {

class PcaProjectionPass {
public:
    // model.inputDim <= gramk::kMaxKernelDim; threads <= 0: one per hardware thread.
    explicit PcaProjectionPass(const PcaModel& model, int threads = 0);

    // out: rows x components, row-major. Cancelled() between chunks (out then partial).
    Status project(const float* x, std::int64_t rows, float* out, const CancelToken& cancel) const;
    Status project(const std::uint16_t* x, std::int64_t rows, float* out, const CancelToken& cancel) const;

private:
    Status run(const void* x, bool half, std::int64_t rows, float* out, const CancelToken& cancel) const;

    void packBf16Axes(const PcaModel& model);

    int dim_, components_, kMain_, threads_;
    bool bf16_;
    std::vector<float> axes_;    // dim x kMain: axis j in column j, zero beyond components (bf16_: rounded)
    std::vector<float> rest_;    // the axes from kMain on, one row each (gramk::ProjectionAxes)
    std::vector<float> offset_;  // mean·axesᵀ, computed in float64
    // bf16_ only (gramk::ProjectionAxesBf16): the axes as bfloat16 pairs and rows; the mean.
    std::vector<std::uint32_t> pairs_;
    std::vector<std::uint16_t> restBf16_;
    std::vector<float> mean_;
};

}  // namespace dl
