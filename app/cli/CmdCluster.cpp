// `domainlens-cli cluster PROJECT [--k K] [--pca N] [--cov full|diag|spherical|tied] [--seeds S]
//      [--layers 8,10] [--l2] [--standardize] [--whiten] [--raw] [--layer-sweep] [--json]`
// GMM clustering of a corpus' embeddings (Aharoni & Goldberg 2020), stored as a run; or a
// sweep over k (BIC/AIC) or over the encoded layers (purity/NMI, silhouette). The job's
// options come from its parameter table (analysis/ClusterParamsTable.cpp).
#include <cmath>
#include <cstdio>

#include "CliSupport.h"
#include "ParamOptions.h"
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
    // The job's parameters (analysis/ClusterParamsTable.cpp), then what picks the job and the output.
    addParamOptions(p, dl::layerSweepParamTable().specs());
    p.addOptions({
        {QStringLiteral("sweep"),
         QStringLiteral("Instead: BIC/AIC for each k of a comma list (e.g. 5,10,15), one seed."),
         QStringLiteral("LIST")},
        {QStringLiteral("layer-sweep"), QStringLiteral("Instead: cluster each encoded layer of the model; purity/NMI "
                                                       "per layer with labels, silhouette picks a layer without.")},
        {QStringLiteral("raw"),
         QStringLiteral("No post-processing: the vectors as encoded (refuses --l2, --standardize and --whiten).")},
        {QStringLiteral("mpi"), QStringLiteral("GMM EM over MPI: run under mpirun -np R; each rank reads its share of "
                                               "the rows, rank 0 stores the run (docs/scale.md).")},
        {QStringLiteral("json"), QStringLiteral("Print one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

int runLayerSweep(const QCommandLineParser& p, dl::LayerSweepParams lp, dl::Store& store, TerminalProgress& progress) {
    const dl::ClusterParams params = lp.base;  // as given, for the printout
    lp.layers = params.representation.layers;  // --layers: the layers to compare
    lp.base.representation.layers.clear();
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
            std::printf("  layer %-4d purity %6.2f ± %5.2f%%  NMI %.4f  silhouette %.4f\n", pt.layer,
                        100 * pt.purityMean, 100 * pt.purityStd, pt.nmiMean, pt.silhouette);
        else std::printf("  layer %-4d silhouette %.4f  BIC %.1f\n", pt.layer, pt.silhouette, pt.bic);
    }
    if (res->labelled) std::printf("best layer by purity: %d; ", res->layerByPurity);
    std::printf("by silhouette (no labels needed): %d; chosen: layer %d (by %s)\n", res->layerBySilhouette,
                res->chosenLayer, res->chosenBy.c_str());
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
                r.summary.covariance.c_str(), params.pcaDims, params.representation.describe().c_str());
    if (r.summary.filterRun)
        std::printf("Filter run #%lld: %lld sentences it removed were left out of the fit and the run.\n",
                    static_cast<long long>(*r.summary.filterRun),
                    static_cast<long long>(r.summary.filterExcluded.value_or(0)));
    // Sampling the user should know about: the PCA fit on a subset of rows.
    if (r.summary.pca.fitRows) {
        const auto fitRows = static_cast<long long>(*r.summary.pca.fitRows);
        if (fitRows < r.sentences)
            std::printf("PCA fitted on a random sample of %lld of %lld rows (--pca-fit-rows; sample seed %llu)\n",
                        fitRows, static_cast<long long>(r.sentences),
                        static_cast<unsigned long long>(params.firstSeed));
        else std::printf("PCA fitted on all %lld rows\n", fitRows);
    }
    for (const auto& s : r.perSeed) {
        if (r.labelled)
            std::printf("  seed %-3llu purity %6.2f%%  NMI %.4f  ARI %.4f  lower bound %.4f  (%d iterations%s)\n",
                        static_cast<unsigned long long>(s.seed), 100 * s.purity, s.nmi, s.ari, s.lowerBound,
                        s.iterations, s.converged ? "" : ", not converged");
        else
            std::printf("  seed %-3llu lower bound %.4f  BIC %.1f  (%d iterations%s)\n",
                        static_cast<unsigned long long>(s.seed), s.lowerBound, s.bic, s.iterations,
                        s.converged ? "" : ", not converged");
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
    return usageError(
        QStringLiteral("--mpi: this build has no MPI support (install libopenmpi-dev and configure with "
                       "-DDOMAINLENS_WITH_MPI=ON)"));
#endif
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    const bool sweep = p.isSet(QStringLiteral("sweep"));
    const bool layerSweep = p.isSet(QStringLiteral("layer-sweep"));
    if (sweep && layerSweep) return usageError(QStringLiteral("use only one of --sweep and --layer-sweep"));
    dl::LayerSweepParams lp;
    if (!readParamOptions(p, dl::layerSweepParamTable(), lp)) return ExitUsage;
    dl::ClusterParams& params = lp.base;
    if (p.isSet(QStringLiteral("raw")) &&
        (p.isSet(QStringLiteral("l2")) || p.isSet(QStringLiteral("standardize")) || p.isSet(QStringLiteral("whiten"))))
        return usageError(QStringLiteral("--raw cannot be combined with --l2, --standardize or --whiten"));
    const bool json = p.isSet(QStringLiteral("json"));
    const bool mpi = p.isSet(QStringLiteral("mpi"));
    // Under MPI no rank holds every row: k-means++ seeds from a sample unless told otherwise.
    if (mpi && !p.isSet(QStringLiteral("init-sample-rows"))) params.initSampleRows = 200000;
    if (auto s = dl::validateClusterParams(params); !s) return reportError(s.error());
    if (mpi) {
        if (sweep || layerSweep)
            return usageError(QStringLiteral("--mpi runs one clustering; not with --sweep or --layer-sweep"));
        return runMpi(params, *path, json, p.isSet(QStringLiteral("quiet")));
    }

    auto store = openProject(*path);
    if (!store) return ExitFailed;
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")));
    if (layerSweep) return runLayerSweep(p, lp, *store, progress);

    if (sweep) {
        dl::SweepParams sp;
        sp.base = params;
        for (const auto& s : p.value(QStringLiteral("sweep")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            bool ok = false;
            const int k = s.trimmed().toInt(&ok);
            if (!ok || k < 1)
                return usageError(QStringLiteral("--sweep must be a comma list of k values, got '%1'").arg(s));
            sp.ks.push_back(k);
        }
        auto res = dl::runClusterSweep(sp, *store, progress, progress.cancelToken());
        progress.finish();
        if (!res) return reportError(res.error());
        nlohmann::json j = {{"run", res->runId}, {"best_k_bic", res->bestKByBic}, {"points", nlohmann::json::array()}};
        for (const auto& pt : res->points)
            j["points"].push_back(
                {{"k", pt.k},
                 {"bic", pt.bic},
                 {"aic", pt.aic},
                 {"lower_bound", pt.lowerBound},
                 {"purity", std::isfinite(pt.purity) ? nlohmann::json(pt.purity) : nlohmann::json(nullptr)}});
        if (json) printJson(j);
        else {
            std::printf("k sweep stored as run %lld (best k by BIC: %d)\n", static_cast<long long>(res->runId),
                        res->bestKByBic);
            for (const auto& pt : res->points)
                std::printf("  k=%-4d BIC %.1f  AIC %.1f  lower bound %.4f  purity %.2f%%\n", pt.k, pt.bic, pt.aic,
                            pt.lowerBound, 100 * pt.purity);
        }
        return ExitOk;
    }

    // Each of --cov, --n-init and --reg-covar not given: the set's model's value for it
    // (dl::useModelMixture), whichever of the others is given (the Cluster dialog's "auto").
    params.mixtureAuto =
        dl::ClusterParams::mixtureAutoUnless([&](const char* option) { return p.isSet(QString::fromLatin1(option)); });
    auto res = dl::runCluster(params, *store, progress, progress.cancelToken());
    progress.finish();
    if (!res) return reportError(res.error());
    return printResult(*res, params, *path, json);
}

const CommandRegistration registration{
    Command{QStringLiteral("cluster"),
            QStringLiteral("Cluster a corpus' embeddings: PCA + Gaussian mixture, purity over seeds."), setup, run}};

}  // namespace
}  // namespace dlcli
