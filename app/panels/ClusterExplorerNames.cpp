// ClusterExplorer: cluster names (the most distinctive words, or the user's own names) on the
// map at the component means and in the confusion matrix headers. Reads and writes (in order)
// on the window's AsyncService; nothing touches SQLite on the GUI thread.
#include "ClusterExplorer.h"

#include <QLabel>

#include "AsyncService.h"
#include "ClusterNamesDialog.h"
#include "ClusterNamesStore.h"
#include "ConfusionMatrixView.h"
#include "ScatterPlotView.h"

void ClusterExplorer::reloadNames() {
    if (data_.runId <= 0) return;
    async_.load<dl::ClusterNames>(
        this, QStringLiteral("names"),
        [path = projectPath_, run = data_.runId] { return readRunClusterNames(path, run); },
        [this, run = data_.runId](dl::ClusterNames names) {
            const int k = int(baseClusterNames_.size());
            words_.clear();
            userNames_.clear();
            for (int c = 0; c < k; ++c) {
                QStringList w;
                if (c < int(names.terms.size()))
                    for (const auto& t : names.terms[std::size_t(c)]) w << QString::fromStdString(t.term);
                words_ << w.join(QStringLiteral(", "));
                auto it = names.userNames.find(c);
                userNames_ << (it == names.userNames.end() ? QString() : QString::fromStdString(it->second));
            }
            if (!names.computed && namingAsked_ != run) {
                namingAsked_ = run;
                emit namesMissing(run);
            }
            applyNames();
        },
        [this](const QString& message) { title_->setToolTip(tr("Cannot read the cluster names: %1").arg(message)); });
}

void ClusterExplorer::applyNames() {
    nameLabels_.clear();
    QVector<QPointF> at;
    const int k = int(baseClusterNames_.size());
    for (int c = 0; c < k; ++c) {
        QString label = userNames_.value(c);
        if (label.isEmpty())
            label = words_.value(c)
                        .section(QStringLiteral(", "), 0, 1)
                        .replace(QStringLiteral(", "), QStringLiteral(" · "));
        nameLabels_ << label;
        // "c3 patient · dose → medical": the automatic id, the name, the domain it maps to.
        const int m = c < data_.majority.size() ? data_.majority[c] : -1;
        QString name = label.isEmpty() ? QStringLiteral("c%1").arg(c) : QStringLiteral("c%1 %2").arg(c).arg(label);
        if (m >= 0 && m < data_.domainNames.size()) name += QStringLiteral(" → ") + data_.domainNames[m];
        data_.clusterNames[c] = name;
    }
    for (const EllipseSpec& e : std::as_const(data_.ellipses)) at << QPointF(e.cx, e.cy);
    QStringList shown;
    for (const EllipseSpec& e : std::as_const(data_.ellipses)) shown << nameLabels_.value(e.category);
    scatter_->setComponentLabels(at, shown);
    if (data_.labelled) {
        data_.confusion.colNames = data_.clusterNames;
        confusion_->setConfusion(data_.confusion);
    }
    // The legend of "GMM cluster" shows the names; a preview keeps the map (and its pending
    // flags) until it is discarded, which recolours with the names.
    if (!previewActive_) applyColouring();
    fillClusterChoice();
    emit namesShown();
}

void ClusterExplorer::editNames() {
    if (data_.runId <= 0) return;
    ClusterNamesDialog dialog(words_, userNames_, this);
    if (dialog.exec() != QDialog::Accepted) return;
    writeNames(dialog.changedNames());
}

void ClusterExplorer::writeNames(const QMap<int, QString>& names) {
    if (names.isEmpty() || data_.runId <= 0) return;
    for (auto it = names.begin(); it != names.end(); ++it)
        if (it.key() < userNames_.size()) userNames_[it.key()] = it.value();
    applyNames();  // at once in memory; stored below
    // One write after another (the service's "cluster names" channel), then the names as stored.
    async_.write(
        this, QStringLiteral("cluster names"),
        [path = projectPath_, run = data_.runId, names] { return writeClusterNames(path, run, names); },
        [this] { reloadNames(); },
        [this](const QString& message) {
            title_->setToolTip(tr("The cluster names were NOT saved: %1").arg(message));
            reloadNames();
        });
}
