#include "MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDialog>
#include <QDir>
#include <QDockWidget>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QUndoStack>
#include <QVBoxLayout>

#include <atomic>
#include <utility>

#include "AlignmentQueries.h"
#include "AlignmentView.h"
#include "AsyncService.h"
#include "BulkActions.h"
#include "CleaningChoices.h"
#include "CleaningPanel.h"
#include "ClusterDialog.h"
#include "ClusterExplorer.h"
#include "ClusterNamesStore.h"
#include "ConfusionMatrixView.h"
#include "CorpusOverlapModel.h"
#include "CorpusTreeModel.h"
#include "CutoffComparison.h"
#include "EncodeDialog.h"
#include "ErrorText.h"
#include "ExploreDialog.h"
#include "ExportDialog.h"
#include "FilterDialog.h"
#include "FilterPreview.h"
#include "FilterQueries.h"
#include "ImportDialog.h"
#include "JobFactory.h"
#include "JobRunner.h"
#include "JobsPanel.h"
#include "LayerSweepData.h"
#include "MapCutBar.h"
#include "MapValues.h"
#include "MethodsExplorer.h"
#include "MixtureJobDialog.h"
#include "MixturePanel.h"
#include "MixtureTrainDialog.h"
#include "ModelInstallScript.h"
#include "ModelListLoader.h"
#include "OutlierAnalysisPanel.h"
#include "OutlierBrowser.h"
#include "OutlierFiguresModel.h"
#include "OutlierTableModel.h"
#include "ParamFields.h"
#include "PlotExport.h"
#include "PrecisionCutoffView.h"
#include "ProjectCopyTask.h"
#include "ProjectQueries.h"
#include "RecentProjects.h"
#include "RunListModel.h"
#include "RunViews.h"
#include "ScatterPlotView.h"
#include "ScoreHistogramView.h"
#include "SearchExplorer.h"
#include "SelectDialog.h"
#include "SelectionExplorer.h"
#include "SelectionOnMap.h"
#include "SettingsDialog.h"
#include "StatusBarLayout.h"
#include "SweepPlotView.h"
#include "TableExportDialog.h"
#include "analysis/DataMatrix.h"
#include "corpus/Import.h"
#include "store/Store.h"
#include "store/Tags.h"

