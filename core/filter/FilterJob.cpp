#include "filter/FilterJob.h"

#include <chrono>

#include "runs/RunKind.h"
#include "store/Corpora.h"
#include "store/Removals.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace dl {

namespace {

// Prepare: the corpus's sentences (ids and texts) in position order.
struct FilterInput {
    CorpusInfo corpus;
    std::vector<std::int64_t> ids;
    std::vector<std::string> src, tgt;
};

Expected<FilterInput> prepareFilter(const FilterParams& p, Store& store, const CancelToken& cancel) {
    FilterInput in;
    auto c = resolveCorpus(store, p.corpus);
    if (!c) return std::unexpected(c.error());
    in.corpus = *c;
    in.ids.reserve(static_cast<std::size_t>(c->sentences));
    std::int64_t seen = 0;
    auto st = forEachSentence(store, c->id, 0, [&](const Sentence& s) {
        if ((++seen & 0xfff) == 0 && cancel.isCancelled()) return false;
        in.ids.push_back(s.id);
        in.src.push_back(s.src);
        in.tgt.push_back(s.tgt);
        return true;
    });
    if (!st) return std::unexpected(st.error());
    if (cancel.isCancelled()) return cancelled();
    return in;
}

Expected<std::int64_t> persistFilter(const FilterParams& p, Store& store, const FilterInput& in,
                                     const NearDupResult& found, const FilterSummary& summary) {
    std::vector<Removal> removals;
    removals.reserve(found.removed.size());
    for (const auto& r : found.removed)
        removals.push_back(
            {in.ids[static_cast<std::size_t>(r.index)], in.ids[static_cast<std::size_t>(r.keptIndex)], r.similarity});
    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());
    auto runId = createRun(store, RunKind::Filter, in.corpus.id, std::nullopt, filterParamTable().toJson(p));
    if (!runId) return std::unexpected(runId.error());
    if (auto s = writeRemovals(store, *runId, removals); !s) return std::unexpected(s.error());
    if (auto s = setRunSummary(store, *runId, summary.toJson()); !s) return std::unexpected(s.error());
    if (auto s = tx->commit(); !s) return std::unexpected(s.error());
    return *runId;
}

}  // namespace

Expected<FilterResult> runFilter(FilterParams p, Store& store, ProgressSink& progress, const CancelToken& cancel) {
    const auto start = std::chrono::steady_clock::now();
    if (auto s = validateFilterParams(p); !s) return std::unexpected(s.error());
    progress.stage("Reading the corpus");
    auto in = prepareFilter(p, store, cancel);
    if (!in) return std::unexpected(in.error());

    progress.stage("Finding near-duplicates");
    NearDupOptions opt;
    opt.threshold = p.threshold;
    opt.shingle = *parseShingleSpec(p.shingle);  // checked by validateFilterParams
    opt.permutations = p.permutations;
    opt.bands = p.bands;
    opt.sides = p.sides;
    opt.keep = p.keep;
    opt.seed = p.seed;
    opt.threads = p.threads;
    std::vector<DedupText> texts(in->ids.size());
    for (std::size_t i = 0; i < texts.size(); ++i) texts[i] = {in->src[i], in->tgt[i]};
    auto found = findNearDuplicates(texts, opt, cancel);
    if (!found) return std::unexpected(found.error());

    FilterResult out;
    auto& s = out.summary;
    s.corpus = in->corpus.name;
    s.sentences = static_cast<std::int64_t>(texts.size());
    s.removed = static_cast<std::int64_t>(found->removed.size());
    s.kept = s.sentences - s.removed;
    s.rules.push_back({std::string(filterKindName(p.kind)), s.sentences, s.kept, s.removed, found->groups,
                       found->candidatePairs, found->verifiedPairs, found->emptyTexts});
    s.bands = p.bands;
    s.rows = p.permutations / p.bands;
    const auto rates = lshRates(p.threshold, s.bands, s.rows);
    s.fnAtThreshold = rates.fnAtThreshold;
    s.fnWeight = rates.fnWeight;
    s.fpWeight = rates.fpWeight;
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    progress.stage("Storing the filter run");
    if (cancel.isCancelled()) return cancelled();
    auto runId = persistFilter(p, store, *in, *found, s);
    if (!runId) return std::unexpected(runId.error());
    out.runId = *runId;
    return out;
}

}  // namespace dl
