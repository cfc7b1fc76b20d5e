// The bfloat16 PCA projection on AVX512_BF16 (see GramKernels.h, projectRowsBf16).
//
// A chunk of rows minus the mean is rounded to bfloat16 once (row-major, so a 32-bit word
// holds the pair (y[r][2p], y[r][2p+1]) that vdpbf16ps multiplies with the axes' pair
// (a_j[2p], a_j[2p+1]) in each lane). Register tiles of rows x 16-column output vectors then
// run as in the Gram (24 accumulators at most), and the last few columns, when an output
// vector would be mostly empty, as dot products along the rows.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "kernels/GramKernels.h"
#include "kernels/GramKernelsBf16.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>

#include "kernels/Bf16LoadImpl.h"
#define DL_PROJECT_BF16 1
#pragma GCC diagnostic ignored "-Wuninitialized"  // GCC 12 AVX-512 headers (see GramKernelsBf16.cpp)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace dl::gramk {

#ifdef DL_PROJECT_BF16

namespace {

__attribute__((target("arch=x86-64-v4"))) inline __mmask16 firstLanes(int n) {
    return n >= 16 ? __mmask16(0xFFFF) : n <= 0 ? __mmask16(0) : __mmask16((1u << n) - 1);
}

// y = bf16(x - mean) for `rows` rows, `stride` (a multiple of 32) values per row, zero beyond dim.
template <bool kHalf>
__attribute__((target("arch=x86-64-v4,avx512bf16"))) void roundRows(const void* xv, int rows, int dim, int stride,
                                                                    const float* mean, std::uint16_t* y) {
    const int full = dim / 32 * 32;
    for (int r = 0; r < rows; ++r) {
        const std::size_t row = std::size_t(r) * dim;
        std::uint16_t* out = y + std::size_t(r) * stride;
        for (int c = 0; c < full; c += 32) {
            const __m512 lo = _mm512_sub_ps(load16<kHalf>(xv, row + c), _mm512_loadu_ps(mean + c));
            const __m512 hi = _mm512_sub_ps(load16<kHalf>(xv, row + c + 16), _mm512_loadu_ps(mean + c + 16));
            _mm512_storeu_si512(out + c, (__m512i)_mm512_cvtne2ps_pbh(hi, lo));  // lo in the low half: column order
        }
        for (int c = full; c < stride; c += 32) {  // the last columns, masked
            __m512 v[2];
            for (int h = 0; h < 2; ++h) {
                const int c0 = c + 16 * h;
                const __mmask16 m = firstLanes(dim - c0);
                __m512 xs;
                if constexpr (kHalf)
                    xs = _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(m, static_cast<const std::uint16_t*>(xv) + row + c0));
                else xs = _mm512_maskz_loadu_ps(m, static_cast<const float*>(xv) + row + c0);
                v[h] = _mm512_maskz_sub_ps(m, xs, _mm512_maskz_loadu_ps(m, mean + c0));
            }
            _mm512_storeu_si512(out + c, (__m512i)_mm512_cvtne2ps_pbh(v[1], v[0]));
        }
    }
}

// R rows x NV output vectors (columns [g0, g0 + 16·NV), stored up to k).
template <int NV, int R>
__attribute__((target("arch=x86-64-v4,avx512bf16"))) void tile(const std::uint16_t* y, int stride,
                                                               const ProjectionAxesBf16& axes, int g0, float* out,
                                                               PrefetchSpread::Lines pf = {}) {
    const int kMain = axes.rounded.kMain, k = axes.rounded.k;
    __m512 acc[R][NV];
#pragma GCC unroll 16
    for (int a = 0; a < R; ++a)
#pragma GCC unroll 3
        for (int b = 0; b < NV; ++b) acc[a][b] = _mm512_setzero_ps();
    const auto* yw = reinterpret_cast<const std::uint32_t*>(y);
    const int rowWords = stride / 2;
    for (int p = 0; p < rowWords; ++p) {
        pf.issue(p);  // the next rows into L2, one line per turn
        __m512bh w[NV];
#pragma GCC unroll 3
        for (int b = 0; b < NV; ++b)
            w[b] = (__m512bh)_mm512_loadu_si512(axes.pairs + std::size_t(p) * kMain + g0 + 16 * b);
#pragma GCC unroll 16
        for (int a = 0; a < R; ++a) {
            const __m512bh s = (__m512bh)_mm512_set1_epi32(static_cast<int>(yw[std::size_t(a) * rowWords + p]));
#pragma GCC unroll 3
            for (int b = 0; b < NV; ++b) acc[a][b] = _mm512_dpbf16_ps(acc[a][b], s, w[b]);
        }
    }
    for (int l = rowWords; l < pf.count; ++l) pf.issue(l);
    for (int a = 0; a < R; ++a)
        for (int b = 0; b < NV; ++b) {
            const int col = g0 + 16 * b;
            _mm512_mask_storeu_ps(out + std::size_t(a) * k + col, firstLanes(k - col), acc[a][b]);
        }
}

