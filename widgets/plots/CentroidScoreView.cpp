#include "CentroidScoreView.h"

#include "PlotExport.h"
#include "PlotPalette.h"

#include <qcustomplot.h>

#include <QLabel>

#include <algorithm>
#include <cmath>

CentroidScoreView::CentroidScoreView(QWidget* parent) : QWidget(parent) {
    plot_ = new QCustomPlot(this);
    plot_->setMinimumSize(300, 220);
    PlotPalette::applyStyle(plot_);
    plot_->xAxis->setLabel(tr("Domain-centroid cosine"));
    plot_->yAxis->setLabel(tr("Score (from the file)"));
    plot_->legend->setVisible(true);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    plot_->setAutoAddPlottableToLegend(false);
    // Few points (domains²): no adaptive sampling, every point drawn.
    auto graph = [this](const QString& name, const QCPScatterStyle& style) {
        auto* g = plot_->addGraph();
        g->setName(name);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(style);
        g->setAdaptiveSampling(false);
        g->setSelectable(QCP::stNone);
        g->addToLegend();
        return g;
    };
    const QColor blue = PlotPalette::category(0), red = PlotPalette::category(2);
    different_ =
        graph(tr("Different domains"), QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(blue, 1.5), Qt::white, 7));
    same_ = graph(tr("Same domain (trained and tested on one)"),
                  QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(red.darker(130), 1.2), red, 9));
    title_ = new QLabel(this);
    PlotExport::layOutWithSaveButton(this, plot_, title_, tr("centroid-cosine-vs-score"));
}

void CentroidScoreView::setCorrelation(const ScoreCorrelationData& data) {
    QVector<double> dx, dy, sx, sy;
    for (const auto& p : data.points) {
        if (!std::isfinite(p.cosine) || !std::isfinite(p.score)) continue;
        (p.sameDomain() ? sx : dx).append(p.cosine);
        (p.sameDomain() ? sy : dy).append(p.score);
    }
    different_->setData(dx, dy);
    same_->setData(sx, sy);
    title_->setText(tr("Fig. 4: domain-centroid cosine against the scores, one point per (train, test) pair"));
    if (!dx.isEmpty() || !sx.isEmpty()) {
        auto range = [](const QVector<double>& a, const QVector<double>& b) {
            double lo = INFINITY, hi = -INFINITY;
            for (const auto* v : {&a, &b})
                for (double x : *v) lo = std::min(lo, x), hi = std::max(hi, x);
            const double pad = std::max((hi - lo) * 0.08, 1e-3 * std::max(1.0, std::abs(lo)));
            return QCPRange(lo - pad, hi + pad);
        };
        plot_->xAxis->setRange(range(dx, sx));
        plot_->yAxis->setRange(range(dy, sy));
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void CentroidScoreView::clear() {
    different_->data()->clear();
    same_->data()->clear();
    title_->clear();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

int CentroidScoreView::pointCount(bool sameDomain) const { return (sameDomain ? same_ : different_)->dataCount(); }
