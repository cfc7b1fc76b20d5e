#include "analysis/ClusterJob.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "analysis/ClusterModel.h"
#include "analysis/DistributedReduce.h"
#include "analysis/LayerSets.h"
#include "analysis/MergedMoments.h"
#include "analysis/Metrics.h"
#include "analysis/Pca.h"
#include "common/RowRange.h"
#include "jobs/RunJob.h"
#include "runs/RunBlobs.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Removals.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace dl {

nlohmann::json ClusterParams::toJson() const {
    nlohmann::json j = clusterParamTable().toJson(*this);
    if (mixtureAuto.any()) {
        nlohmann::json keys = nlohmann::json::array();
        for (const auto& [option, flag] : kAutoMixtureFields)
            if (mixtureAuto.*flag) keys.push_back(clusterParamTable().find(option)->spec.jsonKey);
        j["mixture_auto"] = std::move(keys);
    }
    return j;
}

GmmParams gmmParamsFor(const ClusterParams& p, int k, std::uint64_t seed) {
    GmmParams g;
    g.k = k;
    g.covariance = p.covariance;
    g.tol = p.tol;
    g.regCovar = p.regCovar;
    g.maxIter = p.maxIter;
    g.nInit = p.nInit;
    g.init = p.init;
    g.seed = seed;
    g.initSampleRows = p.initSampleRows;
    return g;
}

