#pragma once
// Exact nearest neighbours by cosine similarity: a few query vectors against every row of a
// (possibly 1.5M-row, float16-stored) matrix, read block by block from a RowBlockSource so
// no float32 copy of the whole matrix exists. Each block is one GEMM (block x dim times
// dim x queries) followed by a per-query top-k merge; exact, no index. Rows with norm 0 never
// match (cosine undefined). Ties break towards the lower row so results are reproducible.
// Runs on the caller's thread (the worker); torch stays in the .cpp.
#include <cstdint>
#include <span>
#include <vector>

#include "analysis/RowBlockSource.h"
#include "common/Error.h"
#include "jobs/Progress.h"

namespace dl {

struct Neighbour {
    std::int64_t row = 0;  // row of the source (corpus position for stored embeddings)
    float cosine = 0;
};

struct NeighbourParams {
    int k = 20;                       // neighbours per query
    std::int64_t blockRows = 32768;   // rows per GEMM (bounded memory: blockRows x dim floats)
};

// queries: queryCount x rows.cols() floats, row-major. Result: one list per query, best first,
// at most k entries (fewer when the matrix has fewer rows with a non-zero norm).
Expected<std::vector<std::vector<Neighbour>>> nearestByCosine(RowBlockSource& rows, std::span<const float> queries,
                                                              int queryCount, const NeighbourParams& params,
                                                              ProgressSink& progress, const CancelToken& cancel);

}  // namespace dl
