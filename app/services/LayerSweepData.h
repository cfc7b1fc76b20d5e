#pragma once
// A stored `layer-sweep` run (cluster --layer-sweep, core/analysis/LayerSweep) as lines for the
// run views: purity, NMI (with domain labels) and silhouette against the encoder layer.
// Opens its own read-only connection: run it off the GUI thread.
#include <QStringList>
#include <QVector>

#include "SweepSeries.h"
#include "common/Error.h"

struct LayerSweepViewData {
    qint64 runId = 0;
    QVector<double> x;         // layer numbers; the last layer (-1) after the highest one
    QStringList xLabels;       // "8", "10", "last"
    QVector<SweepSeries> series;
    QString title;             // model, k, chosen layer and why
};
dl::Expected<LayerSweepViewData> readLayerSweepView(const QString& projectPath, qint64 runId);
