#pragma once
// PCA-2D scatter of a whole corpus (up to millions of points): coloured by category (true
// domain or GMM cluster, legend with counts) or by a value (selection score, colour
// scale); GMM components as 1σ/2σ ellipses; zoom/pan, rectangle and lasso selection;
// hover text fetched per point from a callback. Overview = density image, zoomed in =
// individual points (ScatterLayer); the corner note and status line say which is shown.
#include "EllipseGeometry.h"
#include "ScatterCut.h"
#include "ScatterIndex.h"
#include "ScatterPrepared.h"

#include <QPolygonF>
#include <QRectF>
#include <QStringList>
#include <QVector>
#include <QWidget>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

class QCustomPlot;
class QCPColorScale;
class QCPCurve;
class QCPGraph;
class QCPItemText;
class QLabel;
class QMouseEvent;
class QToolButton;
class ScatterLayer;

class ScatterPlotView : public QWidget {
    Q_OBJECT
public:
    enum class ColorMode { Category, Value };
    enum class Tool { PanZoom, RectSelect, LassoSelect };
    // Density: binned overview; Dots: every visible point as a 1-px splat; Points: discs.
    enum class RenderMode { Density, Dots, Points };
    // Text for hovering over point `row` (row = position in ScatterData). Asked lazily so the
    // view never holds the sentences.
    using TooltipProvider = std::function<QString(qint64 row)>;

    explicit ScatterPlotView(QWidget* parent = nullptr);
    ~ScatterPlotView() override;

    // Resets view and selection. Prepares the map on the calling thread (O(points)): callers
    // with large maps prepare them on a worker (prepareScatter) and call setPrepared instead.
    void setData(ScatterData data);
    // Shows a map prepared off the GUI thread: swaps pointers, no O(points) pass except
    // clearing the selection flags. Resets view and selection like setData.
    void setPrepared(std::shared_ptr<const ScatterPrepared> prepared);
    // The map shown (never null); prepare per-point arrays for it off the GUI thread.
    std::shared_ptr<const ScatterPrepared> prepared() const { return prepared_; }
    const ScatterData& data() const { return data_; }
    // Recolour by another categorisation (domain ↔ cluster) without rebuilding the index.
    void setCategories(QVector<int> category, QStringList names);
    void setValues(QVector<double> values, const QString& label);
    void setColorMode(ColorMode mode);
    ColorMode colorMode() const { return colorMode_; }
    void setEllipses(const QVector<EllipseSpec>& ellipses);
    void setEllipsesVisible(bool visible);
    // Names written on the map at data positions (cluster names at the component means);
    // shown with the ellipses.
    void setComponentLabels(const QVector<QPointF>& at, const QStringList& labels);
    QStringList componentLabels() const;
    void setAxisLabels(const QString& x, const QString& y);

    // A selection run's cut on the map: each point's rank in the run (row order; -1 = not
    // ranked), hand decisions as (row, include?) and the cut size k. Points outside the cut are
    // faded; cutChanged reports how many are in it. Empty ranks = no cut shown.
    void setCutRanks(const QVector<qint32>& rankPerRow);
    // The same with ranks already in `map`'s sorted order (sortRanks, off the GUI thread);
    // ignored when `map` is no longer the map shown.
    void setCutSortedRanks(const std::shared_ptr<const ScatterPrepared>& map, std::vector<int32_t> sortedRanks);
    void setCutDecisions(const QVector<QPair<qint64, bool>>& rowDecisions);
    void setCutSize(qint64 k);
    bool cutShown() const { return cut_.active(); }
    qint64 cutCount() const { return cut_.count(); }
    qint64 cutSize() const { return cut_.size(); }
    void setTooltipProvider(TooltipProvider provider) { tooltip_ = std::move(provider); }
    // Above this many visible points the overview is drawn as a density (default 50,000).
    void setPointBudget(qint64 budget);
    qint64 pointBudget() const;

    void setTool(Tool tool);
    Tool tool() const { return tool_; }
    void setViewRange(const QRectF& dataRect);  // x/left, y/top = lower bounds
    QRectF viewRange() const;
    void resetView();  // fit all points

    // What the last redraw showed.
    RenderMode renderMode() const;
    qint64 visibleCount() const;
    QString drawnDescription() const;

    // Selection in data coordinates; emits selectionChanged.
    void selectInRect(const QRectF& dataRect, bool add = false);
    void selectInPolygon(const QPolygonF& dataPolygon, bool add = false);
    void clearSelection();
    QVector<qint64> selectedIds() const;
    QVector<qint64> selectedRows() const { return selectedRows_; }

    bool save(const QString& path, int width = 0, int height = 0, QString* error = nullptr);
    QCustomPlot* plot() const { return plot_; }
    // The legend lists at most this many categories (those with points, the largest first) and
    // one entry for the rest, like the Mixture tab's λ legend.
    static constexpr int kLegendCategories = 12;
    void replotNow();  // synchronous redraw (benchmarks, tests, screenshots)

signals:
    void selectionChanged(const QVector<qint64>& ids);
    void pointHovered(qint64 row);  // -1 when leaving a point
    void cutChanged(qint64 pointsInCut);  // after any setCut…; 0 with no cut shown

private:
    void rebuildCategories();
    void rebuildLegend();
    void rebuildEllipses();
    void applyColorMode();
    void applySelection();
    void updateStatus();
    void onMouseMove(QMouseEvent* event);
    void onMousePress(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    void setSelectedPositions(const std::vector<qint64>& positions, bool add);

    QCustomPlot* plot_;
    ScatterLayer* layer_;
    QCPColorScale* colorScale_;
    QCPItemText* note_;
    QCPCurve* lassoCurve_;
    QLabel* status_;
    QToolButton* panButton_;
    QToolButton* rectButton_;
    QToolButton* lassoButton_;
    ScatterData data_;
    const ScatterIndex& index() const { return prepared_->index; }
    std::shared_ptr<const ScatterPrepared> prepared_;  // never null; owns the index the layer draws
    ScatterCut cut_;
    ScatterCategorisation shownCategories_;  // data_.category in sorted order, with counts
    QVector<QCPGraph*> legendItems_;
    QVector<QCPCurve*> ellipseCurves_;
    QVector<QCPItemText*> componentLabels_;
    QVector<EllipseSpec> ellipses_;
    bool ellipsesVisible_ = true;
    QString valueLabel_;
    ColorMode colorMode_ = ColorMode::Category;
    Tool tool_ = Tool::PanZoom;
    TooltipProvider tooltip_;
    QVector<qint64> selectedRows_;
    std::vector<uint8_t> selFlags_;  // per sorted position, shared with the layer
    QPolygonF lassoPixels_;
    bool lassoActive_ = false;
    qint64 hovered_ = -1;
};
