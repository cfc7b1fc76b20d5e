#pragma once
// Cumulative distribution of selection scores over the pool (Vu et al. 2021, Fig. 6):
// the share of pool sentences scoring at most x, with the current threshold marked.
#include <QVector>
#include <QWidget>

class QCustomPlot;
class ScoreRanking;
class QCPItemStraightLine;

class ScoreCdfView : public QWidget {
    Q_OBJECT
public:
    explicit ScoreCdfView(QWidget* parent = nullptr);
    // NaN scores are ignored. At most ~2,000 points are drawn (evenly spaced quantiles).
    void setScores(const QVector<double>& scores, const QString& label);
    void setThreshold(double threshold);
    // The same curve from scores already sorted (a ScoreRanking): O(points), no sort.
    void setRanking(const ScoreRanking& ranking, const QString& label);
    // The plotted curve (x = score, y = share <= x), for tests.
    const QVector<double>& curveX() const { return x_; }
    const QVector<double>& curveY() const { return y_; }
    QCustomPlot* plot() const { return plot_; }

private:
    QCustomPlot* plot_;
    QCPItemStraightLine* threshold_;
    QVector<double> x_, y_;
};
