// Chunk-by-chunk reading of stored embeddings (see StoreEmbeddingBlocks.h).
#include "analysis/StoreEmbeddingBlocks.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "common/Half.h"
#include "store/Embeddings.h"
#include "store/Statement.h"
#include "store/Store.h"

namespace dl {

namespace {

class StoreEmbeddingBlocks final : public RowBlockSource {
public:
    StoreEmbeddingBlocks(Store& store, Statement q, std::int64_t rows, int dim, bool half)
        : store_(store), q_(std::move(q)), rows_(rows), dim_(dim), half_(half) {}
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
    Status nextChunk() {
        auto row = q_.step();
        if (!row) return std::unexpected(row.error());
        if (!*row) return fail("The project " + store_.path() + " has fewer embedding rows than it reports.");
        const std::int64_t first = q_.int64(0), rows = q_.int64(1);
        auto blob = q_.blob(2);
        const auto values = static_cast<std::size_t>(rows) * static_cast<std::size_t>(dim_);
        if (first != chunkFirst_ + chunkRows_ || blob.size() != values * (half_ ? 2 : 4))
            return fail(ErrorCode::DamagedEmbeddings, {store_.path(), std::to_string(first)},
                        "The project " + store_.path() + " has a damaged embedding chunk at position " +
                            std::to_string(first) + ".");
        if (half_) {
            halves_.resize(values);
            std::memcpy(halves_.data(), blob.data(), blob.size());
        } else {
            floats_.resize(values);
            std::memcpy(floats_.data(), blob.data(), blob.size());
        }
        chunkFirst_ = first;
        chunkRows_ = rows;
        return {};
    }

    Store& store_;
    Statement q_;
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
    auto total = encodedCount(store, setId, corpusId);
    if (!total) return std::unexpected(total.error());
    if (*total == 0)
        return fail(ErrorCode::NothingEncoded, {set->key.model},
                    "Nothing of this corpus is encoded with " + set->key.model + " yet (run `encode` first).");
    auto q = store.prepare(
        "SELECT first_position, rows, data FROM embedding_chunks WHERE set_id=?1 AND corpus_id=?2 ORDER BY "
        "first_position");
    if (!q) return std::unexpected(q.error());
    q->bind(1, setId).bind(2, corpusId);
    return std::unique_ptr<RowBlockSource>(std::make_unique<StoreEmbeddingBlocks>(
        store, std::move(*q), *total, set->dim, set->storage == StorageType::Float16));
}

}  // namespace dl
