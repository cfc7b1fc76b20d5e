#include "encode/InferenceWorkers.h"

#include <ATen/Parallel.h>
#include <c10/core/InferenceMode.h>
#include <dlfcn.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <atomic>
#include <barrier>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

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
    const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
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
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};
    std::mutex errorMutex;
    std::string error;
    auto work = [&] {
        try {
            c10::InferenceMode guard;
            for (std::size_t i; !stop.load() && (i = next.fetch_add(1)) < count;) {
                if (cancel && cancel->isCancelled()) break;
                batch(i);
            }
        } catch (const std::exception& e) {
            std::lock_guard lock(errorMutex);
            if (error.empty()) error = e.what();
            stop = true;
        }
    };
    if (plan.workers <= 1) {
        if (plan.threadsEach > 0) at::set_num_threads(plan.threadsEach);
        work();
    } else {
        // at::set_num_threads sets the calling thread's OpenMP team size (and clears oneDNN's
        // primitive cache): every worker sets its own before any of them computes.
        const int before = at::get_num_threads();
        BlasThreads blas(plan.threadsEach);
        std::barrier ready(plan.workers);
        std::vector<std::jthread> threads;
        for (int w = 0; w < plan.workers; ++w)
            threads.emplace_back([&] {
                at::set_num_threads(plan.threadsEach);
                ready.arrive_and_wait();
                work();
            });
        threads.clear();  // joins
        at::set_num_threads(before);
    }
    releaseFreeMemory();
    if (!error.empty()) return fail(std::string("The encoder failed: ") + error);
    if (cancel && cancel->isCancelled()) return cancelled();
    return {};
}

}  // namespace dl
