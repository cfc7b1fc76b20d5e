// explore (ExploreJob.h) as prepare / sample map / progressive encode + assign / full map.
#include "explore/ExploreJob.h"

#include <chrono>
#include <limits>

#include "analysis/ClusterModel.h"
#include "common/AtomicFile.h"
#include "corpus/Import.h"
#include "jobs/RunJob.h"
#include "runs/ClusterSweepSummary.h"
#include "runs/RunBlobs.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace dl {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// The sample as its own corpus "<corpus>.sample" (one import transaction from a temporary TSV
// file: a cancel leaves no corpus); an existing one is reused when it has the sample's size.
Expected<CorpusInfo> sampleCorpus(Store& store, const CorpusInfo& corpus, const std::vector<std::int64_t>& rows,
                                  ProgressSink& progress, const CancelToken& cancel) {
    const std::string name = corpus.name + ".sample";
    auto all = listCorpora(store);
    if (!all) return std::unexpected(all.error());
    for (const auto& c : *all) {
        if (c.name != name) continue;
        if (c.sentences == std::int64_t(rows.size())) return c;
        return usageError("The project has a corpus '" + name + "' with " + std::to_string(c.sentences) +
                          " sentences, not explore's sample of " + std::to_string(rows.size()) +
                          " (another --sample or --sample-seed?): remove it or explore with the same sample.");
    }
    const bool labelled = !corpus.domains.empty();
    auto tsv = AtomicFile::create(store.path() + ".explore-sample.tsv", false);
    if (!tsv) return std::unexpected(tsv.error());
    std::size_t next = 0;
    std::string line;
    auto s = forEachSentence(store, corpus.id, 0, [&](const Sentence& sen) {
        if (next < rows.size() && sen.position == rows[next]) {
            ++next;
            line = sen.src;
            if (corpus.parallel) line += '\t' + sen.tgt;
            if (labelled) line += '\t' + sen.domain;
            if (!(*tsv)->writeLine(line)) return false;
        }
        return next < rows.size() && !cancel.isCancelled();
    });
    if (!s) return std::unexpected(s.error());
    cancel.throwIfCancelled();
    if (next != rows.size()) return fail("Could not write explore's sample of " + corpus.name + ".");
    if (auto f = (*tsv)->finish(); !f) return std::unexpected(f.error());
    ImportParams ip;
    ip.corpus = name;
    ip.srcPath = (*tsv)->tempPath();  // read, then removed with the AtomicFile (never committed)
    ip.format = CorpusFormat::Tsv;
    ip.tsvColumns = {"src"};
    if (corpus.parallel) ip.tsvColumns.push_back("tgt");
    if (labelled) ip.tsvColumns.push_back("domain"), ip.labelSource = LabelSource::FromColumn;
    ip.srcLang = corpus.srcLang;
    ip.tgtLang = corpus.tgtLang;
    ip.dedupe = false;  // the corpus' sentences as they are: the sample's size is what was drawn
    auto r = runImport(ip, store, progress, cancel);
    if (!r) return std::unexpected(r.error());
    if (r->imported != std::int64_t(rows.size()))
        return fail("explore's sample of " + corpus.name + " imported " + std::to_string(r->imported) + " of " +
                    std::to_string(rows.size()) + " sentences.");
    return findCorpus(store, name);
}

// The latest cluster run on `corpusId` over `setId` whose stored params hold every value of
// `params` (a rerun reuses it), or 0.
Expected<std::int64_t> existingClusterRun(Store& store, std::int64_t corpusId, std::int64_t setId,
                                          const ClusterParams& params) {
    auto runs = listRuns(store, RunKind::Cluster);
    if (!runs) return std::unexpected(runs.error());
    const nlohmann::json want = params.toJson();
    std::int64_t found = 0;
    for (const auto& r : *runs) {
        if (r.corpusId != corpusId || r.embeddingSetId != setId) continue;
        bool same = true;
        for (const auto& [key, value] : want.items()) same = same && r.params.contains(key) && r.params[key] == value;
        if (same) found = std::max(found, r.id);
    }
    return found;
}

