#pragma once
// Runs the forward batches of one encode on several worker threads (internal to
// core/encode). Debian's libtorch runs its non-GEMM kernels (layer norm, softmax, GELU,
// reshapes) on one thread; with two workers on alternating batches, each with one
// compute thread, one worker's non-GEMM ops overlap the other's GEMMs and both cores stay
// busy (bench/encode/RESULTS.md has the figures that chose this).
#include <cstddef>
#include <functional>

#include "common/Error.h"
#include "jobs/Progress.h"

namespace dl {

struct WorkerPlan {
    int workers = 1;      // threads running batches
    int threadsEach = 0;  // intra-op (OpenMP) and BLAS threads per worker; 0 = leave as is
};

// The plan for `threads` compute threads in all (0 = every core) and `workers` (0 = the
// default: two workers when there are two cores or more, one on CUDA).
WorkerPlan planWorkers(int threads, int workers, bool cuda);

// Calls batch(i) for i in 0..count-1, each exactly once, on plan.workers threads (the calling
// thread alone when workers is 1), batches handed out in order as workers become free.
// Each worker runs in inference mode. Stops handing out batches once `cancel` is set or a
// batch throws; returns Cancelled, or the first exception's text as a failure.
// batch() must be safe to call concurrently for different i.
// Memory: the first call makes glibc map blocks of 4 MiB or more on their own (process-wide,
// so that freed activations go back to the system); each call ends by returning the arenas'
// free pages (malloc_trim). The peak is then what the batches in flight need, not what
// earlier chunks fragmented.
Status runOnWorkers(std::size_t count, const WorkerPlan& plan, const CancelToken* cancel,
                    const std::function<void(std::size_t)>& batch);

}  // namespace dl
