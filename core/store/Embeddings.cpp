#include "store/Embeddings.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "common/Bounded.h"
#include "common/Half.h"
#include "store/Statement.h"
#include "store/Store.h"

namespace dl {

namespace {

const char* storageName(StorageType s) { return s == StorageType::Float16 ? "f16" : "f32"; }

EmbeddingSetInfo readSet(const Statement& q) {
    EmbeddingSetInfo info;
    info.id = q.int64(0);
    info.key.model = q.text(1);
    info.key.layer = static_cast<int>(q.int64(2));
    info.key.pooling = q.text(3);
    info.key.side = q.text(4) == "tgt" ? Side::Target : Side::Source;
    info.key.normalized = q.int64(5) != 0;
    info.dim = static_cast<int>(q.int64(6));
    info.storage = q.text(7) == "f32" ? StorageType::Float32 : StorageType::Float16;
    info.key.modelHash = q.text(8);
    info.key.precision = q.text(9);
    info.key.prefix = q.text(10);
    info.modelPath = q.text(11);
    // The identity column (untrusted bytes): the layer mean is what follows "|mean=", up to the
    // next '|'; anything else there leaves the set a one-layer set.
    const std::string identity(q.text(12));
    if (const auto at = identity.find("|mean="); at != std::string::npos) {
        const auto from = at + 6;
        info.key.layerMean = identity.substr(from, identity.find('|', from) - from);
    }
    return info;
}

// Since schema 2 the column `model` holds the identity; the name users see is model_name.
constexpr const char* kSetColumns =
    "id, model_name, layer, pooling, side, normalized, dim, storage, model_hash, precision, prefix, model_path, model";

}  // namespace

std::string EmbeddingKey::identity() const {
    std::string id = modelHash.empty() ? "name:" + model : "sha256:" + modelHash;
    id += "|" + precision;
    if (!prefix.empty()) id += "|prefix=" + prefix;
    if (!layerMean.empty()) id += "|mean=" + layerMean;
    return id;
}

std::string EmbeddingKey::layerLabel() const {
    if (!layerMean.empty()) {  // stored as "8+-1": the last layer reads "last", as the user names it
        std::string label = "mean of layers ";
        for (std::size_t pos = 0; pos <= layerMean.size();) {
            const std::size_t end = std::min(layerMean.find('+', pos), layerMean.size());
            const std::string_view item = std::string_view(layerMean).substr(pos, end - pos);
            label += (pos ? "+" : "") + (item == "-1" ? std::string("last") : std::string(item));
            pos = end + 1;
        }
        return label;
    }
    return layer < 0 ? std::string("last layer") : "layer " + std::to_string(layer);
}

Expected<std::optional<EmbeddingSetInfo>> findEmbeddingSet(Store& store, const EmbeddingKey& key) {
    auto q =
        store.prepare(std::string("SELECT ") + kSetColumns +
                      " FROM embedding_sets WHERE model=?1 AND layer=?2 AND pooling=?3 AND side=?4 AND normalized=?5");
    if (!q) return std::unexpected(q.error());
    q->bind(1, key.identity())
        .bind(2, key.layer)
        .bind(3, key.pooling)
        .bind(4, sideName(key.side))
        .bind(5, key.normalized ? 1 : 0);
    auto row = q->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return std::optional<EmbeddingSetInfo>();
    return std::optional<EmbeddingSetInfo>(readSet(*q));
}

Expected<EmbeddingSetInfo> ensureEmbeddingSet(Store& store, const EmbeddingKey& key, int dim, StorageType storage,
                                              const std::string& modelPath) {
    const std::string identity = key.identity();
    auto found = findEmbeddingSet(store, key);
    if (!found) return std::unexpected(found.error());
    if (const std::optional<EmbeddingSetInfo>& existing = *found; existing) {
        auto info = *existing;
        if (info.dim != dim)
            return fail("Embedding set " + std::to_string(info.id) + " for model " + key.model + " has " +
                        std::to_string(info.dim) + " dimensions, but the model produces " + std::to_string(dim) + ".");
        if (!modelPath.empty() && modelPath != info.modelPath) {
            auto up = store.prepare("UPDATE embedding_sets SET model_path=?1 WHERE id=?2");
            if (!up) return std::unexpected(up.error());
            up->bind(1, modelPath).bind(2, info.id);
            if (auto s = up->run(); !s) return std::unexpected(s.error());
            info.modelPath = modelPath;
        }
        return info;
    }
    auto ins = store.prepare(
        "INSERT INTO embedding_sets(model, layer, pooling, side, normalized, dim, storage, model_name, model_hash, "
        "precision, prefix, model_path) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12)");
    if (!ins) return std::unexpected(ins.error());
    ins->bind(1, identity)
        .bind(2, key.layer)
        .bind(3, key.pooling)
        .bind(4, sideName(key.side))
        .bind(5, key.normalized ? 1 : 0)
        .bind(6, dim)
        .bind(7, std::string_view(storageName(storage)))
        .bind(8, key.model)
        .bind(9, key.modelHash)
        .bind(10, key.precision)
        .bind(11, key.prefix)
        .bind(12, modelPath);
    if (auto s = ins->run(); !s) return std::unexpected(s.error());
    EmbeddingSetInfo info{store.lastInsertId(), key, dim, storage, modelPath};
    return info;
}

Expected<std::vector<EmbeddingSetInfo>> listEmbeddingSets(Store& store) {
    auto q = store.prepare(std::string("SELECT ") + kSetColumns + " FROM embedding_sets ORDER BY id");
    if (!q) return std::unexpected(q.error());
    std::vector<EmbeddingSetInfo> out;
    while (true) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        out.push_back(readSet(*q));
    }
    return out;
}

