#pragma once
// True domain × cluster counts, as the analysis stage computes them.
#include <QStringList>
#include <QVector>

struct ConfusionData {
    QStringList rowNames;               // true domains
    QStringList colNames;               // clusters, e.g. "c3 → law"
    QVector<QVector<qint64>> counts;    // counts[row][col]
};
