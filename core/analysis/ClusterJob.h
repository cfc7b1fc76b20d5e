#pragma once
// The clustering job (Aharoni & Goldberg 2020, section 2): embeddings of a corpus -> PCA ->
// GMM for S seeds -> purity/NMI/ARI against the domain labels, plus a random baseline.
// Stores ONE run (kind "cluster") per call, in one transaction:
//   params  : this struct as JSON (+ embedding model/layer/pooling/side, the representation
//             and the ids of the layer sets averaged)
//   summary : per-seed metrics, mean/std, best seed, confusion matrix, majority map,
//             domain names, PCA explained variance, domain-centroid cosine matrix
//   results : per sentence of the best seed: label, prob = max responsibility, loglik
//   blobs   : "pca2d" float32 N x 2 (position order), "means2d" float64 k x 2,
//             "covs2d" float64 k x 2 x 2 (components on the two display axes),
//             "weights" float64 k, "confusion" int64 domains x k, "sentence_ids" int64 N,
//             "domain_index" int32 N (-1 unlabelled), "maxprob" float64 N, and the fitted
//             model ("model.*", analysis/ClusterModel.h) that `assign` applies to shards.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/Gmm.h"
#include "analysis/Pca.h"
#include "analysis/Representation.h"
#include "common/Error.h"
#include "jobs/ParamTable.h"
#include "jobs/Progress.h"
#include "runs/ClusterSummary.h"
#include "runs/ClusterSweepSummary.h"

