#include "SelectionExplorer.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <utility>

#include "AsyncService.h"
#include "DecisionWriter.h"
#include "ScoreCdfView.h"
#include "ScoreHistogramView.h"

namespace {

constexpr int kBorderlineRows = 40;

// One include/exclude decision over one or more sentences, undoable.
class DecisionCommand : public QUndoCommand {
public:
    DecisionCommand(SelectionExplorer* explorer, SelectionExplorer::DecisionStep step)
        : explorer_(explorer),
          before_(std::move(step.before)),
          after_(std::move(step.after)),
          firstResult_(std::move(step.result)) {
        const int n = int(before_.size());
        setText(step.state ? (*step.state ? QObject::tr("include %n sentence(s)", nullptr, n)
                                          : QObject::tr("exclude %n sentence(s)", nullptr, n))
                           : QObject::tr("reset %n sentence(s)", nullptr, n));
    }
    // The first redo (the push) takes the decisions computed with the step. Undo and redo swap
    // in the decisions as they were (shared copies: no pass over the ids) when nothing changed
    // them since this command's last redo or undo, else they apply the ids one by one.
    void redo() override {
        auto result = std::exchange(firstResult_, std::nullopt);
        if (!result && explorer_->decisionsVersion() == versionAfterUndo_) result = stateAfter_;
        stateBefore_ = explorer_->decisions();
        explorer_->applyDecisions(after_, std::move(result));
        stateAfter_ = explorer_->decisions();
        versionAfterRedo_ = explorer_->decisionsVersion();
    }
    void undo() override {
        std::optional<QHash<qint64, bool>> result;
        if (explorer_->decisionsVersion() == versionAfterRedo_) result = stateBefore_;
        explorer_->applyDecisions(before_, std::move(result));
        versionAfterUndo_ = explorer_->decisionsVersion();
    }

private:
    SelectionExplorer* explorer_;
    QHash<qint64, std::optional<bool>> before_, after_;
    std::optional<QHash<qint64, bool>> firstResult_;
    QHash<qint64, bool> stateBefore_, stateAfter_;
    quint64 versionAfterRedo_ = ~quint64(0), versionAfterUndo_ = ~quint64(0);  // none yet
};

}  // namespace

SelectionExplorer::SelectionExplorer(AsyncService& async, QWidget* parent)
    : QWidget(parent), async_(async), writer_(new DecisionWriter(async, this)), undo_(new QUndoStack(this)) {
    title_ = new QLabel(tr("No selection run yet: use Analysis → Select In-Domain Data…"), this);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    histogram_ = new ScoreHistogramView(this);
    borderline_ = new QTableWidget(0, 4, this);
    borderline_->setHorizontalHeaderLabels({tr("Rank"), tr("Score"), tr("Decision"), tr("Sentence nearest the cut")});
    borderline_->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    borderline_->verticalHeader()->hide();
    borderline_->setSelectionBehavior(QAbstractItemView::SelectRows);
    borderline_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    include_ = new QPushButton(tr("Include"), this);
    exclude_ = new QPushButton(tr("Exclude"), this);
    reset_ = new QPushButton(tr("Reset"), this);
    export_ = new QPushButton(tr("Export this cut…"), this);
    include_->setToolTip(tr("Keep the selected sentences whatever their score (saved in the project; Ctrl+Z undoes)."));
    exclude_->setToolTip(tr("Drop the selected sentences whatever their score (saved in the project; Ctrl+Z undoes)."));

    saveState_ = new QLabel(this);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(include_);
    buttons->addWidget(exclude_);
    buttons->addWidget(reset_);
    buttons->addWidget(saveState_, 1);
    buttons->addWidget(export_);
    cdf_ = new ScoreCdfView(this);
    cdf_->setToolTip(tr("Cumulative distribution of the scores over the pool (Vu et al. 2021, Fig. 6)."));
    auto* table = new QWidget(this);
    auto* tableLayout = new QVBoxLayout(table);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(borderline_, 1);
    tableLayout->addLayout(buttons);
    auto* lower = new QSplitter(Qt::Horizontal, this);
    lower->addWidget(table);
    lower->addWidget(cdf_);
    lower->setStretchFactor(0, 3);
    lower->setStretchFactor(1, 1);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(histogram_);
    split->addWidget(lower);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title_);
    layout->addWidget(split, 1);

    connect(histogram_, &ScoreHistogramView::topKChanged, this, &SelectionExplorer::refreshBorderline);
    connect(histogram_, &ScoreHistogramView::thresholdChanged, this, [this](double t) { cdf_->setThreshold(t); });
    auto decideSelected = [this](std::optional<bool> state) {
        QVector<qint64> ids;
        for (const auto& r : borderline_->selectionModel()->selectedRows())
            ids << borderline_->item(r.row(), 0)->data(Qt::UserRole).toLongLong();
        decide(ids, state);
    };
    connect(include_, &QPushButton::clicked, this, [decideSelected] { decideSelected(true); });
    connect(exclude_, &QPushButton::clicked, this, [decideSelected] { decideSelected(false); });
    connect(reset_, &QPushButton::clicked, this, [decideSelected] { decideSelected(std::nullopt); });
    connect(writer_, &DecisionWriter::saved, this, [this] {
        if (writer_->pending() > 0) return;
        saveState_->setText(tr("Decisions saved."));
        emit decisionsSaved();
    });
    connect(writer_, &DecisionWriter::failed, this, [this](int, const QString& message) {
        saveState_->setText(tr("Decisions NOT saved: %1").arg(message));
        saveState_->setToolTip(message);
        emit decisionsFailed(message);
    });
    connect(export_, &QPushButton::clicked, this, [this] {
        if (data_.runId) emit exportRequested(data_.runId, histogram_->topK());
    });
}

