#pragma once
// What the three sharded stages (encode, assign, score) share: the rows of shard I/N of a
// corpus (contiguous positions, hence contiguous sorted sentence ids), the skip test of a
// rerun, and the finish: data file renamed into place, then the manifest (ShardManifest.h).
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "common/Sha256.h"
#include "jobs/Progress.h"
#include "shard/ShardFile.h"
#include "shard/ShardManifest.h"
#include "shard/ShardSpec.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"

namespace dl {

class Store;

struct ShardRows {
    CorpusInfo corpus;
    ShardSpec spec;
    std::int64_t firstPosition = 0;  // rows [firstPosition, firstPosition + ids.size())
    std::vector<std::int64_t> ids;   // sentence ids, ascending
};
Expected<ShardRows> shardRows(Store& store, const CorpusInfo& corpus, const ShardSpec& spec);

// The corpus a stage applies a run to: `name`, or the run's own corpus when empty.
Expected<CorpusInfo> corpusForRun(Store& store, std::int64_t runCorpusId, const std::string& name);

// The identity of the rows a shard was made from (ShardManifest::rowsSha256): SHA-256 over each
// row's sentence id (8 bytes, little-endian) and its source and target text (each preceded by
// its byte length, 8 bytes), in position order. Fed by the worker as it reads its rows; merge
// computes it again from the project's rows (digestRows).
class RowsDigest {
public:
    void add(const Sentence& sentence);
    std::string hexDigest() { return sha_.hexDigest(); }

private:
    Sha256 sha_;
};
// RowsDigest of `rows` sentences of a corpus from `firstPosition` on (fewer in the corpus: an error).
Expected<std::string> digestRows(Store& store, const CorpusInfo& corpus, std::int64_t firstPosition, std::int64_t rows,
                                 const CancelToken& cancel);

// The shard's vectors: the set's rows, or the element-wise mean of several sets' rows
// (accumulated in double, as analysis/LayerSets' loadLayerMean).
Expected<EmbeddingMatrix> shardEmbeddings(Store& store, const ShardRows& rows, const std::vector<std::int64_t>& setIds);
// The shard's source (or target) sentences, in row order; each row also into `digest` when given.
Expected<std::vector<std::string>> shardTexts(Store& store, const ShardRows& rows, bool target = false,
                                              RowsDigest* digest = nullptr);

// The corpus fields every shard's parameters carry, so merge can check it is the same corpus.
nlohmann::json corpusIdentity(const CorpusInfo& corpus);

struct ShardOutcome {
    bool skipped = false;  // a valid shard with these parameters was already there
    ShardManifest manifest;
    std::filesystem::path manifestPath;
};

// A worker's output in progress: the data file (with the ids array written first).
class ShardOutput {
public:
    // Creates the folder if needed and opens "<job>-<I>-of-<N>.bin.tmp".
    static Expected<ShardOutput> open(const std::filesystem::path& dir, const std::string& job, const ShardRows& rows);
    ShardFileWriter& data() { return *writer_; }
    // Renames the data file into place, then writes the manifest (the completion marker).
    // rowsSha256: the RowsDigest of the rows the worker read.
    Expected<ShardOutcome> finish(const nlohmann::json& params, const std::string& modelHash,
                                  const std::string& rowsSha256);

private:
    std::filesystem::path dir_;
    std::string job_;
    ShardSpec spec_;
    std::int64_t firstId_ = 0, lastId_ = -1, rows_ = 0;
    std::unique_ptr<ShardFileWriter> writer_;
};

// The outcome of a rerun whose shard is already complete (nullopt when it must run).
std::optional<ShardOutcome> finishedShard(const std::filesystem::path& dir, const std::string& job,
                                          const ShardSpec& spec, const nlohmann::json& params);

}  // namespace dl
