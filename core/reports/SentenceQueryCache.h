#pragma once
// What repeated sentence queries (SentenceQuery.h) keep between queries on one worker: the
// embedding set's stored vectors of the run's corpus and the loaded encoder. Without it each
// query read every stored vector back from the project and loaded the model again (1.2 s per
// query at 1.5M x 384); with it a second query costs the encode and the blocked GEMM.
//
// Memory: the vectors are held once, exactly as stored (float16: 1.5M x 384 = 1.15 GB; a
// float32 set twice that) and converted block by block per query, as when read from the
// project, so results equal an uncached query bit for bit. No normalised or float32 second
// copy is kept (1.15 GB is too much to hold twice); the row norms are recomputed per block
// inside the GEMM pass (cheap next to reading the rows).
//
// Invalidation: the vectors are reloaded when the project file, the embedding set (id, dim,
// storage) or the corpus differ, or when the number of encoded rows changed (an encode added
// rows); the encoder when the model path, content hash, precision, device or threads differ.
// Thread affinity: one query at a time, on the worker that owns it; not thread-safe.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "analysis/RowBlockSource.h"
#include "common/Error.h"

namespace dl {

class Store;
class TransformerEncoder;
struct EmbeddingSetInfo;

class SentenceQueryCache {
public:
    SentenceQueryCache();
    ~SentenceQueryCache();
    SentenceQueryCache(const SentenceQueryCache&) = delete;
    SentenceQueryCache& operator=(const SentenceQueryCache&) = delete;

    // The set's rows of `corpusId` as a block source over the held copy (valid until the next
    // call or clear()); reads them from `store` first when what is held is not them.
    Expected<std::unique_ptr<RowBlockSource>> rows(Store& store, const EmbeddingSetInfo& set, std::int64_t corpusId);
    // The encoder held for `identity` (the caller's description of model and options), or null.
    TransformerEncoder* encoder(const std::string& identity) const;
    void keepEncoder(const std::string& identity, std::unique_ptr<TransformerEncoder> encoder);
    void clear();

    std::int64_t heldRows() const { return rows_; }
    std::size_t heldBytes() const { return halves_.size() * 2 + floats_.size() * 4; }
    int vectorLoads() const { return loads_; }  // reads of a whole set so far (tests, benches)

private:
    std::string vectorsKey_, encoderKey_;
    std::int64_t rows_ = 0;
    int dim_ = 0;
    std::vector<std::uint16_t> halves_;  // float16 sets, as stored
    std::vector<float> floats_;          // float32 sets, as stored
    std::unique_ptr<TransformerEncoder> encoder_;
    int loads_ = 0;
};

}  // namespace dl
