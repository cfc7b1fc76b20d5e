#include "analysis/LayerSweep.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "analysis/LayerSets.h"
#include "analysis/Metrics.h"
#include "analysis/Silhouette.h"
#include "jobs/RunJob.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace dl {

namespace {

using json = nlohmann::json;

struct LayerInputs {
    CorpusInfo corpus;
    EmbeddingSetInfo base;
    std::vector<EmbeddingSetInfo> sets;  // one per layer to compare
    CorpusLabels labels;
    bool labelled = false;
};

Expected<LayerInputs> resolveInputs(const LayerSweepParams& params, Store& store) {
    LayerInputs in;
    auto corpus = resolveCorpus(store, params.base.corpus);
    if (!corpus) return std::unexpected(corpus.error());
    in.corpus = *corpus;
    auto set = params.base.embeddingSet ? embeddingSet(store, *params.base.embeddingSet)
                                        : latestCompleteSet(store, corpus->id);
    if (!set) return std::unexpected(set.error());
    in.base = *set;
    if (params.layers.empty()) {
        auto all = siblingLayerSets(store, in.corpus, in.base);
        if (!all) return std::unexpected(all.error());
        in.sets = std::move(*all);
    } else {
        for (int layer : params.layers) {
            auto s = layerSet(store, in.corpus, in.base, layer);
            if (!s) return std::unexpected(s.error());
            in.sets.push_back(*s);
        }
    }
    if (in.sets.size() < 2)
        return usageError("The layer sweep needs at least two encoded layers of model '" + in.base.key.model +
                          "' for corpus '" + in.corpus.name + "' (found " + std::to_string(in.sets.size()) +
                          "); run `encode --layers all` first.");
    auto labels = corpusLabels(store, in.corpus.id);
    if (!labels) return std::unexpected(labels.error());
    in.labels = std::move(*labels);
    in.labelled = std::any_of(in.labels.domainIndex.begin(), in.labels.domainIndex.end(), [](int d) { return d >= 0; });
    return in;
}

// One layer: the cluster protocol on its vectors.
Expected<LayerSweepPoint> sweepLayer(const LayerSweepParams& params, const LayerInputs& in, const EmbeddingSetInfo& set,
                                     Store& store, ProgressSink& progress, const CancelToken& cancel) {
    const ClusterParams& p = params.base;
    auto emb = loadEmbeddings(store, set.id, in.corpus.id);
    if (!emb) return std::unexpected(emb.error());
    if (static_cast<std::int64_t>(in.labels.sentenceIds.size()) != emb->rows)
        return fail("Corpus '" + in.corpus.name + "' has " + std::to_string(in.labels.sentenceIds.size()) +
                    " sentences but embedding set " + std::to_string(set.id) + " " + std::to_string(emb->rows) + ".");
    if (p.pcaDims > emb->dim)
        return usageError("--pca " + std::to_string(p.pcaDims) + " is larger than the embedding dimension " +
                          std::to_string(emb->dim) + ".");
    if (p.k > emb->rows) return usageError("--k is larger than the number of sentences.");
    ReduceParams rp;
    rp.pcaDims = p.pcaDims;
    rp.pcaMaxFitRows = p.pcaMaxFitRows;
    rp.seed = p.firstSeed;
    rp.precision = p.precision;
    rp.cuda = p.useCuda && cudaAvailable();
    RepresentationParams rep = p.representation;
    rep.layers.clear();
    auto red = reduceForClustering(emb->data, emb->rows, emb->dim, rep, rp, cancel);
    if (!red) return std::unexpected(red.error());
    const int nd = static_cast<int>(in.labels.domainNames.size());
    LayerSweepPoint pt;
    pt.layer = set.key.layer;
    pt.embeddingSet = set.id;
    std::vector<double> pur, nmi;
    std::vector<std::int32_t> bestLabels;
    double bestLb = -std::numeric_limits<double>::infinity();
    for (int s = 0; s < p.seeds; ++s) {
        auto fit = fitGmm(red->x, gmmParamsFor(p, p.k, p.firstSeed + std::uint64_t(s)), progress, cancel);
        if (!fit) return std::unexpected(fit.error());
        if (in.labelled) {
            auto cm = confusionMatrix(in.labels.domainIndex, fit->labels, nd, p.k);
            pur.push_back(purity(cm));
            nmi.push_back(normalizedMutualInfo(cm));
        }
        if (fit->lowerBound > bestLb) bestLb = fit->lowerBound, bestLabels = fit->labels, pt.bic = fit->bic;
    }
    std::tie(pt.purityMean, pt.purityStd) = meanStd(pur);
    std::tie(pt.nmiMean, pt.nmiStd) = meanStd(nmi);
    // Silhouette on a seeded sample of the rows the GMM saw.
    const auto rows = silhouetteSample(red->x.rows(), params.silhouetteRows, p.firstSeed);
    const int d = red->x.cols();
    const std::vector<double> all = red->x.toDouble();
    std::vector<double> xs(rows.size() * std::size_t(d));
    std::vector<std::int32_t> ls(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        std::copy_n(all.data() + rows[i] * d, d, xs.data() + i * std::size_t(d));
        ls[i] = bestLabels[std::size_t(rows[i])];
    }
    pt.silhouette = silhouetteScore(xs, static_cast<std::int64_t>(rows.size()), d, ls);
    return pt;
}

// Index of the largest finite value (first on ties); -1 when none.
template <class F>
int argmax(const std::vector<LayerSweepPoint>& pts, F value) {
    int best = -1;
    for (int i = 0; i < static_cast<int>(pts.size()); ++i) {
        const double v = value(pts[std::size_t(i)]);
        if (std::isfinite(v) && (best < 0 || v > value(pts[std::size_t(best)]))) best = i;
    }
    return best;
}

}  // namespace

