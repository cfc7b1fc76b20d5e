#pragma once
// The intrinsics half of GramKernels (private to GramKernels.cpp): float16 -> float32 rows
// through F16C, and the bfloat16 Gram on AVX512_BF16 (vdpbf16ps), in the layout described in
// GramKernels.h. Each function is compiled for its own target; call the bfloat16 ones only when
// cpuHasAvx512Bf16(), the F16C one only at the x86-64-v3 level or above.
#include <cstdint>

#include "kernels/GramKernels.h"

namespace dl::gramk {

// Whether `precision` runs on vdpbf16ps here (bfloat16, AVX512_BF16, the AVX-512 level in use).
bool bf16Layout(GramPrecision precision);

void halfRowF16c(const std::uint16_t* h, float* f, int n);
// Columns [0, width <= 16) of `rows` float16 rows (stride dim) as a strip of 16 floats per row
// (zero beyond width).
void halfStripF16c(const std::uint16_t* h, int dim, int rows, int width, float* strip);

// Packs panels first, first + stride, ... of rows [0, valid) of x (float32, or float16 when
// half) minus shift as bfloat16 row pairs; sums += those columns' sums of the float32 y rows.
void packBf16(const void* x, bool half, int valid, int dim, const double* shift, void* packed, double* sums, int first,
              int stride);
// The bfloat16 Gram tiles t = first, first + stride, ... (8 rows x 48 columns each).
void gramBf16(const void* packed, int dimPad, int first, int stride, double* gram, PrefetchSpread* prefetch);

// The bfloat16 projection on vdpbf16ps (ProjectionKernelsBf16.cpp): rows minus mean rounded
// into y (rows x bf16RowStride(dim) values), then register tiles; see projectRowsBf16.
void projectBf16(const void* x, bool half, int rows, int dim, const ProjectionAxesBf16& axes, const float* mean,
                 std::uint16_t* y, float* out, PrefetchSpread* prefetch);

}  // namespace dl::gramk
