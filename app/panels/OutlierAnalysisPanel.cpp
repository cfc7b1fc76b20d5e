#include "OutlierAnalysisPanel.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "AsyncService.h"
#include "CentroidCosineModel.h"
#include "CentroidScoreView.h"
#include "DisplayText.h"
#include "OutlierAnalysisQueries.h"
#include "OutlierFiguresModel.h"
#include "SearchHitModel.h"
#include "TableExportDialog.h"

#include <cmath>

namespace {
constexpr int kListed = 1000;  // sentences listed for a figure
constexpr int kNamesListed = 10;  // domain names listed in "lacks" lines

// "a, b, c (+ 4 more)": names from a project or a user's file, each bounded to a plot label.
QString nameList(const QStringList& names) {
    QStringList shown;
    for (qsizetype i = 0; i < names.size() && i < kNamesListed; ++i)
        shown.append(DisplayText::bounded(names[i], DisplayText::kLabelChars));
    QString text = shown.join(QStringLiteral(", "));
    if (names.size() > kNamesListed)
        text += QLatin1Char(' ') +
                QCoreApplication::translate("OutlierAnalysisPanel", "(+ %1 more)").arg(names.size() - kNamesListed);
    return text;
}

QString rText(double r) {
    return std::isfinite(r) ? QLocale().toString(r, 'f', 3)
                            : QCoreApplication::translate("OutlierAnalysisPanel", "undefined");
}
}  // namespace

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
    split->addWidget(makeCentroidPane());
    split->setSizes({260, 260, 380});
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
        [this](const OutlierAnalysisData& d) {
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

    // Fig. 4: the run's centroid matrix (from its summary); a loaded score matrix again for this run.
    centroids_->clear();
    scorePoints_.clear();
    scoreView_->clear();
    missing_->clear();
    centroidsPending_ = true;
    centroidTitle_->setText(tr("Reading the domain centroids…"));
    async_.load<CentroidCosineData>(
        this, QStringLiteral("centroids"), [projectPath, runId] { return readCentroidCosine(projectPath, runId); },
        [this](CentroidCosineData d) {
            centroidTitle_->setText(
                d.domains.isEmpty()
                    ? tr("Run #%1 stores no domain-centroid cosines (its corpus has no domain labels).").arg(d.runId)
                    : tr("Run #%1: cosine of the domains' mean sentence vectors (rows and columns: domains).")
                          .arg(d.runId));
            centroids_->setMatrix(std::move(d));
            centroids_->setScores(scorePoints_);  // the scores may have been read first
            centroidsPending_ = false;
            emit centroidsShown(centroids_->rowCount());
        },
        [this](const QString& message) {
            centroidTitle_->setText(tr("Cannot read the domain centroids: %1").arg(DisplayText::bounded(message)));
            centroids_->clear();
            centroidsPending_ = false;
            emit centroidsShown(0);
        });
    if (!scoresPath_.isEmpty()) loadScores(scoresPath_);
    else
        correlation_->setText(
            tr("Load a score matrix (e.g. BLEU; CSV: a header \",dom1,dom2,…\", then one row "
               "per training domain) to correlate it with the cosines, as the paper's Fig. 4."));
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
        [this, what, where](const FigureSentencesData& d) {
            sentences_->setHits(d.hits, d.total);
            QString text = tr("%1, %2: %3 sentences").arg(where, what, QLocale().toString(d.total));
            if (d.total > d.hits.size())
                text += QLatin1Char(' ') + tr("(the first %1 listed)").arg(QLocale().toString(qint64(d.hits.size())));
            listTitle_->setText(text);
            emit sentencesShown(int(d.hits.size()), d.total);
        },
        [this](const QString& message) { listTitle_->setText(tr("Cannot read the sentences: %1").arg(message)); });
}

