#pragma once
// The inside of runFilter (FilterJob.cpp), shared by the finders of the kinds, each in its own
// file: FindNearDup.cpp (near-dup), FindWrongLanguage.cpp (langid), FindNoisyPairs.cpp
// (bitext), FindSemanticDup.cpp (semantic-dup), FindLeaks.cpp (decontaminate). A finder reads
// what else it needs from the project (vectors, cluster runs, the dev/test corpora), calls the
// kind's plain compute (NearDup.h, LanguageId.h, BitextFilter.h, SemanticDup.h,
// Decontaminate.h), fills the summary's counts and rules and returns what persistFilter stores.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "common/CancelToken.h"
#include "common/Error.h"
#include "filter/BitextFilter.h"
#include "filter/FilterJob.h"
#include "filter/NearDup.h"
#include "runs/FilterSummary.h"
#include "store/Corpora.h"
#include "store/Removals.h"

namespace dl {

class Store;

// Prepare: the corpus's sentences (ids and texts) in position order.
struct FilterInput {
    CorpusInfo corpus;
    std::vector<std::int64_t> ids;
    std::vector<std::int64_t> positions;  // in the corpus (the row of its vectors)
    std::vector<std::string> src, tgt;
};

// What a pass found: the removals (rule and twin per sentence) and the per-sentence scores
// stored as run arrays (langid: the probabilities; bitext: one array per rule).
struct FilterFindings {
    std::vector<Removal> removals;
    std::vector<float> langIdSrc, langIdTgt;
    std::array<std::vector<float>, kBitextRules> bitext;  // per rule (bitext), empty otherwise
    std::optional<std::int64_t> embeddingSetId;            // semantic-dup, bitext margin: the vectors it used
};

// One pass of a filter kind, computed and not yet stored.
struct FilterPass {
    FilterInput in;
    FilterFindings found;
    FilterSummary summary;
};
// Validates p (filling its bands), reads the corpus less the sentences in `excluded` (what the
// earlier steps of a pipeline removed) and runs the kind's finder.
Expected<FilterPass> computeFilterPass(FilterParams& p, Store& store, const std::unordered_set<std::int64_t>& excluded,
                                       ProgressSink& progress, const CancelToken& cancel);
// Stores the pass as a filter run: the table's params plus `extraParams` (a pipeline step's
// "pipeline" and "after_runs"). The caller owns the transaction.
Expected<std::int64_t> persistFilterPass(const FilterParams& p, Store& store, const FilterPass& pass,
                                         const nlohmann::json& extraParams);

// Appends a corpus's sentences (ids and both sides) in position order.
// positions, when given, gets each sentence's position.
Status readSentences(Store& store, std::int64_t corpusId, std::vector<std::int64_t>& ids, std::vector<std::string>& src,
                     std::vector<std::string>& tgt, const CancelToken& cancel,
                     std::vector<std::int64_t>* positions = nullptr);
std::vector<DedupText> textsOf(const FilterInput& in);

// The near-duplicate options of near-dup and decontaminate, from the table's values, and the
// LSH banding with its expected error rates in the summary.
NearDupOptions nearDupOptions(const FilterParams& p);
void recordBanding(const FilterParams& p, FilterSummary& s);

// A near-dup pass's result as removals naming the kept twin, with the summary's counts and rule
// (findNearDup; the merge of `filter --shard`, shard/MergeFilter.cpp).
FilterFindings nearDupFindings(const FilterParams& p, const FilterInput& in, const NearDupResult& found,
                               FilterSummary& s);
Expected<FilterFindings> findNearDup(const FilterParams& p, const FilterInput& in, FilterSummary& s,
                                     const CancelToken& cancel);
Expected<FilterFindings> findWrongLanguage(const FilterParams& p, const FilterInput& in, FilterSummary& s,
                                           const CancelToken& cancel);
Expected<FilterFindings> findNoisyPairs(const FilterParams& p, Store& store, const FilterInput& in, FilterSummary& s,
                                        const CancelToken& cancel);
Expected<FilterFindings> findSemanticDup(const FilterParams& p, Store& store, const FilterInput& in, FilterSummary& s,
                                         const CancelToken& cancel);
Expected<FilterFindings> findLeaks(const FilterParams& p, Store& store, const FilterInput& in, FilterSummary& s,
                                   const CancelToken& cancel);

}  // namespace dl
