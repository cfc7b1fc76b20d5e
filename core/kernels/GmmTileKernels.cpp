// SIMD kernels of the tiled GMM pass (see GmmTileKernels.h).
//
// Written with GCC vector extensions in the register width of the CPU: each kernel body is a
// template on the vector width W, instantiated in functions compiled for x86-64-v4 (AVX-512,
// W = 64, 32 registers), x86-64-v3 (AVX2 + FMA, W = 32, 16 registers) and baseline x86-64
// (W = 16), and picked once at run time (__builtin_cpu_supports). A vector wider than the
// target's registers would be split by GCC into scalar code (~50x slower), hence no single
// width. The micro-kernels keep half the vector registers as accumulators (rows or features x
// 16 component lanes) and broadcast one z value per FMA row, so they are bound by the FMA
// units, not by loads. The project compiles as gnu++23, whose default -ffp-contract=fast turns
// `acc += a * b` into FMAs.
#include "kernels/GmmTileKernels.h"

#include <algorithm>
#include <cstddef>

namespace dl::gmmtile {
namespace {

// W bytes of T; Acc accumulators per micro-kernel (half the target's vector registers).
template <class T, int W>
struct Simd {
    typedef T V __attribute__((vector_size(W)));
    static constexpr int L = W / int(sizeof(T));  // lanes
    static constexpr int NV = kGmmLanes / L;      // vectors per 16 component lanes
    static constexpr int Acc = W == 64 ? 16 : 8;
    static constexpr int MR = Acc / NV;           // rows (E-step) or features (M-step) per kernel
};

// Features per E-step chunk: the chunk of a q panel (kChunk x 16 values) stays in L2 even for
// wide data (d = 384 gives 74k vech features).
constexpr int kChunk = 2048;

template <int W, class T>
[[gnu::always_inline]] inline void vechRow(const T* x, int d, T* z) {
    using V = typename Simd<T, W>::V;
    constexpr int L = Simd<T, W>::L, kMaxD = 1024;
    if (d > kMaxD) {  // wider than any encoder we ship: plain loop
        for (int a = 0; a < d; ++a)
            for (int b = a; b < d; ++b) *z++ = x[a] * x[b];
        return;
    }
    T xp[kMaxD + L];  // the row with zero slack: vector loads run up to L-1 past its end
    std::copy(x, x + d, xp);
    std::fill(xp + d, xp + d + L, T(0));
    T* out = z;
    for (int a = 0; a < d; ++a) {
        const T xa = xp[a];
        for (int b = a; b < d; b += L) {  // the tail overruns into the next segment, written after
            V v;
            __builtin_memcpy(&v, xp + b, sizeof v);
            v = xa * v;
            __builtin_memcpy(out + (b - a), &v, sizeof v);
        }
        out += d - a;
    }
}

template <int W, class T>
[[gnu::always_inline]] inline void squareRow(const T* x, int d, T* z) {
    using V = typename Simd<T, W>::V;
    constexpr int L = Simd<T, W>::L;
    int a = 0;
    for (; a + L <= d; a += L) {
        V v;
        __builtin_memcpy(&v, x + a, sizeof v);
        v = v * v;
        __builtin_memcpy(z + a, &v, sizeof v);
    }
    for (; a < d; ++a) z[a] = x[a] * x[a];
}

template <int W, class T>
[[gnu::always_inline]] inline void buildBody(GmmFeatureKind kind, const T* x, int valid, int rows, int d, int mPad,
                                             T* z) {
    const int m = gmmFeatureCount(kind, d);
    for (int i = 0; i < rows; ++i) {
        T* zr = z + std::size_t(i) * mPad;
        if (i >= valid) {
            std::fill(zr, zr + mPad, T(0));
            continue;
        }
        const T* xr = x + std::size_t(i) * d;
        switch (kind) {
        case GmmFeatureKind::Full: vechRow<W>(xr, d, zr); break;
        case GmmFeatureKind::Diag: squareRow<W>(xr, d, zr); break;
        case GmmFeatureKind::Spherical: {
            T s = 0;
            for (int a = 0; a < d; ++a) s += xr[a] * xr[a];
            zr[0] = s;
            break;
        }
        }
        std::copy(xr, xr + d, zr + m);
        zr[m + d] = T(1);
        std::fill(zr + m + d + 1, zr + mPad, T(0));
    }
}

// MR x NV vector accumulators (MR rows or features, 16 component lanes each), kept in
// registers once the kernels are inlined and unrolled.
template <class T, int W>
struct AccTile {
    using S = Simd<T, W>;
    using V = typename S::V;
    V acc[S::MR][S::NV];

