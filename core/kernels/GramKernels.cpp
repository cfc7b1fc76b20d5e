// SIMD kernels of PCA's covariance pass (see GramKernels.h; the projection's are in
// ProjectionKernels.cpp).
//
// As in GmmTileKernels.cpp, the float32 kernels are templates on the vector width W written
// with GCC vector extensions, instantiated for x86-64-v4 (W = 64), x86-64-v3 (W = 32) and
// baseline x86-64 (W = 16) and picked at run time. A Gram tile keeps MR rows x JP panels of
// accumulators in registers and, per row of the block, loads JP·16 values of the j columns and
// broadcasts MR values of the i columns: MR·JP·16/L FMAs per JP·16/L + MR loads, so it runs at
// the FMA rate. The bfloat16 tile (GramKernelsBf16.cpp) has the same shape on vdpbf16ps.
#include "kernels/GramKernels.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "common/Half.h"
#include "kernels/GramKernelsBf16.h"
#include "kernels/GramSimdImpl.h"

#ifdef DL_SIMD_X86_LEVELS
// The vector-returning helpers are always inlined inside one level's functions: no call
// crosses an ABI boundary, so GCC's note on the AVX vector ABI does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace dl::gramk {
namespace {

// Rounds float32 lanes to bfloat16 (nearest even) and back: the values bfloat16 products see.
template <int W>
[[gnu::always_inline]] inline typename Simd<float, W>::V roundToBf16(typename Simd<float, W>::V v) {
    typedef std::uint32_t U __attribute__((vector_size(W)));
    U u;
    __builtin_memcpy(&u, &v, sizeof u);
    u = (u + 0x7FFFu + ((u >> 16) & 1u)) & 0xFFFF0000u;
    __builtin_memcpy(&v, &u, sizeof v);
    return v;
}

// L values of a float row as a vector of T (converted when T is double).
template <class T, int W>
[[gnu::always_inline]] inline typename Simd<T, W>::V loadAs(const float* p) {
    using V = typename Simd<T, W>::V;
    if constexpr (sizeof(T) == 4) {
        V v;
        __builtin_memcpy(&v, p, sizeof v);
        return v;
    } else {
        using H = typename HalfWidth<W>::V;
        H h;
        __builtin_memcpy(&h, p, sizeof h);
        return __builtin_convertvector(h, V);
    }
}

// sums[0, L) += v in float64.
template <class T, int W>
[[gnu::always_inline]] inline void addToSums(typename Simd<T, W>::V v, double* sums) {
    using D = typename Simd<double, W>::V;
    constexpr int L = Simd<T, W>::L, DL = W / 8;
    if constexpr (sizeof(T) == 8) {
        D s;
        __builtin_memcpy(&s, sums, sizeof s);
        s += v;
        __builtin_memcpy(sums, &s, sizeof s);
    } else {
        using H = typename HalfWidth<W>::V;
        for (int part = 0; part < 2; ++part) {
            H h;
            __builtin_memcpy(&h, reinterpret_cast<const float*>(&v) + part * (L / 2), sizeof h);
            D s;
            __builtin_memcpy(&s, sums + part * DL, sizeof s);
            s += __builtin_convertvector(h, D);
            __builtin_memcpy(sums + part * DL, &s, sizeof s);
        }
    }
}

// Rows per float32 partial column sum before it is added to the float64 sums: 32 rows keep its
// rounding at ~1e-6 of Σ|y| even when the rows lie far from the shift.
constexpr int kSumRun = 32;

// One panel (columns [c0, c0 + 16), zero beyond dim) of rows [0, valid) minus shift into the
// packed block; sums16 (16 doubles) += the panel's column sums. The row loop runs per panel so
// that the sums stay in registers; a float16 panel is first converted into a strip.
template <class T, int W, class ConvertStrip>
[[gnu::always_inline]] inline void packPanel(const void* xv, bool half, int valid, int dim, int c0, const T* shift,
                                             bool roundBf16, T* dst, double* sums16, ConvertStrip convertStrip) {
    using S = Simd<T, W>;
    using V = typename S::V;
    alignas(64) static thread_local float strip[kGramBlockRows * kGramPanelCols];
    const int width = std::min(kGramPanelCols, dim - c0);
    const float* src = static_cast<const float*>(xv) + c0;  // only read when !half
    std::size_t stride = std::size_t(dim);
    if (half || width < kGramPanelCols) {
        if (half) {
            convertStrip(static_cast<const std::uint16_t*>(xv) + c0, dim, valid, width, strip);
        } else {
            for (int r = 0; r < valid; ++r)
                for (int l = 0; l < kGramPanelCols; ++l)
                    strip[r * kGramPanelCols + l] = l < width ? src[std::size_t(r) * dim + l] : 0.0f;
        }
        src = strip;
        stride = kGramPanelCols;
    }
    V sh[S::NV], run[S::NV];
#pragma GCC unroll 8
    for (int v = 0; v < S::NV; ++v) {
        __builtin_memcpy(&sh[v], shift + v * S::L, sizeof(V));
        run[v] = V{};
    }
    for (int r = 0; r < valid; ++r) {
#pragma GCC unroll 8
        for (int v = 0; v < S::NV; ++v) {
            V y = loadAs<T, W>(src + std::size_t(r) * stride + v * S::L) - sh[v];
            run[v] += y;
            if constexpr (S::F)
                if (roundBf16) y = roundToBf16<W>(y);
            __builtin_memcpy(dst + std::size_t(r) * kGramPanelCols + v * S::L, &y, sizeof(V));
        }
        if (r % kSumRun == kSumRun - 1 || r == valid - 1)
#pragma GCC unroll 8
            for (int v = 0; v < S::NV; ++v) {
                addToSums<T, W>(run[v], sums16 + v * S::L);
                run[v] = V{};
            }
    }
    std::fill(dst + std::size_t(valid) * kGramPanelCols, dst + std::size_t(kGramBlockRows) * kGramPanelCols, T(0));
}

template <class T, int W, class ConvertStrip>
[[gnu::always_inline]] inline void packBody(const void* xv, bool half, int valid, int dim, const double* shift,
                                            bool roundBf16, T* panels, double* sums, int first, int stride,
                                            ConvertStrip convertStrip) {
    const int dimPad = paddedDim(dim);
    alignas(64) T shiftT[kGramPanelCols];
    alignas(64) double panelSums[kGramPanelCols];
    for (int p = first; p < dimPad / kGramPanelCols; p += stride) {
        const int c0 = p * kGramPanelCols;
        for (int l = 0; l < kGramPanelCols; ++l) {
            shiftT[l] = c0 + l < dim ? static_cast<T>(shift[c0 + l]) : T(0);
            panelSums[l] = 0.0;
        }
        T* dst = panels + std::size_t(p) * kGramBlockRows * kGramPanelCols;
        if (c0 >= dim) {  // padding panels
            std::fill(dst, dst + std::size_t(kGramBlockRows) * kGramPanelCols, T(0));
            continue;
        }
        packPanel<T, W>(xv, half, valid, dim, c0, shiftT, roundBf16, dst, panelSums, convertStrip);
        if (sums)
            for (int l = 0; l < std::min(kGramPanelCols, dim - c0); ++l) sums[c0 + l] += panelSums[l];
    }
}

// MR x JP·NV accumulators for gram rows i0.. and the columns of panels pj.. (JP of them); the
// whole block.
template <class T, int W, int JP>
[[gnu::always_inline]] inline void gramTile(const T* panels, int i0, int pj, int dimPad, double* gram) {
    using S = Simd<T, W>;
    using V = typename S::V;
    constexpr int NB = JP * S::NV;
    V acc[S::MR][NB];
#pragma GCC unroll 12
    for (int a = 0; a < S::MR; ++a)
#pragma GCC unroll 8
        for (int b = 0; b < NB; ++b) acc[a][b] = V{};
    const T* ip[S::MR];
    for (int a = 0; a < S::MR; ++a)
        ip[a] = panels + std::size_t((i0 + a) / kGramPanelCols) * kGramBlockRows * kGramPanelCols +
                (i0 + a) % kGramPanelCols;
    const T* jp = panels + std::size_t(pj) * kGramBlockRows * kGramPanelCols;
    for (int r = 0; r < kGramBlockRows; ++r) {
        V vj[NB];
#pragma GCC unroll 8
        for (int b = 0; b < NB; ++b)
            __builtin_memcpy(&vj[b],
                             jp + (std::size_t(b / S::NV) * kGramBlockRows + r) * kGramPanelCols + (b % S::NV) * S::L,
                             sizeof(V));
#pragma GCC unroll 12
        for (int a = 0; a < S::MR; ++a) {
            const T s = ip[a][std::size_t(r) * kGramPanelCols];
#pragma GCC unroll 8
            for (int b = 0; b < NB; ++b) acc[a][b] += s * vj[b];
        }
    }
    const int j0 = pj * kGramPanelCols;
    for (int a = 0; a < S::MR; ++a) {
        double* g = gram + std::size_t(i0 + a) * dimPad + j0;
        for (int b = 0; b < NB; ++b)
            for (int l = 0; l < S::L; ++l) g[b * S::L + l] += static_cast<double>(acc[a][b][l]);
    }
}

// Tiles of the upper triangle: j tiles of JP panels, each with the i rows up to its end.
template <class T, int W>
constexpr int tileCount(int dimPad) {
    using S = Simd<T, W>;
    const int jTiles = dimPad / (S::JP * kGramPanelCols);
    return S::JP * kGramPanelCols / S::MR * jTiles * (jTiles + 1) / 2;
}

template <class T, int W>
[[gnu::always_inline]] inline void gramBody(const T* panels, int dimPad, int first, int stride, double* gram,
                                            PrefetchSpread* prefetch) {
    using S = Simd<T, W>;
    const int jTiles = dimPad / (S::JP * kGramPanelCols);
    const int perStep = S::JP * kGramPanelCols / S::MR;  // i tiles added by each j tile
    int t = 0;
    for (int jt = 0; jt < jTiles; ++jt)
        for (int it = 0; it < perStep * (jt + 1); ++it, ++t) {
            if (t % stride != first) continue;
            // On the diagonal, panels wholly left of row i0 hold only lower-triangle entries: skip them.
            const int i0 = it * S::MR;
            const int pj = std::max(jt * S::JP, i0 / kGramPanelCols);
            const int jp = jt * S::JP + S::JP - pj;
            if constexpr (S::JP == 3) {
                if (jp == 1) gramTile<T, W, 1>(panels, i0, pj, dimPad, gram);
                else if (jp == 2) gramTile<T, W, 2>(panels, i0, pj, dimPad, gram);
                else gramTile<T, W, 3>(panels, i0, pj, dimPad, gram);
            } else {
                gramTile<T, W, S::JP>(panels, i0, pj, dimPad, gram);
            }
            if (prefetch) prefetch->step();
        }
}

// Columns [0, width) of `rows` float16 rows (stride dim) as a strip of 16 floats per row.
void halfStripBase(const std::uint16_t* h, int dim, int rows, int width, float* strip) {
    for (int r = 0; r < rows; ++r) {
        float* out = strip + std::size_t(r) * kGramPanelCols;
        halvesToFloats({h + std::size_t(r) * dim, std::size_t(width)}, {out, std::size_t(width)});
        std::fill(out + width, out + kGramPanelCols, 0.0f);
    }
}

// The kernels of one instruction-set level; HALF converts a strip of float16 values.
#define DL_GRAM_LEVEL(ATTR, NAME, W, HALF)                                                                             \
    template <class T>                                                                                                 \
    ATTR void pack##NAME(const void* x, bool half, int valid, int dim, const double* shift, bool roundBf16, T* panels, \
                         double* sums, int first, int stride) {                                                        \
        packBody<T, W>(x, half, valid, dim, shift, roundBf16, panels, sums, first, stride, HALF);                      \
    }                                                                                                                  \
    template <class T>                                                                                                 \
    ATTR void gram##NAME(const T* panels, int dimPad, int first, int stride, double* gram, PrefetchSpread* pf) {       \
        gramBody<T, W>(panels, dimPad, first, stride, gram, pf);                                                       \
    }                                                                                                                  \
    int tiles##NAME(int dimPad, bool f64) { return f64 ? tileCount<double, W>(dimPad) : tileCount<float, W>(dimPad); }

