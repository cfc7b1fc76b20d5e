// `filter --kind decontaminate`: sentences that repeat a dev or test corpus (Decontaminate.h).
#include "filter/FilterSteps.h"

#include "filter/Decontaminate.h"

#include <cstdint>

namespace dl {

namespace {

// The dev and test corpora of the project (import --role), their sentences in one list.
struct References {
    std::vector<std::int64_t> ids;
    std::vector<std::string> src, tgt;
    std::vector<std::string> corpusOf;  // per sentence: its corpus's name
    nlohmann::json corpora = nlohmann::json::array();
    bool allParallel = true;
};

Expected<References> readReferences(Store& store, const CorpusInfo& target, const CancelToken& cancel) {
    if (target.role != "train")
        return usageError("Corpus " + target.name + " is a " + target.role +
                          " corpus; decontaminate a training corpus against the dev and test corpora.");
    auto corpora = listCorpora(store);
    if (!corpora) return std::unexpected(corpora.error());
    References refs;
    for (const auto& c : *corpora) {
        // Only the two reference roles: a role a crafted project holds outside the schema's CHECK is none.
        if ((c.role != "dev" && c.role != "test") || c.id == target.id) continue;
        refs.allParallel = refs.allParallel && c.parallel;
        refs.corpora.push_back({{"corpus", c.name}, {"role", c.role}, {"sentences", c.sentences}});
        if (auto st = readSentences(store, c.id, refs.ids, refs.src, refs.tgt, cancel); !st)
            return std::unexpected(st.error());
        refs.corpusOf.resize(refs.ids.size(), c.name);
    }
    if (refs.corpora.empty())
        return usageError(
            "No corpus of this project is a dev or test corpus: import one with --role dev|test "
            "(or give an existing one its role with `import ... --role test`).");
    return refs;
}

}  // namespace

Expected<FilterFindings> findLeaks(const FilterParams& p, Store& store, const FilterInput& in, FilterSummary& s,
                                   const CancelToken& cancel) {
    auto refs = readReferences(store, in.corpus, cancel);
    if (!refs) return std::unexpected(refs.error());
    NearDupOptions opt = nearDupOptions(p);
    // Pairs against pairs by --sides; a monolingual side anywhere: the source sides.
    opt.sides = in.corpus.parallel && refs->allParallel ? p.sides : SidesRule::Src;
    std::vector<DedupText> refTexts(refs->ids.size());
    for (std::size_t i = 0; i < refTexts.size(); ++i) refTexts[i] = {refs->src[i], refs->tgt[i]};
    auto found = findContamination(refTexts, textsOf(in), opt, cancel);
    if (!found) return std::unexpected(found.error());
    FilterFindings out;
    nlohmann::json byReference = nlohmann::json::object();
    for (const auto& c : found->found) {
        const auto ref = static_cast<std::size_t>(c.reference);
        out.removals.push_back({in.ids[static_cast<std::size_t>(c.index)], refs->ids[ref], c.similarity, 0});
        byReference[refs->corpusOf[ref]] = byReference.value(refs->corpusOf[ref], std::int64_t{0}) + 1;
    }
    s.removed = static_cast<std::int64_t>(out.removals.size());
    s.kept = s.sentences - s.removed;
    s.rules.push_back({.rule = "decontaminate",
                       .input = s.sentences,
                       .kept = s.kept,
                       .removed = s.removed,
                       .candidatePairs = found->candidatePairs,
                       .verifiedPairs = found->verifiedPairs});
    recordBanding(p, s);
    s.details = {{"references", refs->corpora},
                 {"removed_by_reference", byReference},
                 {"sides", std::string(sidesRuleName(opt.sides))}};
    return out;
}

}  // namespace dl
