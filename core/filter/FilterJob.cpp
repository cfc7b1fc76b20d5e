#include "filter/FilterJob.h"

#include <array>
#include <chrono>
#include <optional>
#include <unordered_map>

#include "filter/Decontaminate.h"
#include "filter/LangIdFilter.h"
#include "filter/LanguageId.h"
#include "filter/SemanticDup.h"
#include "runs/RunBlobs.h"
#include "runs/RunKind.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
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

// Appends a corpus's sentences (ids and both sides) in position order.
Status readSentences(Store& store, std::int64_t corpusId, std::vector<std::int64_t>& ids, std::vector<std::string>& src,
                     std::vector<std::string>& tgt, const CancelToken& cancel) {
    std::int64_t seen = 0;
    auto st = forEachSentence(store, corpusId, 0, [&](const Sentence& s) {
        if ((++seen & 0xfff) == 0 && cancel.isCancelled()) return false;
        ids.push_back(s.id);
        src.push_back(s.src);
        tgt.push_back(s.tgt);
        return true;
    });
    if (!st) return st;
    if (cancel.isCancelled()) return cancelled();
    return {};
}

Expected<FilterInput> prepareFilter(const FilterParams& p, Store& store, const CancelToken& cancel) {
    FilterInput in;
    auto c = resolveCorpus(store, p.corpus);
    if (!c) return std::unexpected(c.error());
    in.corpus = *c;
    in.ids.reserve(static_cast<std::size_t>(c->sentences));
    if (auto st = readSentences(store, c->id, in.ids, in.src, in.tgt, cancel); !st) return std::unexpected(st.error());
    return in;
}

// The LSH banding of near-dup and decontaminate, and its expected error rates, in the summary.
void recordBanding(const FilterParams& p, FilterSummary& s) {
    s.bands = p.bands;
    s.rows = p.permutations / p.bands;
    const auto rates = lshRates(p.threshold, s.bands, s.rows);
    s.fnAtThreshold = rates.fnAtThreshold;
    s.fnWeight = rates.fnWeight;
    s.fpWeight = rates.fpWeight;
}

// The near-duplicate options of near-dup and decontaminate, from the table's values.
NearDupOptions nearDupOptions(const FilterParams& p) {
    NearDupOptions opt;
    opt.threshold = p.threshold;
    opt.shingle = *parseShingleSpec(p.shingle);  // checked by validateFilterParams
    opt.permutations = p.permutations;
    opt.bands = p.bands;
    opt.sides = p.sides;
    opt.keep = p.keep;
    opt.seed = p.seed;
    opt.threads = p.threads;
    return opt;
}

// What a pass found: the removals (rule and twin per sentence) and, for langid, the per-sentence
// probabilities stored as run arrays.
struct FilterFindings {
    std::vector<Removal> removals;
    std::vector<float> langIdSrc, langIdTgt;
    std::array<std::vector<float>, kBitextRules> bitext;  // per rule (bitext), empty otherwise
    std::optional<std::int64_t> embeddingSetId;            // semantic-dup: the vectors it compared
};

constexpr std::array<std::string_view, kBitextRules> kBitextBlobs = {
    blobs::kBitextWords,  blobs::kBitextCharRatio, blobs::kBitextTokenRatio, blobs::kBitextAlpha,
    blobs::kBitextRepeat, blobs::kBitextCopy,      blobs::kBitextNumerals};

Expected<std::int64_t> persistFilter(const FilterParams& p, Store& store, const FilterInput& in,
                                     const FilterFindings& found, const FilterSummary& summary) {
    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());
    auto runId = createRun(store, RunKind::Filter, in.corpus.id, found.embeddingSetId, filterParamTable().toJson(p));
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
    if (auto s = setRunSummary(store, *runId, summary.toJson()); !s) return std::unexpected(s.error());
    if (auto s = tx->commit(); !s) return std::unexpected(s.error());
    return *runId;
}

std::vector<DedupText> textsOf(const FilterInput& in) {
    std::vector<DedupText> texts(in.ids.size());
    for (std::size_t i = 0; i < texts.size(); ++i) texts[i] = {in.src[i], in.tgt[i]};
    return texts;
}

