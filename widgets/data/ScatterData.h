#pragma once
// The points a ScatterPlotView shows: plain per-row arrays, implicitly shared (cheap to copy
// between threads as long as nobody writes to them).
#include <QStringList>
#include <QVector>
#include <QtGlobal>

struct ScatterData {
    QVector<double> x, y;        // displayed coordinates (e.g. PC1, PC2)
    QVector<int> category;       // per point, index into categoryNames; -1 = none; may be empty
    QStringList categoryNames;   // e.g. true domains or "c3 → law"
    QVector<double> value;       // optional per-point value for the colour scale (selection score)
    QVector<qint64> ids;         // per point id reported by selectionChanged; empty = row numbers
};
