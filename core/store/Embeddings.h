#pragma once
// Sentence embeddings in the project: one embedding set per (model, layer, pooling, side,
// normalisation), stored as chunks of consecutive corpus positions (float16 by default).
// Chunks are committed one transaction at a time, so an interrupted encode resumes at
// encodedCount() and re-encoding a complete corpus is a no-op.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/Error.h"
#include "store/Corpora.h"

namespace dl {

class Store;

enum class StorageType { Float16, Float32 };

struct EmbeddingKey {
    std::string model;     // model directory name or HF id, as shown to users (not part of the identity
                        // when modelHash is set: two models in folders named alike differ by content)
    int layer = -1;  // -1 = last layer
    std::string pooling = "mean";
    Side side = Side::Source;
    bool normalized = false;
    std::string modelHash;  // content hash (encode/ModelIdentity.h); "" = identified by name only
    std::string precision = "fp32";  // what the forward pass computed in: fp32, fp16 (CUDA), later bf16/int8
    std::string prefix;  // prompt prepended to every text ("query", "passage"); "" = none
    // The hidden states averaged element-wise into each vector (encode --layer-mean), as stored
    // layer numbers joined by '+' ("8+10"; -1 = last); "" = the one hidden state `layer`. A mean
    // set's `layer` is its deepest layer; the mean is part of the identity, so it is never
    // taken for that layer's own set (no schema change: it lives in the identity column).
    std::string layerMean;

    // The set's unique identity as stored (embedding_sets.model since schema 2):
    // "sha256:HASH|PRECISION[|prefix=NAME][|mean=8+10]", or "name:MODEL|PRECISION..." without a hash.
    std::string identity() const;
    // "layer 10", "last layer" or "mean of layers 8+10", for messages and reports.
    std::string layerLabel() const;
};

struct EmbeddingSetInfo {
    std::int64_t id = 0;
    EmbeddingKey key;
    int dim = 0;
    StorageType storage = StorageType::Float16;
    std::string modelPath;  // where the model was when the set was last encoded ("" = unknown)
};

// Finds or creates the set by key.identity() (a new set needs dim and storage; an existing one
// must agree on dim). A non-empty modelPath is recorded (updated when the model has moved).
Expected<EmbeddingSetInfo> ensureEmbeddingSet(Store& store, const EmbeddingKey& key, int dim, StorageType storage,
                                              const std::string& modelPath = {});
// The set with this key's identity, or nullopt (changes nothing).
Expected<std::optional<EmbeddingSetInfo>> findEmbeddingSet(Store& store, const EmbeddingKey& key);
Expected<std::vector<EmbeddingSetInfo>> listEmbeddingSets(Store& store);
Expected<EmbeddingSetInfo> embeddingSet(Store& store, std::int64_t id);

// Number of sentences of the corpus encoded in this set (a prefix in position order).
Expected<std::int64_t> encodedCount(Store& store, std::int64_t setId, std::int64_t corpusId);
// encodedCount() checked against what the chunks hold: the set's rows x dim values must be
// exactly the bytes stored (a damaged row claiming 2^62 rows fails here, naming the project,
// before anyone allocates for it). Readers that allocate by the count use this one.
Expected<std::int64_t> checkedEncodedCount(Store& store, const EmbeddingSetInfo& set, std::int64_t corpusId);

// One stored chunk: corpus positions [first, first + rows), its raw values (float16 or float32).
struct EmbeddingChunk {
    std::int64_t first = 0, rows = 0;
    std::span<const std::byte> data;  // valid until the next call of next()
};
class Statement;
// The chunks of a set overlapping positions [from, to), in position order, each checked before
// any of its bytes are used: first and rows not negative, first + rows representable, the
// blob exactly rows x dim values, and the chunks tiling [from, to) without gap or overlap.
// Errors are ErrorCode::DamagedEmbeddings naming the project and the position.
class EmbeddingChunkCursor {
public:
    static Expected<EmbeddingChunkCursor> open(Store& store, const EmbeddingSetInfo& set, std::int64_t corpusId,
                                               std::int64_t from, std::int64_t to);
    EmbeddingChunkCursor(EmbeddingChunkCursor&&) noexcept;
    EmbeddingChunkCursor& operator=(EmbeddingChunkCursor&&) noexcept;
    ~EmbeddingChunkCursor();
    // The next chunk, nullopt after the last one (fails when the chunks end before `to`).
    Expected<std::optional<EmbeddingChunk>> next();

private:
    EmbeddingChunkCursor() = default;
    std::unique_ptr<Statement> q_;
    std::string path_;
    int dim_ = 0;
    std::size_t valueSize_ = 2;
    std::int64_t next_ = 0, to_ = 0;
    bool started_ = false;
};

// Appends rows for positions [firstPosition, firstPosition + rows); must follow the prefix.
// The caller owns the transaction.
Status appendEmbeddings(Store& store, std::int64_t setId, std::int64_t corpusId, std::int64_t firstPosition,
                        std::int64_t rows, std::span<const float> data);

// A row-major float32 matrix, rows in corpus position order.
struct EmbeddingMatrix {
    std::int64_t rows = 0;
    int dim = 0;
    std::vector<float> data;
    const float* row(std::int64_t i) const { return data.data() + i * dim; }
};
// Reads the whole (encoded part of the) corpus; fails if nothing is encoded.
Expected<EmbeddingMatrix> loadEmbeddings(Store& store, std::int64_t setId, std::int64_t corpusId);
// Rows for positions [firstPosition, firstPosition + rows) only (one shard of a sharded stage);
// fails when the set does not cover them.
Expected<EmbeddingMatrix> loadEmbeddingRange(Store& store, std::int64_t setId, std::int64_t corpusId,
                                             std::int64_t firstPosition, std::int64_t rows);

// Sets whose EmbeddingKey::model starts with this hold vectors a run derived from an encoder's
// (a cross-lingual run's adapted vectors g(x), Vu et al. Fig. 4), not an encoder's own output.
inline constexpr std::string_view kDerivedSetPrefix = "derived:";

// The most recently created set that covers the whole corpus (for "use what is encoded"); a
// derived set (kDerivedSetPrefix) only when asked for by id, never by this default.
Expected<EmbeddingSetInfo> latestCompleteSet(Store& store, std::int64_t corpusId);

}  // namespace dl
