#pragma once
// What the Mixture tab shows, as plain data read off the GUI thread (app/services/MixtureViews):
// a mixture kit's groups (N, q, lambda^s, lambda^t, lambda_0, repetition factors), lambda over
// training (a schedule, a learned MDAC/DDS trajectory, an external trainer's log) and the dev
// loss per group of a `mixture train` run. QtCore only.
#include <QList>
#include <QString>
#include <QStringList>
#include <QVector>

#include <limits>

#include "SweepSeries.h"

struct MixtureGroupRow {
    static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
    QString name;
    qint64 train = -1, dev = -1, test = -1;  // lines; -1 = unknown
    double q = kNone;                        // N_g / N
    double lambdaS = kNone, lambdaT = kNone, lambda0 = kNone;
    double repetition = kNone;   // lambda_0(g) * B * T / N_g
    double lambdaFinal = kNone;  // lambda at the end of the trajectory shown
};

// lambda over training: points[i] holds from x[i] until x[i + 1] (the last until `end`).
struct LambdaTrajectoryData {
    QString xName;       // "step" or "session"
    QStringList groups;
    QVector<double> x;
    QVector<QVector<double>> lambda;  // [group][point]
    double end = 0;
    bool isEmpty() const { return x.isEmpty() || groups.isEmpty(); }
};

struct MixtureViewData {
    QString title;   // what was opened
    QString kit;     // the kit folder shown (a kit, or the kit a training run read), "" if none
    QString source;  // of the trajectory: "schedule", "train", "mdac-state", "log", "" (none)
    QList<MixtureGroupRow> groups;
    LambdaTrajectoryData trajectory;
    QVector<double> evalSteps;       // x of devLoss
    QVector<SweepSeries> devLoss;    // per group, then J^t ("lambda_t") last
    QStringList notes;               // what could not be shown, and why
    qint64 clusterRun = 0;           // a kit grouped by the clusters ("c<j>") of this run; 0 = other
};