Expected<EmbeddingSetInfo> embeddingSet(Store& store, std::int64_t id) {
    auto q = store.prepare(std::string("SELECT ") + kSetColumns + " FROM embedding_sets WHERE id=?1");
    if (!q) return std::unexpected(q.error());
    q->bind(1, id);
    auto row = q->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return fail("No embedding set " + std::to_string(id) + " in the project " + store.path() + ".");
    return readSet(*q);
}

Expected<std::int64_t> encodedCount(Store& store, std::int64_t setId, std::int64_t corpusId) {
    // The last chunk by the primary key (chunks are contiguous: appendEmbeddings checks it),
    // one seek; MAX(first_position + rows) scanned every chunk of the set per append, which
    // made a merge of millions of vectors in one transaction quadratic (docs/scale.md).
    auto q = store.prepare(
        "SELECT COALESCE((SELECT first_position + rows FROM embedding_chunks WHERE set_id=?1 AND corpus_id=?2 "
        "ORDER BY first_position DESC LIMIT 1), 0)");
    if (!q) return std::unexpected(q.error());
    q->bind(1, setId).bind(2, corpusId);
    auto row = q->step();
    if (!row) return std::unexpected(row.error());
    return q->int64(0);
}

Status appendEmbeddings(Store& store, std::int64_t setId, std::int64_t corpusId, std::int64_t firstPosition,
                        std::int64_t rows, std::span<const float> data) {
    auto set = embeddingSet(store, setId);
    if (!set) return std::unexpected(set.error());
    if (static_cast<std::int64_t>(data.size()) != rows * set->dim)
        return fail("Internal error: embedding chunk has " + std::to_string(data.size()) + " values, expected " +
                    std::to_string(rows * set->dim) + ".");
    auto done = encodedCount(store, setId, corpusId);
    if (!done) return std::unexpected(done.error());
    if (*done != firstPosition)
        return fail("Internal error: embedding chunk starts at position " + std::to_string(firstPosition) +
                    " but the corpus is encoded up to " + std::to_string(*done) + ".");
    auto ins = store.prepare(
        "INSERT INTO embedding_chunks(set_id, corpus_id, first_position, rows, data) VALUES(?1,?2,?3,?4,?5)");
    if (!ins) return std::unexpected(ins.error());
    ins->bind(1, setId).bind(2, corpusId).bind(3, firstPosition).bind(4, rows);
    if (set->storage == StorageType::Float16) {
        std::vector<std::uint16_t> halves(data.size());
        floatsToHalves(data, halves);
        ins->bind(5, std::as_bytes(std::span<const std::uint16_t>(halves)));
        return ins->run();
    }
    ins->bind(5, std::as_bytes(data));
    return ins->run();
}

