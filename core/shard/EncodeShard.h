#pragma once
// `encode --shard I/N --out DIR`: one worker of a sharded encode. Reads the project read-only
// (OpenMode::SharedReadOnly: nothing is written beside it), encodes only the sentences of
// shard I of the corpus side, and writes DIR/encode-I-of-N.bin (arrays "ids" int64, "vectors"
// float16 or float32 rows x dim, and the shard's PCA statistics "moment_count", "moment_sum",
// "moment_outer" of the stored vectors, float64) plus its manifest. A shard already complete
// with the same parameters is skipped, so re-running a whole array redoes only what is missing.
// The vectors are those the project encode would store: same model (by content), layer,
// pooling, prompt, normalisation and precision; `merge` brings them into the embedding set.
#include <filesystem>

#include "common/Error.h"
#include "encode/EncodeJob.h"
#include "encode/EncodePlan.h"
#include "jobs/Progress.h"
#include "shard/ShardSpec.h"
#include "shard/ShardWork.h"

namespace dl {

class Store;

struct EncodeShardParams {
    EncodeParams encode;  // one layer (encode.layer); encode.corpus "" = the project's only corpus
    ShardSpec shard;
    std::filesystem::path outDir;
};

Expected<ShardOutcome> runEncodeShard(const EncodeShardParams& params, Store& store, ProgressSink& progress,
                                      const CancelToken& cancel);

// The parameters an encode shard records (and merge rebuilds the embedding key from).
nlohmann::json encodeShardParams(const EncodePlan& plan, const EncodeParams& params, const EmbeddingKey& key, int dim);

}  // namespace dl
