#pragma once
// `filter --kind bitext` (docs/cleaning.md): OpusFilter's classic noise rules on the pairs of a
// parallel corpus, each a score per pair and a threshold. A pair is removed by the first rule it
// fails, in the order of BitextRule; each rule also counts all its failures. Plain C++ over
// texts; FilterJob reads the corpus and stores the run.
//
// Tokens are the whitespace-separated words of a side; characters are code points (a byte that
// is not UTF-8 counts as one). The scores per pair:
//   words         the larger side's word count; fails above max-words or when a side has fewer
//                 than min-words (OpusFilter LengthFilter, unit word)
//   char ratio    longer / shorter side in characters (OpusFilter LengthRatioFilter, char)
//   token ratio   longer / shorter side in words (LengthRatioFilter, word); a side of 0 counts 1
//   alpha         the lower side's share of letters (Unicode L*, and combining marks M*) among its
//                 non-space characters
//                 (AlphabetRatioFilter with exclude_whitespace); a side without any counts 0
//   repeat        the higher side's share of words that repeat the word n places before, for the
//                 n in 1..4 with the most (case folded): "buy now buy now buy now" = 4/6
//                 (RepetitionFilter-like: consecutive repeats of a 1-4 word unit)
//   copy          1 when the sides are equal after normaliseForDedup, else the exact Jaccard of
//                 their char:5 shingle sets (NearDup.h): a target copied from the source
//   numerals      the similarity 2·LCS/(|a|+|b|) of the sides' sequences of the digits 1-9
//                 (OpusFilter NonZeroNumeralsFilter, which uses difflib's ratio; zeros are left
//                 out so that 1,000 and 1 000 and 1.000,00 agree, and so are numeric character
//                 references such as &#160;); 1 when neither has a digit; at most kMaxNumerals
//                 digits per side are compared.
//   margin        (only with --margin-min above 0) the ratio margin of the pair's vectors
//                 (BitextMargin.h), computed by the job from both sides encoded with one
//                 multilingual model; fails below min-margin. It runs last.
#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/CancelToken.h"
#include "common/Error.h"
#include "filter/NearDup.h"

namespace dl {

enum class BitextRule { Length, CharRatio, TokenRatio, Alpha, Repeat, Copy, Numerals, Margin };
inline constexpr int kBitextRules = 8;      // all, Margin included
inline constexpr int kBitextTextRules = 7;  // the rules over the texts alone (Margin needs vectors)
inline constexpr std::size_t kMaxNumerals = 256;
// "bitext:length", "bitext:length-ratio-chars", ...: the rule names of the run's summary.
std::string_view bitextRuleName(BitextRule rule);

struct BitextOptions {
    // The defaults: the measurement's choice, worst case over de-en and en-fr (docs/cleaning.md,
    // bench/filters/RESULTS.md); OpusFilter's own are 1-100 words, alphabet 0.75 (with spaces
    // counted) and numerals 0.5, and it has no default length ratio.
    int minWords = 1, maxWords = 150;
    double maxCharRatio = 3.0, maxTokenRatio = 3.0;
    double minAlpha = 0.4, maxRepeat = 0.4, maxCopy = 1.0, minNumerals = 0.5;
    // The margin rule: off at 0 (it needs both sides encoded); k nearest neighbours per side.
    double minMargin = 0;
    int marginK = 4;
    int threads = 0;
};

// The scores of one pair, and whether it passes each rule.
struct BitextScores {
    float words = 0;  // the larger side's word count
    int minSideWords = 0;
    float charRatio = 1, tokenRatio = 1, alpha = 1, repeat = 0, copy = 0, numerals = 1;
    float margin = 0;  // set by filterBitext from its margins; unused when the rule is off
};
BitextScores scoreBitextPair(std::string_view src, std::string_view tgt);
// The rule's score of a pair (Length: the larger side's word count).
float bitextScore(const BitextScores& s, BitextRule rule);
bool bitextFails(const BitextScores& s, BitextRule rule, const BitextOptions& o);

// The parts of a score, public for the tests.
double repeatedTokenShare(std::string_view text);
double nonZeroNumeralSimilarity(std::string_view a, std::string_view b);
double letterShare(std::string_view text);

struct BitextRemoval {
    std::int64_t index = 0;  // into the input
    int rule = 0;            // the first rule the pair failed (BitextRule)
    double score = 0;        // that rule's score
};

struct BitextResult {
    // Per rule, one score per input pair (bitextScore), in input order; Margin's only when
    // margins were given (empty otherwise, and that rule is not in details).
    std::array<std::vector<float>, kBitextRules> scores;
    std::vector<BitextRemoval> removed;  // by index
    std::array<std::int64_t, kBitextRules> failed{};
    std::array<std::int64_t, kBitextRules> removedBy{};
    // Per rule name: threshold, direction (max/min), a 20-bin histogram of the score over
    // [lo, hi] (values outside in the end bins) and the threshold's percentile (the share of
    // pairs whose score is on the passing side of the threshold).
    nlohmann::json details;
};

// Usage errors name the option (e.g. --max-char-ratio below 1, --min-words above --max-words).
Status validateBitextOptions(const BitextOptions& options);
// margins: one per pair (BitextMargin.h) when options.minMargin > 0, else empty.
Expected<BitextResult> filterBitext(std::span<const DedupText> texts, const BitextOptions& options,
                                    const CancelToken& cancel, std::span<const float> margins = {});

}  // namespace dl
