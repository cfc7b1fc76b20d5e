#pragma once
// Private to the SIMD kernel files of core/analysis (GramKernels.cpp, ProjectionKernels.cpp):
// the vector types and register-tile shapes per element type and vector width W (64 bytes for
// x86-64-v4, 32 for x86-64-v3, 16 for baseline x86-64). Only templates: each kernel file
// instantiates them inside functions compiled for one level. (No ATen here despite the *Impl
// name: it is an implementation detail of two files, not a component.)
#include "kernels/GramKernels.h"

namespace dl::gramk {

inline constexpr int kWidestTile = 48;  // JP·16 at W = 64 (float); every tile shape divides it

// Tile shapes per element type and vector width, from the register count (32 at W = 64, 16
// below): half or more of the registers hold accumulators, the rest the j row and a broadcast.
template <class T, int W>
struct Simd {
    typedef T V __attribute__((vector_size(W)));
    static constexpr bool F = sizeof(T) == 4;
    static constexpr int L = W / int(sizeof(T));                   // lanes
    static constexpr int NV = kGramPanelCols / L;                  // vectors per panel row
    static constexpr int JP = W == 64 ? 3 : 1;                     // panels per Gram tile
    static constexpr int MR = W == 64 ? (F ? 8 : 4) : W == 32 ? (F ? 4 : 2) : (F ? 2 : 1);  // i rows
    static_assert(JP * kGramPanelCols % MR == 0 && kWidestTile % (JP * kGramPanelCols) == 0);
    static constexpr int PV = W == 64 ? 4 : 2;                     // vectors per projection column group, at most
};

// Half a register of floats (the float32 lanes that widen to one register of doubles).
template <int W>
struct HalfWidth {
    typedef float V __attribute__((vector_size(W / 2)));
};

}  // namespace dl::gramk
