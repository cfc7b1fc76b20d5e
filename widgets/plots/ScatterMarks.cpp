#include "ScatterMarks.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace {
// A mark at a stored position that is not finite (a damaged map) is left out, never drawn.
bool finite(const QPointF& p) { return std::isfinite(p.x()) && std::isfinite(p.y()); }
}  // namespace

ScatterMarks::ScatterMarks(QCustomPlot* plot) : QObject(plot), plot_(plot) {
    // Drawn in this order: links under matches under neighbours under the looked-up sentences.
    linkCurve_ = new QCPCurve(plot_->xAxis, plot_->yAxis);
    linkCurve_->removeFromLegend();
    linkCurve_->setSelectable(QCP::stNone);
    linkCurve_->setPen(QPen(QColor(20, 20, 20, 200), 1.2));
    linkCurve_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssNone));
    // Dark outline + bright fill: visible over any category colour and over the density image.
    matches_ = addLayer(QColor(0, 0, 0), QColor(255, 0, 110), QCPScatterStyle::ssCircle, 8, 1.2);
    neighbours_ = addLayer(QColor(0, 0, 0), QColor(255, 255, 255, 160), QCPScatterStyle::ssCircle, 12, 2.2);
    queries_ = addLayer(QColor(0, 0, 0), QColor(255, 214, 0), QCPScatterStyle::ssDiamond, 18, 2.0);
}

QCPGraph* ScatterMarks::addLayer(const QColor& pen, const QColor& brush, int shape, double size, double width) {
    auto* g = plot_->addGraph();
    g->removeFromLegend();
    g->setLineStyle(QCPGraph::lsNone);
    g->setAdaptiveSampling(false);  // every mark is drawn (ARCHITECTURE.md: QCPGraph thins silently otherwise)
    g->setSelectable(QCP::stNone);
    QCPScatterStyle style(QCPScatterStyle::ScatterShape(shape), pen, brush, size);
    style.setPen(QPen(pen, width));
    g->setScatterStyle(style);
    return g;
}

void ScatterMarks::put(QCPGraph* graph, const QVector<QPointF>& at) {
    QVector<QCPGraphData> data;
    data.reserve(at.size());
    for (const auto& p : at)
        if (finite(p)) data.append(QCPGraphData(p.x(), p.y()));
    // Sorted by x as QCPGraph requires; the marks have no order of their own.
    std::sort(data.begin(), data.end(), [](const QCPGraphData& a, const QCPGraphData& b) { return a.key < b.key; });
    graph->data()->set(data, true);
}

void ScatterMarks::setQueries(const QVector<QPointF>& at) {
    put(queries_, at);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ScatterMarks::setNeighbours(const QVector<QPointF>& at) {
    put(neighbours_, at);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ScatterMarks::setMatches(const QVector<QPointF>& at) {
    put(matches_, at);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ScatterMarks::setLinks(const QVector<QLineF>& links) {
    // One curve, the links separated by NaN points (gaps): a line each, in one plottable.
    QVector<QCPCurveData> data;
    data.reserve(links.size() * 3);
    double t = 0;
    int drawn = 0;
    for (const QLineF& l : links) {
        if (!finite(l.p1()) || !finite(l.p2())) continue;
        ++drawn;
        data.append(QCPCurveData(t++, l.x1(), l.y1()));
        data.append(QCPCurveData(t++, l.x2(), l.y2()));
        data.append(QCPCurveData(t++, qQNaN(), qQNaN()));
    }
    linkCurve_->data()->set(data, true);
    links_ = drawn;
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ScatterMarks::clear() {
    for (auto* g : {queries_, neighbours_, matches_}) g->data()->clear();
    linkCurve_->data()->clear();
    links_ = 0;
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

int ScatterMarks::queryCount() const { return queries_->dataCount(); }
int ScatterMarks::neighbourCount() const { return neighbours_->dataCount(); }
int ScatterMarks::matchCount() const { return matches_->dataCount(); }
