#pragma once
// Data hygiene, as Aharoni & Goldberg's Table 8: how many sentences of one corpus occur in
// another, for every pair of corpora in a project. Exact text equality of the stored (import-
// normalised) sentences on one side (the paper used the English side: pick the side that holds
// it); a train corpus against a dev or test corpus is flagged, since that overlap leaks
// evaluation data into training. One pass over the sentences (64-bit hashes, sorted), then
// every hash shared by two corpora is verified on the texts themselves, so hash collisions
// never count.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/CancelToken.h"
#include "common/Error.h"
#include "store/Corpora.h"

namespace dl {

class Store;

// One unordered pair of corpora (a before b in corpus id order), counted both ways.
struct CorpusOverlapPair {
    std::int64_t aId = 0, bId = 0;
    std::string a, b;                       // corpus names
    std::string aRole, bRole;               // train | dev | test
    std::int64_t aSentences = 0, bSentences = 0;
    std::int64_t aInB = 0;     // sentences (rows) of a whose text occurs in b
    std::int64_t bInA = 0;     // sentences of b whose text occurs in a
    std::int64_t distinct = 0; // distinct texts in both
    double aShare() const { return aSentences ? double(aInB) / double(aSentences) : 0.0; }
    double bShare() const { return bSentences ? double(bInA) / double(bSentences) : 0.0; }
    // A train corpus paired with a dev or test corpus (the paper's "% dev/test in train").
    bool trainVsHeldOut() const;
};

struct CorpusOverlap {
    Side side = Side::Source;
    std::vector<CorpusOverlapPair> pairs;  // every pair of corpora, (a id, b id) order, zeros included
    std::int64_t leakedPairs() const;       // train vs dev/test pairs with any overlap
};

// Cancellable (polled every few thousand sentences). A corpus without the side (a monolingual
// corpus asked for its target side) has no sentences on it and overlaps nothing.
Expected<CorpusOverlap> corpusOverlap(Store& store, Side side, const CancelToken& cancel);

// {"side", "pairs": [{a, b, a_role, b_role, a_sentences, b_sentences, a_in_b, b_in_a,
// a_share, b_share, distinct, train_vs_heldout}], "leaked_pairs"} for `info --json`.
nlohmann::json toJson(const CorpusOverlap& overlap);

}  // namespace dl