DL_GRAM_LEVEL(, Base, 16, halfStripBase)
#ifdef DL_SIMD_X86_LEVELS
DL_GRAM_LEVEL(__attribute__((target("arch=x86-64-v3"))), V3, 32, halfStripF16c)
DL_GRAM_LEVEL(__attribute__((target("arch=x86-64-v4"))), V4, 64, halfStripF16c)
#endif

// Packs float32 or float16 rows in the layout of `precision`.
void packAny(const void* x, bool half, int valid, int dim, const double* shift, GramPrecision precision, void* packed,
             double* sums, int first, int stride);

}  // namespace

bool bf16Layout(GramPrecision precision) {
    return precision == GramPrecision::BFloat16 && hasBf16Dot() && simdLevel() == SimdLevel::Avx512;
}

int paddedDim(int dim) { return (dim + kWidestTile - 1) / kWidestTile * kWidestTile; }

std::size_t packedBytes(int dimPad, GramPrecision precision) {
    const std::size_t element = precision == GramPrecision::Float64 ? 8 : bf16Layout(precision) ? 2 : 4;
    return std::size_t(dimPad) * kGramBlockRows * element;
}

bool hasBf16Dot() { return cpuHasAvx512Bf16(); }

namespace {
void packAny(const void* x, bool half, int valid, int dim, const double* shift, GramPrecision precision, void* packed,
             double* sums, int first, int stride) {
    if (bf16Layout(precision)) return packBf16(x, half, valid, dim, shift, packed, sums, first, stride);
    if (precision == GramPrecision::Float64) {
        DL_SIMD_DISPATCH(pack, x, half, valid, dim, shift, false, static_cast<double*>(packed), sums, first, stride);
    }
    DL_SIMD_DISPATCH(pack, x, half, valid, dim, shift, precision == GramPrecision::BFloat16,
                     static_cast<float*>(packed), sums, first, stride);
}
}  // namespace