QWidget* OutlierAnalysisPanel::makeCentroidPane() {
    auto* box = new QGroupBox(tr("Domain centroids (Fig. 4)"), this);
    centroidTitle_ = new QLabel(tr("No clustering run yet: use Analysis → Cluster…"), box);
    centroidTitle_->setWordWrap(true);
    centroids_ = new CentroidCosineModel(this);
    centroidView_ = new QTableView(box);
    centroidView_->setModel(centroids_);
    centroidView_->setSelectionMode(QAbstractItemView::SingleSelection);
    centroidView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    centroidView_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* saveMatrix = new QPushButton(tr("Save matrix…"), box);
    loadScores_ = new QPushButton(tr("Load cross-domain scores (CSV)…"), box);
    loadScores_->setToolTip(
        tr("A matrix of scores between domains (e.g. BLEU of a model trained on the row's "
           "domain, tested on the column's): a header \",dom1,dom2,…\", then one row per "
           "domain \"domX,v1,v2,…\"."));
    correlation_ = new QLabel(box);
    correlation_->setWordWrap(true);
    correlation_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    missing_ = new QLabel(box);
    missing_->setWordWrap(true);
    missing_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    scoreView_ = new CentroidScoreView(box);

    auto* left = new QVBoxLayout;
    auto* bar = new QHBoxLayout;
    bar->addWidget(centroidTitle_, 1);
    bar->addWidget(saveMatrix);
    left->addLayout(bar);
    left->addWidget(centroidView_, 1);
    auto* right = new QVBoxLayout;
    auto* top = new QHBoxLayout;
    top->addWidget(correlation_, 1);
    top->addWidget(loadScores_, 0, Qt::AlignTop);
    right->addLayout(top);
    right->addWidget(missing_);
    right->addWidget(scoreView_, 1);
    auto* layout = new QHBoxLayout(box);
    layout->addLayout(left, 1);
    layout->addLayout(right, 1);

    connect(saveMatrix, &QPushButton::clicked, this,
            [this] { TableExportDialog::save(*centroids_, this, QStringLiteral("centroid-cosine"), true); });
    connect(loadScores_, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Load cross-domain scores"), QFileInfo(scoresPath_).path(),
                                         tr("CSV files (*.csv *.txt);;All files (*)"));
        if (!path.isEmpty()) loadScores(path);
    });
    return box;
}

void OutlierAnalysisPanel::loadScores(const QString& csvPath) {
    scoresPath_ = csvPath;
    const QString name = DisplayText::bounded(QFileInfo(csvPath).fileName(), DisplayText::kLabelChars);
    correlation_->setText(tr("Reading the scores in %1…").arg(name));
    missing_->clear();
    if (projectPath_.isEmpty() || runId_ <= 0) {
        correlation_->setText(tr("Show a clustering run first: the scores are correlated with its centroids."));
        emit scoresShown(false);
        return;
    }
    async_.load<ScoreCorrelationData>(
        this, QStringLiteral("scores"),
        [path = projectPath_, run = runId_, csvPath] { return readScoreCorrelation(path, run, csvPath); },
        [this](const ScoreCorrelationData& d) {
            showCorrelation(d);
            emit scoresShown(true);
        },
        [this](const QString& message) {
            correlation_->setText(tr("Cannot use the scores: %1").arg(DisplayText::bounded(message)));
            scorePoints_.clear();
            centroids_->setScores({});
            scoreView_->clear();
            emit scoresShown(false);
        });
}

void OutlierAnalysisPanel::showCorrelation(const ScoreCorrelationData& d) {
    const QLocale locale;
    const QString name = DisplayText::bounded(QFileInfo(d.file).fileName(), DisplayText::kLabelChars);
    correlation_->setText(tr("Scores from %1. Pearson r with the same-domain points (as the paper's Fig. 4): %2 "
                             "(%3 pairs) · without them: %4 (%5 pairs)")
                              .arg(name, rText(d.pearsonWithSameDomain), locale.toString(d.pairsWithSameDomain),
                                   rText(d.pearson), locale.toString(d.pairs)));
    QStringList lacks;
    if (!d.runDomainsNotScored.isEmpty())
        lacks << tr("Run domains the file has no scores for (left out): %1").arg(nameList(d.runDomainsNotScored));
    if (!d.scoreDomainsNotInRun.isEmpty())
        lacks << tr("Domains in the file that the run lacks (left out): %1").arg(nameList(d.scoreDomainsNotInRun));
    missing_->setText(lacks.join(QLatin1Char('\n')));
    scorePoints_ = d.points;
    centroids_->setScores(scorePoints_);
    scoreView_->setCorrelation(d);
}

QString OutlierAnalysisPanel::correlationText() const { return correlation_->text(); }

QString OutlierAnalysisPanel::missingDomainsText() const { return missing_->text(); }
