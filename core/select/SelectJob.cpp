#include "select/SelectJob.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <random>
#include <unordered_set>

#include "encode/EncodeJob.h"
#include "encode/ModelCatalog.h"
#include "jobs/RunJob.h"
#include "select/DomainCosine.h"
#include "select/FineTuneRounds.h"
#include "select/InvitationJob.h"
#include "select/Ranking.h"
#include "select/SelectData.h"
#include "select/SelectionModel.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Removals.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "text/NgramLm.h"

namespace dl {

namespace {

// Pool/seed subsets with the field names this file uses.
struct Subset {
    CorpusInfo corpus;
    std::vector<std::int64_t> positions;
    struct {
        std::vector<std::int64_t> ids;
        std::vector<std::string> src, tgt;
    } text;
};

Expected<Subset> loadSubset(Store& store, const std::string& spec, bool withText,
                            std::uint64_t sampleSeed = kDefaultSeedSampleSeed) {
    auto s = loadCorpusSubset(store, spec, withText, sampleSeed);
    if (!s) return std::unexpected(s.error());
    Subset out;
    out.corpus = std::move(s->corpus);
    out.positions = std::move(s->positions);
    out.text.ids = std::move(s->ids);
    out.text.src = std::move(s->src);
    out.text.tgt = std::move(s->tgt);
    return out;
}

// A set that holds complete embeddings of every corpus given; the latest one an encoder made
// (a cross-lingual run's adapted vectors only by --embedding-set).
std::optional<EmbeddingSetInfo> commonCompleteSet(Store& store, const std::vector<CorpusInfo>& corpora) {
    auto sets = listEmbeddingSets(store);
    if (!sets) return std::nullopt;
    for (auto it = sets->rbegin(); it != sets->rend(); ++it) {
        if (it->key.side != Side::Source || it->key.model.starts_with(kDerivedSetPrefix)) continue;
        bool complete = true;
        for (const auto& c : corpora) {
            auto n = encodedCount(store, it->id, c.id);
            complete &= n && *n == c.sentences;
        }
        if (complete) return *it;
    }
    return std::nullopt;
}

TokenizedText tokenize(const std::vector<std::string>& text) {
    TokenizedText out;
    out.reserve(text.size());
    for (const auto& t : text) out.push_back(wordTokens(t));
    return out;
}

}  // namespace

Expected<SelectMethod> parseMethod(const std::string& name) {
    for (auto m : {SelectMethod::Cosine, SelectMethod::FinetuneHead, SelectMethod::Finetune, SelectMethod::MooreLewis,
                   SelectMethod::Axelrod, SelectMethod::Contrast, SelectMethod::Invitation})
        if (methodName(m) == name) return m;
    return fail(
        ErrorCode::UnknownMethod, {name},
        "Unknown selection method '" + name +
            "' (choose cosine, finetune-head, finetune, moore-lewis, axelrod, contrast, invitation or cross-lingual).",
        ErrorKind::Usage);
}

void applyFineTunePreset(FineTunePreset preset, FineTuneOptions& o) {
    if (preset != FineTunePreset::Paper) return;
    // Aharoni & Goldberg 2020, appendix A.4 (DistilBERT there; here the run's encoder).
    o.epochs = 5;
    o.learningRate = 2e-5;
    o.batchSize = 256;
}

SelectionCut cutSelection(SelectMethod method, std::optional<std::int64_t> top, std::optional<double> threshold,
                          const std::vector<double>& scores, const std::vector<std::int64_t>& ids,
                          std::int64_t filteredOut) {
    // The cut: top-k, a threshold, or the default (Positive variant for the classifier:
    // p > 0.5; otherwise the top 10% of the pool).
    const std::size_t n = scores.size();
    const auto ranking = rankByScore(scores, ids);
    SelectionCut out;
    if (threshold) {
        out.selected = selectThreshold(scores, *threshold);
        out.cut = {{"threshold", *threshold}};
    } else if (top) {
        out.selected = selectTopK(ranking, n, *top);
        out.cut = {{"top", *top}};
    } else if (method == SelectMethod::FinetuneHead || method == SelectMethod::Finetune) {
        out.selected = selectThreshold(scores, 0.5);
        for (std::size_t i = 0; i < n; ++i) out.selected[i] = out.selected[i] && scores[i] > 0.5;
        out.cut = {{"threshold", 0.5}, {"default", "positive: p > 0.5"}};
    } else {
        const auto k = std::max<std::int64_t>(1, (std::int64_t(n) - filteredOut) / 10);
        out.selected = selectTopK(ranking, n, k);
        out.cut = {{"top", k}, {"default", filteredOut ? "top 10% of the filtered pool" : "top 10% of the pool"}};
    }
    // A NaN score is no candidate (left out: leaked, --filter, unranked), even when K exceeds
    // the candidates (the ranking puts NaN last but still holds them).
    for (std::size_t i = 0; i < n; ++i)
        if (std::isnan(scores[i])) out.selected[i] = 0;
    return out;
}

// The body of runSelect; may throw (CancelledException from deep loops, c10::Error from libtorch).
namespace {

// prepare: the parameters as the run stores them (the LM vocabulary resolved), pool and seed read.
struct SelectInputs {
    SelectParams params;  // poolVocabulary resolved
    Subset pool, seed;
    bool needsEmbeddings = false;
    std::vector<char> filtered;    // per pool row: removed by --filter's run (empty without --filter)
    std::int64_t filteredOut = 0;  // how many
};

// --filter RUN: the pool rows the filter run (and a pipeline step's earlier steps) removed.
Status readPoolFilter(Store& store, SelectInputs& in) {
    if (!in.params.filterRun) return {};
    auto found = filterExclusion(store, *in.params.filterRun, in.pool.corpus.id, in.pool.corpus.name);
    if (!found) return std::unexpected(found.error());
    const auto& ids = in.pool.text.ids;
    in.filtered.assign(ids.size(), 0);
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (found->removed.count(ids[i])) {
            in.filtered[i] = 1;
            ++in.filteredOut;
        }
    return {};
}

Expected<SelectInputs> prepareSelect(const SelectParams& given, Store& store, ProgressSink& progress) {
    SelectInputs in;
    SelectParams& p = in.params;
    p = given;
    const bool poolVocabulary =
        p.poolVocabulary.value_or(p.method == SelectMethod::Contrast || p.method == SelectMethod::Invitation);
    p.crossEntropy.poolVocabulary = p.invitation.poolVocabulary = poolVocabulary;
    p.poolVocabulary = poolVocabulary;  // stored resolved in the run's parameters
    if (p.top && *p.top <= 0) return usageError("--top must be positive.");
    if (p.top && p.threshold) return usageError("Use either --top or --threshold, not both.");
    if (p.preset != FineTunePreset::Default && p.method != SelectMethod::Finetune)
        return usageError("--preset paper applies to --method finetune and cross-lingual only");
    applyFineTunePreset(p.preset, p.fineTune);  // stored as applied: the run records what trained
    if (p.preset == FineTunePreset::Paper) p.fineTuneRounds = 1;  // the paper trains once
    in.needsEmbeddings = p.method == SelectMethod::Cosine || p.method == SelectMethod::FinetuneHead ||
                         p.method == SelectMethod::Finetune;
    progress.stage("Reading pool and seed");
    auto pool = loadSubset(store, p.pool, !in.needsEmbeddings);
    if (!pool) return std::unexpected(pool.error());
    if (p.pool.find(':') != std::string::npos)
        return usageError("The pool is a whole corpus: name it without ':DOMAIN'.");
    auto seed = loadSubset(store, p.seed, !in.needsEmbeddings, p.seedSampleSeed);
    if (!seed) return std::unexpected(seed.error());
    if (p.method == SelectMethod::Axelrod && (!pool->corpus.parallel || !seed->corpus.parallel))
        return usageError("Axelrod's bilingual method needs parallel pool and seed corpora (import them with --tgt).");
    if (p.method == SelectMethod::Invitation && (!pool->corpus.parallel || !seed->corpus.parallel))
        return usageError("The Invitation model needs parallel pool and seed corpora (import them with --tgt).");
    if (auto s = validateContrastSides(p); !s) return std::unexpected(s.error());
    if (p.method == SelectMethod::Contrast && (p.side == TextSide::Target || p.sides == ContrastSides::Both))
        for (const auto* c : {&pool->corpus, &seed->corpus})
            if (!c->parallel)
                return usageError(
                    "--method contrast " + std::string(p.sides == ContrastSides::Both ? "--sides both" : "--side tgt") +
                    " needs the " + (c == &pool->corpus ? "pool" : "seed") + " corpus '" + c->name +
                    "' to have a target side, and it has none (import it as a parallel corpus with --tgt).");
    in.pool = std::move(*pool);
    in.seed = std::move(*seed);
    if (auto s = readPoolFilter(store, in); !s) return std::unexpected(s.error());
    if (in.filteredOut)
        progress.info(std::to_string(in.filteredOut) + " pool sentences removed by filter run " +
                      std::to_string(*p.filterRun) + " are not candidates.");
    return in;
}

// Leakage: a pool sentence identical to a seed sentence would be found trivially. Counted
// among the candidates (a sentence --filter removed is not one).
struct Leakage {
    std::int64_t count = 0;
    std::vector<char> excluded;  // per pool row: left out of the ranking (NaN score): leaked or filtered
};

Leakage findLeaked(const SelectInputs& in, ProgressSink& progress) {
    const std::size_t n = in.pool.positions.size();
    // The side a method scores (contrast --side tgt: the target; every other method and the
    // bilingual ones: the source), so that --side tgt finds what a swapped re-import would.
    const bool target = in.params.method == SelectMethod::Contrast && in.params.side == TextSide::Target;
    const auto& seedSide = target ? in.seed.text.tgt : in.seed.text.src;
    const auto& poolSide = target ? in.pool.text.tgt : in.pool.text.src;
    std::unordered_set<std::string> seedText(seedSide.begin(), seedSide.end());
    std::vector<char> leaked(n, 0);
    Leakage out;
    const bool filtered = !in.filtered.empty();
    for (std::size_t i = 0; i < n; ++i)
        if (!(filtered && in.filtered[i]) && seedText.count(poolSide[i])) {
            leaked[i] = 1;
            ++out.count;
        }
    if (out.count)
        progress.info(std::to_string(out.count) + " pool sentences also occur in the seed" +
                      (in.params.excludeLeaked ? "; they are excluded from the ranking." : "."));
    out.excluded = in.params.excludeLeaked ? std::move(leaked) : std::vector<char>(n, 0);
    if (filtered)
        for (std::size_t i = 0; i < n; ++i) out.excluded[i] = char(out.excluded[i] || in.filtered[i]);
    return out;
}

// compute: what a method gives, whatever it is.
struct Scored {
    std::vector<double> scores, probability;
    std::optional<std::int64_t> setId;  // the embedding set the scores come from
    nlohmann::json report = nlohmann::json::object();
    std::optional<SelectionModel> fitted;  // stored with the run for `score --shard`
};

// The model stored with the run, before the method fills in what it learned.
SelectionModel newSelectionModel(const SelectParams& p, std::int64_t embeddingSet = 0, int dim = 0) {
    SelectionModel model;
    model.method = p.method;
    model.embeddingSet = embeddingSet;
    model.dim = dim;
    model.excludeLeaked = p.excludeLeaked;
    return model;
}

void addSeedTextHashes(SelectionModel& model, const std::vector<std::string>& seedText) {
    for (const auto& text : seedText) model.seedTextHashes.push_back(sentenceTextHash(text));
    std::sort(model.seedTextHashes.begin(), model.seedTextHashes.end());
}

// The embedding set holding pool and seed: the one asked for, the latest common one, or (after
// encoding both with --model) the new one.
Expected<EmbeddingSetInfo> selectionEmbeddingSet(const SelectInputs& in, Store& store, ProgressSink& progress,
                                                 const CancelToken& cancel) {
    const SelectParams& p = in.params;
    if (p.embeddingSet) return embeddingSet(store, *p.embeddingSet);
    if (auto set = commonCompleteSet(store, {in.pool.corpus, in.seed.corpus})) return *set;
    for (const auto& corpus : {in.pool.corpus.name, in.seed.corpus.name}) {
        EncodeParams ep;
        ep.model = p.model;
        ep.corpus = corpus;
        auto r = runEncode(ep, store, progress, cancel);
        if (!r) return std::unexpected(r.error());
    }
    if (auto set = commonCompleteSet(store, {in.pool.corpus, in.seed.corpus})) return *set;
    return fail("Pool and seed could not be encoded with the same model.");
}

// Domain-Finetune training the whole encoder, in --finetune-rounds rounds (select/FineTuneRounds.h).
Status fineTuneEncoderScores(const SelectInputs& in, const EmbeddingSetInfo& set, const std::vector<char>& excluded,
                             Scored& out, ProgressSink& progress, const CancelToken& cancel) {
    const SelectParams& p = in.params;
    auto model = resolveModel(set.modelPath.empty() ? set.key.model : set.modelPath);  // the path it was encoded from
    if (!model) return std::unexpected(model.error());
    // The paper's classifier reads the last layer (--preset paper); DomainLens's default trains
    // on the layer the vectors were encoded from (the encoder's recommended one).
    EncoderOptions eo;
    eo.layer = p.preset == FineTunePreset::Paper ? -1 : set.key.layer;
    eo.normalize = set.key.normalized;
    auto pooling = parsePooling(set.key.pooling);
    if (!pooling) return std::unexpected(pooling.error());
    eo.pooling = *pooling;
    const FineTuneRoundsInput ft{.seedText = in.seed.text.src,
                                 .poolText = in.pool.text.src,
                                 .cosine = out.scores,
                                 .excluded = excluded,
                                 .modelPath = model->path,
                                 .modelName = set.key.model,
                                 .encoder = eo,
                                 .training = p.fineTune,
                                 .rounds = p.fineTuneRounds};
    auto trained = fineTuneInRounds(ft, progress, cancel);
    if (!trained) return std::unexpected(trained.error());
    out.scores = trained->probability;
    out.probability = std::move(trained->probability);
    out.report = std::move(trained->report);
    return {};
}

// cosine, finetune-head, finetune: on the stored vectors (encoding pool and seed when needed).
Expected<Scored> scoreByEmbeddings(const SelectInputs& in, const std::vector<char>& excluded, Store& store,
                                   ProgressSink& progress, const CancelToken& cancel) {
    const SelectParams& p = in.params;
    const std::size_t n = in.pool.positions.size();
    const auto seedCount = std::int64_t(in.seed.positions.size());
    auto set = selectionEmbeddingSet(in, store, progress, cancel);
    if (!set) return std::unexpected(set.error());
    Scored out;
    out.setId = set->id;
    progress.stage("Loading embeddings");
    auto poolM = loadEmbeddings(store, set->id, in.pool.corpus.id);
    if (!poolM) return std::unexpected(poolM.error());
    auto seedM = in.pool.corpus.id == in.seed.corpus.id ? poolM : loadEmbeddings(store, set->id, in.seed.corpus.id);
    if (!seedM) return std::unexpected(seedM.error());
    if (poolM->rows < in.pool.corpus.sentences || seedM->rows < in.seed.corpus.sentences)
        return fail("Embedding set " + std::to_string(set->id) +
                    " does not cover pool and seed completely (run `encode`).");
    const auto seedRows = gatherRows(*seedM, in.seed.positions);
    const auto poolRows = gatherRows(*poolM, in.pool.positions);
    progress.stage("Domain-Cosine scores");
    out.scores = cosineToSeedMean(seedRows.data(), seedCount, poolRows.data(), std::int64_t(n), set->dim);
    if (selectionModelApplicable(p.method)) {
        out.fitted = newSelectionModel(p, set->id, set->dim);
        if (p.method == SelectMethod::Cosine) out.fitted->query = seedQuery(seedRows.data(), seedCount, set->dim);
        addSeedTextHashes(*out.fitted, in.seed.text.src);
    }
    if (p.method == SelectMethod::FinetuneHead) {
        auto head = trainDomainHeadEnsemble(p.headClassifiers, seedRows.data(), seedCount, poolRows.data(),
                                            std::int64_t(n), set->dim, out.scores, excluded, p.head, progress, cancel);
        if (!head) return std::unexpected(head.error());
        out.scores = head->probability;
        out.probability = head->probability;
        out.report = head->report.toJson();
        out.report["classifiers"] = std::max(1, p.headClassifiers);
        out.fitted->headWeights = std::move(head->weights);
        out.fitted->memberHeads = std::move(head->memberWeights);
        out.fitted->hidden = p.head.hidden;
    }
    if (p.method == SelectMethod::Finetune)
        if (auto s = fineTuneEncoderScores(in, *set, excluded, out, progress, cancel); !s)
            return std::unexpected(s.error());
    for (std::size_t i = 0; i < n; ++i)
        if (excluded[i]) out.scores[i] = NAN;
    return out;
}

// Where the run departs from the paper its method comes from, in the run's summary
// (report.departures) and the select command's output: the LM vocabulary. Moore & Lewis and
// Cuong & Sima'an train every LM on the non-singleton words of the in-domain (seed) corpus;
// seed + pool (contrast's and invitation's default, bench/selection/RESULTS.md) is not theirs.
void addVocabularyDeparture(const SelectParams& p, nlohmann::json& report) {
    if (!p.poolVocabulary.value_or(false)) return;
    report["departures"].push_back(
        {{"what", "LM vocabulary"},
         {"here", "non-singleton words of seed + pool"},
         {"paper", "non-singleton words of the in-domain (seed) corpus (Moore & Lewis 2010; Cuong & Sima'an, sec. 3)"},
         {"why",
          "default of contrast and invitation: fewer in-domain terms become <unk>, a cleaner pseudo-out set "
          "(bench/selection/RESULTS.md)"},
         {"paper_setting", "--vocabulary seed"}});
}

// Cuong & Sima'an's latent-domain EM (bilingual; the job keeps its lexical tables in the store).
Expected<Scored> scoreByInvitation(const SelectInputs& in, const std::vector<char>& excluded, Store& store,
                                   ProgressSink& progress, const CancelToken& cancel) {
    const SelectParams& p = in.params;
    const auto seedSrc = tokenize(in.seed.text.src), seedTgt = tokenize(in.seed.text.tgt);
    const auto poolSrc = tokenize(in.pool.text.src), poolTgt = tokenize(in.pool.text.tgt);
    const auto colon = p.seed.find(':');
    std::string seedDomain = colon == std::string::npos ? "" : p.seed.substr(colon + 1);
    seedDomain = seedDomain.substr(0, seedDomain.find(':'));
    InvitationInput input{in.pool.corpus.id, in.pool.text.ids, seedDomain, &seedSrc,
                          &seedTgt,          &poolSrc,         &poolTgt,   &excluded};
    auto r = runInvitation(store, input, p.invitation, progress, cancel);
    if (!r) return std::unexpected(r.error());
    Scored out;
    out.scores = std::move(r->scores);
    out.probability = std::move(r->posterior);
    out.report = std::move(r->report);
    addVocabularyDeparture(p, out.report);
    return out;
}

// moore-lewis, axelrod, contrast: n-gram LMs on the text (no Store).
Expected<Scored> scoreByLanguageModels(const SelectInputs& in, const std::vector<char>& excluded,
                                       ProgressSink& progress, const CancelToken& cancel) {
    const SelectParams& p = in.params;
    const std::size_t n = in.pool.positions.size();
    progress.stage("Training n-gram language models");
    const bool contrast = p.method == SelectMethod::Contrast;
    // contrast --side tgt scores the target side as the source side is scored elsewhere.
    const bool targetOnly = contrast && p.side == TextSide::Target;
    const auto seedTok = tokenize(targetOnly ? in.seed.text.tgt : in.seed.text.src);
    const auto poolTok = tokenize(targetOnly ? in.pool.text.tgt : in.pool.text.src);
    const bool bothSides = p.method == SelectMethod::Axelrod || (contrast && p.sides == ContrastSides::Both);
    TokenizedText seedTgt, poolTgt;
    if (bothSides) {
        seedTgt = tokenize(in.seed.text.tgt);
        poolTgt = tokenize(in.pool.text.tgt);
    }
    std::vector<std::int64_t> mixRows;  // the mix LM's training rows: stored with the run
    std::vector<std::int64_t> outRows;  // contrast: the last pseudo-out set
    std::vector<SideText> sides{{&seedTok, &poolTok}};
    if (contrast && bothSides) sides.push_back({&seedTgt, &poolTgt});
    auto s = contrast ? multiSideContrastScores(sides, excluded, p.crossEntropy, progress, cancel, &outRows)
                      : mooreLewisScores(seedTok, poolTok, excluded, p.crossEntropy, cancel, &mixRows);
    if (!s) return std::unexpected(s.error());
    Scored out;
    out.scores = std::move(*s);
    if (contrast) {
        out.report["sides"] = bothSides ? "src+tgt" : sideName(p.side);
        out.report["pseudo_out_size"] = outRows.size();
    }
    if (p.method == SelectMethod::Axelrod) {
        auto t = mooreLewisScores(seedTgt, poolTgt, excluded, p.crossEntropy, cancel);
        if (!t) return std::unexpected(t.error());
        for (std::size_t i = 0; i < n; ++i) out.scores[i] += (*t)[i];
    }
    if (selectionModelApplicable(p.method)) {  // moore-lewis, axelrod: the LMs' recipe
        out.fitted = newSelectionModel(p);
        out.fitted->lmOrder = p.crossEntropy.order;
        out.fitted->seedIds = in.seed.text.ids;
        for (auto r : mixRows) out.fitted->mixIds.push_back(in.pool.text.ids[std::size_t(r)]);
        auto words = [&](const TokenizedText& a, const TokenizedText& b) {
            const auto v = lmVocabulary(a, b, *p.poolVocabulary);
            std::vector<std::string> sorted(v.begin(), v.end());
            std::sort(sorted.begin(), sorted.end());
            return sorted;
        };
        out.fitted->vocabularySrc = words(seedTok, poolTok);
        if (p.method == SelectMethod::Axelrod) out.fitted->vocabularyTgt = words(seedTgt, poolTgt);
        addSeedTextHashes(*out.fitted, in.seed.text.src);
    }
    out.report["seed_vocabulary"] = nonSingletonVocabulary(seedTok).size() + 1;
    addVocabularyDeparture(p, out.report);
    return out;
}

SelectSummary summariseSelection(const SelectInputs& in, const Leakage& leak, const Scored& scored,
                                 std::int64_t selectedCount, const nlohmann::json& cut, Store& store) {
    SelectSummary summary;
    summary.method = methodName(in.params.method);
    summary.pool = in.pool.corpus.name;
    summary.seed = in.params.seed;
    summary.poolSize = std::int64_t(in.pool.positions.size());
    summary.seedSize = std::int64_t(in.seed.positions.size());
    summary.leaked = leak.count;
    summary.excluded = in.params.excludeLeaked ? leak.count : 0;
    if (in.params.filterRun) {
        summary.filterRun = *in.params.filterRun;
        summary.filterExcluded = in.filteredOut;
    }
    summary.selected = selectedCount;
    summary.cut = cut;
    summary.report = scored.report;
    if (scored.setId)
        if (auto set = embeddingSet(store, *scored.setId))
            summary.embeddings = SelectEmbeddings{*scored.setId, set->key.model, set->key.layer, set->key.pooling};
    return summary;
}

// persist: the run, its per-sentence scores and decisions, the fitted model, in one transaction.
Expected<std::int64_t> persistSelection(Store& store, const SelectInputs& in, const Scored& scored,
                                        const std::vector<char>& selected, const SelectSummary& summary,
                                        const CancelToken& cancel) {
    const std::size_t n = in.pool.positions.size();
    RunResults results;
    results.sentenceIds = in.pool.text.ids;
    results.score = scored.scores;
    results.label.resize(n);
    for (std::size_t i = 0; i < n; ++i) results.label[i] = selected[i];
    if (!scored.probability.empty()) results.prob = scored.probability;
    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());
    auto runId = createRun(store, RunKind::Select, in.pool.corpus.id, scored.setId, in.params.toJson());
    if (!runId) return std::unexpected(runId.error());
    if (auto s = writeRunResults(store, *runId, results); !s) return std::unexpected(s.error());
    if (auto s = setRunSummary(store, *runId, summary.toJson()); !s) return std::unexpected(s.error());
    if (scored.fitted)
        if (auto s = storeSelectionModel(store, *runId, *scored.fitted); !s) return std::unexpected(s.error());
    cancel.throwIfCancelled();
    if (auto s = tx->commit(); !s) return std::unexpected(s.error());
    return *runId;
}

// prepare (pool, seed, leakage) / compute (the method's scores and the cut) / persist.
Expected<SelectResult> selectBody(const SelectParams& params, Store& store, ProgressSink& progress,
                                  const CancelToken& cancel) {
    auto in = prepareSelect(params, store, progress);
    if (!in) return std::unexpected(in.error());
    const Leakage leak = findLeaked(*in, progress);
    auto scored = in->needsEmbeddings ? scoreByEmbeddings(*in, leak.excluded, store, progress, cancel)
                  : in->params.method == SelectMethod::Invitation
                      ? scoreByInvitation(*in, leak.excluded, store, progress, cancel)
                      : scoreByLanguageModels(*in, leak.excluded, progress, cancel);
    if (!scored) return std::unexpected(scored.error());
    cancel.throwIfCancelled();
    // NaN marks a sentence left out on purpose (leaked into the seed; Invitation's unranked
    // rows). Any other NaN score comes from damaged input (a NaN embedding, a broken model): it
    // ranks nowhere, so the selection is refused, naming the first such pool sentence.
    for (std::size_t i = 0; i < scored->scores.size(); ++i) {
        if (!std::isnan(scored->scores[i]) || leak.excluded[i] || in->params.method == SelectMethod::Invitation)
            continue;
        return fail("The selection scores are not numbers (NaN) for pool corpus " + in->pool.corpus.name +
                    ", sentence " + std::to_string(in->pool.positions[i] + 1) +
                    " (its embedding or the model's output is damaged); nothing was stored.");
    }

    auto [selected, cut] = cutSelection(in->params.method, in->params.top, in->params.threshold, scored->scores,
                                        in->pool.text.ids, in->filteredOut);
    SelectResult out;
    out.poolSize = std::int64_t(in->pool.positions.size());
    out.seedSize = std::int64_t(in->seed.positions.size());
    out.leaked = leak.count;
    out.selected = std::count(selected.begin(), selected.end(), 1);
    out.summary = summariseSelection(*in, leak, *scored, out.selected, cut, store);
    progress.stage("Saving the selection");
    auto runId = persistSelection(store, *in, *scored, selected, out.summary, cancel);
    if (!runId) return std::unexpected(runId.error());
    out.runId = *runId;
    return out;
}

}  // namespace

