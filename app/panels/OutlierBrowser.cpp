#include "OutlierBrowser.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSpinBox>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "OutlierTableModel.h"

OutlierBrowser::OutlierBrowser(AsyncService& async, QWidget* parent)
    : QWidget(parent), model_(new OutlierTableModel(async, this)) {
    from_ = new QComboBox(this);
    to_ = new QComboBox(this);
    outliersOnly_ = new QCheckBox(tr("Only outliers"), this);
    outliersOnly_->setChecked(true);
    outliersOnly_->setToolTip(
        tr("Sentences whose cluster maps to another domain than their own (the paper's Table 2)."));
    digits_ = new QComboBox(this);
    digits_->addItems({tr("any"), tr("with digits"), tr("without digits")});
    minTokens_ = new QSpinBox(this);
    maxTokens_ = new QSpinBox(this);
    for (auto* s : {minTokens_, maxTokens_}) {
        s->setRange(0, 100000);
        s->setSpecialValueText(tr("–"));
    }
    text_ = new QLineEdit(this);
    text_->setPlaceholderText(tr("Search text…"));
    text_->setClearButtonEnabled(true);
    count_ = new QLabel(this);

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("From"), this));
    bar->addWidget(from_);
    bar->addWidget(new QLabel(QStringLiteral("→"), this));
    bar->addWidget(to_);
    bar->addWidget(outliersOnly_);
    bar->addWidget(new QLabel(tr("Digits"), this));
    bar->addWidget(digits_);
    bar->addWidget(new QLabel(tr("Tokens"), this));
    bar->addWidget(minTokens_);
    bar->addWidget(new QLabel(QStringLiteral("–"), this));
    bar->addWidget(maxTokens_);
    bar->addWidget(text_, 1);
    bar->addWidget(count_);

    view_ = new QTableView(this);
    view_->setModel(model_);
    view_->setSortingEnabled(true);
    view_->sortByColumn(OutlierTableModel::ProbabilityColumn, Qt::AscendingOrder);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setAlternatingRowColors(true);
    view_->setWordWrap(false);
    view_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);  // no per-row size queries over a million rows
    view_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    view_->horizontalHeader()->setSectionResizeMode(OutlierTableModel::SentenceColumn, QHeaderView::Stretch);
    auto* copy = new QAction(tr("Copy rows"), view_);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, &OutlierBrowser::copySelection);
    view_->addAction(copy);
    auto* lookUp = new QAction(tr("Find neighbours of this sentence"), view_);
    connect(lookUp, &QAction::triggered, this, [this] {
        const QModelIndex current = view_->currentIndex();
        if (current.isValid())
            emit lookUpRequested(model_->index(current.row(), OutlierTableModel::SentenceColumn)
                                     .data(OutlierTableModel::SentenceTextRole)
                                     .toString());
    });
    view_->addAction(lookUp);
    view_->setContextMenuPolicy(Qt::ActionsContextMenu);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(view_, 1);

    // Text typing is debounced so each keystroke does not run a query.
    auto* debounce = new QTimer(this);
    debounce->setSingleShot(true);
    debounce->setInterval(250);
    connect(debounce, &QTimer::timeout, this, &OutlierBrowser::applyFilter);
    connect(text_, &QLineEdit::textChanged, debounce, qOverload<>(&QTimer::start));
    for (auto* c : {from_, to_, digits_})
        connect(c, &QComboBox::currentIndexChanged, this, &OutlierBrowser::applyFilter);
    connect(outliersOnly_, &QCheckBox::toggled, this, &OutlierBrowser::applyFilter);
    for (auto* s : {minTokens_, maxTokens_}) connect(s, &QSpinBox::valueChanged, this, &OutlierBrowser::applyFilter);
    // The rows are read off the GUI thread: the count follows when they arrive.
    connect(model_, &OutlierTableModel::countChanged, this,
            [this](int rows) { count_->setText(tr("%1 sentences").arg(QLocale().toString(rows))); });
    connect(model_, &OutlierTableModel::loadFailed, this, [this](const QString& message) {
        count_->setText(tr("Error"));
        count_->setToolTip(message);
    });
    connect(model_, &OutlierTableModel::rowsTextReady, this,
            [](const QString& text) { QApplication::clipboard()->setText(text); });
}

bool OutlierBrowser::showRun(const QString& projectPath, qint64 runId, QString* error) {
    if (!model_->setRun(projectPath, runId, error)) return false;
    updating_ = true;
    for (auto* c : {from_, to_}) {
        c->clear();
        c->addItem(tr("any"), QString());
        for (const auto& d : model_->domains()) c->addItem(d, d);
    }
    updating_ = false;
    cluster_ = -1;
    applyFilter();
    return true;
}

void OutlierBrowser::filterPair(const QString& from, const QString& to) {
    updating_ = true;
    from_->setCurrentIndex(qMax(0, from_->findData(from)));
    to_->setCurrentIndex(qMax(0, to_->findData(to)));
    outliersOnly_->setChecked(false);
    cluster_ = -1;
    updating_ = false;
    applyFilter();
}

void OutlierBrowser::filterCluster(const QString& from, int cluster) {
    filterPair(from, QString());
    cluster_ = cluster;
    applyFilter();
}

void OutlierBrowser::applyFilter() {
    if (updating_) return;
    OutlierFilter f;
    f.fromDomain = from_->currentData().toString();
    f.toDomain = to_->currentData().toString();
    f.outliersOnly = outliersOnly_->isChecked();
    f.digits = digits_->currentIndex() == 1 ? 1 : digits_->currentIndex() == 2 ? 0 : -1;
    f.minTokens = minTokens_->value();
    f.maxTokens = maxTokens_->value();
    f.text = text_->text();
    f.cluster = cluster_;
    count_->setText(tr("Counting…"));
    count_->setToolTip(QString());
    model_->setFilter(f);
}

void OutlierBrowser::copySelection() {
    QList<int> rows;
    for (const auto& idx : view_->selectionModel()->selectedRows()) rows << idx.row();
    std::sort(rows.begin(), rows.end());
    model_->requestRowsText(rows);  // rowsTextReady puts them on the clipboard
}