namespace {

// An "assign" run (a cluster run's model applied in shards, then merged): shown in the
// Clusters view, but without the cluster run's own summary (outliers) or words (names).
bool isAssignRun(const QList<RunRow>& runs, qint64 runId) {
    return std::any_of(runs.begin(), runs.end(),
                       [&](const RunRow& r) { return r.id == runId && r.kind == dl::RunKind::Assign; });
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), runner_(new JobRunner(this)), async_(new AsyncService(this)) {
    setWindowIcon(QIcon(QStringLiteral(":/icons/domainlens.svg")));
    corpusModel_ = new CorpusTreeModel(this);
    corpusView_ = new QTreeView(this);
    corpusView_->setModel(corpusModel_);
    corpusView_->setAlternatingRowColors(true);
    corpusView_->setUniformRowHeights(true);
    corpusView_->header()->setStretchLastSection(false);
    corpusView_->header()->setSectionResizeMode(CorpusTreeModel::NameColumn, QHeaderView::Stretch);

    tabs_ = new QTabWidget(this);
    tabs_->setDocumentMode(true);
    overlapModel_ = new CorpusOverlapModel(this);
    overlapView_ = new QTableView(this);
    overlapView_->setObjectName(QStringLiteral("corpusOverlap"));
    overlapView_->setModel(overlapModel_);
    overlapView_->setAlternatingRowColors(true);
    overlapView_->verticalHeader()->hide();
    auto* overlapBox = new QWidget(this);
    auto* overlapLayout = new QVBoxLayout(overlapBox);
    overlapLayout->setContentsMargins(0, 0, 0, 0);
    overlapLayout->addWidget(new QLabel(tr("Sentence overlap between corpora (source side, exact text after "
                                           "import normalisation); train vs dev/test overlaps in red:"),
                                        overlapBox));
    overlapLayout->addWidget(overlapView_);
    overlapEmpty_ = new QLabel(overlapBox);  // instead of an empty table: why there is no pair
    overlapEmpty_->setObjectName(QStringLiteral("corpusOverlapEmpty"));
    overlapEmpty_->setWordWrap(true);
    overlapEmpty_->setAlignment(Qt::AlignCenter);
    overlapEmpty_->setFrameShape(QFrame::StyledPanel);
    overlapEmpty_->hide();
    overlapLayout->addWidget(overlapEmpty_, 1);
    auto* corpora = new QSplitter(Qt::Vertical, this);
    corpora->addWidget(corpusView_);
    corpora->addWidget(overlapBox);
    corpora->setStretchFactor(0, 3);
    corpora->setStretchFactor(1, 1);
    corporaTab_ = corpora;
    tabs_->addTab(corporaTab_, tr("Corpora"));
    runModel_ = new RunListModel(this);
    runView_ = new QTableView(this);
    runView_->setModel(runModel_);
    runView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    runView_->setSelectionMode(QAbstractItemView::SingleSelection);
    runView_->setAlternatingRowColors(true);
    runView_->verticalHeader()->hide();
    runView_->horizontalHeader()->setSectionResizeMode(RunListModel::ParametersColumn, QHeaderView::Stretch);
    connect(runView_, &QTableView::activated, this, [this](const QModelIndex& index) {
        const auto kind = RunListModel::kindAt(index);
        const qint64 id = index.data(RunListModel::RunIdRole).toLongLong();
        if (kind == dl::RunKind::Cluster || kind == dl::RunKind::Assign) showClusterRun(id);
        else if (kind == dl::RunKind::Select) showSelectionRun(id);
        else if (kind == dl::RunKind::ClusterSweep) showSweepRun(id);
        else if (kind == dl::RunKind::LayerSweep) showLayerSweepRun(id);
        else if (kind == dl::RunKind::Filter) showFilterRun(id);
    });
    clusters_ = new ClusterExplorer(*async_, this);
    tabs_->addTab(clusters_, tr("Clusters"));
    outliers_ = new OutlierBrowser(*async_, this);
    tabs_->addTab(outliers_, tr("Outliers"));
    outlierAnalysis_ = new OutlierAnalysisPanel(*async_, this);
    tabs_->addTab(outlierAnalysis_, tr("Outlier analysis"));
    selection_ = new SelectionExplorer(*async_, this);
    tabs_->addTab(selection_, tr("Selection"));
    cleaning_ = new CleaningPanel(*async_, this);
    tabs_->addTab(cleaning_, tr("Cleaning"));
    methods_ = new MethodsExplorer(*async_, this);
    tabs_->addTab(methods_, tr("Methods"));
    alignment_ = new AlignmentView(this);
    tabs_->addTab(alignment_, tr("Alignment"));
    search_ = new SearchExplorer(*async_, runner_, this);
    tabs_->addTab(search_, tr("Search"));
    sweep_ = new SweepPlotView(this);
    sweep_->setEmptyText(tr("No k sweep yet: Analysis → Cluster…, \"Sweep k and plot BIC/AIC instead\"."));
    tabs_->addTab(sweep_, tr("k sweep"));
    layerSweep_ = new SweepPlotView(this);
    layerSweep_->setHigherIsBetter(true);
    layerSweep_->setAxisLabels(tr("Encoder layer"), tr("Purity / NMI / silhouette (higher is better)"));
    layerSweep_->setEmptyText(
        tr("No layer sweep yet: Analysis → Cluster…, \"Sweep the encoded layers instead\" (it compares the layers "
           "encoded for the corpus: one Encode Sentences… run per layer)."));
    tabs_->addTab(layerSweep_, tr("Layer sweep"));
    // Training mixtures (Pham et al. 2022): kits, lambda over training, dev loss; no project needed.
    mixture_ = new MixturePanel(*async_, this);
    tabs_->addTab(mixture_, tr("Mixture"));
    connect(mixture_, &MixturePanel::trainRequested, this, [this](const QString& kit) { trainMixture(kit); });
    // A kit over a cluster run's clusters (or a state or training run over one): the map of that
    // run can be coloured by each cluster's lambda.
    connect(mixture_, &MixturePanel::shown, this,
            [this] { clusters_->setMixture(mixture_->path(), mixture_->data()); });
    tabs_->addTab(runView_, tr("Runs"));
    runView_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    runView_->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* compare = new QAction(tr("Compare two clustering runs"), runView_);
    runView_->addAction(compare);
    connect(compare, &QAction::triggered, this, &MainWindow::compareSelectedRuns);
    // Evaluation view: precision against cut-off of the selected selection runs side by side,
    // computed off the GUI thread (issue #12).
    auto* precisionAtCutoff = new QAction(tr("Precision at cut-off of the selected selection runs"), runView_);
    runView_->addAction(precisionAtCutoff);
    connect(precisionAtCutoff, &QAction::triggered, this, [this] {
        QList<qint64> ids;
        for (const auto& index : runView_->selectionModel()->selectedRows())
            if (RunListModel::kindAt(index) == dl::RunKind::Select)
                ids << index.data(RunListModel::RunIdRole).toLongLong();
        std::sort(ids.begin(), ids.end());
        if (ids.isEmpty()) {
            showError(tr("Precision at cut-off"), tr("Select one or more selection runs in the list (Ctrl+click)."));
            return;
        }
        statusBar()->showMessage(tr("Evaluating %n selection run(s)…", nullptr, int(ids.size())));
        async_->load<CutoffComparison>(
            this, QStringLiteral("cutoff comparison"),
            [path = projectPath_, ids] { return readCutoffComparison(path, ids); },
            [this](CutoffComparison data) {
                statusBar()->clearMessage();
                auto* dialog = new QDialog(this);
                dialog->setAttribute(Qt::WA_DeleteOnClose);
                dialog->setWindowTitle(tr("Precision at cut-off"));
                auto* view = new PrecisionCutoffView(dialog);
                view->setCurves(data.curves, data.relevant, data.title);
                auto* layout = new QVBoxLayout(dialog);
                layout->addWidget(view);
                dialog->resize(900, 600);
                dialog->show();
            },
            [this](const QString& message) {
                statusBar()->clearMessage();
                showError(tr("Precision at cut-off"), message);
            });
    });
    // The Selection tab's cut shown on the Clusters tab's map; map picks become decisions.
    new SelectionOnMap(*async_, clusters_, selection_, this);
    // A clustering run without cluster words gets them from a short job (c-TF-IDF).
    // An assign run's clusters are its cluster run's components: it has no words of its own.
    connect(clusters_, &ClusterExplorer::namesMissing, this, [this](qint64 runId) {
        if (isAssignRun(runModel_->runs(), runId)) return;
        runJob(
            tr("Name the clusters of run #%1").arg(runId), [this] { clusters_->reloadNames(); }, {},
            makeNameClustersJob(projectPath_, runId));
    });
    connect(clusters_, &ClusterExplorer::cellActivated, this, [this](const QString& domain, int cluster) {
        outliers_->filterCluster(domain, cluster);
        tabs_->setCurrentWidget(outliers_);
    });
    connect(selection_, &SelectionExplorer::exportRequested, this, &MainWindow::exportSelection);
    // Bulk actions (Tag…, Untag…, Include, Exclude) on the map's picks, a cluster, the search
    // results and a filter run's result: one step each on the Edit menu's undo stack.
    bulk_ = new BulkActions(*async_, selection_, this);
    bulk_->fillMenu(clusters_->pickedMenu(), [this] { return clusters_->pickedTarget(); });
    bulk_->fillMenu(clusters_->clusterMenu(), [this] { return clusters_->clusterTarget(); });
    bulk_->fillMenu(search_->resultsMenu(), [this] { return search_->resultsTarget(); });
    bulk_->fillMenu(cleaning_->removedMenu(), [this] { return cleaning_->removedTarget(); });
    bulk_->fillMenu(cleaning_->ruleMenu(), [this] { return cleaning_->ruleTarget(); });
    connect(bulk_, &BulkActions::tagsWritten, clusters_,
            &ClusterExplorer::loadValueSources);  // "Colour by" offers the tag
    connect(bulk_, &BulkActions::message, this, [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    connect(bulk_, &BulkActions::failed, this, &MainWindow::showError);
    // Filter > Preview: applied from the map's preview bar with the same request.
    connect(clusters_, &ClusterExplorer::previewApplyRequested, this, [this] { runFilter(previewRequest_); });
    // A sentence picked in a table is looked up on the Search tab (encoded on the worker).
    auto lookUp = [this](const QString& sentence) {
        tabs_->setCurrentWidget(search_);
        search_->queryEdit()->setText(sentence);
        search_->lookUp(sentence);
    };
    connect(outliers_, &OutlierBrowser::lookUpRequested, this, lookUp);
    connect(outlierAnalysis_, &OutlierAnalysisPanel::lookUpRequested, this, lookUp);
    connect(selection_, &SelectionExplorer::decisionsFailed, this, [this](const QString& message) {
        showError(tr("Selection"), tr("A decision could not be saved: %1").arg(message));
    });
    connect(outliers_->model(), &OutlierTableModel::csvSaved, this, [this](const QString& path, const QString& error) {
        if (error.isEmpty()) statusBar()->showMessage(tr("Saved %1").arg(path), 10000);
        else showError(tr("Save table"), error);
    });
    setCentralWidget(tabs_);

    // The running job sits in the status bar (one row); its log is a dock, closed until the
    // Log button (or View → Job Log) opens it.
    jobs_ = new JobsPanel(this);
    auto* dock = new QDockWidget(tr("Job log"), this);
    dock->setObjectName(QStringLiteral("jobsDock"));
    dock->setWidget(jobs_->takeLog());
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    resizeDocks({dock}, {160}, Qt::Vertical);
    dock->hide();
    connect(jobs_, &JobsPanel::logToggled, dock, &QDockWidget::setVisible);
    connect(dock, &QDockWidget::visibilityChanged, this, [this, dock](bool) {
        // A closed dock unchecks the button; tabbing it away does not.
        if (dock->isHidden()) jobs_->setLogShown(false);
    });
    connect(runner_, &JobRunner::jobQueued, jobs_, &JobsPanel::onJobQueued);
    connect(runner_, &JobRunner::jobStarted, jobs_, &JobsPanel::onJobStarted);
    connect(runner_, &JobRunner::jobStage, jobs_, &JobsPanel::onJobStage);
    connect(runner_, &JobRunner::jobProgress, jobs_, &JobsPanel::onJobProgress);
    connect(runner_, &JobRunner::jobMessage, jobs_, &JobsPanel::onJobMessage);
    connect(runner_, &JobRunner::jobFinished, jobs_, &JobsPanel::onJobFinished);
    connect(jobs_, &JobsPanel::cancelRequested, runner_, &JobRunner::cancelCurrent);

    projectLabel_ = new QLabel(tr("No project"), this);
    deviceLabel_ = new QLabel(dl::cudaAvailable() ? tr("Compute: CUDA GPU") : tr("Compute: CPU"), this);
    // explore's progressive map: the share encoded and assigned, then the label agreement
    mapStatus_ = new QLabel(this);
    installStatusBarWidgets(*statusBar(), {projectLabel_, mapStatus_, jobs_, deviceLabel_});

    createActions();
    setProjectActionsEnabled(false);
    setWindowTitle(tr("DomainLens"));
    resize(1200, 800);
}

// Before the panels go: their pending reads are cancelled and every queued write (decisions,
// cluster names) is in the project. The service, created before the panels, is also deleted
// before them; they never use it while being destroyed.
MainWindow::~MainWindow() { async_->shutdown(); }

void MainWindow::createActions() {
    auto* file = menuBar()->addMenu(tr("&File"));
    auto* newAct = file->addAction(QIcon::fromTheme(QStringLiteral("document-new")), tr("&New Project…"), this,
                                   &MainWindow::newProject);
    newAct->setShortcut(QKeySequence::New);
    auto* openAct = file->addAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open Project…"), this,
                                    &MainWindow::openProjectDialog);
    openAct->setShortcut(QKeySequence::Open);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    file->addSeparator();
    auto* importAct = file->addAction(QIcon::fromTheme(QStringLiteral("document-import")), tr("&Import Corpus…"), this,
                                      &MainWindow::importCorpus);
    importAct->setShortcut(QKeySequence(tr("Ctrl+I")));
    projectActions_ << importAct;
    auto* analysis = menuBar()->addMenu(tr("&Analysis"));
    auto* encodeAct = analysis->addAction(tr("&Encode Sentences…"), this, &MainWindow::encodeCorpus);
    encodeAct->setShortcut(QKeySequence(tr("Ctrl+E")));
    auto* clusterAct = analysis->addAction(tr("&Cluster…"), this, &MainWindow::clusterCorpus);
    clusterAct->setShortcut(QKeySequence(tr("Ctrl+K")));
    auto* exploreAct = analysis->addAction(tr("E&xplore Corpus…"), this, [this] { exploreCorpus(); });
    exploreAct->setShortcut(QKeySequence(tr("Ctrl+M")));
    auto* selectAct = analysis->addAction(tr("&Select In-Domain Data…"), this, &MainWindow::selectData);
    selectAct->setShortcut(QKeySequence(tr("Ctrl+L")));
    auto* filterAct = analysis->addAction(tr("&Filter Corpus…"), this, [this] { filterCorpus(); });
    analysis->addSeparator();
    auto* exportAct = analysis->addAction(tr("E&xport Training Files…"), this, &MainWindow::exportData);
    exportAct->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    projectActions_ << encodeAct << clusterAct << exploreAct << selectAct << filterAct << exportAct;
    auto* saveView = file->addAction(tr("&Save View As…"), this, &MainWindow::saveCurrentView);
    saveView->setShortcut(QKeySequence::SaveAs);
    projectActions_ << saveView;
    auto* shareAct = file->addAction(tr("S&hare Map…"), this, &MainWindow::shareMap);
    projectActions_ << shareAct;
    auto* copyAct = file->addAction(tr("Save a &Copy As…"), this, &MainWindow::saveProjectCopy);
    projectActions_ << copyAct;
    file->addSeparator();
    auto* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    auto* mixtureMenu = menuBar()->addMenu(tr("&Mixture"));
    mixtureMenu->addAction(tr("Open &Kit or Training Folder…"), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a mixture kit or a training folder"),
                                                              QFileInfo(projectPath_).absolutePath());
        if (!dir.isEmpty()) showMixture(dir);
    });
    mixtureMenu->addAction(tr("Open λ &Trajectory…"), this, [this] {
        const QString file =
            QFileDialog::getOpenFileName(this, tr("Open a λ trajectory"), QFileInfo(projectPath_).absolutePath(),
                                         tr("Trajectories (*.json *.jsonl *.log);;All files (*)"));
        if (!file.isEmpty()) showMixture(file);
    });
    mixtureMenu->addSeparator();
    auto* kitAct =
        mixtureMenu->addAction(tr("&Build Mixture Kit…"), this, [this] { runMixtureDialog(QStringLiteral("kit")); });
    auto* targetAct =
        mixtureMenu->addAction(tr("T&arget Mixture…"), this, [this] { runMixtureDialog(QStringLiteral("target")); });
    projectActions_ << kitAct << targetAct;  // both read the project's groups
    mixtureMenu->addAction(tr("&Schedule…"), this, [this] { runMixtureDialog(QStringLiteral("schedule")); });
    mixtureMenu->addAction(tr("MDAC &Step…"), this, [this] { runMixtureDialog(QStringLiteral("step")); });
    mixtureMenu->addAction(tr("&Train on a Kit…"), this, [this] { trainMixture(mixture_->kitFolder()); });
    auto* edit = menuBar()->addMenu(tr("&Edit"));
    auto* undo = selection_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    auto* redo = selection_->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    quit->setShortcut(QKeySequence::Quit);

