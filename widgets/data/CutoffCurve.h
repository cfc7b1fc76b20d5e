#pragma once
// One line of a PrecisionCutoffView (precision against the top-N cut-off of one selection
// run), computed off the GUI thread (app/services/CutoffComparison); QtCore only.
#include <QString>
#include <QVector>

struct CutoffCurve {
    QString name;              // "#12 invitation (3 iterations)"
    QVector<double> cutoffs;   // N, ascending
    QVector<double> precision; // in [0, 1], one per cut-off
};
