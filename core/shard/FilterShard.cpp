#include "shard/FilterShard.h"

#include "common/Brace.h"
#include "filter/FilterSteps.h"
#include "jobs/RunJob.h"
#include "store/Corpora.h"
#include "store/Store.h"

#include <cstdint>

namespace dl {

using shard_detail::brace;

Status checkFilterShardable(const FilterParams& p) {
    switch (p.kind) {
    case FilterKind::NearDup: return {};
    case FilterKind::SemanticDup:
        return usageError(
            "--shard: semantic-dup compares every vector of a cluster with every other, so it runs unsharded (the "
            "vectors of a cluster must be together); run it without --shard.");
    case FilterKind::LangId:
    case FilterKind::Bitext:
    case FilterKind::Decontaminate:
        return usageError(brace("--shard: only --kind near-dup runs in shards so far; run --kind {} without --shard.",
                                filterKindName(p.kind)));
    }
    return {};
}

nlohmann::json filterShardParams(const CorpusInfo& corpus, const FilterParams& p) {
    nlohmann::json params = corpusIdentity(corpus);
    params["job"] = kFilterShardJob;
    nlohmann::json filter = filterParamTable().toJson(p);
    filter.erase("threads");  // the same signatures on any number of threads
    params["filter"] = std::move(filter);
    return params;
}

Expected<FilterParams> filterParamsOfShard(const nlohmann::json& shardParams, const std::string& where) {
    const auto it = shardParams.find("filter");
    if (it == shardParams.end() || !it->is_object())
        return fail(brace("{}: no filter parameters (\"filter\") in the shard's manifest.", where));
    auto p = filterParamTable().fromJson(*it);
    if (!p) return fail(brace("{}: {}", where, p.error().message));
    if (auto s = validateFilterParams(*p); !s) return fail(brace("{}: {}", where, s.error().message));
    if (auto s = checkFilterShardable(*p); !s) return fail(brace("{}: {}", where, s.error().message));
    return p;
}

namespace {

Expected<ShardOutcome> filterShard(FilterShardParams& sp, Store& store, ProgressSink& progress,
                                   const CancelToken& cancel) {
    auto& p = sp.filter;
    if (auto s = validateFilterParams(p); !s) return std::unexpected(s.error());
    if (auto s = checkFilterShardable(p); !s) return std::unexpected(s.error());
    auto corpus = resolveCorpus(store, p.corpus);
    if (!corpus) return std::unexpected(corpus.error());
    const nlohmann::json params = filterShardParams(*corpus, p);
    // No model: the parameters are what the shards must share.
    const std::string modelHash = hashParams(params["filter"]);
    if (auto done = finishedShard(sp.outDir, kFilterShardJob, sp.shard, params)) return *done;
    auto rows = shardRows(store, *corpus, sp.shard);
    if (!rows) return std::unexpected(rows.error());
    progress.stage("MinHash signatures of shard " + formatShardSpec(sp.shard) + " of " + corpus->name);
    RowsDigest digest;
    auto src = shardTexts(store, *rows, false, &digest);
    if (!src) return std::unexpected(src.error());
    const bool target = sidesNeedTargetSignatures(p.sides);
    std::vector<std::string> tgt;
    if (target) {
        auto t = shardTexts(store, *rows, true);
        if (!t) return std::unexpected(t.error());
        tgt = std::move(*t);
    }
    std::vector<DedupText> texts(src->size());
    for (std::size_t i = 0; i < texts.size(); ++i) texts[i] = {(*src)[i], target ? std::string_view(tgt[i]) : ""};
    const auto options = nearDupOptions(p);
    auto srcSig = nearDupSignatures(texts, false, options, cancel);
    if (!srcSig) return std::unexpected(srcSig.error());
    const auto n = static_cast<std::int64_t>(texts.size());
    auto out = ShardOutput::open(sp.outDir, kFilterShardJob, *rows);
    if (!out) return std::unexpected(out.error());
    if (auto s = out->data().array("signatures_src", ShardDType::I32, n, p.permutations,
                                   std::span<const std::uint32_t>(*srcSig));
        !s)
        return std::unexpected(s.error());
    if (target) {
        auto tgtSig = nearDupSignatures(texts, true, options, cancel);
        if (!tgtSig) return std::unexpected(tgtSig.error());
        if (auto s = out->data().array("signatures_tgt", ShardDType::I32, n, p.permutations,
                                       std::span<const std::uint32_t>(*tgtSig));
            !s)
            return std::unexpected(s.error());
    }
    cancel.throwIfCancelled();
    progress.progress(n, n);
    return out->finish(params, modelHash, digest.hexDigest());
}

}  // namespace

Expected<ShardOutcome> runFilterShard(FilterShardParams params, Store& store, ProgressSink& progress,
                                      const CancelToken& cancel) {
    return runJob<ShardOutcome>([&] { return filterShard(params, store, progress, cancel); });
}

}  // namespace dl
