#pragma once
// The clustering views of one run: PCA scatter (coloured by true domain or by GMM cluster,
// one 1σ/2σ ellipse per component), the confusion matrix with purity/NMI/ARI, and the list
// of sentences picked with the rectangle or lasso. Data arrive as ClusterViewData (read off
// the GUI thread by the caller); the picked sentences' texts come from one batched read on
// the loader's pool (a newer pick supersedes an older one).
#include <QWidget>

#include "RunViews.h"

class AsyncLoader;
class ConfusionMatrixView;
class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class ScatterPlotView;

class ClusterExplorer : public QWidget {
    Q_OBJECT
public:
    explicit ClusterExplorer(QWidget* parent = nullptr);
    void setProject(const QString& projectPath);
    void setRun(ClusterViewData data);
    qint64 runId() const { return data_.runId; }
    ScatterPlotView* scatter() const { return scatter_; }
    ConfusionMatrixView* confusion() const { return confusion_; }

signals:
    // A confusion cell was clicked: sentences of `domain` assigned to `cluster`.
    void cellActivated(const QString& domain, int cluster);
    // The list of sentences picked in the plot shows their texts.
    void pickedShown(int listed);

private:
    void applyColouring();
    void showSelection(const QVector<qint64>& ids);
    ClusterViewData data_;
    QString projectPath_;
    AsyncLoader* loader_;
    QLabel* title_;
    QComboBox* colourBy_;
    QCheckBox* ellipses_;
    ScatterPlotView* scatter_;
    ConfusionMatrixView* confusion_;
    QLabel* unlabelled_;
    QListWidget* picked_;
};
