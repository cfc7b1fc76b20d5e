#pragma once
// Uniform grid over 2-D points so a view can count, visit and hit-test only what lies in a
// rectangle: with 1.5M points a pan must not touch every point to decide what to draw.
// Points are stored in cell order (counting sort), with float copies of x/y next to each
// other for cache-friendly scans; `original(pos)` maps back to the caller's row. Points
// without finite coordinates (NaN, ±inf, beyond float's range) keep their row and sorted
// position but lie in no cell: nothing that visits cells (count, forEach, nearest, the
// renderers) ever sees them.
#include <QVector>
#include <QtGlobal>

#include <cstdint>
#include <functional>
#include <vector>

class ScatterIndex {
public:
    struct Rect {
        double x0, x1, y0, y1;  // inclusive bounds, x0 ≤ x1, y0 ≤ y1
    };

    void build(const QVector<double>& x, const QVector<double>& y);
    void clear();

    qint64 size() const { return qint64(sx_.size()); }  // every row, placed or not
    // Rows without finite coordinates: sorted positions [size() - unplaced(), size()).
    qint64 unplaced() const { return unplaced_; }
    Rect bounds() const { return bounds_; }
    int gridSize() const { return grid_; }

    float sortedX(qint64 pos) const { return sx_[size_t(pos)]; }
    float sortedY(qint64 pos) const { return sy_[size_t(pos)]; }
    qint64 original(qint64 pos) const { return order_[size_t(pos)]; }
    const std::vector<float>& xs() const { return sx_; }
    const std::vector<float>& ys() const { return sy_; }
    const std::vector<qint64>& order() const { return order_; }
    // Position of row `row` in the sorted arrays (inverse of original()).
    qint64 positionOf(qint64 row) const { return rank_[size_t(row)]; }

    // Points inside r; stops counting once the total exceeds `limit` (returns limit + 1)
    // because a view only needs to know "more than the point budget".
    qint64 count(const Rect& r, qint64 limit = -1) const;
    // Calls f(pos) for every point inside r.
    void forEach(const Rect& r, const std::function<void(qint64)>& f) const;
    // Visits the contiguous sorted ranges [begin, end) of cells touching r, with `inside`
    // true when the whole cell lies in r (no per-point test needed). The fast path for
    // renderers: no std::function call per point.
    template <typename F>
    void forEachCellRange(const Rect& r, F&& f) const;
    // Nearest point to (x, y) measured in pixels: dx/sx, dy/sy with sx, sy the data units
    // per pixel; only points within `radiusPx` count. Returns sorted position or -1.
    qint64 nearest(double x, double y, double sx, double sy, double radiusPx) const;

private:
    bool cellSpan(const Rect& r, int& cx0, int& cx1, int& cy0, int& cy1) const;
    bool cellInside(int cx, int cy, const Rect& r) const;
    int grid_ = 0;
    double cellW_ = 1, cellH_ = 1;
    Rect bounds_{0, 0, 0, 0};
    std::vector<float> sx_, sy_;
    std::vector<qint64> order_, rank_;
    // grid_*grid_ + 2 offsets into the sorted arrays: one range per cell, then the unplaced
    // points' range, which forEachCellRange never visits.
    std::vector<qint64> cellStart_;
    qint64 unplaced_ = 0;
};

template <typename F>
void ScatterIndex::forEachCellRange(const Rect& r, F&& f) const {
    int cx0, cx1, cy0, cy1;
    if (!cellSpan(r, cx0, cx1, cy0, cy1)) return;
    for (int cy = cy0; cy <= cy1; ++cy) {
        const size_t row = size_t(cy) * size_t(grid_);
        for (int cx = cx0; cx <= cx1; ++cx) {
            const qint64 b = cellStart_[row + size_t(cx)], e = cellStart_[row + size_t(cx) + 1];
            if (b != e) f(b, e, cellInside(cx, cy, r));
        }
    }
}
