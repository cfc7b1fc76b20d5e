#pragma once
// SIMD kernels of PCA's covariance and projection passes (analysis/GramPass.cpp,
// analysis/PcaProjectionPass.cpp). No torch, no store, no jobs: the passes run at the FMA (or BF16 dot-product) rate of
// the CPU.
//
// Packed block: kGramBlockRows rows of y = x - shift, in panels of kGramPanelCols columns
// (dimPad columns in all, zero beyond dim; rows beyond the valid ones zero):
// - float64 / float32: panel p is kGramBlockRows x 16 values, row after row;
// - bfloat16: panel p is kGramBlockRows/2 row pairs of 16 columns x 2 rows (the operand order
//   of AVX512_BF16's vdpbf16ps, which sums the products of two rows per lane).
// The Gram tiles cover the upper triangle; a tile is computed by one thread over the whole
// block, so the sums do not depend on how many threads share the tiles.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "kernels/SimdLevel.h"

namespace dl::gramk {

inline constexpr int kGramPanelCols = 16;
inline constexpr int kGramBlockRows = 512;  // 512 x 384 x 4 bytes = 768 KB (float32): stays in L2
inline constexpr int kMaxKernelDim = 4096;  // wider rows (no encoder we know) take the torch path

// float64: y = x - shift in float64, products exact, sums in float64 (the sums of a row set do
//          not depend on how it is split into blocks or ranks beyond float64 rounding).
// float32: y in float32 (scikit-learn's work), products and per-block sums in float32, blocks
//          summed in float64 (Σy: float32 runs of 32 rows, added in float64).
// bfloat16: y rounded to bfloat16 (8 significant bits), products exact, sums as float32.
enum class GramPrecision { Float64, Float32, BFloat16 };

// Columns of a packed block: dim rounded up to the widest tile (48 columns).
int paddedDim(int dim);
// Bytes of one packed block.
std::size_t packedBytes(int dimPad, GramPrecision precision);
// Whether bfloat16 products run on the CPU's dot-product unit (AVX512_BF16); without it the
// bfloat16 Gram rounds y the same way and multiplies in float32 (same products, exact).
bool hasBf16Dot();

// Packs the panels p = first, first + stride, ... of rows [0, valid) of x (row stride
// dim <= kMaxKernelDim; float32 or IEEE float16) minus shift (dim doubles); when sums is not
// null, adds the column sums of those panels' (unrounded) y rows to it (dim doubles). Threads
// packing disjoint panels of one block touch disjoint memory.
void packBlock(const float* x, int valid, int dim, const double* shift, GramPrecision precision, void* packed,
               double* sums, int first = 0, int stride = 1);
void packBlock(const std::uint16_t* x, int valid, int dim, const double* shift, GramPrecision precision, void* packed,
               double* sums, int first = 0, int stride = 1);

// Number of upper-triangle tiles of a dimPad x dimPad Gram at the current SIMD level.
int gramTileCount(int dimPad, GramPrecision precision);
// Prefetches of the next block's input, spread over the tiles of the current one (one step per
// tile), so that packing it reads from L2 rather than memory.
struct PrefetchSpread {
    const char* next = nullptr;
    std::size_t bytes = 0;
    std::size_t bytesPerStep = 0;
    void step() {
        for (std::size_t done = 0; done < bytesPerStep && bytes >= 64; done += 64, next += 64, bytes -= 64)
            __builtin_prefetch(next, 0, 2);
    }
    // The next step's lines for a kernel that issues them itself, one per turn of its inner
    // loop: issued as one burst (step()), they filled the core's miss queue and stalled the
    // bfloat16 tiles (projection of streamed rows: 72 -> 59 us per 256-row chunk when spread).
    struct Lines {
        const char* at = nullptr;
        int count = 0;
        void issue(int i) const {
            if (i < count) __builtin_prefetch(at + std::size_t(i) * 64, 0, 2);
        }
    };
    Lines claim() {
        if (bytes < 64) return {};
        const std::size_t lines = std::min(bytesPerStep, bytes) / 64;
        const Lines claimed{next, static_cast<int>(lines)};
        next += lines * 64;
        bytes -= lines * 64;
        return claimed;
    }
};

// gram (dimPad x dimPad float64, row-major; upper triangle and the diagonal tiles' lower part)
// += the tiles t = first, first + stride, ... of packedᵀ·packed.
void gramTiles(const void* packed, int dimPad, GramPrecision precision, int first, int stride, double* gram,
               PrefetchSpread* prefetch = nullptr);

// Projection. The first kMain output columns are computed as register tiles of rows x output
// vectors from `main` (dim x kMain floats: axis j in column j, zero from k on); the last
// k - kMain columns (a few leftovers, when a mostly empty output vector would cost more) as
// dot products with `rest` (one row of dim values per column).
int projectionMainColumns(int k);  // a multiple of 16
struct ProjectionAxes {
    const float* main = nullptr;
    int kMain = 0;
    const float* rest = nullptr;
    int k = 0;
};
// out[r·k + j] = Σ_c x[r·dim + c]·axis_j[c] - offset[j] for rows [0, rows). scratch: rows x dim
// floats for the float16 variant (converted there).
void projectRows(const float* x, int rows, int dim, const ProjectionAxes& axes, const float* offset, float* out);
void projectRows(const std::uint16_t* x, int rows, int dim, const ProjectionAxes& axes, const float* offset,
                 float* scratch, float* out);

// The bfloat16 projection (PCA fitted with bfloat16 products): y = x - mean and the axes
// rounded to bfloat16, products exact, sums in float32:
//   out[r·k + j] = Σ_c bf16(x[r·dim + c] - mean[c])·bf16(axis_j[c]).
// On AVX512_BF16 (bf16Layout) from `pairs`, on vdpbf16ps; elsewhere the float32 kernels run
// over the same rounded values (`rounded`: the axes rounded to bfloat16, as floats).
struct ProjectionAxesBf16 {
    const std::uint32_t* pairs =
        nullptr;  // dim/2 (rounded up) x kMain words: (axis_j[2p], axis_j[2p+1]) at [p·kMain + j]
    const std::uint16_t* rest = nullptr;  // the last k - kMain axes, bf16RowStride(dim) values each
    ProjectionAxes rounded;  // kMain, k and the rounded axes as floats
};
int bf16RowStride(int dim);  // dim rounded up to 32 (one vdpbf16ps operand)
// Scratch bytes for `rows` rows of either path.
std::size_t bf16ProjectionScratchBytes(int rows, int dim);
// prefetch: the next rows this thread will project, brought into L2 while the tiles run.
void projectRowsBf16(const float* x, int rows, int dim, const ProjectionAxesBf16& axes, const float* mean,
                     void* scratch, float* out, PrefetchSpread* prefetch = nullptr);
void projectRowsBf16(const std::uint16_t* x, int rows, int dim, const ProjectionAxesBf16& axes, const float* mean,
                     void* scratch, float* out, PrefetchSpread* prefetch = nullptr);

}  // namespace dl::gramk
