#include "runs/ClusterSummary.h"

#include "runs/ClusterRunChecks.h"
#include "runs/SummaryJson.h"

#include <cstdint>

namespace dl {

namespace {

using json = nlohmann::json;
using summary_json::nullable;
using summary_json::nullableNumber;
using summary_json::read;

json seedJson(const ClusterSeedSummary& r) {
    return {{"seed", r.seed},
            {"purity", nullable(r.purity)},
            {"nmi", nullable(r.nmi)},
            {"ari", nullable(r.ari)},
            {"lower_bound", r.lowerBound},
            {"bic", r.bic},
            {"aic", r.aic},
            {"iterations", r.iterations},
            {"converged", r.converged},
            {"random_purity", nullable(r.randomPurity)},
            {"kmeans_purity", nullable(r.kmeansPurity)}};
}

ClusterSeedSummary seedFromJson(const json& j) {
    ClusterSeedSummary r;
    read(j, "seed", r.seed);
    r.purity = nullableNumber(j, "purity");
    r.nmi = nullableNumber(j, "nmi");
    r.ari = nullableNumber(j, "ari");
    read(j, "lower_bound", r.lowerBound);
    read(j, "bic", r.bic);
    read(j, "aic", r.aic);
    read(j, "iterations", r.iterations);
    read(j, "converged", r.converged);
    r.randomPurity = nullableNumber(j, "random_purity");
    r.kmeansPurity = nullableNumber(j, "kmeans_purity");
    return r;
}

json pcaJson(const ClusterPcaSummary& p) {
    json j = {{"dims", p.dims}};
    if (!p.fitRows) return j;
    j["fit_rows"] = *p.fitRows;
    if (p.fromMergeRun) j["from_merge_run"] = *p.fromMergeRun;
    j["explained_variance_ratio"] = p.explainedVarianceRatio;
    j["explained_variance_total"] = p.explainedVarianceTotal;
    return j;
}

ClusterPcaSummary pcaFromJson(const json& j) {
    ClusterPcaSummary p;
    read(j, "dims", p.dims);
    if (auto it = j.find("fit_rows"); it != j.end()) p.fitRows = it->get<std::int64_t>();
    if (auto it = j.find("from_merge_run"); it != j.end()) p.fromMergeRun = it->get<std::int64_t>();
    read(j, "explained_variance_ratio", p.explainedVarianceRatio);
    read(j, "explained_variance_total", p.explainedVarianceTotal);
    return p;
}

// "<name>_mean" and "<name>_std".
void writeMeanStd(json& j, const std::string& name, const MeanStd& m) {
    j[name + "_mean"] = nullable(m.mean);
    j[name + "_std"] = nullable(m.std);
}
MeanStd readMeanStd(const json& j, const std::string& name) {
    return {nullableNumber(j, name + "_mean"), nullableNumber(j, name + "_std")};
}

// The summary's parts against one another (a crafted k or a ragged confusion matrix became a
// loop bound and an index in the run views and the report; runs/ClusterRunChecks.h).
Status checkShape(const ClusterSummary& s, std::int64_t runId) {
    auto invalid = [&](const std::string& what) { return storedDataInvalid(runId, "summary", what); };
    if (s.sentences < 0) return invalid("gives " + std::to_string(s.sentences) + " sentences");
    // Summaries older than the "sentences" key read 0 there: k is then bounded by the run's rows
    // where those are read (checkClusterCount in the run views and the report).
    if (auto ok = checkClusterCount(s.k, s.sentences > 0 ? s.sentences : -1, runId); !ok) return ok;
    const auto k = std::size_t(s.k);
    if (!s.confusion.empty()) {
        if (s.confusion.size() != s.domains.size())
            return invalid("has a confusion matrix of " + std::to_string(s.confusion.size()) + " rows for " +
                           std::to_string(s.domains.size()) + " domains");
        for (std::size_t r = 0; r < s.confusion.size(); ++r) {
            if (s.confusion[r].size() != k)
                return invalid("has " + std::to_string(s.confusion[r].size()) + " values in row " +
                               std::to_string(r + 1) + " of its confusion matrix for k = " + std::to_string(k));
            for (const std::int64_t count : s.confusion[r])
                if (count < 0) return invalid("has a negative count in its confusion matrix");
        }
    }
    if (!s.majority.empty()) {
        if (s.majority.size() != k)
            return invalid("maps " + std::to_string(s.majority.size()) +
                           " clusters to domains for k = " + std::to_string(k));
        for (const int m : s.majority)
            if (m < -1 || m >= int(s.domains.size()))
                return invalid("maps a cluster to domain " + std::to_string(m) + " of " +
                               std::to_string(s.domains.size()));
    }
    for (const auto* perCluster : {&s.best.weights, &s.best.clusterSizes})
        if (!perCluster->empty() && perCluster->size() != k)
            return invalid("has " + std::to_string(perCluster->size()) +
                           " per-cluster values for k = " + std::to_string(k));
    return {};
}

}  // namespace

json ClusterSummary::toJson() const {
    json j;
    j["corpus"] = corpus;
    j["sentences"] = sentences;
    if (filterRun) j["filter"] = {{"run", *filterRun}, {"excluded", filterExcluded.value_or(0)}};
    j["embedding_set"] = embeddingSet;
    j["representation"] = representation;
    j["k"] = k;
    j["covariance"] = covariance;
    j["pca"] = pcaJson(pca);
    j["labelled"] = labelled;
    j["domains"] = domains;
    json seeds = json::array();
    for (const auto& r : perSeed) seeds.push_back(seedJson(r));
    j["per_seed"] = seeds;
    writeMeanStd(j, "purity", purity);
    writeMeanStd(j, "nmi", nmi);
    writeMeanStd(j, "ari", ari);
    writeMeanStd(j, "random_purity", randomPurity);
    writeMeanStd(j, "kmeans_purity", kmeansPurity);
    j["best_seed_index"] = bestSeedIndex;
    j["best_seed"] = bestSeed;
    j["best"] = {
        {"lower_bound", best.lowerBound},        {"bic", best.bic},         {"aic", best.aic},
        {"mean_loglik", best.meanLogLikelihood}, {"weights", best.weights}, {"cluster_sizes", best.clusterSizes}};
    if (labelled) {
        j["confusion"] = confusion;
        j["majority"] = majority;
        j["centroid_cosine"] = centroidCosine;
    }
    j["std_definition"] = "population (ddof=0) over seeds";
    return j;
}

Expected<ClusterSummary> ClusterSummary::fromJson(const json& j, std::int64_t runId) {
    auto summary = summary_json::readSummary<ClusterSummary>(j, runId, [&](ClusterSummary& s) {
        read(j, "corpus", s.corpus);
        read(j, "sentences", s.sentences);
        if (auto it = j.find("filter"); it != j.end() && it->is_object()) {
            std::int64_t run = 0, excluded = 0;
            read(*it, "run", run);
            read(*it, "excluded", excluded);
            s.filterRun = run;
            s.filterExcluded = excluded;
        }
        if (auto it = j.find("embedding_set"); it != j.end()) s.embeddingSet = *it;
        read(j, "representation", s.representation);
        read(j, "k", s.k);
        read(j, "covariance", s.covariance);
        if (auto it = j.find("pca"); it != j.end() && it->is_object()) s.pca = pcaFromJson(*it);
        read(j, "labelled", s.labelled);
        read(j, "domains", s.domains);
        if (auto it = j.find("per_seed"); it != j.end())
            for (const auto& seed : *it) s.perSeed.push_back(seedFromJson(seed));
        s.purity = readMeanStd(j, "purity");
        s.nmi = readMeanStd(j, "nmi");
        s.ari = readMeanStd(j, "ari");
        s.randomPurity = readMeanStd(j, "random_purity");
        s.kmeansPurity = readMeanStd(j, "kmeans_purity");
        read(j, "best_seed_index", s.bestSeedIndex);
        read(j, "best_seed", s.bestSeed);
        if (auto it = j.find("best"); it != j.end() && it->is_object()) {
            read(*it, "lower_bound", s.best.lowerBound);
            read(*it, "bic", s.best.bic);
            read(*it, "aic", s.best.aic);
            read(*it, "mean_loglik", s.best.meanLogLikelihood);
            read(*it, "weights", s.best.weights);
            read(*it, "cluster_sizes", s.best.clusterSizes);
        }
        read(j, "confusion", s.confusion);
        read(j, "majority", s.majority);
        if (auto it = j.find("centroid_cosine"); it != j.end()) s.centroidCosine = *it;
    });
    if (!summary || !j.is_object()) return summary;  // not an object: the defaults (a run without one)
    if (auto ok = checkShape(*summary, runId); !ok) return std::unexpected(ok.error());
    return summary;
}

}  // namespace dl
