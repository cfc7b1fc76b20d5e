#include "OutlierAnalysisQueries.h"

#include <QCoreApplication>

#include "reports/OutlierAnalysis.h"
#include "reports/Report.h"
#include "runs/ClusterSummary.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace {

OutlierFigures figures(const dl::FeatureCounts& n) {
    return {n.sentences, n.withDigits, n.withPronounOrQuestion, n.tokens};
}

QStringList qStrings(const std::vector<std::string>& names) {
    QStringList out;
    out.reserve(qsizetype(names.size()));
    for (const auto& n : names) out.append(QString::fromStdString(n));
    return out;
}

// The run's centroid cosines as core reads them for the report; no domains when none is stored.
dl::Expected<dl::CentroidCosine> storedCentroids(const QString& projectPath, qint64 runId) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto run = dl::getClusterRun(**store, runId);
    if (!run) return std::unexpected(run.error());
    auto summary = dl::ClusterSummary::fromJson(run->summary, run->id);
    if (!summary) return std::unexpected(summary.error());
    if (summary->centroidCosine.is_null()) return dl::CentroidCosine{};
    return dl::centroidCosineOf(summary->domains, summary->centroidCosine, run->id);
}

CentroidCosineData centroidData(const dl::CentroidCosine& c, qint64 runId) {
    CentroidCosineData d;
    d.runId = runId;
    d.domains = qStrings(c.domains);
    d.values = QVector<double>(c.values.begin(), c.values.end());
    return d;
}

}  // namespace

dl::Expected<OutlierAnalysisData> readOutlierAnalysis(const QString& projectPath, qint64 runId) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto a = dl::analyseOutliers(**store, runId);
    if (!a) return std::unexpected(a.error());
    OutlierAnalysisData d;
    d.labelled = a->labelled;
    d.title = QCoreApplication::translate("OutlierAnalysisPanel",
                                          "Run #%1: outliers are sentences whose cluster maps to another domain "
                                          "(Aharoni & Goldberg 2020, section 2.6).")
                  .arg(runId);
    for (const auto& c : a->clusters) {
        const QString domain = c.domain >= 0 ? QString::fromStdString(a->domains[std::size_t(c.domain)])
                                             : QCoreApplication::translate("OutlierAnalysisPanel", "none");
        d.rows.append(
            {c.cluster, QStringLiteral("c%1 → %2").arg(c.cluster).arg(domain), figures(c.all), figures(c.outliers)});
    }
    d.rows.append({-1, QCoreApplication::translate("OutlierAnalysisPanel", "All clusters"), figures(a->total.all),
                   figures(a->total.outliers)});
    return d;
}

dl::Expected<FigureSentencesData> readFigureSentences(const QString& projectPath, qint64 runId, int cluster,
                                                      bool outliersOnly, int figure, int limit) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto found = dl::outlierFigureSentences(**store, runId, cluster, outliersOnly, dl::OutlierFigure(figure), limit);
    if (!found) return std::unexpected(found.error());
    auto sentences = dl::sentencesById(**store, found->ids);
    if (!sentences) return std::unexpected(sentences.error());
    FigureSentencesData d;
    d.total = found->total;
    for (const auto& s : *sentences) {
        SearchHit h;
        h.sentenceId = s.id;
        h.domain = QString::fromStdString(s.domain);
        h.text = QString::fromStdString(s.src);
        h.onMap = true;
        d.hits.append(h);
    }
    return d;
}

dl::Expected<CentroidCosineData> readCentroidCosine(const QString& projectPath, qint64 runId) {
    auto c = storedCentroids(projectPath, runId);
    if (!c) return std::unexpected(c.error());
    return centroidData(*c, runId);
}

dl::Expected<ScoreCorrelationData> readScoreCorrelation(const QString& projectPath, qint64 runId,
                                                        const QString& csvPath) {
    auto scores = dl::readScoreMatrixFile(csvPath.toStdString());
    if (!scores) return std::unexpected(scores.error());
    auto c = storedCentroids(projectPath, runId);
    if (!c) return std::unexpected(c.error());
    if (c->domains.empty())
        return dl::fail("Run " + std::to_string(runId) +
                        " stores no domain-centroid cosines (its corpus has no domain labels): nothing to correlate "
                        "the scores with.");
    const dl::ScoreCorrelation r = dl::correlateScores(*c, *scores);
    ScoreCorrelationData d;
    d.centroids = centroidData(*c, runId);
    d.file = csvPath;
    for (const auto& p : r.points) d.points.append({int(p.train), int(p.test), p.cosine, p.score});
    d.pearson = r.pearson;
    d.pearsonWithSameDomain = r.pearsonWithSameDomain;
    d.pairs = qint64(r.pairs);
    d.pairsWithSameDomain = qint64(r.pairsWithSameDomain);
    d.runDomainsNotScored = qStrings(r.runDomainsNotScored);
    d.scoreDomainsNotInRun = qStrings(r.scoreDomainsNotInRun);
    return d;
}
