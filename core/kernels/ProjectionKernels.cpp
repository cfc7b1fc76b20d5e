// SIMD kernels of PCA's projection (see GramKernels.h): register tiles of rows x output
// vectors, written with GCC vector extensions like the Gram tiles and picked per SIMD level.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/Half.h"
#include "kernels/GramKernels.h"
#include "kernels/GramKernelsBf16.h"
#include "kernels/GramSimdImpl.h"

#ifdef DL_SIMD_X86_LEVELS
#pragma GCC diagnostic ignored "-Wpsabi"  // always-inlined vector helpers (see GramKernels.cpp)
#endif

namespace dl::gramk {
namespace {

// Rows per projection tile for NV output vectors: about 24 (W = 64) or 12 accumulators.
template <int W, int NV>
constexpr int projRows() {
    return W == 64 ? (NV == 4 ? 6 : NV == 3 ? 8 : 12) : W == 32 ? (NV == 2 ? 6 : 12) : (NV == 2 ? 4 : 8);
}

// R rows x NV vectors of output columns [g0, g0 + NV·L) of the main (axes-packed) columns.
template <int W, int NV, int R>
[[gnu::always_inline]] inline void projTile(const float* x, int dim, const float* axes, int kMain, int g0, int k,
                                            const float* offset, float* out) {
    using S = Simd<float, W>;
    using V = typename S::V;
    V acc[R][NV];
#pragma GCC unroll 12
    for (int a = 0; a < R; ++a)
#pragma GCC unroll 4
        for (int b = 0; b < NV; ++b) acc[a][b] = V{};
    for (int c = 0; c < dim; ++c) {
        if (c % kGramPanelCols == 0)  // the next tile's rows, one cache line each per 16 columns
#pragma GCC unroll 12
            for (int a = 0; a < R; ++a) __builtin_prefetch(x + std::size_t(R + a) * dim + c);
        V w[NV];
#pragma GCC unroll 4
        for (int b = 0; b < NV; ++b) __builtin_memcpy(&w[b], axes + std::size_t(c) * kMain + g0 + b * S::L, sizeof(V));
#pragma GCC unroll 12
        for (int a = 0; a < R; ++a) {
            const float s = x[std::size_t(a) * dim + c];
#pragma GCC unroll 4
            for (int b = 0; b < NV; ++b) acc[a][b] += s * w[b];
        }
    }
    const int valid = std::min(NV * S::L, k - g0);
    for (int a = 0; a < R; ++a) {
        float tmp[NV * S::L];
        __builtin_memcpy(tmp, acc[a], sizeof tmp);
        for (int j = 0; j < valid; ++j) out[std::size_t(a) * k + g0 + j] = tmp[j] - offset[g0 + j];
    }
}

// All rows for the output vectors [g0, g0 + NV·L).
template <int W, int NV>
[[gnu::always_inline]] inline void projGroup(const float* x, int rows, int dim, const float* axes, int kMain, int g0,
                                             int k, const float* offset, float* out) {
    constexpr int R = projRows<W, NV>();
    int r = 0;
    for (; r + R <= rows; r += R)
        projTile<W, NV, R>(x + std::size_t(r) * dim, dim, axes, kMain, g0, k, offset, out + std::size_t(r) * k);
    for (; r < rows; ++r)
        projTile<W, NV, 1>(x + std::size_t(r) * dim, dim, axes, kMain, g0, k, offset, out + std::size_t(r) * k);
}

// R rows' dot products with the leftover column j (independent accumulators hide the FMA
// latency).
template <int W, int R>
[[gnu::always_inline]] inline void projDotRows(const float* x, int dim, const float* a, float* out, int k, int j,
                                               float offset) {
    using S = Simd<float, W>;
    using V = typename S::V;
    V acc[R];
#pragma GCC unroll 4
    for (int i = 0; i < R; ++i) acc[i] = V{};
    int c = 0;
    for (; c + S::L <= dim; c += S::L) {
        V av;
        __builtin_memcpy(&av, a + c, sizeof(V));
#pragma GCC unroll 4
        for (int i = 0; i < R; ++i) {
            V xv;
            __builtin_memcpy(&xv, x + std::size_t(i) * dim + c, sizeof(V));
            acc[i] += xv * av;
        }
    }
    for (int i = 0; i < R; ++i) {
        float sum = 0;
        for (int l = 0; l < S::L; ++l) sum += acc[i][l];
        for (int cc = c; cc < dim; ++cc) sum += x[std::size_t(i) * dim + cc] * a[cc];
        out[std::size_t(i) * k + j] = sum - offset;
    }
}

// The last columns [kMain, k) as dot products along a row (axesT: one row of dim values per
// column): for a few leftover columns this is cheaper than a mostly empty output vector.
template <int W>
[[gnu::always_inline]] inline void projDots(const float* x, int rows, int dim, const float* axesT, int kMain, int k,
                                            const float* offset, float* out) {
    for (int j = kMain; j < k; ++j) {
        const float* a = axesT + std::size_t(j - kMain) * dim;
        int r = 0;
        for (; r + 4 <= rows; r += 4)
            projDotRows<W, 4>(x + std::size_t(r) * dim, dim, a, out + std::size_t(r) * k, k, j, offset[j]);
        for (; r < rows; ++r)
            projDotRows<W, 1>(x + std::size_t(r) * dim, dim, a, out + std::size_t(r) * k, k, j, offset[j]);
    }
}

template <int W>
[[gnu::always_inline]] inline void projBody(const float* x, int rows, int dim, const float* axes, int kMain,
                                            const float* axesT, int k, const float* offset, float* out) {
    constexpr int L = Simd<float, W>::L, PV = Simd<float, W>::PV;
    for (int g0 = 0; g0 < kMain; g0 += PV * L) {
        const int nv = std::min(PV, (kMain - g0) / L);
        if constexpr (PV == 4) {
            if (nv == 4) projGroup<W, 4>(x, rows, dim, axes, kMain, g0, k, offset, out);
            else if (nv == 3) projGroup<W, 3>(x, rows, dim, axes, kMain, g0, k, offset, out);
            else if (nv == 2) projGroup<W, 2>(x, rows, dim, axes, kMain, g0, k, offset, out);
            else projGroup<W, 1>(x, rows, dim, axes, kMain, g0, k, offset, out);
        } else {
            if (nv == 2) projGroup<W, 2>(x, rows, dim, axes, kMain, g0, k, offset, out);
            else projGroup<W, 1>(x, rows, dim, axes, kMain, g0, k, offset, out);
        }
    }
    if (kMain < k) projDots<W>(x, rows, dim, axesT, kMain, k, offset, out);
}

#define DL_PROJECT_LEVEL(ATTR, NAME, W)                                                                          \
    ATTR void project##NAME(const float* x, int rows, int dim, const float* axes, int kMain, const float* axesT, \
                            int k, const float* offset, float* out) {                                            \
        projBody<W>(x, rows, dim, axes, kMain, axesT, k, offset, out);                                           \
    }

DL_PROJECT_LEVEL(, Base, 16)
#ifdef DL_SIMD_X86_LEVELS
DL_PROJECT_LEVEL(__attribute__((target("arch=x86-64-v3"))), V3, 32)
DL_PROJECT_LEVEL(__attribute__((target("arch=x86-64-v4"))), V4, 64)
#endif

}  // namespace

