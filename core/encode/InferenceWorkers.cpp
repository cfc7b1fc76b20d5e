#include "encode/InferenceWorkers.h"

#include <ATen/Parallel.h>
#include <c10/core/InferenceMode.h>
#include <dlfcn.h>
#include <cstdint>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <barrier>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <string>

#include "common/Parallel.h"

namespace dl {
namespace {

// OpenBLAS (what Debian's libtorch calls for float32 GEMMs when libopenblas0 is installed)
// keeps one global thread count; found at run time so that any other libblas.so.3 works too.
class BlasThreads {
public:
    explicit BlasThreads(int threads) {
        set_ = reinterpret_cast<void (*)(int)>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"));
        auto get = reinterpret_cast<int (*)()>(dlsym(RTLD_DEFAULT, "openblas_get_num_threads"));
        if (!set_ || !get || threads < 1) {
            set_ = nullptr;
            return;
        }
        before_ = get();
        set_(threads);
    }
    ~BlasThreads() {
        if (set_) set_(before_);
    }
    BlasThreads(const BlasThreads&) = delete;
    BlasThreads& operator=(const BlasThreads&) = delete;

private:
    void (*set_)(int) = nullptr;
    int before_ = 0;
};

// Sets the intra-op thread count back to what it was when constructed.
class OpThreadsRestorer {
public:
    OpThreadsRestorer() : before_(at::get_num_threads()) {}
    ~OpThreadsRestorer() { at::set_num_threads(before_); }
    OpThreadsRestorer(const OpThreadsRestorer&) = delete;
    OpThreadsRestorer& operator=(const OpThreadsRestorer&) = delete;

private:
    int before_;
};

// A batch's exception (rethrown by the parallel helper once the workers have stopped) as the
// encoder's failure; cancelled() passes through.
template <class Run>
Status encoderStatus(Run&& run) {
    try {
        return run();
    } catch (const std::exception& e) {
        return fail(std::string("The encoder failed: ") + e.what());
    }
}

// Returns the free pages the finished batches left in the arenas (glibc; a few ms per call).
void releaseFreeMemory() {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

}  // namespace

void limitRetainedMemory() {
    static std::once_flag once;
    std::call_once(once, [] {
#ifdef __GLIBC__
        if (!std::getenv("MALLOC_ARENA_MAX")) mallopt(M_ARENA_MAX, 2);
#endif
        if (!std::getenv("LRU_CACHE_CAPACITY")) setenv("LRU_CACHE_CAPACITY", "8", 0);
        if (std::getenv("ONEDNN_PRIMITIVE_CACHE_CAPACITY") || std::getenv("DNNL_PRIMITIVE_CACHE_CAPACITY")) return;
        if (auto set = reinterpret_cast<int (*)(int)>(dlsym(RTLD_DEFAULT, "dnnl_set_primitive_cache_capacity"))) set(8);
    });
}

WorkerPlan planWorkers(int threads, int workers, bool cuda) {
    const int cores = hardwareThreads();
    const int total = threads > 0 ? threads : cores;
    WorkerPlan p;
    p.workers = workers > 0 ? workers : (cuda || total < 2 ? 1 : 2);
    p.workers = std::min(p.workers, std::max(1, total));
    p.threadsEach = p.workers > 1 ? std::max(1, total / p.workers) : threads;
    return p;
}

Status runOnWorkers(std::size_t count, const WorkerPlan& plan, const CancelToken* cancel,
                    const std::function<void(std::size_t)>& batch) {
    limitRetainedMemory();
    const auto blocks = static_cast<std::int64_t>(count);
    auto runBatches = [&](ParallelWorker& worker) {
        c10::InferenceMode guard;
        for (std::int64_t i; worker.next(i);) batch(static_cast<std::size_t>(i));
    };
    Status status;
    if (plan.workers <= 1) {
        if (plan.threadsEach > 0) at::set_num_threads(plan.threadsEach);
        status = encoderStatus([&] { return parallelWorkers(blocks, 1, cancel, runBatches); });
    } else {
        // at::set_num_threads sets the calling thread's OpenMP team size (and clears oneDNN's
        // primitive cache): every worker sets its own before any of them computes. The calling
        // thread is worker 0; its count is set back afterwards.
        BlasThreads blas(plan.threadsEach);
        const OpThreadsRestorer restoreOpThreads;
        const int workers = parallelThreads(plan.workers, blocks);
        std::barrier ready(workers);
        status = encoderStatus([&] {
            return parallelWorkers(blocks, workers, cancel, [&](ParallelWorker& worker) {
                at::set_num_threads(plan.threadsEach);
                ready.arrive_and_wait();
                runBatches(worker);
            });
        });
    }
    releaseFreeMemory();
    return status;
}

}  // namespace dl
