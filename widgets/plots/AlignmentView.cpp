#include "AlignmentView.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "PlotExport.h"
#include "PlotPalette.h"

namespace {

constexpr double kHoverPx = 8;  // a point counts as hovered within this many pixels

QVector<QCPGraphData> sortedByX(const QVector<QPointF>& points) {
    QVector<QCPGraphData> d;
    d.reserve(points.size());
    for (const auto& p : points) d.append(QCPGraphData(p.x(), p.y()));
    std::sort(d.begin(), d.end(), [](const QCPGraphData& a, const QCPGraphData& b) { return a.key < b.key; });
    return d;
}

}  // namespace

AlignmentView::AlignmentView(QWidget* parent) : QWidget(parent) {
    title_ = new QLabel(tr("Show a cross-lingual selection run to see its alignment."), this);
    title_->setWordWrap(true);
    pairText_ = new QLabel(tr("Hover a point to join it to its translation."), this);
    pairText_->setWordWrap(true);
    pairText_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    before_ = makePlot(tr("Before the adaptive layer"));
    after_ = makePlot(tr("After the adaptive layer"));
    beforeLine_ = new QCPItemLine(before_);
    afterLine_ = new QCPItemLine(after_);
    for (auto* line : {beforeLine_, afterLine_}) {
        line->setPen(QPen(Qt::black, 2));
        line->setVisible(false);
    }
    auto* plots = new QHBoxLayout;
    plots->addWidget(before_);
    plots->addWidget(after_);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title_);
    layout->addLayout(plots, 1);
    layout->addWidget(pairText_);
    connect(before_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) { onMouseMove(before_, e); });
    connect(after_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) { onMouseMove(after_, e); });
}

QCustomPlot* AlignmentView::makePlot(const QString& title) {
    auto* plot = new QCustomPlot(this);
    plot->setMinimumSize(320, 280);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(
        0, 0, new QCPTextElement(plot, title, QFont(font().family(), font().pointSize() + 1, QFont::Bold)));
    plot->xAxis->setLabel(tr("PC1"));
    plot->yAxis->setLabel(tr("PC2"));
    plot->legend->setVisible(false);  // until a run names the two languages (fill)
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    PlotPalette::applyStyle(plot);
    for (int side = 0; side < 2; ++side) {
        auto* g = plot->addGraph();
        g->setLineStyle(QCPGraph::lsNone);
        g->setAdaptiveSampling(false);  // every sentence is drawn
        QColor fill = PlotPalette::category(side);
        fill.setAlpha(170);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, fill.darker(130), fill, 6));
    }
    return plot;
}

void AlignmentView::setMessage(const QString& message) {
    data_ = {};
    title_->setText(message);
    for (auto* plot : {before_, after_}) {
        for (int i = 0; i < plot->graphCount(); ++i) plot->graph(i)->data()->clear();
        plot->legend->setVisible(false);
        plot->replot();
    }
    highlightPair(-1);
    emit dataShown();
}

void AlignmentView::setData(AlignmentData data) {
    data_ = std::move(data);
    title_->setText(data_.title);
    fill(before_, data_.beforeA, data_.beforeB);
    fill(after_, data_.afterA, data_.afterB);
    highlightPair(-1);
    emit dataShown();
}

void AlignmentView::fill(QCustomPlot* plot, const QVector<QPointF>& a, const QVector<QPointF>& b) {
    plot->graph(0)->data()->set(sortedByX(a), true);
    plot->graph(1)->data()->set(sortedByX(b), true);
    plot->graph(0)->setName(data_.languageA.isEmpty() ? tr("Language A") : data_.languageA);
    plot->graph(1)->setName(data_.languageB.isEmpty() ? tr("Language B") : data_.languageB);
    plot->legend->setVisible(true);
    plot->rescaleAxes();
    plot->xAxis->scaleRange(1.1);
    plot->yAxis->scaleRange(1.1);
    plot->replot();
}

int AlignmentView::pairAt(QCustomPlot* plot, const QVector<QPointF>& a, const QVector<QPointF>& b,
                          const QPoint& pixel) const {
    int best = -1;
    double bestDistance = kHoverPx * kHoverPx;
    for (const auto* side : {&a, &b})
        for (qsizetype i = 0; i < side->size(); ++i) {
            const double dx = plot->xAxis->coordToPixel((*side)[i].x()) - pixel.x();
            const double dy = plot->yAxis->coordToPixel((*side)[i].y()) - pixel.y();
            if (dx * dx + dy * dy < bestDistance) bestDistance = dx * dx + dy * dy, best = int(i);
        }
    return best;
}

void AlignmentView::onMouseMove(QCustomPlot* plot, QMouseEvent* event) {
    const bool isBefore = plot == before_;
    const int pair =
        pairAt(plot, isBefore ? data_.beforeA : data_.afterA, isBefore ? data_.beforeB : data_.afterB, event->pos());
    if (pair == highlighted_) return;
    highlightPair(pair);
    emit pairHovered(pair);
}

void AlignmentView::highlightPair(int pair) {
    highlighted_ = pair >= 0 && pair < data_.beforeA.size() && pair < data_.beforeB.size() ? pair : -1;
    auto place = [this](QCPItemLine* line, const QVector<QPointF>& a, const QVector<QPointF>& b) {
        const auto finite = [](const QPointF& p) { return std::isfinite(p.x()) && std::isfinite(p.y()); };
        line->setVisible(highlighted_ >= 0 && highlighted_ < a.size() && highlighted_ < b.size() &&
                         finite(a[highlighted_]) && finite(b[highlighted_]));
        if (!line->visible()) return;
        line->start->setCoords(a[highlighted_]);
        line->end->setCoords(b[highlighted_]);
    };
    place(beforeLine_, data_.beforeA, data_.beforeB);
    place(afterLine_, data_.afterA, data_.afterB);
    if (highlighted_ < 0) {
        pairText_->setText(tr("Hover a point to join it to its translation."));
    } else {
        pairText_->setText(QStringLiteral("%1: %2\n%3: %4")
                               .arg(data_.languageA, data_.textsA.value(highlighted_), data_.languageB,
                                    data_.textsB.value(highlighted_)));
    }
    before_->replot(QCustomPlot::rpQueuedReplot);
    after_->replot(QCustomPlot::rpQueuedReplot);
}

bool AlignmentView::save(const QString& path, QString* error) { return PlotExport::saveWidget(this, path, error); }
