#include "ScoreCdfView.h"

#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include <qcustomplot.h>

#include "PlotPalette.h"
#include "ScoreRanking.h"

ScoreCdfView::ScoreCdfView(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
    PlotPalette::applyStyle(plot_);
    plot_->addGraph();
    plot_->graph(0)->setPen(QPen(PlotPalette::category(0), 2));
    plot_->graph(0)->setLineStyle(QCPGraph::lsStepLeft);
    plot_->yAxis->setRange(0, 1);
    plot_->yAxis->setLabel(tr("Share ≤ score"));
    threshold_ = new QCPItemStraightLine(plot_);
    threshold_->setPen(QPen(Qt::black, 1.5, Qt::DashLine));
    threshold_->setVisible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    setMinimumSize(220, 160);
}

void ScoreCdfView::setScores(const QVector<double>& scores, const QString& label) {
    QVector<double> sorted;
    sorted.reserve(scores.size());
    for (double s : scores)
        if (!std::isnan(s)) sorted << s;
    std::sort(sorted.begin(), sorted.end());
    x_.clear();
    y_.clear();
    const qsizetype n = sorted.size();
    const qsizetype step = std::max<qsizetype>(1, n / 2000);
    for (qsizetype i = 0; i < n; i += step) {
        x_ << sorted[i];
        y_ << double(i + 1) / double(n);
    }
    if (n > 0 && x_.last() != sorted.last()) {
        x_ << sorted.last();
        y_ << 1.0;
    }
    plot_->graph(0)->setData(x_, y_, true);
    plot_->xAxis->setLabel(label);
    if (n > 0) plot_->xAxis->setRange(sorted.first(), sorted.last() + (sorted.last() == sorted.first() ? 1 : 0));
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ScoreCdfView::setRanking(const ScoreRanking& ranking, const QString& label) {
    const qint64 n = ranking.size();
    // i-th smallest score: ranks are best-first, so count from the end when higher is better.
    auto ascending = [&](qint64 i) { return ranking.scoreAtRank(ranking.higherIsBetter() ? n - 1 - i : i); };
    x_.clear();
    y_.clear();
    const qint64 step = std::max<qint64>(1, n / 2000);
    for (qint64 i = 0; i < n; i += step) {
        x_ << ascending(i);
        y_ << double(i + 1) / double(n);
    }
    if (n > 0 && x_.last() != ascending(n - 1)) {
        x_ << ascending(n - 1);
        y_ << 1.0;
    }
    plot_->graph(0)->setData(x_, y_, true);
    plot_->xAxis->setLabel(label);
    if (n > 0) plot_->xAxis->setRange(ascending(0), ascending(n - 1) + (ascending(n - 1) == ascending(0) ? 1 : 0));
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ScoreCdfView::setThreshold(double threshold) {
    threshold_->point1->setCoords(threshold, 0);
    threshold_->point2->setCoords(threshold, 1);
    threshold_->setVisible(std::isfinite(threshold));
    plot_->replot(QCustomPlot::rpQueuedReplot);
}
