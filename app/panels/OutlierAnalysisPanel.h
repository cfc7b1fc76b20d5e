#pragma once
// The paper's outlier analysis (Aharoni & Goldberg section 2.6) of one clustering run as a
// panel: per target cluster, outliers vs all sentences (count, mean tokens, share with digits,
// share with a pronoun or '?'); clicking a figure lists the sentences behind it. Figures and
// sentence lists are read on the window's AsyncService (core/reports/OutlierAnalysis.h),
// never on the GUI thread. Table and list save as CSV.
// Below them the paper's Fig. 4 ("Domain centroids (Fig. 4)"): the run's domain-centroid cosine
// matrix as a heat-map table, and a cross-domain score matrix the user loads from a CSV file
// (read, checked and correlated off the GUI thread: OutlierAnalysisQueries, core's report
// functions), shown as Pearson r with and without the same-domain points and as a scatter of
// cosine against score with the same-domain points marked. GUI thread.
#include <QString>
#include <QWidget>

#include "CentroidScoreData.h"

class AsyncService;
class CentroidCosineModel;
class CentroidScoreView;
class OutlierFiguresModel;
class QLabel;
class QPushButton;
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

    // Fig. 4: reads `csvPath` as a cross-domain score matrix and correlates it with the shown
    // run's centroid cosines (as the "Load cross-domain scores (CSV)…" button does after its
    // file dialog); scoresShown follows. A later run shown reads the same file again.
    void loadScores(const QString& csvPath);
    CentroidCosineModel* centroids() const { return centroids_; }
    bool centroidsPending() const { return centroidsPending_; }
    CentroidScoreView* scoreView() const { return scoreView_; }
    QPushButton* loadScoresButton() const { return loadScores_; }
    // The r values (or the error) and the domains either side lacks, as shown.
    QString correlationText() const;
    QString missingDomainsText() const;

signals:
    void figuresShown(int rows);
    // The run's centroid matrix was read (`domains` rows; 0 when the run has none or on error).
    void centroidsShown(int domains);
    // A score matrix was read and correlated (ok), or refused (the message is in correlationText).
    void scoresShown(bool ok);
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
    // Fig. 4
    void showCorrelation(const ScoreCorrelationData& d);
    QWidget* makeCentroidPane();
    bool centroidsPending_ = false;
    QString scoresPath_;  // the loaded score matrix ("" = none)
    QVector<CentroidScorePoint> scorePoints_;  // its pairs for the shown run (the table's tooltips)
    QLabel* centroidTitle_ = nullptr;
    CentroidCosineModel* centroids_ = nullptr;
    QTableView* centroidView_ = nullptr;
    QPushButton* loadScores_ = nullptr;
    QLabel* correlation_ = nullptr;
    QLabel* missing_ = nullptr;
    CentroidScoreView* scoreView_ = nullptr;
};
