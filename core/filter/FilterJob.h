#pragma once
// `filter --kind near-dup|langid|bitext|semantic-dup` as a job (docs/cleaning.md): reads a
// corpus, finds near-duplicates (NearDup.h), lines not in the expected language
// (LangIdFilter.h), noisy pairs (BitextFilter.h) or semantic duplicates within the clusters of
// a cluster run (SemanticDup.h) and stores a
// filter run (RunKind::Filter) whose results name every removed sentence with the rule that
// removed it and, for a duplicate, the kept sentence it duplicates (store/Removals.h). Export leaves a filter run's
// removed sentences out when given it (`export ... --filter RUN`).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "filter/BitextFilter.h"
#include "filter/NearDup.h"
#include "jobs/ParamTable.h"
#include "jobs/Progress.h"
#include "runs/FilterSummary.h"

namespace dl {

class Store;

enum class FilterKind { NearDup, LangId, Bitext, SemanticDup, Decontaminate };

struct FilterParams {
    std::string corpus;  // required
    FilterKind kind = FilterKind::NearDup;
    // Jaccard 0.8 on char:5 shingles (bench/filters/RESULTS.md): every casing and punctuation
    // variant, 98% of one-number and 74% of one-word edits reach it; at 0.7 short sentences of
    // another meaning start to join.
    double threshold = 0.8;
    std::string shingle = "char:5";
    int permutations = 128;
    int bands = 0;  // 0: chosen from the threshold (chooseRows: FN at the threshold <= 1%)
    SidesRule sides = SidesRule::Both;
    KeepRule keep = KeepRule::First;
    std::uint64_t seed = 1;
    int threads = 0;  // 0 = every core
    // langid: the expected languages ("" = the corpus's own), the minimum probability of the
    // expected language a side must reach (bench/filters/RESULTS.md), the model ("" = the
    // installed lid.176.ftz, checked against its SHA-256; a path of the user's own is not).
    std::string langSrc, langTgt;
    double minProb = 0.15;
    std::string langIdModel;
    // bitext (BitextFilter.h): OpusFilter's classic rules; the defaults are the measurement's
    // (bench/filters/RESULTS.md, worst case of de-en and en-fr).
    BitextOptions bitext;
    // semantic-dup (SemanticDup.h): the cluster run whose clusters and vectors are used (0 = the
    // corpus's latest) and eps (cosine >= 1 - eps is a duplicate; bench/filters/RESULTS.md).
    std::int64_t clusterRun = 0;
    double eps = 0.05;
};

// filter's parameters declared once (filter/FilterParamsTable.cpp).
const ParamTable<FilterParams>& filterParamTable();
std::string_view filterKindName(FilterKind kind);
std::string_view sidesRuleName(SidesRule rule);
std::string_view keepRuleName(KeepRule rule);

// The kinds an option of the table applies to ("eps": semantic-dup; "threads": all), declared once
// in FilterParamsTable.cpp; empty for a name that is not an option of the table.
std::vector<FilterKind> filterOptionKinds(std::string_view option);
// The options given (names without "--": what the command line or a pipeline step set) all
// apply to `kind`; otherwise a usage error naming the first that does not and its kinds
// ("--eps belongs to --kind semantic-dup, not --kind near-dup.").
Status checkFilterOptionsForKind(FilterKind kind, std::span<const std::string> given);

// The table's checks and the rules across fields (bands divide permutations, the shingle).
// Fills bands when 0. Usage errors name the option.
Status validateFilterParams(FilterParams& params);

struct FilterResult {
    std::int64_t runId = 0;
    FilterSummary summary;
};

Expected<FilterResult> runFilter(FilterParams params, Store& store, ProgressSink& progress, const CancelToken& cancel);

}  // namespace dl
