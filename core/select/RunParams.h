#pragma once
// A stored run's parameters as the run ran them. A run stored before a parameter existed, or
// before its default changed, lacks the key; read through the job's table it would show today's
// default (select --classifiers 5) where the run used another (1). The table's specs say what an
// absent key means (ParamSpec::absentMeans); this fills those keys in for the readers that show
// a run's params: `info` (text and --json), `report`, the GUI's Runs list and Python's runs(); and
// for the writers that copy them into an output: the export manifest, the mixture kit's and
// schedule's manifests, the assign/select run a shard merge stores. In `select` (not `reports`)
// because it needs the cluster and select tables and export, shard and mixture may use select.
#include <nlohmann/json.hpp>

#include "runs/RunKind.h"
#include "store/Runs.h"

namespace dl {

// `params` of a run of `kind` with the keys it lacks filled in with what it ran with
// (ParamTable::withAbsentKeys of the kind's table: cluster and cluster-sweep, layer-sweep, select
// and cross-lingual select); other kinds, and params the table cannot read, as stored.
nlohmann::json paramsAsRun(RunKind kind, const nlohmann::json& params);
inline nlohmann::json paramsAsRun(const RunInfo& run) { return paramsAsRun(run.kind, run.params); }

}  // namespace dl