template <int NV, int R>
__attribute__((target("arch=x86-64-v4,avx512bf16"))) void group(const std::uint16_t* y, int rows, int stride,
                                                                const ProjectionAxesBf16& axes, int g0, float* out,
                                                                PrefetchSpread* prefetch) {
    const int k = axes.rounded.k;
    int r = 0;
    for (; r + R <= rows; r += R) {
        const PrefetchSpread::Lines lines = prefetch ? prefetch->claim() : PrefetchSpread::Lines{};
        tile<NV, R>(y + std::size_t(r) * stride, stride, axes, g0, out + std::size_t(r) * k, lines);
    }
    for (; r < rows; ++r) tile<NV, 1>(y + std::size_t(r) * stride, stride, axes, g0, out + std::size_t(r) * k);
}

// Columns [j, j + J) of R rows as dot products: R·J independent accumulators hide the latency,
// and each row vector is loaded once for the J columns.
template <int R, int J>
__attribute__((target("arch=x86-64-v4,avx512bf16"))) void dots(const std::uint16_t* y, int stride,
                                                               const std::uint16_t* axes, int k, int j, float* out) {
    __m512 acc[R][J];
#pragma GCC unroll 8
    for (int a = 0; a < R; ++a)
#pragma GCC unroll 2
        for (int b = 0; b < J; ++b) acc[a][b] = _mm512_setzero_ps();
    for (int c = 0; c < stride; c += 32) {
        __m512bh w[J];
#pragma GCC unroll 2
        for (int b = 0; b < J; ++b) w[b] = (__m512bh)_mm512_loadu_si512(axes + std::size_t(b) * stride + c);
#pragma GCC unroll 8
        for (int a = 0; a < R; ++a) {
            const __m512bh v = (__m512bh)_mm512_loadu_si512(y + std::size_t(a) * stride + c);
#pragma GCC unroll 2
            for (int b = 0; b < J; ++b) acc[a][b] = _mm512_dpbf16_ps(acc[a][b], v, w[b]);
        }
    }
#pragma GCC unroll 8
    for (int a = 0; a < R; ++a)
#pragma GCC unroll 2
        for (int b = 0; b < J; ++b) out[std::size_t(a) * k + j + b] = _mm512_reduce_add_ps(acc[a][b]);
}

// The leftover columns [kMain, k), two at a time.
template <int R>
__attribute__((target("arch=x86-64-v4,avx512bf16"))) void dotRows(const std::uint16_t* y, int stride,
                                                                  const ProjectionAxesBf16& axes, float* out) {
    const int kMain = axes.rounded.kMain, k = axes.rounded.k;
    int j = kMain;
    for (; j + 2 <= k; j += 2) dots<R, 2>(y, stride, axes.rest + std::size_t(j - kMain) * stride, k, j, out);
    if (j < k) dots<R, 1>(y, stride, axes.rest + std::size_t(j - kMain) * stride, k, j, out);
}

}  // namespace

__attribute__((target("arch=x86-64-v4,avx512bf16"))) void projectBf16(const void* x, bool half, int rows, int dim,
                                                                      const ProjectionAxesBf16& axes, const float* mean,
                                                                      std::uint16_t* y, float* out,
                                                                      PrefetchSpread* prefetch) {
    const int stride = bf16RowStride(dim), kMain = axes.rounded.kMain, k = axes.rounded.k;
    if (half) roundRows<true>(x, rows, dim, stride, mean, y);
    else roundRows<false>(x, rows, dim, stride, mean, y);
    if (prefetch) {  // one step per full tile of 8 rows (the 48-column groups; fewer steps otherwise)
        const std::size_t steps =
            std::max<std::size_t>(1, std::size_t(rows / 8) * std::size_t(std::max(1, kMain / 48)));
        prefetch->bytesPerStep = (prefetch->bytes / steps + 63) / 64 * 64;
    }
    for (int g0 = 0; g0 < kMain; g0 += 48) {
        const int nv = std::min(3, (kMain - g0) / 16);
        if (nv == 3) group<3, 8>(y, rows, stride, axes, g0, out, prefetch);
        else if (nv == 2) group<2, 12>(y, rows, stride, axes, g0, out, prefetch);
        else group<1, 16>(y, rows, stride, axes, g0, out, prefetch);
    }
    if (kMain == k) return;
    int r = 0;
    for (; r + 8 <= rows; r += 8) dotRows<8>(y + std::size_t(r) * stride, stride, axes, out + std::size_t(r) * k);
    for (; r < rows; ++r) dotRows<1>(y + std::size_t(r) * stride, stride, axes, out + std::size_t(r) * k);
}

#else  // not x86-64 GCC: never called (bf16Layout is false)

void projectBf16(const void*, bool, int, int, const ProjectionAxesBf16&, const float*, std::uint16_t*, float*,
                 PrefetchSpread*) {}

#endif

}  // namespace dl::gramk