Expected<EmbeddingMatrix> loadEmbeddings(Store& store, std::int64_t setId, std::int64_t corpusId) {
    auto total = encodedCount(store, setId, corpusId);
    if (!total) return std::unexpected(total.error());
    if (*total == 0) {
        auto set = embeddingSet(store, setId);
        if (!set) return std::unexpected(set.error());
        return fail("Nothing of this corpus is encoded with " + set->key.model + " yet (run `encode` first).");
    }
    return loadEmbeddingRange(store, setId, corpusId, 0, *total);
}

namespace {
std::unexpected<Error> damagedChunk(const std::string& path, std::int64_t at) {
    return fail(ErrorCode::DamagedEmbeddings, {path, std::to_string(at)},
                "The project " + path + " has a damaged embedding chunk at position " + std::to_string(at) + ".");
}
std::size_t valueSizeOf(const EmbeddingSetInfo& set) { return set.storage == StorageType::Float16 ? 2 : 4; }
}  // namespace

Expected<std::int64_t> checkedEncodedCount(Store& store, const EmbeddingSetInfo& set, std::int64_t corpusId) {
    auto total = encodedCount(store, set.id, corpusId);
    if (!total) return std::unexpected(total.error());
    auto q = store.prepare(
        "SELECT COALESCE(SUM(length(data)), 0), COALESCE(MIN(first_position), 0) FROM embedding_chunks "
        "WHERE set_id=?1 AND corpus_id=?2");
    if (!q) return std::unexpected(q.error());
    q->bind(1, set.id).bind(2, corpusId);
    if (auto row = q->step(); !row) return std::unexpected(row.error());
    const auto wanted = checkedBytes(*total, set.dim, valueSizeOf(set));
    if (!wanted || set.dim <= 0 || q->int64(1) != 0 || q->int64(0) < 0 ||
        static_cast<std::uint64_t>(q->int64(0)) != *wanted)
        return damagedChunk(store.path(), q->int64(1) != 0 ? q->int64(1) : 0);
    return *total;
}

EmbeddingChunkCursor::EmbeddingChunkCursor(EmbeddingChunkCursor&&) noexcept = default;
EmbeddingChunkCursor& EmbeddingChunkCursor::operator=(EmbeddingChunkCursor&&) noexcept = default;
EmbeddingChunkCursor::~EmbeddingChunkCursor() = default;

Expected<EmbeddingChunkCursor> EmbeddingChunkCursor::open(Store& store, const EmbeddingSetInfo& set,
                                                          std::int64_t corpusId, std::int64_t from, std::int64_t to) {
    auto q = store.prepare(
        "SELECT first_position, rows, data FROM embedding_chunks WHERE set_id=?1 AND corpus_id=?2 "
        "AND first_position < ?4 AND first_position + rows > ?3 ORDER BY first_position");
    if (!q) return std::unexpected(q.error());
    q->bind(1, set.id).bind(2, corpusId).bind(3, from).bind(4, to);
    EmbeddingChunkCursor c;
    c.q_ = std::make_unique<Statement>(std::move(*q));
    c.path_ = store.path();
    c.dim_ = set.dim;
    c.valueSize_ = valueSizeOf(set);
    c.next_ = from;
    c.to_ = to;
    return c;
}

