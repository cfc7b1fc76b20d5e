#pragma once
// The kinds of stored run and their names in the project database (runs.kind): the one place
// where a kind is spelled. The names are the stored format: changing one breaks old projects.
#include <array>
#include <string>
#include <string_view>

#include "common/Error.h"

namespace dl {

enum class RunKind {
    Cluster,       // PCA + GMM over one embedding set (analysis/ClusterJob)
    ClusterSweep,  // BIC/AIC over a range of k (analysis/ClusterJob)
    LayerSweep,    // purity / silhouette per encoder layer (analysis/LayerSweep)
    Select,        // a selection: scores and a cut (select/, and `merge --job score`)
    Assign,        // a cluster run's model applied in shards and merged (shard/MergeResults)
    Merge,         // encode shards merged into an embedding set, with its PCA moments (shard/MergeJob)
    Filter,        // a cleaning filter: removed sentences, each with the kept one it duplicates (filter/)
};

inline constexpr std::array kAllRunKinds = {RunKind::Cluster, RunKind::ClusterSweep, RunKind::LayerSweep,
                                            RunKind::Select,  RunKind::Assign,       RunKind::Merge,
                                            RunKind::Filter};

// The stored name ("cluster", "cluster-sweep", ...).
std::string toString(RunKind kind);
// The kind a stored name stands for; an unknown name is an error that lists the known ones.
Expected<RunKind> runKindFromString(std::string_view name);

}  // namespace dl
