#include "ScatterPlotView.h"

#include "DisplayText.h"
#include "PlotExport.h"
#include "PlotPalette.h"
#include "ScatterLayer.h"

#include <qcustomplot.h>

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {
QString number(qint64 n) { return QLocale().toString(n); }
}  // namespace

ScatterPlotView::ScatterPlotView(QWidget* parent) : QWidget(parent) {
    plot_ = new QCustomPlot(this);
    plot_->setMinimumSize(320, 240);
    PlotPalette::applyStyle(plot_);
    plot_->setAutoAddPlottableToLegend(false);
    plot_->setNoAntialiasingOnDrag(true);
    plot_->xAxis->setLabel(tr("PC1"));
    plot_->yAxis->setLabel(tr("PC2"));
    // The scatter sits just above the grid, below ellipses, legend and the selection overlay.
    plot_->addLayer(QStringLiteral("scatter"), plot_->layer(QStringLiteral("grid")), QCustomPlot::limAbove);
    layer_ = new ScatterLayer(plot_->axisRect(), QStringLiteral("scatter"));
    // Names written on the map go above the ellipses (layer "main") and below the legend, so no
    // name is drawn over the legend's text.
    plot_->addLayer(QStringLiteral("labels"), plot_->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    prepared_ = prepareScatter({});
    layer_->setIndex(&prepared_->index);
    layer_->setCut(&cut_);

    colorScale_ = new QCPColorScale(plot_);
    colorScale_->setType(QCPAxis::atRight);
    colorScale_->setGradient(PlotPalette::viridis());
    colorScale_->setBarWidth(14);
    PlotPalette::styleAxis(colorScale_->axis());
    auto* margins = new QCPMarginGroup(plot_);
    plot_->axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    colorScale_->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    colorScale_->setVisible(false);

    note_ = new QCPItemText(plot_);
    note_->setLayer(QStringLiteral("legend"));
    note_->position->setType(QCPItemPosition::ptAxisRectRatio);
    note_->position->setCoords(0.01, 0.99);
    note_->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    note_->setColor(QColor(0x55, 0x55, 0x55));
    note_->setBrush(QColor(255, 255, 255, 200));
    note_->setPadding(QMargins(4, 2, 4, 2));
    QFont noteFont = font();
    noteFont.setPointSizeF(8.5);
    note_->setFont(noteFont);

    lassoCurve_ = new QCPCurve(plot_->xAxis, plot_->yAxis);
    lassoCurve_->setLayer(QStringLiteral("overlay"));
    lassoCurve_->setPen(QPen(QColor(0x33, 0x33, 0x33), 1.2, Qt::DashLine));
    lassoCurve_->setBrush(QColor(0x4E, 0x79, 0xA7, 40));
    lassoCurve_->setSelectable(QCP::stNone);
    lassoCurve_->setVisible(false);

    plot_->selectionRect()->setPen(QPen(QColor(0x33, 0x33, 0x33), 1.2, Qt::DashLine));
    plot_->selectionRect()->setBrush(QColor(0x4E, 0x79, 0xA7, 40));
    plot_->legend->setVisible(false);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);

    connect(plot_, &QCustomPlot::beforeReplot, this, [this] {
        // Decide density vs points for the ranges about to be drawn, and say so in the plot.
        layer_->decide();
        updateStatus();
    });
    connect(plot_->selectionRect(), &QCPSelectionRect::accepted, this, [this](const QRect& r, QMouseEvent* e) {
        const double x0 = plot_->xAxis->pixelToCoord(r.left()), x1 = plot_->xAxis->pixelToCoord(r.right());
        const double y0 = plot_->yAxis->pixelToCoord(r.bottom()), y1 = plot_->yAxis->pixelToCoord(r.top());
        selectInRect(QRectF(QPointF(std::min(x0, x1), std::min(y0, y1)), QPointF(std::max(x0, x1), std::max(y0, y1))),
                     e && e->modifiers().testFlag(Qt::ShiftModifier));
    });
    connect(plot_, &QCustomPlot::mouseMove, this, &ScatterPlotView::onMouseMove);
    connect(plot_, &QCustomPlot::mousePress, this, &ScatterPlotView::onMousePress);
    connect(plot_, &QCustomPlot::mouseRelease, this, &ScatterPlotView::onMouseRelease);

    auto makeButton = [this](const QString& text, const QString& tip, bool checkable) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setCheckable(checkable);
        b->setAutoRaise(true);
        return b;
    };
    panButton_ = makeButton(tr("Pan/zoom"), tr("Drag to pan, wheel to zoom"), true);
    rectButton_ = makeButton(tr("Rectangle"), tr("Drag a rectangle to select points (Shift adds)"), true);
    lassoButton_ = makeButton(tr("Lasso"), tr("Draw around points to select them (Shift adds)"), true);
    auto* group = new QButtonGroup(this);
    for (auto* b : {panButton_, rectButton_, lassoButton_}) group->addButton(b);
    panButton_->setChecked(true);
    connect(panButton_, &QToolButton::clicked, this, [this] { setTool(Tool::PanZoom); });
    connect(rectButton_, &QToolButton::clicked, this, [this] { setTool(Tool::RectSelect); });
    connect(lassoButton_, &QToolButton::clicked, this, [this] { setTool(Tool::LassoSelect); });
    auto* reset = makeButton(tr("Reset view"), tr("Show all points"), false);
    connect(reset, &QToolButton::clicked, this, [this] {
        resetView();
        plot_->replot(QCustomPlot::rpQueuedReplot);
    });
    auto* clear = makeButton(tr("Clear selection"), tr("Deselect all points"), false);
    connect(clear, &QToolButton::clicked, this, &ScatterPlotView::clearSelection);
    auto* saveButton = makeButton(tr("Save…"), tr("Save the plot as PNG, SVG or PDF"), false);
    connect(saveButton, &QToolButton::clicked, this,
            [this] { PlotExport::saveWithDialog(plot_, this, tr("scatter")); });
    status_ = new QLabel(this);
    status_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    status_->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    auto* bar = new QHBoxLayout;
    for (auto* b : {panButton_, rectButton_, lassoButton_, reset, clear, saveButton}) bar->addWidget(b);
    bar->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(plot_, 1);
    layout->addWidget(status_);
    setTool(Tool::PanZoom);
}

