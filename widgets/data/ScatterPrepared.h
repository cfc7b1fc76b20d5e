#pragma once
// Everything a ScatterPlotView needs for a ScatterData that costs O(points): the grid index
// (bounds, counting sort into cells, float copies), the categories and values in the index's
// order and the legend's counts. At 4M points this is ~0.3 s, which must not be the event
// loop's time: prepareScatter() is a pure function of its input (no QObject, no shared state)
// and runs on a worker; ScatterPlotView::setPrepared() on the GUI thread only swaps pointers.
//
// Thread affinity: none. Immutable once built and shared as shared_ptr<const ScatterPrepared>
// (the Clusters and Search tabs show the same prepared map).
#include "ScatterData.h"
#include "ScatterIndex.h"

#include <QList>

#include <cstdint>
#include <memory>
#include <vector>

// One way of colouring the points by category, in the index's order.
struct ScatterCategorisation {
    QVector<int> category;  // per row, as given: shares its data with the caller's vector
    std::shared_ptr<const std::vector<int16_t>> sorted;  // per sorted position; -1 = none
    // Points on the map per category index (0 .. highest index): rows without coordinates not counted.
    QVector<qint64> counts;
    // True when `rows` is the very vector this was built from (same shared data), so a view
    // switching categorisations (domain ↔ cluster) can reuse it without an O(n) pass.
    bool builtFrom(const QVector<int>& rows) const;
};

struct ScatterPrepared {
    ScatterData data;  // x/y of equal length; categories and values as given
    ScatterIndex index;
    ScatterCategorisation categories;           // of data.category
    QList<ScatterCategorisation> alternatives;  // others the caller said it will switch to
    std::shared_ptr<const std::vector<float>> sortedValues;  // of data.value; null when none
    double valueLo = 0, valueHi = 1;                          // finite range of data.value

    // The prepared categorisation built from `rows`, or nullptr.
    const ScatterCategorisation* categorisation(const QVector<int>& rows) const;
};

// Builds the index and every per-point array; `alternatives` are further categorisations
// (per row) to prepare as well. Thread-safe; O(points).
std::shared_ptr<const ScatterPrepared> prepareScatter(ScatterData data, const QList<QVector<int>>& alternatives = {});
// Per-row categories in `index`'s sorted order, with their counts. Thread-safe.
ScatterCategorisation sortCategories(const ScatterIndex& index, const QVector<int>& rows);
// Per-row values in `index`'s sorted order and their finite range (0..1 when none). Thread-safe.
std::shared_ptr<const std::vector<float>> sortValues(const ScatterIndex& index, const QVector<double>& rows, double& lo,
                                                     double& hi);
// A selection run's rank per row in `index`'s sorted order (empty when the sizes differ). Thread-safe.
std::vector<int32_t> sortRanks(const ScatterIndex& index, const QVector<qint32>& rankPerRow);
