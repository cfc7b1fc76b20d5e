#include "reports/SentenceQueryCache.h"

#include <cstdint>
#include <cstring>

#include "encode/TransformerEncoder.h"
#include "store/Embeddings.h"
#include "store/Store.h"

namespace dl {

SentenceQueryCache::SentenceQueryCache() = default;
SentenceQueryCache::~SentenceQueryCache() = default;

void SentenceQueryCache::clear() {
    vectorsKey_.clear();
    encoderKey_.clear();
    rows_ = 0;
    dim_ = 0;
    halves_ = {};
    floats_ = {};
    encoder_.reset();
}

Expected<std::unique_ptr<RowBlockSource>> SentenceQueryCache::rows(Store& store, const EmbeddingSetInfo& set,
                                                                   std::int64_t corpusId) {
    // An encode since the last query changes the count; the stored bytes are checked against it
    // before anything is allocated by it.
    auto total = checkedEncodedCount(store, set, corpusId);
    if (!total) return std::unexpected(total.error());
    if (*total == 0)
        return fail(ErrorCode::NothingEncoded, {set.key.model},
                    "Nothing of this corpus is encoded with " + set.key.model + " yet (run `encode` first).");
    const bool half = set.storage == StorageType::Float16;
    const std::string key = store.path() + '\n' + std::to_string(set.id) + '\n' + std::to_string(corpusId) + '\n' +
                            std::to_string(*total) + '\n' + std::to_string(set.dim) + (half ? "h" : "f");
    if (key != vectorsKey_) {
        vectorsKey_.clear();  // nothing half-loaded is ever taken for the set
        halves_ = {};
        floats_ = {};
        const auto values = static_cast<std::size_t>(*total) * static_cast<std::size_t>(set.dim);
        if (half) halves_.resize(values);
        else floats_.resize(values);
        auto* out = half ? static_cast<void*>(halves_.data()) : static_cast<void*>(floats_.data());
        const std::size_t bytesPerValue = half ? 2 : 4;
        auto chunks = EmbeddingChunkCursor::open(store, set, corpusId, 0, *total);
        if (!chunks) return std::unexpected(chunks.error());
        for (;;) {  // the cursor checks each chunk (shape, bytes, tiling [0, total)) before it is copied
            auto chunk = chunks->next();
            if (!chunk) return std::unexpected(chunk.error());
            if (!*chunk) break;
            const EmbeddingChunk& c = **chunk;
            std::memcpy(static_cast<char*>(out) + static_cast<std::size_t>(c.first) * set.dim * bytesPerValue,
                        c.data.data(), c.data.size());
        }
        rows_ = *total;
        dim_ = set.dim;
        vectorsKey_ = key;
        ++loads_;
    }
    if (!halves_.empty()) return halfRowBlocks(halves_, rows_, dim_);
    return floatRowBlocks(floats_, rows_, dim_);
}

TransformerEncoder* SentenceQueryCache::encoder(const std::string& identity) const {
    return encoder_ && identity == encoderKey_ ? encoder_.get() : nullptr;
}

void SentenceQueryCache::keepEncoder(const std::string& identity, std::unique_ptr<TransformerEncoder> encoder) {
    encoder_ = std::move(encoder);
    encoderKey_ = encoder_ ? identity : std::string();
}

}  // namespace dl
