#pragma once
// `filter PROJECT --corpus C --kind near-dup [options] --shard I/N --out DIR`: one worker of a
// sharded near-duplicate filter (docs/cleaning.md, "Sharded filtering"). Reads the project
// read-only, computes the per-sentence part of the pass for shard I of the corpus, each
// sentence's MinHash signature (filter/NearDup.h nearDupSignatures), and writes
// DIR/filter-I-of-N.bin (arrays "ids" int64, "signatures_src" and, with --sides either,
// "signatures_tgt": rows x permutations uint32 stored as int32) plus its manifest, whose params
// carry the corpus's identity and the filter's parameters (threads left out: they change
// nothing). `merge PROJECT DIR` bands every signature, verifies the candidates and stores ONE
// filter run equal to the unsharded run (shard/MergeFilter.cpp).
//
// Only near-dup is sharded. semantic-dup needs every vector of a cluster together and stays
// unsharded; langid, bitext and decontaminate are refused until their shards are built.
#include <filesystem>

#include "common/Error.h"
#include "filter/FilterJob.h"
#include "jobs/Progress.h"
#include "shard/ShardSpec.h"
#include "shard/ShardWork.h"

namespace dl {

class Store;

inline constexpr const char* kFilterShardJob = "filter";

struct FilterShardParams {
    FilterParams filter;
    ShardSpec shard;
    std::filesystem::path outDir;
};

// A usage error naming --shard for the kinds (and options) that cannot run in shards.
Status checkFilterShardable(const FilterParams& params);

Expected<ShardOutcome> runFilterShard(FilterShardParams params, Store& store, ProgressSink& progress,
                                      const CancelToken& cancel);

// What a filter shard records as its parameters, and the FilterParams back from them (the merge).
nlohmann::json filterShardParams(const CorpusInfo& corpus, const FilterParams& params);
Expected<FilterParams> filterParamsOfShard(const nlohmann::json& shardParams, const std::string& where);

}  // namespace dl
