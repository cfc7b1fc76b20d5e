// explore (ExploreJob.h) as prepare / sample map / progressive encode + assign / full map.
#include "explore/ExploreJob.h"

#include <chrono>
#include <cstdint>
#include <limits>
#include <map>
#include <unordered_map>

#include "analysis/ClusterJob.h"
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
// file: a cancel leaves no corpus), its rows in `stage.order` (the stage's rows first; sample
// order without a stage); an existing one is reused when it has the sample's size and, with a
// stage, the stage's domain counts in its first rows.
Expected<CorpusInfo> sampleCorpus(Store& store, const CorpusInfo& corpus, const CorpusLabels& labels,
                                  const std::vector<std::int64_t>& rows, const SampleStage& stage,
                                  ProgressSink& progress, const CancelToken& cancel) {
    const std::string name = corpus.name + ".sample";
    auto all = listCorpora(store);
    if (!all) return std::unexpected(all.error());
    for (const auto& c : *all) {
        if (c.name != name) continue;
        if (c.sentences != std::int64_t(rows.size()))
            return usageError("The project has a corpus '" + name + "' with " + std::to_string(c.sentences) +
                              " sentences, not explore's sample of " + std::to_string(rows.size()) +
                              " (another --sample or --sample-seed?): remove it or explore with the same sample.");
        if (stage.rows == 0 || corpus.domains.empty()) return c;
        // A sample stored in corpus order (before stages, or with --stage 0) has other domains
        // first: its first rows are not the stage.
        auto have = corpusLabels(store, c.id);
        if (!have) return std::unexpected(have.error());
        std::map<std::string, std::int64_t> got, want;
        auto nameOf = [](const CorpusLabels& l, std::size_t i) {
            const int d = i < l.domainIndex.size() ? l.domainIndex[i] : -1;
            return d >= 0 && std::size_t(d) < l.domainNames.size() ? l.domainNames[std::size_t(d)] : std::string();
        };
        for (std::int64_t i = 0; i < stage.rows; ++i) {
            ++got[nameOf(*have, std::size_t(i))];
            ++want[nameOf(labels, std::size_t(rows[std::size_t(stage.order[std::size_t(i)])]))];
        }
        if (got == want) return c;
        return usageError("The corpus '" + name + "' holds explore's sample in another order than its stage (" +
                          std::to_string(stage.rows) +
                          " rows first): explore it with --stage 0, or remove it and explore again.");
    }
    const bool labelled = !corpus.domains.empty();
    auto tsv = AtomicFile::create(store.path() + ".explore-sample.tsv", false);
    if (!tsv) return std::unexpected(tsv.error());
    // The stage's rows are written as the scan meets them (they are in position order), the
    // others kept until the scan ends.
    std::vector<char> inStage(rows.size(), stage.rows == 0 ? 1 : 0);
    for (std::int64_t i = 0; i < stage.rows; ++i) inStage[std::size_t(stage.order[std::size_t(i)])] = 1;
    std::vector<std::string> later;
    std::size_t next = 0;
    std::string line;
    auto s = forEachSentence(store, corpus.id, 0, [&](const Sentence& sen) {
        if (next < rows.size() && sen.position == rows[next]) {
            line = sen.src;
            if (corpus.parallel) line += '\t' + sen.tgt;
            if (labelled) line += '\t' + sen.domain;
            if (inStage[next]) {
                if (!(*tsv)->writeLine(line)) return false;
            } else {
                later.push_back(line);
            }
            ++next;
        }
        return next < rows.size() && !cancel.isCancelled();
    });
    if (!s) return std::unexpected(s.error());
    cancel.throwIfCancelled();
    if (next != rows.size()) return fail("Could not write explore's sample of " + corpus.name + ".");
    for (const auto& l : later)
        if (!(*tsv)->writeLine(l)) return fail("Could not write explore's sample of " + corpus.name + ".");
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
// `params` and its rows (a rerun reuses it), or 0.
Expected<std::int64_t> existingClusterRun(Store& store, std::int64_t corpusId, std::int64_t setId,
                                          const ClusterParams& params) {
    auto runs = listRuns(store, RunKind::Cluster);
    if (!runs) return std::unexpected(runs.error());
    const nlohmann::json want = params.toJson();
    std::int64_t found = 0;
    for (const auto& r : *runs) {
        if (r.corpusId != corpusId || r.embeddingSetId != setId) continue;
        bool same = true;
        // As the run ran: a run stored before a parameter's default changed lacks its key.
        const nlohmann::json ran = clusterParamTable().withAbsentKeys(r.params);
        for (const auto& [key, value] : want.items()) same = same && ran.contains(key) && ran[key] == value;
        // the rows it was fitted on: all (no "rows"), or a stage's first rows
        const auto rows = r.params.find("rows");
        same = same && (rows == r.params.end() ? params.rows == 0
                                               : rows->is_number_integer() && rows->get<std::int64_t>() == params.rows);
        if (same) found = std::max(found, r.id);
    }
    return found;
}

// A cluster run of `corpus` (its first `rows` rows; 0 = all) over `setId` with explore's
// cluster options: an existing one is reused (reused = true), else runCluster (fit = false:
// runId 0 instead).
struct ClusterOnce {
    std::int64_t runId = 0;
    bool reused = false;
};
Expected<ClusterOnce> clusterOnce(const ExploreParams& params, const CorpusInfo& corpus, std::int64_t setId,
                                  Store& store, ProgressSink& progress, const CancelToken& cancel,
                                  std::int64_t rows = 0, bool fit = true) {
    ClusterParams cp = params.cluster;
    cp.corpus = corpus.name;
    cp.embeddingSet = setId;
    cp.rows = rows;
    auto found = existingClusterRun(store, corpus.id, setId, cp);
    if (!found) return std::unexpected(found.error());
    if (*found || !fit) return ClusterOnce{*found, *found != 0};
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
        nlohmann::json params = clusterParamTable().withAbsentKeys(source.params);  // as the source ran
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

// How far the stage fit is from the sample fit: the stage's model applied to every row of the
// sample corpus against the sample fit's labels.
Expected<LabelAgreement> stageAgreement(Store& store, const CorpusInfo& sample, std::int64_t setId,
                                        std::int64_t stageRun, std::int64_t sampleRun, int k,
                                        const CancelToken& cancel) {
    auto run = getRun(store, stageRun);
    if (!run) return std::unexpected(run.error());
    auto model = loadClusterModel(store, *run);
    if (!model) return std::unexpected(model.error());
    auto m = loadEmbeddingRange(store, setId, sample.id, 0, sample.sentences);
    if (!m) return std::unexpected(m.error());
    auto g = applyClusterModel(*model, m->data, m->rows, m->dim, cancel);
    if (!g) return std::unexpected(g.error());
    auto ids = corpusLabels(store, sample.id);  // position order, as the vectors
    auto fitted = readRunResults(store, sampleRun);
    if (!ids) return std::unexpected(ids.error());
    if (!fitted) return std::unexpected(fitted.error());
    std::unordered_map<std::int64_t, std::int32_t> labelOf;
    for (std::size_t i = 0; i < fitted->sentenceIds.size() && i < fitted->label.size(); ++i)
        labelOf.emplace(fitted->sentenceIds[i], fitted->label[i]);
    std::vector<std::int32_t> b;
    b.reserve(ids->sentenceIds.size());
    for (const std::int64_t id : ids->sentenceIds) {
        const auto it = labelOf.find(id);
        if (it == labelOf.end() || it->second < 0 || it->second >= k)
            return fail(
                ErrorCode::StoredDataInvalid, {std::to_string(sampleRun), "results"},
                "Cluster run " + std::to_string(sampleRun) + " does not label every row of " + sample.name + ".");
        b.push_back(it->second);
    }
    if (g->labels.size() != b.size())
        return fail("Embedding set " + std::to_string(setId) + " does not cover " + sample.name + ".");
    return labelAgreement(g->labels, b, k);
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

    // The first map: the sample encoded and clustered (the corpus itself when it is no larger);
    // staged, the sample's first rows (a stratified share of it) encoded and fitted first.
    SampleStage stage;
    if (sampled) {
        std::vector<int> groupOfRow(rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) groupOfRow[i] = labels->domainIndex[std::size_t(rows[i])];
        stage = sampleStage(groupOfRow, params.stage, params.cluster.k, params.cluster.pcaDims, params.sampleSeed);
    }
    CorpusInfo mapped = *corpus;
    if (sampled) {
        progress.stage("Sampling " + std::to_string(rows.size()) + " of " + std::to_string(corpus->sentences) +
                       " sentences of " + corpus->name);
        auto sc = sampleCorpus(store, *corpus, *labels, rows, stage, progress, cancel);
        if (!sc) return std::unexpected(sc.error());
        mapped = *sc;
    }
    out.sampleCorpus = mapped.name;
    EncodeParams ep = params.encode;
    ep.corpus = mapped.name;
    if (stage.rows > 0) {
        ep.upTo = stage.rows;
        auto enc = runEncode(ep, store, progress, cancel);
        if (!enc) return std::unexpected(enc.error());
        out.embeddingSet = enc->setId;
        out.precision = enc->precision;
        // A sample map stored already (a rerun) needs no stage; a stored stage map is reported.
        auto sampleFit = clusterOnce(params, mapped, enc->setId, store, progress, cancel, 0, false);
        if (!sampleFit) return std::unexpected(sampleFit.error());
        auto st = clusterOnce(params, mapped, enc->setId, store, progress, cancel, stage.rows, !sampleFit->reused);
        if (!st) return std::unexpected(st.error());
        if (st->runId) {
            out.stageRows = stage.rows;
            out.stageMapRun = out.firstMapRun = st->runId;
            out.firstMapSeconds = st->reused ? 0.0 : since(t0);
            progress.info("First map (stage): cluster run " + std::to_string(st->runId) + " on " +
                          std::to_string(stage.rows) + " sentences of " + mapped.name + " after " +
                          std::to_string(out.firstMapSeconds) + " s.");
            if (observer.firstMap) observer.firstMap(out);
        }
        ep.upTo = 0;
    }
    auto enc = runEncode(ep, store, progress, cancel);
    if (!enc) return std::unexpected(enc.error());
    out.embeddingSet = enc->setId;
    out.precision = enc->precision;
    auto first = clusterOnce(params, mapped, enc->setId, store, progress, cancel);
    if (!first) return std::unexpected(first.error());
    out.sampleMapRun = first->runId;
    out.sampleMapSeconds = first->reused ? 0.0 : since(t0);
    progress.info("Sample map: cluster run " + std::to_string(first->runId) + " on " + std::to_string(rows.size()) +
                  " sentences of " + mapped.name + " after " + std::to_string(out.sampleMapSeconds) + " s.");
    if (out.stageMapRun) {
        auto agree =
            stageAgreement(store, mapped, enc->setId, out.stageMapRun, out.sampleMapRun, params.cluster.k, cancel);
        if (!agree) return std::unexpected(agree.error());
        out.stageAgreement = *agree;
        progress.info("Stage agreement: " + std::to_string(agree->matched) + ", adjusted Rand " +
                      std::to_string(agree->adjustedRandIndex) + " (the stage fit on every row of " + mapped.name +
                      " vs the sample fit).");
        if (observer.sampleMap) observer.sampleMap(out);
    } else {
        out.firstMapRun = out.sampleMapRun;
        out.firstMapSeconds = out.sampleMapSeconds;
        if (observer.firstMap) observer.firstMap(out);
    }
    auto before = encodedCount(store, enc->setId, corpus->id);
    if (!before) return std::unexpected(before.error());
    out.encodedBefore = sampled ? *before : enc->alreadyEncoded;
    if (!sampled) {
        out.encoded = out.sentences;
        out.fullMapRun = out.sampleMapRun;
        out.fullMapSeconds = out.sampleMapSeconds;
        return out;
    }

    // The rest: encoded in chunks into the same set, each chunk assigned with the sample map's
    // model (already encoded rows of a resumed run are assigned from the store).
    auto firstRun = getRun(store, out.sampleMapRun);
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
