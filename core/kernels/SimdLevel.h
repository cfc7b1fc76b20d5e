#pragma once
// The instruction-set level of core/analysis's SIMD kernels (GMM tile pass, PCA passes):
// each kernel is compiled for x86-64-v4 (AVX-512), x86-64-v3 (AVX2) and baseline x86-64 and
// picked at run time, so the project itself stays built for baseline x86-64.
namespace dl {

enum class SimdLevel { Baseline, Avx2, Avx512 };  // x86-64, x86-64-v3, x86-64-v4

// The best level this CPU has.
SimdLevel bestSimdLevel();
// The level the kernels use: bestSimdLevel() unless useSimdLevel picked a lower one.
SimdLevel simdLevel();
// Picks a level (at most the best; for tests of every level on one machine). Process-wide:
// set it only while no pass runs.
void useSimdLevel(SimdLevel level);

// Whether the CPU has AVX512_BF16 (vdpbf16ps) on top of the AVX-512 level.
bool cpuHasAvx512Bf16();

}  // namespace dl

// Dispatch to the build of a kernel for the current level: NAME##V4 (x86-64-v4), NAME##V3
// (x86-64-v3) or NAME##Base (baseline x86-64), defined by the kernel's file. Other
// architectures and compilers only have the baseline build.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define DL_SIMD_X86_LEVELS 1
#define DL_SIMD_DISPATCH(NAME, ...)                             \
    switch (::dl::simdLevel()) {                                \
    case ::dl::SimdLevel::Avx512: return NAME##V4(__VA_ARGS__); \
    case ::dl::SimdLevel::Avx2: return NAME##V3(__VA_ARGS__);   \
    case ::dl::SimdLevel::Baseline: break;                      \
    }                                                           \
    return NAME##Base(__VA_ARGS__)
#else
#define DL_SIMD_DISPATCH(NAME, ...) return NAME##Base(__VA_ARGS__)
#endif
