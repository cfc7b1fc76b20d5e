#pragma once
// Criterion-against-parameter lines, e.g. BIC and AIC against k from one k-sweep job, or
// purity / NMI / silhouette against the encoder layer from a layer sweep: one line per
// series, the best of each (minimum, or maximum) marked and labelled ("min at 8"), a click
// near a sampled x emits pointActivated(x) so the app can open that run.
#include "SweepSeries.h"

#include <QStringList>
#include <QVector>
#include <QWidget>

class QCustomPlot;
class QLabel;
class QMouseEvent;

class SweepPlotView : public QWidget {
    Q_OBJECT
public:
    explicit SweepPlotView(QWidget* parent = nullptr);

    void setSweep(const QVector<double>& x, const QVector<SweepSeries>& series);
    void setAxisLabels(const QString& x, const QString& y);
    // What the view says while it has no sweep (below the plot, where the best points are
    // listed once there is one): which dialog makes one.
    void setEmptyText(const QString& text);
    // A title above the plot (also in saved images); empty = none.
    void setTitle(const QString& title);
    // Criteria where higher is better (purity, NMI, silhouette): the maximum is marked.
    void setHigherIsBetter(bool higher) { higherIsBetter_ = higher; }
    // Curves over training (dev loss per step): no best point marked or listed.
    void setMarkBest(bool mark) { markBest_ = mark; }
    // Text for x ticks instead of numbers (e.g. "last" for layer -1); empty = numbers.
    void setXTickLabels(const QVector<double>& at, const QStringList& labels);
    // Index into x of the series' best finite value (smallest, or largest), -1 if none.
    int bestIndex(int series) const;
    QCustomPlot* plot() const { return plot_; }
    bool save(const QString& path, QString* error = nullptr);

signals:
    void pointActivated(double x);

private:
    void onClick(QMouseEvent* event);
    QString xText(double x) const;
    QCustomPlot* plot_;
    QLabel* summary_;
    QVector<double> x_;
    QVector<SweepSeries> series_;
    bool higherIsBetter_ = false;
    bool markBest_ = true;
    QVector<double> tickAt_;
    QStringList tickLabels_;
    QString emptyText_;
};
