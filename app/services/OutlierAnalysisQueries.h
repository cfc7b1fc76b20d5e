#pragma once
// Reads for the outlier analysis panel (any thread; own read-only connection).
#include <QString>
#include <QVector>

#include "OutlierFiguresModel.h"
#include "SearchHitModel.h"
#include "common/Error.h"

struct OutlierAnalysisData {
    QString title;
    QVector<OutlierFiguresRow> rows;  // clusters, then "All clusters"
    bool labelled = false;
};
dl::Expected<OutlierAnalysisData> readOutlierAnalysis(const QString& projectPath, qint64 runId);

struct FigureSentencesData {
    QVector<SearchHit> hits;
    qint64 total = 0;
};
dl::Expected<FigureSentencesData> readFigureSentences(const QString& projectPath, qint64 runId, int cluster,
                                                      bool outliersOnly, int figure, int limit);
