#pragma once
// `cluster --layer-sweep`: the clustering protocol of ClusterJob (post-processing, PCA, GMM
// over seeds) once per encoded layer of one model, to choose the layer. With domain labels,
// purity/NMI per layer and the best layer by purity; always an unsupervised criterion — the
// mean silhouette of the GMM partition (best seed) on a seeded sample, in the space the GMM
// sees — that picks a layer when there are no labels. Stored as ONE run of kind
// "layer-sweep" (params: ClusterParams JSON + layers; summary: per-layer points, choice).
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/ClusterJob.h"
#include "common/Error.h"
#include "jobs/Progress.h"
#include "runs/LayerSweepSummary.h"

namespace dl {

class Store;

struct LayerSweepParams {
    ClusterParams base;       // the chosen set fixes model/pooling/side; representation.layers ignored
    std::vector<int> layers;  // hidden-state indices to compare; empty = every encoded layer
    std::int64_t silhouetteRows = 2000;  // sample size for the silhouette (O(n²))
};

// cluster's table (analysis/ClusterParamsTable.cpp) and --silhouette-rows.
const ParamTable<LayerSweepParams>& layerSweepParamTable();

struct LayerSweepResult {
    std::int64_t runId = 0;
    bool labelled = false;
    std::vector<LayerSweepPoint> points;
    int layerByPurity = 0;      // meaningful when labelled
    int layerBySilhouette = 0;  // the unsupervised pick
    int chosenLayer = 0;        // by purity when labelled, else by silhouette
    std::string chosenBy;       // "purity" | "silhouette"
    LayerSweepSummary summary;  // as stored (toJson())
};

Expected<LayerSweepResult> runLayerSweep(const LayerSweepParams& params, Store& store, ProgressSink& progress,
                                         const CancelToken& cancel);

}  // namespace dl
