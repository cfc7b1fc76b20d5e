#pragma once
// The Methods view: 2–4 selection runs of one pool side by side — overlap and Jaccard of
// their top k per pair, an UpSet chart of the exact intersections, rank against rank for a
// chosen pair, where each method's top k lies on the pool's map, and the sentences one keeps
// and the other drops. Everything is read on the window's AsyncService (MethodComparison); a
// newer request supersedes and cancels an older one. Tables save as CSV, charts as PNG/SVG/PDF.
#include <QWidget>

#include "MethodComparison.h"
#include "ProjectQueries.h"

class AsyncService;
class KeptDroppedModel;
class MethodPairsModel;
class QComboBox;
class QLabel;
class QListWidget;
class QSpinBox;
class QTableView;
class ScatterPlotView;
class UpSetView;

class MethodsExplorer : public QWidget {
    Q_OBJECT
public:
    explicit MethodsExplorer(AsyncService& async, QWidget* parent = nullptr);
    void setProject(const QString& projectPath);
    // The project's selection runs (id, label) to choose from; checks the newest 2–3 of one
    // pool and compares them when nothing was compared yet.
    void setRuns(const QList<RunRow>& runs);
    void compare(const QVector<qint64>& runIds);
    QVector<qint64> checkedRuns() const;
    // explore stored a chunk of assign run `runId`: when the map shown is that run, or may be
    // older than it, the pool's map is read again off the GUI thread (the comparison is kept)
    // and redrawn when it changed, as the Clusters view follows the growing run.
    void followRun(qint64 runId);

    const MethodComparisonData& comparison() const { return data_; }
    MethodPairsModel* pairsModel() const { return pairs_; }
    KeptDroppedModel* keptModel() const { return kept_; }
    UpSetView* upset() const { return upset_; }
    ScatterPlotView* rankScatter() const { return ranks_; }
    ScatterPlotView* map() const { return map_; }
    QComboBox* mapMode() const { return mapMode_; }
    QSpinBox* topK() const { return k_; }
    QComboBox* keptDirection() const { return direction_; }

signals:
    void comparisonShown();
    void mapFollowed(qint64 runId, qint64 points);
    void keptTextsShown();

private:
    void request();
    void show(MethodComparisonData data);
    void applyMapMode();
    void applyKeptDirection();
    QString projectPath_;
    MethodComparisonData data_;
    quint64 generation_ = 0;  // counts comparisons asked for: a map read of an older one is dropped
    bool comparing_ = false;
    AsyncService& async_;  // the window's; outlives this panel
    QListWidget* runList_;
    QSpinBox* k_;
    QComboBox* pairA_;
    QComboBox* pairB_;
    QComboBox* mapMode_;
    QComboBox* direction_;
    QLabel* summary_;
    MethodPairsModel* pairs_;
    KeptDroppedModel* kept_;
    QTableView* pairsView_;
    QTableView* keptView_;
    UpSetView* upset_;
    ScatterPlotView* ranks_;
    ScatterPlotView* map_;
};
