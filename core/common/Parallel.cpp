// Threads, exception capture and cancellation of a parallel run (see Parallel.h).
#include "common/Parallel.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace dl {

int hardwareThreads() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

int parallelThreads(int requested, std::int64_t work) {
    const int wanted = requested > 0 ? requested : hardwareThreads();
    return static_cast<int>(std::clamp<std::int64_t>(work, 1, wanted));
}

namespace parallel_detail {

// What the workers of one run share; lives on the caller's stack for the call.
struct Run {
    Run(std::int64_t blockCount, int workerCount, const CancelToken* token)
        : blocks(blockCount), workers(workerCount), cancel(token) {}

    const std::int64_t blocks;
    const int workers;
    const CancelToken* const cancel;
    std::atomic<std::int64_t> nextBlock{0};
    std::atomic<bool> stopped{false};  // set under mutex, so that waiters on `changed` see it
    std::mutex mutex;
    std::condition_variable changed;  // started, stopped or one more block folded
    bool started = false;             // every helper thread is running
    std::int64_t folded = 0;          // blocks folded so far (inOrder)
    std::exception_ptr error;         // the first exception of a worker

    void stop(std::exception_ptr e) {
        std::lock_guard lock(mutex);
        if (e && !error) error = std::move(e);
        stopped.store(true);
        changed.notify_all();
    }
    bool pollStopped() {
        if (stopped.load(std::memory_order_acquire)) return true;
        if (!cancel || !cancel->isCancelled()) return false;
        stop(nullptr);
        return true;
    }
    void start() {
        std::lock_guard lock(mutex);
        started = true;
        changed.notify_all();
    }
    // A helper thread's first step: false when the run stopped before every thread had started
    // (one could not be started), and a body that waits for the others could wait forever.
    bool waitForStart() {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return started || stopped.load(); });
        return !stopped.load();
    }
    void work(int index, const std::function<void(ParallelWorker&)>& body) {
        ParallelWorker worker(*this, index);
        try {
            body(worker);
        } catch (...) {
            stop(std::current_exception());
        }
    }
};

}  // namespace parallel_detail

int ParallelWorker::count() const { return run_.workers; }

bool ParallelWorker::next(std::int64_t& block) {
    if (run_.pollStopped()) return false;
    block = run_.nextBlock.fetch_add(1, std::memory_order_relaxed);
    return block < run_.blocks;
}

bool ParallelWorker::stopped() const { return run_.pollStopped(); }

bool ParallelWorker::inOrder(std::int64_t block, const std::function<void()>& fold) {
    std::unique_lock lock(run_.mutex);
    run_.changed.wait(lock, [&] { return run_.folded == block || run_.stopped.load(); });
    if (run_.stopped.load()) return false;
    fold();
    ++run_.folded;
    run_.changed.notify_all();
    return true;
}

Status parallelWorkers(std::int64_t blocks, int threads, const CancelToken* cancel,
                       const std::function<void(ParallelWorker&)>& body) {
    parallel_detail::Run run(blocks, parallelThreads(threads, blocks), cancel);
    {
        std::vector<std::jthread> helpers;  // joined when leaving the block, whatever happened
        try {
            helpers.reserve(static_cast<std::size_t>(run.workers - 1));
            for (int i = 1; i < run.workers; ++i)
                helpers.emplace_back([&run, &body, i] {
                    if (run.waitForStart()) run.work(i, body);
                });
            run.start();
        } catch (...) {  // a thread could not be started: the started ones return unused
            run.stop(std::current_exception());
        }
        if (!run.stopped.load()) run.work(0, body);
    }
    if (run.error) std::rethrow_exception(run.error);
    if (run.stopped.load() || (cancel && cancel->isCancelled())) return cancelled();
    return {};
}

Status parallelBlocks(std::int64_t count, int threads, const CancelToken* cancel,
                      const std::function<void(std::int64_t block, int worker)>& fn) {
    return parallelWorkers(count, threads, cancel, [&](ParallelWorker& worker) {
        for (std::int64_t block; worker.next(block);) fn(block, worker.index());
    });
}

}  // namespace dl
