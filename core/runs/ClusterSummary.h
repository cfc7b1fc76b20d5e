#pragma once
// The summary stored with a cluster run (runs.summary of RunKind::Cluster) as a struct, with
// its JSON in one place: analysis/ClusterJob writes it, the report, the GUI's run views and
// the CLI read it. The keys are the stored format: old projects must still read.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"

namespace dl {

inline constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();  // stored as null

// One GMM seed of the run (also the job's in-memory result, analysis/ClusterJob SeedResult).
struct ClusterSeedSummary {
    std::uint64_t seed = 0;
    double purity = kNoValue, nmi = kNoValue, ari = kNoValue;  // NaN without domain labels
    double lowerBound = 0, bic = 0, aic = 0;
    int iterations = 0;
    bool converged = false;
    double randomPurity = kNoValue;  // uniform random cluster per sentence, same seed
    double kmeansPurity = kNoValue;  // k-means (k-means++ + Lloyd) baseline on the same data, same seed
};

struct ClusterPcaSummary {
    int dims = 0;                              // asked for; 0 = no PCA
    std::optional<std::int64_t> fitRows;       // set when a PCA was fitted: the rows it saw
    std::optional<std::int64_t> fromMergeRun;  // the merge run whose moments gave the PCA
    std::vector<double> explainedVarianceRatio;
    double explainedVarianceTotal = 0;
};

struct MeanStd {
    double mean = kNoValue, std = kNoValue;  // population (ddof = 0) over seeds
};

// The best seed's model (highest lower bound).
struct ClusterBestFit {
    double lowerBound = 0, bic = 0, aic = 0, meanLogLikelihood = 0;
    std::vector<double> weights, clusterSizes;  // per component; sizes are soft counts
};

struct ClusterSummary {
    std::string corpus;
    std::int64_t sentences = 0;  // the sentences clustered (with --filter: those the filter run kept)
    // cluster --filter RUN: the filter run and how many of the corpus's sentences it left out
    // (they have no row in the run). Stored as "filter": {"run", "excluded"}.
    std::optional<std::int64_t> filterRun, filterExcluded;
    nlohmann::json embeddingSet;  // the set's identity (id, model, layer, ...)
    std::string representation;   // RepresentationParams::describe()
    int k = 0;
    std::string covariance = "full";
    ClusterPcaSummary pca;
    bool labelled = false;
    std::vector<std::string> domains;
    std::vector<ClusterSeedSummary> perSeed;
    MeanStd purity, nmi, ari, randomPurity, kmeansPurity;
    int bestSeedIndex = 0;
    std::uint64_t bestSeed = 0;
    ClusterBestFit best;
    // Labelled runs only:
    std::vector<std::vector<std::int64_t>> confusion;  // true domain x cluster counts
    std::vector<int> majority;                         // per cluster: its majority domain, -1 none
    nlohmann::json centroidCosine;

    nlohmann::json toJson() const;
    // Missing keys keep the defaults above (summaries of older runs lack some); a key of the
    // wrong type is an error (StoredDataInvalid: run id, "summary").
    static Expected<ClusterSummary> fromJson(const nlohmann::json& j, std::int64_t runId);
};

// The keys that `report` copies from the stored summary as they are.
inline constexpr const char* kClusterReportKeys[] = {"purity_mean",
                                                     "purity_std",
                                                     "nmi_mean",
                                                     "ari_mean",
                                                     "random_purity_mean",
                                                     "random_purity_std",
                                                     "kmeans_purity_mean",
                                                     "kmeans_purity_std",
                                                     "per_seed",
                                                     "best_seed",
                                                     "pca"};

}  // namespace dl
