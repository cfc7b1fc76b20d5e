// Run-time pick of the SIMD level (see SimdLevel.h).
#include "kernels/SimdLevel.h"

#include <algorithm>
#include <atomic>

namespace dl {
namespace {

#ifdef DL_SIMD_X86_LEVELS
SimdLevel detectLevel() {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq"))
        return SimdLevel::Avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return SimdLevel::Avx2;
    return SimdLevel::Baseline;
}
bool detectBf16() {
    __builtin_cpu_init();
    return detectLevel() == SimdLevel::Avx512 && __builtin_cpu_supports("avx512bf16");
}
#else
SimdLevel detectLevel() { return SimdLevel::Baseline; }
bool detectBf16() { return false; }
#endif

std::atomic<SimdLevel>& currentLevel() {
    static std::atomic<SimdLevel> level{detectLevel()};
    return level;
}

}  // namespace

SimdLevel bestSimdLevel() {
    static const SimdLevel best = detectLevel();
    return best;
}
SimdLevel simdLevel() { return currentLevel().load(std::memory_order_relaxed); }
void useSimdLevel(SimdLevel level) { currentLevel().store(std::min(level, bestSimdLevel())); }
bool cpuHasAvx512Bf16() {
    static const bool has = detectBf16();
    return has;
}

}  // namespace dl