Expected<FilterFindings> findNearDup(const FilterParams& p, const FilterInput& in, FilterSummary& s,
                                     const CancelToken& cancel) {
    auto found = findNearDuplicates(textsOf(in), nearDupOptions(p), cancel);
    if (!found) return std::unexpected(found.error());
    FilterFindings out;
    out.removals.reserve(found->removed.size());
    for (const auto& r : found->removed)
        out.removals.push_back({in.ids[static_cast<std::size_t>(r.index)],
                                in.ids[static_cast<std::size_t>(r.keptIndex)], r.similarity, 0});
    s.removed = static_cast<std::int64_t>(found->removed.size());
    s.kept = s.sentences - s.removed;
    s.rules.push_back({std::string(filterKindName(p.kind)), s.sentences, s.kept, s.removed, found->groups,
                       found->candidatePairs, found->verifiedPairs, found->emptyTexts});
    recordBanding(p, s);
    return out;
}

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

Expected<FilterFindings> findNoisyPairs(const FilterParams& p, const FilterInput& in, FilterSummary& s,
                                        const CancelToken& cancel) {
    if (!in.corpus.parallel)
        return usageError("Corpus " + in.corpus.name +
                          " is monolingual: --kind bitext needs a parallel corpus (import --src ... --tgt ...).");
    BitextOptions opt = p.bitext;
    opt.threads = p.threads;
    auto found = filterBitext(textsOf(in), opt, cancel);
    if (!found) return std::unexpected(found.error());
    FilterFindings out;
    out.removals.reserve(found->removed.size());
    for (const auto& r : found->removed)
        out.removals.push_back({in.ids[static_cast<std::size_t>(r.index)], 0, r.score, r.rule});
    s.removed = static_cast<std::int64_t>(found->removed.size());
    s.kept = s.sentences - s.removed;
    // As langid: a rule's `removed` is what it removed first (the rules run in order), so the
    // rules' removals sum to the run's; `failed` counts all the pairs that fail it.
    std::int64_t input = s.sentences;
    for (int r = 0; r < kBitextRules; ++r) {
        const auto removed = found->removedBy[std::size_t(r)];
        s.rules.push_back({.rule = std::string(bitextRuleName(static_cast<BitextRule>(r))),
                           .input = input,
                           .kept = input - removed,
                           .removed = removed,
                           .failed = found->failed[std::size_t(r)]});
        input -= removed;
    }
    s.details = std::move(found->details);
    out.bitext = std::move(found->scores);
    return out;
}

// The cluster run semantic-dup works on: --cluster-run, else the corpus's latest. Without one,
// the error says which command is missing (encode, or cluster).
Expected<RunInfo> clusterRunFor(const FilterParams& p, Store& store, const CorpusInfo& corpus) {
    if (p.clusterRun > 0) {
        auto run = getRun(store, p.clusterRun);
        if (!run) return std::unexpected(run.error());
        if (run->kind != RunKind::Cluster || run->corpusId != corpus.id)
            return usageError("--cluster-run " + std::to_string(p.clusterRun) + " is not a cluster run of corpus " +
                              corpus.name + ".");
        return run;
    }
    auto runs = listRuns(store, RunKind::Cluster);
    if (!runs) return std::unexpected(runs.error());
    std::optional<RunInfo> latest;
    for (auto& r : *runs)
        if (r.corpusId == corpus.id && (!latest || r.id > latest->id)) latest = std::move(r);
    if (latest) return *latest;
    auto sets = listEmbeddingSets(store);
    if (!sets) return std::unexpected(sets.error());
    for (const auto& set : *sets) {
        auto n = encodedCount(store, set.id, corpus.id);
        if (n && *n > 0)
            return usageError("Corpus " + corpus.name +
                              " has no cluster run: run `domainlens-cli cluster PROJECT --corpus " + corpus.name +
                              "` first (--kind semantic-dup compares vectors within clusters).");
    }
    return usageError("Corpus " + corpus.name + " is not encoded yet: run `domainlens-cli encode PROJECT --corpus " +
                      corpus.name + "` and then `cluster` before --kind semantic-dup.");
}

