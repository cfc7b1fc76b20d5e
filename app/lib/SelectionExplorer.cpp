#include "SelectionExplorer.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include "ScoreCdfView.h"
#include "ScoreHistogramView.h"
#include "export/Export.h"
#include "store/Store.h"

namespace {

constexpr int kBorderlineRows = 40;

// One include/exclude decision, undoable.
class DecisionCommand : public QUndoCommand {
public:
    DecisionCommand(SelectionExplorer* explorer, qint64 id, std::optional<bool> before, std::optional<bool> after)
        : explorer_(explorer), id_(id), before_(before), after_(after) {
        setText(after ? (*after ? QObject::tr("include sentence") : QObject::tr("exclude sentence")) : QObject::tr("reset sentence"));
    }
    void redo() override { apply(after_); }
    void undo() override { apply(before_); }

private:
    void apply(std::optional<bool> state) {
        QString error;
        if (!explorer_->setDecision(id_, state, &error)) QMessageBox::warning(explorer_, QObject::tr("Selection"), error);
    }
    SelectionExplorer* explorer_;
    qint64 id_;
    std::optional<bool> before_, after_;
};

}  // namespace

SelectionExplorer::SelectionExplorer(QWidget* parent) : QWidget(parent), undo_(new QUndoStack(this)) {
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

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(include_);
    buttons->addWidget(exclude_);
    buttons->addWidget(reset_);
    buttons->addStretch(1);
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
    auto decide = [this](std::optional<bool> state) {
        const auto rows = borderline_->selectionModel()->selectedRows();
        if (rows.isEmpty()) return;
        undo_->beginMacro(state ? (*state ? tr("include sentences") : tr("exclude sentences")) : tr("reset sentences"));
        for (const auto& r : rows) {
            const qint64 id = borderline_->item(r.row(), 0)->data(Qt::UserRole).toLongLong();
            undo_->push(new DecisionCommand(this, id, decision(id), state));
        }
        undo_->endMacro();
    };
    connect(include_, &QPushButton::clicked, this, [decide] { decide(true); });
    connect(exclude_, &QPushButton::clicked, this, [decide] { decide(false); });
    connect(reset_, &QPushButton::clicked, this, [decide] { decide(std::nullopt); });
    connect(export_, &QPushButton::clicked, this, [this] {
        if (data_.runId) emit exportRequested(data_.runId, histogram_->topK());
    });
}

void SelectionExplorer::setRun(SelectionViewData data) {
    data_ = std::move(data);
    undo_->clear();
    decisions_.clear();
    if (auto store = dl::Store::open(projectPath_.toStdString(), dl::OpenMode::ReadOnly)) {
        if (auto o = dl::overrides(**store, data_.runId))
            for (const auto& [id, included] : *o) decisions_.insert(id, included);
    }
    title_->setText(data_.title + (data_.inDomain.isEmpty() ? QString() : tr(" — labelled in-domain: %1").arg(data_.inDomain)));
    histogram_->setScoreLabel(tr("%1 score").arg(data_.method));
    histogram_->setScores(data_.scores, true);
    histogram_->setLabels(data_.relevant);
    histogram_->setTopK(data_.storedCut);
    cdf_->setScores(data_.scores, tr("%1 score").arg(data_.method));
    cdf_->setThreshold(histogram_->threshold());
    refreshBorderline();
}

std::optional<bool> SelectionExplorer::decision(qint64 sentenceId) const {
    auto it = decisions_.find(sentenceId);
    if (it == decisions_.end()) return std::nullopt;
    return *it;
}

bool SelectionExplorer::setDecision(qint64 sentenceId, std::optional<bool> included, QString* error) {
    auto store = dl::Store::open(projectPath_.toStdString());
    auto fail = [&](const std::string& m) {
        if (error) *error = QString::fromStdString(m);
        return false;
    };
    if (!store) return fail(store.error().message);
    auto tx = (*store)->begin();
    if (!tx) return fail(tx.error().message);
    if (auto s = dl::setOverride(**store, data_.runId, sentenceId, included); !s) return fail(s.error().message);
    if (auto s = tx->commit(); !s) return fail(s.error().message);
    if (included) decisions_.insert(sentenceId, *included);
    else decisions_.remove(sentenceId);
    refreshBorderline();
    return true;
}

void SelectionExplorer::refreshBorderline() {
    borderline_->setRowCount(0);
    if (data_.scores.isEmpty()) return;
    const qint64 k = histogram_->topK();
    const auto rows = histogram_->ranking().borderline(k, kBorderlineRows);
    // Rank of each listed index: position in the sorted order.
    const auto top = histogram_->ranking().topIndices(qMin<qint64>(data_.scores.size(), k + kBorderlineRows));
    QHash<qint64, qint64> rankOf;
    for (qint64 r = 0; r < top.size(); ++r) rankOf.insert(top[r], r + 1);
    borderline_->setRowCount(int(rows.size()));
    for (int i = 0; i < rows.size(); ++i) {
        const qint64 index = rows[i];
        const qint64 id = data_.ids[index];
        const qint64 rank = rankOf.value(index, 0);
        auto* rankItem = new QTableWidgetItem(rank ? QString::number(rank) : QStringLiteral(">%1").arg(k));
        rankItem->setData(Qt::UserRole, id);
        borderline_->setItem(i, 0, rankItem);
        borderline_->setItem(i, 1, new QTableWidgetItem(QString::number(data_.scores[index], 'g', 5)));
        const auto d = decision(id);
        const bool inCut = rank > 0 && rank <= k;
        borderline_->setItem(i, 2, new QTableWidgetItem(d ? (*d ? tr("included by hand") : tr("excluded by hand"))
                                                          : (inCut ? tr("selected") : tr("not selected"))));
        borderline_->setItem(i, 3, new QTableWidgetItem(sentenceText(projectPath_, id)));
    }
}