    edit->addSeparator();
    edit->addAction(tr("&Settings…"), this, &MainWindow::editSettings)->setShortcut(QKeySequence::Preferences);

    auto* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About DomainLens"), this, [this] {
        QMessageBox::about(this, tr("About DomainLens"),
                           tr("<b>DomainLens %1</b><p>Find the domains hidden in text corpora and select in-domain "
                              "training data.</p>")
                               .arg(QApplication::applicationVersion()));
    });

    auto* bar = addToolBar(tr("Project"));
    bar->setObjectName(QStringLiteral("projectToolbar"));
    bar->addAction(newAct);
    bar->addAction(openAct);
    bar->addAction(importAct);
    bar->addSeparator();
    bar->addAction(encodeAct);
    bar->addAction(clusterAct);
    bar->addAction(selectAct);
    bar->addAction(filterAct);
    bar->addAction(exportAct);
}

void MainWindow::rebuildRecentMenu() {
    recentMenu_->clear();
    const auto recent = RecentProjects::list();
    if (recent.isEmpty()) recentMenu_->addAction(tr("(none)"))->setEnabled(false);
    for (const auto& path : recent)
        recentMenu_->addAction(QFileInfo(path).fileName() + QStringLiteral("  —  ") + path, this,
                               [this, path] { openProject(path); });
}

