#include "CleaningPanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include "AsyncService.h"
#include "BoundaryModel.h"
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
    // Bulk actions (BulkActions; the window fills the menus): everything removed, one rule's removals.
    auto menuButton = [this](const QString& text, const QString& tip, QMenu* menu, const QString& name) {
        auto* b = new QPushButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setMenu(menu);
        b->setObjectName(name);
        b->setEnabled(false);
        return b;
    };
    removedMenu_ = new QMenu(this);
    removedButton_ = menuButton(tr("All removed"),
                                tr("Tag, untag, include or exclude every sentence this run removed (Edit > Undo takes "
                                   "it back)."),
                                removedMenu_, QStringLiteral("removedActions"));
    ruleMenu_ = new QMenu(this);
    ruleButton_ = menuButton(tr("Removed by the rule"),
                             tr("Tag, untag, include or exclude the sentences the rule chosen in the table above "
                                "removed (Edit > Undo takes it back)."),
                             ruleMenu_, QStringLiteral("ruleActions"));
    connect(rules_, &QTableWidget::currentCellChanged, this, [this](int row) {
        ruleButton_->setEnabled(row >= 0 && row < data_.rules.size() && data_.rules[row].removed > 0);
    });
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
    // The boundary thumbnail: a threshold over the removed sentences' scores, its percentile,
    // and the sentences nearest it on each side (read off the GUI thread).
    percentile_ = new QLabel(scores);
    percentile_->setWordWrap(true);
    boundary_ = new BoundaryModel(this);
    boundaryView_ = new QTableView(scores);
    boundaryView_->setObjectName(QStringLiteral("boundaryView"));
    boundaryView_->setModel(boundary_);
    boundaryView_->setWordWrap(false);
    boundaryView_->verticalHeader()->hide();
    boundaryView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    boundaryView_->horizontalHeader()->setSectionResizeMode(BoundaryModel::TextColumn, QHeaderView::Stretch);
    boundaryNote_ = new QLabel(tr("A filter run stores a score for its removed sentences only (a kept sentence has "
                                  "none), so the histogram, the percentile and both sides of the line are over the "
                                  "removed sentences: a threshold moved past the run's own shows which of them a "
                                  "stricter setting would keep."),
                               scores);
    boundaryNote_->setWordWrap(true);
    boundaryNote_->setStyleSheet(QStringLiteral("color: palette(dark);"));
    boundaryBox_ = new QWidget(scores);
    auto* boundaryLayout = new QVBoxLayout(boundaryBox_);
    boundaryLayout->setContentsMargins(0, 0, 0, 0);
    boundaryLayout->addWidget(heading(tr("At the boundary"), boundaryBox_));
    boundaryLayout->addWidget(percentile_);
    boundaryLayout->addWidget(boundaryView_, 1);
    boundaryLayout->addWidget(boundaryNote_);
    scoresLayout->addWidget(boundaryBox_, 1);
    boundaryBox_->setEnabled(false);
    // The histogram's threshold (its spin box, the line dragged, or its top k) moves the boundary.
    connect(histogram_, &ScoreHistogramView::thresholdChanged, this, &CleaningPanel::showBoundary);
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
    countRow->addWidget(removedButton_);
    countRow->addWidget(ruleButton_);
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
    removedButton_->setEnabled(data_.runId > 0 && data_.removed > 0);
    fillRules();
    // The first rule that removed something is chosen for the rule's menu.
    for (int i = 0; i < data_.rules.size(); ++i)
        if (data_.rules[i].removed > 0) {
            rules_->setCurrentCell(i, 0);
            break;
        }
    ruleButton_->setEnabled(rules_->currentRow() >= 0 && data_.rules.value(rules_->currentRow()).removed > 0);
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
    setUpBoundary();
    QStringList ruleNames;
    for (const auto& r : data_.rules) ruleNames << r.rule;
    ledger_->reset(ruleNames, data_.removed);
    updateCount();
    // The first page (unless the view asked for it already as the model was reset).
    if (data_.runId > 0 && ledger_->canFetchMore({})) ledger_->fetchMore({});
    emit runShown(data_.runId);
}

void CleaningPanel::setUpBoundary() {
    async_.invalidate(this, QStringLiteral("boundary"));
    boundary_->setRows({});
    const bool scored = !data_.scoreLabel.isEmpty() && !data_.removedScores.isEmpty();
    boundaryBox_->setEnabled(scored);
    percentile_->setText(scored || data_.runId <= 0 ? QString() : tr("No one score to set a threshold on."));
    if (!scored) return;
    showBoundary(histogram_->threshold());  // the run's own threshold, set with the histogram
}

void CleaningPanel::showBoundary(double threshold) {
    if (!boundaryBox_->isEnabled()) return;
    const auto& ranking = data_.ranking;
    const qint64 n = ranking.size();
    const qint64 past = ranking.countAtThreshold(threshold);  // still removed at this threshold
    const bool higherRemoves = ranking.higherIsBetter();
    // The threshold's percentile among the removed sentences' scores (share of scores below it).
    const double below = n > 0 ? double(higherRemoves ? n - past : past) / double(n) : 0.0;
    const QLocale loc;
    percentile_->setText(
        tr("Percentile %1 of the removed sentences' scores: %2 of %3 would stay removed, %4 "
           "would be kept.")
            .arg(loc.toString(100.0 * below, 'f', 1), loc.toString(past), loc.toString(n), loc.toString(n - past)));
    if (project_.isEmpty()) return;
    async_.load<QVector<BoundaryRow>>(
        this, QStringLiteral("boundary"),
        [path = project_, run = data_.runId, threshold, higherRemoves](const dl::CancelToken& cancel) {
            return readBoundary(path, run, threshold, higherRemoves, kBoundaryPerSide, cancel);
        },
        [this, threshold](QVector<BoundaryRow> rows) {
            boundary_->setRows(std::move(rows));
            emit boundaryShown(threshold);
        },
        [this](const QString& message) { percentile_->setText(tr("Cannot read the boundary: %1").arg(message)); });
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

BulkTarget CleaningPanel::removedTarget() const {
    if (data_.runId <= 0 || data_.removed <= 0) return {};
    return BulkTarget::removedBy(
        tr("the %n sentence(s) filter run #%1 removed", nullptr, int(data_.removed)).arg(data_.runId), data_.runId);
}

BulkTarget CleaningPanel::ruleTarget(int rule) const {
    if (rule < 0) rule = rules_->currentRow();
    if (data_.runId <= 0 || rule < 0 || rule >= data_.rules.size() || data_.rules[rule].removed <= 0) return {};
    const auto& r = data_.rules[rule];
    return BulkTarget::removedByRule(tr("the %n sentence(s) rule %1 of filter run #%2 removed", nullptr, int(r.removed))
                                         .arg(r.rule)
                                         .arg(data_.runId),
                                     data_.runId, rule);
}