std::pair<double, double> meanStd(const std::vector<double>& v) {
    if (v.empty()) return {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
    double m = 0;
    for (double x : v) m += x;
    m /= double(v.size());
    double s = 0;
    for (double x : v) s += (x - m) * (x - m);
    return {m, std::sqrt(s / double(v.size()))};
}

namespace {

using json = nlohmann::json;

// What every clustering job needs: corpus, labels, embeddings, reduced data, display axes.
struct Prepared {
    CorpusInfo corpus;
    EmbeddingSetInfo set;
    CorpusLabels labels;
    EmbeddingMatrix emb;
    DataMatrix x;        // data the GMM sees (PCA-reduced or raw)
    PcaModel pca;        // the reduction (components = 0 when none)
    Standardization standardization;  // fitted when the representation standardises
    PcaModel display;    // 2-D display axes when pca < 2 (else the first two PCA axes)
    std::vector<float> coords2d;  // N x 2
    std::vector<EmbeddingSetInfo> layerSets;  // sets averaged (empty = pr.set alone)
    bool labelled = false;
    std::int64_t firstRow = 0;  // cluster --mpi: this process's rows are [firstRow, firstRow + emb.rows)
    std::int64_t pcaMergeRun = 0;  // --pca-from-merge: the merge run whose statistics gave the PCA
    std::int64_t filterExcluded = 0;  // --filter: the corpus's sentences left out
};

// --filter RUN, read before the vectors are loaded: a filter run that does not fit is refused first.
Expected<std::optional<FilterExclusion>> readFilterRun(const ClusterParams& params, Store& store,
                                                       const CorpusInfo& corpus, bool distributed) {
    if (!params.filterRun) return std::nullopt;
    if (distributed) return usageError("cluster --mpi does not take --filter; run it without --mpi.");
    if (params.pcaFromMerge)
        return usageError("--pca-from-merge: the merged statistics cover every sentence, --filter leaves some out.");
    auto found = filterExclusion(store, *params.filterRun, corpus.id, corpus.name);
    if (!found) return std::unexpected(found.error());
    return std::move(*found);
}

// --filter RUN: the rows of the sentences the filter run removed are taken out of the vectors
// and the labels (in place, order kept), so that everything after sees the kept rows only.
Status applyFilterRun(const ClusterParams& params, const std::optional<FilterExclusion>& found, Prepared& pr,
                      const CancelToken& cancel) {
    if (!found) return {};
    const auto dim = std::size_t(pr.emb.dim);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < pr.labels.sentenceIds.size(); ++i) {
        if ((i & 0xFFFF) == 0) cancel.throwIfCancelled();
        if (found->removed.contains(pr.labels.sentenceIds[i])) continue;
        if (kept != i) {
            std::copy_n(pr.emb.data.begin() + std::ptrdiff_t(i * dim), dim,
                        pr.emb.data.begin() + std::ptrdiff_t(kept * dim));
            pr.labels.sentenceIds[kept] = pr.labels.sentenceIds[i];
            pr.labels.domainIndex[kept] = pr.labels.domainIndex[i];
        }
        ++kept;
    }
    pr.filterExcluded = std::int64_t(pr.labels.sentenceIds.size() - kept);
    if (kept == 0)
        return usageError("--filter: run " + std::to_string(*params.filterRun) + " removed every sentence of '" +
                          pr.corpus.name + "'; nothing is left to cluster.");
    pr.emb.data.resize(kept * dim);
    pr.emb.data.shrink_to_fit();
    pr.emb.rows = std::int64_t(kept);
    pr.labels.sentenceIds.resize(kept);
    pr.labels.domainIndex.resize(kept);
    return {};
}

// cluster --mpi: this process's contiguous share of the corpus, read once.
Expected<EmbeddingMatrix> loadShare(const ClusterParams& params, Store& store, const Prepared& pr, StatsReducer& red,
                                    std::int64_t& firstRow) {
    if (!params.representation.layers.empty())
        return usageError("cluster --mpi reads one embedding set; --layers is not available with it.");
    const auto [first, last] = contiguousPart(red.rank(), red.size(), static_cast<std::size_t>(pr.corpus.sentences));
    firstRow = static_cast<std::int64_t>(first);
    return loadEmbeddingRange(store, pr.set.id, pr.corpus.id, firstRow, static_cast<std::int64_t>(last - first));
}

// cluster --pca-from-merge: the PCA of the statistics the encode merge summed over the shards.
Expected<PcaModel> pcaFromMerge(const ClusterParams& params, Store& store, Prepared& pr) {
    const auto& rep = params.representation;
    if (params.pcaDims < 2) return usageError("--pca-from-merge needs --pca N with N >= 2.");
    if (rep.l2 || rep.standardize || !rep.layers.empty())
        return usageError(
            "--pca-from-merge: the merged statistics describe the vectors as stored; --l2, --standardize "
            "and --layers change them before the PCA.");
    auto merged = mergedMoments(store, pr.set.id, pr.corpus.id, pr.corpus.sentences);
    if (!merged) return std::unexpected(merged.error());
    pr.pcaMergeRun = merged->mergeRunId;
    return pcaFromMoments(merged->stats, params.pcaDims);
}

// dist: cluster --mpi (any number of processes, one included: the same numerics for 1 and R
// ranks); nullptr: this process holds every row (the original path).
Expected<Prepared> prepare(const ClusterParams& params, Store& store, ProgressSink& progress, const CancelToken& cancel,
                           StatsReducer* dist) {
    const bool distributed = dist != nullptr;
    LocalReducer local;
    StatsReducer& red = dist ? *dist : local;
    Prepared pr;
    auto corpus = resolveCorpus(store, params.corpus);
    if (!corpus) return std::unexpected(corpus.error());
    pr.corpus = *corpus;
    auto filter = readFilterRun(params, store, pr.corpus, distributed);
    if (!filter) return std::unexpected(filter.error());
    auto set = params.embeddingSet ? embeddingSet(store, *params.embeddingSet) : latestCompleteSet(store, corpus->id);
    if (!set) return std::unexpected(set.error());
    pr.set = *set;
    progress.stage("Loading embeddings");
    for (int layer : params.representation.layers) {
        auto ls = layerSet(store, *corpus, *set, layer);
        if (!ls) return std::unexpected(ls.error());
        pr.layerSets.push_back(*ls);
    }
    if (params.rows > 0 && distributed) return usageError("cluster --mpi fits every row of the corpus.");
    if (params.rows > corpus->sentences)
        return usageError("A fit on the first " + std::to_string(params.rows) + " rows of corpus '" + corpus->name +
                          "', which has " + std::to_string(corpus->sentences) + " sentences.");
    auto emb = distributed            ? loadShare(params, store, pr, red, pr.firstRow)
               : params.rows > 0      ? loadEmbeddingRange(store, set->id, corpus->id, 0, params.rows)
               : pr.layerSets.empty() ? loadEmbeddings(store, set->id, corpus->id)
                                      : loadLayerMean(store, corpus->id, pr.layerSets);
    if (!emb) return std::unexpected(emb.error());
    if (params.rows > 0) corpus->sentences = params.rows;  // the rows this fit sees, as if the corpus ended there
    if (!distributed && emb->rows < corpus->sentences)
        return fail("Embedding set " + std::to_string(set->id) + " covers only " + std::to_string(emb->rows) +
                    " of the " + std::to_string(corpus->sentences) + " sentences of corpus '" + corpus->name +
                    "'; finish `encode` first.");
    pr.emb = std::move(*emb);
    auto labels = corpusLabels(store, corpus->id);
    if (!labels) return std::unexpected(labels.error());
    pr.labels = std::move(*labels);
    if (params.rows > 0 && std::int64_t(pr.labels.sentenceIds.size()) >= params.rows) {
        pr.labels.sentenceIds.resize(std::size_t(params.rows));
        pr.labels.domainIndex.resize(std::size_t(params.rows));
    }
    pr.corpus = *corpus;
    if (static_cast<std::int64_t>(pr.labels.sentenceIds.size()) != (distributed ? corpus->sentences : pr.emb.rows))
        return fail("Corpus '" + corpus->name + "' has " + std::to_string(pr.labels.sentenceIds.size()) +
                    " sentences but " + std::to_string(pr.emb.rows) + " embeddings.");
    if (auto s = applyFilterRun(params, *filter, pr, cancel); !s) return std::unexpected(s.error());
    if (pr.filterExcluded)
        progress.info(std::to_string(pr.filterExcluded) + " sentences removed by filter run " +
                      std::to_string(*params.filterRun) + " are left out.");
    pr.labelled = std::any_of(pr.labels.domainIndex.begin(), pr.labels.domainIndex.end(), [](int d) { return d >= 0; });
    const auto clustered = std::int64_t(pr.labels.sentenceIds.size());
    if (params.k > clustered)
        return usageError("--k " + std::to_string(params.k) + " is larger than the number of sentences (" +
                          std::to_string(clustered) + (pr.filterExcluded ? " after --filter" : "") + ").");
    if (params.pcaDims > pr.emb.dim)
        return usageError("--pca " + std::to_string(params.pcaDims) + " is larger than the embedding dimension " +
                          std::to_string(pr.emb.dim) + ".");

    // Post-processing (in place on pr.emb, so the centroid cosines below describe the vectors
    // that were clustered), PCA, whitening.
    ReduceParams rp;
    rp.pcaDims = params.pcaDims;
    rp.pcaMaxFitRows = params.pcaMaxFitRows;
    rp.pcaPrecision = params.pcaPrecision;
    rp.seed = params.firstSeed;
    rp.precision = params.precision;
    rp.cuda = params.useCuda && cudaAvailable();
    if (params.pcaFromMerge) {
        auto fitted = pcaFromMerge(params, store, pr);
        if (!fitted) return std::unexpected(fitted.error());
        rp.fittedPca = std::move(*fitted);
    }
    if (params.representation.l2 || params.representation.standardize) progress.stage("Post-processing the vectors");
    if (params.pcaDims >= 2) progress.stage("PCA to " + std::to_string(params.pcaDims) + " dimensions");
    auto reduced = distributed
                       ? reduceDistributed(pr.emb.data, pr.emb.rows, pr.emb.dim, params.representation, rp, red, cancel)
                       : reduceForClustering(pr.emb.data, pr.emb.rows, pr.emb.dim, params.representation, rp, cancel);
    if (!reduced) return std::unexpected(reduced.error());
    pr.x = std::move(reduced->x);
    pr.pca = std::move(reduced->pca);
    pr.standardization = std::move(reduced->standardization);
    if (params.pcaDims >= 2) {
        pr.coords2d = pr.x.columnsToFloat(2);
    } else if (pr.emb.dim >= 2 && clustered >= 2) {
        PcaParams pp;
        pp.components = 2;
        pp.maxFitRows = params.pcaMaxFitRows;
        pp.seed = params.firstSeed;
        auto model =
            distributed ? distributedPca(pr.emb.data, pr.emb.rows, pr.emb.dim, 2, red) : fitPca(pr.x, pp, cancel);
        if (!model) return std::unexpected(model.error());
        auto proj = projectPca(*model, pr.x, cancel);
        if (!proj) return std::unexpected(proj.error());
        pr.display = std::move(*model);
        pr.coords2d = proj->columnsToFloat(2);
    }
    if (distributed) {  // rank 0 stores the display coordinates of every row
        const auto all = red.gatherToRoot(std::vector<double>(pr.coords2d.begin(), pr.coords2d.end()));
        pr.coords2d.assign(all.begin(), all.end());
    }
    return pr;
}

// Component means and covariances on the two display axes.
void displayGeometry(const Prepared& pr, const GmmModel& m, std::vector<double>& means2d, std::vector<double>& covs2d) {
    const int d = m.dim, k = m.k;
    means2d.assign(std::size_t(k) * 2, 0.0);
    covs2d.assign(std::size_t(k) * 4, 0.0);
    auto cov = [&](int j, int a, int b) -> double {
        switch (m.covariance) {
        case CovarianceType::Full: return m.covariances[(std::size_t(j) * d + a) * d + b];
        case CovarianceType::Tied: return m.covariances[std::size_t(a) * d + b];
        case CovarianceType::Diag: return a == b ? m.covariances[std::size_t(j) * d + a] : 0.0;
        case CovarianceType::Spherical: return a == b ? m.covariances[std::size_t(j)] : 0.0;
        }
        return 0.0;
    };
    const bool viaPca = pr.pca.components >= 2;
    const PcaModel& w = pr.display;
    for (int j = 0; j < k; ++j) {
        if (viaPca) {  // the GMM lives in PCA space: display axes are its first two coordinates
            for (int a = 0; a < 2; ++a) {
                means2d[std::size_t(j) * 2 + a] = m.means[std::size_t(j) * d + a];
                for (int b = 0; b < 2; ++b) covs2d[std::size_t(j) * 4 + a * 2 + b] = cov(j, a, b);
            }
        } else if (w.components == 2) {  // project: W (mu - mean), W C Wᵀ
            for (int a = 0; a < 2; ++a) {
                double s = 0;
                for (int i = 0; i < d; ++i)
                    s += w.axes[std::size_t(a) * d + i] * (m.means[std::size_t(j) * d + i] - w.mean[std::size_t(i)]);
                means2d[std::size_t(j) * 2 + a] = s;
            }
            for (int a = 0; a < 2; ++a)
                for (int b = 0; b < 2; ++b) {
                    double s = 0;
                    for (int p = 0; p < d; ++p) {
                        const double wa = w.axes[std::size_t(a) * d + p];
                        if (m.covariance == CovarianceType::Diag || m.covariance == CovarianceType::Spherical) {
                            s += wa * cov(j, p, p) * w.axes[std::size_t(b) * d + p];
                            continue;
                        }
                        for (int q = 0; q < d; ++q) s += wa * cov(j, p, q) * w.axes[std::size_t(b) * d + q];
                    }
                    covs2d[std::size_t(j) * 4 + a * 2 + b] = s;
                }
        }
    }
}

// Cosine similarity between domain centroids of the raw embeddings (paper Fig. 4).
// (cluster --mpi: each process adds its rows' sums; the cosine needs the sums only.)
json centroidCosine(const Prepared& pr, StatsReducer& red) {
    const int nd = static_cast<int>(pr.labels.domainNames.size());
    const int dim = pr.emb.dim;
    std::vector<double> c(std::size_t(nd) * dim, 0.0);
    std::vector<std::int64_t> n(std::size_t(nd), 0);
    for (std::int64_t i = 0; i < pr.emb.rows; ++i) {
        const int d = pr.labels.domainIndex[std::size_t(pr.firstRow + i)];
        if (d < 0) continue;
        ++n[std::size_t(d)];
        const float* r = pr.emb.row(i);
        for (int a = 0; a < dim; ++a) c[std::size_t(d) * dim + a] += r[a];
    }
    red.sum(c);
    json m = json::array();
    for (int a = 0; a < nd; ++a) {
        json row = json::array();
        for (int b = 0; b < nd; ++b) {
            double dot = 0, na = 0, nb = 0;
            for (int t = 0; t < dim; ++t) {
                const double x = c[std::size_t(a) * dim + t], y = c[std::size_t(b) * dim + t];
                dot += x * y, na += x * x, nb += y * y;
            }
            row.push_back(na > 0 && nb > 0 ? json(dot / std::sqrt(na * nb)) : json(nullptr));
        }
        m.push_back(row);
    }
    return m;
}

json embeddingJson(const EmbeddingSetInfo& s) {
    return {{"id", s.id},
            {"model", s.key.model},
            {"layer", s.key.layer},
            {"layer_mean", s.key.layerMean},
            {"pooling", s.key.pooling},
            {"side", sideName(s.key.side)},
            {"normalized", s.key.normalized},
            {"dim", s.dim},
            {"model_hash", s.key.modelHash},
            {"precision", s.key.precision},
            {"prefix", s.key.prefix},
            {"model_path", s.modelPath}};
}

std::vector<std::vector<std::int64_t>> confusionRows(const Confusion& c) {
    std::vector<std::vector<std::int64_t>> m(std::size_t(c.domains));
    for (int d = 0; d < c.domains; ++d)
        for (int k = 0; k < c.clusters; ++k) m[std::size_t(d)].push_back(c.at(d, k));
    return m;
}

double randomBaselinePurity(const CorpusLabels& labels, int k, std::uint64_t seed) {
    std::mt19937_64 rng(seed ^ 0x9E3779B97F4A7C15ull);
    std::uniform_int_distribution<int> pick(0, k - 1);
    std::vector<std::int32_t> r(labels.domainIndex.size());
    for (auto& v : r) v = pick(rng);
    return purity(confusionMatrix(labels.domainIndex, r, static_cast<int>(labels.domainNames.size()), k));
}

// Progress of one stage forwarded with an offset (seed s of S).
class ScaledProgress final : public ProgressSink {
public:
    ScaledProgress(ProgressSink& inner, std::int64_t offset, std::int64_t total)
        : inner_(inner), offset_(offset), total_(total) {}
    void progress(std::int64_t done, std::int64_t total) override {
        (void)total;
        inner_.progress(offset_ + done, total_);
    }
    void info(std::string_view m) override { inner_.info(m); }

private:
    ProgressSink& inner_;
    std::int64_t offset_, total_;
};

// compute: EM for every seed on the prepared rows (no Store), the label metrics per seed and
// their mean ± std; `best` is the fit with the highest lower bound. Collective under --mpi.
struct SeedFits {
    ClusterResult result;  // runId and summary not set yet
    std::optional<GmmFit> best;
};

// One seed's record: the fit's figures and, when `scored` (labels, on the root), the label
// metrics; the others stay NaN (stored as null).
Expected<SeedResult> seedRecord(const ClusterParams& params, const Prepared& pr, const GmmFit& fit, std::uint64_t seed,
                                bool scored, bool withKMeans, const CancelToken& cancel) {
    SeedResult r;
    r.seed = seed;
    r.lowerBound = fit.lowerBound;
    r.bic = fit.bic;
    r.aic = fit.aic;
    r.iterations = fit.iterations;
    r.converged = fit.converged;
    if (!scored) return r;
    const int nd = static_cast<int>(pr.labels.domainNames.size());
    auto cm = confusionMatrix(pr.labels.domainIndex, fit.labels, nd, params.k);
    r.purity = purity(cm);
    r.nmi = normalizedMutualInfo(cm);
    r.ari = adjustedRandIndex(cm);
    r.randomPurity = randomBaselinePurity(pr.labels, params.k, seed);
    if (withKMeans) {
        KMeansParams kp;
        kp.k = params.k;
        kp.seed = seed;
        auto km = fitKMeans(pr.x, kp, cancel);
        if (!km) return std::unexpected(km.error());
        r.kmeansPurity = purity(confusionMatrix(pr.labels.domainIndex, km->labels, nd, params.k));
    }
    return r;
}

Expected<SeedFits> fitSeeds(const ClusterParams& params, const Prepared& pr, StatsReducer& red, bool distributed,
                            ProgressSink& progress, const CancelToken& cancel) {
    const bool root = red.rank() == 0;  // holds every row's labels after the fit
    const bool scored = pr.labelled && root;
    SeedFits out;
    ClusterResult& res = out.result;
    res.sentences = std::int64_t(pr.labels.sentenceIds.size());  // all of them, or what --filter kept
    res.labelled = pr.labelled;
    std::vector<double> pur, nmi, ari, rnd, kmp;
    progress.stage("GMM, " + std::to_string(params.seeds) + " seed(s)");
    for (int s = 0; s < params.seeds; ++s) {
        const std::uint64_t seed = params.firstSeed + std::uint64_t(s);
        ScaledProgress sp(progress, std::int64_t(s) * params.maxIter, std::int64_t(params.seeds) * params.maxIter);
        auto fit = fitGmm(pr.x, gmmParamsFor(params, params.k, seed), red, sp, cancel);
        if (!fit) return std::unexpected(fit.error());
        const bool withKMeans = scored && params.kmeansBaseline && !distributed;  // (--mpi skips it)
        auto record = seedRecord(params, pr, *fit, seed, scored, withKMeans, cancel);
        if (!record) return std::unexpected(record.error());
        const SeedResult& r = *record;
        if (scored) pur.push_back(r.purity), nmi.push_back(r.nmi), ari.push_back(r.ari), rnd.push_back(r.randomPurity);
        if (withKMeans) kmp.push_back(r.kmeansPurity);
        progress.info("seed " + std::to_string(seed) + ": lower bound " + std::to_string(r.lowerBound) +
                      (pr.labelled ? ", purity " + std::to_string(r.purity) : std::string()));
        if (!out.best || fit->lowerBound > out.best->lowerBound) {
            out.best = std::move(*fit);
            res.bestSeedIndex = s;
        }
        res.perSeed.push_back(r);
    }
    std::tie(res.purityMean, res.purityStd) = meanStd(pur);
    std::tie(res.nmiMean, res.nmiStd) = meanStd(nmi);
    std::tie(res.ariMean, res.ariStd) = meanStd(ari);
    std::tie(res.randomPurityMean, res.randomPurityStd) = meanStd(rnd);
    std::tie(res.kmeansPurityMean, res.kmeansPurityStd) = meanStd(kmp);
    return out;
}

// The run's summary, as stored (ClusterSummary in core/runs).
ClusterSummary summarise(const ClusterParams& params, const Prepared& pr, const ClusterResult& res, const GmmFit& b,
                         const Confusion& cm, const json& centroids) {
    ClusterSummary summary;
    summary.corpus = pr.corpus.name;
    summary.sentences = res.sentences;
    if (params.filterRun) {
        summary.filterRun = *params.filterRun;
        summary.filterExcluded = pr.filterExcluded;
    }
    summary.embeddingSet = embeddingJson(pr.set);
    summary.representation = params.representation.describe();
    summary.k = params.k;
    summary.covariance = covarianceTypeName(params.covariance);
    summary.pca.dims = params.pcaDims;
    if (pr.pca.components > 0) {
        summary.pca.fitRows = pr.pca.fitRows;
        if (pr.pcaMergeRun) summary.pca.fromMergeRun = pr.pcaMergeRun;
        summary.pca.explainedVarianceRatio = pr.pca.explainedVarianceRatio;
        for (double v : pr.pca.explainedVarianceRatio) summary.pca.explainedVarianceTotal += v;
    }
    summary.labelled = pr.labelled;
    summary.domains = pr.labels.domainNames;
    summary.perSeed = res.perSeed;
    summary.purity = {res.purityMean, res.purityStd};
    summary.nmi = {res.nmiMean, res.nmiStd};
    summary.ari = {res.ariMean, res.ariStd};
    summary.randomPurity = {res.randomPurityMean, res.randomPurityStd};
    summary.kmeansPurity = {res.kmeansPurityMean, res.kmeansPurityStd};
    summary.bestSeedIndex = res.bestSeedIndex;
    summary.bestSeed = res.perSeed[std::size_t(res.bestSeedIndex)].seed;
    summary.best = {b.lowerBound, b.bic, b.aic, b.meanLogLikelihood, b.model.weights, b.clusterSizes};
    if (pr.labelled) {
        summary.confusion = confusionRows(cm);
        summary.majority = majorityMap(cm);
        summary.centroidCosine = centroids;
    }
    return summary;
}

// The params as stored: the table's JSON plus what prepare resolved (corpus, embedding set).
json storedParams(const ClusterParams& params, const Prepared& pr) {
    json pj = params.toJson();
    pj["corpus"] = pr.corpus.name;
    pj["embedding_set"] = pr.set.id;
    pj["embedding"] = embeddingJson(pr.set);
    if (params.rows > 0) pj["rows"] = params.rows;
    if (!pr.layerSets.empty()) {
        json ids = json::array();
        for (const auto& ls : pr.layerSets) ids.push_back(ls.id);
        pj["representation"]["layer_sets"] = ids;
    }
    return pj;
}

// persist: the run, its per-sentence results, blobs and fitted model in one transaction.
Expected<std::int64_t> persistClusterRun(Store& store, const ClusterParams& params, const Prepared& pr,
                                         const ClusterSummary& summary, const GmmFit& b, const Confusion& cm,
                                         const CancelToken& cancel) {
    std::vector<double> means2d, covs2d;
    displayGeometry(pr, b.model, means2d, covs2d);
    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());
    auto runId = createRun(store, RunKind::Cluster, pr.corpus.id, pr.set.id, storedParams(params, pr));
    if (!runId) return std::unexpected(runId.error());
    if (auto s = setRunSummary(store, *runId, summary.toJson()); !s) return std::unexpected(s.error());
    RunResults rr;
    rr.sentenceIds = pr.labels.sentenceIds;
    rr.label = b.labels;
    rr.prob = b.maxProb;
    rr.loglik = b.logLik;
    if (auto s = writeRunResults(store, *runId, rr); !s) return std::unexpected(s.error());
    // (empty arrays are skipped: the store binds an empty blob as NULL)
    auto put = [&](std::string_view name, auto span) -> Status {
        if (span.empty()) return {};
        return putRunArray(store, *runId, name, span);
    };
    std::vector<std::int64_t> conf(cm.counts.begin(), cm.counts.end());
    std::vector<std::int32_t> dom(pr.labels.domainIndex.begin(), pr.labels.domainIndex.end());
    for (auto st :
         {put(blobs::kPca2d, std::span<const float>(pr.coords2d)),
          put(blobs::kMeans2d, std::span<const double>(means2d)), put(blobs::kCovs2d, std::span<const double>(covs2d)),
          put(blobs::kWeights, std::span<const double>(b.model.weights)),
          put(blobs::kConfusion, std::span<const std::int64_t>(conf)),
          put(blobs::kSentenceIds, std::span<const std::int64_t>(pr.labels.sentenceIds)),
          put(blobs::kDomainIndex, std::span<const std::int32_t>(dom)),
          put(blobs::kLabels, std::span<const std::int32_t>(b.labels)),
          put(blobs::kMaxProb, std::span<const double>(b.maxProb))})
        if (!st) return std::unexpected(st.error());
    // The fitted model, so `assign` can apply this run to other rows (shards, new data).
    ClusterModel model{pr.set.id, {}, params.representation, pr.standardization, pr.pca, params.precision, b.model};
    for (const auto& ls : pr.layerSets) model.layerSets.push_back(ls.id);
    if (auto s = storeClusterModel(store, *runId, model); !s) return std::unexpected(s.error());
    if (cancel.isCancelled()) return cancelled();
    if (auto s = tx->commit(); !s) return std::unexpected(s.error());
    return *runId;
}

