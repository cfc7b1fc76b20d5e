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

// `mixture train KIT_DIR`: the learner of issue #24 item 6 (mixture/MixtureTrain.h), a small
// decoder-only Transformer language model over the kit's training text, its batches' groups
// drawn from lambda at each step.
struct MixtureTrainParams {
    std::string schedule = "static";  // static (lambda_0), mdac, dds, or a schedule file [{step, lambda}]
    std::string out;                  // work folder: vocabulary, checkpoint, MDAC state, train.json
    bool resume = false;              // continue from the checkpoint in --out
    std::int64_t steps = 200;
    std::int64_t batch = 16;  // sequences of `context` tokens per step
    std::uint64_t seed = 1;
    std::int64_t context = 64;
    std::int64_t layers = 2;
    std::int64_t dim = 128;
    std::int64_t heads = 4;
    std::int64_t vocab = 1000;      // SentencePiece pieces (a soft limit on small data)
    double lr = 1e-3;               // Adam
    std::int64_t sessionSteps = 50;  // MDAC/DDS: K training steps between lambda updates
    std::int64_t simSteps = 5;       // MDAC: k simulated steps per group from a copy of the model
    double mdacLr = 0.001;           // the paper's lr of psi
    std::int64_t updates = 100;      // REINFORCE updates per session (the paper: 100)
    std::int64_t evalEvery = 50;     // E: dev loss per group every E steps
    std::int64_t devWindows = 16;    // dev windows of `context` tokens per group (0: all)
    std::string device = "auto";     // auto (CUDA when present), cpu, cuda
};

const ParamTable<MixtureKitParams>& mixtureKitParamTable();
const ParamTable<MixtureTargetParams>& mixtureTargetParamTable();
const ParamTable<MixtureScheduleParams>& mixtureScheduleParamTable();
const ParamTable<MixtureStepParams>& mixtureStepParamTable();
const ParamTable<MixtureTrainParams>& mixtureTrainParamTable();

}  // namespace dl
