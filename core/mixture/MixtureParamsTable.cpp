// The parameters of the `mixture` subcommands, declared once: names, ranges, choices, help.
// Defaults are the structs' initialisers (mixture/MixtureParams.h). None of them stores a
// run: the kit and the schedules are files with a manifest (as export's), the MDAC state is
// the trainer's file.
#include "mixture/MixtureParams.h"

namespace dl {

namespace {

std::string formatName(ExportFormat f) {
    return f == ExportFormat::Moses ? "moses" : f == ExportFormat::Tsv ? "tsv" : "jsonl";
}

template <class P>
void addFormat(ParamTable<P>& t) {
    t.choice(param("format", "moses (one file per language), tsv or jsonl.").shownAs("FORMAT").storedAt("format"),
             &P::format, {ExportFormat::Moses, ExportFormat::Tsv, ExportFormat::Jsonl}, formatName);
    t.field(param("gzip", "Compress the training files.").storedAt("gzip"), &P::gzip);
    t.field(param("force", "Replace existing files."), &P::force);
}

ParamTable<MixtureKitParams> makeKitTable() {
    using X = MixtureKitParams;
    ParamTable<X> t;
    t.field(param("out", "Output folder: <group>.train/.dev/.test files, mixture.json, opennmt.yaml, manifest.json.")
                .shownAs("DIR")
                .mandatory()
                .storedAt("out"),
            &X::outDir);
    t.field(param("by", "Groups: domain labels or the clusters of a cluster run.")
                .oneOf({"domain", "cluster"})
                .shownAs("GROUP")
                .storedAt("by"),
            &X::groupBy);
    t.field(param("corpus", "Corpus for --by domain without a run.").shownAs("NAME").storedAt("corpus"), &X::corpus);
    t.field(param("dev-lines", "Held-out dev lines per group.").atLeast(0).shownAs("N").storedAt("dev-lines"),
            &X::devLines);
    t.field(param("test-lines", "Held-out test lines per group.").atLeast(0).shownAs("N").storedAt("test-lines"),
            &X::testLines);
    addFormat(t);
    t.field(param("seed", "Random seed for the dev/test draw.").between(0, 1 << 30).shownAs("S").storedAt("seed"),
            &X::seed);
    t.field(param("target",
                  "lambda_t: uniform, empirical, a comma list of groups (equal weights), or a JSON file from "
                  "`mixture target --out`.")
                .shownAs("TARGET")
                .storedAt("target"),
            &X::target);
    t.field(param("init", "lambda_0: uniform, empirical, target or floored ((1-eps) lambda_t + eps lambda_alpha).")
                .oneOf({"uniform", "empirical", "target", "floored"})
                .shownAs("INIT")
                .storedAt("init"),
            &X::init);
    t.field(param("epsilon", "Floored init: the share eps of lambda_alpha.")
                .between(0, 1)
                .shownAs("EPS")
                .storedAt("epsilon"),
            &X::epsilon);
    t.field(param("floor-alpha", "Floored init: the temperature alpha of lambda_alpha.")
                .between(0, 10)
                .shownAs("A")
                .storedAt("floor-alpha"),
            &X::floorAlpha);
    t.field(param("steps", "Training steps T, for the repetition factors.").atLeast(1).shownAs("T").storedAt("steps"),
            &X::steps);
    t.field(param("batch-size", "Sentences per batch B, for the repetition factors.")
                .atLeast(1)
                .shownAs("B")
                .storedAt("batch-size"),
            &X::batchSize);
    t.field(param("weight-resolution", "OpenNMT-py integer weights: round(lambda * this).")
                .between(1, 1e9)
                .shownAs("R")
                .storedAt("weight-resolution"),
            &X::weightResolution);
    return t;
}

ParamTable<MixtureTargetParams> makeTargetTable() {
    using X = MixtureTargetParams;
    ParamTable<X> t;
    t.field(param("from",
                  "uniform, groups (--groups), dev-set (mean GMM responsibilities of --dev-corpus under the "
                  "cluster run) or selection (P(in|x) of --selection summed per group).")
                .oneOf({"uniform", "groups", "dev-set", "selection"})
                .shownAs("FROM"),
            &X::from);
    t.field(param("groups", "--from groups: the target groups, comma separated (equal weights).").shownAs("LIST"),
            &X::groups);
    t.field(param("by", "Groups: domain labels or the clusters of the cluster run.")
                .oneOf({"domain", "cluster"})
                .shownAs("GROUP"),
            &X::groupBy);
    t.field(param("corpus", "Corpus for --by domain without a run.").shownAs("NAME"), &X::corpus);
    t.field(param("dev-corpus", "--from dev-set: the in-domain dev set, imported and encoded like the run's corpus.")
                .shownAs("NAME"),
            &X::devCorpus);
    t.field(param("selection", "--from selection: the selection run.").atLeast(1).shownAs("RUN"), &X::selection);
    t.field(param("out", "Also write {\"lambda_t\": ...} to this file.").shownAs("FILE"), &X::out);
    return t;
}

ParamTable<MixtureScheduleParams> makeScheduleTable() {
    using X = MixtureScheduleParams;
    ParamTable<X> t;
    t.field(param("kind",
                  "ft-full (lambda_s, then lambda_t), interpolate (lambda_alpha to lambda_t), anneal (alpha(t)), "
                  "curriculum (Zhang et al. 2019) or gradual (van der Wees et al. 2017).")
                .oneOf({"ft-full", "interpolate", "anneal", "curriculum", "gradual"})
                .shownAs("KIND"),
            &X::kind);
    t.field(param("mixture", "ft-full/interpolate/anneal: the kit's mixture.json.").shownAs("FILE"), &X::mixture);
    t.field(param("out", "Output prefix: PREFIX.schedule.json (+ phase files, PREFIX.manifest.json).")
                .shownAs("PREFIX")
                .mandatory(),
            &X::out);
    t.field(param("steps", "Training steps T.").atLeast(1).shownAs("T"), &X::steps);
    t.field(param("points", "interpolate/anneal: schedule entries from step 0 to T.").between(2, 100000).shownAs("N"),
            &X::points);
    t.field(param("switch-step", "ft-full: the step T0 from which lambda_t is used.").atLeast(0).shownAs("T0"),
            &X::switchStep);
    t.field(param("alpha-start", "interpolate: lambda_alpha at step 0; anneal: alpha(0).").between(0, 10).shownAs("A"),
            &X::alphaStart);
    t.field(param("alpha-end", "anneal: alpha(T).").between(0, 10).shownAs("A"), &X::alphaEnd);
    t.field(param("selection", "curriculum/gradual: the selection run ranking the pool (e.g. moore-lewis).")
                .atLeast(1)
                .shownAs("RUN"),
            &X::selection);
    t.field(param("in-corpus", "curriculum: the in-domain corpus (phase 0's shard).").shownAs("NAME"), &X::inCorpus);
    t.field(param("shards", "curriculum: pool shards, most in-domain first.").between(1, 1000).shownAs("N"),
            &X::shards);
    t.field(param("rho", "gradual: keep the top ceil(N rho^e) at epoch e.").between(0.001, 0.999).shownAs("R"),
            &X::rho);
    t.field(param("epochs", "gradual: epochs (phases).").between(1, 1000).shownAs("E"), &X::epochs);
    addFormat(t);
    return t;
}

// The step size of lambda's parameters, one meaning per reward (mixture/Mdac.h).
const char* const kLambdaLrHelp =
    "MDAC (gain): learning rate of psi (the paper: 0.001); DDS: Adam step size of the softmax logits (Wang et al.'s "
    "code: 1e-4).";

ParamTable<MixtureStepParams> makeStepTable() {
    using X = MixtureStepParams;
    ParamTable<X> t;
    t.field(param("rewards", "The session's rewards: {\"rewards\": {group: R}, \"session\": n}.").shownAs("FILE"),
            &X::rewards);
    t.field(param("init", "Start a new state from a kit's mixture.json (its lambda_0 and lambda_t).").shownAs("FILE"),
            &X::init);
    t.field(param("beta", "lambda = psi^beta / sum psi^beta.").between(0.1, 10).shownAs("B"), &X::beta);
    t.field(param("lr", kLambdaLrHelp).between(1e-9, 1e6).shownAs("LR"), &X::lr);
    t.field(param("updates", "REINFORCE updates per session (the paper: 100; 20 with automatic clusters).")
                .between(1, 1000000)
                .shownAs("N"),
            &X::updates);
    t.field(param("reward", "gain (MDAC: dev-loss gain) or dds (gradient cosine, in [-1, 1]).")
                .oneOf({"gain", "dds"})
                .shownAs("KIND"),
            &X::reward);
    return t;
}

ParamTable<MixtureTrainParams> makeTrainTable() {
    using X = MixtureTrainParams;
    ParamTable<X> t;
    t.field(param("schedule",
                  "Where lambda comes from: static (the kit's lambda_0), mdac, dds, or a schedule file from "
                  "`mixture schedule` ([{step, lambda}]; curriculum/gradual: lambda over its shards, which are "
                  "then sampled phase by phase).")
                .shownAs("SCHEDULE"),
            &X::schedule);
    t.field(param("out", "Work folder: vocabulary, checkpoint, MDAC state, train.json.").shownAs("DIR").mandatory(),
            &X::out);
    t.field(param("resume", "Continue from the checkpoint in --out (same settings)."), &X::resume);
    t.field(param("steps", "Training steps.").between(1, 100000000).shownAs("N"), &X::steps);
    t.field(param("batch", "Sequences per step.").between(1, 100000).shownAs("B"), &X::batch);
    t.field(param("seed", "Random seed (weights, batches, simulated steps).").between(0, 1 << 30).shownAs("S"),
            &X::seed);
    t.field(param("context", "Tokens per sequence.").between(4, 4096).shownAs("T"), &X::context);
    t.field(param("layers", "Transformer layers.").between(1, 48).shownAs("L"), &X::layers);
    t.field(param("dim", "Model width (a multiple of --heads).").between(8, 4096).shownAs("D"), &X::dim);
    t.field(param("heads", "Attention heads.").between(1, 64).shownAs("H"), &X::heads);
    t.field(
        param("vocab", "SentencePiece vocabulary size (a soft limit on small data).").between(16, 1000000).shownAs("V"),
        &X::vocab);
    t.field(param("lr", "Adam learning rate of the model.").between(1e-9, 10).shownAs("LR"), &X::lr);
    t.field(param("session-steps", "mdac/dds: training steps between updates of lambda (K).")
                .between(1, 100000000)
                .shownAs("K"),
            &X::sessionSteps);
    t.field(param("sim-steps", "mdac: simulated steps per group from a copy of the model (k).")
                .between(1, 100000)
                .shownAs("K"),
            &X::simSteps);
    t.field(param("mdac-lr", kLambdaLrHelp).between(1e-9, 1e6).shownAs("LR"), &X::mdacLr);
    t.field(
        param("updates", "mdac/dds: REINFORCE updates per session (the paper: 100).").between(1, 1000000).shownAs("N"),
        &X::updates);
    t.field(
        param("eval-every", "Dev loss per group every E steps (and at the end).").between(1, 100000000).shownAs("E"),
        &X::evalEvery);
    t.field(
        param("dev-windows", "Dev windows of --context tokens per group (0: all).").between(0, 1000000).shownAs("N"),
        &X::devWindows);
    t.field(param("device", "auto (CUDA when present), cpu or cuda.").oneOf({"auto", "cpu", "cuda"}).shownAs("DEV"),
            &X::device);
    return t;
}

}  // namespace

const ParamTable<MixtureKitParams>& mixtureKitParamTable() {
    static const ParamTable<MixtureKitParams> table = makeKitTable();
    return table;
}
const ParamTable<MixtureTargetParams>& mixtureTargetParamTable() {
    static const ParamTable<MixtureTargetParams> table = makeTargetTable();
    return table;
}
const ParamTable<MixtureScheduleParams>& mixtureScheduleParamTable() {
    static const ParamTable<MixtureScheduleParams> table = makeScheduleTable();
    return table;
}
const ParamTable<MixtureStepParams>& mixtureStepParamTable() {
    static const ParamTable<MixtureStepParams> table = makeStepTable();
    return table;
}
const ParamTable<MixtureTrainParams>& mixtureTrainParamTable() {
    static const ParamTable<MixtureTrainParams> table = makeTrainTable();
    return table;
}

}  // namespace dl
