#pragma once
// Cooperative cancellation: the flag a job's caller sets and its loops poll. It lives in common
// (jobs/Progress.h re-exports it) so that the low-level helpers (common/Parallel.h) can honour it
// without depending on the job layer.
#include <atomic>

#include "common/Error.h"

namespace dl {

// Set from any thread, polled by the job at natural granularity (per batch, per EM step).
class CancelToken {
public:
    void cancel() noexcept { flag_.store(true, std::memory_order_relaxed); }
    void reset() noexcept { flag_.store(false, std::memory_order_relaxed); }
    bool isCancelled() const noexcept { return flag_.load(std::memory_order_relaxed); }
    // Convenience for deep loops: throws CancelledException, caught at the job boundary.
    void throwIfCancelled() const {
        if (isCancelled()) throw CancelledException{};
    }

private:
    std::atomic<bool> flag_{false};
};

}  // namespace dl
