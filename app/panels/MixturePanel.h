#pragma once
// The Mixture tab (issue #24 item 7): a mixture kit or a `mixture train` folder, or a lambda
// trajectory file (a schedule, an MDAC state, an external trainer's JSONL log), read off the GUI
// thread on the window's AsyncService (MixtureViews): the groups with N, q, lambda^s, lambda^t,
// lambda_0, repetition factors and final lambda; lambda over training as a stacked area (Pham et
// al. 2022, Fig. 2); the dev loss per group of a `mixture train` run. "Train…" asks the window
// to run `mixture train` on the kit shown (a job on the worker, with progress and Cancel).
#include <QWidget>

#include "MixtureViewData.h"

class AsyncService;
class LambdaAreaView;
class MixtureGroupsModel;
class QLabel;
class QPushButton;
class QTableView;
class SweepPlotView;

class MixturePanel : public QWidget {
    Q_OBJECT
public:
    explicit MixturePanel(AsyncService& async, QWidget* parent = nullptr);
    // Reads `path` (a folder or a trajectory file) off the GUI thread; a later call supersedes.
    void open(const QString& path);
    const QString& path() const { return path_; }
    // The kit shown (a kit folder, or the kit of a `mixture train` folder), "" if none.
    QString kitFolder() const { return kit_; }
    const MixtureViewData& data() const { return data_; }
    MixtureGroupsModel* groupsModel() const { return model_; }
    LambdaAreaView* lambdaView() const { return lambda_; }
    SweepPlotView* devLossView() const { return devLoss_; }

signals:
    void shown();                        // a read was applied
    void failed(const QString& message);  // a read failed
    void trainRequested(const QString& kitFolder);

private:
    void show(MixtureViewData data);
    void chooseFolder();
    void chooseFile();
    AsyncService& async_;  // the window's; outlives this panel
    QString path_, kit_;
    MixtureViewData data_;
    QLabel* title_;
    QLabel* notes_;
    QPushButton* train_;
    MixtureGroupsModel* model_;
    QTableView* table_;
    LambdaAreaView* lambda_;
    SweepPlotView* devLoss_;
};
