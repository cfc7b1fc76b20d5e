// `filter --kind langid`: per side, the probability of the expected language (LangIdFilter.h).
#include "filter/FilterSteps.h"

#include "filter/LangIdFilter.h"
#include "filter/LanguageId.h"

#include <cstdint>

namespace dl {

Expected<FilterFindings> findWrongLanguage(const FilterParams& p, const FilterInput& in, FilterSummary& s,
                                           const CancelToken& cancel) {
    const bool useDefault = p.langIdModel.empty();
    auto identifier =
        LanguageIdentifier::load(useDefault ? defaultLanguageIdModelPath() : p.langIdModel, /*checkDigest=*/useDefault);
    if (!identifier) return std::unexpected(identifier.error());
    LangIdOptions opt;
    opt.srcLang = p.langSrc.empty() ? in.corpus.srcLang : p.langSrc;
    opt.tgtLang = p.langTgt.empty() ? in.corpus.tgtLang : p.langTgt;
    if (opt.srcLang.empty())
        return usageError("Corpus " + in.corpus.name + " does not say its source language: give --lang-src.");
    if (in.corpus.parallel && p.sides != SidesRule::Src && opt.tgtLang.empty())
        return usageError("Corpus " + in.corpus.name + " does not say its target language: give --lang-tgt.");
    opt.minProb = p.minProb;
    opt.sides = p.sides;
    opt.threads = p.threads;
    auto found = identifyLanguages(textsOf(in), **identifier, opt, cancel);
    if (!found) return std::unexpected(found.error());
    FilterFindings out;
    out.removals.reserve(found->removed.size());
    std::int64_t bySide[2] = {0, 0};
    for (const auto& r : found->removed) {
        out.removals.push_back({in.ids[static_cast<std::size_t>(r.index)], 0, r.prob, r.rule});
        ++bySide[r.rule];
    }
    s.removed = static_cast<std::int64_t>(found->removed.size());
    s.kept = s.sentences - s.removed;
    // A rule's removed count is the sentences it removed first (source before target), so the
    // rules' removals sum to the run's; `failed` counts the side's failures, whether or not the
    // other side's rule removed the sentence first.
    s.rules.push_back({.rule = "langid:src",
                       .input = s.sentences,
                       .kept = s.sentences - bySide[0],
                       .removed = bySide[0],
                       .failed = found->srcFailed});
    if (!found->tgtProb.empty())
        s.rules.push_back({.rule = "langid:tgt",
                           .input = s.sentences - bySide[0],
                           .kept = s.sentences - bySide[0] - bySide[1],
                           .removed = bySide[1],
                           .failed = found->tgtFailed});
    s.details = found->details;
    out.langIdSrc = std::move(found->srcProb);
    out.langIdTgt = std::move(found->tgtProb);
    return out;
}

}  // namespace dl
