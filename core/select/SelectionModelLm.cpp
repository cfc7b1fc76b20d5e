// Applying a stored Moore-Lewis / Axelrod selection: the LMs are trained again from the
// sentences the run trained them on (ids stored with the run), with its vocabulary and order.
// NgramLm training is deterministic, so the scores equal the run's.
#include <cmath>
#include <cstdint>
#include <unordered_set>

#include "select/CrossEntropySelection.h"
#include "select/SelectionModel.h"
#include "store/Corpora.h"
#include "store/Store.h"

namespace dl {

namespace {

Expected<TokenizedText> tokensOf(Store& store, const std::vector<std::int64_t>& ids, bool target) {
    auto sentences = sentencesById(store, ids);
    if (!sentences) return std::unexpected(sentences.error());
    TokenizedText out;
    out.reserve(sentences->size());
    for (const auto& s : *sentences) out.push_back(wordTokens(target ? s.tgt : s.src));
    return out;
}

// -(H_in - H_mix) of each text on one side.
Status addSideScores(Store& store, const SelectionModel& m, bool target, const std::vector<std::string>& texts,
                     std::vector<double>& scores, const CancelToken& cancel) {
    const auto& words = target ? m.vocabularyTgt : m.vocabularySrc;
    NgramLm::Options options{m.lmOrder, std::unordered_set<std::string>(words.begin(), words.end())};
    auto seed = tokensOf(store, m.seedIds, target);
    if (!seed) return std::unexpected(seed.error());
    auto mix = tokensOf(store, m.mixIds, target);
    if (!mix) return std::unexpected(mix.error());
    auto inLm = NgramLm::train(*seed, options);
    if (!inLm) return std::unexpected(inLm.error());
    auto mixLm = NgramLm::train(*mix, options);
    if (!mixLm) return std::unexpected(mixLm.error());
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if ((i & 0xfff) == 0) cancel.throwIfCancelled();
        const auto tokens = wordTokens(texts[i]);
        scores[i] += -(inLm->crossEntropy(tokens) - mixLm->crossEntropy(tokens));
    }
    return {};
}

}  // namespace

Expected<std::vector<double>> applyLmSelectionModel(Store& store, const SelectionModel& m,
                                                    const std::vector<std::string>& src,
                                                    const std::vector<std::string>& tgt, const CancelToken& cancel) {
    if (selectionModelUsesEmbeddings(m.method))
        return fail("Internal error: this selection model scores vectors, not texts.");
    const bool bilingual = m.method == SelectMethod::Axelrod;
    if (bilingual && tgt.size() != src.size())
        return fail("Axelrod's selection needs the target side of every scored sentence.");
    std::vector<double> scores(src.size(), 0.0);
    if (auto s = addSideScores(store, m, false, src, scores, cancel); !s) return std::unexpected(s.error());
    if (bilingual)
        if (auto s = addSideScores(store, m, true, tgt, scores, cancel); !s) return std::unexpected(s.error());
    excludeLeakedRows(m, src, scores);
    return scores;
}

}  // namespace dl
