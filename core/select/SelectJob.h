#pragma once
// The selection job: scores every sentence of a pool corpus for in-domain-ness given a seed
// set, cuts a selection (top-k or threshold) and stores it as a run (kind "select"):
//   params  : method, pool, seed, cut, method options
//   summary : sizes, leaked seed sentences, cut used, method report (e.g. held-out F1), the
//             filter run (--filter) and how many pool sentences it left out
//   results : per pool sentence: score (higher = more in-domain; NaN = excluded),
//             label 1 = selected / 0 = not, prob (classifier probability when there is one)
//   blobs   : cosine and finetune-head store their fitted model (select/SelectionModel.h)
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "encode/TransformerEncoder.h"
#include "jobs/ParamTable.h"
#include "jobs/Progress.h"
#include "runs/SelectSummary.h"
#include "select/CrossEntropySelection.h"
#include "select/DomainClassifier.h"
#include "select/Invitation.h"

namespace dl {

class Store;

enum class SelectMethod { Cosine, FinetuneHead, Finetune, MooreLewis, Axelrod, Contrast, Invitation };
std::string methodName(SelectMethod m);
Expected<SelectMethod> parseMethod(const std::string& name);

// contrast: the side of a parallel corpus scored (src, or tgt without a re-import with the
// sides swapped), or both sides summed (Cuong & Sima'an's Eq. 7).
enum class TextSide { Source, Target };
enum class ContrastSides { One, Both };
std::string sideName(TextSide s);       // "src", "tgt"
std::string sidesName(ContrastSides s);  // "one", "both"

// --preset for --method finetune: the paper's training settings (Aharoni & Goldberg 2020,
// appendix A.4: 5 epochs, Adam 2e-5, 256 sentences per batch) or DomainLens's defaults
// (FineTuneOptions). The same option sets cross-lingual's (CrossLingualPreset, Vu et al.'s).
enum class FineTunePreset { Default, Paper };
// Sets epochs, learning rate and batch of `options` to the paper's when `preset` is Paper.
void applyFineTunePreset(FineTunePreset preset, FineTuneOptions& options);

// finetune-head's classifier: DomainHeadOptions' defaults and 2 positive-unlabeled rounds, best
// at its worst on a 2,000-sentence seed (bench/selection/RESULTS.md "A 2,000-sentence seed");
// cross-lingual's classifier keeps one round.
inline DomainHeadOptions finetuneHeadDefaults() {
    DomainHeadOptions o;
    o.rounds = 2;
    return o;
}

struct SelectParams {
    SelectMethod method = SelectMethod::Cosine;
    std::string pool;  // corpus name
    std::string seed;  // "CORPUS" or "CORPUS:DOMAIN" (the sentences of that domain only)
    std::optional<std::int64_t> top;
    std::optional<double> threshold;
    bool excludeLeaked = true;  // pool sentences that also occur in the seed are not ranked
    // Embedding-based methods: a set covering pool and seed; none = the latest such set,
    // encoding both corpora with `model` (default model when empty) if there is none.
    std::optional<std::int64_t> embeddingSet;
    std::string model;
    CrossEntropyOptions crossEntropy;
    InvitationOptions invitation;  // method invitation (Cuong & Sima'an's latent-domain EM)
    // n-gram LM vocabulary: unset = the method's default (bench/selection/RESULTS.md: seed +
    // pool for contrast and invitation, where it decides whether the contrast gains at all;
    // the seed's non-singletons for moore-lewis and axelrod, as those methods define it).
    std::optional<bool> poolVocabulary;
    TextSide side = TextSide::Source;          // contrast --side
    ContrastSides sides = ContrastSides::One;  // contrast --sides (both = the bilingual contrast)
    DomainHeadOptions head = finetuneHeadDefaults();
    // finetune-head --classifiers N: N classifiers (each its own PU rounds, draws and
    // initialisation; trainDomainHeadEnsemble), the pool scored by the mean probability. Default 1:
    // 5 gained 0 to 0.009 at the worst on the numpy draws but lost 0.003 through the CLI on the
    // enfr split (bench/selection/RESULTS.md, "finetune-head: an ensemble, ...").
    int headClassifiers = 1;
    FineTuneOptions fineTune;  // method finetune: the whole encoder is trained
    // finetune --finetune-rounds N: finetune-head's positive-unlabeled rounds for the whole encoder.
    // Round 1 takes its negatives from Domain-Cosine's ranking; each later round trains the model
    // again from its stored weights, with its negatives from the bottom of the previous round's
    // ranking. Default 1, the paper's single round (--preset paper sets 1).
    int fineTuneRounds = 1;
    FineTunePreset preset = FineTunePreset::Default;  // finetune: paper overrides fineTune's epochs, lr, batch
    std::uint64_t seedSampleSeed = 0x5eed;  // the draw of a "CORPUS:DOMAIN:N" seed sample
    // --filter RUN: a filter run of the pool; the sentences it (and, for a pipeline step, its
    // earlier steps) removed are not candidates (store/Removals.h filterExclusion, as export).
    std::optional<std::int64_t> filterRun;
    nlohmann::json toJson() const;  // as stored with the run (selectParamTable().toJson + the method's fixed settings)
};

// The parameters of `select` declared once (select/SelectParamsTable.cpp): the command line's
// options and --help, the dialog's fields, the stored params, the validator.
const ParamTable<SelectParams>& selectParamTable();
// The options of the select command and its dialog: selectParamTable()'s and cross-lingual's
// (crossLingualParamTable(), CrossLingual.h), each once.
std::vector<ParamSpec> selectCommandSpecs();
// The table's ranges and choices, then the rules across fields (one cut; invitation iterates).
Status validateSelectParams(const SelectParams& params);
// contrast's --side / --sides: only for contrast, and not tgt with both (runSelect checks it too).
Status validateContrastSides(const SelectParams& params);

struct SelectResult {
    std::int64_t runId = 0;
    std::int64_t poolSize = 0, seedSize = 0, leaked = 0, selected = 0;
    SelectSummary summary;  // as stored (toJson())
};

// The cut of a ranking: --threshold T, --top K, or the method's default (p > 0.5 for the
// classifiers, else the top 10%). Shared by the selection job and the merge of score shards.
// `filteredOut`: pool rows a --filter run left out (NaN scores); the default top 10% is then
// of the filtered pool, as a re-import of the filtered corpus would count it.
struct SelectionCut {
    std::vector<char> selected;  // per score
    nlohmann::json cut;  // as stored in the run's summary
};
SelectionCut cutSelection(SelectMethod method, std::optional<std::int64_t> top, std::optional<double> threshold,
                          const std::vector<double>& scores, const std::vector<std::int64_t>& ids,
                          std::int64_t filteredOut = 0);

Expected<SelectResult> runSelect(const SelectParams& params, Store& store, ProgressSink& progress,
                                 const CancelToken& cancel);

// Oracle evaluation of selection runs against the pool's domain labels, side by side.
struct EvaluateParams {
    std::vector<std::int64_t> runs;  // empty = the latest selection run
    std::string domain;  // the in-domain label
    std::vector<std::int64_t> cutoffs;  // empty = 10 evenly spaced up to 2x the relevant count
    // Proxy extrinsic check: perplexity on this in-domain dev set ("CORPUS[:DOMAIN]", kept out
    // of the selection) of a 4-gram LM trained on each selection, beside a random selection of
    // the same size. Empty = skip.
    std::string dev;
};
// evaluate's parameters declared once (select/EvaluateParamsTable.cpp).
const ParamTable<EvaluateParams>& evaluateParamTable();
Expected<nlohmann::json> evaluateRuns(const EvaluateParams& params, Store& store);

}  // namespace dl