// A cluster run of `corpus` over `setId` with explore's cluster options: an existing one is
// reused (reused = true), else runCluster.
struct ClusterOnce {
    std::int64_t runId = 0;
    bool reused = false;
};
Expected<ClusterOnce> clusterOnce(const ExploreParams& params, const CorpusInfo& corpus, std::int64_t setId,
                                  Store& store, ProgressSink& progress, const CancelToken& cancel) {
    ClusterParams cp = params.cluster;
    cp.corpus = corpus.name;
    cp.embeddingSet = setId;
    auto found = existingClusterRun(store, corpus.id, setId, cp);
    if (!found) return std::unexpected(found.error());
    if (*found) return ClusterOnce{*found, true};
    auto r = runCluster(cp, store, progress, cancel);
    if (!r) return std::unexpected(r.error());
    return ClusterOnce{r->runId, false};
}

// The assign run explore grows chunk by chunk (the first map's model applied to the corpus in
// position order): each chunk's results, its parts of the map, the sentence ids and the
// responsibilities, and the summary so far are stored in one transaction, so the project
// holds exactly the finished chunks at every point and a rerun continues after the last one.
// The parts are joined into whole blobs (as `merge --job assign` stores them) with the last chunk.
struct GrowingAssign {
    std::int64_t runId = 0;  // 0 until the first chunk is stored
    AssignSummary summary;   // sentences = rows stored, parts = their chunks' first positions
    bool whole() const { return runId > 0 && summary.parts.empty(); }
};

// The assign run explore stored from `source` on this corpus (the latest), or none.
Expected<GrowingAssign> findGrowingAssign(Store& store, const CorpusInfo& corpus, const RunInfo& source, int k) {
    auto runs = listRuns(store, RunKind::Assign);
    if (!runs) return std::unexpected(runs.error());
    GrowingAssign g;
    g.summary.sourceRun = source.id;
    g.summary.corpus = corpus.name;
    g.summary.k = k;
    g.summary.clusterSizes.assign(std::size_t(k), 0.0);
    const RunInfo* found = nullptr;
    for (const auto& r : *runs)
        if (r.corpusId == corpus.id && r.params.contains("applied") && r.params["applied"].is_object() &&
            r.params["applied"].value("explore", false) &&
            r.params["applied"].value("source_run", std::int64_t(0)) == source.id && (!found || r.id > found->id))
            found = &r;
    if (!found) return g;
    auto s = AssignSummary::fromJson(found->summary, found->id);
    if (!s) return std::unexpected(s.error());
    // A project file is untrusted: the stored rows must be a prefix of the corpus in chunks.
    bool ok =
        s->k == k && s->clusterSizes.size() == std::size_t(k) && s->sentences >= 0 &&
        s->sentences <= corpus.sentences &&
        (s->parts.empty() ? s->sentences == corpus.sentences : s->parts.front() == 0 && s->parts.back() < s->sentences);
    for (std::size_t i = 1; ok && i < s->parts.size(); ++i) ok = s->parts[i - 1] < s->parts[i];
    if (!ok)
        return fail(ErrorCode::StoredDataInvalid, {std::to_string(found->id), "summary"},
                    "Assign run " + std::to_string(found->id) + " of " + corpus.name +
                        " does not describe the rows it holds: remove it and explore again.");
    g.runId = found->id;
    g.summary = *s;
    return g;
}

