#pragma once
// Sentence embeddings in the project: one embedding set per (model, layer, pooling, side,
// normalisation), stored as chunks of consecutive corpus positions (float16 by default).
// Chunks are committed one transaction at a time, so an interrupted encode resumes at
// encodedCount() and re-encoding a complete corpus is a no-op.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "common/Error.h"
#include "store/Corpora.h"

namespace dl {

class Store;

enum class StorageType { Float16, Float32 };

struct EmbeddingKey {
    std::string model;     // model directory name or HF id, as shown to users
    int layer = -1;        // -1 = last layer
    std::string pooling = "mean";
    Side side = Side::Source;
    bool normalized = false;
};

struct EmbeddingSetInfo {
    std::int64_t id = 0;
    EmbeddingKey key;
    int dim = 0;
    StorageType storage = StorageType::Float16;
};

// Finds or creates the set (a new set needs dim and storage; an existing one must agree on dim).
Expected<EmbeddingSetInfo> ensureEmbeddingSet(Store& store, const EmbeddingKey& key, int dim, StorageType storage);
Expected<std::vector<EmbeddingSetInfo>> listEmbeddingSets(Store& store);
Expected<EmbeddingSetInfo> embeddingSet(Store& store, std::int64_t id);

// Number of sentences of the corpus encoded in this set (a prefix in position order).
Expected<std::int64_t> encodedCount(Store& store, std::int64_t setId, std::int64_t corpusId);
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

// The most recently created set that covers the whole corpus (for "use what is encoded").
Expected<EmbeddingSetInfo> latestCompleteSet(Store& store, std::int64_t corpusId);

}  // namespace dl
