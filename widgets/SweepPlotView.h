#pragma once
// Criterion-against-parameter lines, e.g. BIC and AIC against k from one k-sweep job:
// one line per series, the minimum of each marked and labelled ("min at k = 8"), a click
// near a sampled x emits pointActivated(x) so the app can open that run.
#include <QStringList>
#include <QVector>
#include <QWidget>

class QCustomPlot;
class QLabel;
class QMouseEvent;

struct SweepSeries {
    QString name;       // e.g. "BIC"
    QVector<double> y;  // one value per x; NaN = missing (failed fit)
};

class SweepPlotView : public QWidget {
    Q_OBJECT
public:
    explicit SweepPlotView(QWidget* parent = nullptr);

    void setSweep(const QVector<double>& x, const QVector<SweepSeries>& series);
    void setAxisLabels(const QString& x, const QString& y);
    // Index into x of the series' smallest finite value, -1 if none.
    int bestIndex(int series) const;
    QCustomPlot* plot() const { return plot_; }
    bool save(const QString& path, QString* error = nullptr);

signals:
    void pointActivated(double x);

private:
    void onClick(QMouseEvent* event);
    QCustomPlot* plot_;
    QLabel* summary_;
    QVector<double> x_;
    QVector<SweepSeries> series_;
};
