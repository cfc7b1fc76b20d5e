#pragma once
// Private to core/shard/Merge*.cpp: the per-job import steps of runMerge, each called inside
// the merge's one transaction with verified manifests (ordered by shard index).
#include <cstdint>
#include <vector>

#include "common/Error.h"
#include "jobs/Progress.h"
#include "shard/MergeJob.h"
#include "shard/ShardFile.h"
#include "shard/ShardManifest.h"
#include "store/Corpora.h"

namespace dl {

class Store;

struct MergeInput {
    std::filesystem::path dir;
    std::vector<ShardManifest> shards;
    CorpusInfo corpus;
    std::vector<std::int64_t> corpusIds;  // the corpus's sentence ids in position order
};

// Opens a shard's data file and checks its "ids" against the corpus's ids at the shard's
// positions; returns the reader and the shard's first position.
Expected<std::pair<ShardFileReader, std::int64_t>> openShardData(const MergeInput& in, const ShardManifest& shard);

Status mergeEncode(const MergeInput& in, Store& store, MergeResult& result, ProgressSink& progress,
                   const CancelToken& cancel);
Status mergeAssign(const MergeInput& in, Store& store, MergeResult& result, ProgressSink& progress,
                   const CancelToken& cancel);
// filter (near-dup): signatures banded together, ONE filter run (shard/MergeFilter.cpp).
Status mergeFilter(const MergeInput& in, Store& store, MergeResult& result, ProgressSink& progress,
                   const CancelToken& cancel);
Status mergeScore(const MergeInput& in, Store& store, MergeResult& result, ProgressSink& progress,
                  const CancelToken& cancel);

}  // namespace dl
