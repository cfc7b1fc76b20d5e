// `filter --kind bitext`: OpusFilter's rules on the pairs (BitextFilter.h).
#include "filter/FilterSteps.h"

#include "filter/BitextMargin.h"
#include "store/Embeddings.h"

#include <cstdint>

namespace dl {
namespace {

bool sameEncoding(const EmbeddingKey& a, const EmbeddingKey& b) {
    return a.identity() == b.identity() && a.layer == b.layer && a.pooling == b.pooling && a.normalized == b.normalized;
}

std::string encodeHint(const CorpusInfo& c) {
    return "`domainlens-cli encode PROJECT --corpus " + c.name + " --model multilingual-e5-small --side src` and " +
           "again with `--side tgt`";
}

// Both sides of the corpus encoded completely by one encoding (model, layer, pooling,
// normalisation, precision, prefix) that differs only by side: the latest such pair of sets.
// Without one, a usage error saying which side is missing and the commands that add it.
Expected<std::pair<EmbeddingSetInfo, EmbeddingSetInfo>> marginSets(Store& store, const CorpusInfo& corpus) {
    auto sets = listEmbeddingSets(store);
    if (!sets) return std::unexpected(sets.error());
    std::vector<EmbeddingSetInfo> complete[2];  // by side
    bool partial = false;
    for (const auto& set : *sets) {
        auto n = checkedEncodedCount(store, set, corpus.id);
        if (!n) return std::unexpected(n.error());
        if (*n == corpus.sentences && corpus.sentences > 0)
            complete[set.key.side == Side::Target ? 1 : 0].push_back(set);
        else if (*n > 0) partial = true;
    }
    std::optional<std::pair<EmbeddingSetInfo, EmbeddingSetInfo>> best;
    for (const auto& a : complete[0])
        for (const auto& b : complete[1])
            if (sameEncoding(a.key, b.key) && a.dim == b.dim &&
                (!best || std::max(a.id, b.id) > std::max(best->first.id, best->second.id)))
                best = {a, b};
    if (best) return *best;
    std::string missing = complete[0].empty() && complete[1].empty() ? "neither side is"
                          : complete[1].empty()                      ? "the target side is not"
                          : complete[0].empty()                      ? "the source side is not"
                                                                     : "the two sides are not";
    return usageError("--margin-min needs the vectors of both sides of corpus " + corpus.name +
                      " from one multilingual model, but " + missing +
                      (missing == "the two sides are not" ? " encoded with the same model" : " encoded completely") +
                      (partial ? " (an encode was left unfinished)" : "") + ": run " + encodeHint(corpus) + " first.");
}

}  // namespace

Expected<FilterFindings> findNoisyPairs(const FilterParams& p, Store& store, const FilterInput& in, FilterSummary& s,
                                        const CancelToken& cancel) {
    if (!in.corpus.parallel)
        return usageError("Corpus " + in.corpus.name +
                          " is monolingual: --kind bitext needs a parallel corpus (import --src ... --tgt ...).");
    BitextOptions opt = p.bitext;
    opt.threads = p.threads;
    FilterFindings out;
    std::vector<float> margins;
    nlohmann::json marginDetails;
    if (opt.minMargin > 0) {
        auto sets = marginSets(store, in.corpus);
        if (!sets) return std::unexpected(sets.error());
        auto src = loadEmbeddings(store, sets->first.id, in.corpus.id);
        if (!src) return std::unexpected(src.error());
        auto tgt = loadEmbeddings(store, sets->second.id, in.corpus.id);
        if (!tgt) return std::unexpected(tgt.error());
        const int dim = src->dim;
        // The rows of the sentences filtered (all of them, or what earlier pipeline steps left).
        // The rows of the sentences filtered: all of them in position order (the vectors move
        // on as they are), or what earlier pipeline steps left (gathered, then the full
        // matrices are freed): at most two n x dim matrices live while the k-NN runs.
        bool whole = in.positions.size() == std::size_t(src->rows) && src->rows == tgt->rows;
        for (std::size_t i = 0; whole && i < in.positions.size(); ++i) whole = in.positions[i] == std::int64_t(i);
        std::vector<float> x, y;
        if (whole) {
            x = std::move(src->data), y = std::move(tgt->data);
        } else {
            x.reserve(in.positions.size() * std::size_t(dim)), y.reserve(in.positions.size() * std::size_t(dim));
            for (const auto pos : in.positions) {
                if (pos < 0 || pos >= src->rows || pos >= tgt->rows)
                    return fail("Corpus " + in.corpus.name + ": sentence position " + std::to_string(pos) +
                                " has no vector.");
                x.insert(x.end(), src->row(pos), src->row(pos) + dim);
                y.insert(y.end(), tgt->row(pos), tgt->row(pos) + dim);
            }
            src->data = {}, tgt->data = {};
        }
        MarginOptions mo;
        mo.k = opt.marginK;
        mo.threads = p.threads;
        auto m = ratioMargins(std::move(x), std::move(y), dim, mo, cancel);
        if (!m) return std::unexpected(m.error());
        margins = std::move(m->margin);
        out.embeddingSetId = sets->first.id;
        marginDetails = {{"src_embedding_set", sets->first.id},
                         {"tgt_embedding_set", sets->second.id},
                         {"model", sets->first.key.model},
                         {"k", mo.k},
                         {"zero_vectors", m->zeroVectors}};
    }
    auto found = filterBitext(textsOf(in), opt, cancel, margins);
    if (!found) return std::unexpected(found.error());
    out.removals.reserve(found->removed.size());
    for (const auto& r : found->removed)
        out.removals.push_back({in.ids[static_cast<std::size_t>(r.index)], 0, r.score, r.rule});
    s.removed = static_cast<std::int64_t>(found->removed.size());
    s.kept = s.sentences - s.removed;
    // As langid: a rule's `removed` is what it removed first (the rules run in order), so the
    // rules' removals sum to the run's; `failed` counts all the pairs that fail it.
    std::int64_t input = s.sentences;
    const int rules = opt.minMargin > 0 ? kBitextRules : kBitextTextRules;
    for (int r = 0; r < rules; ++r) {
        const auto removed = found->removedBy[std::size_t(r)];
        s.rules.push_back({.rule = std::string(bitextRuleName(static_cast<BitextRule>(r))),
                           .input = input,
                           .kept = input - removed,
                           .removed = removed,
                           .failed = found->failed[std::size_t(r)]});
        input -= removed;
    }
    s.details = std::move(found->details);
    if (!marginDetails.is_null()) s.details["bitext:margin"].update(marginDetails);
    out.bitext = std::move(found->scores);
    return out;
}

}  // namespace dl