// The job boundary (core's one cancellation style): deep loops throw CancelledException,
// libtorch throws c10::Error; runJob turns both into dl::Error and the open transaction rolls back.
Expected<SelectResult> runSelect(const SelectParams& p, Store& store, ProgressSink& progress,
                                 const CancelToken& cancel) {
    return runJob<SelectResult>([&] { return selectBody(p, store, progress, cancel); });
}

namespace {

// The selection runs to evaluate: the ones named, else the latest.
Expected<std::vector<RunInfo>> runsToEvaluate(const EvaluateParams& params, Store& store) {
    std::vector<RunInfo> runs;
    if (params.runs.empty()) {
        auto r = latestRun(store, RunKind::Select);
        if (!r) return std::unexpected(r.error());
        runs.push_back(*r);
    }
    for (auto id : params.runs) {
        auto r = getRun(store, id);
        if (!r) return std::unexpected(r.error());
        if (r->kind != RunKind::Select)
            return usageError("Run " + std::to_string(id) + " is a " + toString(r->kind) + " run, not a selection.");
        runs.push_back(*r);
    }
    return runs;
}

// One run against the oracle labels: precision/recall of its decisions, at the true size, at the
// cut-offs (Cuong & Sima'an's table) and the PR curve.
Expected<nlohmann::json> evaluateRun(const EvaluateParams& params, const RunInfo& run, Store& store) {
    auto results = readRunResults(store, run.id);
    if (!results) return std::unexpected(results.error());
    // Domain labels of the pool sentences, in sentence-id order like the results.
    std::map<std::int64_t, std::string> domainOf;
    auto st = forEachSentence(store, run.corpusId, 0, [&](const Sentence& s) {
        domainOf.emplace(s.id, s.domain);
        return true;
    });
    if (!st) return std::unexpected(st.error());
    // Sentences excluded from the ranking (seed sentences found in the pool: NaN score)
    // are not part of the evaluation: they were never candidates.
    std::vector<std::int64_t> ids;
    std::vector<double> scores;
    std::vector<char> relevant, selected;
    bool labelled = false, known = false;
    std::int64_t excluded = 0;
    for (std::size_t i = 0; i < results->sentenceIds.size(); ++i) {
        const auto& d = domainOf[results->sentenceIds[i]];
        labelled |= !d.empty();
        if (std::isnan(results->score[i])) {
            ++excluded;
            continue;
        }
        known |= d == params.domain;
        ids.push_back(results->sentenceIds[i]);
        scores.push_back(results->score[i]);
        relevant.push_back(d == params.domain);
        selected.push_back(results->label[i] == 1);
    }
    const std::size_t n = ids.size();
    if (!labelled)
        return fail("The pool of run " + std::to_string(run.id) +
                    " has no domain labels: there is no oracle to evaluate against.");
    if (!known)
        return fail("No pool sentence of run " + std::to_string(run.id) + " has the domain '" + params.domain + "'.");
    const auto ranking = rankByScore(scores, ids);
    const auto relevantCount = std::count(relevant.begin(), relevant.end(), 1);
    std::vector<std::int64_t> cutoffs = params.cutoffs;
    if (cutoffs.empty())
        for (int i = 1; i <= 10; ++i) cutoffs.push_back(std::max<std::int64_t>(1, relevantCount * i / 5));
    const auto atSize = evaluateSelection(selectTopK(ranking, n, relevantCount), relevant);
    const auto curve = precisionRecallCurve(ranking, relevant, 50);
    nlohmann::json j = evaluateSelection(selected, relevant).toJson();
    j["run"] = run.id;
    j["excluded"] = excluded;
    j["method"] = run.params.value("method", "?");
    j["seed"] = run.params.value("seed", "");
    j["at_true_size"] = atSize.toJson();
    j["average_precision"] = curve.averagePrecision;
    j["cutoffs"] = nlohmann::json::array();
    for (const auto& c : precisionAtCutoffs(ranking, relevant, cutoffs)) {
        // Cuong & Sima'an's table layout: cut-off, true, false, precision.
        const auto truePositives = std::llround(c.precision * double(c.cutoff));
        j["cutoffs"].push_back({{"cutoff", c.cutoff},
                                {"true", truePositives},
                                {"false", c.cutoff - truePositives},
                                {"precision", c.precision},
                                {"recall", c.recall}});
    }
    j["pr_curve"] = nlohmann::json::array();
    for (const auto& c : curve.points) j["pr_curve"].push_back({c.cutoff, c.precision, c.recall});
    return j;
}

// The proxy extrinsic check of one run: perplexity on the dev set of a word 4-gram LM trained on
// the selection, beside one trained on a random selection of the same size; null when the run
// selected nothing.
Expected<nlohmann::json> devPerplexity(const EvaluateParams& params, const TokenizedText& devTokens, std::int64_t runId,
                                       Store& store) {
    auto run = getRun(store, runId);
    auto results = readRunResults(store, runId);
    if (!run || !results) return fail("Cannot read run " + std::to_string(runId) + " for the perplexity check.");
    std::map<std::int64_t, std::string> text;
    auto st = forEachSentence(store, run->corpusId, 0, [&](const Sentence& s) {
        text.emplace(s.id, s.src);
        return true;
    });
    if (!st) return std::unexpected(st.error());
    TokenizedText selected, poolTokens;
    for (std::size_t i = 0; i < results->sentenceIds.size(); ++i) {
        auto tokens = wordTokens(text[results->sentenceIds[i]]);
        if (results->label[i] == 1) selected.push_back(tokens);
        poolTokens.push_back(std::move(tokens));
    }
    if (selected.empty()) return nlohmann::json();
    // One vocabulary for every LM compared: non-singleton pool words.
    NgramLm::Options lo{4, nonSingletonVocabulary(poolTokens)};
    // A model that cannot be trained is an error, not a silent NaN in the output.
    auto perplexity = [&](const TokenizedText& train) -> Expected<double> {
        auto lm = NgramLm::train(train, lo);
        if (!lm)
            return fail("The perplexity check (--dev " + params.dev + ") could not train its language model for run " +
                        std::to_string(runId) + ": " + lm.error().message);
        double bits = 0, words = 0;
        for (const auto& s : devTokens) {
            bits += lm->crossEntropy(s) * double(s.size() + 1);
            words += double(s.size() + 1);
        }
        const double ppl = std::pow(2.0, bits / words);
        if (!std::isfinite(ppl))
            return fail("The perplexity check (--dev " + params.dev + ") for run " + std::to_string(runId) +
                        " is not finite: the language model gives a dev sentence zero probability.");
        return ppl;
    };
    std::vector<std::size_t> order(poolTokens.size());
    std::iota(order.begin(), order.end(), 0);
    std::mt19937_64 rng(1);
    std::shuffle(order.begin(), order.end(), rng);
    TokenizedText random;
    for (std::size_t i = 0; i < selected.size() && i < order.size(); ++i) random.push_back(poolTokens[order[i]]);
    auto pplSelected = perplexity(selected);
    if (!pplSelected) return std::unexpected(pplSelected.error());
    auto pplRandom = perplexity(random);
    if (!pplRandom) return std::unexpected(pplRandom.error());
    return nlohmann::json{{"dev", params.dev},
                          {"dev_sentences", devTokens.size()},
                          {"selection", *pplSelected},
                          {"random_same_size", *pplRandom},
                          {"lm", "word 4-gram, modified Kneser-Ney"}};
}

Expected<nlohmann::json> evaluateBody(const EvaluateParams& params, Store& store) {
    if (params.domain.empty()) return usageError("Name the in-domain label with --domain.");
    auto runs = runsToEvaluate(params, store);
    if (!runs) return std::unexpected(runs.error());
    nlohmann::json out = {{"domain", params.domain}, {"runs", nlohmann::json::array()}};
    for (const auto& run : *runs) {
        auto j = evaluateRun(params, run, store);
        if (!j) return std::unexpected(j.error());
        out["runs"].push_back(std::move(*j));
    }
    if (!params.dev.empty()) {
        auto dev = loadCorpusSubset(store, params.dev, false);
        if (!dev) return std::unexpected(dev.error());
        const auto devTokens = tokenize(dev->src);
        for (auto& j : out["runs"]) {
            auto ppl = devPerplexity(params, devTokens, j["run"].get<std::int64_t>(), store);
            if (!ppl) return std::unexpected(ppl.error());
            if (!ppl->is_null()) j["dev_perplexity"] = std::move(*ppl);
        }
    }
    // The CLI contract's top-level fields describe the first (or only) run.
    for (const char* k : {"precision", "recall", "f1", "selected", "relevant"}) out[k] = out["runs"][0][k];
    return out;
}

}  // namespace

Expected<nlohmann::json> evaluateRuns(const EvaluateParams& params, Store& store) {
    return runJob<nlohmann::json>([&] { return evaluateBody(params, store); });
}

}  // namespace dl