void MainWindow::setProjectActionsEnabled(bool enabled) {
    for (auto* a : projectActions_) a->setEnabled(enabled);
}

void MainWindow::showError(const QString& title, const QString& message) { QMessageBox::warning(this, title, message); }

void MainWindow::newProject() {
    QString path =
        QFileDialog::getSaveFileName(this, tr("New project"), QString(), tr("DomainLens projects (*.dlproj)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(QLatin1String(".dlproj"))) path += QStringLiteral(".dlproj");
    if (QFileInfo::exists(path)) {
        showError(tr("New project"), tr("%1 already exists; open it instead or choose another name.").arg(path));
        return;
    }
    auto store = dl::Store::create(path.toStdString());
    if (!store) {
        showError(tr("New project"), errorText(store.error()));
        return;
    }
    store->reset();
    openProject(path);
}

void MainWindow::openProjectDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open project"), QString(),
                                                      tr("DomainLens projects (*.dlproj);;All files (*)"));
    if (!path.isEmpty()) openProject(path);
}

bool MainWindow::openProject(const QString& path) {
    // Opening validates the file (application id, schema version) and is cheap.
    auto store = dl::Store::open(path.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) {
        showError(tr("Open project"), errorText(store.error()));
        RecentProjects::remove(path);
        return false;
    }
    projectPath_ = QFileInfo(path).absoluteFilePath();
    // Reads still running for the previous project must not paint into this one.
    async_->invalidateAll(this);
    RecentProjects::add(projectPath_);
    setWindowTitle(tr("%1 — DomainLens").arg(QFileInfo(path).fileName()));
    projectLabel_->setText(projectPath_);
    setProjectActionsEnabled(true);
    showLatestRuns_ = true;
    refreshProject();
    return true;
}

void MainWindow::showOverlapOrWhyNot() {
    // With fewer than two corpora the overlap read has no pair: say so instead of an empty table.
    const QString why =
        overlapModel_->rowCount() > 0 ? QString() : CorpusOverlapModel::emptyText(corpusModel_->corpora().size());
    overlapEmpty_->setText(why);
    overlapEmpty_->setVisible(!why.isEmpty());
    overlapView_->setVisible(why.isEmpty());
}

void MainWindow::refreshProject() {
    if (projectPath_.isEmpty()) return;
    if (bulk_) bulk_->setProject(projectPath_);
    // Counting sentences per domain is a full scan on big projects: off the GUI thread.
    async_->load<QList<CorpusSummary>>(
        this, QStringLiteral("corpora"), [path = projectPath_] { return readCorpusSummaries(path); },
        [this](QList<CorpusSummary> corpora) {
            corpusModel_->setCorpora(corpora);
            corpusView_->expandAll();
            for (int c = 1; c < CorpusTreeModel::ColumnCount; ++c) corpusView_->resizeColumnToContents(c);
            showOverlapOrWhyNot();
            if (!exploreAfterImport_.isEmpty())  // after this callback: the dialog runs its own loop
                QTimer::singleShot(
                    0, this, [this, corpus = std::exchange(exploreAfterImport_, QString())] { exploreCorpus(corpus); });
        },
        [this](const QString& message) { statusBar()->showMessage(message, 10000); });
    // Exact overlap is one pass over every sentence (hashed, sorted): off the GUI thread too.
    async_->load<QVector<CorpusOverlapRow>>(
        this, QStringLiteral("corpus overlap"),
        [path = projectPath_](const dl::CancelToken& cancel) { return readCorpusOverlap(path, cancel); },
        [this](QVector<CorpusOverlapRow> rows) {
            overlapModel_->setRows(std::move(rows));
            overlapView_->resizeColumnsToContents();
            showOverlapOrWhyNot();
        },
        [this](const QString& message) { statusBar()->showMessage(message, 10000); });
    async_->load<QList<RunRow>>(
        this, QStringLiteral("runs"), [path = projectPath_] { return readRuns(path); },
        [this](QList<RunRow> runs) {
            runModel_->setRuns(runs);
            methods_->setProject(projectPath_);
            cleaning_->setProject(projectPath_);  // another project: its old run goes
            methods_->setRuns(runs);
            if (showLatestRuns_) {
                showLatestRuns_ = false;
                qint64 cluster = 0, select = 0, sweep = 0, layers = 0, filter = 0;
                for (const auto& r : runs) {
                    if (r.kind == dl::RunKind::LayerSweep) layers = r.id;
                    if (r.kind == dl::RunKind::Cluster || r.kind == dl::RunKind::Assign) cluster = qMax(cluster, r.id);
                    if (r.kind == dl::RunKind::Select) select = r.id;
                    if (r.kind == dl::RunKind::ClusterSweep) sweep = r.id;
                    if (r.kind == dl::RunKind::Filter) filter = r.id;
                }
                showClusterRun(cluster, true);
                showSelectionRun(select, false);
                showSweepRun(sweep, false);
                showLayerSweepRun(layers, false);
                showFilterRun(filter, false);
            }
            runView_->resizeColumnsToContents();
            runView_->horizontalHeader()->setSectionResizeMode(RunListModel::ParametersColumn, QHeaderView::Stretch);
        },
        [this](const QString& message) { statusBar()->showMessage(message, 10000); });
}

void MainWindow::runJob(const QString& title, const std::function<void()>& onSuccess,
                        std::shared_ptr<JobOutcome> outcome,
                        std::function<dl::Status(dl::ProgressSink&, const dl::CancelToken&)> body,
                        const std::function<void(const dl::Status&)>& onFinish) {
    runner_->submit(title, std::move(body), [this, title, outcome, onSuccess, onFinish](const dl::Status& result) {
        if (onFinish) onFinish(result);
        if (result) {
            if (outcome && !outcome->summary.isEmpty()) {
                statusBar()->showMessage(outcome->summary, 20000);
                jobs_->onJobMessage(0, outcome->summary);
            }
            if (onSuccess) onSuccess();
        } else if (result.error().kind != dl::ErrorKind::Cancelled) {
            showError(title, errorText(result.error()));
        }
        refreshProject();
    });
}