void packBlock(const float* x, int valid, int dim, const double* shift, GramPrecision precision, void* packed,
               double* sums, int first, int stride) {
    packAny(x, false, valid, dim, shift, precision, packed, sums, first, stride);
}

void packBlock(const std::uint16_t* x, int valid, int dim, const double* shift, GramPrecision precision, void* packed,
               double* sums, int first, int stride) {
    packAny(x, true, valid, dim, shift, precision, packed, sums, first, stride);
}

int gramTileCount(int dimPad, GramPrecision precision) {
    const bool f64 = precision == GramPrecision::Float64;
#ifdef DL_SIMD_X86_LEVELS
    if (bf16Layout(precision)) return tilesV4(dimPad, false);  // the bfloat16 tiles have the float AVX-512 shape
#endif
    DL_SIMD_DISPATCH(tiles, dimPad, f64);
}

void gramTiles(const void* packed, int dimPad, GramPrecision precision, int first, int stride, double* gram,
               PrefetchSpread* prefetch) {
    if (bf16Layout(precision)) return gramBf16(packed, dimPad, first, stride, gram, prefetch);
    if (precision == GramPrecision::Float64) {
        DL_SIMD_DISPATCH(gram, static_cast<const double*>(packed), dimPad, first, stride, gram, prefetch);
    }
    DL_SIMD_DISPATCH(gram, static_cast<const float*>(packed), dimPad, first, stride, gram, prefetch);
}

}  // namespace dl::gramk
