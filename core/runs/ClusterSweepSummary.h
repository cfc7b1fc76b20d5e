#pragma once
// The summary stored with a k sweep (runs.summary of RunKind::ClusterSweep) and with an assign
// run (RunKind::Assign: a cluster run's model applied in shards), each with its JSON in one
// place. The keys are the stored format.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "runs/ClusterSummary.h"

namespace dl {

// One k of the sweep (also the job's in-memory result, analysis/ClusterJob SweepPoint).
struct ClusterSweepPoint {
    int k = 0;
    double bic = 0, aic = 0, lowerBound = 0;
    double purity = kNoValue;  // NaN without domain labels (stored as null)
    int iterations = 0;
};

struct ClusterSweepSummary {
    std::vector<ClusterSweepPoint> points;
    int bestKByBic = 0;

    nlohmann::json toJson() const;
    static Expected<ClusterSweepSummary> fromJson(const nlohmann::json& j, std::int64_t runId);
};

// shard/MergeResults (merge --job assign).
struct AssignSummary {
    std::int64_t sourceRun = 0;  // the cluster run whose model the shards applied
    std::string corpus;
    std::int64_t sentences = 0;
    int k = 0;
    std::vector<double> clusterSizes;  // soft counts
    double meanLogLikelihood = 0;
    // An assign run explore is still growing chunk by chunk: the first corpus position of each
    // stored part (blobs::partName), `sentences` rows in all; empty once whole.
    std::vector<std::int64_t> parts;

    nlohmann::json toJson() const;
    static Expected<AssignSummary> fromJson(const nlohmann::json& j, std::int64_t runId);
};

}  // namespace dl
