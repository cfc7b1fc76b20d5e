#include "PrecisionCutoffView.h"

#include "PlotExport.h"
#include "PlotPalette.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

PrecisionCutoffView::PrecisionCutoffView(QWidget* parent) : QWidget(parent) {
    plot_ = new QCustomPlot(this);
    plot_->setMinimumSize(360, 240);
    PlotPalette::applyStyle(plot_);
    plot_->xAxis->setLabel(tr("Cut-off (top N of the ranked pool)"));
    plot_->yAxis->setLabel(tr("Precision (share in-domain)"));
    plot_->yAxis->setRange(0, 1.02);
    plot_->legend->setVisible(true);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignLeft);
    plot_->setAutoAddPlottableToLegend(false);
    title_ = new QLabel(this);
    PlotExport::layOutWithSaveButton(this, plot_, title_, tr("precision-at-cutoff"));
}

void PrecisionCutoffView::setCurves(const QVector<CutoffCurve>& curves, qint64 relevant, const QString& title) {
    curves_ = curves;
    plot_->clearPlottables();
    plot_->clearItems();
    title_->setText(title);
    double maxX = 1;
    for (int i = 0; i < curves_.size(); ++i) {
        const auto& c = curves_[i];
        const QColor color = PlotPalette::category(i);
        auto* g = plot_->addGraph();
        g->setName(c.name);
        g->setPen(QPen(color, 2));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(color, 1.5), Qt::white, 6));
        g->setSelectable(QCP::stNone);
        const int n = int(std::min(c.cutoffs.size(), c.precision.size()));
        // Few points (one per cut-off): QCPGraph draws every one, no adaptive sampling.
        g->setData(c.cutoffs.mid(0, n), c.precision.mid(0, n), true);
        g->addToLegend();
        if (n) maxX = std::max(maxX, c.cutoffs[n - 1]);
    }
    if (relevant > 0) {
        auto* line = new QCPItemStraightLine(plot_);
        line->point1->setCoords(double(relevant), 0);
        line->point2->setCoords(double(relevant), 1);
        line->setPen(QPen(PlotPalette::muted(), 1, Qt::DashLine));
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(double(relevant), 1.0);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);  // text left of the line: never clipped at the edge
        label->setText(tr("true size %1 ").arg(relevant));
        label->setColor(PlotPalette::muted().darker(150));
        maxX = std::max(maxX, double(relevant));
    }
    plot_->xAxis->setRange(0, maxX * 1.05);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}
