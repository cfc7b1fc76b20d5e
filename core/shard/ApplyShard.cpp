#include "shard/ApplyShard.h"

#include "analysis/ClusterModel.h"
#include "jobs/RunJob.h"
#include "select/SelectionModel.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <cstdint>

namespace dl {

namespace {

using json = nlohmann::json;

// The shard jobs (ShardManifest::job, the data files' prefix), not run kinds.
const std::string kAssignJob = "assign", kScoreJob = "score";

// What a shard of `job` applying `run` records: the run identifies the model within the project.
struct Applied {
    RunInfo run;
    CorpusInfo corpus;
    json params;
    std::string modelHash;
};

Expected<Applied> plan(const ApplyShardParams& p, Store& store, RunKind kind, const std::string& job) {
    Applied a;
    auto run = p.runId > 0 ? getRun(store, p.runId) : latestRun(store, kind);
    if (!run) return std::unexpected(run.error());
    if (run->kind != kind)
        return usageError("Run " + std::to_string(run->id) + " is a " + toString(run->kind) + " run; `" + job +
                          "` applies a " + toString(kind) + " run.");
    a.run = *run;
    auto corpus = corpusForRun(store, run->corpusId, p.corpus);
    if (!corpus) return std::unexpected(corpus.error());
    a.corpus = *corpus;
    a.params = corpusIdentity(a.corpus);
    a.params["job"] = job;
    a.params["run"] = run->id;
    a.modelHash = hashParams(
        json{{"run", run->id}, {"kind", toString(run->kind)}, {"created", run->created}, {"params", run->params}});
    return a;
}

Expected<ShardOutcome> assignShard(const ApplyShardParams& p, Store& store, ProgressSink& progress,
                                   const CancelToken& cancel) {
    auto a = plan(p, store, RunKind::Cluster, kAssignJob);
    if (!a) return std::unexpected(a.error());
    auto model = loadClusterModel(store, a->run);
    if (!model) return std::unexpected(model.error());
    a->params["k"] = model->gmm.k;
    if (auto done = finishedShard(p.outDir, kAssignJob, p.shard, a->params)) return *done;
    auto rows = shardRows(store, a->corpus, p.shard);
    if (!rows) return std::unexpected(rows.error());
    progress.stage("Assigning shard " + formatShardSpec(p.shard) + " of " + a->corpus.name + " with cluster run " +
                   std::to_string(a->run.id));
    auto emb = shardEmbeddings(
        store, *rows, model->layerSets.empty() ? std::vector<std::int64_t>{model->embeddingSet} : model->layerSets);
    if (!emb) return std::unexpected(emb.error());
    const auto n = static_cast<std::int64_t>(rows->ids.size());
    GmmAssignment g;
    std::vector<float> map2d;  // the rows on the cluster run's map (its "pca2d" axes)
    if (n > 0) {
        auto applied = applyClusterModel(*model, emb->data, n, emb->dim, cancel, &map2d);
        if (!applied) return std::unexpected(applied.error());
        g = std::move(*applied);
    }
    // The rows' identity (assign reads vectors, not texts: one pass over the shard's sentences).
    auto rowsSha256 = digestRows(store, rows->corpus, rows->firstPosition, n, cancel);
    if (!rowsSha256) return std::unexpected(rowsSha256.error());
    auto out = ShardOutput::open(p.outDir, kAssignJob, *rows);
    if (!out) return std::unexpected(out.error());
    auto& f = out->data();
    for (const Status& s :
         {f.array("labels", ShardDType::I32, n, 1, std::span<const std::int32_t>(g.labels)),
          f.array("maxprob", ShardDType::F64, n, 1, std::span<const double>(g.maxProb)),
          f.array("loglik", ShardDType::F64, n, 1, std::span<const double>(g.logLik)),
          f.array("responsibilities", ShardDType::F64, n, model->gmm.k, std::span<const double>(g.responsibilities))})
        if (!s) return std::unexpected(s.error());
    if (model->pca.components >= 2)
        if (auto s = f.array("map2d", ShardDType::F32, n, 2, std::span<const float>(map2d)); !s)
            return std::unexpected(s.error());
    progress.progress(n, n);
    return out->finish(a->params, a->modelHash, *rowsSha256);
}

Expected<ShardOutcome> scoreShard(const ApplyShardParams& p, Store& store, ProgressSink& progress,
                                  const CancelToken& cancel) {
    auto a = plan(p, store, RunKind::Select, kScoreJob);
    if (!a) return std::unexpected(a.error());
    auto model = loadSelectionModel(store, a->run);
    if (!model) return std::unexpected(model.error());
    a->params["method"] = methodName(model->method);
    if (auto done = finishedShard(p.outDir, kScoreJob, p.shard, a->params)) return *done;
    auto rows = shardRows(store, a->corpus, p.shard);
    if (!rows) return std::unexpected(rows.error());
    progress.stage("Scoring shard " + formatShardSpec(p.shard) + " of " + a->corpus.name + " with selection run " +
                   std::to_string(a->run.id) + " (" + methodName(model->method) + ")");
    RowsDigest digest;
    auto texts = shardTexts(store, *rows, false, &digest);
    if (!texts) return std::unexpected(texts.error());
    const auto n = static_cast<std::int64_t>(rows->ids.size());
    Expected<std::vector<double>> scores;
    if (selectionModelUsesEmbeddings(model->method)) {
        auto emb = shardEmbeddings(store, *rows, {model->embeddingSet});
        if (!emb) return std::unexpected(emb.error());
        scores = applySelectionModel(*model, emb->data.data(), n, emb->dim, *texts, cancel);
    } else {  // n-gram LMs: trained again from the run's recipe, applied to the texts
        std::vector<std::string> tgt;
        if (model->method == SelectMethod::Axelrod) {
            auto t = shardTexts(store, *rows, true);
            if (!t) return std::unexpected(t.error());
            tgt = std::move(*t);
        }
        scores = applyLmSelectionModel(store, *model, *texts, tgt, cancel);
    }
    if (!scores) return std::unexpected(scores.error());
    auto out = ShardOutput::open(p.outDir, kScoreJob, *rows);
    if (!out) return std::unexpected(out.error());
    if (auto s = out->data().array("scores", ShardDType::F64, n, 1, std::span<const double>(*scores)); !s)
        return std::unexpected(s.error());
    progress.progress(n, n);
    return out->finish(a->params, a->modelHash, digest.hexDigest());
}

}  // namespace

Expected<ShardOutcome> runAssignShard(const ApplyShardParams& params, Store& store, ProgressSink& progress,
                                      const CancelToken& cancel) {
    return runJob<ShardOutcome>([&] { return assignShard(params, store, progress, cancel); });
}

Expected<ShardOutcome> runScoreShard(const ApplyShardParams& params, Store& store, ProgressSink& progress,
                                     const CancelToken& cancel) {
    return runJob<ShardOutcome>([&] { return scoreShard(params, store, progress, cancel); });
}

}  // namespace dl
