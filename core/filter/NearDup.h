#pragma once
// Near-duplicate detection by MinHash with LSH banding (Broder 1997; Leskovec, Rajaraman &
// Ullman, Mining of Massive Datasets ch. 3), the compute half of `filter --kind near-dup`
// (FilterJob.h reads the corpus and stores the run). Plain inputs, no Store.
//
// Text:     normaliseForDedup: Unicode case folding (utf8proc), every punctuation (P*) or
//           symbol (S*) code point and every whitespace run become one space, trimmed. Digits
//           and letters are kept as they are (a changed number is a changed sentence).
// Shingles: char:K = every K consecutive code points of the normalised text, word:K = every K
//           consecutive words; a text shorter than K is one shingle; an empty text has none
//           (and is never anyone's duplicate).
// Hashing:  each shingle once with SipHash-2-4 (common/SipHash.h) under a key fixed by the seed
//           (runs are reproducible), low 64 bits; permutation i is x -> splitmix64(x ^ seed_i),
//           a seeded bijection family on 64-bit values; the signature keeps the low 32 bits of
//           each minimum.
// LSH:      `bands` bands of `rows` values; two texts are candidates when one band is equal.
//           P(candidate | Jaccard s) = 1 - (1 - s^rows)^bands.
// Verify:   candidates are kept when the exact Jaccard of their shingle sets (sorted 64-bit
//           hashes) reaches the threshold; the MinHash estimate is not used for the decision.
// Groups:   union-find over verified pairs; one member kept per group (first = lowest index,
//           longest = most bytes, ties to the first); every other member is removed and names
//           the kept one as its twin.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/CancelToken.h"
#include "common/Error.h"

namespace dl {

enum class ShingleKind { Char, Word };
struct ShingleSpec {
    ShingleKind kind = ShingleKind::Char;
    int size = 5;
};
// "char:5", "word:3"; a usage error naming --shingle otherwise.
Expected<ShingleSpec> parseShingleSpec(std::string_view text);
std::string toString(const ShingleSpec& spec);

std::string normaliseForDedup(std::string_view text);
// The sorted, unique 64-bit hashes of the normalised text's shingles.
std::vector<std::uint64_t> shingleHashes(std::string_view normalised, const ShingleSpec& spec, std::uint64_t seed);
// |A ∩ B| / |A ∪ B| of two sorted unique sets; 0 when both are empty.
double exactJaccard(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b);

// One MinHash signature per text: `permutations` values.
std::vector<std::uint32_t> minhashSignature(std::span<const std::uint64_t> shingles, int permutations,
                                            std::uint64_t seed);
// The fraction of equal positions: an unbiased estimate of the Jaccard similarity.
double minhashEstimate(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b);

// The LSH S-curve and the expected error rates at a threshold.
double lshCandidateProbability(double s, int bands, int rows);
struct LshRates {
    double fnAtThreshold = 0;  // 1 - P(candidate | s = t): a pair exactly at the threshold missed
    double fnWeight = 0;       // mean miss probability for s uniform in [t, 1]
    double fpWeight = 0;       // mean candidate probability for s uniform in [0, t) (costs time: verified)
};
LshRates lshRates(double threshold, int bands, int rows);
// The banding for a threshold: the most rows per band (fewest candidates) whose false-negative
// rate at the threshold is at most 1%, among the divisors of `permutations`; rows = 1 when
// none reaches it.
int chooseRows(double threshold, int permutations);

// central: semantic-dup only (the member closest to its cluster's centroid).
enum class KeepRule { First, Longest, Central };
enum class SidesRule { Src, Both, Either };

struct NearDupOptions {
    double threshold = 0.8;
    ShingleSpec shingle;
    int permutations = 128;
    int bands = 32;
    SidesRule sides = SidesRule::Both;
    KeepRule keep = KeepRule::First;
    std::uint64_t seed = 1;
    int threads = 0;
};

// One text (or pair) of the input: its sides as stored.
struct DedupText {
    std::string_view src, tgt;  // tgt empty for monolingual corpora
};

struct NearDupRemoval {
    std::int64_t index = 0;  // into the input
    std::int64_t keptIndex = 0;
    double similarity = 0;  // exact Jaccard with the kept member (both: the lower side, either: the higher)
};
struct NearDupResult {
    std::vector<NearDupRemoval> removed;  // by index
    std::int64_t groups = 0;              // groups of two or more
    std::int64_t candidatePairs = 0;      // distinct pairs LSH proposed
    std::int64_t verifiedPairs = 0;       // of those, at or above the threshold
    std::int64_t emptyTexts = 0;          // no shingles: never matched
};

// The whole pass; cancelled() when the token is set.
Expected<NearDupResult> findNearDuplicates(std::span<const DedupText> texts, const NearDupOptions& options,
                                           const CancelToken& cancel);

// The pass in two halves, for `filter --shard I/N` + `merge` (docs/cleaning.md, "Sharded"):
// a shard computes the per-text part, each text's MinHash signature of one side (`permutations`
// values per text, row-major; a side without shingles gets all 0xFFFFFFFF, which no non-empty
// set reaches in practice: 2^-32 per permutation); the merge bands the signatures of every
// text, shingles again only the texts that share a bucket with another (the candidates), and
// verifies, groups and keeps exactly as findNearDuplicates does: the same result by
// construction. The target side's signatures are needed when sides is Either.
bool sidesNeedTargetSignatures(SidesRule sides);
Expected<std::vector<std::uint32_t>> nearDupSignatures(std::span<const DedupText> texts, bool target,
                                                       const NearDupOptions& options, const CancelToken& cancel);
bool emptySignature(std::span<const std::uint32_t> signature);
// texts: every text of the pass in order (the merge reads them from the project); tgtSignatures
// may be empty unless sides is Either and some text has a target.
Expected<NearDupResult> findNearDuplicatesFromSignatures(std::span<const DedupText> texts,
                                                         std::span<const std::uint32_t> srcSignatures,
                                                         std::span<const std::uint32_t> tgtSignatures,
                                                         const NearDupOptions& options, const CancelToken& cancel);

}  // namespace dl
