#pragma once
// One line of a SweepPlotView (a criterion against a parameter), read off the GUI thread
// (app/services/LayerSweepData, RunViews); QtCore only.
#include <QString>
#include <QVector>

struct SweepSeries {
    QString name;       // e.g. "BIC"
    QVector<double> y;  // one value per x; NaN = missing (failed fit)
};