Expected<std::optional<EmbeddingChunk>> EmbeddingChunkCursor::next() {
    auto row = q_->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) {
        if (next_ < to_) return damagedChunk(path_, next_);
        return std::optional<EmbeddingChunk>();
    }
    EmbeddingChunk c{q_->int64(0), q_->int64(1), q_->blob(2)};
    const auto bytes = checkedBytes(c.rows, dim_, valueSize_);
    const auto end = checkedAdd(c.first, c.rows);
    // The first chunk may begin before `from`; every later one begins where the last one ended.
    const bool tiles = started_ ? c.first == next_ : c.first <= next_;
    if (!bytes || !end || *bytes != c.data.size() || !tiles || *end <= next_) return damagedChunk(path_, c.first);
    started_ = true;
    next_ = *end;
    return std::optional<EmbeddingChunk>(c);
}

Expected<EmbeddingMatrix> loadEmbeddingRange(Store& store, std::int64_t setId, std::int64_t corpusId,
                                             std::int64_t firstPosition, std::int64_t rows) {
    auto set = embeddingSet(store, setId);
    if (!set) return std::unexpected(set.error());
    auto total = checkedEncodedCount(store, *set, corpusId);
    if (!total) return std::unexpected(total.error());
    if (firstPosition < 0 || rows < 0 || firstPosition > *total || rows > *total - firstPosition)
        return fail("Embedding set " + std::to_string(setId) + " covers positions 0.." + std::to_string(*total) +
                    " of this corpus, not " + std::to_string(rows) + " rows from " + std::to_string(firstPosition) +
                    " (run `encode` first).");
    // rows x dim now fits the bytes the project holds (checkedEncodedCount).
    EmbeddingMatrix m;
    m.rows = rows;
    m.dim = set->dim;
    m.data.resize(static_cast<std::size_t>(m.rows) * static_cast<std::size_t>(m.dim));
    const std::int64_t end = firstPosition + rows;
    auto cursor = EmbeddingChunkCursor::open(store, *set, corpusId, firstPosition, end);
    if (!cursor) return std::unexpected(cursor.error());
    const auto dim = static_cast<std::size_t>(m.dim);
    while (true) {
        auto chunk = cursor->next();
        if (!chunk) return std::unexpected(chunk.error());
        const std::optional<EmbeddingChunk>& next = *chunk;
        if (!next) break;
        const EmbeddingChunk& c = *next;
        // The part of the chunk inside [firstPosition, end).
        const std::int64_t from = std::max(c.first, firstPosition), to = std::min(c.first + c.rows, end);
        const auto values = static_cast<std::size_t>(to - from) * dim;
        const auto srcOffset = static_cast<std::size_t>(from - c.first) * dim;
        float* dst = m.data.data() + static_cast<std::size_t>(from - firstPosition) * dim;
        if (set->storage == StorageType::Float16) {
            halvesToFloats({reinterpret_cast<const std::uint16_t*>(c.data.data()) + srcOffset, values}, {dst, values});
        } else {
            std::memcpy(dst, reinterpret_cast<const float*>(c.data.data()) + srcOffset, values * 4);
        }
    }
    return m;
}

Expected<EmbeddingSetInfo> latestCompleteSet(Store& store, std::int64_t corpusId) {
    auto q = store.prepare(
        "SELECT s.id FROM embedding_sets s JOIN embedding_chunks c ON c.set_id = s.id AND c.corpus_id = ?1 "
        "WHERE substr(s.model_name, 1, length(?2)) <> ?2 "
        "GROUP BY s.id HAVING MAX(c.first_position + c.rows) = (SELECT COUNT(*) FROM sentences WHERE corpus_id = ?1) "
        "ORDER BY s.id DESC LIMIT 1");
    if (!q) return std::unexpected(q.error());
    q->bind(1, corpusId).bind(2, kDerivedSetPrefix);
    auto row = q->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return fail("This corpus is not completely encoded yet (run `encode` first).");
    return embeddingSet(store, q->int64(0));
}

}  // namespace dl
