#include "reports/SentenceQueryCache.h"

#include <cstring>

#include "encode/TransformerEncoder.h"
#include "store/Embeddings.h"
#include "store/Statement.h"
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
    auto total = encodedCount(store, set.id, corpusId);  // one seek: an encode since the last query changes it
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
        auto q = store.prepare(
            "SELECT first_position, rows, data FROM embedding_chunks WHERE set_id=?1 AND corpus_id=?2 AND "
            "first_position < ?3 "
            "ORDER BY first_position");
        if (!q) return std::unexpected(q.error());
        q->bind(1, set.id).bind(2, corpusId).bind(3, *total);
        std::int64_t next = 0;
        for (;;) {
            auto row = q->step();
            if (!row) return std::unexpected(row.error());
            if (!*row) break;
            const std::int64_t first = q->int64(0), count = q->int64(1);
            auto blob = q->blob(2);
            const auto chunkValues = static_cast<std::size_t>(count) * static_cast<std::size_t>(set.dim);
            if (first != next || first + count > *total || blob.size() != chunkValues * bytesPerValue)
                return fail(ErrorCode::DamagedEmbeddings, {store.path(), std::to_string(first)},
                            "The project " + store.path() + " has a damaged embedding chunk at position " +
                                std::to_string(first) + ".");
            std::memcpy(static_cast<char*>(out) + static_cast<std::size_t>(first) * set.dim * bytesPerValue,
                        blob.data(), blob.size());
            next = first + count;
        }
        if (next != *total)
            return fail(ErrorCode::DamagedEmbeddings, {store.path(), std::to_string(next)},
                        "The project " + store.path() + " has fewer embedding rows than it reports.");
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
