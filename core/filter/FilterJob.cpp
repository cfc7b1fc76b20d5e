#include "filter/FilterJob.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <unordered_set>

#include "filter/FilterSteps.h"
#include "runs/RunBlobs.h"
#include "runs/RunKind.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace dl {

// Appends a corpus's sentences (ids and both sides) in position order.
Status readSentences(Store& store, std::int64_t corpusId, std::vector<std::int64_t>& ids, std::vector<std::string>& src,
                     std::vector<std::string>& tgt, const CancelToken& cancel, std::vector<std::int64_t>* positions) {
    std::int64_t seen = 0;
    auto st = forEachSentence(store, corpusId, 0, [&](const Sentence& s) {
        if ((++seen & 0xfff) == 0 && cancel.isCancelled()) return false;
        ids.push_back(s.id);
        if (positions) positions->push_back(s.position);
        src.push_back(s.src);
        tgt.push_back(s.tgt);
        return true;
    });
    if (!st) return st;
    if (cancel.isCancelled()) return cancelled();
    return {};
}

std::vector<DedupText> textsOf(const FilterInput& in) {
    std::vector<DedupText> texts(in.ids.size());
    for (std::size_t i = 0; i < texts.size(); ++i) texts[i] = {in.src[i], in.tgt[i]};
    return texts;
}

namespace {

Expected<FilterInput> prepareFilter(const FilterParams& p, Store& store,
                                    const std::unordered_set<std::int64_t>& excluded, const CancelToken& cancel) {
    FilterInput in;
    auto c = resolveCorpus(store, p.corpus);
    if (!c) return std::unexpected(c.error());
    in.corpus = *c;
    in.ids.reserve(static_cast<std::size_t>(c->sentences));
    if (auto st = readSentences(store, c->id, in.ids, in.src, in.tgt, cancel, &in.positions); !st)
        return std::unexpected(st.error());
    if (excluded.empty()) return in;
    std::size_t kept = 0;  // what earlier steps of a pipeline left
    for (std::size_t i = 0; i < in.ids.size(); ++i) {
        if (excluded.contains(in.ids[i])) continue;
        if (kept != i) {  // a string moved onto itself would be left empty
            in.ids[kept] = in.ids[i], in.positions[kept] = in.positions[i];
            in.src[kept] = std::move(in.src[i]), in.tgt[kept] = std::move(in.tgt[i]);
        }
        ++kept;
    }
    in.ids.resize(kept), in.positions.resize(kept), in.src.resize(kept), in.tgt.resize(kept);
    return in;
}

constexpr std::array<std::string_view, kBitextRules> kBitextBlobs = {
    blobs::kBitextWords,  blobs::kBitextCharRatio, blobs::kBitextTokenRatio, blobs::kBitextAlpha,
    blobs::kBitextRepeat, blobs::kBitextCopy,      blobs::kBitextNumerals,   blobs::kBitextMargin};

}  // namespace

Expected<std::int64_t> persistFilterPass(const FilterParams& p, Store& store, const FilterPass& pass,
                                         const nlohmann::json& extraParams) {
    const auto& in = pass.in;
    const auto& found = pass.found;
    nlohmann::json params = filterParamTable().toJson(p);
    if (extraParams.is_object()) params.update(extraParams);
    auto runId = createRun(store, RunKind::Filter, in.corpus.id, found.embeddingSetId, params);
    if (!runId) return std::unexpected(runId.error());
    if (auto s = writeRemovals(store, *runId, found.removals); !s) return std::unexpected(s.error());
    if (!found.langIdSrc.empty() || !found.bitext[0].empty())
        if (auto s = putRunArray<std::int64_t>(store, *runId, blobs::kSentenceIds, in.ids); !s)
            return std::unexpected(s.error());
    for (std::size_t r = 0; r < found.bitext.size(); ++r)
        if (!found.bitext[r].empty())
            if (auto s = putRunArray<float>(store, *runId, kBitextBlobs[r], found.bitext[r]); !s)
                return std::unexpected(s.error());
    if (!found.langIdSrc.empty()) {
        if (auto s = putRunArray<float>(store, *runId, blobs::kLangIdSrc, found.langIdSrc); !s)
            return std::unexpected(s.error());
        if (!found.langIdTgt.empty())
            if (auto s = putRunArray<float>(store, *runId, blobs::kLangIdTgt, found.langIdTgt); !s)
                return std::unexpected(s.error());
    }
    if (auto s = setRunSummary(store, *runId, pass.summary.toJson()); !s) return std::unexpected(s.error());
    return *runId;
}

namespace {

const char* stageName(FilterKind kind) {
    switch (kind) {
    case FilterKind::NearDup: return "Finding near-duplicates";
    case FilterKind::LangId: return "Identifying languages";
    case FilterKind::Bitext: return "Scoring the pairs";
    case FilterKind::SemanticDup: return "Comparing vectors within clusters";
    case FilterKind::Decontaminate: return "Looking for dev and test sentences";
    }
    return "";
}

}  // namespace

Expected<FilterPass> computeFilterPass(FilterParams& p, Store& store, const std::unordered_set<std::int64_t>& excluded,
                                       ProgressSink& progress, const CancelToken& cancel) {
    const auto start = std::chrono::steady_clock::now();
    if (auto s = validateFilterParams(p); !s) return std::unexpected(s.error());
    progress.stage("Reading the corpus");
    auto in = prepareFilter(p, store, excluded, cancel);
    if (!in) return std::unexpected(in.error());
    FilterPass pass;
    auto& s = pass.summary;
    s.corpus = in->corpus.name;
    s.sentences = static_cast<std::int64_t>(in->ids.size());
    progress.stage(stageName(p.kind));
    auto found = p.kind == FilterKind::LangId          ? findWrongLanguage(p, *in, s, cancel)
                 : p.kind == FilterKind::Bitext        ? findNoisyPairs(p, store, *in, s, cancel)
                 : p.kind == FilterKind::SemanticDup   ? findSemanticDup(p, store, *in, s, cancel)
                 : p.kind == FilterKind::Decontaminate ? findLeaks(p, store, *in, s, cancel)
                                                       : findNearDup(p, *in, s, cancel);
    if (!found) return std::unexpected(found.error());
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (cancel.isCancelled()) return cancelled();
    pass.in = std::move(*in);
    pass.found = std::move(*found);
    return pass;
}

Expected<FilterResult> runFilter(FilterParams p, Store& store, ProgressSink& progress, const CancelToken& cancel) {
    auto pass = computeFilterPass(p, store, {}, progress, cancel);
    if (!pass) return std::unexpected(pass.error());
    progress.stage("Storing the filter run");
    if (cancel.isCancelled()) return cancelled();
    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());
    auto runId = persistFilterPass(p, store, *pass, {});
    if (!runId) return std::unexpected(runId.error());
    if (auto s = tx->commit(); !s) return std::unexpected(s.error());
    return FilterResult{*runId, std::move(pass->summary)};
}

}  // namespace dl
