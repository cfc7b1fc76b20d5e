// F16C row conversion and the AVX512_BF16 Gram (see GramKernelsBf16.h).
//
// Why intrinsics here: GCC's vector extensions have no bfloat16 dot product and convert
// float16 element by element. The tile shape is that of the float32 AVX-512 tile (8 rows x 3
// panels, 24 accumulators), but each vdpbf16ps sums two rows' products per lane, so a block
// takes half the instructions: twice the float32 rate on Zen 4 (measured 231 vs 116 GFLOP/s
// per core in a register-only loop).
#include "kernels/GramKernelsBf16.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernels/GramKernels.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>

#include "kernels/Bf16LoadImpl.h"
#define DL_GRAM_BF16 1
// GCC 12's AVX-512 headers start some conversions from _mm512_undefined_*(), which its
// -Wuninitialized reports inside the inlined intrinsics (a false positive of the headers).
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace dl::gramk {

#ifdef DL_GRAM_BF16

namespace {
constexpr int kPairs = kGramBlockRows / 2;
constexpr int kMR = 8, kPanelsPerTile = 3;
}  // namespace

__attribute__((target("arch=x86-64-v3"))) void halfRowF16c(const std::uint16_t* h, float* f, int n) {
    int c = 0;
    for (; c + 8 <= n; c += 8)
        _mm256_storeu_ps(f + c, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(h + c))));
    for (; c < n; ++c) f[c] = _cvtsh_ss(h[c]);
}

__attribute__((target("arch=x86-64-v3"))) void halfStripF16c(const std::uint16_t* h, int dim, int rows, int width,
                                                             float* strip) {
    if (width == 16) {
        for (int r = 0; r < rows; ++r) {
            const std::uint16_t* in = h + std::size_t(r) * dim;
            float* out = strip + std::size_t(r) * 16;
            _mm256_store_ps(out, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in))));
            _mm256_store_ps(out + 8, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 8))));
        }
        return;
    }
    for (int r = 0; r < rows; ++r) {
        float* out = strip + std::size_t(r) * 16;
        for (int l = 0; l < 16; ++l) out[l] = l < width ? _cvtsh_ss(h[std::size_t(r) * dim + l]) : 0.0f;
    }
}

namespace {

// Adds 16 float32 lanes to 16 doubles.
__attribute__((target("arch=x86-64-v4,avx512bf16"))) inline void addToSums16(__m512 v, double* sums) {
    _mm512_storeu_pd(sums, _mm512_add_pd(_mm512_loadu_pd(sums), _mm512_cvtps_pd(_mm512_castps512_ps256(v))));
    _mm512_storeu_pd(sums + 8, _mm512_add_pd(_mm512_loadu_pd(sums + 8), _mm512_cvtps_pd(_mm512_extractf32x8_ps(v, 1))));
}

// Panel [c0, c0 + 16) of rows [0, valid) (row stride `stride` values, 16 valid columns; float16
// when kHalf, converted as they are read) minus shift as bfloat16 row pairs; sums16 += the
// column sums of the float32 y.
template <bool kHalf>
__attribute__((target("arch=x86-64-v4,avx512bf16"))) void packPanelBf16(const void* src, std::size_t stride, int valid,
                                                                        __m512 shift, std::uint16_t* dst,
                                                                        double* sums16) {
    const __m512i interleave = _mm512_set_epi16(31, 15, 30, 14, 29, 13, 28, 12, 27, 11, 26, 10, 25, 9, 24, 8, 23, 7, 22,
                                                6, 21, 5, 20, 4, 19, 3, 18, 2, 17, 1, 16, 0);
    __m512 run = _mm512_setzero_ps();  // float32 sums of up to 16 pairs, then float64
    for (int pr = 0; pr < kPairs; ++pr) {
        const int r = 2 * pr;
        __m512 y0 = _mm512_setzero_ps(), y1 = _mm512_setzero_ps();
        if (r < valid) y0 = _mm512_sub_ps(load16<kHalf>(src, std::size_t(r) * stride), shift);
        if (r + 1 < valid) y1 = _mm512_sub_ps(load16<kHalf>(src, std::size_t(r + 1) * stride), shift);
        // y0 in the low half, y1 in the high; then pairs (y0[l], y1[l]) per lane
        const __m512i both = (__m512i)_mm512_cvtne2ps_pbh(y1, y0);
        _mm512_store_si512(dst + std::size_t(pr) * 32, _mm512_permutexvar_epi16(interleave, both));
        run = _mm512_add_ps(run, _mm512_add_ps(y0, y1));
        if (pr % 16 == 15) {
            addToSums16(run, sums16);
            run = _mm512_setzero_ps();
        }
    }
    addToSums16(run, sums16);
}

}  // namespace

