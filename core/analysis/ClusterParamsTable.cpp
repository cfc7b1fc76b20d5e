// The parameters of `cluster` (ClusterParams, RepresentationParams, LayerSweepParams), declared
// once: names, ranges, choices, help and stored keys. Defaults are the structs' initialisers.
// The caps are one choice for the CLI and the dialog alike (they used to differ: CLI 100000 /
// 1000 / 1000000, dialog 500 / 50 / 10000): k <= 10000, seeds <= 1000, restarts <= 100,
// EM iterations <= 100000, PCA dimensions <= 4096.
#include "analysis/ClusterJob.h"
#include "analysis/LayerSweep.h"
#include "runs/ClusterRunChecks.h"

#include <cstdint>

namespace dl {

namespace {

constexpr double kMaxRows = 2147483647;  // row counts fit an int (the dialogs' spin boxes)

// What a mixture field not given means, from useModelMixture: "auto: the vectors' model's
// (multilingual-e5-small: 20; other models: 3)".
std::string autoNote(ParamValue (*field)(const ClusterParams&)) {
    std::string models;
    for (const auto& m : modelsWithOwnMixture()) {
        ClusterParams p;
        p.mixtureAuto = {true, true, true};
        useModelMixture(p, m);
        models += (models.empty() ? "" : ", ") + m + ": " + formatParamValue(field(p));
    }
    return "auto: the vectors' model's (" + models + "; other models: " + formatParamValue(field(ClusterParams{})) +
           ")";
}

ParamTable<RepresentationParams> makeRepresentationTable() {
    using R = RepresentationParams;
    ParamTable<R> t;
    t.field(param("layers",
                  "Cluster the mean of these layers' vectors (e.g. 8,10 or 10,last; each encoded with `encode "
                  "--layers`); with --layer-sweep: the layers to compare (default: all encoded).")
                .shownAs("LIST")
                .storedAt("layers")
                .listReadBy(parseLayerList),
            &R::layers);
    t.field(param("l2", "L2-normalise every vector first.").storedAt("l2"), &R::l2);
    t.field(param("standardize",
                  "Standardise every dimension (zero mean, unit variance) before PCA: keeps a few large "
                  "dimensions from dominating.")
                .storedAt("standardize"),
            &R::standardize);
    t.field(param("whiten", "Whiten the PCA components (unit variance each; needs --pca).").storedAt("whiten"),
            &R::whiten);
    t.constant("order", "layer mean, l2, standardize, pca, whiten");
    return t;
}

ParamTable<ClusterParams> makeClusterTable() {
    using C = ClusterParams;
    ParamTable<C> t;
    t.field(param("k", "Number of mixture components (clusters).").between(1, kMaxClusters).shownAs("K").storedAt("k"),
            &C::k);
    t.field(
        param("pca", "PCA dimensions before clustering; 0 = none (cluster the vectors as they are), else at least 2.")
            .between(0, 4096)
            .shownAs("N")
            .storedAt("pca"),
        &C::pcaDims);
    t.choice(param("cov", "Covariance type.")
                 .shownAs("TYPE")
                 .storedAt("covariance")
                 .autoUnlessGiven(
                     autoNote([](const C& p) { return ParamValue(std::string(covarianceTypeName(p.covariance))); })),
             &C::covariance,
             {CovarianceType::Full, CovarianceType::Diag, CovarianceType::Spherical, CovarianceType::Tied},
             covarianceTypeName);
    t.field(param("seeds", "Number of seeds; purity is reported as mean ± std over them (the paper: five).")
                .between(1, 1000)
                .shownAs("S")
                .storedAt("seeds"),
            &C::seeds);
    t.field(param("seed", "First seed.").between(0, 2147483647).shownAs("N").storedAt("first_seed"), &C::firstSeed);
    t.field(param("corpus", "Corpus to cluster (default: the only one).").shownAs("NAME").storedAt("corpus"),
            &C::corpus);
    t.field(param("embedding-set", "Embedding set id (default: the latest complete one).")
                .atLeast(1)
                .shownAs("ID")
                .storedAt("embedding_set"),
            &C::embeddingSet);
    t.field(param("max-iter", "EM iterations at most.").between(1, 100000).shownAs("N").storedAt("max_iter"),
            &C::maxIter);
    t.field(param("tol", "Convergence threshold on the lower bound.").atLeast(0).shownAs("T").storedAt("tol"), &C::tol);
    t.field(param("reg-covar", "Added to covariance diagonals.")
                .atLeast(0)
                .shownAs("R")
                .storedAt("reg_covar")
                .autoUnlessGiven(autoNote([](const C& p) { return ParamValue(p.regCovar); })),
            &C::regCovar);
    t.choice(param("init", "Initialisation of EM.").shownAs("METHOD").storedAt("init"), &C::init,
             {GmmInit::KMeans, GmmInit::Random}, gmmInitName);
    t.field(param("n-init",
                  "EM runs per seed from different starts; the one with the best likelihood (lower bound) is "
                  "kept. More than one avoids partitions that merge two domains. --cov, --n-init and --reg-covar "
                  "not given are each the vectors' model's value, whichever of the others is given.")
                .between(1, 100)
                .shownAs("N")
                .storedAt("n_init")
                .autoUnlessGiven(autoNote([](const C& p) { return ParamValue(std::int64_t(p.nInit)); }))
                .meansWhenAbsent(std::int64_t{1}),  // the default until restarts became 3
            &C::nInit);
    t.field(param("pca-fit-rows",
                  "Fit the PCA on a random sample of this many rows when the corpus is larger (seeded "
                  "with the first seed; every row is then projected); 0 = all rows.")
                .between(0, kMaxRows)
                .shownAs("N")
                .storedAt("pca_max_fit_rows"),
            &C::pcaMaxFitRows);
    t.choice(param("pca-precision",
                   "Products of the PCA's covariance pass: fp64 (when unset for all rows; equals --mpi), "
                   "fp32 (scikit-learn's work; when unset for a sample) or bf16 (opt-in, twice the fp32 "
                   "rate with AVX512_BF16; docs/clustering.md).")
                 .shownAs("P")
                 .storedUnlessDefault("pca_precision"),
             &C::pcaPrecision, {PcaPrecision::Float64, PcaPrecision::Float32, PcaPrecision::BFloat16},
             pcaPrecisionName);
    t.add(
        param("no-kmeans-baseline", "Skip the k-means purity baseline.").flag(),
        [](const C& p) { return ParamValue(!p.kmeansBaseline); },
        [](C& p, const ParamValue& v) { p.kmeansBaseline = !std::get<bool>(v); });
    t.add(
        param("float32", "Compute in float32 (faster, not bit-comparable with scikit-learn).")
            .flag()
            .storedAt("precision"),
        [](const C& p) { return ParamValue(p.precision == Precision::Float32); },
        [](C& p, const ParamValue& v) { p.precision = std::get<bool>(v) ? Precision::Float32 : Precision::Float64; });
    // Stored as the precision's name, as runs have always recorded it.
    t.storedAs([](const ParamValue& v) { return nlohmann::json(std::get<bool>(v) ? "float32" : "float64"); },
               [](const nlohmann::json& j) -> Expected<ParamValue> {
                   if (j == "float32" || j == "float64") return ParamValue(j == "float32");
                   return usageError("precision: expected float64 or float32, got " + j.dump());
               });
    t.add(
        param("cpu", "Compute on the CPU even when a GPU is available.").flag(),
        [](const C& p) { return ParamValue(!p.useCuda); },
        [](C& p, const ParamValue& v) { p.useCuda = !std::get<bool>(v); });
    t.nest(&C::representation, representationParamTable(), "representation");
    t.field(param("pca-from-merge",
                  "Fit the PCA from the statistics an encode merge summed over its shards (all rows, no "
                  "pass over the vectors; docs/scale.md).")
                .storedUnlessDefault("pca_from_merge"),
            &C::pcaFromMerge);
    t.field(param("filter",
                  "Leave out of the fit and of the run the sentences a filter run of the corpus removed (its "
                  "run id; a pipeline step's earlier steps too; see `filter`).")
                .atLeast(1)
                .shownAs("RUN")
                .storedUnlessDefault("filter"),
            &C::filterRun);
    t.field(param("init-sample-rows", "Seed k-means++ from a sample of about N rows; 0 = all rows (200000 with --mpi).")
                .between(0, kMaxRows)
                .shownAs("N")
                .storedUnlessDefault("init_sample_rows"),
            &C::initSampleRows);
    return t;
}

ParamTable<LayerSweepParams> makeLayerSweepTable() {
    ParamTable<LayerSweepParams> t;
    t.nest(&LayerSweepParams::base, clusterParamTable(), "");
    t.field(param("silhouette-rows", "Sample size of the layer sweep's silhouette.")
                .between(2, 100000)
                .shownAs("N")
                .storedAt("silhouette_rows"),
            &LayerSweepParams::silhouetteRows);
    return t;
}

}  // namespace

const ParamTable<RepresentationParams>& representationParamTable() {
    static const ParamTable<RepresentationParams> table = makeRepresentationTable();
    return table;
}

const ParamTable<ClusterParams>& clusterParamTable() {
    static const ParamTable<ClusterParams> table = makeClusterTable();
    return table;
}

const ParamTable<LayerSweepParams>& layerSweepParamTable() {
    static const ParamTable<LayerSweepParams> table = makeLayerSweepTable();
    return table;
}

Status validateClusterParams(const ClusterParams& p) {
    if (auto s = clusterParamTable().validate(p); !s) return s;
    if (p.pcaDims == 1) return usageError("--pca must be 0 (none) or at least 2.");
    if (p.representation.whiten && p.pcaDims < 2) return usageError("--whiten needs --pca N with N >= 2.");
    if (p.rows < 0) return usageError("A cluster fit on the first rows of a corpus needs rows >= 0.");
    if (p.rows > 0 && (!p.embeddingSet || !p.representation.layers.empty() || p.pcaFromMerge))
        return usageError(
            "A cluster fit on the first rows of a corpus reads one named embedding set (no --layers, no "
            "--pca-from-merge).");
    return {};
}

}  // namespace dl
