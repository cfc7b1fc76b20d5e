#pragma once
// Histogram of selection scores with a draggable threshold line and a top-k box kept in
// sync (threshold ↔ k through ScoreRanking), a live count and — when domain labels are
// given — live precision/recall/F1 and a small PR curve with the current cut marked.
// Higher score = more in-domain unless setScores(…, false) says lower is better
// (e.g. cross-entropy difference).
#include "ScoreRanking.h"

#include <QWidget>

class QCPBars;
class QCPGraph;
class QCPCurve;
class QCPItemStraightLine;
class QCPItemText;
class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QMouseEvent;
class QSpinBox;

class ScoreHistogramView : public QWidget {
    Q_OBJECT
public:
    explicit ScoreHistogramView(QWidget* parent = nullptr);

    void setScores(const QVector<double>& scores, bool higherIsBetter = true);  // keeps k if possible
    void setLabels(const QVector<bool>& relevant);  // empty = no labels: PR curve hidden
    // Shows a ranking sorted (and labelled) elsewhere, e.g. off the GUI thread: at 1.5M scores
    // the sort is what would stall the window. Keeps k if possible, like setScores.
    void setRanking(ScoreRanking ranking);
    void setScoreLabel(const QString& label);       // x-axis title, e.g. "Domain-Cosine score"
    // Scores that are not a selection's (a filter run's removed sentences): the names of the two
    // sides of the line, the summary ("%1 of %2 ... (%3%)": count past the line, total,
    // percent) and no precision/recall pane.
    void setCutWording(const QString& inside, const QString& outside, const QString& summaryFormat);
    void setBinCount(int bins);

    double threshold() const { return threshold_; }
    qint64 topK() const { return k_; }
    const ScoreRanking& ranking() const { return ranking_; }
    ScoreRanking::Stats stats() const { return ranking_.statsForTopK(k_); }
    QString summaryText() const;
    QCustomPlot* histogramPlot() const { return hist_; }
    QCustomPlot* prPlot() const { return pr_; }
    bool saveHistogram(const QString& path, QString* error = nullptr);

public slots:
    void setThreshold(double threshold);
    void setTopK(qint64 k);

signals:
    void thresholdChanged(double threshold);
    void topKChanged(qint64 k);

private:
    void rebuildHistogram();
    void applyRanking();
    void refreshLabelViews();
    void updateSelectionViews();
    void onPress(QMouseEvent* event);
    void onMove(QMouseEvent* event);
    void onRelease(QMouseEvent* event);
    double clampThreshold(double t) const;

    ScoreRanking ranking_;
    double threshold_ = 0;
    qint64 k_ = 0;
    int bins_ = 80;
    bool dragging_ = false;
    QVector<double> binCenters_;
    QVector<qint64> binRankStart_, binCount_;  // bin j holds ranks [start, start + count)
    double binWidth_ = 1;

    QCustomPlot* hist_;
    QCPBars* inBars_;
    QCPBars* outBars_;
    QCPGraph* relevantGraph_;
    QCPItemStraightLine* line_;
    QCPItemText* lineLabel_;
    QCustomPlot* pr_;
    QCPCurve* prCurve_;
    QCPGraph* prMarker_;
    QLabel* noLabels_;
    QDoubleSpinBox* thresholdBox_;
    QSpinBox* kBox_;
    QLabel* summary_;
    QString summaryFormat_;  // empty: a selection's wording
    bool prPaneShown_ = true;
};
