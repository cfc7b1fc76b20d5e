// Chunk-by-chunk reading of stored embeddings (see StoreEmbeddingBlocks.h).
#include "analysis/StoreEmbeddingBlocks.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "common/Half.h"
#include "store/Embeddings.h"

namespace dl {

namespace {

class StoreEmbeddingBlocks final : public RowBlockSource {
public:
    StoreEmbeddingBlocks(EmbeddingChunkCursor chunks, std::int64_t rows, int dim, bool half)
        : chunks_(std::move(chunks)), rows_(rows), dim_(dim), half_(half) {}
    std::int64_t rows() const override { return rows_; }
    int cols() const override { return dim_; }

    Status read(std::int64_t first, std::int64_t count, float* out) override {
        while (count > 0) {
            if (first < chunkFirst_) return fail("Internal error: embedding rows must be read in order.");
            if (first >= chunkFirst_ + chunkRows_) {
                if (auto s = nextChunk(); !s) return s;
                continue;
            }
            const std::int64_t take = std::min(count, chunkFirst_ + chunkRows_ - first);
            const auto offset = static_cast<std::size_t>((first - chunkFirst_) * dim_);
            const auto n = static_cast<std::size_t>(take * dim_);
            if (half_) halvesToFloats({halves_.data() + offset, n}, {out, n});
            else std::memcpy(out, floats_.data() + offset, n * sizeof(float));
            out += n;
            first += take;
            count -= take;
        }
        return {};
    }

private:
    // The cursor checks each chunk (shape, bytes, tiling) before its bytes are copied.
    Status nextChunk() {
        auto chunk = chunks_.next();
        if (!chunk) return std::unexpected(chunk.error());
        if (!*chunk) return fail("Internal error: embedding rows read past the end of the set.");
        const EmbeddingChunk& c = **chunk;
        const auto values = static_cast<std::size_t>(c.rows) * static_cast<std::size_t>(dim_);
        if (half_) {
            halves_.resize(values);
            std::memcpy(halves_.data(), c.data.data(), c.data.size());
        } else {
            floats_.resize(values);
            std::memcpy(floats_.data(), c.data.data(), c.data.size());
        }
        chunkFirst_ = c.first;
        chunkRows_ = c.rows;
        return {};
    }

    EmbeddingChunkCursor chunks_;
    std::int64_t rows_;
    int dim_;
    bool half_;
    std::int64_t chunkFirst_ = 0, chunkRows_ = 0;
    std::vector<std::uint16_t> halves_;  // the current chunk, copied out of SQLite
    std::vector<float> floats_;
};

}  // namespace

Expected<std::unique_ptr<RowBlockSource>> storeEmbeddingBlocks(Store& store, std::int64_t setId,
                                                               std::int64_t corpusId) {
    auto set = embeddingSet(store, setId);
    if (!set) return std::unexpected(set.error());
    auto total = checkedEncodedCount(store, *set, corpusId);
    if (!total) return std::unexpected(total.error());
    if (*total == 0)
        return fail(ErrorCode::NothingEncoded, {set->key.model},
                    "Nothing of this corpus is encoded with " + set->key.model + " yet (run `encode` first).");
    auto chunks = EmbeddingChunkCursor::open(store, *set, corpusId, 0, *total);
    if (!chunks) return std::unexpected(chunks.error());
    return std::unique_ptr<RowBlockSource>(std::make_unique<StoreEmbeddingBlocks>(
        std::move(*chunks), *total, set->dim, set->storage == StorageType::Float16));
}

}  // namespace dl