// Rows [from, to) of the corpus assigned with the first map's model and stored as the next chunk.
Status storeChunk(Store& store, const ClusterModel& model, const RunInfo& source, const CorpusInfo& corpus,
                  const std::vector<std::int64_t>& ids, std::int64_t from, std::int64_t to, GrowingAssign& grow,
                  const CancelToken& cancel) {
    auto m = loadEmbeddingRange(store, *source.embeddingSetId, corpus.id, from, to - from);
    if (!m) return std::unexpected(m.error());
    std::vector<float> map2d;
    auto g = applyClusterModel(model, m->data, m->rows, m->dim, cancel, &map2d);
    if (!g) return std::unexpected(g.error());
    const auto n = std::size_t(to - from);
    RunResults rr;
    rr.sentenceIds.assign(ids.begin() + from, ids.begin() + to);
    rr.label.assign(g->labels.begin(), g->labels.end());
    rr.prob.assign(g->maxProb.begin(), g->maxProb.end());
    rr.loglik.assign(g->logLik.begin(), g->logLik.end());
    rr.score.assign(n, std::numeric_limits<double>::quiet_NaN());
    AssignSummary next = grow.summary;
    const auto k = std::size_t(next.k);
    double loglik = next.meanLogLikelihood * double(next.sentences);
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < k; ++j) next.clusterSizes[j] += g->responsibilities[i * k + j];
        loglik += g->logLik[i];
    }
    next.sentences += std::int64_t(n);
    next.meanLogLikelihood = loglik / double(next.sentences);
    next.parts.push_back(from);
    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());
    std::int64_t runId = grow.runId;
    if (runId == 0) {
        nlohmann::json params = source.params;
        params["applied"] = {{"explore", true}, {"source_run", source.id}};
        auto id = createRun(store, RunKind::Assign, corpus.id, source.embeddingSetId, params);
        if (!id) return std::unexpected(id.error());
        runId = *id;
    }
    for (const Status& s : {writeRunResults(store, runId, rr),
                            putRunArray(store, runId, blobs::partName(blobs::kSentenceIds, from),
                                        std::span<const std::int64_t>(rr.sentenceIds)),
                            putRunArray(store, runId, blobs::partName(blobs::kResponsibilities, from),
                                        std::span<const double>(g->responsibilities)),
                            setRunSummary(store, runId, next.toJson())})
        if (!s) return s;
    if (!map2d.empty())
        if (auto s = putRunArray(store, runId, blobs::partName(blobs::kPca2d, from), std::span<const float>(map2d)); !s)
            return s;
    if (auto c = tx->commit(); !c) return c;
    grow.runId = runId;
    grow.summary = std::move(next);
    return {};
}

template <class T>
Status joinParts(Store& store, const GrowingAssign& grow, std::string_view name) {
    auto whole = getRunArrayParts<T>(store, grow.runId, name, grow.summary.parts);
    if (!whole) return std::unexpected(whole.error());
    if (auto s = putRunArray(store, grow.runId, name, std::span<const T>(*whole)); !s) return s;
    for (const std::int64_t from : grow.summary.parts)
        if (auto s = removeRunBlob(store, grow.runId, blobs::partName(name, from)); !s) return s;
    return {};
}

// Every row stored: the parts become whole blobs, in one transaction.
Status joinGrowingAssign(Store& store, GrowingAssign& grow) {
    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());
    if (auto s = joinParts<std::int64_t>(store, grow, blobs::kSentenceIds); !s) return s;
    if (auto s = joinParts<double>(store, grow, blobs::kResponsibilities); !s) return s;
    // the map's parts exist when the first map was fitted with PCA (every part or none)
    if (getRunBlob(store, grow.runId, blobs::partName(blobs::kPca2d, grow.summary.parts.front())))
        if (auto s = joinParts<float>(store, grow, blobs::kPca2d); !s) return s;
    AssignSummary whole = grow.summary;
    whole.parts.clear();
    if (auto s = setRunSummary(store, grow.runId, whole.toJson()); !s) return s;
    if (auto c = tx->commit(); !c) return c;
    grow.summary = std::move(whole);
    return {};
}

Expected<std::vector<std::int32_t>> runLabels(Store& store, std::int64_t runId) {
    auto rr = readRunResults(store, runId);  // ordered by sentence id: the same order for both runs
    if (!rr) return std::unexpected(rr.error());
    return rr->label;
}

