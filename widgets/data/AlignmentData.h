#pragma once
// What an AlignmentView draws: the two languages' points before and after the adaptive layer,
// read off the GUI thread (app/services/AlignmentQueries); QtCore only.
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QVector>

struct AlignmentData {
    QString title;
    QString languageA, languageB;
    QVector<QPointF> beforeA, beforeB, afterA, afterB;  // one point per pair and language
    QStringList textsA, textsB;                         // the pair's sentences (may be empty)
};
