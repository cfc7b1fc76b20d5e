#include "runs/RunKind.h"

namespace dl {

std::string toString(RunKind kind) {
    switch (kind) {
    case RunKind::Cluster: return "cluster";
    case RunKind::ClusterSweep: return "cluster-sweep";
    case RunKind::LayerSweep: return "layer-sweep";
    case RunKind::Select: return "select";
    case RunKind::Assign: return "assign";
    case RunKind::Merge: return "merge";
    case RunKind::Filter: return "filter";
    }
    return {};
}

Expected<RunKind> runKindFromString(std::string_view name) {
    std::string known;
    for (RunKind kind : kAllRunKinds) {
        if (toString(kind) == name) return kind;
        known += (known.empty() ? "" : ", ") + toString(kind);
    }
    return fail("Unknown run kind '" + std::string(name) + "' (known: " + known + ").");
}

}  // namespace dl
