#include "SearchExplorer.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "AsyncService.h"
#include "ErrorText.h"
#include "JobRunner.h"
#include "ScatterMarks.h"
#include "ScatterPlotView.h"
#include "SearchHitModel.h"
#include "TableExportDialog.h"

namespace {
constexpr int kListed = 500;     // full-text matches listed with their texts
constexpr int kDrawn = 100000;   // full-text matches marked on the map at most
}// namespace

SearchExplorer::SearchExplorer(AsyncService& async, JobRunner* runner, QWidget* parent)
    : QWidget(parent), runner_(runner), async_(async) {
    query_ = new QLineEdit(this);
    query_->setPlaceholderText(tr("Type or paste a sentence (neighbours) or words (full text)"));
    query_->setClearButtonEnabled(true);
    k_ = new QSpinBox(this);
    k_->setRange(1, 1000);
    k_->setValue(20);
    k_->setToolTip(tr("How many nearest sentences to list"));
    neighboursButton_ = new QPushButton(tr("Find neighbours"), this);
    neighboursButton_->setToolTip(
        tr("Encode the sentence with the corpus's model, show where it lands and its nearest sentences (cosine)."));
    wordsButton_ = new QPushButton(tr("Find words"), this);
    wordsButton_->setToolTip(tr("Full-text search: sentences containing every word (word* matches a prefix)."));
    saveListButton_ = new QPushButton(tr("Save list…"), this);
    resultsMenu_ = new QMenu(this);
    resultsButton_ = new QPushButton(this);
    resultsButton_->setObjectName(QStringLiteral("resultActions"));
    resultsButton_->setText(tr("Results"));
    resultsButton_->setToolTip(tr("Tag, untag, include or exclude the listed results (Edit > Undo takes it back)."));
    resultsButton_->setMenu(resultsMenu_);
    auto* bar = new QHBoxLayout;
    bar->addWidget(query_, 1);
    bar->addWidget(new QLabel(tr("Neighbours:"), this));
    bar->addWidget(k_);
    bar->addWidget(neighboursButton_);
    bar->addWidget(wordsButton_);
    bar->addWidget(saveListButton_);
    bar->addWidget(resultsButton_);

    status_ = new QLabel(tr("Show a clustering run to search on its map."), this);
    status_->setWordWrap(true);
    scatter_ = new ScatterPlotView(this);
    marks_ = new ScatterMarks(scatter_->plot());
    scatter_->setTooltipProvider([this](qint64 row) {  // one indexed lookup, as on the Clusters tab
        return row >= 0 && row < map_.ids.size() ? sentenceText(projectPath_, map_.ids[row]) : QString();
    });
    hits_ = new SearchHitModel(this);
    table_ = new QTableView(this);
    table_->setModel(hits_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->verticalHeader()->hide();
    // Rank, cosine and domain as wide as their contents (a few hundred rows at most), the sentence gets the rest.
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(SearchHitModel::TextColumn, QHeaderView::Stretch);
    table_->setToolTip(tr("Double-click a sentence to find its neighbours."));
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(scatter_);
    split->addWidget(table_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({640, 480});

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(status_);
    layout->addWidget(split, 1);

    connect(neighboursButton_, &QPushButton::clicked, this, [this] { lookUp(query_->text()); });
    connect(query_, &QLineEdit::returnPressed, this, [this] { lookUp(query_->text()); });
    connect(wordsButton_, &QPushButton::clicked, this, [this] { findWords(query_->text()); });
    connect(saveListButton_, &QPushButton::clicked, this,
            [this] { TableExportDialog::save(*hits_, this, QStringLiteral("search")); });
    connect(table_, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const QString text = index.data(SearchHitModel::TextRole).toString();
        query_->setText(text);
        lookUp(text);
    });
    setBusy(false);
}

void SearchExplorer::setProject(const QString& projectPath) {
    if (projectPath == projectPath_) return;
    projectPath_ = projectPath;
    async_.invalidateAll(this);
    queryCache_ = std::make_shared<dl::SentenceQueryCache>();  // lets the last project's vectors go
    ++lookUpGeneration_;
    runId_ = 0;
    hits_->clear();
    marks_->clear();
    setBusy(false);
}

void SearchExplorer::setRun(const ClusterViewData& data) {
    runId_ = data.runId;
    if (data.map) {
        scatter_->setPrepared(data.map);  // prepared off the GUI thread with the read
        map_ = data.map->data;
    } else {
        map_ = data.scatter;
        if (!data.labelled) {
            map_.category = data.clusterLabels;
            map_.categoryNames = data.clusterNames;
        }
        scatter_->setData(map_);
    }
    marks_->clear();
    hits_->clear();
    rows_.reset();
    status_->setText(tr("Run #%1: preparing the map…").arg(runId_));
    setBusy(true);
    async_.load<std::shared_ptr<const RowsById>>(
        this, QStringLiteral("rows"),
        [ids = map_.ids]() -> dl::Expected<std::shared_ptr<const RowsById>> {
            return std::make_shared<const RowsById>(rowsById(ids));
        },
        [this](std::shared_ptr<const RowsById> rows) {
            rows_ = std::move(rows);
            status_->setText(tr("Run #%1: type a sentence and press Enter, or words and Find words.").arg(runId_));
            setBusy(false);
        });
}

void SearchExplorer::setBusy(bool busy) {
    const bool ready = !busy && rows_ && runId_ > 0;
    neighboursButton_->setEnabled(ready);
    wordsButton_->setEnabled(ready);
    resultsButton_->setEnabled(!busy && hits_->rowCount() > 0);
}

BulkTarget SearchExplorer::resultsTarget() const {
    QVector<qint64> ids;
    for (const SearchHit& h : hits_->hits()) ids << h.sentenceId;
    if (ids.isEmpty()) return {};
    return BulkTarget::these(tr("the %n listed search result(s)", nullptr, int(ids.size())), ids);
}

void SearchExplorer::fail(const QString& message) {
    status_->setText(message);
    setBusy(false);
    emit searchFailed(message);
}

void SearchExplorer::lookUp(const QString& sentence) {
    const QString text = sentence.trimmed();
    if (text.isEmpty() || !rows_ || runId_ <= 0) return;
    auto result = std::make_shared<NeighbourResult>();
    const quint64 generation = ++lookUpGeneration_;
    async_.invalidate(this, QStringLiteral("words"));
    status_->setText(tr("Encoding the sentence and comparing it with %1 stored vectors…")
                         .arg(QLocale().toString(qint64(map_.ids.size()))));
    setBusy(true);
    runner_->submit(
        tr("Find the neighbours of a sentence"),
        makeNeighbourJob(projectPath_, runId_, text, k_->value(), map_, rows_, result, queryCache_),
        [this, result, generation](const dl::Status& outcome) {
            if (generation != lookUpGeneration_) return;  // superseded (new run, project or look-up)
            if (!outcome) {
                fail(outcome.error().kind == dl::ErrorKind::Cancelled ? tr("Cancelled.") : errorText(outcome.error()));
                return;
            }
            showNeighbours(*result);
        });
}

void SearchExplorer::showNeighbours(const NeighbourResult& r) {
    hits_->setHits(r.hits, r.hits.size());
    table_->setColumnHidden(SearchHitModel::CosineColumn, false);
    marks_->setMatches({});
    marks_->setNeighbours(r.points);
    marks_->setQueries(r.placed ? QVector<QPointF>{r.at} : QVector<QPointF>{});
    QString text = tr("%n nearest of %1 sentences (cosine, exact).", nullptr, int(r.hits.size()))
                       .arg(QLocale().toString(r.searched));
    text +=
        QLatin1Char(' ') + (r.placed ? tr("The yellow diamond is where the sentence lands; rings are its neighbours.")
                                     : tr("Not placed on the map: %1").arg(r.note));
    status_->setText(text);
    setBusy(false);
    emit neighboursShown(int(r.hits.size()));
}

void SearchExplorer::findWords(const QString& words) {
    if (words.trimmed().isEmpty() || !rows_ || runId_ <= 0) return;
    ++lookUpGeneration_;
    status_->setText(tr("Searching…"));
    setBusy(true);
    async_.load<TextSearchResult>(
        this, QStringLiteral("words"),
        [path = projectPath_, run = runId_, words, map = map_, rows = rows_] {
            return readTextSearch(path, run, words, map, rows, kListed, kDrawn);
        },
        [this, words](TextSearchResult r) {
            if (!r.indexStale) {
                showMatches(r, words);
                return;
            }
            // First search since sentences were added: index them (a write, on the worker), then again.
            status_->setText(tr("Indexing the corpus for full-text search (once)…"));
            const quint64 generation = lookUpGeneration_;
            runner_->submit(tr("Full-text index"), makeTextIndexJob(projectPath_),
                            [this, words, generation](const dl::Status& outcome) {
                                if (generation != lookUpGeneration_) return;
                                if (!outcome) fail(errorText(outcome.error()));
                                else findWords(words);
                            });
        },
        [this](const QString& message) { fail(message); });
}

void SearchExplorer::showMatches(const TextSearchResult& r, const QString& words) {
    hits_->setHits(r.hits, r.total);
    table_->setColumnHidden(SearchHitModel::CosineColumn, true);  // full-text matches have no cosine
    marks_->setQueries({});
    marks_->setNeighbours({});
    marks_->setMatches(r.points);
    QString text = tr("%1 sentences contain “%2”.").arg(QLocale().toString(r.total), words.trimmed());
    if (r.total > r.hits.size())
        text += QLatin1Char(' ') + tr("The first %1 are listed.").arg(QLocale().toString(qint64(r.hits.size())));
    if (r.total > r.points.size())
        text += QLatin1Char(' ') + tr("%1 are marked on the map.").arg(QLocale().toString(qint64(r.points.size())));
    status_->setText(text);
    setBusy(false);
    emit matchesShown(r.total);
}
