#pragma once
// The sampling mixture lambda over training as a stacked area (Pham, Crego & Yvon 2022, Fig. 2):
// one band per group, the bands summing to 1 at every x; lambda of a point holds until the next
// point (steps, as a sampler applies it), the last until the trajectory's end. With many groups
// (30 clusters) the legend lists at most kLegendGroups of the largest final weights.
#include "MixtureViewData.h"

#include <QWidget>

class QCustomPlot;
class QLabel;

class LambdaAreaView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kLegendGroups = 12;
    explicit LambdaAreaView(QWidget* parent = nullptr);

    void setTrajectory(const LambdaTrajectoryData& t, const QString& title = {});
    void clear(const QString& message = {});
    // The top edge of group `g`'s band (lambda_0 + ... + lambda_g) at each drawn x, and those x.
    QVector<double> upperEdge(int g) const;
    QVector<double> drawnX() const;
    int bandCount() const;
    QCustomPlot* plot() const { return plot_; }
    bool save(const QString& path, QString* error = nullptr);

private:
    QCustomPlot* plot_;
    QLabel* summary_;
};
