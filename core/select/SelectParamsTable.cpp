// The parameters of `select` (SelectParams, for the methods of runSelect) and of its
// cross-lingual method (CrossLingualParams, runCrossLingual), declared once: names, ranges,
// choices, help and stored keys. Defaults are the structs' initialisers. An option both jobs
// take (pool, seed, the cut, hidden, epochs, ...) is declared once below and bound in each
// table; selectCommandSpecs() is the one list the command line and the dialog show.
// Caps as the command line had them; the dialog used to allow --iterations from 1 (the CLI
// from 0: contrast without re-rank rounds; invitation still needs 1) and --top up to 2e9.
#include <algorithm>
#include <climits>
#include <cstdint>

#include "select/CrossLingual.h"
#include "select/SelectData.h"
#include "select/SelectJob.h"

namespace dl {

namespace {

constexpr double kMaxSeed = 1 << 30;
constexpr double kMaxInt = INT_MAX;

// The options of both jobs.
ParamSpec methodSpec() {
    return param("method",
                 "cosine (Domain-Cosine), finetune-head (Domain-Finetune on frozen vectors), finetune "
                 "(Domain-Finetune training the whole encoder), moore-lewis, axelrod (bilingual Moore-Lewis), "
                 "contrast (in vs pseudo-out, iterated), invitation (Cuong & Sima'an latent-domain EM, bilingual) "
                 "or cross-lingual (needs --parallel).")
        .shownAs("M")
        .storedAt("method")
        .mandatory();
}
ParamSpec poolSpec() { return param("pool", "Corpus to select from.").shownAs("CORPUS").storedAt("pool").mandatory(); }
ParamSpec seedSpec() {
    return param("seed",
                 "In-domain seed: a corpus, CORPUS:DOMAIN for one domain of it, or CORPUS:DOMAIN:N for a random "
                 "sample of N of those sentences (they are then excluded from the ranking).")
        .shownAs("CORPUS")
        .storedAt("seed")
        .mandatory();
}
ParamSpec topSpec() {
    return param("top", "Select the K best-scored pool sentences.").atLeast(1).shownAs("K").storedUnlessDefault("top");
}
ParamSpec thresholdSpec() {
    return param("threshold", "Select pool sentences scoring at least T (default: top 10%; finetune-head: p > 0.5).")
        .shownAs("T")
        .storedUnlessDefault("threshold");
}
ParamSpec modelSpec() {
    return param("model",
                 "Model to encode with when pool/seed are not encoded yet (default model otherwise); cross-lingual: "
                 "the encoder of every side (default multilingual-e5-small, docs/crosslingual.md).")
        .shownAs("DIR");
}
ParamSpec hiddenSpec() {
    return param("hidden",
                 "Hidden units: finetune-head's classifier (0 = logistic regression); cross-lingual's adaptive "
                 "layer (at least 1).")
        .shownAs("N");
}
ParamSpec epochsSpec() {
    return param("epochs",
                 "Training epochs: finetune-head's classifier; cross-lingual's adaptive layer (at most; early "
                 "stopping).")
        .between(1, 10000)
        .shownAs("N");
}
ParamSpec classifiersSpec() {
    return param("classifiers",
                 "finetune-head, cross-lingual: classifiers averaged to score the pool, each trained on the seed "
                 "against its own draw of negatives (1 = a single classifier, as the papers; cross-lingual's "
                 "default is the better worst case measured there, finetune-head's the paper's).")
        .between(1, 100)
        .shownAs("N");
}
ParamSpec seedValueSpec() { return param("seed-value", "Random seed.").between(0, kMaxSeed).shownAs("S"); }
ParamSpec seedSampleSeedSpec() {
    return param("seed-sample-seed", "Random seed of the CORPUS:DOMAIN:N seed sample; stored in the run.")
        .between(0, kMaxInt)
        .shownAs("S")
        .storedAt("seed_sample.seed");
}

template <class P>
bool sampledSeed(const P& p) {
    return seedSampleSize(p.seed) > 0;
}

// The same options in both tables: the seed, the cut, the sample's seed.
template <class P>
void addSharedOptions(ParamTable<P>& t) {
    t.field(poolSpec(), &P::pool);
    t.field(seedSpec(), &P::seed);
    t.field(topSpec(), &P::top);
    t.field(thresholdSpec(), &P::threshold);
    t.field(seedSampleSeedSpec(), &P::seedSampleSeed);
    t.storedWhen(sampledSeed<P>);
}

bool isNgram(const SelectParams& p) {
    return p.method == SelectMethod::MooreLewis || p.method == SelectMethod::Axelrod ||
           p.method == SelectMethod::Contrast;
}
bool isMethod(const SelectParams& p, SelectMethod m) { return p.method == m; }

ParamTable<SelectParams> makeSelectTable() {
    using S = SelectParams;
    using M = SelectMethod;
    ParamTable<S> t;
    t.choice(methodSpec(), &S::method,
             {M::Cosine, M::FinetuneHead, M::Finetune, M::MooreLewis, M::Axelrod, M::Contrast, M::Invitation},
             methodName);
    addSharedOptions(t);
    t.add(
        param("keep-leaked", "Rank pool sentences that also occur in the seed (excluded by default).")
            .flag()
            .storedAt("exclude_leaked"),
        [](const S& p) { return ParamValue(!p.excludeLeaked); },
        [](S& p, const ParamValue& v) { p.excludeLeaked = !std::get<bool>(v); });
    // Stored as what it does, exclude_leaked, as runs have always recorded it.
    t.storedAs([](const ParamValue& v) { return nlohmann::json(!std::get<bool>(v)); },
               [](const nlohmann::json& j) -> Expected<ParamValue> {
                   if (!j.is_boolean()) return usageError("exclude_leaked: expected true or false, got " + j.dump());
                   return ParamValue(!j.get<bool>());
               });
    t.field(param("embedding-set", "Embedding set id to use (default: the latest covering pool and seed).")
                .atLeast(1)
                .shownAs("ID"),
            &S::embeddingSet);
    t.field(modelSpec(), &S::model);
    t.field(param("filter",
                  "Leave out of the candidates the pool sentences a filter run of the pool removed (its run "
                  "id; a pipeline step's earlier steps too; see `filter`).")
                .atLeast(1)
                .shownAs("RUN")
                .storedUnlessDefault("filter"),
            &S::filterRun);
    t.add(
        param("order", "n-gram order of the LMs of moore-lewis, axelrod, contrast and invitation.")
            .between(1, 6)
            .shownAs("N")
            .storedAt("order"),
        [](const S& p) { return ParamValue(std::int64_t(p.crossEntropy.order)); },
        [](S& p, const ParamValue& v) { p.crossEntropy.order = p.invitation.order = int(std::get<std::int64_t>(v)); });
    t.storedWhen(isNgram);
    // One option, two defaults: contrast's re-rank rounds and invitation's EM iterations.
    t.add(
        param("iterations", "contrast: re-rank rounds; invitation: E-steps, with N - 1 M-steps between them (default " +
                                std::to_string(InvitationOptions{}.iterations) +
                                " for invitation: the initial parameters, nothing re-estimated).")
            .between(0, 100)
            .shownAs("N")
            .storedAt("iterations"),
        [](const S& p) {
            return ParamValue(
                std::int64_t(p.method == M::Invitation ? p.invitation.iterations : p.crossEntropy.iterations));
        },
        [](S& p, const ParamValue& v) {
            p.crossEntropy.iterations = p.invitation.iterations = int(std::get<std::int64_t>(v));
        });
    t.storedWhen([](const S& p) { return isMethod(p, M::Contrast); });
    t.add(
        param("pseudo-out",
              "invitation: pseudo out-of-domain set from the LM contrast (lm) or the lexical tables (tm).")
            .oneOf({"lm", "tm"})
            .shownAs("lm|tm")
            .storedAt("invitation.pseudo_out"),
        [](const S& p) {
            return ParamValue(std::string(p.invitation.pseudoOut == PseudoOutSource::LanguageModel ? "lm" : "tm"));
        },
        [](S& p, const ParamValue& v) {
            p.invitation.pseudoOut =
                std::get<std::string>(v) == "lm" ? PseudoOutSource::LanguageModel : PseudoOutSource::TranslationModel;
        });
    t.storedWhen([](const S& p) { return isMethod(p, M::Invitation); });
    t.add(
        param("pseudo-out-factor",
              "contrast, invitation: pseudo-out size as a multiple (> 0) of the seed size (1 "
              "as the paper).")
            .shownAs("X")
            .storedAt("pseudo_out_factor")
            .ofKind(ParamKind::Double),
        [](const S& p) { return ParamValue(p.crossEntropy.outFactor); },
        [](S& p, const ParamValue& v) {
            p.crossEntropy.outFactor = p.invitation.pseudoOutFactor = std::get<double>(v);
        });
    t.storedWhen([](const S& p) { return isMethod(p, M::Contrast); });
    t.choice(param("side",
                   "contrast: the side of a parallel pool and seed to score, src or tgt (the target side "
                   "without a re-import with the sides swapped).")
                 .shownAs("src|tgt")
                 .storedAt("side"),
             &S::side, {TextSide::Source, TextSide::Target}, [](TextSide s) { return sideName(s); });
    t.storedWhen([](const S& p) { return isMethod(p, M::Contrast); });
    t.choice(param("sides",
                   "contrast: one side (--side) or both sides of a parallel pool and seed, summed over one "
                   "pseudo-out set of pairs (Cuong & Sima'an's bilingual contrast, Eq. 7).")
                 .shownAs("one|both")
                 .storedAt("sides"),
             &S::sides, {ContrastSides::One, ContrastSides::Both}, sidesName);
    t.storedWhen([](const S& p) { return isMethod(p, M::Contrast); });
    // Stored resolved, as words (runSelect decides an unset one by the method).
    t.add(
        param("vocabulary",
              "moore-lewis, axelrod, contrast, invitation: LM vocabulary = non-singleton words of the seed "
              "(seed; default of moore-lewis and axelrod) or of seed + pool (pool; default of contrast and "
              "invitation).")
            .oneOf({"seed", "pool"})
            .shownAs("seed|pool"),
        [](const S& p) {
            return p.poolVocabulary ? ParamValue(std::string(*p.poolVocabulary ? "pool" : "seed")) : ParamValue();
        },
        [](S& p, const ParamValue& v) {
            p.poolVocabulary.reset();
            if (const auto* s = std::get_if<std::string>(&v)) p.poolVocabulary = *s == "pool";
        });
    t.field(param("min-cooccurrence",
                  "invitation: lexical-table entries only for word pairs co-occurring in at least N "
                  "sentence pairs (1 keeps every co-occurrence).")
                .between(1, 1000000)
                .shownAs("N")
                .storedAt("invitation.min_cooccurrence"),
            &S::invitation, &InvitationOptions::minCooccurrence);
    t.storedWhen([](const S& p) { return isMethod(p, M::Invitation); });
    t.field(hiddenSpec().between(0, 100000).storedAt("head.hidden"), &S::head, &DomainHeadOptions::hidden);
    t.storedWhen([](const S& p) { return isMethod(p, M::FinetuneHead); });
    t.field(epochsSpec().storedAt("head.epochs"), &S::head, &DomainHeadOptions::epochs);
    t.storedWhen([](const S& p) { return isMethod(p, M::FinetuneHead); });
    t.field(param("finetune-epochs", "finetune: epochs over seed + negatives.")
                .between(1, 1000)
                .shownAs("N")
                .storedAt("fine_tune.epochs"),
            &S::fineTune, &FineTuneOptions::epochs);
    t.storedWhen([](const S& p) { return isMethod(p, M::Finetune); });
    t.field(param("finetune-rounds",
                  "finetune: training rounds; each round after the first trains the model again from its stored "
                  "weights, with its negatives from the bottom of the previous round's ranking of the pool instead "
                  "of Domain-Cosine's (positive-unlabeled learning, as finetune-head's --pu-rounds; 1 = the "
                  "paper's). Each round costs a whole fine-tuning and a pass over the pool.")
                .between(1, 20)
                .shownAs("N")
                .storedAt("fine_tune.rounds"),  // absent (runs before --finetune-rounds): 1, the default
            &S::fineTuneRounds);
    t.storedWhen([](const S& p) { return isMethod(p, M::Finetune); });
    // One --preset for both jobs: this declaration's help is the one --help and the dialog show
    // (selectCommandSpecs merges by name); cross-lingual's table declares its own values.
    t.choice(param("preset",
                   "The paper's training settings instead of DomainLens's (default). finetune: Aharoni & "
                   "Goldberg's appendix A.4, 5 epochs, Adam 2e-5, 256 sentences per batch, one round (overrides "
                   "--finetune-epochs and --finetune-rounds). cross-lingual: Vu et al.'s, Adam 1e-5, batch 64, <= 20 "
                   "epochs, patience "
                   "5, Eq. 1, negatives lowest:500000, one classifier, no pool neighbours, Vu et al.'s g when "
                   "--adaptive-layer is auto (overrides --epochs, --infonce, --negatives, --classifiers and "
                   "--pool-neighbours).")
                 .shownAs("default|paper")
                 .storedAt("fine_tune.preset"),
             &S::preset, {FineTunePreset::Default, FineTunePreset::Paper},
             [](FineTunePreset x) { return std::string_view(x == FineTunePreset::Paper ? "paper" : "default"); });
    t.storedWhen([](const S& p) { return isMethod(p, M::Finetune); });
    t.add(
        param("uniform-negatives", "finetune-head: sample negatives uniformly instead of by pre-ranking.")
            .flag()
            .storedAt("head.pre_ranking"),
        [](const S& p) { return ParamValue(!p.head.preRanking); },
        [](S& p, const ParamValue& v) { p.head.preRanking = !std::get<bool>(v); });
    t.storedAs([](const ParamValue& v) { return nlohmann::json(!std::get<bool>(v)); },
               [](const nlohmann::json& j) -> Expected<ParamValue> {
                   if (!j.is_boolean()) return usageError("head.pre_ranking: expected true or false, got " + j.dump());
                   return ParamValue(!j.get<bool>());
               });
    t.storedWhen([](const S& p) { return isMethod(p, M::FinetuneHead); });
    t.field(param("pu-rounds",
                  "finetune-head: training rounds; each round after the first retrains the classifier with its "
                  "negatives from the bottom of the previous classifier's own ranking of the pool instead of "
                  "Domain-Cosine's (positive-unlabeled learning; 1 = the paper's pre-ranking only).")
                .between(1, 20)
                .shownAs("N")
                .storedAt("head.rounds")
                .meansWhenAbsent(std::int64_t{1}),  // runs before --pu-rounds (default 2 since) ran 1
            &S::head, &DomainHeadOptions::rounds);
    t.storedWhen([](const S& p) { return isMethod(p, M::FinetuneHead); });
    t.field(classifiersSpec().storedAt("head.classifiers"), &S::headClassifiers);
    t.storedWhen([](const S& p) { return isMethod(p, M::FinetuneHead); });
    // One seed for every method's draws (also stored in head, fine_tune and invitation: SelectParams::toJson).
    t.add(
        seedValueSpec().storedAt("sample_seed"),
        [](const S& p) { return ParamValue(std::int64_t(p.crossEntropy.seed)); },
        [](S& p, const ParamValue& v) {
            const auto seed = static_cast<std::uint64_t>(std::get<std::int64_t>(v));
            p.crossEntropy.seed = p.invitation.seed = p.head.seed = p.fineTune.seed = seed;
        });
    t.storedWhen(isNgram);
    return t;
}

Status checkCrossLingualNegatives(std::string_view text) {
    if (auto n = parseCrossLingualNegatives(text); !n) return std::unexpected(n.error());
    return {};
}

ParamTable<CrossLingualParams> makeCrossLingualTable() {
    using C = CrossLingualParams;
    ParamTable<C> t;
    t.add(
        methodSpec().oneOf({"cross-lingual"}), [](const C&) { return ParamValue(std::string("cross-lingual")); },
        [](C&, const ParamValue&) {});
    addSharedOptions(t);
    t.field(param("parallel", "Parallel corpus for cross-lingual selection.").shownAs("CORPUS").storedAt("parallel"),
            &C::parallel);
    t.field(modelSpec().storedAt("model"), &C::model);
    // Stored as "default" when unset, as runs have always recorded it.
    t.storedAs(
        [](const ParamValue& v) {
            return nlohmann::json(std::get<std::string>(v).empty() ? "default" : std::get<std::string>(v));
        },
        [](const nlohmann::json& j) -> Expected<ParamValue> {
            if (!j.is_string()) return usageError("model: expected a name, got " + j.dump());
            return ParamValue(j == "default" ? std::string() : j.get<std::string>());
        });
    t.field(hiddenSpec().between(1, 100000).storedAt("hidden"), &C::hidden);
    t.field(epochsSpec().storedAt("max_epochs"), &C::maxEpochs);
    t.field(seedValueSpec().storedAt("seed_value"), &C::seedValue);
    t.field(param("clusters",
                  "cross-lingual: GMM clusters deciding the contrastive negatives (1 = all in-batch; the paper's 5 "
                  "loses most at its worst with the default encoder, docs/crosslingual.md).")
                .between(1, 1000)
                .shownAs("K")
                .storedAt("clusters")
                .meansWhenAbsent(std::int64_t{5}),  // the default until in-batch negatives
            &C::clusters);
    t.field(param("temperature", "cross-lingual: InfoNCE temperature.").shownAs("T").storedAt("temperature"),
            &C::temperature);
    t.field(param("pca-sample",
                  "cross-lingual: fit the PCA before clustering on a random sample of this many pairs when "
                  "larger (0 = all).")
                .between(0, kMaxInt)
                .shownAs("N")
                .storedAt("pca_max_fit_rows"),
            &C::pcaMaxFitRows);
    t.choice(param("adaptive-layer",
                   "cross-lingual: the adaptive layer g aligning the languages: auto (none for an encoder "
                   "the catalog knows as multilingual, whose languages are aligned already: the best worst "
                   "case measured; residual otherwise), ffn (Vu et al.'s 2-layer network), residual (x + "
                   "that network, starting as the identity) or none (the paper's DF baseline: the "
                   "classifier on the unaligned vectors).")
                 .shownAs("auto|ffn|residual|none")
                 .storedAt("adaptive_layer")
                 .meansWhenAbsent(std::string("ffn")),  // runs before --adaptive-layer (auto since) ran ffn
             &C::adaptiveLayer,
             {AdaptiveLayerKind::Auto, AdaptiveLayerKind::Ffn, AdaptiveLayerKind::Residual, AdaptiveLayerKind::None},
             adaptiveLayerName);
    t.choice(param("infonce",
                   "cross-lingual: the contrastive loss, symmetric (both directions, positive in the "
                   "denominator) or eq1 (Vu et al. Eq. 1: one direction, negatives only).")
                 .shownAs("symmetric|eq1")
                 .storedAt("infonce"),
             &C::infoNce, {InfoNceForm::Symmetric, InfoNceForm::Eq1},
             [](InfoNceForm f) { return std::string_view(f == InfoNceForm::Eq1 ? "eq1" : "symmetric"); });
    t.field(param("negatives",
                  "cross-lingual: the classifier's negatives from the parallel corpus's seed-language side: "
                  "preranked (a seed-sized draw from the two thirds least like the seed), preranked:F (the same "
                  "draw from the fraction F least like the seed, 0 < F <= 1; the default 0.8 has the better worst "
                  "case measured) or lowest:N (the N least like the seed, as the paper with N = 500000).")
                .ofKind(ParamKind::Text)
                .textCheckedBy(checkCrossLingualNegatives)
                .shownAs("preranked|preranked:F|lowest:N")
                .storedAt("negatives")
                .meansWhenAbsent(std::string("preranked")),  // runs before --negatives drew from two thirds
            &C::negatives);
    t.field(classifiersSpec()
                .storedAt("classifiers")
                .meansWhenAbsent(std::int64_t{1}),  // runs before --classifiers (default 5 since) ran 1
            &C::classifiers);
    t.field(param("pool-neighbours",
                  "cross-lingual: average each pool sentence's score half and half with the mean score of its K "
                  "nearest pool sentences (cosine in the encoder's space; among at most 20000 pool sentences; 0 = "
                  "off, as the paper; the default 10 has the better worst case measured).")
                .between(0, 1000)
                .shownAs("K")
                .storedAt("pool_neighbours")
                .meansWhenAbsent(std::int64_t{0}),  // runs before --pool-neighbours (default 10 since) ran 0
            &C::poolNeighbours);
    t.choice(param("preset",
                   "cross-lingual: paper = Vu et al.'s training settings for g and the classifier (Adam 1e-5, "
                   "batch 64, <= 20 epochs, patience 5, Eq. 1, 5 clusters, negatives lowest:500000, one classifier, no "
                   "pool neighbours, g = ffn when --adaptive-layer is auto; overrides --epochs, --infonce, --clusters, "
                   "--negatives, --classifiers and --pool-neighbours); default "
                   "= DomainLens's (docs/selection.md).")
                 .shownAs("default|paper")
                 .storedAt("preset"),
             &C::preset, {CrossLingualPreset::Default, CrossLingualPreset::Paper}, [](CrossLingualPreset x) {
                 return std::string_view(x == CrossLingualPreset::Paper ? "paper" : "default");
             });
    // Off by default: the sets cost 4 x dim bytes per sentence (2.3 GB for a 1.5M pool at 384
    // dimensions), and g itself is stored with every run (adaptive_layer.pt).
    t.add(
        param("keep-adapted",
              "cross-lingual: keep g(x) of the seed, the pool and both parallel sides as embedding sets "
              "(Vu et al.'s Fig. 4: cluster or map them per language with cluster --embedding-set); "
              "4 x dim bytes per sentence.")
            .flag()
            .storedUnlessDefault("keep_adapted"),
        [](const C& p) { return ParamValue(p.keepAdapted); },
        [](C& p, const ParamValue& v) { p.keepAdapted = std::get<bool>(v); });
    t.field(param("filter",
                  "cross-lingual: leave out of the pool the sentences a filter run of the pool removed (its run "
                  "id; a pipeline step's earlier steps too; they get no row in the run).")
                .atLeast(1)
                .shownAs("RUN")
                .storedUnlessDefault("filter"),
            &C::filterRun);
    return t;
}

// --top and --threshold are two cuts: one at most.
template <class P>
Status checkCut(const P& p) {
    if (p.top && p.threshold) return usageError("use either --top or --threshold");
    return {};
}

}  // namespace

const ParamTable<SelectParams>& selectParamTable() {
    static const ParamTable<SelectParams> table = makeSelectTable();
    return table;
}

const ParamTable<CrossLingualParams>& crossLingualParamTable() {
    static const ParamTable<CrossLingualParams> table = makeCrossLingualTable();
    return table;
}

namespace {

// The methods of the select table whose runs store `spec` (the methods it applies to).
std::string selectMethodsUsing(const ParamSpec& spec) {
    const auto specs = selectParamTable().specs();
    const auto method = std::find_if(specs.begin(), specs.end(), [](const ParamSpec& s) { return s.name == "method"; });
    std::string out;
    for (const auto& name : method == specs.end() ? std::vector<std::string>{} : method->choices) {
        SelectParams p;
        if (spec.jsonKey.empty() || !selectParamTable().set(p, "method", ParamValue(name))) continue;
        if (findJsonPath(selectParamTable().toJson(p), spec.jsonKey)) out += (out.empty() ? "" : ", ") + name;
    }
    return out.empty() ? std::string("the other methods") : out;
}
std::string crossLingualUses(const ParamSpec&) { return "cross-lingual"; }

}  // namespace

std::vector<ParamSpec> selectCommandSpecs() {
    return mergeParamSpecs(selectParamTable().specs(), crossLingualParamTable().specs(), selectMethodsUsing,
                           crossLingualUses);
}

Status validateContrastSides(const SelectParams& p) {
    if ((p.side != TextSide::Source || p.sides != ContrastSides::One) && p.method != SelectMethod::Contrast)
        return usageError("--side and --sides apply to --method contrast only");
    if (p.side == TextSide::Target && p.sides == ContrastSides::Both)
        return usageError("--side tgt picks one side; --sides both scores both: use one of them");
    return {};
}

Status validateSelectParams(const SelectParams& p) {
    if (auto s = selectParamTable().validate(p); !s) return s;
    if (auto s = checkCut(p); !s) return s;
    if (p.method == SelectMethod::Invitation && p.invitation.iterations < 1)
        return usageError("--iterations must be at least 1 for invitation");
    if (auto s = validateContrastSides(p); !s) return s;
    if (p.preset != FineTunePreset::Default && p.method != SelectMethod::Finetune)
        return usageError("--preset paper applies to --method finetune and cross-lingual only");
    if (!(p.crossEntropy.outFactor > 0) || !(p.invitation.pseudoOutFactor > 0))
        return usageError("--pseudo-out-factor must be positive");
    return {};
}

Status validateCrossLingualParams(const CrossLingualParams& p) {
    if (auto s = crossLingualParamTable().validate(p); !s) return s;
    if (auto s = checkCut(p); !s) return s;
    if (p.parallel.empty()) return usageError("--method cross-lingual needs --parallel CORPUS");
    return {};
}

}  // namespace dl
