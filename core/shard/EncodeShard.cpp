#include "shard/EncodeShard.h"

#include <algorithm>
#include <cstdint>

#include "analysis/MomentStats.h"
#include "common/Half.h"
#include "jobs/RunJob.h"
#include "store/Store.h"

namespace dl {

nlohmann::json encodeShardParams(const EncodePlan& plan, const EncodeParams& params, const EmbeddingKey& key, int dim) {
    nlohmann::json j = corpusIdentity(plan.corpus);
    j["job"] = "encode";
    j["side"] = sideName(params.side);
    j["model"] = key.model;
    j["model_hash"] = key.modelHash;
    j["layer"] = key.layer;
    j["pooling"] = key.pooling;
    j["normalized"] = key.normalized;
    j["precision"] = key.precision;
    j["prefix"] = key.prefix;
    j["storage"] = params.storage == StorageType::Float16 ? "f16" : "f32";
    j["dim"] = dim;
    return j;
}

namespace {

// Streams the shard's sentences through the encoder; vectors go to the data file as stored
// (float16 rounding included) and into the PCA statistics of those stored values.
Status encodeRows(const EncodePlan& plan, const EncodeParams& params, const ShardRows& rows, Store& store,
                  TransformerEncoder& encoder, ShardFileWriter& out, MomentStats& stats, RowsDigest& digest,
                  ProgressSink& progress, const CancelToken& cancel) {
    const auto total = static_cast<std::int64_t>(rows.ids.size());
    const int dim = plan.cfg.hiddenSize;
    const bool half = params.storage == StorageType::Float16;
    if (auto s = out.begin("vectors", half ? ShardDType::F16 : ShardDType::F32, total, dim); !s) return s;
    std::vector<std::string> texts;
    std::vector<std::vector<float>> vectors;
    std::vector<std::uint16_t> halves;
    std::int64_t done = 0;
    while (done < total) {
        cancel.throwIfCancelled();
        texts.clear();
        const std::int64_t want = std::min<std::int64_t>(params.chunkSentences, total - done);
        auto s = forEachSentence(store, rows.corpus.id, rows.firstPosition + done, [&](const Sentence& sen) {
            digest.add(sen);
            texts.push_back(plan.promptText + (params.side == Side::Source ? sen.src : sen.tgt));
            return static_cast<std::int64_t>(texts.size()) < want;
        });
        if (!s) return s;
        if (static_cast<std::int64_t>(texts.size()) != want)
            return fail("The corpus " + rows.corpus.name +
                        " has fewer sentences than its shard range; was it changed?");
        if (auto e = encoder.encodeLayers(texts, plan.resolved, plan.pooling, vectors, nullptr, &cancel); !e) return e;
        std::vector<float>& v = vectors.front();
        if (auto f = checkFiniteVectors(v, dim, rows.corpus.name, rows.firstPosition + done); !f) return f;
        if (half) {
            halves.resize(v.size());
            floatsToHalves(v, halves);
            halvesToFloats(halves, v);  // the statistics describe the values merge will store
            if (auto a = out.append(std::as_bytes(std::span<const std::uint16_t>(halves))); !a) return a;
        } else if (auto a = out.append(std::as_bytes(std::span<const float>(v))); !a) {
            return a;
        }
        stats.addRows(v.data(), want);
        done += want;
        progress.progress(done, total);
    }
    return {};
}

Status writeMoments(ShardFileWriter& out, const MomentStats& stats) {
    const std::int64_t count = stats.count;
    for (const Status& s :
         {out.array("moment_count", ShardDType::I64, 1, 1, std::span<const std::int64_t>(&count, 1)),
          out.array("moment_sum", ShardDType::F64, 1, stats.dim, std::span<const double>(stats.sum)),
          out.array("moment_outer", ShardDType::F64, stats.dim, stats.dim, std::span<const double>(stats.outer))})
        if (!s) return s;
    return {};
}

Expected<ShardOutcome> encodeShard(const EncodeShardParams& params, Store& store, ProgressSink& progress,
                                   const CancelToken& cancel) {
    const EncodeParams& ep = params.encode;
    auto plan = planEncode(ep, {ep.layer}, store);
    if (!plan) return std::unexpected(plan.error());
    const EmbeddingKey key = embeddingKeyFor(*plan, ep, plan->resolved.front());
    const int dim = plan->cfg.hiddenSize;
    const nlohmann::json shardParams = encodeShardParams(*plan, ep, key, dim);
    if (auto done = finishedShard(params.outDir, "encode", params.shard, shardParams)) {
        progress.info("Shard " + formatShardSpec(params.shard) + " is already complete in " + params.outDir.string() +
                      ".");
        return *done;
    }
    auto rows = shardRows(store, plan->corpus, params.shard);
    if (!rows) return std::unexpected(rows.error());
    progress.stage("Loading " + plan->model.name);
    auto encoder = TransformerEncoder::load(plan->model.path, encoderOptionsFor(*plan, ep));
    if (!encoder) return std::unexpected(encoder.error());
    auto out = ShardOutput::open(params.outDir, "encode", *rows);
    if (!out) return std::unexpected(out.error());
    progress.stage("Encoding shard " + formatShardSpec(params.shard) + " of " + plan->corpus.name + " (" +
                   std::to_string(rows->ids.size()) + " sentences) with " + plan->model.name);
    MomentStats stats = MomentStats::zeros(dim);
    RowsDigest digest;
    if (auto s = encodeRows(*plan, ep, *rows, store, **encoder, out->data(), stats, digest, progress, cancel); !s)
        return std::unexpected(s.error());
    if (auto s = writeMoments(out->data(), stats); !s) return std::unexpected(s.error());
    return out->finish(shardParams, plan->hash, digest.hexDigest());
}

}  // namespace

Expected<ShardOutcome> runEncodeShard(const EncodeShardParams& params, Store& store, ProgressSink& progress,
                                      const CancelToken& cancel) {
    return runJob<ShardOutcome>([&] { return encodeShard(params, store, progress, cancel); });
}

}  // namespace dl
