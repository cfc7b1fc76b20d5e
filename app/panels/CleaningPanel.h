#pragma once
// The Cleaning tab: one filter run (Analysis > Filter Corpus, or a filter run activated in the
// Runs list). Kept and removed per rule; the corpus's composition (domain and cluster shares)
// before and after; the removed sentences' scores with the threshold (score-based kinds); the
// ledger of removed sentences, each beside the kept sentence it duplicates, paged from the
// project off the GUI thread as the table scrolls (app/services/FilterQueries.h).
#include <QWidget>

#include "BulkTarget.h"
#include "FilterViewData.h"

class AsyncService;
class BoundaryModel;
class QLabel;
class QMenu;
class QPushButton;
class QStackedWidget;
class QTableView;
class QTableWidget;
class RemovalTableModel;
class ScoreHistogramView;

class CleaningPanel : public QWidget {
    Q_OBJECT
public:
    static constexpr int kDefaultPageSize = 200;
    static constexpr int kBoundaryPerSide = 3;  // sentences each side of the threshold

    explicit CleaningPanel(AsyncService& async, QWidget* parent = nullptr);
    void setProject(const QString& projectPath);
    void setPageSize(int rows) { pageSize_ = qMax(1, rows); }
    // Shows the run's figures and asks for the ledger's first page.
    void setRun(FilterViewData data);
    qint64 runId() const { return data_.runId; }
    const FilterViewData& data() const { return data_; }
    RemovalTableModel* ledgerModel() const { return ledger_; }
    QTableWidget* rulesTable() const { return rules_; }
    QTableWidget* compositionTable() const { return composition_; }
    QTableView* ledgerView() const { return ledgerView_; }
    ScoreHistogramView* histogram() const { return histogram_; }
    // Bulk actions (BulkActions; the window fills the menus) on the run's result: every removed
    // sentence, or those rule `rule` removed (-1: the rule chosen in the rules table). Null
    // targets when there is nothing removed.
    // The boundary thumbnail of a score-based run at the histogram's threshold (it starts at the
    // run's own; histogram()->setThreshold moves it): the sentences nearest it on each side.
    BoundaryModel* boundaryModel() const { return boundary_; }
    QLabel* boundaryPercentile() const { return percentile_; }
    QMenu* removedMenu() const { return removedMenu_; }
    QMenu* ruleMenu() const { return ruleMenu_; }
    BulkTarget removedTarget() const;
    BulkTarget ruleTarget(int rule = -1) const;

signals:
    void runShown(qint64 runId);  // setRun() filled the figures
    void pageShown(int rows);  // the ledger's row count after a page arrived
    void pageFailed(const QString& message);
    // The boundary thumbnail at `threshold` arrived.
    void boundaryShown(double threshold);

private:
    void requestPage(qint64 afterSentenceId);
    void fillRules();
    void fillComposition();
    void updateCount();
    void setUpBoundary();
    void showBoundary(double threshold);

    AsyncService& async_;
    QString project_;
    FilterViewData data_;
    QLabel* title_;
    QLabel* params_;
    QTableWidget* rules_;
    QTableWidget* composition_;
    ScoreHistogramView* histogram_;
    QLabel* noHistogram_;
    QStackedWidget* histogramStack_;
    RemovalTableModel* ledger_;
    QTableView* ledgerView_;
    QLabel* count_;
    QPushButton* removedButton_;
    QPushButton* ruleButton_;
    QMenu* removedMenu_;
    QMenu* ruleMenu_;
    int pageSize_ = kDefaultPageSize;
    QWidget* boundaryBox_;
    QLabel* percentile_;
    QLabel* boundaryNote_;
    BoundaryModel* boundary_;
    QTableView* boundaryView_;
};
