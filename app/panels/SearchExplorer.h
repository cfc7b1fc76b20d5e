#pragma once
// The Search tab: type or paste a sentence and find where it lands on the clustering run's
// map and its nearest stored sentences (cosine, exact), or find words in the corpus (full
// text, SQLite FTS5) and see every match on the map. Encoding runs as a job on the worker
// (it owns the compute device); full-text reads run on the window's AsyncService; a stale full-text
// index is brought up to date by a job first. A result row double-clicked is looked up in turn.
// Thread affinity: GUI thread. The AsyncService and the JobRunner are not owned and must
// outlive this view.
#include <QWidget>

#include <memory>

#include "BulkTarget.h"
#include "RunViews.h"
#include "SearchQueries.h"

class AsyncService;
class JobRunner;
class QLabel;
class QLineEdit;
class QMenu;
class QPushButton;
class QSpinBox;
class QTableView;
class ScatterMarks;
class ScatterPlotView;
class SearchHitModel;

class SearchExplorer : public QWidget {
    Q_OBJECT
public:
    SearchExplorer(AsyncService& async, JobRunner* runner, QWidget* parent = nullptr);
    void setProject(const QString& projectPath);
    // The map to search on (a clustering run's points).
    void setRun(const ClusterViewData& data);
    qint64 runId() const { return runId_; }

    // Encodes `sentence` on the worker and shows its neighbours (neighboursShown / failed).
    void lookUp(const QString& sentence);
    // Full-text search in the run's corpus (matchesShown / failed).
    void findWords(const QString& words);

    ScatterPlotView* scatter() const { return scatter_; }
    ScatterMarks* marks() const { return marks_; }
    SearchHitModel* hits() const { return hits_; }
    QLineEdit* queryEdit() const { return query_; }
    QLabel* statusLabel() const { return status_; }
    // Bulk actions (BulkActions; the window fills the menu) on the listed results (neighbours,
    // or the full-text matches listed with their texts); null when none are listed.
    QMenu* resultsMenu() const { return resultsMenu_; }
    BulkTarget resultsTarget() const;

signals:
    void neighboursShown(int count);
    void matchesShown(qint64 total);
    void searchFailed(const QString& message);

private:
    void showNeighbours(const NeighbourResult& result);
    void showMatches(const TextSearchResult& result, const QString& words);
    void fail(const QString& message);
    void setBusy(bool busy);

    JobRunner* runner_;
    AsyncService& async_;  // the window's; outlives this panel
    QString projectPath_;
    qint64 runId_ = 0;
    ScatterData map_;
    std::shared_ptr<const RowsById> rows_;
    // The look-ups' stored vectors and encoder, used on the job worker only (one look-up at a
    // time). Replaced, not cleared, on a project switch: a running look-up keeps the old one.
    std::shared_ptr<dl::SentenceQueryCache> queryCache_ = std::make_shared<dl::SentenceQueryCache>();
    QLineEdit* query_;
    QSpinBox* k_;
    QPushButton* neighboursButton_;
    QPushButton* wordsButton_;
    QPushButton* saveListButton_;
    QPushButton* resultsButton_;
    QMenu* resultsMenu_;
    QLabel* status_;
    ScatterPlotView* scatter_;
    ScatterMarks* marks_;
    SearchHitModel* hits_;
    QTableView* table_;
    quint64 lookUpGeneration_ = 0;  // a newer look-up supersedes an older one still queued
};
