#pragma once
// Full-text search over the project's sentences (both sides) with SQLite FTS5. The index
// (schema 3: `sentence_text`, external content over `sentences`) is filled lazily: a search
// first asks textIndexStatus(); when sentences were added or removed since the index was last
// brought up to date, updateTextIndex() (a write, one transaction, on the worker) indexes the
// new rows, or rebuilds the index when rows went away.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/Error.h"
#include "jobs/Progress.h"

namespace dl {

class Store;

struct TextIndexStatus {
    std::int64_t indexed = 0;    // sentences the index holds
    std::int64_t sentences = 0;  // sentences in the project
    bool current = false;        // the index holds exactly the project's sentences
};
// Cheap (two indexed lookups); works on a read-only store.
Expected<TextIndexStatus> textIndexStatus(Store& store);

// Brings the index up to date in one transaction (cancel = nothing written); returns the
// number of sentences indexed by this call (0 when it was current).
Expected<std::int64_t> updateTextIndex(Store& store, ProgressSink& progress, const CancelToken& cancel);

// The user's words as an FTS5 query: every word must occur (any order), each taken literally
// (quoted, so '-', ':' or 'AND' mean nothing special); a word ending in '*' matches as a prefix.
// Empty when the text has no words.
std::string ftsQuery(std::string_view text);

struct TextMatches {
    std::vector<std::int64_t> sentenceIds;  // in id order, at most `limit`
    std::int64_t total = 0;                 // all matches in the corpus
};
// Sentences of one corpus matching `text` (ftsQuery). The index must be current (see above):
// a stale index is reported as an error rather than answered incompletely.
Expected<TextMatches> searchText(Store& store, std::int64_t corpusId, std::string_view text, std::int64_t limit);

}  // namespace dl