namespace {

// The project's tags and filter runs for the dialog, read off the GUI thread and handed over
// when read (the dialog shows that they are loading until then).
template <class Dialog>
void offerCleaning(AsyncService& async, Dialog& dialog, const QString& project, qint64 selectionRun = 0) {
    loadCleaningChoicesAsync(async, &dialog, project, selectionRun,
                             [&dialog](CleaningChoices c) { dialog.setCleaning(c); });
}

// The settings' encoder threads and batch size (never set: the job's defaults).
void addEncoderSettings(const QSettings& settings, QVariantMap& values) {
    if (settings.contains(QStringLiteral("encode/threads")))
        values.insert(QStringLiteral("threads"), settings.value(QStringLiteral("encode/threads")).toInt());
    if (settings.contains(QStringLiteral("encode/batchTokens")))
        values.insert(QStringLiteral("batch-tokens"), settings.value(QStringLiteral("encode/batchTokens")).toInt());
}

}  // namespace

void MainWindow::encodeCorpus() {
    EncodeDialog dialog({}, corpusChoices(corpusModel_->corpora()), encodeParamFields(),
                        tr("CPU (or CUDA when libtorch sees a GPU)"), this);
    // Listing the models reads folders and config files: off the GUI thread.
    auto requestModels = [this, &dialog] {
        loadModelsAsync(*async_, &dialog, [&dialog](QList<ModelChoice> m) { dialog.setModels(m); });
    };
    dialog.showModelsLoading();
    requestModels();
    if (const QString script = modelInstallScript(); !script.isEmpty())
        dialog.setInstaller(QStringLiteral("bash"), {script}, requestModels);  // models not installed yet
    QSettings settings;
    dialog.preselectModel(settings.value(QStringLiteral("encode/defaultModel")).toString());
    if (dialog.exec() != QDialog::Accepted) return;
    auto request = dialog.request();
    addEncoderSettings(settings, request.values);
    auto outcome = std::make_shared<JobOutcome>();
    runJob(tr("Encode %1").arg(request.values.value(QStringLiteral("corpus")).toString()), {}, outcome,
           makeEncodeJob(projectPath_, request, outcome));
}

void MainWindow::clusterCorpus() {
    ClusterDialog dialog(corpusChoices(corpusModel_->corpora()), clusterParamFields(), this);
    offerCleaning(*async_, dialog, projectPath_);
    if (dialog.exec() != QDialog::Accepted) return;
    const auto request = dialog.request();
    auto outcome = std::make_shared<JobOutcome>();
    const QString corpus = request.values.value(QStringLiteral("corpus")).toString();
    const QString title =
        request.sweep ? tr("k sweep %1–%2 on %3").arg(request.kFrom).arg(request.kTo).arg(corpus)
                      : tr("Cluster %1 (k = %2)").arg(corpus).arg(request.values.value(QStringLiteral("k")).toInt());
    runJob(
        title,
        [this, outcome, sweep = request.sweep] {
            sweep ? showSweepRun(outcome->runId) : showClusterRun(outcome->runId);
        },
        outcome, makeClusterJob(projectPath_, request, outcome));
}

// The progressive map: the first map (a sample's cluster run) opens as soon as it is stored,
// the status bar follows the rest being encoded and assigned, the full map opens at the end.
void MainWindow::exploreCorpus(const QString& preselect) {
    ExploreDialog dialog(corpusChoices(corpusModel_->corpora()), exploreParamFields(), preselect, this);
    if (dialog.exec() == QDialog::Accepted) startExplore(dialog.request());
}

void MainWindow::startExplore(ExploreRequest request) {
    QSettings settings;  // the default model, threads and batch size, as Encode's
    const QString model = settings.value(QStringLiteral("encode/defaultModel")).toString();
    if (!model.isEmpty() && !request.values.contains(QStringLiteral("model")))
        request.values.insert(QStringLiteral("model"), model);
    QVariantMap encoder;
    addEncoderSettings(settings, encoder);
    for (auto it = encoder.cbegin(); it != encoder.cend(); ++it)
        if (!request.values.contains(it.key())) request.values.insert(it.key(), it.value());
    // The observer runs on the worker: it queues to the GUI thread, where the window may be gone.
    QPointer<MainWindow> self(this);
    auto sampleRows = std::make_shared<std::atomic<qint64>>(0);
    auto firstRun = std::make_shared<std::atomic<qint64>>(0);
    dl::ExploreObserver observer;
    observer.firstMap = [self, sampleRows, firstRun](const dl::ExploreResult& r) {
        sampleRows->store(r.sampleRows);
        firstRun->store(r.firstMapRun);
        QMetaObject::invokeMethod(
            qApp,
            [self, run = qint64(r.firstMapRun), rows = qint64(r.sampleRows), stage = qint64(r.stageRows),
             total = qint64(r.sentences)] {
                if (!self) return;
                self->refreshProject();
                self->showClusterRun(run);
                if (stage > 0)
                    self->mapStatus_->setText(
                        tr("First map: %1 sentences of a sample of %2; encoding the rest of the sample…")
                            .arg(QLocale().toString(stage), QLocale().toString(rows)));
                else if (rows < total)
                    self->mapStatus_->setText(tr("Map of the sample: %1 of %2 sentences; encoding the rest…")
                                                  .arg(QLocale().toString(rows), QLocale().toString(total)));
            },
            Qt::QueuedConnection);
    };
    // The sample map replaces the stage map (when the Clusters view still shows it); the chunks
    // that follow are assigned with the sample map's model.
    observer.sampleMap = [self, firstRun](const dl::ExploreResult& r) {
        const qint64 stageRun = firstRun->exchange(r.sampleMapRun);
        QMetaObject::invokeMethod(
            qApp,
            [self, stageRun, run = qint64(r.sampleMapRun), rows = qint64(r.sampleRows), total = qint64(r.sentences),
             moved = r.stageAgreement ? 100 * (1 - r.stageAgreement->matched) : 0.0] {
                if (!self) return;
                self->refreshProject();
                if (self->clusters_->runId() == stageRun || self->clusters_->runId() <= 0) self->showClusterRun(run);
                self->mapStatus_->setText(
                    tr("Map of the sample: %1 of %2 sentences (%3 % of the first map's labels moved); encoding the "
                       "rest…")
                        .arg(QLocale().toString(rows), QLocale().toString(total))
                        .arg(moved, 0, 'f', 1));
            },
            Qt::QueuedConnection);
    };
    // Each chunk stored: the map (when it shows the first map or the growing assign run) is read
    // again off the GUI thread with the new points; the status says the share assigned.
    auto listed = std::make_shared<std::atomic<qint64>>(0);  // the assign run the runs list knows
    observer.assigned = [self, sampleRows, firstRun, listed](std::int64_t assignRun, std::int64_t done,
                                                             std::int64_t total) {
        QMetaObject::invokeMethod(
            qApp,
            [self, listed, rows = sampleRows->load(), from = firstRun->load(), run = qint64(assignRun),
             done = qint64(done), total = qint64(total)] {
                if (!self) return;
                if (listed->exchange(run) != run) self->refreshProject();
                self->clusters_->followRun(run, from);
                self->methods_->followRun(run);  // the pool's map under the selection runs compared
                self->mapStatus_->setText(
                    done < total
                        ? tr("Map of the sample (%1 sentences) and %2 of %3 sentences assigned (%4 %); "
                             "encoding the rest…")
                              .arg(QLocale().toString(rows), QLocale().toString(done), QLocale().toString(total))
                              .arg(100 * done / qMax<qint64>(1, total))
                        : tr("All %1 sentences encoded and assigned; refitting the full map…")
                              .arg(QLocale().toString(total)));
            },
            Qt::QueuedConnection);
    };
    auto outcome = std::make_shared<JobOutcome>();
    const QString corpus = request.values.value(QStringLiteral("corpus")).toString();
    mapStatus_->setText(tr("Encoding a sample of %1 for its first map…").arg(corpus));
    runJob(
        tr("Explore %1").arg(corpus),
        [this, outcome] {
            mapStatus_->setText(outcome->summary);  // the full map and the label agreement
            showClusterRun(outcome->runId);
            methods_->followRun(outcome->runId);
        },
        outcome, makeExploreJob(projectPath_, request, outcome, std::move(observer)),
        [this, corpus](const dl::Status& result) {
            if (!result)
                mapStatus_->setText(
                    tr("Explore of %1 stopped; what it stored is kept (explore it again to go on).").arg(corpus));
        });
}

