// Merge of encode shards: the vectors into their embedding set, the PCA statistics summed.
#include <algorithm>
#include <cstdint>

#include "common/Brace.h"
#include "common/FiniteRows.h"
#include "common/Half.h"
#include "shard/MergeSteps.h"
#include "store/Embeddings.h"
#include "store/Store.h"

namespace dl {

using shard_detail::brace;

namespace {

constexpr std::int64_t kChunk = 4096;  // rows per appended chunk, as the project encode commits

Expected<EmbeddingKey> keyOf(const nlohmann::json& p) {
    EmbeddingKey key;
    try {
        key.model = p.at("model").get<std::string>();
        key.modelHash = p.at("model_hash").get<std::string>();
        key.layer = p.at("layer").get<int>();
        key.pooling = p.at("pooling").get<std::string>();
        key.side = p.at("side").get<std::string>() == "tgt" ? Side::Target : Side::Source;
        key.normalized = p.at("normalized").get<bool>();
        key.precision = p.at("precision").get<std::string>();
        key.prefix = p.at("prefix").get<std::string>();
    } catch (const nlohmann::json::exception& e) {
        return fail(std::string("The encode shards' parameters are incomplete: ") + e.what());
    }
    return key;
}

// The shard's PCA statistics: as many rows as the shard, finite sums.
Expected<MomentStats> readMoments(const ShardFileReader& f, const ShardManifest& shard, const std::string& path,
                                  int dim) {
    MomentStats m = MomentStats::zeros(dim);
    auto count = f.readAll<std::int64_t>("moment_count", ShardDType::I64, 1, 1);
    auto sum = f.readAll<double>("moment_sum", ShardDType::F64, 1, dim);
    auto outer = f.readAll<double>("moment_outer", ShardDType::F64, dim, dim);
    if (!count) return std::unexpected(count.error());
    if (!sum) return std::unexpected(sum.error());
    if (!outer) return std::unexpected(outer.error());
    if (count->front() != shard.rows)
        return fail(brace("{}: array 'moment_count' is {}, but the shard has {} rows; the shard is damaged: re-run it.",
                          path, count->front(), shard.rows));
    for (const auto& [name, values] : {std::pair{"moment_sum", &*sum}, std::pair{"moment_outer", &*outer}})
        if (auto row = firstNonFiniteRow(std::span<const double>(*values), static_cast<std::size_t>(dim)))
            return fail(
                brace("{}: array '{}', row {}: values that are not finite numbers (NaN or infinity); the "
                      "shard is damaged: re-run it.",
                      path, name, *row));
    m.count = count->front();
    m.sum = std::move(*sum);
    m.outer = std::move(*outer);
    return m;
}

}  // namespace

Status mergeEncode(const MergeInput& in, Store& store, MergeResult& r, ProgressSink& progress,
                   const CancelToken& cancel) {
    const auto& params = in.shards.front().params;
    auto key = keyOf(params);
    if (!key) return std::unexpected(key.error());
    const int dim = params.value("dim", 0);
    const StorageType storage =
        params.value("storage", std::string("f16")) == "f32" ? StorageType::Float32 : StorageType::Float16;
    auto set = ensureEmbeddingSet(store, *key, dim, storage);
    if (!set) return std::unexpected(set.error());
    auto have = encodedCount(store, set->id, in.corpus.id);
    if (!have) return std::unexpected(have.error());
    if (*have > 0)
        progress.info(
            brace("Embedding set {} already holds {} rows of '{}'; those are kept.", set->id, *have, in.corpus.name));
    r.embeddingSet = set->id;
    r.moments = MomentStats::zeros(dim);
    const ShardDType type = storage == StorageType::Float16 ? ShardDType::F16 : ShardDType::F32;
    std::vector<std::uint16_t> halves;
    std::vector<float> floats;
    std::int64_t done = 0;
    for (const auto& shard : in.shards) {
        auto data = openShardData(in, shard);
        if (!data) return std::unexpected(data.error());
        const auto& [reader, firstPosition] = *data;
        auto vectors = reader.find("vectors", type, shard.rows, dim);
        if (!vectors) return std::unexpected(vectors.error());
        for (std::int64_t off = 0; off < shard.rows; off += kChunk) {
            cancel.throwIfCancelled();
            const std::int64_t len = std::min(kChunk, shard.rows - off);
            const std::int64_t skip = std::clamp<std::int64_t>(*have - (firstPosition + off), 0, len);
            if (skip == len) continue;
            const auto values = static_cast<std::size_t>(len) * static_cast<std::size_t>(dim);
            floats.resize(values);
            if (type == ShardDType::F16) {
                halves.resize(values);
                if (auto s = reader.read(*vectors, off, len, halves.data()); !s) return s;
                halvesToFloats(halves, floats);
            } else if (auto s = reader.read(*vectors, off, len, floats.data()); !s) {
                return s;
            }
            // encode's check (checkFiniteVectors) on what a worker's file holds: such rows would
            // block every later PCA and GMM, and encode would take the set as complete.
            if (auto bad = firstNonFiniteRow(std::span<const float>(floats), static_cast<std::size_t>(dim))) {
                const auto row = off + static_cast<std::int64_t>(*bad);
                return fail(
                    brace("{}: array 'vectors', row {} (sentence {}): values that are not finite numbers (NaN "
                          "or infinity); the shard is damaged: re-run it. Nothing was merged.",
                          (in.dir / shard.dataFile).string(), row,
                          in.corpusIds[static_cast<std::size_t>(firstPosition + row)]));
            }
            const std::span<const float> rows(floats.data() + skip * dim, static_cast<std::size_t>((len - skip) * dim));
            if (auto s = appendEmbeddings(store, set->id, in.corpus.id, firstPosition + off + skip, len - skip, rows);
                !s)
                return s;
            r.rows += len - skip;
        }
        auto moments = readMoments(reader, shard, (in.dir / shard.dataFile).string(), dim);
        if (!moments) return std::unexpected(moments.error());
        if (auto s = r.moments->merge(*moments); !s) return s;
        done += shard.rows;
        progress.progress(done, in.corpus.sentences);
    }
    r.summary.embeddingSet = set->id;
    r.summary.vectorsAdded = r.rows;
    return {};
}

}  // namespace dl