ScatterPlotView::~ScatterPlotView() = default;

void ScatterPlotView::setData(ScatterData data) { setPrepared(prepareScatter(std::move(data))); }

void ScatterPlotView::setPrepared(std::shared_ptr<const ScatterPrepared> prepared) {
    prepared_ = prepared ? std::move(prepared) : prepareScatter({});
    layer_->setIndex(&prepared_->index);  // the old index may go now: nothing else points to it
    data_ = prepared_->data;              // implicitly shared vectors: no copy
    selFlags_.assign(size_t(index().size()), 0);
    selectedRows_.clear();
    hovered_ = -1;
    layer_->setSelection({}, 0);
    cut_.clear();
    rebuildCategories();
    setValues(data_.value, valueLabel_);
    resetView();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ScatterPlotView::setCategories(QVector<int> category, QStringList names) {
    data_.category = std::move(category);
    data_.categoryNames = std::move(names);
    rebuildCategories();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ScatterPlotView::rebuildCategories() {
    // The prepared map has the shown categorisations in sorted order already; any other is
    // sorted here (O(points) on the calling thread).
    const ScatterCategorisation* prepared = prepared_->categorisation(data_.category);
    if (prepared) shownCategories_ = *prepared;
    else shownCategories_ = sortCategories(index(), data_.category);
    QVector<QColor> colors;
    for (int c = 0; c < data_.categoryNames.size(); ++c) colors.append(PlotPalette::category(c));
    layer_->setCategories(shownCategories_.sorted, colors);
    rebuildLegend();
    rebuildEllipses();  // ellipse colours follow the categories
}

void ScatterPlotView::rebuildLegend() {
    for (QCPGraph* g : std::as_const(legendItems_)) plot_->removePlottable(g);
    legendItems_.clear();
    const QVector<qint64>& counts = shownCategories_.counts;  // counted when sorted
    // Only categories with points, the largest first, at most kLegendCategories of them and one
    // entry for the rest: a run may name 20,000 domains, and QCustomPlot's addToLegend scans the
    // legend per item, so the work here must follow what is shown, not what is named.
    QVector<int> shown;
    qint64 restPoints = 0;
    const int named = int(std::min<qsizetype>(data_.categoryNames.size(), counts.size()));
    for (int c = 0; c < named; ++c)
        if (counts[c] > 0) shown.append(c);
    const auto larger = [&](int a, int b) { return counts[a] != counts[b] ? counts[a] > counts[b] : a < b; };
    const qsizetype listed = std::min<qsizetype>(shown.size(), kLegendCategories);
    std::partial_sort(shown.begin(), shown.begin() + listed, shown.end(), larger);
    const qsizetype rest = shown.size() - listed;
    for (qsizetype i = listed; i < shown.size(); ++i) restPoints += counts[shown[i]];
    shown.resize(listed);
    // Legend entries are empty graphs: they give QCustomPlot's legend a coloured disc and a
    // label ("law (12,345)") while the points themselves are drawn by the ScatterLayer. The
    // colour is the category's own (PlotPalette by index), as on the map.
    for (int c : std::as_const(shown)) {
        auto* g = new QCPGraph(plot_->xAxis, plot_->yAxis);
        g->setName(tr("%1 (%2)").arg(DisplayText::bounded(data_.categoryNames[c], DisplayText::kLabelChars),
                                     number(counts[c])));
        g->setLineStyle(QCPGraph::lsNone);
        const QColor color = PlotPalette::category(c);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color.darker(120), color, 8));
        g->setSelectable(QCP::stNone);
        g->addToLegend();
        legendItems_.append(g);
    }
    if (rest > 0) {
        // One entry without a disc for the categories not listed: how many, and their points.
        auto* g = new QCPGraph(plot_->xAxis, plot_->yAxis);
        g->setName(tr("+%1 more (%2): the legend lists the %3 largest")
                       .arg(number(rest), number(restPoints), number(kLegendCategories)));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssNone));
        g->setSelectable(QCP::stNone);
        g->addToLegend();
        legendItems_.append(g);
    }
    applyColorMode();
}

