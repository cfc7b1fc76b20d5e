#pragma once
// The paper's outlier analysis (Aharoni & Goldberg section 2.6) of one clustering run as a
// panel: per target cluster, outliers vs all sentences (count, mean tokens, share with digits,
// share with a pronoun or '?'); clicking a figure lists the sentences behind it. Figures and
// sentence lists are read on the window's AsyncService (core/reports/OutlierAnalysis.h),
// never on the GUI thread. Table and list save as CSV. GUI thread.
#include <QWidget>

class AsyncService;
class OutlierFiguresModel;
class QLabel;
class QTableView;
class SearchHitModel;

class OutlierAnalysisPanel : public QWidget {
    Q_OBJECT
public:
    explicit OutlierAnalysisPanel(AsyncService& async, QWidget* parent = nullptr);
    void showRun(const QString& projectPath, qint64 runId);
    // Lists the sentences behind the figure at (row, column) of the table (as a click does).
    void showFigure(int row, int column);
    OutlierFiguresModel* figures() const { return figures_; }
    // A run's figures are being read (figuresShown follows, with 0 rows after an error).
    bool figuresPending() const { return figuresPending_; }
    SearchHitModel* sentences() const { return sentences_; }
    QTableView* figuresView() const { return figuresView_; }

signals:
    void figuresShown(int rows);
    void sentencesShown(int listed, qint64 total);
    // A listed sentence was double-clicked: look it up on the Search tab.
    void lookUpRequested(const QString& sentence);

private:
    AsyncService& async_;  // the window's; outlives this panel
    QString projectPath_;
    qint64 runId_ = 0;
    bool figuresPending_ = false;
    QLabel* title_;
    QLabel* listTitle_;
    OutlierFiguresModel* figures_;
    QTableView* figuresView_;
    SearchHitModel* sentences_;
    QTableView* sentencesView_;
};
