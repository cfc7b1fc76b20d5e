#pragma once
// Plain data for the run views, read from a project off the GUI thread (AsyncService).
#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

#include "ConfusionData.h"
#include "EllipseGeometry.h"
#include "ScatterData.h"
#include "ScatterPrepared.h"
#include "ScoreRanking.h"
#include "SweepSeries.h"
#include "common/Error.h"
#include "jobs/Progress.h"

struct ClusterViewData {
    qint64 runId = 0;
    QString title;                 // "Run #3: k = 7, PCA 50, full — purity 61.2 ± 0.6 %"
    ScatterData scatter;           // coordinates, true-domain categories, sentence ids
    QVector<int> clusterLabels;    // per point
    QStringList domainNames;
    QStringList clusterNames;      // "c3 → law"
    QVector<int> majority;         // cluster -> index of the domain most of it is (-1 none)
    QVector<EllipseSpec> ellipses; // one per component, on the display axes
    ConfusionData confusion;       // empty when the corpus has no labels
    QString metrics;               // purity / NMI / ARI text
    bool labelled = false;
    // The map prepared for the scatter (ClusterExplorer::prepareMap, off the GUI thread); null
    // until then. Shared by the Clusters and Search tabs.
    std::shared_ptr<const ScatterPrepared> map;
};
// A "cluster" run, or an "assign" run (readAssignView, AssignRunView.cpp). A set `cancel`
// (a superseded read) stops the read between its steps (dl::cancelled()).
dl::Expected<ClusterViewData> readClusterView(const QString& projectPath, qint64 runId,
                                              const dl::CancelToken& cancel = {});
// A cluster run's model applied in shards and merged: its map ("pca2d" from the shards), the
// cluster run's ellipses, labels, and the confusion against the corpus's domain labels.
dl::Expected<ClusterViewData> readAssignView(const QString& projectPath, qint64 runId,
                                             const dl::CancelToken& cancel = {});

struct SelectionViewData {
    qint64 runId = 0;
    QString title;
    QString method;
    QString inDomain;              // the seed's domain label when the seed names one
    QVector<double> scores;        // pool sentences in sentence-id order (NaN = excluded)
    QVector<bool> relevant;        // pool label == inDomain (empty when unknown)
    QVector<qint64> ids;
    qint64 storedCut = 0;          // how many the run selected
    qint64 excluded = 0;           // pool sentences left out of the ranking (seed leakage)
    QHash<qint64, bool> decisions; // include/exclude decisions stored for this run
    ScoreRanking ranking;          // scores sorted and labelled with the read (1.5M: not on the GUI thread)
};
dl::Expected<SelectionViewData> readSelectionView(const QString& projectPath, qint64 runId);

struct SweepViewData {
    qint64 runId = 0;
    QVector<double> ks;
    QVector<SweepSeries> series;  // BIC, AIC
};
dl::Expected<SweepViewData> readSweepView(const QString& projectPath, qint64 runId);

// Two clustering runs of the same corpus side by side: rows = clusters of A, columns =
// clusters of B, cells = sentences in both; plus NMI/ARI between the two labelings.
struct RunComparison {
    ConfusionData confusion;
    QString metrics;
};
dl::Expected<RunComparison> compareClusterRuns(const QString& projectPath, qint64 runA, qint64 runB);

// The text of one sentence (hover tool tips); runs on the GUI thread: one indexed lookup.
QString sentenceText(const QString& projectPath, qint64 sentenceId);

// Texts ("[domain] sentence") of many sentences in one batched query (chunks of ids in one
// IN list), for lists filled off the GUI thread; ids missing from the project are an error.
dl::Expected<QHash<qint64, QString>> sentenceTexts(const QString& projectPath, const QVector<qint64>& ids);