// prepare (reads the project) / compute (fitSeeds, no Store) / persist (one transaction).
Expected<ClusterResult> runClusterImpl(const ClusterParams& params0, Store& store, StatsReducer* dist,
                                       ProgressSink& progress, const CancelToken& cancel) {
    if (auto s = validateClusterParams(params0); !s) return std::unexpected(s.error());
    LocalReducer local;
    StatsReducer& red = dist ? *dist : local;
    return runJob<ClusterResult>([&]() -> Expected<ClusterResult> {
        auto pr = prepare(params0, store, progress, cancel, dist);
        if (!pr) return std::unexpected(pr.error());
        ClusterParams params = params0;  // the model's mixture, once the set is known
        useModelMixture(params, pr->set.key.model);  // the fields left auto
        auto fits = fitSeeds(params, *pr, red, dist != nullptr, progress, cancel);
        if (!fits) return std::unexpected(fits.error());
        ClusterResult res = std::move(fits->result);
        const json centroids = pr->labelled ? centroidCosine(*pr, red) : json();  // collective: every process
        if (red.rank() != 0) return res;  // cluster --mpi: rank 0 stores the run
        const GmmFit& best = *fits->best;
        const int nd = static_cast<int>(pr->labels.domainNames.size());
        const auto cm = confusionMatrix(pr->labels.domainIndex, best.labels, nd, params.k);
        res.summary = summarise(params, *pr, res, best, cm, centroids);
        progress.stage("Saving the run");
        auto runId = persistClusterRun(store, params, *pr, res.summary, best, cm, cancel);
        if (!runId) return std::unexpected(runId.error());
        res.runId = *runId;
        return res;
    });
}

}  // namespace

