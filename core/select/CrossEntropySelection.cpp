#include "select/CrossEntropySelection.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <unordered_map>

#include "select/Ranking.h"

namespace dl {

namespace {

std::vector<double> crossEntropies(const NgramLm& lm, const TokenizedText& text, const CancelToken& cancel) {
    std::vector<double> h(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if ((i & 0xfff) == 0) cancel.throwIfCancelled();
        h[i] = lm.crossEntropy(text[i]);
    }
    return h;
}

TokenizedText subset(const TokenizedText& text, const std::vector<std::int64_t>& rows) {
    TokenizedText out;
    out.reserve(rows.size());
    for (auto r : rows) out.push_back(text[r]);
    return out;
}

}  // namespace

std::unordered_set<std::string> nonSingletonVocabulary(const TokenizedText& seed) {
    std::unordered_map<std::string, int> counts;
    for (const auto& s : seed)
        for (const auto& w : s) ++counts[w];
    std::unordered_set<std::string> vocab;
    for (const auto& [w, c] : counts)
        if (c >= 2) vocab.insert(w);
    return vocab;
}

std::unordered_set<std::string> lmVocabulary(const TokenizedText& seed, const TokenizedText& pool, bool withPool) {
    if (!withPool) return nonSingletonVocabulary(seed);
    std::unordered_map<std::string, int> counts;
    for (const auto* text : {&seed, &pool})
        for (const auto& s : *text)
            for (const auto& w : s) ++counts[w];
    std::unordered_set<std::string> vocab;
    for (const auto& [w, c] : counts)
        if (c >= 2) vocab.insert(w);
    return vocab;
}

Expected<std::vector<double>> mooreLewisScores(const TokenizedText& seed, const TokenizedText& pool,
                                               const std::vector<char>& excluded, const CrossEntropyOptions& options,
                                               const CancelToken& cancel, std::vector<std::int64_t>* mixRows) {
    if (seed.empty()) return fail("The seed set is empty.");
    std::vector<std::int64_t> candidates;
    for (std::size_t i = 0; i < pool.size(); ++i)
        if (!excluded[i]) candidates.push_back(static_cast<std::int64_t>(i));
    if (candidates.empty()) return fail("The pool has no sentences to rank.");
    std::mt19937_64 rng(options.seed);
    std::shuffle(candidates.begin(), candidates.end(), rng);
    candidates.resize(std::min(candidates.size(), seed.size()));
    std::sort(candidates.begin(), candidates.end());
    if (mixRows) *mixRows = candidates;
    // -(H_in - H_mix): the in-vs-out term with the random sample in the out-LM's place.
    return inOutScores(seed, pool, candidates, excluded, options, cancel);
}

Expected<std::vector<double>> contrastScores(const TokenizedText& seed, const TokenizedText& pool,
                                             const std::vector<char>& excluded, const CrossEntropyOptions& options,
                                             ProgressSink& progress, const CancelToken& cancel,
                                             std::vector<std::int64_t>* outRows) {
    return multiSideContrastScores({SideText{&seed, &pool}}, excluded, options, progress, cancel, outRows);
}

Expected<std::vector<double>> multiSideContrastScores(const std::vector<SideText>& sides,
                                                      const std::vector<char>& excluded,
                                                      const CrossEntropyOptions& options, ProgressSink& progress,
                                                      const CancelToken& cancel, std::vector<std::int64_t>* outRows) {
    if (sides.empty()) return fail("The contrast needs at least one side of the text.");
    const std::size_t n = sides.front().pool->size(), seedSize = sides.front().seed->size();
    for (const auto& side : sides)
        if (side.pool->size() != n || side.seed->size() != seedSize)
            return fail("The sides of a parallel corpus differ in length.");
    // Round 0: the sum of the sides' Moore-Lewis scores (one side: Moore-Lewis; two: Axelrod).
    std::vector<double> scores(n, 0.0);
    std::vector<NgramLm::Options> lmOptions;
    std::vector<std::vector<double>> hIn;
    for (const auto& side : sides) {
        auto s = mooreLewisScores(*side.seed, *side.pool, excluded, options, cancel);
        if (!s) return s;
        for (std::size_t i = 0; i < n; ++i) scores[i] += (*s)[i];
        lmOptions.push_back({options.order, lmVocabulary(*side.seed, *side.pool, options.poolVocabulary)});
        auto inLm = NgramLm::train(*side.seed, lmOptions.back());
        if (!inLm) return std::unexpected(inLm.error());
        hIn.push_back(crossEntropies(*inLm, *side.pool, cancel));
    }
    std::vector<std::int64_t> ids(n);
    std::iota(ids.begin(), ids.end(), 0);
    // The pseudo-out set's size: the paper's "exactly the same size as the in-domain data".
    const auto outSize = std::size_t(std::max(1.0, std::round(options.outFactor * double(seedSize))));
    std::vector<std::int64_t> bottom;
    for (int it = 0; it < options.iterations; ++it) {
        progress.progress(it + 1, options.iterations + 1);
        const auto ranking = rankByScore(scores, ids);
        // The lowest-ranked scored pairs (NaN = excluded sit at the very end: skip them).
        bottom.clear();
        for (auto r = ranking.rbegin(); r != ranking.rend() && bottom.size() < outSize; ++r)
            if (!std::isnan(scores[*r])) bottom.push_back(*r);
        std::sort(bottom.begin(), bottom.end());
        std::fill(scores.begin(), scores.end(), 0.0);
        for (std::size_t k = 0; k < sides.size(); ++k) {
            auto outLm = NgramLm::train(subset(*sides[k].pool, bottom), lmOptions[k]);
            if (!outLm) return std::unexpected(outLm.error());
            const auto hOut = crossEntropies(*outLm, *sides[k].pool, cancel);
            for (std::size_t i = 0; i < n; ++i) scores[i] += -(hIn[k][i] - hOut[i]);
        }
        for (std::size_t i = 0; i < n; ++i)
            if (excluded[i]) scores[i] = NAN;
    }
    if (outRows) *outRows = bottom;
    return scores;
}

Expected<std::vector<double>> inOutScores(const TokenizedText& seed, const TokenizedText& pool,
                                          const std::vector<std::int64_t>& outRows, const std::vector<char>& excluded,
                                          const CrossEntropyOptions& options, const CancelToken& cancel) {
    if (seed.empty()) return fail("The seed set is empty.");
    for (auto r : outRows)
        if (r < 0 || std::size_t(r) >= pool.size()) return fail("A pseudo-out row lies outside the pool.");
    const NgramLm::Options lmOptions{options.order, lmVocabulary(seed, pool, options.poolVocabulary)};
    auto inLm = NgramLm::train(seed, lmOptions);
    if (!inLm) return std::unexpected(inLm.error());
    auto outLm = NgramLm::train(subset(pool, outRows), lmOptions);
    if (!outLm) return std::unexpected(outLm.error());
    const auto hIn = crossEntropies(*inLm, pool, cancel);
    const auto hOut = crossEntropies(*outLm, pool, cancel);
    std::vector<double> scores(pool.size());
    for (std::size_t i = 0; i < pool.size(); ++i) scores[i] = excluded[i] ? NAN : -(hIn[i] - hOut[i]);
    return scores;
}

}  // namespace dl
