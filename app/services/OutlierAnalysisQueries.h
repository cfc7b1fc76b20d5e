#pragma once
// Reads for the outlier analysis panel (any thread; own read-only connection).
#include <QString>
#include <QVector>

#include "CentroidScoreData.h"
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

// The paper's Fig. 4 (core/reports/Report.h, the functions `report --scores` uses): the run's
// domain-centroid cosine matrix as its summary stores it (no pass over the corpus; no domains
// when the run stored none: a corpus without domain labels, an older run).
dl::Expected<CentroidCosineData> readCentroidCosine(const QString& projectPath, qint64 runId);
// The score-matrix file `csvPath` read (a regular file of at most 16 MiB) and parsed (errors
// name the file, the line and the field), then correlated with the run's matrix: the pairs,
// Pearson r with and without the same-domain pairs, the domains either side lacks.
dl::Expected<ScoreCorrelationData> readScoreCorrelation(const QString& projectPath, qint64 runId,
                                                        const QString& csvPath);