void ScatterPlotView::setValues(QVector<double> values, const QString& label) {
    valueLabel_ = label;
    data_.value = std::move(values);
    double lo = prepared_->valueLo, hi = prepared_->valueHi;
    std::shared_ptr<const std::vector<float>> sorted = prepared_->sortedValues;
    const bool same = data_.value.size() == prepared_->data.value.size() &&
                      (data_.value.isEmpty() || data_.value.constData() == prepared_->data.value.constData());
    if (!same || !sorted) sorted = sortValues(index(), data_.value, lo, hi);
    layer_->setValues(std::move(sorted), PlotPalette::viridis(), QCPRange(lo, hi));
    colorScale_->setDataRange(QCPRange(lo, hi));
    colorScale_->axis()->setLabel(label);
    applyColorMode();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ScatterPlotView::setColorMode(ColorMode mode) {
    colorMode_ = mode;
    applyColorMode();
    rebuildEllipses();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ScatterPlotView::applyColorMode() {
    const bool byValue = colorMode_ == ColorMode::Value && data_.value.size() == index().size() && index().size() > 0;
    layer_->setColorByValue(byValue);
    plot_->legend->setVisible(!byValue && !legendItems_.isEmpty());
    const bool inLayout = plot_->plotLayout()->hasElement(0, 1);
    if (byValue && !inLayout) {
        plot_->plotLayout()->addElement(0, 1, colorScale_);
        colorScale_->setVisible(true);
    } else if (!byValue && inLayout) {
        plot_->plotLayout()->take(colorScale_);
        plot_->plotLayout()->simplify();
        colorScale_->setVisible(false);
    }
}

void ScatterPlotView::setEllipses(const QVector<EllipseSpec>& ellipses) {
    ellipses_ = ellipses;
    rebuildEllipses();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ScatterPlotView::setEllipsesVisible(bool visible) {
    ellipsesVisible_ = visible;
    for (QCPCurve* c : std::as_const(ellipseCurves_)) c->setVisible(visible);
    for (QCPItemText* t : std::as_const(componentLabels_)) t->setVisible(visible);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ScatterPlotView::setComponentLabels(const QVector<QPointF>& at, const QStringList& labels) {
    for (QCPItemText* t : std::as_const(componentLabels_)) plot_->removeItem(t);
    componentLabels_.clear();
    QFont f = font();
    f.setPointSizeF(8.5);
    f.setBold(true);
    for (qsizetype i = 0; i < std::min(at.size(), labels.size()); ++i) {
        // No label at a mean that is not finite (a damaged run): nothing to place it at.
        if (labels[i].isEmpty() || !std::isfinite(at[i].x()) || !std::isfinite(at[i].y())) continue;
        auto* t = new QCPItemText(plot_);
        t->setLayer(QStringLiteral("labels"));
        t->position->setCoords(at[i].x(), at[i].y());
        t->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        t->setPadding(QMargins(3, 1, 3, 1));
        t->setText(DisplayText::bounded(labels[i], DisplayText::kLabelChars));
        t->setFont(f);
        t->setColor(QColor(0x22, 0x22, 0x22));
        t->setBrush(QColor(255, 255, 255, 190));
        t->setClipToAxisRect(true);
        t->setVisible(ellipsesVisible_);
        componentLabels_.append(t);
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

QStringList ScatterPlotView::componentLabels() const {
    QStringList out;
    for (const QCPItemText* t : componentLabels_) out << t->text();
    return out;
}

void ScatterPlotView::rebuildEllipses() {
    for (QCPCurve* c : std::as_const(ellipseCurves_)) plot_->removePlottable(c);
    ellipseCurves_.clear();
    const bool byValue = colorMode_ == ColorMode::Value && !data_.value.isEmpty();
    for (const EllipseSpec& e : std::as_const(ellipses_)) {
        // A component whose stored mean or covariance is not finite has no outline to draw.
        if (!std::isfinite(e.cx) || !std::isfinite(e.cy) || !std::isfinite(e.cxx) || !std::isfinite(e.cxy) ||
            !std::isfinite(e.cyy))
            continue;
        // Dark outline colour of the component's category; neutral when colouring by value.
        const QColor color =
            byValue || e.category < 0 ? QColor(0x33, 0x33, 0x33) : PlotPalette::category(e.category).darker(140);
        for (double sigma : {1.0, 2.0}) {
            const QVector<QPointF> pts = EllipseGeometry::outline(e, sigma);
            QVector<double> xs, ys;
            xs.reserve(pts.size());
            ys.reserve(pts.size());
            for (const QPointF& p : pts) xs.append(p.x()), ys.append(p.y());
            auto* curve = new QCPCurve(plot_->xAxis, plot_->yAxis);
            curve->setData(xs, ys);
            curve->setPen(QPen(color, sigma == 1.0 ? 1.8 : 1.3, sigma == 1.0 ? Qt::SolidLine : Qt::DashLine));
            curve->setSelectable(QCP::stNone);
            curve->setVisible(ellipsesVisible_);
            ellipseCurves_.append(curve);
        }
        auto* centre = new QCPCurve(plot_->xAxis, plot_->yAxis);
        centre->setData(QVector<double>{e.cx}, QVector<double>{e.cy});
        centre->setLineStyle(QCPCurve::lsNone);
        centre->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssPlus, QPen(color, 2), Qt::NoBrush, 10));
        centre->setSelectable(QCP::stNone);
        centre->setVisible(ellipsesVisible_);
        ellipseCurves_.append(centre);
    }
}

void ScatterPlotView::setAxisLabels(const QString& x, const QString& y) {
    plot_->xAxis->setLabel(x);
    plot_->yAxis->setLabel(y);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ScatterPlotView::setCutRanks(const QVector<qint32>& rankPerRow) {
    setCutSortedRanks(prepared_, sortRanks(index(), rankPerRow));
}

void ScatterPlotView::setCutSortedRanks(const std::shared_ptr<const ScatterPrepared>& map,
                                        std::vector<int32_t> sortedRanks) {
    if (map != prepared_) return;  // ranks of a map no longer shown
    if (qint64(sortedRanks.size()) != index().size()) sortedRanks.clear();
    const qint64 k = cut_.size();
    cut_.setRanks(std::move(sortedRanks));
    cut_.setSize(k);
    plot_->replot(QCustomPlot::rpQueuedReplot);
    emit cutChanged(cut_.active() ? cut_.count() : 0);
}

void ScatterPlotView::setCutDecisions(const QVector<QPair<qint64, bool>>& rowDecisions) {
    std::vector<std::pair<qint64, bool>> decided;
    decided.reserve(size_t(rowDecisions.size()));
    for (const auto& [row, include] : rowDecisions)
        if (row >= 0 && row < index().size()) decided.emplace_back(index().positionOf(row), include);
    cut_.setOverrides(decided);
    plot_->replot(QCustomPlot::rpQueuedReplot);
    emit cutChanged(cut_.active() ? cut_.count() : 0);
}

void ScatterPlotView::setCutSize(qint64 k) {
    // O(1): the next redraw asks the cut per point; nothing is rebuilt here.
    cut_.setSize(k);
    plot_->replot(QCustomPlot::rpQueuedReplot);
    emit cutChanged(cut_.active() ? cut_.count() : 0);
}

void ScatterPlotView::setPointBudget(qint64 budget) {
    layer_->setPointBudget(budget);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

qint64 ScatterPlotView::pointBudget() const { return layer_->pointBudget(); }

void ScatterPlotView::setTool(Tool tool) {
    tool_ = tool;
    panButton_->setChecked(tool == Tool::PanZoom);
    rectButton_->setChecked(tool == Tool::RectSelect);
    lassoButton_->setChecked(tool == Tool::LassoSelect);
    // The wheel zooms in every tool; dragging pans only in pan mode.
    plot_->setInteractions(tool == Tool::PanZoom ? QCP::iRangeDrag | QCP::iRangeZoom
                                                 : QCP::Interactions(QCP::iRangeZoom));
    plot_->setSelectionRectMode(tool == Tool::RectSelect ? QCP::srmCustom : QCP::srmNone);
    plot_->setCursor(tool == Tool::PanZoom ? Qt::OpenHandCursor : Qt::CrossCursor);
}

void ScatterPlotView::setViewRange(const QRectF& r) {
    plot_->xAxis->setRange(r.left(), r.right());
    plot_->yAxis->setRange(r.top(), r.bottom());
}

QRectF ScatterPlotView::viewRange() const {
    const QCPRange x = plot_->xAxis->range(), y = plot_->yAxis->range();
    return QRectF(QPointF(x.lower, y.lower), QPointF(x.upper, y.upper));
}

void ScatterPlotView::resetView() {
    const ScatterIndex::Rect b = index().bounds();
    double w = b.x1 - b.x0, h = b.y1 - b.y0;
    if (index().size() == 0) {
        setViewRange(QRectF(-1, -1, 2, 2));
        return;
    }
    if (w <= 0) w = 1;
    if (h <= 0) h = 1;
    setViewRange(QRectF(b.x0 - 0.04 * w, b.y0 - 0.04 * h, 1.08 * w, 1.08 * h));
}

ScatterPlotView::RenderMode ScatterPlotView::renderMode() const {
    switch (layer_->mode()) {
    case ScatterLayer::Mode::Density: return RenderMode::Density;
    case ScatterLayer::Mode::Dots: return RenderMode::Dots;
    case ScatterLayer::Mode::Points: break;
    }
    return RenderMode::Points;
}

qint64 ScatterPlotView::visibleCount() const { return layer_->visibleCount(); }

QString ScatterPlotView::drawnDescription() const {
    const qint64 total = index().size(), visible = layer_->visibleCount();
    if (total == 0) return tr("No points");
    QString of = visible < total ? tr(" of %1").arg(number(total)) : QString();
    // Points whose stored coordinates are not finite are never drawn; say how many.
    if (index().unplaced() > 0) of += tr(" · %1 without coordinates").arg(number(index().unplaced()));
    switch (renderMode()) {
    case RenderMode::Density: return tr("Density of %1 points%2").arg(number(visible), of);
    case RenderMode::Dots: return tr("%1 points%2, drawn as dots").arg(number(visible), of);
    case RenderMode::Points: break;
    }
    return tr("%1 points%2").arg(number(visible), of);
}

void ScatterPlotView::updateStatus() {
    QString text = drawnDescription();
    note_->setText(text);
    if (cut_.active()) text += tr(" · %1 in the cut (k = %2)").arg(number(cut_.count()), number(cut_.size()));
    if (!selectedRows_.isEmpty()) text += tr(" · %1 selected").arg(number(selectedRows_.size()));
    status_->setText(text);
}

void ScatterPlotView::replotNow() { plot_->replot(QCustomPlot::rpImmediateRefresh); }

void ScatterPlotView::selectInRect(const QRectF& r, bool add) {
    std::vector<qint64> positions;
    index().forEach({r.left(), r.right(), r.top(), r.bottom()}, [&](qint64 p) { positions.push_back(p); });
    setSelectedPositions(positions, add);
}

void ScatterPlotView::selectInPolygon(const QPolygonF& poly, bool add) {
    std::vector<qint64> positions;
    if (poly.size() >= 3) {
        const QRectF b = poly.boundingRect();
        index().forEach({b.left(), b.right(), b.top(), b.bottom()}, [&](qint64 p) {
            if (poly.containsPoint(QPointF(index().sortedX(p), index().sortedY(p)), Qt::OddEvenFill))
                positions.push_back(p);
        });
    }
    setSelectedPositions(positions, add);
}

void ScatterPlotView::clearSelection() { setSelectedPositions({}, false); }

void ScatterPlotView::setSelectedPositions(const std::vector<qint64>& positions, bool add) {
    if (!add) std::fill(selFlags_.begin(), selFlags_.end(), uint8_t(0));
    for (qint64 p : positions) selFlags_[size_t(p)] = 1;
    // Rows in ascending order, so ids come out in the caller's order, not the grid's.
    selectedRows_.clear();
    for (qint64 row = 0; row < index().size(); ++row)
        if (selFlags_[size_t(index().positionOf(row))]) selectedRows_.append(row);
    layer_->setSelection(selFlags_, selectedRows_.size());
    plot_->replot(QCustomPlot::rpQueuedReplot);
    emit selectionChanged(selectedIds());
}

QVector<qint64> ScatterPlotView::selectedIds() const {
    if (data_.ids.size() != index().size()) return selectedRows_;
    QVector<qint64> ids;
    ids.reserve(selectedRows_.size());
    for (qint64 row : selectedRows_) ids.append(data_.ids[row]);
    return ids;
}

bool ScatterPlotView::save(const QString& path, int width, int height, QString* error) {
    return PlotExport::save(plot_, path, width, height, error);
}

void ScatterPlotView::onMousePress(QMouseEvent* event) {
    if (tool_ != Tool::LassoSelect || event->button() != Qt::LeftButton) return;
    lassoActive_ = true;
    lassoPixels_ = QPolygonF{event->position()};
}

void ScatterPlotView::onMouseMove(QMouseEvent* event) {
    if (lassoActive_) {
        const QPointF p = event->position();
        if (QLineF(lassoPixels_.last(), p).length() < 2) return;
        lassoPixels_.append(p);
        QVector<double> xs, ys;
        for (const QPointF& q : std::as_const(lassoPixels_) + QPolygonF{lassoPixels_.first()})
            xs.append(plot_->xAxis->pixelToCoord(q.x())), ys.append(plot_->yAxis->pixelToCoord(q.y()));
        lassoCurve_->setData(xs, ys);
        lassoCurve_->setVisible(true);
        plot_->layer(QStringLiteral("overlay"))->replot();  // only the overlay buffer, not the points
        return;
    }
    if (event->buttons() != Qt::NoButton || !tooltip_ || index().size() == 0) return;
    if (!plot_->axisRect()->rect().contains(event->position().toPoint())) return;
    const double x = plot_->xAxis->pixelToCoord(event->position().x());
    const double y = plot_->yAxis->pixelToCoord(event->position().y());
    const double sx = plot_->xAxis->range().size() / std::max(1, plot_->axisRect()->width());
    const double sy = plot_->yAxis->range().size() / std::max(1, plot_->axisRect()->height());
    const qint64 pos = index().nearest(x, y, sx, sy, 6.0);
    const qint64 row = pos < 0 ? -1 : index().original(pos);
    if (row == hovered_) return;
    hovered_ = row;
    emit pointHovered(row);
    if (row < 0) {
        QToolTip::hideText();
        return;
    }
    QString heading;
    const int c = data_.category.size() == index().size() ? data_.category[row] : -1;
    if (c >= 0 && c < data_.categoryNames.size()) heading = boundedForDisplay(data_.categoryNames[c]);
    if (data_.value.size() == index().size()) {
        const QString v =
            tr("%1 = %2").arg(valueLabel_.isEmpty() ? tr("value") : valueLabel_).arg(data_.value[row], 0, 'g', 4);
        heading = heading.isEmpty() ? v : heading + QStringLiteral(" · ") + v;
    }
    const QString body = DisplayText::tooltip(tooltip_(row)).toHtmlEscaped();
    const QString html =
        heading.isEmpty() ? body : QStringLiteral("<b>%1</b><br/>%2").arg(heading.toHtmlEscaped(), body);
    QToolTip::showText(plot_->mapToGlobal(event->position().toPoint()), QStringLiteral("<qt>%1</qt>").arg(html), plot_);
}

void ScatterPlotView::onMouseRelease(QMouseEvent* event) {
    if (!lassoActive_) return;
    lassoActive_ = false;
    lassoCurve_->setVisible(false);
    QPolygonF data;
    for (const QPointF& q : std::as_const(lassoPixels_))
        data.append(QPointF(plot_->xAxis->pixelToCoord(q.x()), plot_->yAxis->pixelToCoord(q.y())));
    lassoPixels_.clear();
    selectInPolygon(data, event->modifiers().testFlag(Qt::ShiftModifier));
}
