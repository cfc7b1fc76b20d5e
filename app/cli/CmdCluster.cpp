// `domainlens-cli cluster PROJECT --k K [--pca N] [--cov full|diag|spherical|tied] [--seeds S]
//      [--layers 8,10] [--l2] [--standardize] [--whiten] [--raw] [--layer-sweep] [--json]`
// GMM clustering of a corpus' embeddings (Aharoni & Goldberg 2020), stored as a run; or a
// sweep over k (BIC/AIC) or over the encoded layers (purity/NMI, silhouette).
#include <cmath>
#include <cstdio>

#include "CliSupport.h"
#include "analysis/ClusterJob.h"
#include "analysis/LayerSweep.h"
#ifdef DOMAINLENS_WITH_MPI
#include "analysis/Pca.h"
#include "mpi/MpiReducer.h"
#endif

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addOptions({
        {QStringLiteral("k"), QStringLiteral("Number of mixture components (clusters)."), QStringLiteral("K")},
        {QStringLiteral("pca"), QStringLiteral("PCA dimensions before clustering (default 50; 0 = none)."), QStringLiteral("N")},
        {QStringLiteral("cov"), QStringLiteral("Covariance type: full (default), diag, spherical or tied."), QStringLiteral("TYPE")},
        {QStringLiteral("seeds"), QStringLiteral("Number of seeds; purity is reported as mean ± std (default 5)."), QStringLiteral("S")},
        {QStringLiteral("seed"), QStringLiteral("First seed (default 0)."), QStringLiteral("N")},
        {QStringLiteral("corpus"), QStringLiteral("Corpus to cluster (default: the only one)."), QStringLiteral("NAME")},
        {QStringLiteral("embedding-set"), QStringLiteral("Embedding set id (default: the latest complete one)."), QStringLiteral("ID")},
        {QStringLiteral("max-iter"), QStringLiteral("EM iterations at most (default 100)."), QStringLiteral("N")},
        {QStringLiteral("tol"), QStringLiteral("Convergence threshold on the lower bound (default 1e-3)."), QStringLiteral("T")},
        {QStringLiteral("reg-covar"), QStringLiteral("Added to covariance diagonals (default 1e-6)."), QStringLiteral("R")},
        {QStringLiteral("init"), QStringLiteral("Initialisation: kmeans (default) or random."), QStringLiteral("METHOD")},
        {QStringLiteral("n-init"), QStringLiteral("EM restarts per seed, best lower bound kept (default 3)."), QStringLiteral("N")},
        {QStringLiteral("pca-fit-rows"), QStringLiteral("Fit PCA on a sample of this many rows when larger (default 200000; 0 = all)."), QStringLiteral("N")},
        {QStringLiteral("pca-precision"), QStringLiteral("Products of the PCA's covariance pass: fp64 (default for all rows; equals --mpi), fp32 (scikit-learn's work; default for a sample) or bf16 (opt-in, twice the fp32 rate with AVX512_BF16; docs/clustering.md)."), QStringLiteral("P")},
        {QStringLiteral("no-kmeans-baseline"), QStringLiteral("Skip the k-means purity baseline.")},
        {QStringLiteral("float32"), QStringLiteral("Compute in float32 (faster, not bit-comparable with scikit-learn).")},
        {QStringLiteral("cpu"), QStringLiteral("Compute on the CPU even when a GPU is available.")},
        {QStringLiteral("sweep"), QStringLiteral("Instead: BIC/AIC for each k of a comma list (e.g. 5,10,15), one seed."), QStringLiteral("LIST")},
        {QStringLiteral("layers"), QStringLiteral("Cluster the mean of these layers' vectors (e.g. 8,10 or 10,last; each encoded with `encode --layers`); with --layer-sweep: the layers to compare (default: all encoded)."), QStringLiteral("LIST")},
        {QStringLiteral("l2"), QStringLiteral("L2-normalise every vector first.")},
        {QStringLiteral("standardize"), QStringLiteral("Standardise every dimension (zero mean, unit variance) before PCA.")},
        {QStringLiteral("whiten"), QStringLiteral("Whiten the PCA components (unit variance each; needs --pca).")},
        {QStringLiteral("raw"), QStringLiteral("No post-processing: the vectors as encoded (overrides the defaults).")},
        {QStringLiteral("layer-sweep"), QStringLiteral("Instead: cluster each encoded layer of the model; purity/NMI per layer with labels, silhouette picks a layer without.")},
        {QStringLiteral("silhouette-rows"), QStringLiteral("Sample size of the layer sweep's silhouette (default 2000)."), QStringLiteral("N")},
        {QStringLiteral("mpi"), QStringLiteral("GMM EM over MPI: run under mpirun -np R; each rank reads its share of the rows, rank 0 stores the run (docs/scale.md).")},
        {QStringLiteral("pca-from-merge"), QStringLiteral("Fit the PCA from the statistics an encode merge summed over its shards (all rows, no pass over the vectors; docs/scale.md).")},
        {QStringLiteral("init-sample-rows"), QStringLiteral("Seed k-means++ from a sample of about N rows (default 0 = all rows; 200000 with --mpi)."), QStringLiteral("N")},
        {QStringLiteral("json"), QStringLiteral("Print one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

// --layers / --l2 / --standardize / --whiten / --raw into the representation.
bool representationOptions(const QCommandLineParser& p, dl::RepresentationParams& r) {
    if (p.isSet(QStringLiteral("raw"))) {
        if (p.isSet(QStringLiteral("l2")) || p.isSet(QStringLiteral("standardize")) || p.isSet(QStringLiteral("whiten"))) {
            usageError(QStringLiteral("--raw cannot be combined with --l2, --standardize or --whiten"));
            return false;
        }
        r.l2 = r.standardize = r.whiten = false;
    }
    if (p.isSet(QStringLiteral("l2"))) r.l2 = true;
    if (p.isSet(QStringLiteral("standardize"))) r.standardize = true;
    if (p.isSet(QStringLiteral("whiten"))) r.whiten = true;
    if (p.isSet(QStringLiteral("layers"))) {
        auto layers = dl::parseLayerList(p.value(QStringLiteral("layers")).toStdString());
        if (!layers) {
            usageError(QString::fromStdString(layers.error().message));
            return false;
        }
        r.layers = std::move(*layers);
    }
    return true;
}

int runLayerSweep(const QCommandLineParser& p, const dl::ClusterParams& params, dl::Store& store, TerminalProgress& progress) {
    dl::LayerSweepParams lp;
    lp.base = params;
    lp.layers = params.representation.layers;
    lp.base.representation.layers.clear();
    int rows = 2000;
    if (!intOption(p, QStringLiteral("silhouette-rows"), rows, 2, 100000)) return ExitUsage;
    lp.silhouetteRows = rows;
    auto res = dl::runLayerSweep(lp, store, progress, progress.cancelToken());
    progress.finish();
    if (!res) return reportError(res.error());
    if (p.isSet(QStringLiteral("json"))) {
        nlohmann::json j = res->summary.toJson();
        j["run"] = res->runId;
        printJson(j);
        return ExitOk;
    }
    std::printf("Layer sweep stored as run %lld (k = %d, %s)\n", static_cast<long long>(res->runId), params.k,
                params.representation.describe().c_str());
    for (const auto& pt : res->points) {
        if (res->labelled)
            std::printf("  layer %-4d purity %6.2f ± %5.2f%%  NMI %.4f  silhouette %.4f\n", pt.layer, 100 * pt.purityMean,
                        100 * pt.purityStd, pt.nmiMean, pt.silhouette);
        else
            std::printf("  layer %-4d silhouette %.4f  BIC %.1f\n", pt.layer, pt.silhouette, pt.bic);
    }
    if (res->labelled) std::printf("best layer by purity: %d; ", res->layerByPurity);
    std::printf("by silhouette (no labels needed): %d; chosen: layer %d (by %s)\n", res->layerBySilhouette, res->chosenLayer,
                res->chosenBy.c_str());
    return ExitOk;
}

// The result of one clustering run, as text or JSON.
int printResult(const dl::ClusterResult& r, const dl::ClusterParams& params, const QString& projectPath, bool json) {
    if (json) {
        nlohmann::json j = r.summary.toJson();
        j["run"] = r.runId;
        printJson(j);
        return ExitOk;
    }
    std::printf("Clustering stored as run %lld: %lld sentences, k = %d, %s covariance, PCA %d; vectors: %s\n",
                static_cast<long long>(r.runId), static_cast<long long>(r.sentences), params.k,
                dl::covarianceTypeName(params.covariance).c_str(), params.pcaDims,
                params.representation.describe().c_str());
    // Sampling the user should know about: the PCA fit on a subset of rows.
    if (r.summary.pca.fitRows) {
        const auto fitRows = static_cast<long long>(*r.summary.pca.fitRows);
        if (fitRows < r.sentences)
            std::printf("PCA fitted on a random sample of %lld of %lld rows (--pca-fit-rows; sample seed %llu)\n", fitRows,
                        static_cast<long long>(r.sentences), static_cast<unsigned long long>(params.firstSeed));
        else
            std::printf("PCA fitted on all %lld rows\n", fitRows);
    }
    for (const auto& s : r.perSeed) {
        if (r.labelled)
            std::printf("  seed %-3llu purity %6.2f%%  NMI %.4f  ARI %.4f  lower bound %.4f  (%d iterations%s)\n",
                        static_cast<unsigned long long>(s.seed), 100 * s.purity, s.nmi, s.ari, s.lowerBound, s.iterations,
                        s.converged ? "" : ", not converged");
        else
            std::printf("  seed %-3llu lower bound %.4f  BIC %.1f  (%d iterations%s)\n", static_cast<unsigned long long>(s.seed),
                        s.lowerBound, s.bic, s.iterations, s.converged ? "" : ", not converged");
    }
    if (r.labelled)
        std::printf("purity %.2f ± %.2f%% over %zu seed(s); baselines: random %.2f ± %.2f%%, k-means %.2f ± %.2f%%\n",
                    100 * r.purityMean, 100 * r.purityStd, r.perSeed.size(), 100 * r.randomPurityMean,
                    100 * r.randomPurityStd, 100 * r.kmeansPurityMean, 100 * r.kmeansPurityStd);
    std::printf("See `domainlens-cli report %s %lld`.\n", qPrintable(projectPath), static_cast<long long>(r.runId));
    return ExitOk;
}


// cluster --mpi under mpirun: every rank runs the job (collective calls); rank 0 writes the
// project and prints. A rank that fails ends every rank (MPI_Abort), since the others would
// wait for it in the next collective call forever.
int runMpi(const dl::ClusterParams& params, const QString& path, bool json, bool quiet) {
#ifdef DOMAINLENS_WITH_MPI
    dl::MpiSession session(nullptr, nullptr);
    dl::MpiReducer reducer;
    const bool root = reducer.rank() == 0;
    auto store = openProject(path, root ? dl::OpenMode::ReadWrite : dl::OpenMode::ReadOnly);
    if (!store) session.abort(ExitFailed);
    TerminalProgress progress(quiet || !root);
    auto res = dl::runCluster(params, *store, reducer, progress, progress.cancelToken());
    progress.finish();
    if (!res) {
        const int rc = reportError(res.error());
        if (reducer.size() > 1) session.abort(rc);
        return rc;
    }
    return root ? printResult(*res, params, path, json) : ExitOk;
#else
    (void)params, (void)path, (void)json, (void)quiet;
    return usageError(QStringLiteral("--mpi: this build has no MPI support (install libopenmpi-dev and configure with "
                                     "-DDOMAINLENS_WITH_MPI=ON)"));
#endif
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    const bool sweep = p.isSet(QStringLiteral("sweep"));
    const bool layerSweep = p.isSet(QStringLiteral("layer-sweep"));
    if (sweep && layerSweep) return usageError(QStringLiteral("use only one of --sweep and --layer-sweep"));
    if (!p.isSet(QStringLiteral("k")) && !sweep) return usageError(QStringLiteral("--k K is required"));
    dl::ClusterParams params;
    if (!intOption(p, QStringLiteral("k"), params.k, 1, 100000)) return ExitUsage;
    if (!intOption(p, QStringLiteral("pca"), params.pcaDims, 0, 100000)) return ExitUsage;
    if (params.pcaDims == 1) return usageError(QStringLiteral("--pca must be 0 (none) or at least 2"));
    if (!intOption(p, QStringLiteral("seeds"), params.seeds, 1, 1000)) return ExitUsage;
    int seed = 0;
    if (!intOption(p, QStringLiteral("seed"), seed, 0, 2147483647)) return ExitUsage;
    params.firstSeed = static_cast<std::uint64_t>(seed);
    if (!intOption(p, QStringLiteral("max-iter"), params.maxIter, 1, 1000000)) return ExitUsage;
    if (!intOption(p, QStringLiteral("n-init"), params.nInit, 1, 1000)) return ExitUsage;
    if (!doubleOption(p, QStringLiteral("tol"), params.tol)) return ExitUsage;
    if (!doubleOption(p, QStringLiteral("reg-covar"), params.regCovar)) return ExitUsage;
    if (params.tol < 0 || params.regCovar < 0) return usageError(QStringLiteral("--tol and --reg-covar must not be negative"));
    int fitRows = static_cast<int>(params.pcaMaxFitRows);
    if (!intOption(p, QStringLiteral("pca-fit-rows"), fitRows, 0, 2147483647)) return ExitUsage;
    params.pcaMaxFitRows = fitRows;
    if (p.isSet(QStringLiteral("pca-precision"))) {
        dl::PcaPrecision pp{};
        if (!dl::parsePcaPrecision(p.value(QStringLiteral("pca-precision")).toStdString(), pp))
            return usageError(QStringLiteral("--pca-precision must be fp64, fp32 or bf16, got '%1'").arg(p.value(QStringLiteral("pca-precision"))));
        params.pcaPrecision = pp;
    }
    if (p.isSet(QStringLiteral("cov"))) {
        auto c = dl::parseCovarianceType(p.value(QStringLiteral("cov")).toStdString());
        if (!c) return usageError(QStringLiteral("--cov must be full, diag, spherical or tied, got '%1'").arg(p.value(QStringLiteral("cov"))));
        params.covariance = *c;
    }
    if (p.isSet(QStringLiteral("init"))) {
        auto i = dl::parseGmmInit(p.value(QStringLiteral("init")).toStdString());
        if (!i) return usageError(QStringLiteral("--init must be kmeans or random, got '%1'").arg(p.value(QStringLiteral("init"))));
        params.init = *i;
    }
    if (p.isSet(QStringLiteral("embedding-set"))) {
        bool ok = false;
        const auto id = p.value(QStringLiteral("embedding-set")).toLongLong(&ok);
        if (!ok || id <= 0) return usageError(QStringLiteral("--embedding-set must be a set id"));
        params.embeddingSet = id;
    }
    params.corpus = p.value(QStringLiteral("corpus")).toStdString();
    params.precision = p.isSet(QStringLiteral("float32")) ? dl::Precision::Float32 : dl::Precision::Float64;
    params.useCuda = !p.isSet(QStringLiteral("cpu"));
    params.kmeansBaseline = !p.isSet(QStringLiteral("no-kmeans-baseline"));
    if (!representationOptions(p, params.representation)) return ExitUsage;
    if (params.representation.whiten && params.pcaDims < 2) return usageError(QStringLiteral("--whiten needs --pca N with N >= 2"));
    const bool json = p.isSet(QStringLiteral("json"));
    const bool mpi = p.isSet(QStringLiteral("mpi"));
    int initSample = mpi ? 200000 : 0;
    if (!intOption(p, QStringLiteral("init-sample-rows"), initSample, 0, 2147483647)) return ExitUsage;
    params.initSampleRows = initSample;
    params.pcaFromMerge = p.isSet(QStringLiteral("pca-from-merge"));
    if (mpi) {
        if (sweep || layerSweep) return usageError(QStringLiteral("--mpi runs one clustering; not with --sweep or --layer-sweep"));
        return runMpi(params, *path, json, p.isSet(QStringLiteral("quiet")));
    }

    auto store = openProject(*path);
    if (!store) return ExitFailed;
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")));
    if (layerSweep) return runLayerSweep(p, params, *store, progress);

    if (sweep) {
        dl::SweepParams sp;
        sp.base = params;
        for (const auto& s : p.value(QStringLiteral("sweep")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            bool ok = false;
            const int k = s.trimmed().toInt(&ok);
            if (!ok || k < 1) return usageError(QStringLiteral("--sweep must be a comma list of k values, got '%1'").arg(s));
            sp.ks.push_back(k);
        }
        auto res = dl::runClusterSweep(sp, *store, progress, progress.cancelToken());
        progress.finish();
        if (!res) return reportError(res.error());
        nlohmann::json j = {{"run", res->runId}, {"best_k_bic", res->bestKByBic}, {"points", nlohmann::json::array()}};
        for (const auto& pt : res->points)
            j["points"].push_back({{"k", pt.k}, {"bic", pt.bic}, {"aic", pt.aic}, {"lower_bound", pt.lowerBound},
                                   {"purity", std::isfinite(pt.purity) ? nlohmann::json(pt.purity) : nlohmann::json(nullptr)}});
        if (json) printJson(j);
        else {
            std::printf("k sweep stored as run %lld (best k by BIC: %d)\n", static_cast<long long>(res->runId), res->bestKByBic);
            for (const auto& pt : res->points)
                std::printf("  k=%-4d BIC %.1f  AIC %.1f  lower bound %.4f  purity %.2f%%\n", pt.k, pt.bic, pt.aic,
                            pt.lowerBound, 100 * pt.purity);
        }
        return ExitOk;
    }

    auto res = dl::runCluster(params, *store, progress, progress.cancelToken());
    progress.finish();
    if (!res) return reportError(res.error());
    return printResult(*res, params, *path, json);
}

const CommandRegistration registration{
    Command{QStringLiteral("cluster"), QStringLiteral("Cluster a corpus' embeddings: PCA + Gaussian mixture, purity over seeds."), setup, run}};

}  // namespace
}  // namespace dlcli
