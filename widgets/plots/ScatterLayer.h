#pragma once
// Draws a large scatter in one of two ways, chosen per redraw by how many points are
// visible: a binned density image (colour = mix of the categories, or mean value, in each
// bin; opacity = log count) when more than the point budget are visible, else every
// visible point as a disc. QCPGraph would thin the data silently (ARCHITECTURE.md), so this
// layerable draws from a ScatterIndex itself and reports exactly what it drew.
#include <qcustomplot.h>

#include <cstdint>
#include <memory>
#include <vector>

class ScatterCut;
class ScatterIndex;

class ScatterLayer : public QCPLayerable {
    Q_OBJECT
public:
    enum class Mode { Density, Dots, Points };  // coarse bins / 1-px splatted bins / discs

    ScatterLayer(QCPAxisRect* axisRect, const QString& layerName);

    // Attributes are in the index's sorted order (see ScatterIndex::original).
    void setIndex(const ScatterIndex* index);
    // Shared, immutable arrays (a ScatterPrepared's): showing another map swaps pointers only.
    void setCategories(std::shared_ptr<const std::vector<int16_t>> sortedCategory, const QVector<QColor>& colors);
    void setValues(std::shared_ptr<const std::vector<float>> sortedValues, const QCPColorGradient& gradient,
                   const QCPRange& range);
    void setColorByValue(bool byValue);
    void setSelection(std::vector<uint8_t> sortedFlags, qint64 count);
    // A selection cut to show (points outside it faded); nullptr or inactive = none. Not owned.
    void setCut(const ScatterCut* cut) { cut_ = cut; }
    void setPointBudget(qint64 budget) { budget_ = budget; }
    qint64 pointBudget() const { return budget_; }
    void setBinPixels(int px) { binPx_ = std::max(1, px); }
    // Up to this many visible points the density uses 1-px bins with a 3×3 splat (fine dots).
    qint64 splatLimit() const { return 10 * budget_; }
    void setPointRadius(double px);

    // Decides what the next draw shows for the axes' current ranges (cheap: grid counts).
    Mode decide();
    Mode mode() const { return mode_; }
    qint64 visibleCount() const { return visible_; }  // exact in Points mode, ≥ budget otherwise

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
    void draw(QCPPainter* painter) override;
    QRect clipRect() const override;

private:
    struct Transform {
        double ax, bx, ay, by;  // pixel = a + b * coord
    };
    Transform transform() const;
    void drawDensity(QCPPainter* painter, const Transform& t);
    void drawPoints(QCPPainter* painter, const Transform& t);
    QColor pointColor(qint64 pos) const;
    void rebuildStamps();
    QImage makeStamp(const QColor& fill, bool ring) const;
    const QImage& categoryStamp(int c);  // made on first use; out of range = uncategorised

    QCPAxisRect* axisRect_;
    const ScatterIndex* index_ = nullptr;
    const ScatterCut* cut_ = nullptr;
    std::shared_ptr<const std::vector<int16_t>> category_ = std::make_shared<const std::vector<int16_t>>();
    QVector<QColor> colors_;
    std::shared_ptr<const std::vector<float>> value_ = std::make_shared<const std::vector<float>>();
    QCPColorGradient gradient_;
    QCPRange valueRange_{0, 1};
    bool byValue_ = false;
    std::vector<uint8_t> selected_;
    qint64 selectedCount_ = 0;
    qint64 budget_ = 50000;
    int binPx_ = 2;
    double radius_ = 2.6;
    Mode mode_ = Mode::Density;
    qint64 visible_ = 0;
    // Pre-rendered discs: one per category (or per quantised value), drawn with drawImage,
    // which is far cheaper than antialiased drawEllipse for tens of thousands of points.
    // categoryStamps_ has one slot per colour plus uncategorised; null until first drawn.
    QVector<QImage> categoryStamps_, valueStamps_;
    QImage ringStamp_, fadedStamp_;
    double stampRatio_ = 0;
    std::vector<float> acc_;  // density scratch, reused between redraws
    std::vector<float> weights_;
};
