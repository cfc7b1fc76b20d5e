// Threads of the Gram pass (see GramPass.h).
//
// Why the threads share packed blocks instead of each packing its own: packing reads the
// rows from memory, and two threads each reading all of them made the pass memory-bound (a
// quarter of the bfloat16 pass's time went to packing). Now every row is read once, into a
// shared buffer; giving each thread whole blocks with partial sums of its own was slower
// (RESULTS.md).
//
// Who packs: whichever thread comes first claims the block's column panels one at a time.
// Blocks go round a ring of kSlots buffers, so a thread that is ahead packs the next blocks
// whole and computes its tiles of them while a thread that was held up (this VM's vCPUs stall
// now and then) catches up: no thread waits for another unless it is kSlots - 1 blocks ahead.
// With a fixed share of panels per thread, every block was a meeting point, and two threads
// ran at 70-85% of twice one thread's rate.
//
// Why the result does not depend on the threads anyway: a tile is computed by one thread in
// block order; a panel's column sums go to the slot, and thread p mod threads adds them to
// Σy in block order.
#include "analysis/GramPass.h"
#include "analysis/Pca.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>
#include <thread>

#include "common/Parallel.h"

namespace dl {

// A ring of packed blocks. Per slot, counts of the threads that have packed it and finished
// its tiles only grow: block b is packed when packed[b % kSlots] reaches
// (b / kSlots + 1) · threads.
struct GramPass::Buffer {
    static constexpr int kSlots = 4;
    std::size_t bytes;
    int dim;
    void* p = nullptr;
    std::vector<double> columnSums;  // kSlots x dim: the column sums of each slot's block
    Buffer(std::size_t slotBytes, int dim)
        : bytes((slotBytes + 63) / 64 * 64),
          dim(dim),
          p(std::aligned_alloc(64, bytes * kSlots)),
          columnSums(std::size_t(kSlots) * std::size_t(dim)) {
        if (!p) throw std::bad_alloc();
    }
    ~Buffer() { std::free(p); }
    void* slot(std::int64_t block) const { return static_cast<char*>(p) + bytes * std::size_t(block % kSlots); }
    double* sums(std::int64_t block) { return columnSums.data() + std::size_t(block % kSlots) * std::size_t(dim); }
};

namespace {

using Counter = std::atomic<std::int64_t>;

// Waits until `counter` reaches `target` or the run stops (cancelled, or another thread threw);
// spins briefly, then yields (more threads than cores must not starve the one being waited
// for). False when stopped.
bool waitFor(const Counter& counter, std::int64_t target, const ParallelWorker& worker) {
    for (int spin = 0; counter.load(std::memory_order_acquire) < target; ++spin) {
        if (worker.stopped()) return false;
        if (spin > 2000) std::this_thread::yield();
    }
    return true;
}

}  // namespace

GramPass::GramPass(int dim, gramk::GramPrecision precision, std::vector<double> shift, int threads)
    : dim_(dim),
      dimPad_(gramk::paddedDim(dim)),
      threads_(threads),
      precision_(precision),
      shift_(std::move(shift)),
      sums_(static_cast<std::size_t>(dim), 0.0),
      gram_(static_cast<std::size_t>(dimPad_) * dimPad_, 0.0),
      packed_(std::make_unique<Buffer>(gramk::packedBytes(dimPad_, precision), dim)) {
    shift_.resize(static_cast<std::size_t>(dim), 0.0);
}

GramPass::~GramPass() = default;

Status GramPass::add(const float* x, std::int64_t rows, const CancelToken& cancel) {
    return addRows(x, false, rows, cancel);
}

Status GramPass::add(const std::uint16_t* x, std::int64_t rows, const CancelToken& cancel) {
    return addRows(x, true, rows, cancel);
}

Status GramPass::addRows(const void* x, bool half, std::int64_t rows, const CancelToken& cancel) {
    using gramk::kGramBlockRows;
    constexpr int kSlots = Buffer::kSlots;
    const std::int64_t blocks = (rows + kGramBlockRows - 1) / kGramBlockRows;
    if (blocks == 0) return {};
    const int threads = parallelThreads(threads_, blocks);
    const std::size_t rowBytes = static_cast<std::size_t>(dim_) * (half ? 2 : 4);
    const int tilesPerThread = std::max(1, gramk::gramTileCount(dimPad_, precision_) / threads);
    const int panels = dimPad_ / gramk::kGramPanelCols;
    // Per slot, cumulative over its rounds: panels claimed, panels packed, threads done with its tiles.
    Counter claimed[kSlots] = {}, packed[kSlots] = {}, tiled[kSlots] = {};
    // Claims and packs panels of block b until none is left.
    auto packPanels = [&](std::int64_t b, const char* rowsAt, int valid) {
        const int slot = static_cast<int>(b % kSlots);
        const std::int64_t end = (b / kSlots + 1) * panels;
        for (std::int64_t c = claimed[slot].load(std::memory_order_relaxed); c < end;) {
            if (!claimed[slot].compare_exchange_weak(c, c + 1, std::memory_order_relaxed)) continue;
            const int p = static_cast<int>(c - (end - panels));
            double* sums = packed_->sums(b);
            std::fill(sums + std::min(dim_, p * gramk::kGramPanelCols),
                      sums + std::min(dim_, (p + 1) * gramk::kGramPanelCols), 0.0);
            if (half)
                gramk::packBlock(reinterpret_cast<const std::uint16_t*>(rowsAt), valid, dim_, shift_.data(), precision_,
                                 packed_->slot(b), sums, p, panels);
            else
                gramk::packBlock(reinterpret_cast<const float*>(rowsAt), valid, dim_, shift_.data(), precision_,
                                 packed_->slot(b), sums, p, panels);
            packed[slot].fetch_add(1, std::memory_order_release);
            c = claimed[slot].load(std::memory_order_relaxed);
        }
    };
    // Every thread walks every block (the helper's block hand-out is not used): the ring above
    // is the protocol; parallelWorkers starts the threads, polls the token and carries errors.
    auto work = [&](ParallelWorker& worker) {
        const int t = worker.index();
        for (std::int64_t b = 0; b < blocks; ++b) {
            const int slot = static_cast<int>(b % kSlots);
            const std::int64_t round = b / kSlots;
            if (worker.stopped()) return;
            // Every thread must be done with the slot's previous block before it is packed again.
            if (!waitFor(tiled[slot], round * threads, worker)) return;
            const std::int64_t first = b * kGramBlockRows;
            const int valid = static_cast<int>(std::min<std::int64_t>(kGramBlockRows, rows - first));
            const auto* rowsAt = static_cast<const char*>(x) + static_cast<std::size_t>(first) * rowBytes;
            packPanels(b, rowsAt, valid);
            if (!waitFor(packed[slot], (round + 1) * panels, worker)) return;
            const double* blockSums = packed_->sums(b);
            for (int p = t; p < panels; p += threads)
                for (int c = p * gramk::kGramPanelCols; c < std::min(dim_, (p + 1) * gramk::kGramPanelCols); ++c)
                    sums_[std::size_t(c)] += blockSums[c];
            // While computing the tiles, bring this thread's share of the next block's rows into L2.
            gramk::PrefetchSpread prefetch;
            if (b + 1 < blocks) {
                const std::size_t next =
                    std::size_t(std::min<std::int64_t>(kGramBlockRows, rows - first - kGramBlockRows)) * rowBytes;
                prefetch.next =
                    rowsAt + std::size_t(kGramBlockRows) * rowBytes + next * std::size_t(t) / std::size_t(threads);
                prefetch.bytes = next / std::size_t(threads);
                prefetch.bytesPerStep = (prefetch.bytes / std::size_t(tilesPerThread) + 63) / 64 * 64;
            }
            gramk::gramTiles(packed_->slot(b), dimPad_, precision_, t, threads, gram_.data(), &prefetch);
            tiled[slot].fetch_add(1, std::memory_order_acq_rel);
        }
    };
    // Cancelled: the sums are partial, and the caller drops the pass.
    if (auto st = parallelWorkers(blocks, threads, &cancel, work); !st) return st;
    n_ += rows;
    return {};
}

std::vector<double> GramPass::gram() const {
    std::vector<double> g(static_cast<std::size_t>(dim_) * dim_);
    for (int i = 0; i < dim_; ++i)
        for (int j = i; j < dim_; ++j) {
            const double v = gram_[static_cast<std::size_t>(i) * dimPad_ + j];
            g[static_cast<std::size_t>(i) * dim_ + j] = v;
            g[static_cast<std::size_t>(j) * dim_ + i] = v;
        }
    return g;
}

Status checkGramWidth(int dim) {
    if (dim <= gramk::kMaxKernelDim) return {};
    return usageError("PCA of rows wider than " + std::to_string(gramk::kMaxKernelDim) +
                      " dimensions is not supported (got " + std::to_string(dim) + ").");
}

gramk::GramPrecision gramPrecisionFor(PcaPrecision precision) {
    switch (precision) {
    case PcaPrecision::Float64: return gramk::GramPrecision::Float64;
    case PcaPrecision::BFloat16: return gramk::GramPrecision::BFloat16;
    case PcaPrecision::Float32: break;
    }
    return gramk::GramPrecision::Float32;
}

RowMoments momentsOf(const GramPass& pass) {
    RowMoments m;
    const int dim = pass.dim();
    const double n = static_cast<double>(pass.count());
    m.rows = pass.count();
    m.mean.resize(static_cast<std::size_t>(dim));
    const std::vector<double>& s = pass.sums();
    for (int c = 0; c < dim; ++c) m.mean[std::size_t(c)] = pass.shift()[std::size_t(c)] + s[std::size_t(c)] / n;
    m.cov = pass.gram();
    for (int i = 0; i < dim; ++i)
        for (int j = 0; j < dim; ++j) {
            double& v = m.cov[static_cast<std::size_t>(i) * dim + j];
            v = (v - s[std::size_t(i)] * s[std::size_t(j)] / n) / (n - 1);
        }
    return m;
}

}  // namespace dl
