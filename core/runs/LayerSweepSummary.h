#pragma once
// The summary stored with a layer sweep (runs.summary of RunKind::LayerSweep) as a struct,
// with its JSON in one place: analysis/LayerSweep writes it; the Runs list, the layer-sweep
// view and `report` read it. The keys are the stored format.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "runs/ClusterSummary.h"

namespace dl {

// One encoder layer of the sweep (also the job's in-memory result, analysis/LayerSweep).
struct LayerSweepPoint {
    int layer = 0;  // as stored (-1 = last)
    std::int64_t embeddingSet = 0;
    double purityMean = kNoValue, purityStd = kNoValue, nmiMean = kNoValue, nmiStd = kNoValue;  // NaN without labels
    double silhouette = kNoValue;  // of the best seed's partition, on the sample
    double bic = kNoValue;         // of the best seed (not comparable across layers; shown for reference)
};

struct LayerSweepSummary {
    std::string corpus, model, pooling, side;
    int k = 0;
    bool labelled = false;
    std::string representation;  // RepresentationParams::describe()
    std::vector<LayerSweepPoint> points;
    std::optional<int> layerByPurity;  // labelled sweeps only
    int layerBySilhouette = 0;
    int chosenLayer = 0;
    std::string chosenBy;  // "purity" | "silhouette"
    std::int64_t silhouetteRows = 0;

    nlohmann::json toJson() const;
    // Missing keys keep the defaults; a key of the wrong type is an error (StoredDataInvalid).
    static Expected<LayerSweepSummary> fromJson(const nlohmann::json& j, std::int64_t runId);
};

}  // namespace dl