SelectionExplorer::~SelectionExplorer() = default;

void SelectionExplorer::setProject(const QString& projectPath) {
    if (projectPath == projectPath_) return;
    projectPath_ = projectPath;
    async_.invalidateAll(this);  // borderline texts of another project never land here
}

void SelectionExplorer::setRun(SelectionViewData data) {
    data_ = std::move(data);
    undo_->clear();
    decisions_ = data_.decisions;  // read with the view, off the GUI thread
    ++decisionsVersion_;
    texts_.clear();
    saveState_->clear();
    title_->setText(data_.title +
                    (data_.inDomain.isEmpty() ? QString() : tr(" — labelled in-domain: %1").arg(data_.inDomain)));
    histogram_->setScoreLabel(tr("%1 score").arg(data_.method));
    if (data_.ranking.size() == data_.scores.size()) {
        // Sorted with the read, off the GUI thread: nothing here is O(n log n).
        cdf_->setRanking(data_.ranking, tr("%1 score").arg(data_.method));
        histogram_->setRanking(std::move(data_.ranking));
        data_.ranking = {};
    } else {
        histogram_->setScores(data_.scores, true);
        histogram_->setLabels(data_.relevant);
        cdf_->setScores(data_.scores, tr("%1 score").arg(data_.method));
    }
    histogram_->setTopK(data_.storedCut);
    cdf_->setThreshold(histogram_->threshold());
    refreshBorderline();
    emit runShown(data_.runId);
}

std::optional<bool> SelectionExplorer::decision(qint64 sentenceId) const {
    auto it = decisions_.find(sentenceId);
    if (it == decisions_.end()) return std::nullopt;
    return *it;
}

SelectionExplorer::DecisionStep SelectionExplorer::buildDecisionStep(const QHash<qint64, bool>& decisions,
                                                                     quint64 version, const QVector<qint64>& ids,
                                                                     std::optional<bool> state,
                                                                     const dl::CancelToken& cancel) {
    constexpr qsizetype kPollEvery = 65536;
    DecisionStep step;
    step.state = state;
    step.basedOn = version;
    step.before.reserve(ids.size());
    step.after.reserve(ids.size());
    step.result = decisions;
    for (qsizetype i = 0; i < ids.size(); ++i) {
        if (i % kPollEvery == 0 && cancel.isCancelled()) return {};
        const qint64 id = ids[i];
        const auto it = decisions.constFind(id);
        step.before.insert(id, it == decisions.constEnd() ? std::nullopt : std::optional<bool>(*it));
        step.after.insert(id, state);
        if (state) step.result.insert(id, *state);
        else step.result.remove(id);
    }
    return step;
}

