#pragma once
// `assign RUN --shard I/N --out DIR` and `score RUN --shard I/N --out DIR`: apply a stored
// cluster model (PCA + GMM, analysis/ClusterModel.h) or selection model (seed query,
// classifier, or the n-gram LMs of moore-lewis/axelrod; select/SelectionModel.h) to shard I of a corpus, reading the
// project read-only. Data files: assign-I-of-N.bin ("ids", "labels" int32, "maxprob", "loglik" float64,
// "responsibilities" float64 rows x k, "map2d" float32 rows x 2 = the rows on the cluster
// run's map, when it clustered after a PCA); score-I-of-N.bin ("ids", "scores" float64, NaN =
// excluded as a seed sentence). The model hash of the manifest identifies the run's model, so
// merge never mixes shards of two runs. A complete shard with the same parameters is skipped.
#include <cstdint>
#include <filesystem>
#include <string>

#include "common/Error.h"
#include "jobs/Progress.h"
#include "shard/ShardSpec.h"
#include "shard/ShardWork.h"

namespace dl {

class Store;

struct ApplyShardParams {
    std::int64_t runId = 0;  // 0 = the latest run of the kind
    std::string corpus;      // "" = the run's corpus
    ShardSpec shard;
    std::filesystem::path outDir;
};

Expected<ShardOutcome> runAssignShard(const ApplyShardParams& params, Store& store, ProgressSink& progress,
                                      const CancelToken& cancel);
Expected<ShardOutcome> runScoreShard(const ApplyShardParams& params, Store& store, ProgressSink& progress,
                                     const CancelToken& cancel);

}  // namespace dl