Expected<ExploreResult> explore(const ExploreParams& params, Store& store, ProgressSink& progress,
                                const CancelToken& cancel, const ExploreObserver& observer) {
    const auto t0 = Clock::now();
    if (auto s = validateExploreParams(params); !s) return std::unexpected(s.error());
    auto corpus = resolveCorpus(store, params.corpus);
    if (!corpus) return std::unexpected(corpus.error());
    auto labels = corpusLabels(store, corpus->id);
    if (!labels) return std::unexpected(labels.error());
    ExploreResult out;
    out.corpus = corpus->name;
    out.sentences = corpus->sentences;
    const bool sampled = params.sample < corpus->sentences;
    const auto rows = stratifiedSample(labels->domainIndex, params.sample, params.sampleSeed);
    out.sampleRows = std::int64_t(rows.size());

    // The first map: the sample encoded and clustered (the corpus itself when it is no larger).
    CorpusInfo mapped = *corpus;
    if (sampled) {
        progress.stage("Sampling " + std::to_string(rows.size()) + " of " + std::to_string(corpus->sentences) +
                       " sentences of " + corpus->name);
        auto sc = sampleCorpus(store, *corpus, rows, progress, cancel);
        if (!sc) return std::unexpected(sc.error());
        mapped = *sc;
    }
    out.sampleCorpus = mapped.name;
    EncodeParams ep = params.encode;
    ep.corpus = mapped.name;
    auto enc = runEncode(ep, store, progress, cancel);
    if (!enc) return std::unexpected(enc.error());
    out.embeddingSet = enc->setId;
    out.precision = enc->precision;
    auto first = clusterOnce(params, mapped, enc->setId, store, progress, cancel);
    if (!first) return std::unexpected(first.error());
    out.firstMapRun = first->runId;
    out.firstMapSeconds = first->reused ? 0.0 : since(t0);
    progress.info("First map: cluster run " + std::to_string(first->runId) + " on " + std::to_string(rows.size()) +
                  " sentences of " + mapped.name + " after " + std::to_string(out.firstMapSeconds) + " s.");
    if (observer.firstMap) observer.firstMap(out);
    auto before = encodedCount(store, enc->setId, corpus->id);
    if (!before) return std::unexpected(before.error());
    out.encodedBefore = sampled ? *before : enc->alreadyEncoded;
    if (!sampled) {
        out.encoded = out.sentences;
        out.fullMapRun = first->runId;
        out.fullMapSeconds = out.firstMapSeconds;
        return out;
    }

    // The rest: encoded in chunks into the same set, each chunk assigned with the first map's
    // model (already encoded rows of a resumed run are assigned from the store).
    auto firstRun = getRun(store, first->runId);
    if (!firstRun) return std::unexpected(firstRun.error());
    auto model = loadClusterModel(store, *firstRun);
    if (!model) return std::unexpected(model.error());
    auto grow = findGrowingAssign(store, *corpus, *firstRun, model->gmm.k);
    if (!grow) return std::unexpected(grow.error());
    if (!grow->whole()) {
        std::int64_t encodedNow = *before;
        double encodeSeconds = 0;
        ep.corpus = corpus->name;
        if (grow->summary.sentences > 0 && observer.assigned)  // a resumed run's stored chunks
            observer.assigned(grow->runId, grow->summary.sentences, out.sentences);
        while (grow->summary.sentences < out.sentences) {
            cancel.throwIfCancelled();
            const std::int64_t assigned = grow->summary.sentences;
            if (encodedNow <= assigned) {
                ep.upTo = std::min(out.sentences, assigned + params.chunk);
                const auto tc = Clock::now();
                auto e = runEncode(ep, store, progress, cancel);
                if (!e) return std::unexpected(e.error());
                encodeSeconds += since(tc);
                encodedNow = ep.upTo;
            }
            const std::int64_t upTo = std::min(encodedNow, assigned + params.chunk);
            progress.stage("Assigning sentences " + std::to_string(assigned) + ".." + std::to_string(upTo) + " of " +
                           corpus->name + " with the first map's model");
            if (auto s =
                    storeChunk(store, *model, *firstRun, *corpus, labels->sentenceIds, assigned, upTo, *grow, cancel);
                !s)
                return std::unexpected(s.error());
            progress.progress(upTo, out.sentences);
            if (observer.assigned) observer.assigned(grow->runId, upTo, out.sentences);
        }
        if (encodeSeconds > 0) out.sentencesPerSecond = double(out.sentences - *before) / encodeSeconds;
        progress.stage("Joining the assigned chunks of " + corpus->name);
        if (auto s = joinGrowingAssign(store, *grow); !s) return std::unexpected(s.error());
    }
    out.assignRun = grow->runId;
    out.encoded = out.sentences;

    // The full map: every row refitted, and how far its clusters are from the first map's.
    auto full = clusterOnce(params, *corpus, enc->setId, store, progress, cancel);
    if (!full) return std::unexpected(full.error());
    out.fullMapRun = full->runId;
    out.fullMapSeconds = since(t0);
    auto a = runLabels(store, out.assignRun);
    auto b = runLabels(store, full->runId);
    if (!a) return std::unexpected(a.error());
    if (!b) return std::unexpected(b.error());
    out.agreement = labelAgreement(*a, *b, params.cluster.k);
    return out;
}

}  // namespace

Expected<ExploreResult> runExplore(const ExploreParams& params, Store& store, ProgressSink& progress,
                                   const CancelToken& cancel, const ExploreObserver& observer) {
    return runJob<ExploreResult>([&] { return explore(params, store, progress, cancel, observer); });
}

}  // namespace dl
