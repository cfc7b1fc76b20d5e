#include "OutlierAnalysisQueries.h"

#include <QCoreApplication>

#include "reports/OutlierAnalysis.h"
#include "store/Corpora.h"
#include "store/Store.h"

namespace {

OutlierFigures figures(const dl::FeatureCounts& n) {
    return {n.sentences, n.withDigits, n.withPronounOrQuestion, n.tokens};
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