__attribute__((target("arch=x86-64-v4,avx512bf16"))) void packBf16(const void* xv, bool half, int valid, int dim,
                                                                   const double* shiftD, void* packed, double* sums,
                                                                   int first, int stride) {
    const int dimPad = paddedDim(dim);
    alignas(64) static thread_local float strip[kGramBlockRows * 16];
    auto* out = static_cast<std::uint16_t*>(packed);
    for (int p = first; p < dimPad / 16; p += stride) {
        const int c0 = p * 16;
        std::uint16_t* dst = out + std::size_t(p) * kPairs * 32;
        if (c0 >= dim) {
            std::fill(dst, dst + std::size_t(kPairs) * 32, std::uint16_t(0));
            continue;
        }
        const int width = std::min(16, dim - c0);
        alignas(64) float shift16[16] = {};
        alignas(64) double sums16[16] = {};
        for (int l = 0; l < width; ++l) shift16[l] = static_cast<float>(shiftD[c0 + l]);
        const __m512 shift = _mm512_load_ps(shift16);
        if (width == 16 && half) {  // float16 converted as it is read (one pass over the rows)
            packPanelBf16<true>(static_cast<const std::uint16_t*>(xv) + c0, std::size_t(dim), valid, shift, dst,
                                sums16);
        } else if (width == 16) {
            packPanelBf16<false>(static_cast<const float*>(xv) + c0, std::size_t(dim), valid, shift, dst, sums16);
        } else {  // the last, partial panel: through a zero-padded strip
            if (half) {
                halfStripF16c(static_cast<const std::uint16_t*>(xv) + c0, dim, valid, width, strip);
            } else {
                const float* src = static_cast<const float*>(xv) + c0;
                for (int r = 0; r < valid; ++r)
                    for (int l = 0; l < 16; ++l) strip[r * 16 + l] = l < width ? src[std::size_t(r) * dim + l] : 0.0f;
            }
            packPanelBf16<false>(strip, 16, valid, shift, dst, sums16);
        }
        if (sums)
            for (int l = 0; l < width; ++l) sums[c0 + l] += sums16[l];
    }
}

namespace {

template <int kJP>
__attribute__((target("arch=x86-64-v4,avx512bf16"))) void tileBf16(const std::uint16_t* packed, int i0, int pj,
                                                                   int dimPad, double* gram) {
    __m512 acc[kMR][kJP];
#pragma GCC unroll 8
    for (int a = 0; a < kMR; ++a)
#pragma GCC unroll 3
        for (int b = 0; b < kJP; ++b) acc[a][b] = _mm512_setzero_ps();
    // Pair (y[r][i], y[r+1][i]) as one 32-bit word; panel rows of 16 columns x 2 rows.
    const auto* words = reinterpret_cast<const std::uint32_t*>(packed);
    const std::uint32_t* ip = words + std::size_t(i0 / 16) * kPairs * 16 + i0 % 16;  // 8 rows lie in one panel
    const std::uint16_t* jp = packed + std::size_t(pj) * kPairs * 32;
    for (int pr = 0; pr < kPairs; ++pr) {
        __m512bh vj[kJP];
#pragma GCC unroll 3
        for (int b = 0; b < kJP; ++b) vj[b] = (__m512bh)_mm512_load_si512(jp + (std::size_t(b) * kPairs + pr) * 32);
        const std::uint32_t* iw = ip + std::size_t(pr) * 16;
#pragma GCC unroll 8
        for (int a = 0; a < kMR; ++a) {
            const __m512bh s = (__m512bh)_mm512_set1_epi32(static_cast<int>(iw[a]));
#pragma GCC unroll 3
            for (int b = 0; b < kJP; ++b) acc[a][b] = _mm512_dpbf16_ps(acc[a][b], s, vj[b]);
        }
    }
    const int j0 = pj * 16;
    for (int a = 0; a < kMR; ++a) {
        double* g = gram + std::size_t(i0 + a) * dimPad + j0;
        for (int b = 0; b < kJP; ++b) {
            const __m512 v = acc[a][b];
            _mm512_storeu_pd(g + b * 16,
                             _mm512_add_pd(_mm512_loadu_pd(g + b * 16), _mm512_cvtps_pd(_mm512_castps512_ps256(v))));
            _mm512_storeu_pd(g + b * 16 + 8, _mm512_add_pd(_mm512_loadu_pd(g + b * 16 + 8),
                                                           _mm512_cvtps_pd(_mm512_extractf32x8_ps(v, 1))));
        }
    }
}

}  // namespace

__attribute__((target("arch=x86-64-v4,avx512bf16"))) void gramBf16(const void* packed, int dimPad, int first,
                                                                   int stride, double* gram, PrefetchSpread* prefetch) {
    constexpr int kJP = kPanelsPerTile;
    const int jTiles = dimPad / (kJP * 16);
    const int perStep = kJP * 16 / kMR;
    const auto* p = static_cast<const std::uint16_t*>(packed);
    int t = 0;
    for (int jt = 0; jt < jTiles; ++jt)
        for (int it = 0; it < perStep * (jt + 1); ++it, ++t) {
            if (t % stride != first) continue;
            const int i0 = it * kMR;
            const int pj = std::max(jt * kJP, i0 / 16);  // skip panels wholly below the diagonal
            const int jp = jt * kJP + kJP - pj;
            if (jp == 1) tileBf16<1>(p, i0, pj, dimPad, gram);
            else if (jp == 2) tileBf16<2>(p, i0, pj, dimPad, gram);
            else tileBf16<3>(p, i0, pj, dimPad, gram);
            if (prefetch) prefetch->step();
        }
}

#else  // not x86-64 GCC: never called (cpuHasAvx512Bf16() is false, no F16C level)

void halfRowF16c(const std::uint16_t*, float*, int) {}
void halfStripF16c(const std::uint16_t*, int, int, int, float*) {}
void packBf16(const void*, bool, int, int, const double*, void*, double*, int, int) {}
void gramBf16(const void*, int, int, int, double*, PrefetchSpread*) {}

#endif

}  // namespace dl::gramk
