// `domainlens-cli cluster PROJECT --k K [--pca N] [--cov full|diag|spherical|tied] [--seeds S] [--json]`
// GMM clustering of a corpus' embeddings (Aharoni & Goldberg 2020), stored as a run.
#include <cmath>
#include <cstdio>

#include "CliSupport.h"
#include "analysis/ClusterJob.h"

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
        {QStringLiteral("n-init"), QStringLiteral("EM restarts per seed, best lower bound kept (default 1)."), QStringLiteral("N")},
        {QStringLiteral("pca-fit-rows"), QStringLiteral("Fit PCA on a sample of this many rows when larger (default 200000; 0 = all)."), QStringLiteral("N")},
        {QStringLiteral("no-kmeans-baseline"), QStringLiteral("Skip the k-means purity baseline.")},
        {QStringLiteral("float32"), QStringLiteral("Compute in float32 (faster, not bit-comparable with scikit-learn).")},
        {QStringLiteral("cpu"), QStringLiteral("Compute on the CPU even when a GPU is available.")},
        {QStringLiteral("sweep"), QStringLiteral("Instead: BIC/AIC for each k of a comma list (e.g. 5,10,15), one seed."), QStringLiteral("LIST")},
        {QStringLiteral("json"), QStringLiteral("Print one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    const bool sweep = p.isSet(QStringLiteral("sweep"));
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
    const bool json = p.isSet(QStringLiteral("json"));

    auto store = openProject(*path);
    if (!store) return ExitFailed;
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")));

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
    if (json) {
        nlohmann::json j = res->summary;
        j["run"] = res->runId;
        printJson(j);
        return ExitOk;
    }
    std::printf("Clustering stored as run %lld: %lld sentences, k = %d, %s covariance, PCA %d\n",
                static_cast<long long>(res->runId), static_cast<long long>(res->sentences), params.k,
                dl::covarianceTypeName(params.covariance).c_str(), params.pcaDims);
    for (const auto& s : res->perSeed) {
        if (res->labelled)
            std::printf("  seed %-3llu purity %6.2f%%  NMI %.4f  ARI %.4f  lower bound %.4f  (%d iterations%s)\n",
                        static_cast<unsigned long long>(s.seed), 100 * s.purity, s.nmi, s.ari, s.lowerBound, s.iterations,
                        s.converged ? "" : ", not converged");
        else
            std::printf("  seed %-3llu lower bound %.4f  BIC %.1f  (%d iterations%s)\n", static_cast<unsigned long long>(s.seed),
                        s.lowerBound, s.bic, s.iterations, s.converged ? "" : ", not converged");
    }
    if (res->labelled)
        std::printf("purity %.2f ± %.2f%% over %zu seed(s); baselines: random %.2f ± %.2f%%, k-means %.2f ± %.2f%%\n",
                    100 * res->purityMean, 100 * res->purityStd, res->perSeed.size(), 100 * res->randomPurityMean,
                    100 * res->randomPurityStd, 100 * res->kmeansPurityMean, 100 * res->kmeansPurityStd);
    std::printf("See `domainlens-cli report %s %lld`.\n", qPrintable(*path), static_cast<long long>(res->runId));
    return ExitOk;
}

const CommandRegistration registration{
    Command{QStringLiteral("cluster"), QStringLiteral("Cluster a corpus' embeddings: PCA + Gaussian mixture, purity over seeds."), setup, run}};

}  // namespace
}  // namespace dlcli
