#pragma once
// The fitted model of a cluster run, stored with the run so it can be applied to any rows
// later (`assign --shard`): the representation steps (layer sets averaged, L2, the fitted
// standardisation), the PCA (mean, axes, explained variance for whitening) and the GMM of the
// best seed (weights, means, covariances, covariance type, working precision).
// Stored as run blobs: "model.json" (shapes and options) and "model.<part>" float64 arrays.
// Runs made before the model was stored have none; loadClusterModel then says to re-run.
#include <cstdint>
#include <span>
#include <vector>

#include "analysis/Gmm.h"
#include "analysis/GmmApply.h"
#include "analysis/Pca.h"
#include "analysis/Representation.h"
#include "common/Error.h"
#include "jobs/Progress.h"
#include "store/Runs.h"

namespace dl {

class Store;

struct ClusterModel {
    std::int64_t embeddingSet = 0;        // the set the run read
    std::vector<std::int64_t> layerSets;  // sets averaged before everything else (empty = embeddingSet alone)
    RepresentationParams representation;
    Standardization standardization;      // empty unless representation.standardize
    PcaModel pca;                         // components = 0: the GMM sees the raw vectors
    Precision precision = Precision::Float64;
    GmmModel gmm;
};

// Caller owns the transaction (the cluster job stores it with its run).
Status storeClusterModel(Store& store, std::int64_t runId, const ClusterModel& model);
Expected<ClusterModel> loadClusterModel(Store& store, const RunInfo& run);

// rows x dim layer-averaged embeddings (consumed: L2 and standardisation work in place) ->
// the GMM's labels, responsibilities and log-likelihoods, exactly as the run computed them.
// map2d, when given, receives the rows' coordinates on the run's map as projectToMap below
// (rowCount x 2; left empty for runs clustered without PCA), from the same projection.
Expected<GmmAssignment> applyClusterModel(const ClusterModel& model, std::span<float> rows, std::int64_t rowCount,
                                          int dim, const CancelToken& cancel, std::vector<float>* map2d = nullptr);

// The same rows' coordinates on the run's map (the first two columns the GMM saw, as the
// run stored them in "pca2d"): rowCount x 2 floats. Fails for runs clustered without PCA.
Expected<std::vector<float>> projectToMap(const ClusterModel& model, std::span<float> rows, std::int64_t rowCount,
                                          int dim, const CancelToken& cancel);

}  // namespace dl