Expected<LayerSweepResult> runLayerSweep(const LayerSweepParams& params, Store& store, ProgressSink& progress,
                                         const CancelToken& cancel) {
    const ClusterParams& p = params.base;
    if (auto s = validateClusterParams(p); !s) return std::unexpected(s.error());
    if (auto s = layerSweepParamTable().validate(params); !s) return std::unexpected(s.error());
    if (p.k < 2) return usageError("The layer sweep needs --k of at least 2 (silhouette).");
    if (p.filterRun) return usageError("The layer sweep does not take --filter yet; cluster one layer with it.");
    return runJob<LayerSweepResult>([&]() -> Expected<LayerSweepResult> {
        auto in = resolveInputs(params, store);
        if (!in) return std::unexpected(in.error());
        LayerSweepResult res;
        res.labelled = in->labelled;
        for (const auto& set : in->sets) {
            progress.stage("Layer " + (set.key.layer < 0 ? std::string("last") : std::to_string(set.key.layer)) +
                           ": PCA + GMM, " + std::to_string(p.seeds) + " seed(s)");
            auto pt = sweepLayer(params, *in, set, store, progress, cancel);
            if (!pt) return std::unexpected(pt.error());
            progress.info("layer " + std::to_string(pt->layer) + ": silhouette " + std::to_string(pt->silhouette) +
                          (in->labelled ? ", purity " + std::to_string(pt->purityMean) : std::string()));
            res.points.push_back(*pt);
        }
        const int bySil = argmax(res.points, [](const auto& q) { return q.silhouette; });
        const int byPur = argmax(res.points, [](const auto& q) { return q.purityMean; });
        res.layerBySilhouette = bySil >= 0 ? res.points[std::size_t(bySil)].layer : res.points.front().layer;
        res.layerByPurity = byPur >= 0 ? res.points[std::size_t(byPur)].layer : res.layerBySilhouette;
        res.chosenBy = in->labelled && byPur >= 0 ? "purity" : "silhouette";
        res.chosenLayer = res.chosenBy == "purity" ? res.layerByPurity : res.layerBySilhouette;
        LayerSweepSummary summary{in->corpus.name,
                                  in->base.key.model,
                                  in->base.key.pooling,
                                  sideName(in->base.key.side),
                                  p.k,
                                  in->labelled,
                                  p.representation.describe(),
                                  res.points,
                                  std::nullopt,
                                  res.layerBySilhouette,
                                  res.chosenLayer,
                                  res.chosenBy,
                                  params.silhouetteRows};
        if (in->labelled) summary.layerByPurity = res.layerByPurity;
        json pj = layerSweepParamTable().toJson(params);
        pj["corpus"] = in->corpus.name;
        pj["embedding_set"] = in->base.id;
        json layers = json::array();
        for (const auto& s : in->sets) layers.push_back(s.key.layer);
        pj["layers"] = layers;
        auto tx = store.begin();
        if (!tx) return std::unexpected(tx.error());
        auto runId = createRun(store, RunKind::LayerSweep, in->corpus.id, in->base.id, pj);
        if (!runId) return std::unexpected(runId.error());
        if (auto s = setRunSummary(store, *runId, summary.toJson()); !s) return std::unexpected(s.error());
        if (cancel.isCancelled()) return cancelled();
        if (auto s = tx->commit(); !s) return std::unexpected(s.error());
        res.runId = *runId;
        res.summary = summary;
        return res;
    });
}

}  // namespace dl
