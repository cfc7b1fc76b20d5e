#include "SweepPlotView.h"

#include "PlotExport.h"
#include "PlotPalette.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

SweepPlotView::SweepPlotView(QWidget* parent) : QWidget(parent) {
    plot_ = new QCustomPlot(this);
    plot_->setMinimumSize(320, 220);
    PlotPalette::applyStyle(plot_);
    plot_->xAxis->setLabel(tr("k (mixture components)"));
    plot_->yAxis->setLabel(tr("Criterion (lower is better)"));
    plot_->legend->setVisible(false);  // an empty legend box until a sweep names its lines
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    plot_->setAutoAddPlottableToLegend(false);
    connect(plot_, &QCustomPlot::mousePress, this, &SweepPlotView::onClick);
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("summary"));
    summary_->setWordWrap(true);  // the empty text is long in German: wraps rather than widening the window
    PlotExport::layOutWithSaveButton(this, plot_, summary_, tr("sweep"));
}

void SweepPlotView::setAxisLabels(const QString& x, const QString& y) {
    plot_->xAxis->setLabel(x);
    plot_->yAxis->setLabel(y);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

int SweepPlotView::bestIndex(int s) const {
    if (s < 0 || s >= series_.size()) return -1;
    int best = -1;
    const QVector<double>& y = series_[s].y;
    for (int i = 0; i < std::min(y.size(), x_.size()); ++i)
        if (std::isfinite(y[i]) && (best < 0 || (higherIsBetter_ ? y[i] > y[best] : y[i] < y[best]))) best = i;
    return best;
}

void SweepPlotView::setXTickLabels(const QVector<double>& at, const QStringList& labels) {
    tickAt_ = at;
    tickLabels_ = labels;
    if (at.isEmpty()) {
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    } else {
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (qsizetype i = 0; i < std::min(at.size(), labels.size()); ++i) ticker->addTick(at[i], labels[i]);
        plot_->xAxis->setTicker(ticker);
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void SweepPlotView::setEmptyText(const QString& text) {
    emptyText_ = text;
    if (series_.isEmpty()) summary_->setText(text);
}

void SweepPlotView::setTitle(const QString& title) {
    if (plot_->plotLayout()->rowCount() > 1) {
        plot_->plotLayout()->remove(plot_->plotLayout()->element(0, 0));
        plot_->plotLayout()->simplify();
    }
    if (!title.isEmpty()) {
        plot_->plotLayout()->insertRow(0);
        auto* text = new QCPTextElement(plot_, title, QFont(font().family(), 10, QFont::Bold));
        plot_->plotLayout()->addElement(0, 0, text);
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

QString SweepPlotView::xText(double x) const {
    const qsizetype i = tickAt_.indexOf(x);
    return i >= 0 && i < tickLabels_.size() ? tickLabels_[i] : QLocale().toString(x);
}

void SweepPlotView::setSweep(const QVector<double>& x, const QVector<SweepSeries>& series) {
    x_ = x;
    series_ = series;
    plot_->clearPlottables();
    plot_->clearItems();
    QStringList notes;
    for (int s = 0; s < series_.size(); ++s) {
        const QColor color = PlotPalette::category(s);
        auto* g = plot_->addGraph();
        g->setName(series_[s].name);
        g->setPen(QPen(color, 2));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(color, 1.5), Qt::white, 7));
        g->setSelectable(QCP::stNone);
        g->addToLegend();
        // NaN breaks the line at a failed fit instead of joining its neighbours.
        const int n = int(std::min(x_.size(), series_[s].y.size()));
        g->setData(x_.mid(0, n), series_[s].y.mid(0, n));
        const int b = markBest_ ? bestIndex(s) : -1;
        if (b < 0 || !std::isfinite(x_[b])) continue;
        auto* best = plot_->addGraph();
        best->setLineStyle(QCPGraph::lsNone);
        best->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QPen(color.darker(140), 1.5), color, 11));
        best->setData(QVector<double>{x_[b]}, QVector<double>{series_[s].y[b]});
        best->setSelectable(QCP::stNone);
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(x_[b], series_[s].y[b]);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->setPadding(QMargins(2, 2, 2, 8));
        label->setColor(color.darker(140));
        const QString where = xText(x_[b]);
        label->setText(higherIsBetter_ ? tr("max at %1").arg(where) : tr("min at %1").arg(where));
        notes << (higherIsBetter_ ? tr("%1: highest at %2").arg(series_[s].name, where)
                                  : tr("%1: lowest at %2").arg(series_[s].name, where));
    }
    summary_->setText(series_.isEmpty() ? emptyText_ : notes.join(QStringLiteral(" · ")));
    plot_->legend->setVisible(!series_.isEmpty());
    plot_->rescaleAxes();
    // Room around the points so markers and "min at" labels are not cut by the frame.
    plot_->xAxis->scaleRange(1.08, plot_->xAxis->range().center());
    plot_->yAxis->scaleRange(1.15, plot_->yAxis->range().center());
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void SweepPlotView::onClick(QMouseEvent* event) {
    if (x_.isEmpty() || event->button() != Qt::LeftButton) return;
    // The nearest sampled x within 10 px of the click.
    int best = -1;
    double bestPx = 10;
    for (int i = 0; i < x_.size(); ++i) {
        const double d = std::abs(plot_->xAxis->coordToPixel(x_[i]) - event->position().x());
        if (d <= bestPx) bestPx = d, best = i;
    }
    if (best >= 0) emit pointActivated(x_[best]);
}

bool SweepPlotView::save(const QString& path, QString* error) { return PlotExport::save(plot_, path, 0, 0, error); }
