#include "runs/ClusterSweepSummary.h"

#include "runs/ClusterRunChecks.h"
#include "runs/SummaryJson.h"

#include <cstdint>

namespace dl {

using json = nlohmann::json;
using summary_json::nullable;
using summary_json::nullableNumber;
using summary_json::read;

json ClusterSweepSummary::toJson() const {
    json pts = json::array();
    for (const auto& p : points)
        pts.push_back({{"k", p.k},
                       {"bic", p.bic},
                       {"aic", p.aic},
                       {"lower_bound", p.lowerBound},
                       {"purity", nullable(p.purity)},
                       {"iterations", p.iterations}});
    return {{"points", pts}, {"best_k_bic", bestKByBic}};
}

Expected<ClusterSweepSummary> ClusterSweepSummary::fromJson(const json& j, std::int64_t runId) {
    return summary_json::readSummary<ClusterSweepSummary>(j, runId, [&](ClusterSweepSummary& s) {
        if (auto it = j.find("points"); it != j.end())
            for (const auto& pj : *it) {
                ClusterSweepPoint p;
                read(pj, "k", p.k);
                p.bic = nullableNumber(pj, "bic");
                p.aic = nullableNumber(pj, "aic");
                p.lowerBound = nullableNumber(pj, "lower_bound");
                p.purity = nullableNumber(pj, "purity");
                read(pj, "iterations", p.iterations);
                s.points.push_back(p);
            }
        read(j, "best_k_bic", s.bestKByBic);
    });
}

json AssignSummary::toJson() const {
    json j = {{"source_run", sourceRun},       {"corpus", corpus},
              {"sentences", sentences},        {"k", k},
              {"cluster_sizes", clusterSizes}, {"mean_loglik", meanLogLikelihood}};
    if (!parts.empty()) j["parts"] = parts;
    return j;
}

Expected<AssignSummary> AssignSummary::fromJson(const json& j, std::int64_t runId) {
    auto summary = summary_json::readSummary<AssignSummary>(j, runId, [&](AssignSummary& s) {
        read(j, "source_run", s.sourceRun);
        read(j, "corpus", s.corpus);
        read(j, "sentences", s.sentences);
        read(j, "k", s.k);
        read(j, "cluster_sizes", s.clusterSizes);
        read(j, "mean_loglik", s.meanLogLikelihood);
        read(j, "parts", s.parts);
    });
    if (!summary || !j.is_object()) return summary;
    // k becomes a loop bound and a matrix width in the run view (runs/ClusterRunChecks.h); the
    // corpus the model was applied to may hold fewer rows than k.
    if (auto ok = checkClusterCount(summary->k, -1, runId); !ok) return std::unexpected(ok.error());
    return summary;
}

}  // namespace dl
