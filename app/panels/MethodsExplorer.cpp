#include "MethodsExplorer.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "AsyncService.h"
#include "KeptDroppedModel.h"
#include "MethodPairsModel.h"
#include "RunViews.h"
#include "ScatterPlotView.h"
#include "TableExportDialog.h"
#include "UpSetView.h"

#include <limits>

namespace {
constexpr int kTextsRead = 2000;  // kept/dropped rows whose texts are read (all the listed ones)

QWidget* titled(const QString& title, QWidget* body, const QList<QWidget*>& extras = {}) {
    auto* box = new QWidget;
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* head = new QHBoxLayout;
    auto* label = new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()), box);
    label->setWordWrap(true);  // a long title (German) wraps rather than widening the window
    head->addWidget(label, 1);
    for (QWidget* w : extras) head->addWidget(w);
    layout->addLayout(head);
    layout->addWidget(body, 1);
    return box;
}

QTableView* tableFor(QAbstractItemModel* model, QWidget* parent) {
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->verticalHeader()->hide();
    view->setAlternatingRowColors(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

QPushButton* csvButton(QAbstractItemModel* model, QWidget* parent, const QString& name) {
    auto* b = new QPushButton(QObject::tr("Save CSV…"), parent);
    QObject::connect(b, &QPushButton::clicked, parent,
                     [model, parent, name] { TableExportDialog::save(*model, parent, name); });
    return b;
}
}  // namespace

MethodsExplorer::MethodsExplorer(AsyncService& async, QWidget* parent) : QWidget(parent), async_(async) {
    runList_ = new QListWidget(this);
    runList_->setFlow(QListView::LeftToRight);
    runList_->setWrapping(true);
    runList_->setMaximumHeight(64);
    runList_->setToolTip(tr("Check 2 to 4 selection runs of the same pool."));
    k_ = new QSpinBox(this);
    k_->setRange(0, std::numeric_limits<int>::max());
    k_->setPrefix(tr("top k = "));
    k_->setSpecialValueText(tr("top k = the runs' own cut"));
    pairA_ = new QComboBox(this);
    pairB_ = new QComboBox(this);
    auto* compareButton = new QPushButton(tr("Compare"), this);
    summary_ = new QLabel(tr("Check two or more selection runs and press Compare."), this);
    summary_->setWordWrap(true);
    auto* bar = new QHBoxLayout;
    bar->addWidget(runList_, 1);
    auto* controls = new QGridLayout;
    controls->addWidget(k_, 0, 0, 1, 2);
    controls->addWidget(new QLabel(tr("Pair:"), this), 1, 0);
    auto* pair = new QHBoxLayout;
    pair->addWidget(pairA_);
    pair->addWidget(new QLabel(tr("vs"), this));
    pair->addWidget(pairB_);
    controls->addLayout(pair, 1, 1);
    controls->addWidget(compareButton, 0, 2, 2, 1);
    bar->addLayout(controls);

    pairs_ = new MethodPairsModel(this);
    kept_ = new KeptDroppedModel(this);
    pairsView_ = tableFor(pairs_, this);
    keptView_ = tableFor(kept_, this);
    for (int c = KeptDroppedModel::RankA; c < KeptDroppedModel::Sentence; ++c)
        keptView_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    upset_ = new UpSetView(this);
    ranks_ = new ScatterPlotView(this);
    map_ = new ScatterPlotView(this);
    mapMode_ = new QComboBox(this);
    direction_ = new QComboBox(this);
    // Run labels ("#12 finetune-head") read whole, not cut after a few letters.
    for (QComboBox* box : {pairA_, pairB_, direction_}) box->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    auto* left = new QSplitter(Qt::Vertical, this);
    left->addWidget(titled(tr("Overlap of the top k per pair"), pairsView_,
                           {csvButton(pairs_, this, QStringLiteral("method-pairs"))}));
    left->addWidget(titled(tr("Exact intersections (UpSet)"), upset_));
    left->setStretchFactor(0, 1);
    left->setStretchFactor(1, 2);
    auto* middle = new QSplitter(Qt::Vertical, this);
    middle->addWidget(titled(tr("Rank against rank (1 = best)"), ranks_));
    middle->addWidget(titled(tr("Kept by one, dropped by the other"), keptView_,
                             {direction_, csvButton(kept_, this, QStringLiteral("kept-dropped"))}));
    auto* right = titled(tr("Where each method's top k lies on the map"), map_, {mapMode_});
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(middle);
    split->addWidget(right);
    split->setSizes({540, 430, 430});  // the pair table's six columns (Jaccard last) fit without scrolling
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(summary_);
    layout->addWidget(split, 1);

    connect(compareButton, &QPushButton::clicked, this, &MethodsExplorer::request);
    connect(pairA_, &QComboBox::currentIndexChanged, this, &MethodsExplorer::request);
    connect(pairB_, &QComboBox::currentIndexChanged, this, &MethodsExplorer::request);
    connect(mapMode_, &QComboBox::currentIndexChanged, this, &MethodsExplorer::applyMapMode);
    connect(direction_, &QComboBox::currentIndexChanged, this, &MethodsExplorer::applyKeptDirection);
    auto tip = [this](qint64 row, const ScatterPlotView* view) {
        const auto& ids = view->data().ids;
        return row >= 0 && row < ids.size() ? sentenceText(projectPath_, ids[row]) : QString();
    };
    ranks_->setTooltipProvider([this, tip](qint64 row) { return tip(row, ranks_); });
    map_->setTooltipProvider([this, tip](qint64 row) { return tip(row, map_); });
}

void MethodsExplorer::setProject(const QString& projectPath) {
    if (projectPath == projectPath_) return;
    projectPath_ = projectPath;
    async_.invalidateAll(this);
    data_ = {};
    runList_->clear();
}

void MethodsExplorer::setRuns(const QList<RunRow>& runs) {
    const QVector<qint64> checked = checkedRuns();
    runList_->clear();
    // The newest 2-3 runs of the newest pool that has two or more (a single run of another
    // pool, e.g. a cross-lingual one, has nothing to be compared with).
    QHash<QString, QVector<qint64>> byPool;  // newest first, at most 3
    QStringList pools;                       // by their newest run, newest first
    for (auto it = runs.crbegin(); it != runs.crend(); ++it) {
        if (it->kind != dl::RunKind::Select) continue;
        if (!byPool.contains(it->corpus)) pools << it->corpus;
        if (auto& ids = byPool[it->corpus]; ids.size() < 3) ids << it->id;
    }
    QVector<qint64> newest;
    for (const QString& pool : std::as_const(pools))
        if (byPool[pool].size() >= 2) {
            newest = byPool[pool];
            break;
        }
    for (const auto& r : runs) {
        if (r.kind != dl::RunKind::Select) continue;
        // The description lists the parameters as "key=value, ...": the method names the run.
        QString method;
        for (const QString& part : r.description.split(QStringLiteral(", ")))
            if (part.startsWith(QLatin1String("method="))) method = part.mid(7);
        auto* item = new QListWidgetItem(tr("#%1 %2 (%3)").arg(r.id).arg(method, r.corpus), runList_);
        item->setToolTip(r.description);
        item->setData(Qt::UserRole, r.id);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(checked.contains(r.id) ? Qt::Checked : Qt::Unchecked);
    }
    if (data_.labels.isEmpty() && newest.size() >= 2) compare(newest);
}

QVector<qint64> MethodsExplorer::checkedRuns() const {
    QVector<qint64> ids;
    for (int i = 0; i < runList_->count(); ++i)
        if (runList_->item(i)->checkState() == Qt::Checked) ids << runList_->item(i)->data(Qt::UserRole).toLongLong();
    return ids;
}

void MethodsExplorer::compare(const QVector<qint64>& runIds) {
    for (int i = 0; i < runList_->count(); ++i)
        runList_->item(i)->setCheckState(
            runIds.contains(runList_->item(i)->data(Qt::UserRole).toLongLong()) ? Qt::Checked : Qt::Unchecked);
    {
        const QSignalBlocker a(pairA_), b(pairB_);
        pairA_->clear();
        pairB_->clear();
    }
    request();
}

void MethodsExplorer::request() {
    MethodComparisonRequest r;
    r.runIds = checkedRuns();
    r.k = k_->value();
    // Pair choices refer to the checked runs; a changed set of runs starts from the first two.
    const bool sameRuns = r.runIds == data_.request.runIds && pairA_->count() == r.runIds.size();
    r.pairA = sameRuns ? pairA_->currentIndex() : 0;
    r.pairB = sameRuns ? pairB_->currentIndex() : 1;
    if (r.runIds.size() < 2 || r.runIds.size() > 4) {
        summary_->setText(
            tr("Check 2 to 4 selection runs of the same pool (%n checked).", nullptr, int(r.runIds.size())));
        return;
    }
    summary_->setText(tr("Comparing %n selection run(s)…", nullptr, int(r.runIds.size())));
    ++generation_;
    comparing_ = true;
    async_.load<MethodComparisonData>(
        this, QStringLiteral("compare"),
        [path = projectPath_, r](const dl::CancelToken& cancel) { return readMethodComparison(path, r, cancel); },
        [this](MethodComparisonData d) {
            comparing_ = false;
            show(std::move(d));
        },
        [this](const QString& message) {
            comparing_ = false;
            summary_->setText(message);
        });
}

void MethodsExplorer::followRun(qint64 runId) {
    // nothing compared yet, a comparison on its way (it reads the map too), or a newer map shown
    if (projectPath_.isEmpty() || runId <= 0 || comparing_ || data_.request.runIds.size() < 2 || data_.mapRun > runId)
        return;
    async_.load<MethodComparisonData>(
        this, QStringLiteral("compare-map"),
        [path = projectPath_, base = data_](const dl::CancelToken& cancel) {
            return readMethodMap(path, base, cancel);
        },
        [this, generation = generation_](MethodComparisonData d) {
            if (generation != generation_ || comparing_) return;  // another comparison since
            if (d.mapRun == data_.mapRun && d.map.ids.size() == data_.map.ids.size()) return;  // unchanged
            const int mode = mapMode_->currentIndex();
            data_.map = std::move(d.map);
            data_.mapMask = std::move(d.mapMask);
            data_.mapRun = d.mapRun;
            data_.mapTitle = std::move(d.mapTitle);
            map_->setData(data_.map);
            if (!data_.mapTitle.isEmpty()) map_->setAxisLabels(tr("PC1 (%1)").arg(data_.mapTitle), tr("PC2"));
            if (mode > 0) applyMapMode();
            emit mapFollowed(data_.mapRun, data_.map.ids.size());
        },
        [this](const QString& message) { summary_->setToolTip(message); });
}

void MethodsExplorer::show(MethodComparisonData data) {
    data_ = std::move(data);
    summary_->setText(data_.summary);
    {
        const QSignalBlocker blockA(pairA_), blockB(pairB_), blockMap(mapMode_), blockDirection(direction_);
        pairA_->clear();
        pairB_->clear();
        pairA_->addItems(data_.labels);
        pairB_->addItems(data_.labels);
        pairA_->setCurrentIndex(data_.request.pairA);
        pairB_->setCurrentIndex(data_.request.pairB);
        mapMode_->clear();
        mapMode_->addItem(tr("Which methods keep it"));
        for (const QString& l : std::as_const(data_.labels)) mapMode_->addItem(tr("Top k of %1").arg(l));
        direction_->clear();
        const QString a = data_.labels[data_.request.pairA], b = data_.labels[data_.request.pairB];
        direction_->addItem(tr("%1 keeps, %2 drops (%3)").arg(a, b, QLocale().toString(data_.keptByA.size())));
        direction_->addItem(tr("%1 keeps, %2 drops (%3)").arg(b, a, QLocale().toString(data_.keptByB.size())));
    }
    pairs_->setRows(data_.pairs);
    pairsView_->resizeColumnsToContents();
    upset_->setData(data_.upset);
    ranks_->setData(data_.rankScatter);
    ranks_->setAxisLabels(tr("Rank in %1").arg(data_.labels[data_.request.pairA]),
                          tr("Rank in %1").arg(data_.labels[data_.request.pairB]));
    map_->setData(data_.map);
    if (!data_.mapTitle.isEmpty()) map_->setAxisLabels(tr("PC1 (%1)").arg(data_.mapTitle), tr("PC2"));
    applyKeptDirection();
    emit comparisonShown();
}

void MethodsExplorer::applyMapMode() {
    QVector<int> category;
    QStringList names;
    methodMapCategories(data_.mapMask, data_.labels, mapMode_->currentIndex() - 1, category, names);
    map_->setCategories(std::move(category), names);
}

void MethodsExplorer::applyKeptDirection() {
    if (data_.labels.isEmpty()) return;
    const bool byA = direction_->currentIndex() <= 0;
    const QString a = data_.labels[data_.request.pairA], b = data_.labels[data_.request.pairB];
    const QVector<KeptDroppedRow>& rows = byA ? data_.keptByA : data_.keptByB;
    kept_->setRows(byA ? a : b, byA ? b : a, rows);
    QVector<qint64> ids;
    for (qsizetype i = 0; i < std::min<qsizetype>(rows.size(), kTextsRead); ++i) ids << rows[i].id;
    async_.load<QHash<qint64, QString>>(
        this, QStringLiteral("kept texts"), [path = projectPath_, ids] { return sentenceTexts(path, ids); },
        [this](QHash<qint64, QString> texts) {
            kept_->setTexts(texts);
            emit keptTextsShown();
        },
        [this](const QString& message) { summary_->setText(tr("Cannot read the sentences: %1").arg(message)); });
}
