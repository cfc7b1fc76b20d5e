#pragma once
// The PCA statistics an encode merge stored (MergeJob.h: blobs moment_count/sum/outer of its
// "merge" run), found for an embedding set and a corpus: `cluster --pca-from-merge` fits its
// PCA from them instead of a pass over every vector. They describe the vectors as stored
// (float16 rounding included) of every row of the corpus, so the PCA equals the all-rows PCA
// of the raw vectors; L2 normalisation, standardisation and layer means change the vectors
// and cannot use them.
#include <cstdint>

#include "analysis/MomentStats.h"
#include "common/Error.h"

namespace dl {

class Store;

struct MergedMoments {
    std::int64_t mergeRunId = 0;
    MomentStats stats;
};

// The newest encode merge of set `setId` for corpus `corpusId` whose statistics count
// `sentences` rows; fails naming what is missing (no merge, or one of other rows).
Expected<MergedMoments> mergedMoments(Store& store, std::int64_t setId, std::int64_t corpusId, std::int64_t sentences);

}  // namespace dl
