#include "ScatterIndex.h"

#include <algorithm>
#include <cmath>
#include <limits>

void ScatterIndex::clear() {
    grid_ = 0;
    sx_.clear();
    sy_.clear();
    order_.clear();
    rank_.clear();
    cellStart_.clear();
    unplaced_ = 0;
    bounds_ = {0, 0, 0, 0};
}

void ScatterIndex::build(const QVector<double>& x, const QVector<double>& y) {
    clear();
    const qint64 n = std::min(x.size(), y.size());
    if (n == 0) return;
    // Placed = finite once stored as float (a finite double beyond FLT_MAX becomes infinite).
    auto placed = [&](qint64 i) { return std::isfinite(float(x[i])) && std::isfinite(float(y[i])); };
    double x0 = std::numeric_limits<double>::max(), x1 = -x0, y0 = x0, y1 = -x0;
    for (qint64 i = 0; i < n; ++i) {
        if (!placed(i)) continue;
        x0 = std::min(x0, x[i]);
        x1 = std::max(x1, x[i]);
        y0 = std::min(y0, y[i]);
        y1 = std::max(y1, y[i]);
    }
    if (x0 > x1) x0 = x1 = y0 = y1 = 0;  // no finite point at all
    bounds_ = {x0, x1, y0, y1};
    // ~8 points per cell on average keeps both the cell table and the per-cell scans small.
    grid_ = std::clamp(int(std::sqrt(double(n) / 8.0)), 1, 2048);
    cellW_ = (x1 > x0 ? (x1 - x0) : 1.0) / grid_;
    cellH_ = (y1 > y0 ? (y1 - y0) : 1.0) / grid_;
    const size_t cells = size_t(grid_) * size_t(grid_);
    auto cellOf = [&](qint64 i) {
        // Points without finite coordinates go to a bucket after the last cell: they keep their
        // row (order/rank stay aligned with the caller's rows), but no cell range holds them, so
        // no count, visit, hit test or drawing ever sees them.
        if (!placed(i)) return cells;
        const int cx = std::clamp(int((x[i] - x0) / cellW_), 0, grid_ - 1);
        const int cy = std::clamp(int((y[i] - y0) / cellH_), 0, grid_ - 1);
        return size_t(cy) * size_t(grid_) + size_t(cx);
    };
    // cells + 1 buckets (the last: unplaced points), cellStart_ one longer.
    cellStart_.assign(cells + 2, 0);
    std::vector<uint32_t> cellOfPoint(static_cast<size_t>(n));
    for (qint64 i = 0; i < n; ++i) {
        cellOfPoint[size_t(i)] = uint32_t(cellOf(i));
        ++cellStart_[cellOfPoint[size_t(i)] + 1];
    }
    for (size_t c = 0; c <= cells; ++c) cellStart_[c + 1] += cellStart_[c];
    unplaced_ = n - cellStart_[cells];
    std::vector<qint64> fill(cellStart_.begin(), cellStart_.end() - 1);
    sx_.resize(size_t(n));
    sy_.resize(size_t(n));
    order_.resize(size_t(n));
    rank_.resize(size_t(n));
    for (qint64 i = 0; i < n; ++i) {
        const qint64 pos = fill[cellOfPoint[size_t(i)]]++;
        sx_[size_t(pos)] = float(x[i]);
        sy_[size_t(pos)] = float(y[i]);
        order_[size_t(pos)] = i;
        rank_[size_t(i)] = pos;
    }
}

bool ScatterIndex::cellSpan(const Rect& r, int& cx0, int& cx1, int& cy0, int& cy1) const {
    if (grid_ == 0 || !(r.x1 >= bounds_.x0 && r.x0 <= bounds_.x1 && r.y1 >= bounds_.y0 && r.y0 <= bounds_.y1))
        return false;  // also a rectangle with a NaN edge
    // Clamped as doubles first: a far-out edge (1e300) must not overflow the int conversion.
    auto cell = [this](double at) {
        const double c = std::floor(at);
        return c <= 0 ? 0 : c >= grid_ - 1 ? grid_ - 1 : int(c);
    };
    cx0 = cell((r.x0 - bounds_.x0) / cellW_);
    cx1 = cell((r.x1 - bounds_.x0) / cellW_);
    cy0 = cell((r.y0 - bounds_.y0) / cellH_);
    cy1 = cell((r.y1 - bounds_.y0) / cellH_);
    return true;
}

bool ScatterIndex::cellInside(int cx, int cy, const Rect& r) const {
    // Edge cells also hold the clamped points beyond the nominal cell edge (the max row/col),
    // so only interior cells can be trusted wholesale.
    const double ax = bounds_.x0 + cx * cellW_, bx = ax + cellW_;
    const double ay = bounds_.y0 + cy * cellH_, by = ay + cellH_;
    const bool xIn = ax >= r.x0 && (cx == grid_ - 1 ? bounds_.x1 <= r.x1 : bx <= r.x1);
    const bool yIn = ay >= r.y0 && (cy == grid_ - 1 ? bounds_.y1 <= r.y1 : by <= r.y1);
    return xIn && yIn;
}

qint64 ScatterIndex::count(const Rect& r, qint64 limit) const {
    qint64 total = 0;
    bool over = false;
    forEachCellRange(r, [&](qint64 b, qint64 e, bool inside) {
        if (over) return;
        if (inside) total += e - b;
        else
            for (qint64 p = b; p < e; ++p)
                total += (sx_[size_t(p)] >= r.x0 && sx_[size_t(p)] <= r.x1 && sy_[size_t(p)] >= r.y0 &&
                          sy_[size_t(p)] <= r.y1);
        if (limit >= 0 && total > limit) over = true;
    });
    return over ? limit + 1 : total;
}

void ScatterIndex::forEach(const Rect& r, const std::function<void(qint64)>& f) const {
    forEachCellRange(r, [&](qint64 b, qint64 e, bool inside) {
        for (qint64 p = b; p < e; ++p)
            if (inside ||
                (sx_[size_t(p)] >= r.x0 && sx_[size_t(p)] <= r.x1 && sy_[size_t(p)] >= r.y0 && sy_[size_t(p)] <= r.y1))
                f(p);
    });
}

qint64 ScatterIndex::nearest(double x, double y, double sx, double sy, double radiusPx) const {
    sx = std::abs(sx);
    sy = std::abs(sy);
    if (sx <= 0 || sy <= 0) return -1;
    const Rect r{x - radiusPx * sx, x + radiusPx * sx, y - radiusPx * sy, y + radiusPx * sy};
    qint64 best = -1;
    double bestD = radiusPx * radiusPx;
    forEach(r, [&](qint64 p) {
        const double dx = (sx_[size_t(p)] - x) / sx, dy = (sy_[size_t(p)] - y) / sy;
        const double d = dx * dx + dy * dy;
        if (d <= bestD) {
            bestD = d;
            best = p;
        }
    });
    return best;
}
