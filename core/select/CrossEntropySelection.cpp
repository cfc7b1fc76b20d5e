#include "select/CrossEntropySelection.h"

#include <algorithm>
#include <cmath>
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

    NgramLm::Options lmOptions{options.order, lmVocabulary(seed, pool, options.poolVocabulary)};
    auto inLm = NgramLm::train(seed, lmOptions);
    if (!inLm) return std::unexpected(inLm.error());
    auto mixLm = NgramLm::train(subset(pool, candidates), lmOptions);
    if (!mixLm) return std::unexpected(mixLm.error());
    const auto hIn = crossEntropies(*inLm, pool, cancel);
    const auto hMix = crossEntropies(*mixLm, pool, cancel);
    std::vector<double> scores(pool.size());
    for (std::size_t i = 0; i < pool.size(); ++i) scores[i] = excluded[i] ? NAN : -(hIn[i] - hMix[i]);
    return scores;
}

Expected<std::vector<double>> contrastScores(const TokenizedText& seed, const TokenizedText& pool,
                                             const std::vector<char>& excluded, const CrossEntropyOptions& options,
                                             ProgressSink& progress, const CancelToken& cancel) {
    auto scores = mooreLewisScores(seed, pool, excluded, options, cancel);
    if (!scores) return scores;
    NgramLm::Options lmOptions{options.order, lmVocabulary(seed, pool, options.poolVocabulary)};
    auto inLm = NgramLm::train(seed, lmOptions);
    if (!inLm) return std::unexpected(inLm.error());
    const auto hIn = crossEntropies(*inLm, pool, cancel);
    std::vector<std::int64_t> ids(pool.size());
    std::iota(ids.begin(), ids.end(), 0);
    for (int it = 0; it < options.iterations; ++it) {
        progress.progress(it + 1, options.iterations + 1);
        const auto ranking = rankByScore(*scores, ids);
        // The lowest-ranked scored sentences (NaN = excluded sit at the very end: skip them).
        const auto outSize = std::size_t(std::max(1.0, std::round(options.outFactor * double(seed.size()))));
        std::vector<std::int64_t> bottom;
        for (auto r = ranking.rbegin(); r != ranking.rend() && bottom.size() < outSize; ++r)
            if (!std::isnan((*scores)[*r])) bottom.push_back(*r);
        auto outLm = NgramLm::train(subset(pool, bottom), lmOptions);
        if (!outLm) return std::unexpected(outLm.error());
        const auto hOut = crossEntropies(*outLm, pool, cancel);
        for (std::size_t i = 0; i < pool.size(); ++i) (*scores)[i] = excluded[i] ? NAN : -(hIn[i] - hOut[i]);
    }
    return scores;
}

}  // namespace dl