void MainWindow::selectData() {
    SelectDialog dialog(corpusChoices(corpusModel_->corpora()), selectParamFields(), crossLingualParamFields(), this);
    offerCleaning(*async_, dialog, projectPath_);
    loadModelsAsync(*async_, &dialog, [&dialog](QList<ModelChoice> m) { dialog.setModels(m); });
    if (dialog.exec() != QDialog::Accepted) return;
    const auto request = dialog.request();
    auto outcome = std::make_shared<JobOutcome>();
    runJob(
        tr("Select from %1 (%2)")
            .arg(request.values.value(QStringLiteral("pool")).toString(),
                 request.values.value(QStringLiteral("method")).toString()),
        [this, outcome] { showSelectionRun(outcome->runId); }, outcome, makeSelectJob(projectPath_, request, outcome));
}

void MainWindow::filterCorpus(const QString& preselect) {
    FilterDialog dialog(corpusChoices(corpusModel_->corpora()), filterParamFields(), preselect, this);
    const int result = dialog.exec();
    if (result == FilterDialog::PreviewResult) {
        previewFilter(dialog.request());
        return;
    }
    if (result != QDialog::Accepted) return;
    runFilter(dialog.request());
}

void MainWindow::runFilter(const FilterRequest& request) {
    auto outcome = std::make_shared<JobOutcome>();
    runJob(
        tr("Filter %1 (%2)")
            .arg(request.values.value(QStringLiteral("corpus")).toString(),
                 request.values.value(QStringLiteral("kind")).toString()),
        [this, outcome] { showFilterRun(outcome->runId); }, outcome, makeFilterJob(projectPath_, request, outcome));
}

void MainWindow::previewFilter(const FilterRequest& request) {
    // Prepare and compute on the worker, nothing stored; the map shows it until Apply or Discard.
    auto preview = std::make_shared<FilterPreview>();
    runner_->submit(tr("Preview of filter %1 (%2)")
                        .arg(request.values.value(QStringLiteral("corpus")).toString(),
                             request.values.value(QStringLiteral("kind")).toString()),
                    makeFilterPreviewJob(projectPath_, request, preview),
                    [this, preview, request](const dl::Status& done) {
                        if (!done) {
                            if (done.error().code != dl::ErrorCode::Cancelled)
                                showError(tr("Preview"), errorText(done.error()));
                            return;
                        }
                        previewRequest_ = request;
                        tabs_->setCurrentWidget(clusters_);
                        clusters_->showPreview(*preview);  // its bar says what and how many
                    });
}

void MainWindow::exportData() {
    const QString suggestion = QFileInfo(projectPath_).absolutePath() + QStringLiteral("/selected");
    ExportDialog dialog(suggestion, corpusChoices(corpusModel_->corpora()), exportParamFields(), this);
    offerCleaning(*async_, dialog, projectPath_);
    if (dialog.exec() != QDialog::Accepted) return;
    const auto request = dialog.request();
    auto outcome = std::make_shared<JobOutcome>();
    runJob(tr("Export %1").arg(QFileInfo(request.values.value(QStringLiteral("out")).toString()).fileName()), {},
           outcome, makeExportJob(projectPath_, request, outcome));
}

void MainWindow::exportSelection(qint64 runId, qint64 topK) {
    ExportDialog dialog(QFileInfo(projectPath_).absolutePath() + QStringLiteral("/selected"),
                        corpusChoices(corpusModel_->corpora()), exportParamFields(), this);
    offerCleaning(*async_, dialog, projectPath_, runId);
    if (dialog.exec() != QDialog::Accepted) return;
    auto request = dialog.request();
    // This run's selection (neither shards nor a mixture), re-cut to the view's top k when it has one.
    request.values.remove(QStringLiteral("shards"));
    request.values.remove(QStringLiteral("mixture"));
    request.run = runId;
    if (topK > 0) request.values.insert(QStringLiteral("top"), topK);
    auto outcome = std::make_shared<JobOutcome>();
    runJob(tr("Export %1").arg(QFileInfo(request.values.value(QStringLiteral("out")).toString()).fileName()), {},
           outcome, makeExportJob(projectPath_, request, outcome));
}

// File > Share Map: the cluster run on the Clusters tab (with the selection on the Selection
// tab as a score colouring) as one self-contained page (core/share), written on the job worker.
// File > Save a Copy As…: a consistent copy while the project stays open (and a job may write
// it), on the AsyncService's write channel (ProjectCopyTask), never on the GUI thread.
void MainWindow::saveProjectCopy() {
    if (projectPath_.isEmpty()) return;
    const QFileInfo current(projectPath_);
    const QString suggested =
        current.absoluteDir().filePath(current.completeBaseName() + tr("-copy") + QStringLiteral(".dlproj"));
    const QString to = QFileDialog::getSaveFileName(this, tr("Save a Copy of the Project"), suggested,
                                                    tr("DomainLens projects (*.dlproj)"));
    if (to.isEmpty()) return;
    // The dialog asked before an existing file is replaced.
    const bool replace = QFileInfo::exists(to);
    statusBar()->showMessage(tr("Saving a copy of the project as %1…").arg(to));
    ::saveProjectCopy(*async_, this, projectPath_, to, replace, [this, to](const QString& error) {
        if (error.isEmpty()) statusBar()->showMessage(tr("Saved a copy of the project as %1.").arg(to), 10000);
        else {
            statusBar()->clearMessage();
            showError(tr("Save a Copy"), error);
        }
    });
}

