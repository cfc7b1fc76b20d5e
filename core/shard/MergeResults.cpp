// Merge of assign and score shards: their per-sentence results become one run.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "common/Brace.h"
#include "runs/ClusterRunChecks.h"
#include "runs/ClusterSweepSummary.h"
#include "runs/RunBlobs.h"
#include "runs/SelectSummary.h"
#include "select/RunParams.h"
#include "select/SelectJob.h"
#include "shard/MergeSteps.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace dl {

using shard_detail::brace;

namespace {

// Reads one column array of every shard, concatenated in shard order. `check(value)` says what
// is wrong with a value ("" when nothing): the first bad one fails, naming the file, the array,
// the row and its sentence, before anything is stored.
template <class T, class Check>
Status gather(const MergeInput& in, const char* name, ShardDType type, std::int64_t cols, std::vector<T>& out,
              std::vector<std::int64_t>* ids, const CancelToken& cancel, Check check) {
    for (const auto& shard : in.shards) {
        cancel.throwIfCancelled();
        auto data = openShardData(in, shard);
        if (!data) return std::unexpected(data.error());
        auto values = data->first.readAll<T>(name, type, shard.rows, cols);
        if (!values) return std::unexpected(values.error());
        for (std::size_t i = 0; i < values->size(); ++i) {
            const std::string why = check((*values)[i]);
            if (why.empty()) continue;
            const auto row = static_cast<std::int64_t>(i) / std::max<std::int64_t>(cols, 1);
            return fail(brace("{}: array '{}', row {} (sentence {}): {} {}; the shard is damaged: re-run it.",
                              (in.dir / shard.dataFile).string(), name, row,
                              in.corpusIds[static_cast<std::size_t>(data->second + row)], (*values)[i], why));
        }
        out.insert(out.end(), values->begin(), values->end());
        if (ids)
            ids->insert(ids->end(), in.corpusIds.begin() + data->second,
                        in.corpusIds.begin() + data->second + shard.rows);
    }
    return {};
}

// The value checks of gather: a probability (rounding may pass 1 by a hair), a finite number.
constexpr double kProbabilitySlack = 1e-6;
std::string notProbability(double v) {
    if (!std::isfinite(v)) return "is not a finite number";
    return v < -kProbabilitySlack || v > 1 + kProbabilitySlack ? "is not a probability (0..1)" : "";
}
template <class T>
std::string notFinite(T v) {
    return std::isfinite(v) ? "" : "is not a finite number";
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
    const auto& first = in.shards.front();
    // k sizes the responsibilities: the cluster run's own, as the worker wrote it.
    const auto& kField = first.params.contains("k") ? first.params["k"] : nlohmann::json();
    const std::int64_t k64 = kField.is_number_integer() ? kField.get<std::int64_t>() : 0;
    const std::int64_t runK = source->params.contains("k") && source->params["k"].is_number_integer()
                                  ? source->params["k"].get<std::int64_t>()
                                  : k64;
    const int k = static_cast<int>(std::clamp<std::int64_t>(k64, 0, kMaxClusters));
    if (k64 < 1 || k64 > kMaxClusters || k64 != runK)
        return fail(brace("{}: field 'params.k' ({}) is not the k of cluster run {} ({}).",
                          manifestPath(in.dir, first.job, first.shard).string(), kField.dump(), source->id, runK));
    RunResults rr;
    std::vector<double> resp;
    auto cluster = [k](std::int32_t v) {
        return v < 0 || v >= k ? brace("is not a cluster of the run (0..{})", k - 1) : std::string();
    };
    for (const Status& s : {gather(in, "labels", ShardDType::I32, 1, rr.label, &rr.sentenceIds, cancel, cluster),
                            gather(in, "maxprob", ShardDType::F64, 1, rr.prob, nullptr, cancel, notProbability),
                            gather(in, "loglik", ShardDType::F64, 1, rr.loglik, nullptr, cancel, notFinite<double>),
                            gather(in, "responsibilities", ShardDType::F64, k, resp, nullptr, cancel, notProbability)})
        if (!s) return s;
    // The map coordinates (shards of runs clustered after a PCA): stored as the cluster run
    // stores its own (blobs::kPca2d, position order), so the workbench draws the assign run's map.
    std::vector<float> map2d;
    const bool mapped = hasArray(in, "map2d");
    if (mapped)
        if (auto s = gather(in, "map2d", ShardDType::F32, 2, map2d, nullptr, cancel, notFinite<float>); !s) return s;
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
    auto method = parseMethod(source->params.value("method", std::string()));
    if (!method) return std::unexpected(method.error());
    // What select writes: a finite score, or NaN for a sentence the run excluded (a leaked seed
    // sentence); finetune-head's score is the classifier's probability.
    const bool probability = *method == SelectMethod::FinetuneHead;
    auto score = [probability](double v) -> std::string {
        if (std::isnan(v)) return {};
        if (!std::isfinite(v)) return "is infinite (a score is a finite number, or NaN for an excluded sentence)";
        return probability ? notProbability(v) : std::string();
    };
    RunResults rr;
    if (auto s = gather(in, "scores", ShardDType::F64, 1, rr.score, &rr.sentenceIds, cancel, score); !s) return s;
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
