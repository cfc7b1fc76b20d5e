#include "CleaningPanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include "AsyncService.h"
#include "FilterQueries.h"
#include "RemovalTableModel.h"
#include "ScoreHistogramView.h"

namespace {

QTableWidgetItem* number(qint64 n) {
    auto* item = new QTableWidgetItem(QLocale().toString(n));
    item->setData(Qt::UserRole, n);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QTableWidgetItem* percent(double share) {
    auto* item = new QTableWidgetItem(QLocale().toString(100.0 * share, 'f', 1) + QStringLiteral(" %"));
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QTableWidget* table(const QStringList& headers, QWidget* parent) {
    auto* t = new QTableWidget(0, int(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setAlternatingRowColors(true);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

QLabel* heading(const QString& text, QWidget* parent) {
    auto* l = new QLabel(QStringLiteral("<b>%1</b>").arg(text.toHtmlEscaped()), parent);
    return l;
}

}  // namespace

CleaningPanel::CleaningPanel(AsyncService& async, QWidget* parent) : QWidget(parent), async_(async) {
    title_ = new QLabel(tr("No filter run yet: Analysis > Filter Corpus… cleans a corpus."), this);
    title_->setWordWrap(true);
    params_ = new QLabel(this);
    params_->setWordWrap(true);
    params_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rules_ = table({tr("Rule"), tr("Input"), tr("Failed"), tr("Removed"), tr("Kept"), tr("Groups")}, this);
    composition_ =
        table({tr("Domain / cluster"), tr("Before"), tr("Share"), tr("After"), tr("Share"), tr("Change")}, this);
    histogram_ = new ScoreHistogramView(this);
    histogram_->setCutWording(tr("past the line"), tr("short of the line"),
                              tr("%1 of %2 removed sentences past the line (%3%)"));
    noHistogram_ = new QLabel(this);
    noHistogram_->setAlignment(Qt::AlignCenter);
    noHistogram_->setWordWrap(true);
    auto* histogramStack = new QStackedWidget(this);  // the histogram, or why there is none
    histogramStack->addWidget(noHistogram_);
    histogramStack->addWidget(histogram_);
    ledger_ = new RemovalTableModel(this);
    ledgerView_ = new QTableView(this);
    ledgerView_->setModel(ledger_);
    ledgerView_->setAlternatingRowColors(true);
    ledgerView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    ledgerView_->setWordWrap(false);
    ledgerView_->verticalHeader()->hide();
    ledgerView_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    ledgerView_->horizontalHeader()->setSectionResizeMode(RemovalTableModel::RemovedColumn, QHeaderView::Stretch);
    ledgerView_->horizontalHeader()->setSectionResizeMode(RemovalTableModel::KeptColumn, QHeaderView::Stretch);
    count_ = new QLabel(this);
    tagRemoved_ = new QPushButton(tr("Tag removed…"), this);
    tagRemoved_->setToolTip(
        tr("Tag every sentence this run removed, to find them on the map (Edit > Undo takes it back)."));
    tagRemoved_->setEnabled(false);
    connect(tagRemoved_, &QPushButton::clicked, this, [this] { emit tagRemovedRequested(data_.runId); });
    connect(ledger_, &RemovalTableModel::pageWanted, this, &CleaningPanel::requestPage);

    auto* counts = new QWidget(this);
    auto* countsLayout = new QVBoxLayout(counts);
    countsLayout->setContentsMargins(0, 0, 0, 0);
    countsLayout->addWidget(heading(tr("Kept and removed per rule"), counts));
    countsLayout->addWidget(rules_, 1);
    countsLayout->addWidget(heading(tr("Composition before and after"), counts));
    countsLayout->addWidget(composition_, 2);
    auto* scores = new QWidget(this);
    auto* scoresLayout = new QVBoxLayout(scores);
    scoresLayout->setContentsMargins(0, 0, 0, 0);
    scoresLayout->addWidget(heading(tr("Scores of the removed sentences"), scores));
    scoresLayout->addWidget(histogramStack, 1);
    auto* top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(counts);
    top->addWidget(scores);
    top->setStretchFactor(0, 1);
    top->setStretchFactor(1, 1);
    auto* bottom = new QWidget(this);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addWidget(heading(tr("Removed sentences (the ledger)"), bottom));
    bottomLayout->addWidget(ledgerView_, 1);
    auto* countRow = new QHBoxLayout;
    countRow->addWidget(count_, 1);
    countRow->addWidget(tagRemoved_);
    bottomLayout->addLayout(countRow);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(bottom);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title_);
    layout->addWidget(params_);
    layout->addWidget(split, 1);
    connect(this, &CleaningPanel::pageShown, this, &CleaningPanel::updateCount);
    histogramStack_ = histogramStack;
}

void CleaningPanel::setProject(const QString& projectPath) {
    if (projectPath == project_) return;
    project_ = projectPath;
    async_.invalidateAll(this);
    setRun({});
}

void CleaningPanel::setRun(FilterViewData data) {
    async_.invalidate(this, QStringLiteral("ledger"));
    data_ = std::move(data);
    const QLocale loc;
    if (data_.runId <= 0) {
        title_->setText(tr("No filter run yet: Analysis > Filter Corpus… cleans a corpus."));
        params_->clear();
    } else {
        title_->setText(
            tr("<b>Filter run #%1</b> (%2) on <b>%3</b>: %4 sentences, %5 kept, %6 removed (%7 %).")
                .arg(data_.runId)
                .arg(data_.kind.toHtmlEscaped(), data_.corpus.toHtmlEscaped(), loc.toString(data_.sentences),
                     loc.toString(data_.kept), loc.toString(data_.removed))
                .arg(loc.toString(data_.sentences > 0 ? 100.0 * double(data_.removed) / double(data_.sentences) : 0.0,
                                  'f', 1)));
        params_->setText(tr("Parameters: %1").arg(data_.parameters));
    }
    tagRemoved_->setEnabled(data_.runId > 0 && data_.removed > 0);
    fillRules();
    fillComposition();
    if (data_.scoreLabel.isEmpty() || data_.removedScores.isEmpty()) {
        noHistogram_->setText(
            data_.runId <= 0 ? QString()
            : data_.scoreLabel.isEmpty()
                ? tr("This filter's rules have a threshold each (see the rules' counts): no one score.")
                : tr("Nothing was removed."));
        histogramStack_->setCurrentWidget(noHistogram_);
    } else {
        // Duplicates are removed at or above the threshold, wrong languages below it.
        const bool higherRemoves = data_.kind != QLatin1String("langid");
        histogram_->setScoreLabel(data_.scoreLabel);
        histogram_->setRanking(data_.ranking);  // sorted off the GUI thread (readFilterView)
        // The legend away from where the removed sentences pile up (near 1, or near 0 for langid).
        histogram_->histogramPlot()->axisRect()->insetLayout()->setInsetAlignment(
            0, Qt::AlignTop | (higherRemoves ? Qt::AlignLeft : Qt::AlignRight));
        if (!qIsNaN(data_.threshold)) histogram_->setThreshold(data_.threshold);
        histogramStack_->setCurrentWidget(histogram_);
    }
    QStringList ruleNames;
    for (const auto& r : data_.rules) ruleNames << r.rule;
    ledger_->reset(ruleNames, data_.removed);
    updateCount();
    // The first page (unless the view asked for it already as the model was reset).
    if (data_.runId > 0 && ledger_->canFetchMore({})) ledger_->fetchMore({});
    emit runShown(data_.runId);
}

void CleaningPanel::requestPage(qint64 afterSentenceId) {
    if (project_.isEmpty() || data_.runId <= 0) return;
    async_.load<RemovalPage>(
        this, QStringLiteral("ledger"),
        [path = project_, run = data_.runId, afterSentenceId, limit = pageSize_] {
            return readRemovalPage(path, run, afterSentenceId, limit);
        },
        [this](RemovalPage page) {
            ledger_->appendPage(page.rows, page.atEnd);
            emit pageShown(ledger_->rowCount());
        },
        [this](const QString& message) {
            count_->setText(tr("The ledger could not be read: %1").arg(message));
            emit pageFailed(message);
        });
}

void CleaningPanel::fillRules() {
    rules_->setRowCount(0);
    for (const auto& r : data_.rules) {
        const int row = rules_->rowCount();
        rules_->insertRow(row);
        rules_->setItem(row, 0, new QTableWidgetItem(r.rule));
        rules_->setItem(row, 1, number(r.input));
        rules_->setItem(row, 2, number(r.failed));
        rules_->setItem(row, 3, number(r.removed));
        rules_->setItem(row, 4, number(r.kept));
        rules_->setItem(row, 5, number(r.groups));
    }
}

void CleaningPanel::fillComposition() {
    composition_->setRowCount(0);
    auto add = [this](const QList<ShareRow>& rows, const QString& emptyName) {
        qint64 before = 0, after = 0;
        for (const auto& r : rows) before += r.before, after += r.after;
        for (const auto& r : rows) {
            const int row = composition_->rowCount();
            composition_->insertRow(row);
            const double shareBefore = before > 0 ? double(r.before) / double(before) : 0;
            const double shareAfter = after > 0 ? double(r.after) / double(after) : 0;
            composition_->setItem(row, 0, new QTableWidgetItem(r.name.isEmpty() ? emptyName : r.name));
            composition_->setItem(row, 1, number(r.before));
            composition_->setItem(row, 2, percent(shareBefore));
            composition_->setItem(row, 3, number(r.after));
            composition_->setItem(row, 4, percent(shareAfter));
            auto* change =
                new QTableWidgetItem(QLocale().toString(100.0 * (shareAfter - shareBefore), 'f', 1) + tr(" pp"));
            change->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            composition_->setItem(row, 5, change);
        }
    };
    add(data_.domains, tr("(no domain)"));
    if (data_.clusterRun > 0) {
        const int row = composition_->rowCount();
        composition_->insertRow(row);
        auto* caption = new QTableWidgetItem(tr("Clusters of run #%1").arg(data_.clusterRun));
        QFont bold = caption->font();
        bold.setBold(true);
        caption->setFont(bold);
        composition_->setItem(row, 0, caption);
        add(data_.clusters, QString());
    }
}

void CleaningPanel::updateCount() {
    const QLocale loc;
    count_->setText(data_.runId <= 0 ? QString()
                                     : tr("%1 of %2 removed sentences read; scroll down for more.")
                                           .arg(loc.toString(ledger_->rowCount()), loc.toString(data_.removed)));
    if (ledger_->atEnd() && data_.runId > 0)
        count_->setText(tr("All %1 removed sentences shown.").arg(loc.toString(data_.removed)));
}
