#pragma once
// Private to the AVX512_BF16 kernel files (GramKernelsBf16.cpp, ProjectionKernelsBf16.cpp):
// 16 values of a float32 or (kHalf) IEEE float16 row as float32 lanes. Include only where
// DL_SIMD_X86_LEVELS-style guards already hold (x86-64 GCC); no ATen despite the *Impl name.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

namespace dl::gramk {

template <bool kHalf>
__attribute__((target("arch=x86-64-v4,avx512bf16"))) inline __m512 load16(const void* src, std::size_t at) {
    if constexpr (kHalf)
        return _mm512_cvtph_ps(
            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(static_cast<const std::uint16_t*>(src) + at)));
    else return _mm512_loadu_ps(static_cast<const float*>(src) + at);
}

}  // namespace dl::gramk
