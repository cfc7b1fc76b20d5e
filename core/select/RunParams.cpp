#include "select/RunParams.h"

#include "analysis/ClusterJob.h"
#include "analysis/LayerSweep.h"
#include "select/CrossLingual.h"
#include "select/SelectJob.h"

namespace dl {

nlohmann::json paramsAsRun(RunKind kind, const nlohmann::json& params) {
    switch (kind) {
    case RunKind::Cluster:
    case RunKind::ClusterSweep: return clusterParamTable().withAbsentKeys(params);
    case RunKind::LayerSweep: return layerSweepParamTable().withAbsentKeys(params);
    case RunKind::Select:
        if (params.is_object() && params.value("method", std::string()) == "cross-lingual")
            return crossLingualParamTable().withAbsentKeys(params);
        return selectParamTable().withAbsentKeys(params);
    case RunKind::Assign:
    case RunKind::Merge:
    case RunKind::Filter: break;  // no parameter of theirs changed its default
    }
    return params;
}

}  // namespace dl
