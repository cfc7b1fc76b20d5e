#pragma once
// Data for the evaluation view: precision against cut-off of several selection runs, read
// from a project off the GUI thread (AsyncService) with the core's evaluateRuns. An Invitation
// run adds one curve per EM iteration from the rankings its summary keeps.
#include <QList>
#include <QString>
#include <QVector>

#include "CutoffCurve.h"
#include "common/Error.h"

struct CutoffComparison {
    QVector<CutoffCurve> curves;
    qint64 relevant = 0;  // in-domain pool sentences of the first run
    QString title;
};

// The in-domain label is the first run's seed domain ("CORPUS:DOMAIN[:N]"); runs must be
// selection runs. Cut-offs: the relevant count x 0.2, 0.4, ... 2.0 (evaluate's default).
dl::Expected<CutoffComparison> readCutoffComparison(const QString& projectPath, const QList<qint64>& runIds);
