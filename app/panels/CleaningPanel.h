#pragma once
// The Cleaning tab: one filter run (Analysis > Filter Corpus, or a filter run activated in the
// Runs list). Kept and removed per rule; the corpus's composition (domain and cluster shares)
// before and after; the removed sentences' scores with the threshold (score-based kinds); the
// ledger of removed sentences, each beside the kept sentence it duplicates, paged from the
// project off the GUI thread as the table scrolls (app/services/FilterQueries.h).
#include <QWidget>

#include "FilterViewData.h"

class AsyncService;
class QLabel;
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

signals:
    void runShown(qint64 runId);  // setRun() filled the figures
    void pageShown(int rows);  // the ledger's row count after a page arrived
    void pageFailed(const QString& message);
    // "Tag removed…": every sentence the run removed, to be tagged (MainWindow asks the tag).
    void tagRemovedRequested(qint64 filterRunId);

private:
    void requestPage(qint64 afterSentenceId);
    void fillRules();
    void fillComposition();
    void updateCount();

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
    QPushButton* tagRemoved_;
    int pageSize_ = kDefaultPageSize;
};
