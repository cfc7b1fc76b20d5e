#pragma once
// The clustering views of one run: PCA scatter (coloured by true domain or by GMM cluster,
// one 1σ/2σ ellipse per component), the confusion matrix with purity/NMI/ARI, and the list
// of sentences picked with the rectangle or lasso. Data arrive as ClusterViewData (read off
// the GUI thread by the caller); the picked sentences' texts come from one batched read on
// the window's AsyncService (a newer pick supersedes an older one). "Colour by" also offers
// every per-sentence value of the corpus's runs (MapValues), read there too.
#include <QMap>
#include <QWidget>

#include "BulkTarget.h"
#include "FilterPreview.h"
#include "MapValues.h"
#include "RunViews.h"

class AsyncService;
class ConfusionMatrixView;
class MapCutBar;
class QCheckBox;
class QComboBox;
class QLabel;
class QFrame;
class QListWidget;
class QMenu;
class QPushButton;
class ScatterMarks;
class ScatterPlotView;

class ClusterExplorer : public QWidget {
    Q_OBJECT
public:
    explicit ClusterExplorer(AsyncService& async, QWidget* parent = nullptr);
    void setProject(const QString& projectPath);
    // Shows a run. Without data.map a map of 100k points or more is prepared on the loader's
    // pool first (a 4M-point index is ~0.3 s of work) and the run appears when it is ready
    // (runShown); a later setRun or setProject supersedes a run still being prepared, which
    // is then never shown. Smaller maps (or data.map given) are shown at once.
    void setRun(ClusterViewData data);
    // The run's view could not be read (a damaged project): the title says so, the full message
    // is its tooltip; the map shown before, if any, stays. GUI thread.
    void showReadFailure(qint64 runId, const QString& message);
    // Builds data.map: the scatter's index and per-point arrays for both colourings (domain and
    // cluster). Thread-safe; call it on a worker, with the read.
    static void prepareMap(ClusterViewData& data);
    // The progressive map (explore): when the map shows run `from` (the first map) or `runId`
    // (the assign run that grows chunk by chunk from it), reads `runId` again off the GUI thread
    // (AsyncService, prepareMap there) and shows it with the same colouring, runShown once it is
    // drawn; another run on the map is left alone. A later call or setRun supersedes the read.
    void followRun(qint64 runId, qint64 from);
    qint64 runId() const { return data_.runId; }
    // The run whose view last failed to read (showReadFailure), 0 once a run is shown.
    qint64 failedRunId() const { return failedRunId_; }
    ScatterPlotView* scatter() const { return scatter_; }
    ScatterMarks* marks() const { return marks_; }  // a filter run's duplicate links
    ConfusionMatrixView* confusion() const { return confusion_; }
    QComboBox* colourBy() const { return colourBy_; }
    MapCutBar* cutBar() const { return cutBar_; }
    const QList<MapValueSource>& valueSources() const { return valueSources_; }
    // Colours the map by `source` (read off the GUI thread; valuesShown when it is drawn).
    void colourByValue(const MapValueSource& source);
    // Reads again what "Colour by" offers (after a tag was added or a run stored).
    void loadValueSources();
    // The mixture on the Mixture tab (`path`, read as `data`): when it is over the clusters of
    // the run on the map, "Colour by" also offers each cluster's lambda^t, lambda_0 and last lambda.
    void setMixture(const QString& path, const MixtureViewData& data);
    // Cluster names (ClusterExplorerNames.cpp): read off the GUI thread, shown on the map at
    // the component means and in the confusion matrix headers; editable and stored.
    void reloadNames();
    void editNames();
    // Applies the user's names (cluster -> name, "" = the words) and stores them off the GUI thread.
    void writeNames(const QMap<int, QString>& names);
    QStringList clusterLabels() const { return nameLabels_; }
    // Bulk actions (app/panels/BulkActions; the window fills the menus): the sentences picked
    // with the rectangle or lasso, and every sentence of a GMM cluster of the map (-1: the one
    // chosen beside the menu). Null targets when there is nothing to act on.
    QMenu* pickedMenu() const { return pickedMenu_; }
    QMenu* clusterMenu() const { return clusterMenu_; }
    QComboBox* clusterChoice() const { return cluster_; }
    BulkTarget pickedTarget() const;
    // A filter's preview (FilterPreview, nothing stored): the map coloured 1 where the filter
    // would remove a point, with a bar of its counts and Apply / Discard, until one is pressed
    // or another run is shown. The flags per point are computed off the GUI thread (AsyncService
    // channel "values", previewFlags); previewShown reports the points flagged on this map once
    // drawn. Another colouring, preview or run asked for meanwhile supersedes it (dropped).
    void showPreview(const FilterPreview& preview);
    bool previewVisible() const;
    void discardPreview();
    BulkTarget clusterTarget(int cluster = -1) const;

signals:
    // A confusion cell was clicked: sentences of `domain` assigned to `cluster`.
    void cellActivated(const QString& domain, int cluster);
    // The list of sentences picked in the plot shows their texts.
    void pickedShown(int listed);
    // A run's points are on the map.
    void runShown(qint64 runId);
    // A run's view could not be read (showReadFailure).
    void runFailed(qint64 runId);
    // The "Colour by" list now offers the run's value sources.
    void valueSourcesShown(int count);
    // The map is coloured by the values titled `label`.
    void valuesShown(const QString& label);
    // Coloured by what a filter run removed: each removed duplicate linked to its kept twin.
    void linksShown(int links);
    // The run has no distinctive words yet: the window runs the naming job, then reloadNames().
    void namesMissing(qint64 runId);
    void namesShown();
    // The preview is drawn (`flagged` points of the map would be removed).
    void previewShown(int flagged);
    // Apply: the window runs the filter for real with the previewed request.
    void previewApplyRequested();
    void previewDiscarded();

private:
    void showLinks(qint64 filterRunId);  // 0: none

    void showRun(ClusterViewData data, bool keepColouring = false);
    void applyColouring();
    void applyNames();
    void fillClusterChoice();
    void hidePreview();
    void showSelection(const QVector<qint64>& ids);
    ClusterViewData data_;
    QList<MapValueSource> valueSources_;
    QString mixturePath_;
    MixtureViewData mixture_;
    QStringList baseClusterNames_, words_, userNames_, nameLabels_;
    bool previewActive_ = false;  // showPreview asked for, until discarded, applied or another run shown
    qint64 namingAsked_ = 0;  // the run whose naming job was asked for (once per run)
    QPushButton* namesButton_;
    QString projectPath_;
    AsyncService& async_;  // the window's; outlives this panel
    QLabel* title_;
    qint64 failedRunId_ = 0;
    QComboBox* colourBy_;
    QCheckBox* ellipses_;
    MapCutBar* cutBar_;
    ScatterPlotView* scatter_;
    ScatterMarks* marks_;
    QPushButton* pickedButton_;
    QPushButton* clusterButton_;
    QMenu* pickedMenu_;
    QMenu* clusterMenu_;
    QComboBox* cluster_;
    QFrame* previewBar_;
    QLabel* previewText_;
    ConfusionMatrixView* confusion_;
    QLabel* unlabelled_;
    QListWidget* picked_;
};
