#include "reports/OutlierAnalysis.h"

#include <cstdint>
#include <map>
#include <unordered_map>

#include "analysis/Metrics.h"
#include "runs/ClusterRunChecks.h"
#include "runs/ClusterSummary.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace dl {

namespace {

// Each labelled, clustered sentence: (index into `s`, is it an outlier of its cluster?).
template <class F>
void forEachCounted(const ClusteredSentences& s, const std::vector<int>& majority, F&& f) {
    for (std::size_t i = 0; i < s.ids.size(); ++i) {
        const int c = s.cluster[i];
        if (s.truth[i] < 0 || c < 0 || c >= s.k) continue;
        const int to = majority[std::size_t(c)];
        f(i, to >= 0 && to != s.truth[i]);
    }
}

void count(FeatureCounts& n, const SentenceFeatures& f) {
    ++n.sentences, n.tokens += f.tokens, n.withDigits += f.digit, n.withPronounOrQuestion += f.pronounOrQuestion;
}

struct Fitted {
    RunInfo run;
    ClusteredSentences sentences;
    std::vector<int> majority;
};

Expected<Fitted> fit(Store& store, std::int64_t runId) {
    auto run = getClusterRun(store, runId);
    if (!run) return std::unexpected(run.error());
    auto s = readClusteredSentences(store, *run, false);
    if (!s) return std::unexpected(s.error());
    auto cm = confusionMatrix(s->truth, s->cluster, int(s->domains.size()), s->k);
    auto majority = majorityMap(cm);
    return Fitted{*run, std::move(*s), std::move(majority)};
}

}  // namespace

Expected<ClusteredSentences> readClusteredSentences(Store& store, const RunInfo& run, bool withTexts) {
    auto summary = ClusterSummary::fromJson(run.summary, run.id);
    if (!summary) return std::unexpected(summary.error());
    ClusteredSentences out;
    out.k = summary->k;
    out.domains = summary->domains;
    std::map<std::string, int> domainIndex;
    for (int d = 0; d < int(out.domains.size()); ++d) domainIndex[out.domains[std::size_t(d)]] = d;
    auto results = readRunResults(store, run.id);
    if (!results) return std::unexpected(results.error());
    // k sizes the confusion matrix and the labels index it (runs/ClusterRunChecks.h).
    if (auto ok = checkClusterCount(out.k, std::int64_t(results->sentenceIds.size()), run.id); !ok)
        return std::unexpected(ok.error());
    if (auto ok = checkClusterLabels(results->label, results->sentenceIds, out.k, run.id); !ok)
        return std::unexpected(ok.error());
    std::unordered_map<std::int64_t, std::int32_t> labelOf;
    labelOf.reserve(results->sentenceIds.size());
    for (std::size_t i = 0; i < results->sentenceIds.size(); ++i) labelOf[results->sentenceIds[i]] = results->label[i];
    const bool target = run.params.contains("embedding") && run.params["embedding"].value("side", "src") == "tgt";
    auto st = forEachSentence(store, run.corpusId, 0, [&](const Sentence& s) {
        auto it = labelOf.find(s.id);
        if (it == labelOf.end()) return true;
        auto d = domainIndex.find(s.domain);
        const std::string& text = target ? s.tgt : s.src;
        out.ids.push_back(s.id);
        out.truth.push_back(d == domainIndex.end() ? -1 : d->second);
        out.cluster.push_back(it->second);
        out.features.push_back(sentenceFeatures(text));
        if (withTexts) out.texts.push_back(text);
        return true;
    });
    if (!st) return std::unexpected(st.error());
    return out;
}

Expected<OutlierAnalysis> analyseOutliers(Store& store, std::int64_t runId) {
    auto f = fit(store, runId);
    if (!f) return std::unexpected(f.error());
    const auto& s = f->sentences;
    OutlierAnalysis a;
    a.runId = f->run.id;
    a.domains = s.domains;
    for (int c = 0; c < s.k; ++c) a.clusters.push_back({c, f->majority[std::size_t(c)], {}, {}});
    forEachCounted(s, f->majority, [&](std::size_t i, bool outlier) {
        auto& group = a.clusters[std::size_t(s.cluster[i])];
        count(group.all, s.features[i]);
        count(a.total.all, s.features[i]);
        if (!outlier) return;
        count(group.outliers, s.features[i]);
        count(a.total.outliers, s.features[i]);
    });
    a.labelled = a.total.all.sentences > 0;
    return a;
}

Expected<FigureSentences> outlierFigureSentences(Store& store, std::int64_t runId, int cluster, bool outliersOnly,
                                                 OutlierFigure figure, std::int64_t limit) {
    auto f = fit(store, runId);
    if (!f) return std::unexpected(f.error());
    const auto& s = f->sentences;
    if (cluster < -1 || cluster >= s.k)
        return fail(ErrorCode::NoSuchCluster, {std::to_string(runId), std::to_string(cluster)},
                    "Run " + std::to_string(runId) + " has no cluster " + std::to_string(cluster) + ".");
    FigureSentences out;
    forEachCounted(s, f->majority, [&](std::size_t i, bool outlier) {
        if ((cluster >= 0 && s.cluster[i] != cluster) || (outliersOnly && !outlier)) return;
        if (figure == OutlierFigure::WithDigits && !s.features[i].digit) return;
        if (figure == OutlierFigure::WithPronounOrQuestion && !s.features[i].pronounOrQuestion) return;
        if (out.total++ < limit) out.ids.push_back(s.ids[i]);
    });
    return out;
}

}  // namespace dl