void MainWindow::shareMap() {
    const qint64 clusterRun = clusters_->runId();
    if (clusterRun <= 0) {
        showError(tr("Share Map"), tr("Open a clustering run on the Clusters tab first: the page shows its map."));
        return;
    }
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Share Map: folder for index.html"),
                                                          QFileInfo(projectPath_).absolutePath());
    if (dir.isEmpty()) return;
    const QString page = QDir(dir).filePath(QStringLiteral("index.html"));
    if (QFileInfo::exists(page) &&
        QMessageBox::question(this, tr("Share Map"), tr("%1 exists. Replace it?").arg(page)) != QMessageBox::Yes)
        return;
    QList<qint64> scoreRuns;
    if (selection_->runId() > 0) scoreRuns << selection_->runId();
    auto outcome = std::make_shared<JobOutcome>();
    runJob(tr("Share map of run #%1").arg(clusterRun), {}, outcome,
           makeShareJob(projectPath_, clusterRun, scoreRuns, dir, outcome));
}

// The run views read their data off the GUI thread (async_): a later request for a view
// supersedes an earlier one, and opening another project supersedes them all.
void MainWindow::showClusterRun(qint64 runId, bool activate) {
    if (runId <= 0) return;
    // The outlier browser reads a cluster run's own summary; an assign run (a cluster run's
    // model applied in shards) is shown in the Clusters view only.
    QString error;
    if (!isAssignRun(runModel_->runs(), runId) && !outliers_->showRun(projectPath_, runId, &error))
        statusBar()->showMessage(error, 10000);
    clusters_->setProject(projectPath_);
    search_->setProject(projectPath_);
    outlierAnalysis_->showRun(projectPath_, runId);
    async_->load<ClusterViewData>(
        this, QStringLiteral("cluster"),
        [path = projectPath_, runId](const dl::CancelToken& cancel) {
            // The map's index is built with the read, off the GUI thread (4M points: ~0.3 s);
            // a superseded read stops between its steps and skips the index.
            auto view = readClusterView(path, runId, cancel);
            if (view && !cancel.isCancelled()) ClusterExplorer::prepareMap(*view);
            return view;
        },
        [this, activate](ClusterViewData d) {
            search_->setRun(d);
            clusters_->setRun(std::move(d));
            if (activate) tabs_->setCurrentWidget(clusters_);
        },
        [this, runId](const QString& message) {
            clusters_->showReadFailure(runId, message);
            statusBar()->showMessage(message, 10000);
        });
}

void MainWindow::showSelectionRun(qint64 runId, bool activate) {
    if (runId <= 0) return;
    selection_->setProject(projectPath_);
    // A cross-lingual run also fills the alignment view; any other run says why it stays empty.
    async_->load<AlignmentData>(
        this, QStringLiteral("alignment"), [path = projectPath_, runId] { return readAlignmentView(path, runId); },
        [this](AlignmentData d) { alignment_->setData(std::move(d)); },
        [this](const QString& message) { alignment_->setMessage(message); });
    async_->load<SelectionViewData>(
        this, QStringLiteral("selection"), [path = projectPath_, runId] { return readSelectionView(path, runId); },
        [this, activate](SelectionViewData d) {
            selection_->setRun(std::move(d));
            if (activate) tabs_->setCurrentWidget(selection_);
        },
        [this](const QString& message) { statusBar()->showMessage(message, 10000); });
}

void MainWindow::showFilterRun(qint64 runId, bool activate) {
    if (runId <= 0) return;
    cleaning_->setProject(projectPath_);
    async_->load<FilterViewData>(
        this, QStringLiteral("filter"),
        [path = projectPath_, runId](const dl::CancelToken& cancel) { return readFilterView(path, runId, cancel); },
        [this, activate](FilterViewData d) {
            cleaning_->setRun(std::move(d));
            if (activate) tabs_->setCurrentWidget(cleaning_);
        },
        [this](const QString& message) { statusBar()->showMessage(message, 10000); });
}

void MainWindow::showSweepRun(qint64 runId, bool activate) {
    if (runId <= 0) return;
    async_->load<SweepViewData>(
        this, QStringLiteral("sweep"), [path = projectPath_, runId] { return readSweepView(path, runId); },
        [this, activate](SweepViewData d) {
            sweep_->setSweep(d.ks, d.series);
            if (activate) tabs_->setCurrentWidget(sweep_);
        },
        [this](const QString& message) { statusBar()->showMessage(message, 10000); });
}

void MainWindow::showLayerSweepRun(qint64 runId, bool activate) {
    if (runId <= 0) return;
    async_->load<LayerSweepViewData>(
        this, QStringLiteral("layer sweep"), [path = projectPath_, runId] { return readLayerSweepView(path, runId); },
        [this, activate](LayerSweepViewData d) {
            layerSweep_->setXTickLabels(d.x, d.xLabels);
            layerSweep_->setSweep(d.x, d.series);
            layerSweep_->setTitle(d.title);
            if (activate) tabs_->setCurrentWidget(layerSweep_);
        },
        [this](const QString& message) { statusBar()->showMessage(message, 10000); });
}

void MainWindow::compareSelectedRuns() {
    QList<qint64> ids;
    for (const auto& index : runView_->selectionModel()->selectedRows())
        if (RunListModel::kindAt(index) == dl::RunKind::Cluster)
            ids << index.data(RunListModel::RunIdRole).toLongLong();
    if (ids.size() != 2) {
        showError(tr("Compare runs"), tr("Select exactly two clustering runs in the list (Ctrl+click)."));
        return;
    }
    std::sort(ids.begin(), ids.end());
    // Reading both runs' labels is a scan of each run: off the GUI thread.
    statusBar()->showMessage(tr("Comparing run #%1 with run #%2…").arg(ids[0]).arg(ids[1]));
    async_->load<RunComparison>(
        this, QStringLiteral("compare"),
        [path = projectPath_, a = ids[0], b = ids[1]] { return compareClusterRuns(path, a, b); },
        [this, ids](RunComparison comparison) {
            statusBar()->clearMessage();
            showRunComparison(ids[0], ids[1], comparison);
        },
        [this](const QString& message) {
            statusBar()->clearMessage();
            showError(tr("Compare runs"), message);
        });
}

void MainWindow::showRunComparison(qint64 runA, qint64 runB, const RunComparison& comparison) {
    auto* dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Run #%1 vs run #%2").arg(runA).arg(runB));
    auto* view = new ConfusionMatrixView(dialog);
    view->setConfusion(comparison.confusion);
    view->setMetricsText(comparison.metrics);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(view);
    dialog->resize(900, 600);
    dialog->show();
}

void MainWindow::showMixture(const QString& path) {
    if (path.isEmpty()) return;
    mixture_->open(path);
    tabs_->setCurrentWidget(mixture_);
}

void MainWindow::trainMixture(const QString& kit) {
    const QString out = kit.isEmpty() ? QString() : QDir(kit).absoluteFilePath(QStringLiteral("../train"));
    MixtureTrainDialog dialog(kit, out.isEmpty() ? QString() : QDir::cleanPath(out), mixtureTrainParamFields(), this);
    if (dialog.exec() != QDialog::Accepted) return;
    const auto request = dialog.request();
    const QString workDir = request.values.value(QStringLiteral("out")).toString();
    auto outcome = std::make_shared<JobOutcome>();
    // Finished or cancelled (a checkpoint to resume), the work folder is shown.
    runJob(tr("Train on %1").arg(QFileInfo(request.kit).fileName()), {}, outcome, makeMixtureTrainJob(request, outcome),
           [this, workDir](const dl::Status&) {
               if (QFileInfo::exists(QDir(workDir).filePath(QStringLiteral("train.json"))) ||
                   QFileInfo::exists(QDir(workDir).filePath(QStringLiteral("mdac.json"))))
                   showMixture(workDir);
           });
}

