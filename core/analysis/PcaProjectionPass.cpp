// Threads of the PCA projection (see PcaProjectionPass.h).
#include "analysis/PcaProjectionPass.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include "analysis/GramKernels.h"

namespace dl {
namespace {

constexpr std::int64_t kChunkRows = 256;  // 256 x 384 floats (384 KB) stay in L2 for every column group

}  // namespace

PcaProjectionPass::PcaProjectionPass(const PcaModel& model, int threads)
    : dim_(model.inputDim), components_(model.components), kMain_(gramk::projectionMainColumns(model.components)),
      threads_(threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))),
      axes_(static_cast<std::size_t>(dim_) * kMain_, 0.0f),
      rest_(static_cast<std::size_t>(std::max(0, components_ - kMain_)) * dim_),
      offset_(static_cast<std::size_t>(components_)) {
    for (int j = 0; j < components_; ++j) {
        double dot = 0;
        for (int c = 0; c < dim_; ++c) {
            const double a = model.axes[static_cast<std::size_t>(j) * dim_ + c];
            if (j < kMain_) axes_[static_cast<std::size_t>(c) * kMain_ + j] = static_cast<float>(a);
            else rest_[static_cast<std::size_t>(j - kMain_) * dim_ + c] = static_cast<float>(a);
            dot += model.mean[static_cast<std::size_t>(c)] * a;
        }
        offset_[static_cast<std::size_t>(j)] = static_cast<float>(dot);
    }
}

Status PcaProjectionPass::project(const float* x, std::int64_t rows, float* out, const CancelToken& cancel) const {
    return run(x, false, rows, out, cancel);
}

Status PcaProjectionPass::project(const std::uint16_t* x, std::int64_t rows, float* out,
                                  const CancelToken& cancel) const {
    return run(x, true, rows, out, cancel);
}

Status PcaProjectionPass::run(const void* x, bool half, std::int64_t rows, float* out, const CancelToken& cancel) const {
    const std::int64_t chunks = (rows + kChunkRows - 1) / kChunkRows;
    const int threads = static_cast<int>(std::clamp<std::int64_t>(chunks, 1, threads_));
    const gramk::ProjectionAxes axes{axes_.data(), kMain_, rest_.data(), components_};
    std::atomic<std::int64_t> next{0};
    std::atomic<bool> stop{false};
    auto work = [&] {
        std::vector<float> scratch(half ? static_cast<std::size_t>(kChunkRows) * dim_ : 0);
        for (std::int64_t c; (c = next.fetch_add(1)) < chunks;) {
            if (cancel.isCancelled()) return stop.store(true);
            const std::int64_t first = c * kChunkRows;
            const int len = static_cast<int>(std::min(kChunkRows, rows - first));
            float* o = out + static_cast<std::size_t>(first) * components_;
            if (half)
                gramk::projectRows(static_cast<const std::uint16_t*>(x) + static_cast<std::size_t>(first) * dim_, len,
                                   dim_, axes, offset_.data(), scratch.data(), o);
            else
                gramk::projectRows(static_cast<const float*>(x) + static_cast<std::size_t>(first) * dim_, len, dim_,
                                   axes, offset_.data(), o);
        }
    };
    {
        std::vector<std::jthread> helpers;
        for (int t = 1; t < threads; ++t) helpers.emplace_back(work);
        work();
    }
    if (stop.load()) return cancelled();
    return {};
}

}  // namespace dl
