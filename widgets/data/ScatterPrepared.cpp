#include "ScatterPrepared.h"

#include <algorithm>
#include <cmath>
#include <limits>

bool ScatterCategorisation::builtFrom(const QVector<int>& rows) const {
    return rows.size() == category.size() && (rows.isEmpty() || rows.constData() == category.constData());
}

const ScatterCategorisation* ScatterPrepared::categorisation(const QVector<int>& rows) const {
    if (categories.builtFrom(rows)) return &categories;
    for (const auto& c : alternatives)
        if (c.builtFrom(rows)) return &c;
    return nullptr;
}

ScatterCategorisation sortCategories(const ScatterIndex& index, const QVector<int>& rows) {
    ScatterCategorisation out;
    out.category = rows;
    const qint64 n = index.size();
    auto sorted = std::make_shared<std::vector<int16_t>>();
    if (rows.size() == n && n > 0) {
        sorted->resize(size_t(n));
        int highest = -1;
        for (int c : rows) highest = std::max(highest, c);
        out.counts.fill(0, std::min(highest + 1, int(std::numeric_limits<int16_t>::max()) + 1));
        const qint64 placed = n - index.unplaced();  // rows without coordinates sort last, off the map
        for (qint64 p = 0; p < n; ++p) {
            const int c = rows[index.original(p)];
            const bool ok = c >= 0 && c <= std::numeric_limits<int16_t>::max();
            (*sorted)[size_t(p)] = int16_t(ok ? c : -1);
            if (ok && p < placed) ++out.counts[c];
        }
    }
    out.sorted = std::move(sorted);
    return out;
}

std::shared_ptr<const std::vector<float>> sortValues(const ScatterIndex& index, const QVector<double>& rows, double& lo,
                                                     double& hi) {
    lo = std::numeric_limits<double>::max();
    hi = -lo;
    auto sorted = std::make_shared<std::vector<float>>();
    const qint64 n = index.size();
    if (rows.size() == n && n > 0) {
        sorted->resize(size_t(n));
        for (qint64 p = 0; p < n; ++p) {
            const double v = rows[index.original(p)];
            (*sorted)[size_t(p)] = float(v);
            if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
        }
    }
    if (lo > hi) lo = 0, hi = 1;
    if (lo == hi) hi = lo + 1;
    return sorted;
}

std::vector<int32_t> sortRanks(const ScatterIndex& index, const QVector<qint32>& rankPerRow) {
    std::vector<int32_t> sorted;
    const qint64 n = index.size();
    if (rankPerRow.size() != n || n == 0) return sorted;
    sorted.resize(size_t(n));
    for (qint64 p = 0; p < n; ++p) sorted[size_t(p)] = rankPerRow[index.original(p)];
    return sorted;
}

std::shared_ptr<const ScatterPrepared> prepareScatter(ScatterData data, const QList<QVector<int>>& alternatives) {
    auto out = std::make_shared<ScatterPrepared>();
    const qint64 n = std::min(data.x.size(), data.y.size());
    // resize() detaches a shared vector even at its own size (a copy of every coordinate).
    if (data.x.size() != n) data.x.resize(n);
    if (data.y.size() != n) data.y.resize(n);
    out->index.build(data.x, data.y);
    out->categories = sortCategories(out->index, data.category);
    for (const auto& rows : alternatives) out->alternatives.append(sortCategories(out->index, rows));
    if (!data.value.isEmpty()) out->sortedValues = sortValues(out->index, data.value, out->valueLo, out->valueHi);
    out->data = std::move(data);
    return out;
}
