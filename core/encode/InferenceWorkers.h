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

// Calls batch(i) for i in 0..count-1, each exactly once, on plan.workers threads at most, the
// calling thread among them (common/Parallel.h), batches handed out in order as workers
// become free. Each worker runs in inference mode. Stops handing out batches once `cancel` is
// set or a batch throws; returns Cancelled, or the first std::exception's text as a failure.
// batch() must be safe to call concurrently for different i.
// Each call ends by returning the arenas' free pages to the system (malloc_trim), so that
// what one chunk's batches left behind is not carried into the next.
Status runOnWorkers(std::size_t count, const WorkerPlan& plan, const CancelToken* cancel,
                    const std::function<void(std::size_t)>& batch);

// Bounds what the encoder's allocations leave behind (process-wide, once; an environment
// setting wins): glibc keeps at most 2 malloc arenas (M_ARENA_MAX: each worker thread had
// its own, fragmented by the varying batch shapes), and the kernel caches of the bf16 / int8
// GEMMs hold 8 entries each: ideep's per-thread LRU of matmul primitives (LRU_CACHE_CAPACITY,
// read when first used) and oneDNN's primitive cache (default 1,024). Every batch shape makes
// new primitives and the cached ones held their memory: the int8 encoder's peak RSS grew
// batch after batch (all-mpnet-base-v2 from 2.4 to 5.1 GB within 1,500 sentences;
// bench/encode/RESULTS.md, Memory). A batch reuses its 4 shapes in every layer, so 8 keeps
// those hits. Call before the first worker thread and bf16 / int8 kernel
// (TransformerEncoder::load does).
void limitRetainedMemory();

}  // namespace dl