Expected<FilterFindings> findSemanticDup(const FilterParams& p, Store& store, const FilterInput& in, FilterSummary& s,
                                         const CancelToken& cancel) {
    auto run = clusterRunFor(p, store, in.corpus);
    if (!run) return std::unexpected(run.error());
    if (!run->embeddingSetId)
        return usageError("Cluster run " + std::to_string(run->id) + " names no embedding set (was it deleted?): run " +
                          "`domainlens-cli encode` and `cluster` again.");
    auto vectors = loadEmbeddings(store, *run->embeddingSetId, in.corpus.id);
    if (!vectors) return std::unexpected(vectors.error());
    if (vectors->rows != static_cast<std::int64_t>(in.ids.size()))
        return usageError("Corpus " + in.corpus.name + " is encoded up to " + std::to_string(vectors->rows) + " of " +
                          std::to_string(in.ids.size()) + " sentences: run `domainlens-cli encode` to finish it.");
    auto ids = getRunArray<std::int64_t>(store, run->id, blobs::kSentenceIds);
    if (!ids) return std::unexpected(ids.error());
    auto clusterLabels = getRunArray<std::int32_t>(store, run->id, blobs::kLabels);
    if (!clusterLabels) return std::unexpected(clusterLabels.error());
    if (ids->size() != clusterLabels->size())
        return fail("Cluster run " + std::to_string(run->id) + " has " + std::to_string(ids->size()) +
                    " sentence ids but " + std::to_string(clusterLabels->size()) + " labels.");
    std::unordered_map<std::int64_t, std::size_t> index;
    for (std::size_t i = 0; i < in.ids.size(); ++i) index.emplace(in.ids[i], i);
    std::vector<std::int32_t> labels(in.ids.size(), -1);  // sentences the run did not cluster never match
    for (std::size_t i = 0; i < ids->size(); ++i)
        if (auto it = index.find((*ids)[i]); it != index.end()) labels[it->second] = (*clusterLabels)[i];
    std::vector<std::int64_t> bytes(in.ids.size());
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = std::int64_t(in.src[i].size() + in.tgt[i].size());
    SemDupOptions opt;
    opt.eps = p.eps;
    opt.keep = p.keep;
    opt.threads = p.threads;
    auto found = findSemanticDuplicates(std::move(vectors->data), vectors->dim, labels, bytes, opt, cancel);
    if (!found) return std::unexpected(found.error());
    FilterFindings out;
    out.embeddingSetId = run->embeddingSetId;
    for (const auto& r : found->removed)
        out.removals.push_back(
            {in.ids[static_cast<std::size_t>(r.index)], in.ids[static_cast<std::size_t>(r.keptIndex)], r.cosine, 0});
    s.removed = static_cast<std::int64_t>(found->removed.size());
    s.kept = s.sentences - s.removed;
    s.rules.push_back({.rule = "semantic-dup",
                       .input = s.sentences,
                       .kept = s.kept,
                       .removed = s.removed,
                       .groups = found->groups,
                       .candidatePairs = found->pairs,
                       .verifiedPairs = found->pairs,
                       .emptyTexts = found->zeroVectors});
    s.details = {{"cluster_run", run->id},
                 {"embedding_set", *run->embeddingSetId},
                 {"eps", p.eps},
                 {"min_cosine", 1.0 - p.eps},
                 {"clusters", found->clusters},
                 {"keep", std::string(keepRuleName(p.keep))}};
    return out;
}

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

Expected<FilterResult> runFilter(FilterParams p, Store& store, ProgressSink& progress, const CancelToken& cancel) {
    const auto start = std::chrono::steady_clock::now();
    if (auto s = validateFilterParams(p); !s) return std::unexpected(s.error());
    progress.stage("Reading the corpus");
    auto in = prepareFilter(p, store, cancel);
    if (!in) return std::unexpected(in.error());

    FilterResult out;
    auto& s = out.summary;
    s.corpus = in->corpus.name;
    s.sentences = static_cast<std::int64_t>(in->ids.size());
    progress.stage(stageName(p.kind));
    auto found = p.kind == FilterKind::LangId          ? findWrongLanguage(p, *in, s, cancel)
                 : p.kind == FilterKind::Bitext        ? findNoisyPairs(p, *in, s, cancel)
                 : p.kind == FilterKind::SemanticDup   ? findSemanticDup(p, store, *in, s, cancel)
                 : p.kind == FilterKind::Decontaminate ? findLeaks(p, store, *in, s, cancel)
                                                       : findNearDup(p, *in, s, cancel);
    if (!found) return std::unexpected(found.error());
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    progress.stage("Storing the filter run");
    if (cancel.isCancelled()) return cancelled();
    auto runId = persistFilter(p, store, *in, *found, s);
    if (!runId) return std::unexpected(runId.error());
    out.runId = *runId;
    return out;
}

}  // namespace dl
