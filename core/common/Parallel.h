#pragma once
// The one way core runs a pass on several threads (as CTranslate2 has one parallel_for). The
// rules below hold for every entry point; a pass only says what a worker does.
//
// Threads: parallelThreads() resolves the count (<= 0: one per hardware thread; clamped to the
// work, at least 1). The calling thread is worker 0; workers 1..n-1 are std::jthreads started
// for the call (no pool: a pass lasts milliseconds to seconds, a start some microseconds). No
// worker's body starts before every thread has started.
//
// Exceptions: whatever a worker throws is caught on its thread and stops the run; the first one
// is rethrown on the caller once every worker has returned. Nothing reaches std::terminate.
//
// Cancellation, one reaction everywhere: the token is polled whenever a block is handed out
// (ParallelWorker::next) and by ParallelWorker::stopped(). Once seen, the run stops as after an
// exception: no further block is handed out, workers waiting for one another are released, and
// the helper returns cancelled(). It also returns cancelled() when the token is set by the time
// the workers have joined. The results are then partial: callers drop them. The helpers return
// no other error (a pass that signals errors by exception, such as the GMM, converts cancelled()
// into CancelledException itself).
#include <cstdint>
#include <functional>

#include "common/CancelToken.h"
#include "common/Error.h"

namespace dl {

// The hardware threads of this machine (std::thread::hardware_concurrency, at least 1).
int hardwareThreads();

// Threads for `work` units: `requested`, or hardwareThreads() when requested <= 0; at most
// `work` and at least 1. Resolving an already resolved count gives it back.
int parallelThreads(int requested, std::int64_t work);

namespace parallel_detail {
struct Run;
}

// One worker of a run, handed to its body. Thread affinity: used on that worker's thread only.
class ParallelWorker {
public:
    int index() const { return index_; }  // 0 = the calling thread
    int count() const;                     // workers in this run
    // The next block, in increasing order from 0; false once all are handed out or the run has
    // stopped.
    bool next(std::int64_t& block);
    // True once the token is set or a worker has thrown. Latched: a later reset of the token
    // does not restart the run. Poll it in any loop that waits for another worker.
    bool stopped() const;
    // Calls fold() once the folds of blocks 0..block-1 are done, one fold at a time: per-block
    // results summed in the same order whatever thread computed them. Every block handed out
    // must be folded by its worker or the run stop, or the later blocks wait. False (fold not
    // called) when the run stopped meanwhile.
    bool inOrder(std::int64_t block, const std::function<void()>& fold);

private:
    friend struct parallel_detail::Run;
    ParallelWorker(parallel_detail::Run& run, int index) : run_(run), index_(index) {}
    parallel_detail::Run& run_;
    int index_;
};

// Runs body(worker) on parallelThreads(threads, blocks) workers; `blocks` also bounds what
// worker.next() hands out. For passes with a protocol of their own (GramPass's ring of packed
// blocks, the encoder's per-worker thread setup).
Status parallelWorkers(std::int64_t blocks, int threads, const CancelToken* cancel,
                       const std::function<void(ParallelWorker&)>& body);

// Calls fn(block, worker index) for every block in [0, count), once each (until the run stops),
// blocks handed out in increasing order as workers become free. fn must be safe to call
// concurrently for different blocks.
Status parallelBlocks(std::int64_t count, int threads, const CancelToken* cancel,
                      const std::function<void(std::int64_t block, int worker)>& fn);

// Per-block partial results reduced in block order, so the total is bitwise the same for every
// thread count: each worker makes its own state with makeState() (on its thread, reused for all
// its blocks), compute(state, block) fills it for one block, and fold(state, block) adds it to
// the caller's total, called for blocks 0, 1, 2, ... one at a time.
template <class MakeState, class Compute, class Fold>
Status parallelOrderedFold(std::int64_t count, int threads, const CancelToken* cancel, MakeState&& makeState,
                           Compute&& compute, Fold&& fold) {
    return parallelWorkers(count, threads, cancel, [&](ParallelWorker& worker) {
        auto state = makeState();
        for (std::int64_t block; worker.next(block);) {
            compute(state, block);
            if (!worker.inOrder(block, [&] { fold(state, block); })) return;
        }
    });
}

}  // namespace dl
