#pragma once
// Precision against cut-off for several selection runs side by side (Cuong & Sima'an's
// pseudo-precision tables as a plot): one line per run, x = the top-N cut-off, y = the share
// of those N that carry the in-domain label; a dashed vertical line marks the true in-domain
// size. Plain data in, no project access: app/ computes the curves off the GUI thread.
#include "CutoffCurve.h"

#include <QString>
#include <QVector>
#include <QWidget>

class QCustomPlot;
class QLabel;

class PrecisionCutoffView : public QWidget {
    Q_OBJECT
public:
    explicit PrecisionCutoffView(QWidget* parent = nullptr);

    // `relevant` = the number of in-domain pool sentences (0 = unknown: no marker).
    void setCurves(const QVector<CutoffCurve>& curves, qint64 relevant, const QString& title = {});
    int curveCount() const { return curves_.size(); }
    QCustomPlot* plot() const { return plot_; }

private:
    QCustomPlot* plot_;
    QLabel* title_;
    QVector<CutoffCurve> curves_;
};
