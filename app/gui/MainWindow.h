#pragma once
// The workbench window: project menu, corpus overview, jobs dock. Wires widgets (plain data)
// to the project and to the JobRunner; computes nothing itself.
#include <QMainWindow>
#include <QVector>

#include <functional>
#include <memory>

#include "JobRequests.h"
#include "MixtureJobDialog.h"
#include "TagCommand.h"
#include "common/Error.h"
#include "jobs/Progress.h"

class AsyncService;
class CleaningPanel;
class ClusterExplorer;
class CorpusTreeModel;
class SelectionExplorer;
class SweepPlotView;
class MethodsExplorer;
class MixturePanel;
class OutlierBrowser;
class OutlierAnalysisPanel;
class SearchExplorer;
class AlignmentView;
class RunListModel;
class QTableView;
struct JobOutcome;
struct RunComparison;
class JobRunner;
class JobsPanel;
class QLabel;
class BulkActions;
class CorpusOverlapModel;
class QMenu;
class QTabWidget;
class QTreeView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    bool openProject(const QString& path);
    QString projectPath() const { return projectPath_; }
    JobRunner* jobRunner() const { return runner_; }
    CorpusTreeModel* corpusModel() const { return corpusModel_; }

public slots:
    void newProject();
    void openProjectDialog();
    void importCorpus();
    void encodeCorpus();
    void clusterCorpus();
    // Analysis > Explore Corpus (and after an import, with the imported corpus preselected).
    void exploreCorpus(const QString& preselect = {});
    // explore as a job (the dialog's request, or main's --explore): the settings' default model,
    // threads and batch size where the request names none; the first map opens when stored.
    void startExplore(ExploreRequest request);
    void selectData();
    void filterCorpus(const QString& preselect = {});
    void runFilter(const FilterRequest& request);
    void previewFilter(const FilterRequest& request);
    void exportData();
    void exportSelection(qint64 runId, qint64 topK);
    void shareMap();
    void saveProjectCopy();  // File > Save a Copy As…
    void refreshProject();
    // Shows a stored clustering run in the run-specific views (outliers, scatter, confusion).
    void showClusterRun(qint64 runId, bool activate = true);
    void showSelectionRun(qint64 runId, bool activate = true);
    void showFilterRun(qint64 runId, bool activate = true);
    void showSweepRun(qint64 runId, bool activate = true);
    void showLayerSweepRun(qint64 runId, bool activate = true);
    void saveCurrentView();
    void editSettings();
    void compareSelectedRuns();
    // Mixture > Open…: a mixture kit, a `mixture train` folder or a lambda trajectory on the Mixture tab.
    void showMixture(const QString& path);
    // Mixture > Train on a Kit (`mixture train`) as a job; opens the work folder when it ends.
    void trainMixture(const QString& kit = {});
    // Mixture > Build Mixture Kit / Target Mixture / Schedule / MDAC Step (`mixture kit | target
    // | schedule | step`): the subcommand's dialog, its job on the worker (progress, Cancel), the
    // kit, target, schedule or MDAC state it wrote opened on the Mixture tab when it ends.
    void runMixtureDialog(const QString& subcommand);
    // Saves a PNG of the window with each view shown into `dir` (README screenshots), then
    // calls `done`. Call right after openProject: it waits for the views' data itself.
    // Without a project, only the Mixture tab's shots (of `mixturePaths`) are taken.
    void saveScreenshots(const QString& dir, const std::function<void()>& done);
    // Folders or trajectory files the screenshots show on the Mixture tab (main's --mixture).
    void setScreenshotMixtures(const QStringList& paths) { screenshotMixtures_ = paths; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void rebuildRecentMenu();
    void setProjectActionsEnabled(bool enabled);
    void showError(const QString& title, const QString& message);
    void showRunComparison(qint64 runA, qint64 runB, const RunComparison& comparison);
    void saveOutliersCsv();
    // The documentation screenshots, step by step (MainWindowScreens.cpp): which runs they
    // show, waiting for the views the window fills on opening, then one step per view.
    struct ScreenshotRuns {
        qint64 cluster = 0, selection = 0, crossLingual = 0, layerSweep = 0, filter = 0;
        QVector<qint64> methods;  // selection runs of the map's corpus, oldest first
    };
    ScreenshotRuns screenshotRuns() const;
    void waitForProjectViews(const ScreenshotRuns& plan);
    void saveMapScreenshots(const ScreenshotRuns& plan, const std::function<void(const QString&)>& save);
    void saveMenuScreenshot(QMenu* menu, const std::function<void(const QString&)>& save);
    QMenu* overlayMenu_ = nullptr;  // a popup menu the next screenshot paints onto the window
    void saveMethodsScreenshots(const ScreenshotRuns& plan, const std::function<void(const QString&)>& save);
    void saveOutlierScreenshots(const std::function<void(const QString&)>& save);
    void saveSearchScreenshots(const std::function<void(const QString&)>& save);
    // The filter dialog (saved by `saveDialog`) and the newest filter run on the Cleaning tab.
    void saveCleaningScreenshots(const ScreenshotRuns& plan, const std::function<void(const QString&)>& save,
                                 const std::function<void(QWidget*, const QString&)>& saveDialog);
    void saveMixtureScreenshots(const std::function<void(const QString&)>& save,
                                const std::function<void(QWidget*, const QString&)>& saveDialog);
    // The context the mixture dialogs open with: the kit shown, the project's corpora and runs.
    MixtureJobDialog::Context mixtureContext() const;
    // The Cluster and Export dialogs with the newest filter run's corpus chosen, its filter runs
    // and tags offered as the window reads them (off the GUI thread).
    void saveCleaningDialogScreenshots(const ScreenshotRuns& plan,
                                       const std::function<void(QWidget*, const QString&)>& saveDialog);
    // Queues a job; on success shows the summary its body left in `outcome`, refreshes, then onSuccess.
    void runJob(const QString& title, const std::function<void()>& onSuccess, std::shared_ptr<JobOutcome> outcome,
                std::function<dl::Status(dl::ProgressSink&, const dl::CancelToken&)> body,
                const std::function<void(const dl::Status&)>& onFinish = {});

    JobRunner* runner_;
    // The window's one off-thread service: every view's reads (a later request per view
    // supersedes an earlier one) and the project writes; the panels get it by reference.
    AsyncService* async_;
    JobsPanel* jobs_;
    CorpusTreeModel* corpusModel_;
    QTreeView* corpusView_;
    QWidget* corporaTab_;  // the corpus tree above the overlap table (data hygiene, A&G Table 8)
    CorpusOverlapModel* overlapModel_;
    QTableView* overlapView_;
    QLabel* overlapEmpty_;
    void showOverlapOrWhyNot();
    QTabWidget* tabs_;
    RunListModel* runModel_;
    QTableView* runView_;
    OutlierBrowser* outliers_;
    OutlierAnalysisPanel* outlierAnalysis_;
    SearchExplorer* search_;
    AlignmentView* alignment_;
    ClusterExplorer* clusters_;
    SelectionExplorer* selection_;
    CleaningPanel* cleaning_;
    BulkActions* bulk_ = nullptr;
    FilterRequest previewRequest_;  // the request the map's filter preview shows
    SweepPlotView* sweep_;
    MethodsExplorer* methods_;
    SweepPlotView* layerSweep_;
    MixturePanel* mixture_;
    QMenu* recentMenu_ = nullptr;
    QLabel* projectLabel_;
    QLabel* deviceLabel_;
    QLabel* mapStatus_;  // explore's progress in words (the share encoded, the label agreement)
    QList<QAction*> projectActions_;
    QString projectPath_;
    QStringList screenshotMixtures_;
    QString exploreAfterImport_;   // the corpus just imported: offer explore once the corpora are read
    bool showLatestRuns_ = false;  // after opening a project, fill the run views once
};
