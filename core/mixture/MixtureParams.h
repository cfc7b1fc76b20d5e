#pragma once
// The parameters of `mixture kit`, `mixture target`, `mixture schedule` and `mixture step`,
// declared once in mixture/MixtureParamsTable.cpp (defaults: the member initialisers here).
// What picks the target of a command (the project, the run, the state file) is positional and
// not in the tables, as for the other commands.
#include <cstdint>
#include <optional>
#include <string>

#include "export/Export.h"
#include "jobs/ParamTable.h"

namespace dl {

struct MixtureKitParams {
    std::optional<std::int64_t> run;  // a cluster run (--by cluster; default the latest)
    std::string groupBy = "domain";   // "domain" or "cluster"
    std::string corpus;               // --by domain without a run
    std::string outDir;
    std::int64_t devLines = 1000;  // per group (Pham et al. §4.1: 1,000)
    std::int64_t testLines = 1000;
    ExportFormat format = ExportFormat::Moses;
    bool gzip = false;
    bool force = false;
    std::uint64_t seed = 1;
    // lambda^t: "uniform", "empirical", a comma list of groups (1/n each), or a JSON file (from
    // `mixture target --out`).
    std::string target = "uniform";
    std::string init = "uniform";  // lambda_0: uniform, empirical, target, floored
    double epsilon = 0.2;          // floored: lambda* = (1 - eps) lambda^t + eps lambda_alpha
    double floorAlpha = 0.0;       // floored: the alpha of lambda_alpha
    std::int64_t steps = 200000;   // training steps T (the paper: 200K)
    std::int64_t batchSize = 400;  // sentences per batch B (the paper: 12,288 tokens ~ 400 sentences)
    std::int64_t weightResolution = 1000;  // OpenNMT-py's integer weights: round(lambda * this)
};

struct MixtureTargetParams {
    std::string from = "uniform";     // uniform, groups, dev-set, selection
    std::string groups;               // --from groups: "a,b"
    std::string groupBy = "cluster";  // groups: "domain" or "cluster"
    std::string corpus;               // --by domain without a run
    std::string devCorpus;            // --from dev-set: an imported, encoded corpus
    std::optional<std::int64_t> selection;  // --from selection: the select run
    std::string out;                  // also write {"lambda_t": ...} to this file
};

struct MixtureScheduleParams {
    std::string kind = "interpolate";  // ft-full, interpolate, anneal, curriculum, gradual
    std::string mixture;               // the kit's mixture.json (ft-full, interpolate, anneal)
    std::string out;                   // PREFIX: PREFIX.schedule.json (+ phase files)
    std::int64_t steps = 200000;       // T
    std::int64_t points = 11;          // interpolate/anneal: schedule entries at t = i T / (points - 1)
    std::int64_t switchStep = 100000;  // ft-full: T_0, generic before, target after
    double alphaStart = 1.0;           // interpolate: lambda_alpha0 at t = 0; anneal: alpha(0)
    double alphaEnd = 0.0;             // anneal: alpha(T)
    std::optional<std::int64_t> selection;  // curriculum/gradual: the select run ranking the pool
    std::string inCorpus;              // curriculum: the in-domain corpus (shard 0)
    std::int64_t shards = 9;           // curriculum: pool shards (Zhang et al. 2019: 9)
    double rho = 0.5;                  // gradual: keep the top ceil(N rho^e) at epoch e
    std::int64_t epochs = 5;           // gradual: epochs e = 0 .. epochs-1
    ExportFormat format = ExportFormat::Moses;
    bool gzip = false;
    bool force = false;
};

struct MixtureStepParams {
    std::string rewards;  // the trainer's rewards of one session (JSON)
    std::string init;     // a kit's mixture.json: start a new state at its lambda_0 / lambda_t
    double beta = 2.0;
    double lr = 0.001;
    std::int64_t updates = 100;  // REINFORCE steps per session (20 for automatic clusters)
    std::string reward = "gain";  // gain (MDAC) or dds (gradient cosine)
};

const ParamTable<MixtureKitParams>& mixtureKitParamTable();
const ParamTable<MixtureTargetParams>& mixtureTargetParamTable();
const ParamTable<MixtureScheduleParams>& mixtureScheduleParamTable();
const ParamTable<MixtureStepParams>& mixtureStepParamTable();

}  // namespace dl
