#include "MixturePanel.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

#include "AsyncService.h"
#include "LambdaAreaView.h"
#include "MixtureGroupsModel.h"
#include "MixtureViews.h"
#include "SweepPlotView.h"
#include "TableExportDialog.h"

MixturePanel::MixturePanel(AsyncService& async, QWidget* parent) : QWidget(parent), async_(async) {
    auto* openFolder = new QPushButton(tr("Open Kit or Training Folder…"), this);
    connect(openFolder, &QPushButton::clicked, this, &MixturePanel::chooseFolder);
    auto* openFile = new QPushButton(tr("Open λ Trajectory…"), this);
    openFile->setToolTip(
        tr("A schedule (mixture schedule), an MDAC state (mixture step), a training report "
           "(train.json) or a trainer's log: one JSON object per line, "
           "{\"step\": N, \"lambda\": {\"group\": weight, …}}"));
    connect(openFile, &QPushButton::clicked, this, &MixturePanel::chooseFile);
    train_ = new QPushButton(tr("Train on This Kit…"), this);
    train_->setEnabled(false);
    connect(train_, &QPushButton::clicked, this, [this] { emit trainRequested(kit_); });
    auto* saveCsv = new QPushButton(tr("Save CSV…"), this);
    title_ =
        new QLabel(tr("Open a mixture kit (mixture kit), a training folder (mixture train) or a λ trajectory."), this);
    title_->setWordWrap(true);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    notes_ = new QLabel(this);
    notes_->setWordWrap(true);
    notes_->hide();

    model_ = new MixtureGroupsModel(this);
    connect(saveCsv, &QPushButton::clicked, this, [this] { TableExportDialog::save(*model_, this, tr("mixture")); });
    table_ = new QTableView(this);
    table_->setModel(model_);
    table_->verticalHeader()->hide();
    table_->setAlternatingRowColors(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(MixtureGroupsModel::Group, QHeaderView::Stretch);
    lambda_ = new LambdaAreaView(this);
    devLoss_ = new SweepPlotView(this);
    devLoss_->setAxisLabels(tr("Training step"), tr("Dev loss (nats per token)"));
    devLoss_->setMarkBest(false);
    devLoss_->hide();

    auto* head = new QHBoxLayout;
    head->addWidget(openFolder);
    head->addWidget(openFile);
    head->addWidget(train_);
    head->addStretch(1);
    head->addWidget(saveCsv);
    auto* plots = new QSplitter(Qt::Horizontal, this);
    plots->addWidget(lambda_);
    plots->addWidget(devLoss_);
    plots->setStretchFactor(0, 3);
    plots->setStretchFactor(1, 2);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(table_);
    split->addWidget(plots);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(head);
    layout->addWidget(title_);
    layout->addWidget(notes_);
    layout->addWidget(split, 1);
    lambda_->clear(tr("No λ trajectory."));
}

void MixturePanel::chooseFolder() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a mixture kit or a training folder"),
                                                          path_.isEmpty() ? QDir::homePath() : path_);
    if (!dir.isEmpty()) open(dir);
}

void MixturePanel::chooseFile() {
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Open a λ trajectory"), path_.isEmpty() ? QDir::homePath() : QFileInfo(path_).absolutePath(),
        tr("Trajectories (*.json *.jsonl *.log);;All files (*)"));
    if (!file.isEmpty()) open(file);
}

void MixturePanel::open(const QString& path) {
    path_ = path;
    title_->setText(tr("Reading %1…").arg(path));
    async_.load<MixtureViewData>(
        this, QStringLiteral("mixture"),
        [path](const dl::CancelToken& cancel) { return readMixtureView(path, cancel); },
        [this](MixtureViewData d) { show(std::move(d)); },
        [this, path](const QString& message) {
            title_->setText(tr("Could not read %1").arg(path));
            notes_->setText(message);
            notes_->show();
            emit failed(message);
        });
}

void MixturePanel::show(MixtureViewData data) {
    data_ = std::move(data);
    kit_ = data_.kit;
    train_->setEnabled(!kit_.isEmpty());
    static const QHash<QString, QString> sources{{QStringLiteral("schedule"), tr("a fixed schedule")},
                                                 {QStringLiteral("train"), tr("a mixture train run")},
                                                 {QStringLiteral("mdac-state"), tr("an MDAC state")},
                                                 {QStringLiteral("log"), tr("a trainer's log")}};
    QString title = data_.title;
    if (!data_.source.isEmpty())
        title += QStringLiteral(" — ") + tr("λ from %1").arg(sources.value(data_.source, data_.source));
    title_->setText(title);
    notes_->setText(data_.notes.join(QLatin1Char('\n')));
    notes_->setVisible(!data_.notes.isEmpty());
    model_->setRows(data_.groups);
    const auto& t = data_.trajectory;
    if (t.isEmpty()) lambda_->clear(tr("No λ trajectory."));
    else
        lambda_->setTrajectory(t, tr("λ of %n group(s) at %1 point(s), %2 %3 to %4", nullptr, int(t.groups.size()))
                                      .arg(t.x.size())
                                      .arg(t.xName == QLatin1String("session") ? tr("session") : tr("step"))
                                      .arg(t.x.first())
                                      .arg(std::max(t.end, t.x.last())));
    // The dev loss of a `mixture train` run only; otherwise lambda takes the width.
    devLoss_->setSweep(data_.evalSteps, data_.devLoss);
    devLoss_->setTitle(tr("Dev loss per group (J^t: under λ^t)"));
    devLoss_->setVisible(!data_.devLoss.isEmpty());
    emit shown();
}
