// Merge of assign and score shards: their per-sentence results become one run.
#include <cmath>

#include "runs/ClusterSweepSummary.h"
#include "runs/RunBlobs.h"
#include "runs/SelectSummary.h"
#include "select/RunParams.h"
#include "select/SelectJob.h"
#include "shard/MergeSteps.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace dl {

namespace {

// Reads one column array of every shard, concatenated in shard order.
template <class T>
Status gather(const MergeInput& in, const char* name, ShardDType type, std::int64_t cols, std::vector<T>& out,
              std::vector<std::int64_t>* ids, const CancelToken& cancel) {
    for (const auto& shard : in.shards) {
        cancel.throwIfCancelled();
        auto data = openShardData(in, shard);
        if (!data) return std::unexpected(data.error());
        auto values = data->first.readAll<T>(name, type, shard.rows, cols);
        if (!values) return std::unexpected(values.error());
        out.insert(out.end(), values->begin(), values->end());
        if (ids)
            ids->insert(ids->end(), in.corpusIds.begin() + data->second,
                        in.corpusIds.begin() + data->second + shard.rows);
    }
    return {};
}

// Whether the shards carry `name` (all or none do: they ran the same code on one model).
bool hasArray(const MergeInput& in, const char* name) {
    auto reader = ShardFileReader::open(in.dir / in.shards.front().dataFile);
    return reader && reader->find(name, ShardDType::F32).has_value();
}

Expected<RunInfo> sourceRun(Store& store, const MergeInput& in, RunKind kind) {
    const auto id = in.shards.front().params.value("run", std::int64_t(0));
    auto run = getRun(store, id);
    if (!run) return std::unexpected(run.error());
    if (run->kind != kind)
        return fail("Run " + std::to_string(id) + " that the shards applied is not a " + toString(kind) + " run.");
    return run;
}

nlohmann::json appliedParams(const MergeInput& in, const RunInfo& source) {
    const auto& first = in.shards.front();
    return {{"run", source.id},
            {"corpus", in.corpus.name},
            {"shards", first.shard.count},
            {"params_hash", first.paramsHash},
            {"model_hash", first.modelHash}};
}

}  // namespace

Status mergeAssign(const MergeInput& in, Store& store, MergeResult& r, ProgressSink& progress,
                   const CancelToken& cancel) {
    auto source = sourceRun(store, in, RunKind::Cluster);
    if (!source) return std::unexpected(source.error());
    const int k = in.shards.front().params.value("k", 0);
    RunResults rr;
    std::vector<double> resp;
    for (const Status& s : {gather(in, "labels", ShardDType::I32, 1, rr.label, &rr.sentenceIds, cancel),
                            gather<double>(in, "maxprob", ShardDType::F64, 1, rr.prob, nullptr, cancel),
                            gather<double>(in, "loglik", ShardDType::F64, 1, rr.loglik, nullptr, cancel),
                            gather<double>(in, "responsibilities", ShardDType::F64, k, resp, nullptr, cancel)})
        if (!s) return s;
    // The map coordinates (shards of runs clustered after a PCA): stored as the cluster run
    // stores its own (blobs::kPca2d, position order), so the workbench draws the assign run's map.
    std::vector<float> map2d;
    const bool mapped = hasArray(in, "map2d");
    if (mapped)
        if (auto s = gather<float>(in, "map2d", ShardDType::F32, 2, map2d, nullptr, cancel); !s) return s;
    std::vector<double> sizes(static_cast<std::size_t>(k), 0.0);
    double loglik = 0;
    for (std::size_t i = 0; i < rr.sentenceIds.size(); ++i) {
        for (int j = 0; j < k; ++j) sizes[std::size_t(j)] += resp[i * std::size_t(k) + std::size_t(j)];
        loglik += rr.loglik[i];
    }
    // As the cluster run ran (a key it lacks filled in): the assign run records the model it applied.
    nlohmann::json params = paramsAsRun(*source);
    params["applied"] = appliedParams(in, *source);
    auto runId = createRun(store, RunKind::Assign, in.corpus.id, source->embeddingSetId, params);
    if (!runId) return std::unexpected(runId.error());
    const auto n = static_cast<double>(rr.sentenceIds.size());
    const AssignSummary summary{
        source->id, in.corpus.name, std::int64_t(rr.sentenceIds.size()), k, sizes, n > 0 ? loglik / n : 0.0, {}};
    for (const Status& s :
         {writeRunResults(store, *runId, rr), setRunSummary(store, *runId, summary.toJson()),
          putRunArray(store, *runId, blobs::kSentenceIds, std::span<const std::int64_t>(rr.sentenceIds)),
          putRunArray(store, *runId, blobs::kResponsibilities, std::span<const double>(resp))})
        if (!s) return s;
    if (mapped)
        if (auto s = putRunArray(store, *runId, blobs::kPca2d, std::span<const float>(map2d)); !s) return s;
    r.runId = *runId;
    r.rows = static_cast<std::int64_t>(rr.sentenceIds.size());
    progress.progress(r.rows, r.rows);
    return {};
}

Status mergeScore(const MergeInput& in, Store& store, MergeResult& r, ProgressSink& progress,
                  const CancelToken& cancel) {
    auto source = sourceRun(store, in, RunKind::Select);
    if (!source) return std::unexpected(source.error());
    RunResults rr;
    if (auto s = gather<double>(in, "scores", ShardDType::F64, 1, rr.score, &rr.sentenceIds, cancel); !s) return s;
    auto method = parseMethod(source->params.value("method", std::string()));
    if (!method) return std::unexpected(method.error());
    const auto& sp = source->params;
    const std::optional<std::int64_t> top =
        sp.contains("top") ? std::optional(sp["top"].get<std::int64_t>()) : std::nullopt;
    const std::optional<double> threshold =
        sp.contains("threshold") ? std::optional(sp["threshold"].get<double>()) : std::nullopt;
    auto [selected, cut] = cutSelection(*method, top, threshold, rr.score, rr.sentenceIds);
    rr.label.assign(selected.begin(), selected.end());
    if (*method == SelectMethod::FinetuneHead)
        rr.prob = rr.score;  // the classifier's probability, as the run stores it
    std::int64_t chosen = 0, excluded = 0;
    for (std::size_t i = 0; i < rr.score.size(); ++i) chosen += selected[i], excluded += std::isnan(rr.score[i]);
    nlohmann::json params = paramsAsRun(*source);  // as the run ran: an older run's absent keys filled in
    params["pool"] = in.corpus.name;
    params["applied"] = appliedParams(in, *source);
    auto runId = createRun(store, RunKind::Select, in.corpus.id, source->embeddingSetId, params);
    if (!runId) return std::unexpected(runId.error());
    SelectSummary summary;
    summary.method = methodName(*method);
    summary.pool = in.corpus.name;
    summary.seed = sp.value("seed", "");
    summary.poolSize = std::int64_t(rr.score.size());
    summary.excluded = excluded;
    summary.selected = chosen;
    summary.cut = cut;
    summary.appliedFromRun = source->id;
    for (const Status& s : {writeRunResults(store, *runId, rr), setRunSummary(store, *runId, summary.toJson())})
        if (!s) return s;
    r.runId = *runId;
    r.rows = static_cast<std::int64_t>(rr.sentenceIds.size());
    progress.progress(r.rows, r.rows);
    return {};
}

}  // namespace dl