    // Row i at p + i·stride.
    [[gnu::always_inline]] void load(const T* p, std::size_t stride) {
#pragma GCC unroll 16
        for (int i = 0; i < S::MR; ++i)
#pragma GCC unroll 4
            for (int v = 0; v < S::NV; ++v) __builtin_memcpy(&acc[i][v], p + i * stride + v * S::L, sizeof(V));
    }
    [[gnu::always_inline]] void store(T* p, std::size_t stride) const {
#pragma GCC unroll 16
        for (int i = 0; i < S::MR; ++i)
#pragma GCC unroll 4
            for (int v = 0; v < S::NV; ++v) __builtin_memcpy(p + i * stride + v * S::L, &acc[i][v], sizeof(V));
    }
    [[gnu::always_inline]] void zero() {
#pragma GCC unroll 16
        for (int i = 0; i < S::MR; ++i)
#pragma GCC unroll 4
            for (int v = 0; v < S::NV; ++v) acc[i][v] = V{};
    }
    // acc[i] += b[i·bStride] · lanes (16 values at `lanes`).
    [[gnu::always_inline]] void fma(const T* b, std::size_t bStride, const T* lanes) {
        V x[S::NV];
#pragma GCC unroll 4
        for (int v = 0; v < S::NV; ++v) __builtin_memcpy(&x[v], lanes + v * S::L, sizeof(V));
#pragma GCC unroll 16
        for (int i = 0; i < S::MR; ++i) {
            const T bi = b[i * bStride];
#pragma GCC unroll 4
            for (int v = 0; v < S::NV; ++v) acc[i][v] += bi * x[v];
        }
    }
};

// W = Z·Q: per panel, MR rows at a time over the features (in chunks of kChunk).
template <int W, class T>
[[gnu::always_inline]] inline void eStepBody(const T* z, int rows, int mPad, const T* q, int panels, T* w) {
    constexpr int MR = Simd<T, W>::MR;
    const std::size_t kp = std::size_t(panels) * kGmmLanes;
    for (int m0 = 0; m0 < mPad; m0 += kChunk) {
        const int m1 = std::min(mPad, m0 + kChunk);
        for (int p = 0; p < panels; ++p) {
            const T* qp = q + std::size_t(p) * mPad * kGmmLanes;
            for (int r0 = 0; r0 < rows; r0 += MR) {
                T* wr = w + std::size_t(r0) * kp + std::size_t(p) * kGmmLanes;
                const T* zr = z + std::size_t(r0) * mPad;
                AccTile<T, W> t;
                if (m0 == 0) t.zero();
                else t.load(wr, kp);
                for (int f = m0; f < m1; ++f) t.fma(zr + f, std::size_t(mPad), qp + std::size_t(f) * kGmmLanes);
                t.store(wr, kp);
            }
        }
    }
}

// S += Rᵀ·Z: per panel, MR features at a time over all rows of the tile.
template <int W, class T>
[[gnu::always_inline]] inline void mStepBody(const T* z, int rows, int mPad, const T* r, int panels, T* s) {
    constexpr int MR = Simd<T, W>::MR;
    const std::size_t kp = std::size_t(panels) * kGmmLanes;
    for (int p = 0; p < panels; ++p) {
        T* sp = s + std::size_t(p) * mPad * kGmmLanes;
        const T* rp = r + std::size_t(p) * kGmmLanes;
        for (int f0 = 0; f0 < mPad; f0 += MR) {
            T* sf = sp + std::size_t(f0) * kGmmLanes;
            AccTile<T, W> t;
            t.load(sf, kGmmLanes);
            for (int row = 0; row < rows; ++row) t.fma(z + std::size_t(row) * mPad + f0, 1, rp + std::size_t(row) * kp);
            t.store(sf, kGmmLanes);
        }
    }
}

// The kernels of one instruction-set level.
#define DL_GMM_LEVEL(ATTR, NAME, W)                                                                      \
    template <class T>                                                                                   \
    ATTR void build##NAME(GmmFeatureKind kind, const T* x, int valid, int rows, int d, int mPad, T* z) { \
        buildBody<W>(kind, x, valid, rows, d, mPad, z);                                                  \
    }                                                                                                    \
    template <class T>                                                                                   \
    ATTR void eStep##NAME(const T* z, int rows, int mPad, const T* q, int panels, T* w) {                \
        eStepBody<W>(z, rows, mPad, q, panels, w);                                                       \
    }                                                                                                    \
    template <class T>                                                                                   \
    ATTR void mStep##NAME(const T* z, int rows, int mPad, const T* r, int panels, T* s) {                \
        mStepBody<W>(z, rows, mPad, r, panels, s);                                                       \
    }

DL_GMM_LEVEL(, Base, 16)
#ifdef DL_SIMD_X86_LEVELS
DL_GMM_LEVEL(__attribute__((target("arch=x86-64-v3"))), V3, 32)
DL_GMM_LEVEL(__attribute__((target("arch=x86-64-v4"))), V4, 64)
#endif

}  // namespace

void buildFeatures(GmmFeatureKind kind, const double* x, int valid, int rows, int d, int mPad, double* z) {
    DL_SIMD_DISPATCH(build, kind, x, valid, rows, d, mPad, z);
}
void buildFeatures(GmmFeatureKind kind, const float* x, int valid, int rows, int d, int mPad, float* z) {
    DL_SIMD_DISPATCH(build, kind, x, valid, rows, d, mPad, z);
}
void eStep(const double* z, int rows, int mPad, const double* q, int panels, double* w) {
    DL_SIMD_DISPATCH(eStep, z, rows, mPad, q, panels, w);
}
void eStep(const float* z, int rows, int mPad, const float* q, int panels, float* w) {
    DL_SIMD_DISPATCH(eStep, z, rows, mPad, q, panels, w);
}
void mStep(const double* z, int rows, int mPad, const double* r, int panels, double* s) {
    DL_SIMD_DISPATCH(mStep, z, rows, mPad, r, panels, s);
}
void mStep(const float* z, int rows, int mPad, const float* r, int panels, float* s) {
    DL_SIMD_DISPATCH(mStep, z, rows, mPad, r, panels, s);
}

}  // namespace dl::gmmtile
