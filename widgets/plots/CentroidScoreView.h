#pragma once
// The paper's Fig. 4 (Aharoni & Goldberg 2020): for every (train, test) domain pair, the cosine
// of the two domains' embedding centroids (x) against a user-given score (y, e.g. BLEU of a
// model trained on one and tested on the other). The same-domain points (the diagonal) are
// drawn apart, as filled diamonds, since they alone can carry much of Pearson's r. Plain data
// in (CentroidScoreData.h), computed off the GUI thread by app/services.
#include "CentroidScoreData.h"

#include <QWidget>

class QCustomPlot;
class QCPGraph;
class QLabel;

class CentroidScoreView : public QWidget {
    Q_OBJECT
public:
    explicit CentroidScoreView(QWidget* parent = nullptr);
    void setCorrelation(const ScoreCorrelationData& data);
    void clear();
    // Points drawn: the different-domain pairs, the same-domain ones.
    int pointCount(bool sameDomain) const;
    QCustomPlot* plot() const { return plot_; }

private:
    QCustomPlot* plot_;
    QLabel* title_;
    QCPGraph* different_;
    QCPGraph* same_;
};