void SelectionExplorer::decide(const QVector<qint64>& ids, std::optional<bool> state) {
    if (ids.isEmpty() || data_.runId <= 0) return;
    undo_->push(new DecisionCommand(this, buildDecisionStep(decisions_, decisionsVersion_, ids, state)));
}

void SelectionExplorer::decide(DecisionStep step) {
    if (step.before.isEmpty() || data_.runId <= 0) return;
    if (step.basedOn != decisionsVersion_) {  // the decisions changed since the snapshot
        const QList<qint64> keys = step.before.keys();
        step = buildDecisionStep(decisions_, decisionsVersion_, QVector<qint64>(keys.begin(), keys.end()), step.state);
    }
    undo_->push(new DecisionCommand(this, std::move(step)));
}

void SelectionExplorer::applyDecisions(const QHash<qint64, std::optional<bool>>& decisions,
                                       std::optional<QHash<qint64, bool>> result) {
    if (result) {
        decisions_ = std::move(*result);
    } else {
        for (auto it = decisions.begin(); it != decisions.end(); ++it) {
            if (it.value()) decisions_.insert(it.key(), *it.value());
            else decisions_.remove(it.key());
        }
    }
    ++decisionsVersion_;
    saveState_->setText(tr("Saving decisions…"));
    saveState_->setToolTip(QString());
    writer_->write(projectPath_, data_.runId, decisions);
    refreshBorderline();
    emit decisionsApplied();
}

void SelectionExplorer::refreshBorderline() {
    borderline_->setRowCount(0);
    if (data_.scores.isEmpty()) return;
    const qint64 k = histogram_->topK();
    const auto& ranking = histogram_->ranking();
    // Ranks come with the borderline list: no lookup over the top k, whatever k is.
    const auto ranks = ranking.borderlineRanks(k, kBorderlineRows);
    borderline_->setRowCount(int(ranks.size()));
    QVector<qint64> missing;
    for (int i = 0; i < ranks.size(); ++i) {
        const qint64 index = ranking.indexAtRank(ranks[i]);
        const qint64 id = data_.ids[index];
        const qint64 rank = ranks[i] + 1;
        auto* rankItem = new QTableWidgetItem(QString::number(rank));
        rankItem->setData(Qt::UserRole, id);
        borderline_->setItem(i, 0, rankItem);
        borderline_->setItem(i, 1, new QTableWidgetItem(QString::number(data_.scores[index], 'g', 5)));
        const auto d = decision(id);
        const bool inCut = rank <= k;
        borderline_->setItem(i, 2,
                             new QTableWidgetItem(d ? (*d ? tr("included by hand") : tr("excluded by hand"))
                                                    : (inCut ? tr("selected") : tr("not selected"))));
        auto it = texts_.constFind(id);
        borderline_->setItem(i, 3, new QTableWidgetItem(it != texts_.constEnd() ? *it : tr("…")));
        if (it == texts_.constEnd()) missing << id;
    }
    if (missing.isEmpty()) {
        emit borderlineTextsShown();
        return;
    }
    // One batched read for the sentences not seen yet; a newer cut supersedes it.
    async_.load<QHash<qint64, QString>>(
        this, QStringLiteral("borderline"), [path = projectPath_, missing] { return sentenceTexts(path, missing); },
        [this, runId = data_.runId](QHash<qint64, QString> texts) {
            if (runId != data_.runId) return;
            if (texts_.size() > 100000) texts_.clear();  // bounded: a long drag visits many cuts
            texts_.insert(texts);
            fillBorderlineTexts();
        },
        [this](const QString& message) { saveState_->setText(tr("Cannot read the sentences: %1").arg(message)); });
}

void SelectionExplorer::fillBorderlineTexts() {
    for (int row = 0; row < borderline_->rowCount(); ++row) {
        const qint64 id = borderline_->item(row, 0)->data(Qt::UserRole).toLongLong();
        auto it = texts_.constFind(id);
        if (it != texts_.constEnd()) borderline_->item(row, 3)->setText(*it);
    }
    emit borderlineTextsShown();
}