int projectionMainColumns(int k) {
    const int rest = k % kGramPanelCols;
    return rest == 0 || rest >= 6 || k < kGramPanelCols ? (k + kGramPanelCols - 1) / kGramPanelCols * kGramPanelCols
                                                        : k - rest;
}

void projectRows(const float* x, int rows, int dim, const ProjectionAxes& axes, const float* offset, float* out) {
    DL_SIMD_DISPATCH(project, x, rows, dim, axes.main, axes.kMain, axes.rest, axes.k, offset, out);
}

void projectRows(const std::uint16_t* x, int rows, int dim, const ProjectionAxes& axes, const float* offset,
                 float* scratch, float* out) {
    for (int r = 0; r < rows; ++r) {
        const std::uint16_t* h = x + std::size_t(r) * dim;
        float* f = scratch + std::size_t(r) * dim;
#ifdef DL_SIMD_X86_LEVELS
        if (simdLevel() != SimdLevel::Baseline) halfRowF16c(h, f, dim);
        else
#endif
            halvesToFloats({h, std::size_t(dim)}, {f, std::size_t(dim)});
    }
    projectRows(scratch, rows, dim, axes, offset, out);
}

int bf16RowStride(int dim) { return (dim + 31) / 32 * 32; }

std::size_t bf16ProjectionScratchBytes(int rows, int dim) {
    return std::max(std::size_t(rows) * bf16RowStride(dim) * 2, std::size_t(rows) * dim * 4);
}

namespace {

// Without vdpbf16ps: the rows minus mean rounded to bfloat16 values (as floats) times the
// rounded axes on the float32 kernels; the products are exact there too.
void projectBf16Rounded(const void* x, bool half, int rows, int dim, const ProjectionAxesBf16& axes, const float* mean,
                        float* y, float* out) {
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < dim; ++c) {
            const std::size_t at = std::size_t(r) * dim + c;
            const float v =
                half ? halfToFloat(static_cast<const std::uint16_t*>(x)[at]) : static_cast<const float*>(x)[at];
            y[at] = bfloat16ToFloat(floatToBfloat16(v - mean[c]));
        }
    const std::vector<float> noOffset(std::size_t(axes.rounded.k), 0.0f);
    projectRows(y, rows, dim, axes.rounded, noOffset.data(), out);
}

void projectBf16Any(const void* x, bool half, int rows, int dim, const ProjectionAxesBf16& axes, const float* mean,
                    void* scratch, float* out, PrefetchSpread* prefetch) {
    if (bf16Layout(GramPrecision::BFloat16))
        return projectBf16(x, half, rows, dim, axes, mean, static_cast<std::uint16_t*>(scratch), out, prefetch);
    projectBf16Rounded(x, half, rows, dim, axes, mean, static_cast<float*>(scratch), out);
}

}  // namespace

void projectRowsBf16(const float* x, int rows, int dim, const ProjectionAxesBf16& axes, const float* mean,
                     void* scratch, float* out, PrefetchSpread* prefetch) {
    projectBf16Any(x, false, rows, dim, axes, mean, scratch, out, prefetch);
}

void projectRowsBf16(const std::uint16_t* x, int rows, int dim, const ProjectionAxesBf16& axes, const float* mean,
                     void* scratch, float* out, PrefetchSpread* prefetch) {
    projectBf16Any(x, true, rows, dim, axes, mean, scratch, out, prefetch);
}

}  // namespace dl::gramk
