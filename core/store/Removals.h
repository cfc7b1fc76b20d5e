#pragma once
// The ledger of a filter run (RunKind::Filter): one run_results row per REMOVED sentence, the
// way selections keep theirs, with `label` holding the sentence id of the kept member it
// duplicates (SQLite INTEGER, 64 bits; NULL for a rule without a twin, e.g. langid), `score`
// the rule's score (the similarity to the twin; langid: the probability of the expected
// language) and `prob` the index of the rule in the run summary's `rules` that removed it.
// Sentences without a row were kept. Written by filter/FilterJob; read by export and select (what to leave out,
// filterExclusion) and by the CLI's `report` (paged, read-only).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_set>
#include <vector>

#include "common/Error.h"
#include "store/Runs.h"

namespace dl {

class Store;

struct Removal {
    std::int64_t sentenceId = 0;
    std::int64_t keptId = 0;  // 0 = no twin
    double similarity = 0;    // the rule's score
    int rule = 0;             // index into the run summary's rules
};
// Caller owns the transaction.
Status writeRemovals(Store& store, std::int64_t runId, std::span<const Removal> removals);
// Every removed sentence id of a filter run.
Expected<std::unordered_set<std::int64_t>> removedSentenceIds(Store& store, std::int64_t runId);

// What a filter run leaves out of a corpus: the sentences it removed and, for a step of a
// filter pipeline, those its earlier steps removed (params.after_runs: the step saw only what
// they kept). The one definition that export's and select's --filter RUN read. A run id that
// is unknown, names no filter run or a filter run of another corpus is a usage error naming
// `option` and the run.
struct FilterExclusion {
    RunInfo run;
    std::unordered_set<std::int64_t> removed;  // sentence ids
};
Expected<FilterExclusion> filterExclusion(Store& store, std::int64_t runId, std::int64_t corpusId,
                                          const std::string& corpusName, const std::string& option = "--filter");

// One page of the ledger: removed sentences with their kept twin, by removed sentence id.
struct RemovalRow {
    Removal removal;
    std::int64_t position = 0, keptPosition = 0;
    std::string src, tgt, keptSrc, keptTgt;
};
// Rows with sentence id > afterId, at most `limit`, in id order (keyset paging: the next page
// starts after the last id of this one).
Expected<std::vector<RemovalRow>> removalPage(Store& store, std::int64_t runId, std::int64_t afterId,
                                              std::int64_t limit);

}  // namespace dl
