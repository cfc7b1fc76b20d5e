#pragma once
// Cross-entropy difference selection (Moore & Lewis 2010; Axelrod et al. 2011; the
// in-domain vs pseudo-out-of-domain contrast of Cuong & Sima'an): per-sentence scores from
// n-gram LMs, negated so that HIGHER = MORE IN-DOMAIN like every other method's score.
#include <cstdint>
#include <string>
#include <vector>

#include "common/Error.h"
#include "jobs/Progress.h"
#include "text/NgramLm.h"

namespace dl {

using TokenizedText = std::vector<std::vector<std::string>>;

struct CrossEntropyOptions {
    int order = 4;
    std::uint64_t seed = 1;     // for the random pool sample of the mix LM
    int iterations = 3;         // contrast: re-rank / retrain rounds
    double outFactor = 1;       // contrast: pseudo-out size = factor x seed size (the paper: 1)
    // LM vocabulary: non-singleton seed words (Moore & Lewis; the paper), or non-singleton
    // words of seed + pool (fewer <unk>: rare in-domain terms stop looking out-of-domain).
    bool poolVocabulary = false;
};

// Vocabulary of the seed: words seen at least twice (Moore-Lewis: non-singletons) + <unk>.
std::unordered_set<std::string> nonSingletonVocabulary(const TokenizedText& seed);
// The LM vocabulary: non-singleton words of the seed, or (withPool) of seed + pool together
// (CrossEntropyOptions::poolVocabulary; bench/selection/RESULTS.md says why contrast wants it).
std::unordered_set<std::string> lmVocabulary(const TokenizedText& seed, const TokenizedText& pool, bool withPool);

// Moore-Lewis: score = -(H_in(s) - H_mix(s)); in-LM on the seed, mix-LM on a random pool
// sample of the seed's size. `excluded` pool rows (leaked) are not sampled. mixRows receives
// the sampled pool rows (ascending): with the seed and the vocabulary they are the whole
// model, which a selection run stores so `score --shard` can train the same LMs again.
Expected<std::vector<double>> mooreLewisScores(const TokenizedText& seed, const TokenizedText& pool,
                                               const std::vector<char>& excluded, const CrossEntropyOptions& options,
                                               const CancelToken& cancel, std::vector<std::int64_t>* mixRows = nullptr);

// In vs pseudo-out contrast: starts from the Moore-Lewis ranking, then `iterations` times
// trains an out-LM on the lowest-ranked pool sentences (outFactor x the seed's size) and re-scores
// with -(H_in - H_out). outRows receives the last pseudo-out set (ascending; empty after 0 rounds).
Expected<std::vector<double>> contrastScores(const TokenizedText& seed, const TokenizedText& pool,
                                             const std::vector<char>& excluded, const CrossEntropyOptions& options,
                                             ProgressSink& progress, const CancelToken& cancel,
                                             std::vector<std::int64_t>* outRows = nullptr);

// One side of a parallel seed and pool (row i of every side is the same sentence pair).
struct SideText {
    const TokenizedText* seed = nullptr;
    const TokenizedText* pool = nullptr;
};

// Cuong & Sima'an's bilingual contrast (Eq. 7; the right half of their Table 5):
//   score(f, e) = -(H(f; D1) - H(f; D0) + H(e; D1) - H(e; D0)),
// summed over the sides given. Round 0 ranks the pairs by the sum of the sides' Moore-Lewis
// scores (Axelrod et al. 2011, Eq. 6: the same random mix rows on every side); each of the
// `iterations` rounds then takes the lowest-ranked PAIRS (outFactor x the seed's size) as the
// pseudo-out set, trains every side's out-LM on its side of those pairs, and re-scores. Each
// side keeps its own vocabulary (lmVocabulary of that side). With one side this is
// contrastScores. outRows receives the last pseudo-out set (ascending; empty after 0 rounds).
Expected<std::vector<double>> multiSideContrastScores(const std::vector<SideText>& sides,
                                                      const std::vector<char>& excluded,
                                                      const CrossEntropyOptions& options, ProgressSink& progress,
                                                      const CancelToken& cancel,
                                                      std::vector<std::int64_t>* outRows = nullptr);

// One side's term against a given pseudo-out set: -(H_in(s) - H_out(s)) with the in-LM on the
// seed and the out-LM on the pool rows `outRows`; NaN where excluded (Eq. 4 for fixed D0 data).
Expected<std::vector<double>> inOutScores(const TokenizedText& seed, const TokenizedText& pool,
                                          const std::vector<std::int64_t>& outRows, const std::vector<char>& excluded,
                                          const CrossEntropyOptions& options, const CancelToken& cancel);

}  // namespace dl
