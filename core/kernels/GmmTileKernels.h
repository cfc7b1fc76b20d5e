#pragma once
// SIMD kernels of the tiled GMM pass (GmmTilePass.cpp), private to core/analysis.
//
// Layouts (all row-major, T = float or double):
// - z tile: `rows` rows of stride mPad = [features (m), x (d), 1, zeros]; mPad a multiple of
//   16. rows is a multiple of 16.
// - components in panels of kGmmLanes: q and s are panels x mPad x kGmmLanes, w and r are
//   rows x (panels·kGmmLanes).
// Each kernel is compiled for x86-64-v4 (AVX-512), x86-64-v3 (AVX2) and baseline x86-64 and
// picked at run time, so the project itself stays built for baseline x86-64.
#include <cstdint>

#include "kernels/GmmTilePass.h"
#include "kernels/SimdLevel.h"

namespace dl::gmmtile {

inline constexpr int kGmmLanes = 16;

// Instruction-set level of the kernels (shared with the PCA kernels, see SimdLevel.h).
using dl::bestSimdLevel;
using dl::SimdLevel;
using dl::simdLevel;
using dl::useSimdLevel;

// Rows [0, valid) from x (stride d), rows [valid, rows) zero. The buffer needs 16 elements
// of slack after rows·mPad (vector stores run past a row's end; the next row overwrites it).
void buildFeatures(GmmFeatureKind kind, const double* x, int valid, int rows, int d, int mPad, double* z);
void buildFeatures(GmmFeatureKind kind, const float* x, int valid, int rows, int d, int mPad, float* z);

// w = z·q (overwrites w).
void eStep(const double* z, int rows, int mPad, const double* q, int panels, double* w);
void eStep(const float* z, int rows, int mPad, const float* q, int panels, float* w);

// s += rᵀ·z.
void mStep(const double* z, int rows, int mPad, const double* r, int panels, double* s);
void mStep(const float* z, int rows, int mPad, const float* r, int panels, float* s);

}  // namespace dl::gmmtile