Expected<ClusterResult> runCluster(const ClusterParams& params, Store& store, ProgressSink& progress,
                                   const CancelToken& cancel) {
    return runClusterImpl(params, store, nullptr, progress, cancel);
}

Expected<ClusterResult> runCluster(const ClusterParams& params, Store& store, StatsReducer& reducer,
                                   ProgressSink& progress, const CancelToken& cancel) {
    return runClusterImpl(params, store, &reducer, progress, cancel);
}

Expected<SweepResult> runClusterSweep(const SweepParams& params, Store& store, ProgressSink& progress,
                                      const CancelToken& cancel) {
    if (params.ks.empty()) return usageError("The k sweep needs at least one k.");
    ClusterParams base = params.base;
    base.k = *std::max_element(params.ks.begin(), params.ks.end());
    if (auto s = validateClusterParams(base); !s) return std::unexpected(s.error());
    return runJob<SweepResult>([&]() -> Expected<SweepResult> {
        auto pr = prepare(base, store, progress, cancel, nullptr);
        if (!pr) return std::unexpected(pr.error());
        const int nd = static_cast<int>(pr->labels.domainNames.size());
        SweepResult res;
        double bestBic = std::numeric_limits<double>::infinity();
        for (std::size_t i = 0; i < params.ks.size(); ++i) {
            const int k = params.ks[i];
            if (k < 1) return usageError("k must be at least 1.");
            progress.stage("GMM k = " + std::to_string(k));
            auto fit = fitGmm(pr->x, gmmParamsFor(base, k, base.firstSeed), progress, cancel);
            if (!fit) return std::unexpected(fit.error());
            SweepPoint p{
                k, fit->bic, fit->aic, fit->lowerBound, std::numeric_limits<double>::quiet_NaN(), fit->iterations};
            if (pr->labelled) p.purity = purity(confusionMatrix(pr->labels.domainIndex, fit->labels, nd, k));
            if (p.bic < bestBic) bestBic = p.bic, res.bestKByBic = k;
            res.points.push_back(p);
        }
        json pj = base.toJson();
        pj.erase("k");
        pj.erase("seeds");
        pj["ks"] = params.ks;
        pj["corpus"] = pr->corpus.name;
        pj["embedding_set"] = pr->set.id;
        auto tx = store.begin();
        if (!tx) return std::unexpected(tx.error());
        auto runId = createRun(store, RunKind::ClusterSweep, pr->corpus.id, pr->set.id, pj);
        if (!runId) return std::unexpected(runId.error());
        if (auto s = setRunSummary(store, *runId, ClusterSweepSummary{res.points, res.bestKByBic}.toJson()); !s)
            return std::unexpected(s.error());
        if (auto s = tx->commit(); !s) return std::unexpected(s.error());
        res.runId = *runId;
        return res;
    });
}

}  // namespace dl
