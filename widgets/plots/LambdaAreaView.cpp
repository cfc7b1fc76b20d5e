#include "LambdaAreaView.h"

#include "PlotExport.h"
#include "PlotPalette.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <numeric>

LambdaAreaView::LambdaAreaView(QWidget* parent) : QWidget(parent) {
    plot_ = new QCustomPlot(this);
    plot_->setMinimumSize(320, 220);
    PlotPalette::applyStyle(plot_);
    plot_->xAxis->setLabel(tr("Training step"));
    plot_->yAxis->setLabel(tr("λ (sampling mixture)"));
    plot_->yAxis->setRange(0, 1);
    plot_->legend->setVisible(false);  // shown once a trajectory names its groups
    plot_->setAutoAddPlottableToLegend(false);
    // The legend beside the plot, not over the bands.
    // (a column of its own: the legend at its top, an empty element below takes the height)
    plot_->axisRect()->insetLayout()->take(plot_->legend);
    auto* side = new QCPLayoutGrid;
    plot_->plotLayout()->addElement(0, 1, side);
    plot_->plotLayout()->setColumnStretchFactor(1, 0.001);
    side->addElement(0, 0, plot_->legend);
    side->addElement(1, 0, new QCPLayoutElement(plot_));
    side->setRowStretchFactor(0, 0.001);
    plot_->legend->setFillOrder(QCPLegend::foRowsFirst);
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    PlotExport::layOutWithSaveButton(this, plot_, summary_, tr("lambda"));
}

void LambdaAreaView::clear(const QString& message) {
    plot_->clearPlottables();
    plot_->legend->clearItems();
    plot_->legend->setVisible(false);  // no empty legend box beside an empty plot
    summary_->setText(message);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void LambdaAreaView::setTrajectory(const LambdaTrajectoryData& t, const QString& title) {
    plot_->clearPlottables();
    plot_->legend->clearItems();
    if (t.isEmpty()) {
        clear(tr("No λ trajectory."));
        return;
    }
    const int n = int(t.x.size());
    // x of the steps plus the end, so the last lambda is drawn as a band too.
    QVector<double> xs = t.x;
    double end = std::max(t.end, t.x.back());
    // A log does not say where its last lambda stops: drawn for one more interval.
    if (end <= t.x.back() && n >= 2) end = t.x.back() + (t.x.back() - t.x[n - 2]);
    if (end > t.x.back()) xs << end;
    QVector<double> below(xs.size(), 0.0);
    QList<QCPGraph*> bands;
    for (int g = 0; g < t.groups.size() && g < t.lambda.size(); ++g) {
        QVector<double> top(xs.size());
        for (int i = 0; i < xs.size(); ++i) top[i] = below[i] + t.lambda[g].value(std::min(i, n - 1), 0.0);
        const QColor color = PlotPalette::category(g);
        auto* band = plot_->addGraph();
        band->setName(t.groups[g]);
        band->setLineStyle(QCPGraph::lsStepLeft);
        band->setPen(QPen(color.darker(115), 1));
        QColor fill = color;
        fill.setAlpha(210);
        band->setBrush(fill);
        if (!bands.isEmpty()) band->setChannelFillGraph(bands.back());
        band->setData(xs, top, true);
        band->setSelectable(QCP::stNone);
        bands << band;
        below = top;
    }
    // The legend in the bands' order, top band first; of many groups the kLegendGroups with the
    // largest final weight.
    QVector<int> order(bands.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return t.lambda[a].last() > t.lambda[b].last(); });
    order.resize(std::min<qsizetype>(order.size(), kLegendGroups));
    std::sort(order.begin(), order.end(), std::greater<>());
    for (int g : order) bands[g]->addToLegend();
    plot_->legend->setVisible(true);
    plot_->xAxis->setLabel(t.xName == QLatin1String("session") ? tr("MDAC session") : tr("Training step"));
    plot_->xAxis->setRange(xs.first(), xs.last() > xs.first() ? xs.last() : xs.first() + 1);
    plot_->yAxis->setRange(0, 1);
    QString text = title;
    if (bands.size() > kLegendGroups)
        text += (text.isEmpty() ? QString() : QStringLiteral(" · ")) +
                tr("%1 groups; the legend lists the %2 largest at the end").arg(bands.size()).arg(kLegendGroups);
    summary_->setText(text);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

int LambdaAreaView::bandCount() const { return plot_->graphCount(); }

QVector<double> LambdaAreaView::drawnX() const {
    QVector<double> out;
    if (plot_->graphCount() == 0) return out;
    for (auto it = plot_->graph(0)->data()->constBegin(); it != plot_->graph(0)->data()->constEnd(); ++it)
        out << it->key;
    return out;
}

QVector<double> LambdaAreaView::upperEdge(int g) const {
    QVector<double> out;
    if (g < 0 || g >= plot_->graphCount()) return out;
    for (auto it = plot_->graph(g)->data()->constBegin(); it != plot_->graph(g)->data()->constEnd(); ++it)
        out << it->value;
    return out;
}

bool LambdaAreaView::save(const QString& path, QString* error) { return PlotExport::save(plot_, path, 0, 0, error); }
