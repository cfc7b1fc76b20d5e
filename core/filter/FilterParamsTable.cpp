// The parameters of `filter` (FilterParams), declared once. Defaults are the struct's
// initialisers; docs/cleaning.md gives the measurement behind them.
#include "filter/FilterJob.h"

#include <algorithm>
#include <map>

namespace dl {

std::string_view filterKindName(FilterKind kind) {
    switch (kind) {
    case FilterKind::NearDup: return "near-dup";
    case FilterKind::LangId: return "langid";
    case FilterKind::Bitext: return "bitext";
    case FilterKind::SemanticDup: return "semantic-dup";
    case FilterKind::Decontaminate: return "decontaminate";
    }
    return {};
}
std::string_view sidesRuleName(SidesRule rule) {
    switch (rule) {
    case SidesRule::Src: return "src";
    case SidesRule::Both: return "both";
    case SidesRule::Either: return "either";
    }
    return {};
}
std::string_view keepRuleName(KeepRule rule) {
    switch (rule) {
    case KeepRule::First: return "first";
    case KeepRule::Longest: return "longest";
    case KeepRule::Central: return "central";
    }
    return {};
}

namespace {
Status checkShingle(std::string_view text) {
    auto spec = parseShingleSpec(text);
    if (!spec) return std::unexpected(spec.error());
    return {};
}
// The bitext rules' thresholds, in the order the rules run (BitextFilter.h).
void bitextParams(ParamTable<FilterParams>& t) {
    t.field(param("min-words", "bitext: a pair with a side of fewer words fails bitext:length.")
                .between(0, 100000)
                .shownAs("N")
                .storedAt("min_words"),
            &FilterParams::bitext, &BitextOptions::minWords);
    t.field(param("max-words", "bitext: a pair with a side of more words fails bitext:length.")
                .between(1, 100000)
                .shownAs("N")
                .storedAt("max_words"),
            &FilterParams::bitext, &BitextOptions::maxWords);
    t.field(
        param("max-char-ratio", "bitext: longer / shorter side in characters above R fails bitext:length-ratio-chars.")
            .between(1.0, 1e6)
            .shownAs("R")
            .storedAt("max_char_ratio"),
        &FilterParams::bitext, &BitextOptions::maxCharRatio);
    t.field(param("max-token-ratio", "bitext: longer / shorter side in words above R fails bitext:length-ratio-tokens.")
                .between(1.0, 1e6)
                .shownAs("R")
                .storedAt("max_token_ratio"),
            &FilterParams::bitext, &BitextOptions::maxTokenRatio);
    t.field(param("min-alpha",
                  "bitext: a side whose share of letters among its non-space characters is below S fails "
                  "bitext:alpha.")
                .between(0.0, 1.0)
                .shownAs("S")
                .storedAt("min_alpha"),
            &FilterParams::bitext, &BitextOptions::minAlpha);
    t.field(param("max-repeat",
                  "bitext: a side whose share of words repeating the word 1-4 places before is above S fails "
                  "bitext:repetition.")
                .between(0.0, 1.0)
                .shownAs("S")
                .storedAt("max_repeat"),
            &FilterParams::bitext, &BitextOptions::maxRepeat);
    t.field(param("max-copy",
                  "bitext: sides this similar or more (1 = equal after normalisation, else the Jaccard of their "
                  "char:5 shingles) fail bitext:copy.")
                .between(0.0, 1.0)
                .shownAs("S")
                .storedAt("max_copy"),
            &FilterParams::bitext, &BitextOptions::maxCopy);
    t.field(param("min-numerals",
                  "bitext: sides whose digits 1-9 agree less than S (2 LCS / total; 1 without digits) fail "
                  "bitext:numerals.")
                .between(0.0, 1.0)
                .shownAs("S")
                .storedAt("min_numerals"),
            &FilterParams::bitext, &BitextOptions::minNumerals);
    t.field(param("margin-min",
                  "bitext: pairs whose ratio margin (Artetxe & Schwenk 2019: the cosine of the pair over the mean "
                  "cosine of each side's k nearest neighbours on the other side) is below M fail bitext:margin; "
                  "needs both sides encoded with one multilingual model (encode --side src and --side tgt); "
                  "0 = off.")
                .between(0.0, 10.0)
                .shownAs("M")
                .storedAt("min_margin"),
            &FilterParams::bitext, &BitextOptions::minMargin);
    t.field(param("margin-k", "bitext: the nearest neighbours per side of the margin's denominator.")
                .between(1, 1000)
                .shownAs("K")
                .storedAt("margin_k"),
            &FilterParams::bitext, &BitextOptions::marginK);
}

}  // namespace

const ParamTable<FilterParams>& filterParamTable() {
    static const ParamTable<FilterParams> table = [] {
        ParamTable<FilterParams> t;
        t.field(param("corpus", "The corpus to filter.").shownAs("NAME").storedAt("corpus").mandatory(),
                &FilterParams::corpus);
        t.choice(param("kind",
                       "What to remove: near-duplicates (MinHash LSH over shingles), lines not in the "
                       "expected language (fastText lid.176) or noisy pairs of a parallel corpus (OpusFilter's "
                       "length, ratio, alphabet, repetition, copy and numeral rules) or semantic duplicates "
                       "within the clusters of a cluster run (SemDeDup: cosine of the stored vectors) or "
                       "sentences that repeat a dev or test corpus of the project (decontaminate: exact and "
                       "near duplicates by the near-dup options; export leaves them out by default).")
                     .storedAt("kind"),
                 &FilterParams::kind,
                 {FilterKind::NearDup, FilterKind::LangId, FilterKind::Bitext, FilterKind::SemanticDup,
                  FilterKind::Decontaminate},
                 filterKindName);
        t.field(param("threshold",
                      "Jaccard similarity of the shingle sets at or above which two sentences are "
                      "near-duplicates (verified exactly on the candidate pairs).")
                    .between(1e-6, 1.0)
                    .shownAs("J")
                    .storedAt("threshold"),
                &FilterParams::threshold);
        t.field(param("shingle", "Shingles: char:K (K code points) or word:K (K words) of the normalised text.")
                    .ofKind(ParamKind::Text)
                    .textCheckedBy(checkShingle)
                    .shownAs("char:K|word:K")
                    .storedAt("shingle"),
                &FilterParams::shingle);
        t.field(param("permutations", "MinHash permutations (signature length).")
                    .between(1, 1024)
                    .shownAs("P")
                    .storedAt("permutations"),
                &FilterParams::permutations);
        t.field(param("bands",
                      "LSH bands (bands * rows = permutations); 0 chooses them from the threshold "
                      "(most rows with at most 1% false negatives at the threshold).")
                    .between(0, 1024)
                    .shownAs("B")
                    .storedAt("bands"),
                &FilterParams::bands);
        t.choice(param("sides",
                       "Parallel corpora: both sides must be near-duplicates (both), either side "
                       "suffices (either), or the source alone (src).")
                     .storedAt("sides"),
                 &FilterParams::sides, {SidesRule::Both, SidesRule::Either, SidesRule::Src}, sidesRuleName);
        t.choice(param("keep",
                       "Which member of a duplicate group stays: the first in corpus order, the "
                       "longest or (semantic-dup) the one closest to its cluster's centroid (ties: the first).")
                     .storedAt("keep"),
                 &FilterParams::keep, {KeepRule::First, KeepRule::Longest, KeepRule::Central}, keepRuleName);
        t.field(param("seed", "Seed of the shingle hash and the permutations.").atLeast(0).storedAt("seed"),
                &FilterParams::seed);
        t.field(param("threads", "Worker threads (0 = every core).").between(0, 1024), &FilterParams::threads);
        t.field(param("lang-src", "langid: the source side's expected language (default: the corpus's).")
                    .ofKind(ParamKind::Text)
                    .shownAs("CODE")
                    .storedAt("lang_src"),
                &FilterParams::langSrc);
        t.field(param("lang-tgt", "langid: the target side's expected language (default: the corpus's).")
                    .ofKind(ParamKind::Text)
                    .shownAs("CODE")
                    .storedAt("lang_tgt"),
                &FilterParams::langTgt);
        t.field(param("min-prob",
                      "langid: a side whose probability of its expected language is below P fails "
                      "(--sides: both sides must pass, either suffices, or the source alone).")
                    .between(0.0, 1.0)
                    .shownAs("P")
                    .storedAt("min_prob"),
                &FilterParams::minProb);
        t.field(param("langid-model",
                      "langid: a fastText language-ID model (default: the installed lid.176.ftz, "
                      "scripts/install-model.sh lid.176).")
                    .ofKind(ParamKind::Text)
                    .shownAs("FILE"),
                &FilterParams::langIdModel);
        bitextParams(t);
        t.field(param("cluster-run",
                      "semantic-dup: the cluster run whose clusters and embedding set are used (0 = the "
                      "corpus's latest).")
                    .atLeast(0)
                    .shownAs("RUN")
                    .storedAt("cluster_run"),
                &FilterParams::clusterRun);
        t.field(param("eps",
                      "semantic-dup: two sentences of a cluster are duplicates when the cosine of their vectors "
                      "is at least 1 - eps.")
                    .between(1e-6, 0.5)
                    .shownAs("EPS")
                    .storedAt("eps"),
                &FilterParams::eps);
        return t;
    }();
    return table;
}

namespace {
constexpr std::initializer_list<FilterKind> kAllKinds = {FilterKind::NearDup, FilterKind::LangId, FilterKind::Bitext,
                                                         FilterKind::SemanticDup, FilterKind::Decontaminate};
// Which kinds each option of the table applies to, declared once (tests/core/filter checks
// that every option of the table has its row). seed: the shingle hash of near-dup and
// decontaminate; keep: decontaminate always keeps the dev/test sentence.
const std::map<std::string, std::vector<FilterKind>, std::less<>>& optionKinds() {
    static const std::map<std::string, std::vector<FilterKind>, std::less<>> kinds = [] {
        using K = FilterKind;
        std::map<std::string, std::vector<FilterKind>, std::less<>> m;
        for (const char* general : {"corpus", "kind", "threads"}) m[general] = kAllKinds;
        for (const char* minhash : {"threshold", "shingle", "permutations", "bands", "seed"})
            m[minhash] = {K::NearDup, K::Decontaminate};
        m["sides"] = {K::NearDup, K::LangId, K::Decontaminate};
        m["keep"] = {K::NearDup, K::SemanticDup};
        for (const char* langid : {"lang-src", "lang-tgt", "min-prob", "langid-model"}) m[langid] = {K::LangId};
        for (const char* bitext : {"min-words", "max-words", "max-char-ratio", "max-token-ratio", "min-alpha",
                                   "max-repeat", "max-copy", "min-numerals", "margin-min", "margin-k"})
            m[bitext] = {K::Bitext};
        for (const char* semantic : {"cluster-run", "eps"}) m[semantic] = {K::SemanticDup};
        return m;
    }();
    return kinds;
}
}  // namespace

std::vector<FilterKind> filterOptionKinds(std::string_view option) {
    const auto& m = optionKinds();
    const auto it = m.find(option);
    return it == m.end() ? std::vector<FilterKind>{} : it->second;
}

Status checkFilterOptionsForKind(FilterKind kind, std::span<const std::string> given) {
    for (const auto& name : given) {
        const auto kinds = filterOptionKinds(name);
        if (kinds.empty()) return usageError("Unknown filter option --" + name + ".");
        if (std::ranges::find(kinds, kind) != kinds.end()) continue;
        std::string owners;
        for (std::size_t i = 0; i < kinds.size(); ++i)
            owners += (i == 0 ? "" : i + 1 == kinds.size() ? " or " : ", ") + std::string(filterKindName(kinds[i]));
        return usageError("--" + name + " belongs to --kind " + owners + ", not --kind " +
                          std::string(filterKindName(kind)) + ".");
    }
    return {};
}

Status validateFilterParams(FilterParams& p) {
    if (auto s = filterParamTable().validate(p); !s) return s;
    if (p.corpus.empty()) return usageError("--corpus is required.");
    if (!(p.threshold > 0 && p.threshold <= 1)) return usageError("--threshold must be in (0, 1].");
    if (auto s = checkShingle(p.shingle); !s) return s;
    if (p.kind == FilterKind::Bitext)
        if (auto s = validateBitextOptions(p.bitext); !s) return s;
    if (p.keep == KeepRule::Central && p.kind != FilterKind::SemanticDup)
        return usageError("--keep central needs --kind semantic-dup (a cluster's centroid).");
    if (p.bands == 0) p.bands = p.permutations / chooseRows(p.threshold, p.permutations);
    if (p.bands > p.permutations || p.permutations % p.bands != 0)
        return usageError("--bands " + std::to_string(p.bands) + " must divide --permutations " +
                          std::to_string(p.permutations) + " (bands * rows = permutations).");
    return {};
}

}  // namespace dl
