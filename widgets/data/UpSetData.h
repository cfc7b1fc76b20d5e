#pragma once
// What an UpSetView draws: 2-4 sets and the size of each exclusive intersection, computed off
// the GUI thread (app/services/MethodComparison); QtCore only.
#include <QStringList>
#include <QVector>
#include <QtGlobal>

struct UpSetData {
    QStringList sets;          // e.g. "#4 cosine (5,000)"
    QVector<qint64> exclusive; // size 2^sets: exclusive[mask] = items in exactly the sets of mask
};