MixtureJobDialog::Context MainWindow::mixtureContext() const {
    MixtureJobDialog::Context context;
    context.kit = mixture_->kitFolder();
    context.folder = projectPath_.isEmpty() ? QDir::homePath() : QFileInfo(projectPath_).absolutePath();
    if (!projectPath_.isEmpty()) {
        for (const auto& c : corpusModel_->corpora()) context.corpora << c.name;
        for (const auto& r : runModel_->runs()) {
            QString words = r.description;
            if (words.size() > 60) words = words.left(59) + QStringLiteral("…");
            const QString label = QStringLiteral("#%1 %2 — %3").arg(r.id).arg(r.corpus, words);
            if (r.kind == dl::RunKind::Cluster) context.clusterRuns << RunChoice{r.id, label};
            else if (r.kind == dl::RunKind::Select) context.selectionRuns << RunChoice{r.id, label};
        }
        context.clusterRun = clusters_->runId();
    }
    return context;
}

void MainWindow::runMixtureDialog(const QString& subcommand) {
    MixtureJobDialog dialog(subcommand, mixtureContext(), mixtureParamFields(subcommand), this);
    if (dialog.exec() != QDialog::Accepted) return;
    const auto request = dialog.request();
    const QString result = MixtureJobDialog::resultPath(request);
    auto outcome = std::make_shared<JobOutcome>();
    runJob(
        dialog.windowTitle(), [this, result] { showMixture(result); }, outcome,
        makeMixtureJob(projectPath_, request, outcome));
}

void MainWindow::editSettings() {
    QSettings s;
    WorkbenchSettings current{s.value(QStringLiteral("ui/language")).toString(),
                              s.value(QStringLiteral("encode/threads"), 0).toInt(),
                              s.value(QStringLiteral("encode/batchTokens"), 16384).toInt(),
                              s.value(QStringLiteral("encode/defaultModel")).toString()};
    SettingsDialog dialog(current, {}, this);
    dialog.showModelsLoading();
    loadModelsAsync(*async_, &dialog, [&dialog](QList<ModelChoice> m) { dialog.setModels(m); });
    if (dialog.exec() != QDialog::Accepted) return;
    const auto chosen = dialog.settings();
    s.setValue(QStringLiteral("ui/language"), chosen.language);
    s.setValue(QStringLiteral("encode/threads"), chosen.threads);
    s.setValue(QStringLiteral("encode/batchTokens"), chosen.batchTokens);
    s.setValue(QStringLiteral("encode/defaultModel"), chosen.defaultModel);
    if (chosen.language != current.language)
        statusBar()->showMessage(tr("The new language applies when DomainLens starts again."), 10000);
}

void MainWindow::saveCurrentView() {
    QWidget* current = tabs_->currentWidget();
    if (current == clusters_)
        PlotExport::saveWithDialog(clusters_->scatter()->plot(), this, QStringLiteral("clusters"));
    else if (current == selection_)
        PlotExport::saveWidgetWithDialog(selection_->histogram(), this, QStringLiteral("selection"));
    else if (current == sweep_) PlotExport::saveWidgetWithDialog(sweep_, this, QStringLiteral("k-sweep"));
    else if (current == methods_) PlotExport::saveWidgetWithDialog(methods_, this, QStringLiteral("methods"));
    else if (current == layerSweep_)
        PlotExport::saveWithDialog(layerSweep_->plot(), this, QStringLiteral("layer-sweep"));
    else if (current == mixture_) PlotExport::saveWidgetWithDialog(mixture_, this, QStringLiteral("mixture"));
    else if (current == alignment_) PlotExport::saveWidgetWithDialog(alignment_, this, QStringLiteral("alignment"));
    else if (current == search_) PlotExport::saveWithDialog(search_->scatter()->plot(), this, QStringLiteral("search"));
    else if (current == outlierAnalysis_)
        TableExportDialog::save(*outlierAnalysis_->figures(), this, QStringLiteral("outlier-analysis"));
    else if (current == outliers_) saveOutliersCsv();
    else if (current == runView_) TableExportDialog::save(*runModel_, this, QStringLiteral("runs"));
    else if (current == corporaTab_) {
        if (corporaTab_->focusWidget() == overlapView_)  // the table last clicked in this tab
            TableExportDialog::save(*overlapModel_, this, QStringLiteral("corpus-overlap"));
        else TableExportDialog::save(*corpusModel_, this, QStringLiteral("corpora"));
    }
}

void MainWindow::saveOutliersCsv() {
    // Every row of the filter, not just the pages on screen: read and written off the GUI thread.
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save table"), QStringLiteral("outliers.csv"), tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    statusBar()->showMessage(tr("Saving %1…").arg(path));
    outliers_->model()->saveCsv(path);
}

void MainWindow::importCorpus() {
    ImportDialog dialog(importParamFields(), this);
    if (dialog.exec() != QDialog::Accepted) return;
    const QString title =
        tr("Import %1").arg(QFileInfo(dialog.request().values.value(QStringLiteral("src")).toString()).fileName());
    const auto checked = toImportParams(dialog.request());
    if (!checked) {
        showError(title, errorText(checked.error()));
        return;
    }
    const dl::ImportParams params = *checked;
    auto summary = std::make_shared<QString>();
    auto imported = std::make_shared<QString>();  // the corpus' name, as import resolved it
    runner_->submit(
        title,
        [path = projectPath_, params, summary, imported](dl::ProgressSink& progress,
                                                         const dl::CancelToken& cancel) -> dl::Status {
            auto store = dl::Store::open(path.toStdString());
            if (!store) return std::unexpected(store.error());
            auto report = dl::runImport(params, **store, progress, cancel);
            if (!report) return std::unexpected(report.error());
            *summary = QString::fromStdString(report->summary());
            *imported = QString::fromStdString(report->corpus);
            progress.info(report->summary());
            return {};
        },
        [this, title, summary, imported](const dl::Status& outcome) {
            if (outcome) {
                statusBar()->showMessage(*summary, 15000);
                exploreAfterImport_ = *imported;  // the GUI's default after an import: a first map
            } else if (outcome.error().kind != dl::ErrorKind::Cancelled) showError(title, errorText(outcome.error()));
            refreshProject();
        });
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (runner_->isBusy()) {
        const auto answer = QMessageBox::question(
            this, tr("Quit DomainLens"),
            tr("A job is still running. Cancel it and quit? The project keeps its state from before the job."));
        if (answer != QMessageBox::Yes) {
            event->ignore();
            return;
        }
        runner_->cancelAll();
    }
    event->accept();
}