namespace dl {

class Store;

struct ClusterParams {
    std::string corpus;                        // empty = the project's only corpus
    std::optional<std::int64_t> embeddingSet;  // empty = latest complete set of the corpus
    int k = 5;
    int pcaDims = 50;                  // 0 = no PCA (cluster the raw embeddings)
    std::int64_t pcaMaxFitRows = 200000;  // PCA fitted on a sample when N is larger
    // Products of the PCA's covariance pass; empty = float64 when the fit uses all rows (so a
    // plain run equals cluster --mpi), float32 for a sample.
    std::optional<PcaPrecision> pcaPrecision;
    CovarianceType covariance = CovarianceType::Full;
    int seeds = 5;                     // paper protocol: 5 seeds, mean ± std
    std::uint64_t firstSeed = 0;       // seeds firstSeed .. firstSeed + seeds - 1
    int maxIter = 100;
    double tol = 1e-3;
    double regCovar = 1e-6;
    // EM restarts per seed, best lower bound kept. 3, not scikit-learn's 1: a k-means start
    // sometimes ends in a partition that merges two domains and splits another (purity 74
    // instead of 91 on ../shared/data, docs/clustering.md "Restarts per seed"); such partitions
    // have a clearly lower likelihood, so keeping the best of 3 removes them at 3x the EM cost.
    int nInit = 3;
    GmmInit init = GmmInit::KMeans;
    Precision precision = Precision::Float64;
    bool useCuda = true;               // when available
    bool kmeansBaseline = true;        // also report k-means purity per seed
    RepresentationParams representation;  // layer mean, L2, standardisation, whitening
    std::int64_t initSampleRows = 0;      // k-means++ seeding sample (GmmParams::initSampleRows; 0 = all rows)
    // PCA from the statistics an encode merge summed over its shards (analysis/MergedMoments.h)
    // instead of a pass over the vectors: the all-rows PCA whatever pcaMaxFitRows says. Asked
    // for explicitly (not used whenever present), so a run's result never depends on how its
    // vectors arrived; fails when the set has no merge of this corpus' rows.
    bool pcaFromMerge = false;
    // --filter RUN: a filter run of the corpus; the sentences it (and, for a pipeline step, its
    // earlier steps) removed are left out of the fit and get no row in the run (store/Removals.h
    // filterExclusion, as select and export read it). Not with --mpi or --pca-from-merge.
    std::optional<std::int64_t> filterRun;
    // Fit on the corpus's first `rows` sentences only (0 = every row): explore's first stage,
    // whose sample corpus puts a stratified share of itself first. Not an option of `cluster`
    // (no spec in the table); stored as "rows" in the run's params when set. Needs an explicit
    // embeddingSet and no --layers, --mpi or --pca-from-merge.
    std::int64_t rows = 0;
    // The mixture fields the user left to the model, each on its own (the front ends: --cov,
    // --n-init or --reg-covar not given; a dialog field at "auto"): useModelMixture gives each
    // flagged field the value the embedding set's model clusters best with at its worst split
    // once the set is known, and leaves the others as given. A cluster run stores the values it
    // fitted and, under "mixture_auto", the stored keys of the fields that were auto. Not an
    // option (the specs' autoWhenAbsent); the k and layer sweeps fit the fields' values.
    struct MixtureAuto {
        bool covariance = false, nInit = false, regCovar = false;
        bool any() const { return covariance || nInit || regCovar; }
    };
    MixtureAuto mixtureAuto;
    // The mixture fields that can be auto, by their option name in clusterParamTable ("cov",
    // "n-init", "reg-covar"): the one list the front ends and the stored form read.
    static constexpr std::pair<const char*, bool MixtureAuto::*> kAutoMixtureFields[] = {
        {"cov", &MixtureAuto::covariance}, {"n-init", &MixtureAuto::nInit}, {"reg-covar", &MixtureAuto::regCovar}};
    // Each field auto unless `given(option name)`: the CLI's options, a dialog's request.
    template <class Given>
    static MixtureAuto mixtureAutoUnless(Given&& given) {
        MixtureAuto a;
        for (const auto& [option, flag] : kAutoMixtureFields) a.*flag = !given(option);
        return a;
    }
    nlohmann::json toJson() const;  // as stored with the run (clusterParamTable().toJson + mixture_auto)
};

// The models with a mixture of their own (useModelMixture): multilingual-e5-small.
const std::vector<std::string>& modelsWithOwnMixture();

// The mixture `cluster` fits by default for vectors of a model (EmbeddingKey::model, the name):
// multilingual-e5-small: full covariance regularised by 1e-2 on the diagonal, 20 EM runs per
// seed (docs/clustering.md "Layer means and mixtures at the worst split": with 1e-6 and 3 runs
// two seeds in five end 7 points lower on French; its PCA components' variances are 0.02-0.24,
// so 1e-6 lets 500-per-domain components overfit). Other models keep params as they are
// (full, 1e-6, 3 runs: all-mpnet-base-v2 is best so at its worst split).
// Only the fields params.mixtureAuto flags change.
void useModelMixture(ClusterParams& params, const std::string& modelName);

// The parameters of `cluster` declared once (names, ranges, help, stored keys:
// analysis/ClusterParamsTable.cpp); the CLI's options and the Cluster dialog come from it.
const ParamTable<ClusterParams>& clusterParamTable();
// The one validator: every field within the table's range, then the rules across fields
// (--pca 1, --whiten without PCA). runCluster calls it; the CLI calls it before opening a project.
Status validateClusterParams(const ClusterParams& params);
// The EM settings of one fit of `params` with k components and seed `seed` (cluster, the k
// sweep and the layer sweep alike).
GmmParams gmmParamsFor(const ClusterParams& params, int k, std::uint64_t seed);

// One seed's outcome, as the run's summary stores it.
using SeedResult = ClusterSeedSummary;

struct ClusterResult {
    std::int64_t runId = 0;
    std::int64_t sentences = 0;
    bool labelled = false;  // purity etc. are NaN when the corpus has no domain labels
    std::vector<SeedResult> perSeed;
    double purityMean = 0, purityStd = 0;
    double nmiMean = 0, nmiStd = 0, ariMean = 0, ariStd = 0;
    double randomPurityMean = 0, randomPurityStd = 0;
    double kmeansPurityMean = 0, kmeansPurityStd = 0;
    int bestSeedIndex = 0;
    ClusterSummary summary;  // as stored (toJson())
};

Expected<ClusterResult> runCluster(const ClusterParams& params, Store& store, ProgressSink& progress,
                                   const CancelToken& cancel);

class StatsReducer;
// `cluster --mpi`: the same job with the corpus spread over processes. Every process calls it
// (collective); each reads its contiguous share of the rows once (common/RowRange.h, by rank), the
// PCA comes from the float64 covariance of all rows (sums over the processes; no
// --pca-fit-rows sample), GMM EM sums its statistics every
// iteration (fitGmm with the reducer), and rank 0 gathers the labels and stores the run
// (other processes return runId 0 and may open the project read-only). Without a k-means
// baseline; --layers and --standardize are refused. One process or R give the same result
// (to the order of float64 sums), and so does runCluster above whenever its PCA is fitted on
// all rows (N <= pcaMaxFitRows, or 0): it then uses the same float64 centred moments
// (distributedPca with the LocalReducer); fitted on a sample it sums float32 products.
Expected<ClusterResult> runCluster(const ClusterParams& params, Store& store, StatsReducer& reducer,
                                   ProgressSink& progress, const CancelToken& cancel);

// BIC/AIC over a range of k (one job, one stored run of kind "cluster-sweep").
struct SweepParams {
    ClusterParams base;  // k and seeds ignored; one seed (base.firstSeed) per k
    std::vector<int> ks;
};
using SweepPoint = ClusterSweepPoint;
struct SweepResult {
    std::int64_t runId = 0;
    std::vector<SweepPoint> points;
    int bestKByBic = 0;
};
Expected<SweepResult> runClusterSweep(const SweepParams& params, Store& store, ProgressSink& progress,
                                      const CancelToken& cancel);

// mean and sample standard deviation (ddof = 0, as numpy's default std, which the paper's
// "± std" tables use); NaN for an empty input.
std::pair<double, double> meanStd(const std::vector<double>& v);

}  // namespace dl
