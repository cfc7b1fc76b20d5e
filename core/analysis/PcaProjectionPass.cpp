// Threads of the PCA projection (see PcaProjectionPass.h).
#include "analysis/PcaProjectionPass.h"

#include <algorithm>
#include <cstdint>

#include "analysis/Pca.h"
#include "common/Half.h"
#include "common/Parallel.h"
#include "kernels/GramKernels.h"

namespace dl {
namespace {

constexpr std::int64_t kChunkRows = 256;  // 256 x 384 floats (384 KB) stay in L2 for every column group

}  // namespace

PcaProjectionPass::PcaProjectionPass(const PcaModel& model, int threads)
    : dim_(model.inputDim),
      components_(model.components),
      kMain_(gramk::projectionMainColumns(model.components)),
      threads_(threads),
      bf16_(model.precision == PcaPrecision::BFloat16),
      axes_(static_cast<std::size_t>(dim_) * kMain_, 0.0f),
      rest_(static_cast<std::size_t>(std::max(0, components_ - kMain_)) * dim_),
      offset_(static_cast<std::size_t>(components_)) {
    for (int j = 0; j < components_; ++j) {
        double dot = 0;
        for (int c = 0; c < dim_; ++c) {
            double a = model.axes[static_cast<std::size_t>(j) * dim_ + c];
            if (bf16_) a = bfloat16ToFloat(floatToBfloat16(static_cast<float>(a)));
            if (j < kMain_) axes_[static_cast<std::size_t>(c) * kMain_ + j] = static_cast<float>(a);
            else rest_[static_cast<std::size_t>(j - kMain_) * dim_ + c] = static_cast<float>(a);
            dot += model.mean[static_cast<std::size_t>(c)] * a;
        }
        offset_[static_cast<std::size_t>(j)] = static_cast<float>(dot);
    }
    if (bf16_) packBf16Axes(model);
}

void PcaProjectionPass::packBf16Axes(const PcaModel& model) {
    const int stride = gramk::bf16RowStride(dim_);
    auto axis = [&](int j, int c) -> std::uint16_t {
        return c < dim_ && j < components_ ? floatToBfloat16(static_cast<float>(model.axes[std::size_t(j) * dim_ + c]))
                                           : 0;
    };
    pairs_.assign(static_cast<std::size_t>(stride / 2) * kMain_, 0);
    for (int p = 0; p < stride / 2; ++p)
        for (int j = 0; j < kMain_; ++j)
            pairs_[std::size_t(p) * kMain_ + j] = axis(j, 2 * p) | std::uint32_t(axis(j, 2 * p + 1)) << 16;
    restBf16_.assign(static_cast<std::size_t>(std::max(0, components_ - kMain_)) * stride, 0);
    for (int j = kMain_; j < components_; ++j)
        for (int c = 0; c < dim_; ++c) restBf16_[std::size_t(j - kMain_) * stride + c] = axis(j, c);
    mean_.assign(model.mean.begin(), model.mean.end());
}

Status PcaProjectionPass::project(const float* x, std::int64_t rows, float* out, const CancelToken& cancel) const {
    return run(x, false, rows, out, cancel);
}

Status PcaProjectionPass::project(const std::uint16_t* x, std::int64_t rows, float* out,
                                  const CancelToken& cancel) const {
    return run(x, true, rows, out, cancel);
}

Status PcaProjectionPass::run(const void* x, bool half, std::int64_t rows, float* out,
                              const CancelToken& cancel) const {
    const std::int64_t chunks = (rows + kChunkRows - 1) / kChunkRows;
    const gramk::ProjectionAxes axes{axes_.data(), kMain_, rest_.data(), components_};
    const gramk::ProjectionAxesBf16 axesBf16{pairs_.data(), restBf16_.data(), axes};
    // The next chunk of the run, or `chunks` when none is left (or the run has stopped).
    auto claim = [&](ParallelWorker& worker) {
        std::int64_t c = chunks;
        return worker.next(c) ? c : chunks;
    };
    auto work = [&](ParallelWorker& worker) {
        const std::size_t scratchBytes = bf16_  ? gramk::bf16ProjectionScratchBytes(kChunkRows, dim_)
                                         : half ? static_cast<std::size_t>(kChunkRows) * dim_ * sizeof(float)
                                                : 0;
        std::vector<float> scratch((scratchBytes + sizeof(float) - 1) / sizeof(float));
        const std::size_t rowBytes = static_cast<std::size_t>(dim_) * (half ? 2 : 4);
        // The next chunk is claimed before this one is projected, so that the bfloat16 tiles
        // can bring its rows into L2 meanwhile (the float32 tiles prefetch the next tile's rows).
        for (std::int64_t c = claim(worker), following; c < chunks; c = following) {
            following = claim(worker);
            if (worker.stopped()) return;
            const std::int64_t first = c * kChunkRows;
            const int len = static_cast<int>(std::min(kChunkRows, rows - first));
            float* o = out + static_cast<std::size_t>(first) * components_;
            gramk::PrefetchSpread prefetch;
            if (following < chunks) {
                prefetch.next =
                    static_cast<const char*>(x) + static_cast<std::size_t>(following * kChunkRows) * rowBytes;
                prefetch.bytes =
                    static_cast<std::size_t>(std::min(kChunkRows, rows - following * kChunkRows)) * rowBytes;
            }
            if (bf16_ && half)
                gramk::projectRowsBf16(static_cast<const std::uint16_t*>(x) + static_cast<std::size_t>(first) * dim_,
                                       len, dim_, axesBf16, mean_.data(), scratch.data(), o, &prefetch);
            else if (bf16_)
                gramk::projectRowsBf16(static_cast<const float*>(x) + static_cast<std::size_t>(first) * dim_, len, dim_,
                                       axesBf16, mean_.data(), scratch.data(), o, &prefetch);
            else if (half)
                gramk::projectRows(static_cast<const std::uint16_t*>(x) + static_cast<std::size_t>(first) * dim_, len,
                                   dim_, axes, offset_.data(), scratch.data(), o);
            else
                gramk::projectRows(static_cast<const float*>(x) + static_cast<std::size_t>(first) * dim_, len, dim_,
                                   axes, offset_.data(), o);
        }
    };
    return parallelWorkers(chunks, threads_, &cancel, work);  // cancelled: `out` is partial
}

}  // namespace dl
