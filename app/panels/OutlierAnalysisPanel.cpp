#include "OutlierAnalysisPanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "AsyncService.h"
#include "OutlierAnalysisQueries.h"
#include "OutlierFiguresModel.h"
#include "SearchHitModel.h"
#include "TableExportDialog.h"

namespace {
constexpr int kListed = 1000;  // sentences listed for a figure
}

OutlierAnalysisPanel::OutlierAnalysisPanel(AsyncService& async, QWidget* parent) : QWidget(parent), async_(async) {
    title_ = new QLabel(tr("No clustering run yet: use Analysis → Cluster…"), this);
    title_->setWordWrap(true);
    figures_ = new OutlierFiguresModel(this);
    figuresView_ = new QTableView(this);
    figuresView_->setModel(figures_);
    figuresView_->verticalHeader()->hide();
    figuresView_->setSelectionMode(QAbstractItemView::SingleSelection);
    figuresView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    listTitle_ = new QLabel(tr("Click a figure to list the sentences behind it."), this);
    sentences_ = new SearchHitModel(this);
    sentencesView_ = new QTableView(this);
    sentencesView_->setModel(sentences_);
    sentencesView_->verticalHeader()->hide();
    sentencesView_->setAlternatingRowColors(true);
    sentencesView_->setColumnHidden(SearchHitModel::CosineColumn, true);
    sentencesView_->horizontalHeader()->setSectionResizeMode(SearchHitModel::TextColumn, QHeaderView::Stretch);
    auto* saveTable = new QPushButton(tr("Save table…"), this);
    auto* saveList = new QPushButton(tr("Save list…"), this);

    // A pane: a title line with its save button, the table below.
    auto pane = [this](QLabel* title, QPushButton* save, QTableView* view) {
        auto* w = new QWidget(this);
        auto* layout = new QVBoxLayout(w);
        layout->setContentsMargins(0, 0, 0, 0);
        auto* bar = new QHBoxLayout;
        bar->addWidget(title, 1);
        bar->addWidget(save);
        layout->addLayout(bar);
        layout->addWidget(view);
        return w;
    };
    auto* top = pane(title_, saveTable, figuresView_);
    auto* bottom = pane(listTitle_, saveList, sentencesView_);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(bottom);
    split->setSizes({300, 400});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split);

    sentencesView_->setToolTip(tr("Double-click a sentence to find its neighbours."));
    connect(sentencesView_, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        emit lookUpRequested(index.data(SearchHitModel::TextRole).toString());
    });
    connect(figuresView_, &QTableView::clicked, this,
            [this](const QModelIndex& index) { showFigure(index.row(), index.column()); });
    connect(saveTable, &QPushButton::clicked, this,
            [this] { TableExportDialog::save(*figures_, this, QStringLiteral("outlier-analysis")); });
    connect(saveList, &QPushButton::clicked, this,
            [this] { TableExportDialog::save(*sentences_, this, QStringLiteral("outlier-sentences")); });
}

void OutlierAnalysisPanel::showRun(const QString& projectPath, qint64 runId) {
    projectPath_ = projectPath;
    runId_ = runId;
    sentences_->clear();
    async_.invalidate(this, QStringLiteral("sentences"));
    title_->setText(tr("Run #%1: reading the outlier analysis…").arg(runId));
    figuresPending_ = true;
    async_.load<OutlierAnalysisData>(
        this, QStringLiteral("figures"), [projectPath, runId] { return readOutlierAnalysis(projectPath, runId); },
        [this](OutlierAnalysisData d) {
            title_->setText(d.labelled ? d.title
                                       : tr("This corpus has no domain labels: the outlier analysis needs them."));
            figures_->setRows(d.labelled ? d.rows : QVector<OutlierFiguresRow>{});
            figuresPending_ = false;
            emit figuresShown(figures_->rowCount());
        },
        [this](const QString& message) {
            title_->setText(tr("Cannot read the outlier analysis: %1").arg(message));
            figures_->setRows({});
            figuresPending_ = false;
            emit figuresShown(0);
        });
}

void OutlierAnalysisPanel::showFigure(int row, int column) {
    const QModelIndex index = figures_->index(row, column);
    const QVariant cluster = index.data(OutlierFiguresModel::ClusterRole);
    if (!cluster.isValid()) return;  // the name column
    const bool outliersOnly = index.data(OutlierFiguresModel::OutliersOnlyRole).toBool();
    const int figure = index.data(OutlierFiguresModel::FigureRole).toInt();
    const QString what = figures_->headerData(column, Qt::Horizontal).toString();
    const QString where = figures_->index(row, OutlierFiguresModel::ClusterColumn).data().toString();
    listTitle_->setText(tr("Reading the sentences of %1, %2…").arg(where, what));
    async_.load<FigureSentencesData>(
        this, QStringLiteral("sentences"),
        [path = projectPath_, run = runId_, c = cluster.toInt(), outliersOnly, figure] {
            return readFigureSentences(path, run, c, outliersOnly, figure, kListed);
        },
        [this, what, where](FigureSentencesData d) {
            sentences_->setHits(d.hits, d.total);
            QString text = tr("%1, %2: %3 sentences").arg(where, what, QLocale().toString(d.total));
            if (d.total > d.hits.size())
                text += QLatin1Char(' ') + tr("(the first %1 listed)").arg(QLocale().toString(qint64(d.hits.size())));
            listTitle_->setText(text);
            emit sentencesShown(int(d.hits.size()), d.total);
        },
        [this](const QString& message) { listTitle_->setText(tr("Cannot read the sentences: %1").arg(message)); });
}
