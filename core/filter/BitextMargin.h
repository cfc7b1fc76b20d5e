#pragma once
// The cross-lingual similarity of the pairs of a parallel corpus, margin-based as LASER and
// LaBSE bitext mining score it (Artetxe & Schwenk 2019, "Margin-based parallel corpus mining
// with multilingual sentence embeddings", the ratio margin): for the pair (x_i, y_i) of unit
// vectors of one multilingual encoder,
//   margin_i = cos(x_i, y_i) / ((mean of the k highest cos(x_i, y_j) over all targets j
//                                + mean of the k highest cos(y_i, x_j) over all sources j) / 2).
// The neighbourhoods include the pair's own other side, as in the paper's mining. A pair whose
// sides are each other's nearest neighbours in a crowded region scores about 1; a misaligned
// pair, whose cosine is far below its sides' neighbourhoods, well below 1. It is the compute
// half of `filter --kind bitext --margin-min M` (FindNoisyPairs.cpp reads both sides' vectors
// and stores the scores). The k-NN is exact: blocked GEMM (Eigen) of blockRows x blockRows
// tiles, one tile and k floats per row per worker besides the vectors (2 x n x dim float32),
// the CancelToken polled per tile.
#include <cstdint>
#include <span>
#include <vector>

#include "common/CancelToken.h"
#include "common/Error.h"

namespace dl {

struct MarginOptions {
    int k = 4;  // neighbours per side (the paper's k = 4); at most n
    std::int64_t blockRows = 512;
    int threads = 0;  // 0 = every core
};

struct MarginResult {
    std::vector<float> margin;  // per pair; 0 for a pair with a zero vector or a non-positive neighbourhood
    std::vector<float> cosine;  // cos(x_i, y_i)
    std::vector<float> knnSrc;  // mean cos of x_i's k nearest targets
    std::vector<float> knnTgt;  // mean cos of y_i's k nearest sources
    std::int64_t zeroVectors = 0;
};

// src, tgt: n x dim row-major, row i of each a pair (any norm; normalised here).
Expected<MarginResult> ratioMargins(std::vector<float> src, std::vector<float> tgt, int dim,
                                    const MarginOptions& options, const CancelToken& cancel);

}  // namespace dl
