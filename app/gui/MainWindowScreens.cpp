// The documentation screenshots (`domainlens --screenshots DIR PROJECT`, README, issue 13):
// every view driven as a user would drive it, each grabbed once what it waits for is shown.
// Nothing waits a fixed time for data: each step waits for the view's own signal (checked
// again every 200 ms) with a generous bound, so a project of millions of sentences works too.
// GUI thread; nested event loops keep the window live while a step waits.
#include <QComboBox>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <functional>
#include <optional>
#include <vector>

#include "AlignmentView.h"
#include "AsyncService.h"
#include "CleaningChoices.h"
#include "CleaningPanel.h"
#include "ClusterDialog.h"
#include "ClusterExplorer.h"
#include "CorpusTreeModel.h"
#include "ExportDialog.h"
#include "FilterDialog.h"
#include "MainWindow.h"
#include "MapCutBar.h"
#include "MapValues.h"
#include "MethodsExplorer.h"
#include "MixturePanel.h"
#include "OutlierAnalysisPanel.h"
#include "OutlierBrowser.h"
#include "OutlierFiguresModel.h"
#include "ParamFields.h"
#include "ProjectQueries.h"
#include "RemovalTableModel.h"
#include "RunListModel.h"
#include "RunViews.h"
#include "ScatterPlotView.h"
#include "ScoreHistogramView.h"
#include "SearchExplorer.h"
#include "SelectionExplorer.h"
#include "SweepPlotView.h"

namespace {

constexpr int kLoadSeconds = 900;  // reading and preparing a view of a few million sentences
constexpr int kStepSeconds = 180;  // one user action (a job, a read)

// Runs `start`, then returns once `done()` holds — checked whenever one of the `events` of
// `sender` fires and every 200 ms — or after `seconds`; lets the view paint for a moment.
template <class Sender, class... Signals>
bool waitUntil(const std::function<bool()>& done, int seconds, const std::function<void()>& start, Sender* sender,
               Signals... events) {
    QEventLoop loop;
    auto check = [&] {
        if (done()) loop.quit();
    };
    (QObject::connect(sender, events, &loop, check), ...);
    QTimer poll, limit;
    QObject::connect(&poll, &QTimer::timeout, &loop, check);
    QObject::connect(&limit, &QTimer::timeout, &loop, &QEventLoop::quit);
    poll.start(200);
    limit.setSingleShot(true);
    limit.start(seconds * 1000);
    if (start) start();
    if (!done()) loop.exec();
    QEventLoop settle;  // queued replots and table fills
    QTimer::singleShot(500, &settle, &QEventLoop::quit);
    settle.exec();
    return done();
}

// Runs `start`, then returns once one of `events` fired, or after `seconds`.
template <class Sender, class... Signals>
bool waitForSignal(Sender* sender, int seconds, const std::function<void()>& start, Signals... events) {
    bool fired = false;
    const std::vector<QMetaObject::Connection> connections{
        QObject::connect(sender, events, sender, [&fired] { fired = true; })...};
    const bool ok = waitUntil([&] { return fired; }, seconds, start, sender, events...);
    for (const auto& c : connections) QObject::disconnect(c);
    return ok;
}

void settle(int ms = 600) {
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

// The longest word of a sentence (letters only), for a full-text search that finds something.
QString longestWord(const QString& text) {
    QString best;
    for (const QString& w : text.split(QRegularExpression(QStringLiteral("[^\\w]+")), Qt::SkipEmptyParts))
        if (w.size() > best.size() && !w.front().isDigit()) best = w;
    return best;
}

// A rectangle of a tenth of the map's width and height around the median point of category
// 0 (the first domain), in data coordinates; empty without categories.
QRectF firstDomainCore(const ScatterData& map) {
    QVector<double> xs, ys;
    for (qsizetype i = 0; i < map.category.size() && i < map.x.size(); ++i)
        if (map.category[i] == 0) xs << map.x[i], ys << map.y[i];
    if (xs.isEmpty()) return {};
    auto median = [](QVector<double>& v) {
        std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
        return v[v.size() / 2];
    };
    const auto [xMin, xMax] = std::minmax_element(map.x.begin(), map.x.end());
    const auto [yMin, yMax] = std::minmax_element(map.y.begin(), map.y.end());
    const double w = (*xMax - *xMin) / 10, h = (*yMax - *yMin) / 10;
    return QRectF(median(xs) - w / 2, median(ys) - h / 2, w, h);
}

// The method of a selection run, from its description "key=value, ...".
QString methodOf(const RunRow& run) {
    for (const QString& part : run.description.split(QStringLiteral(", ")))
        if (part.startsWith(QLatin1String("method="))) return part.mid(7);
    return {};
}

}  // namespace

// The runs the screenshots show: the newest clustering run (as the window opens it), the
// newest selection run of the map's corpus (Selection, the cut, colour by score), up to three
// selection runs of that corpus (Methods) and the newest cross-lingual run (Alignment).
MainWindow::ScreenshotRuns MainWindow::screenshotRuns() const {
    ScreenshotRuns plan;
    const auto& runs = runModel_->runs();
    QString mapCorpus;
    for (const auto& r : runs)
        if ((r.kind == dl::RunKind::Cluster || r.kind == dl::RunKind::Assign) && r.id > plan.cluster) {
            plan.cluster = r.id;
            mapCorpus = r.corpus;
        }
    for (auto it = runs.crbegin(); it != runs.crend(); ++it) {
        if (it->kind == dl::RunKind::LayerSweep && !plan.layerSweep) plan.layerSweep = it->id;
        if (it->kind == dl::RunKind::Filter && !plan.filter) plan.filter = it->id;
        if (it->kind != dl::RunKind::Select) continue;
        const bool crossLingual = methodOf(*it) == QLatin1String("cross-lingual");
        if (crossLingual && !plan.crossLingual) plan.crossLingual = it->id;
        if (crossLingual || it->corpus != mapCorpus) continue;
        if (!plan.selection) plan.selection = it->id;
        if (plan.methods.size() < 3) plan.methods.prepend(it->id);
    }
    return plan;
}

void MainWindow::waitForProjectViews(const ScreenshotRuns& plan) {
    if (plan.cluster)
        waitUntil([&] { return clusters_->runId() == plan.cluster || clusters_->failedRunId() == plan.cluster; },
                  kLoadSeconds, {}, clusters_, &ClusterExplorer::runShown, &ClusterExplorer::runFailed);
    if (plan.cluster && clusters_->failedRunId() == plan.cluster) return;  // nothing more will come
    if (plan.selection) {
        waitUntil([&] { return selection_->runId() == plan.selection; }, kLoadSeconds,
                  [&] { showSelectionRun(plan.selection, false); }, selection_, &SelectionExplorer::runShown);
    }
    // The cluster names come from a short job the first time a run is shown.
    if (plan.cluster)
        waitUntil([&] { return !clusters_->clusterLabels().isEmpty(); }, kStepSeconds, {}, clusters_,
                  &ClusterExplorer::namesShown);
}

void MainWindow::saveScreenshots(const QString& dir, const std::function<void()>& done) {
    QDir().mkpath(dir);
    int number = 1;
    auto save = [&](const QString& name) {
        QPixmap shot = grab();
        // A popup menu is a window of its own: painted onto the window's grab where it shows.
        if (overlayMenu_ && overlayMenu_->isVisible()) {
            QPainter painter(&shot);
            painter.drawPixmap(mapFromGlobal(overlayMenu_->pos()), overlayMenu_->grab());
        }
        shot.save(QStringLiteral("%1/%2-%3.png").arg(dir).arg(number++, 2, 10, QLatin1Char('0')).arg(name));
    };
    auto saveDialog = [&](QWidget* dialog, const QString& name) {
        dialog->grab().save(QStringLiteral("%1/%2-%3.png").arg(dir).arg(number++, 2, 10, QLatin1Char('0')).arg(name));
    };
    auto show = [&](QWidget* tab, const QString& name) {
        tabs_->setCurrentWidget(tab);
        settle();
        save(name);
    };
    if (projectPath_.isEmpty()) {
        saveMixtureScreenshots(save, saveDialog);
        if (done) done();
        return;
    }
    // The window asks for the run list as it opens the project; the plan needs it.
    waitUntil([&] { return runModel_->rowCount() > 0; }, kLoadSeconds, {}, runModel_, &QAbstractItemModel::modelReset);
    const ScreenshotRuns plan = screenshotRuns();
    waitForProjectViews(plan);

    show(corporaTab_, QStringLiteral("corpora"));
    if (plan.cluster && clusters_->failedRunId() == plan.cluster) {
        // A damaged project: the map's view says why it is empty, and the views that build
        // on the map would each wait out their time limit (900 s for the first) for nothing.
        show(clusters_, QStringLiteral("clusters"));
        show(runView_, QStringLiteral("runs"));
        if (done) done();
        return;
    }
    clusters_->cutBar()->setCutShown(false);  // the plain map first; the cut comes later
    show(clusters_, QStringLiteral("clusters"));
    show(outliers_, QStringLiteral("outliers"));
    saveOutlierScreenshots(save);
    show(selection_, QStringLiteral("selection"));
    saveMapScreenshots(plan, save);
    saveMethodsScreenshots(plan, save);
    saveSearchScreenshots(save);
    saveCleaningScreenshots(plan, save, saveDialog);
    saveCleaningDialogScreenshots(plan, saveDialog);
    if (plan.crossLingual) {
        waitUntil([&] { return !alignment_->data().beforeA.isEmpty(); }, kStepSeconds,
                  [&] { showSelectionRun(plan.crossLingual, false); }, alignment_, &AlignmentView::dataShown);
        tabs_->setCurrentWidget(alignment_);
        alignment_->highlightPair(int(alignment_->data().beforeA.size() / 3));
        settle();
        save(QStringLiteral("alignment"));
    }
    show(sweep_, QStringLiteral("k-sweep"));
    if (plan.layerSweep) show(layerSweep_, QStringLiteral("layer-sweep"));
    show(runView_, QStringLiteral("runs"));
    saveMixtureScreenshots(save, saveDialog);
    if (done) done();
}

// The Mixture tab on each folder or trajectory file given (--mixture), in order; a kit over the
// clusters of the run on the map also colours the map by each cluster's lambda (the last of a
// trajectory when there is one, else lambda^t). Then the mixture dialogs, on the last kit shown.
void MainWindow::saveMixtureScreenshots(const std::function<void(const QString&)>& save,
                                        const std::function<void(QWidget*, const QString&)>& saveDialog) {
    int n = 1;
    for (const QString& path : screenshotMixtures_) {
        tabs_->setCurrentWidget(mixture_);
        waitForSignal(
            mixture_, kStepSeconds, [&] { mixture_->open(path); }, &MixturePanel::shown, &MixturePanel::failed);
        save(QStringLiteral("mixture-%1").arg(n++));
        const qint64 run = mixture_->data().clusterRun;
        if (projectPath_.isEmpty() || run <= 0 || run != clusters_->runId()) continue;
        const auto lambdaSource = [this] {
            const auto& sources = clusters_->valueSources();
            auto best = sources.end();
            for (auto it = sources.begin(); it != sources.end(); ++it)
                if (it->field == MapValueSource::Field::Lambda &&
                    (best == sources.end() || it->tag == QLatin1String("final")))
                    best = it;
            return best == sources.end() ? std::optional<MapValueSource>() : std::optional<MapValueSource>(*best);
        };
        waitUntil([&] { return lambdaSource().has_value(); }, kStepSeconds, {}, clusters_,
                  &ClusterExplorer::valueSourcesShown);
        if (const auto source = lambdaSource()) {
            tabs_->setCurrentWidget(clusters_);
            clusters_->cutBar()->setCutShown(false);
            waitForSignal(
                clusters_, kStepSeconds, [&] { clusters_->colourByValue(*source); }, &ClusterExplorer::valuesShown);
            save(QStringLiteral("clusters-by-lambda-%1").arg(n - 1));
            clusters_->colourBy()->setCurrentIndex(0);
        }
    }
    for (const char* sub : {"kit", "target", "schedule", "step"}) {
        const QString name = QLatin1String(sub);
        if (projectPath_.isEmpty() && (name == QLatin1String("kit") || name == QLatin1String("target"))) continue;
        MixtureJobDialog dialog(name, mixtureContext(), mixtureParamFields(name), this);
        dialog.show();
        settle();
        saveDialog(&dialog, QStringLiteral("mixture-%1-dialog").arg(name));
    }
}

// The map as the workbench: coloured by the selection run's score (colour bar), then the
// Selection tab's cut on the map.
void MainWindow::saveMapScreenshots(const ScreenshotRuns& plan, const std::function<void(const QString&)>& save) {
    if (!plan.selection) return;
    const auto sources = clusters_->valueSources();
    auto score = std::find_if(sources.begin(), sources.end(), [&](const MapValueSource& v) {
        return v.runId == plan.selection && v.field == MapValueSource::Field::Score;
    });
    tabs_->setCurrentWidget(clusters_);
    if (score != sources.end()) {
        clusters_->cutBar()->setCutShown(false);
        waitUntil([&] { return clusters_->scatter()->colorMode() == ScatterPlotView::ColorMode::Value; }, kStepSeconds,
                  [&] { clusters_->colourByValue(*score); }, clusters_, &ClusterExplorer::valuesShown);
        save(QStringLiteral("clusters-by-score"));
    }
    clusters_->colourBy()->setCurrentIndex(0);
    waitUntil([&] { return clusters_->scatter()->cutShown(); }, kStepSeconds,
              [&] { clusters_->cutBar()->setCutShown(true); }, clusters_->scatter(), &ScatterPlotView::cutChanged);
    // A rectangle dragged over the middle of the first domain's points: the picked sentences
    // are listed and can be included or excluded.
    if (const QRectF rect = firstDomainCore(clusters_->scatter()->data()); !rect.isEmpty())
        waitForSignal(
            clusters_, kStepSeconds, [&] { clusters_->scatter()->selectInRect(rect); }, &ClusterExplorer::pickedShown);
    save(QStringLiteral("clusters-cut"));
    // The bulk actions on the picked sentences (Tag…, Untag…, Include, Exclude), menu open.
    if (!clusters_->scatter()->selectedRows().isEmpty()) saveMenuScreenshot(clusters_->pickedMenu(), save);
    clusters_->scatter()->clearSelection();
}

// `menu` popped up under its button, in a grab of the window (the menu painted onto it).
void MainWindow::saveMenuScreenshot(QMenu* menu, const std::function<void(const QString&)>& save) {
    QWidget* button = nullptr;
    for (auto* b : findChildren<QPushButton*>())
        if (b->menu() == menu && b->isVisible()) button = b;
    if (!button) return;
    menu->popup(button->mapToGlobal(QPoint(0, button->height())));
    settle();
    overlayMenu_ = menu;
    save(QStringLiteral("bulk-menu"));
    overlayMenu_ = nullptr;
    menu->hide();
    settle(200);
}

void MainWindow::saveMethodsScreenshots(const ScreenshotRuns& plan, const std::function<void(const QString&)>& save) {
    if (plan.methods.size() < 2) return;
    tabs_->setCurrentWidget(methods_);
    // The view may compare these runs on its own when the run list arrives (still reading, or
    // shown already): then wait for that comparison instead of asking again.
    if (methods_->checkedRuns() != plan.methods) methods_->compare(plan.methods);
    waitUntil([&] { return methods_->comparison().request.runIds == plan.methods; }, kLoadSeconds, {}, methods_,
              &MethodsExplorer::comparisonShown);
    waitUntil([&] { return methods_->keptModel()->rowCount() > 0; }, 30, {}, methods_,
              &MethodsExplorer::keptTextsShown);
    save(QStringLiteral("methods"));
}

void MainWindow::saveOutlierScreenshots(const std::function<void(const QString&)>& save) {
    tabs_->setCurrentWidget(outlierAnalysis_);
    waitUntil([&] { return !outlierAnalysis_->figuresPending(); }, kLoadSeconds, {}, outlierAnalysis_,
              &OutlierAnalysisPanel::figuresShown);
    waitUntil([&] { return !outlierAnalysis_->centroidsPending(); }, kLoadSeconds, {}, outlierAnalysis_,
              &OutlierAnalysisPanel::centroidsShown);  // the Fig. 4 matrix below the figures
    if (outlierAnalysis_->figures()->rowCount() == 0) return;
    const int all = outlierAnalysis_->figures()->rowCount() - 1;
    waitForSignal(
        outlierAnalysis_, kStepSeconds,
        [&] { outlierAnalysis_->showFigure(all, OutlierFiguresModel::DigitsOutColumn); },
        &OutlierAnalysisPanel::sentencesShown);
    save(QStringLiteral("outlier-analysis"));
}

void MainWindow::saveSearchScreenshots(const std::function<void(const QString&)>& save) {
    const auto& ids = search_->scatter()->data().ids;
    if (search_->runId() <= 0 || ids.isEmpty()) return;
    tabs_->setCurrentWidget(search_);
    QString sentence = sentenceText(projectPath_, ids[ids.size() / 3]);
    if (sentence.startsWith(QLatin1Char('[')))
        sentence = sentence.mid(sentence.indexOf(QLatin1Char(']')) + 1).trimmed();  // "[domain] text"
    const QString word = longestWord(sentence);
    search_->queryEdit()->setText(word);
    waitForSignal(
        search_, kStepSeconds, [&] { search_->findWords(word); }, &SearchExplorer::matchesShown,
        &SearchExplorer::searchFailed);
    save(QStringLiteral("search-words"));
    search_->queryEdit()->setText(sentence);
    waitForSignal(
        search_, kStepSeconds, [&] { search_->lookUp(sentence); }, &SearchExplorer::neighboursShown,
        &SearchExplorer::searchFailed);
    save(QStringLiteral("search-neighbours"));
}

void MainWindow::saveCleaningDialogScreenshots(const ScreenshotRuns& plan,
                                               const std::function<void(QWidget*, const QString&)>& saveDialog) {
    std::optional<CleaningChoices> choices;
    waitUntil([&] { return choices.has_value(); }, kStepSeconds,
              [&] {
                  loadCleaningChoicesAsync(*async_, this, projectPath_, 0,
                                           [&choices](CleaningChoices c) { choices = std::move(c); });
              },
              async_, &AsyncService::applied, &AsyncService::failed);
    if (!choices) return;
    // The corpus of the newest filter run (else the first corpus with tags).
    QString corpus;
    for (const auto& [name, cleaning] : choices->corpora.asKeyValueRange())
        for (const auto& r : cleaning.filterRuns)
            if (r.id == plan.filter) corpus = name;
    for (const auto& [name, cleaning] : choices->corpora.asKeyValueRange())
        if (corpus.isEmpty() && !cleaning.tags.isEmpty()) corpus = name;
    const QList<CorpusChoice> corpora = corpusChoices(corpusModel_->corpora());
    {
        ClusterDialog dialog(corpora, clusterParamFields(), this);
        dialog.setCleaning(*choices);
        if (auto* list = dialog.findChildren<QComboBox*>().value(0)) list->setCurrentIndex(list->findText(corpus));
        if (auto* filter = dialog.findChild<QComboBox*>(QStringLiteral("filter")); filter && plan.filter)
            filter->setCurrentIndex(std::max(0, filter->findData(plan.filter)));
        dialog.show();
        settle();
        saveDialog(&dialog, QStringLiteral("cluster-dialog"));
    }
    ExportDialog dialog(QFileInfo(projectPath_).absolutePath() + QStringLiteral("/selected"), corpora,
                        exportParamFields(), this);
    dialog.setCleaning(*choices);
    if (auto* what = dialog.findChild<QComboBox*>(QStringLiteral("what")))
        what->setCurrentIndex(std::max(0, what->findData(QStringLiteral("shards"))));
    if (auto* list = dialog.findChild<QComboBox*>(QStringLiteral("corpus")))
        list->setCurrentIndex(std::max(0, list->findText(corpus)));
    if (auto* tags = dialog.findChild<QListWidget*>(QStringLiteral("exclude-tag")); tags && tags->count() > 0)
        tags->item(0)->setCheckState(Qt::Checked);
    if (auto* filter = dialog.findChild<QComboBox*>(QStringLiteral("filter")); filter && plan.filter)
        filter->setCurrentIndex(std::max(0, filter->findData(plan.filter)));
    dialog.show();
    settle();
    saveDialog(&dialog, QStringLiteral("export-dialog"));
}

void MainWindow::saveCleaningScreenshots(const ScreenshotRuns& plan, const std::function<void(const QString&)>& save,
                                         const std::function<void(QWidget*, const QString&)>& saveDialog) {
    {
        FilterDialog dialog(corpusChoices(corpusModel_->corpora()), filterParamFields(), {}, this);
        dialog.show();
        settle();
        saveDialog(&dialog, QStringLiteral("filter-dialog"));
    }
    if (!plan.filter) return;
    tabs_->setCurrentWidget(cleaning_);
    waitUntil([&] { return cleaning_->runId() == plan.filter; }, kLoadSeconds,
              [&] { showFilterRun(plan.filter, false); }, cleaning_, &CleaningPanel::runShown);
    waitUntil([&] { return cleaning_->ledgerModel()->rowCount() > 0 || cleaning_->data().removed == 0; }, kStepSeconds,
              {}, cleaning_, &CleaningPanel::pageShown);
    save(QStringLiteral("cleaning"));
    // The boundary thumbnail at the median removed score: the sentences either side of it.
    if (const auto& ranking = cleaning_->data().ranking; ranking.size() > 1) {
        const double median = ranking.scoreAtRank(ranking.size() / 2);
        waitForSignal(
            cleaning_, kStepSeconds, [&] { cleaning_->histogram()->setThreshold(median); },
            &CleaningPanel::boundaryShown);
        save(QStringLiteral("cleaning-boundary"));
    }
    // The map coloured by what the filter removed, each removed duplicate linked to its twin.
    const auto sources = clusters_->valueSources();
    const auto removed = std::find_if(sources.begin(), sources.end(), [&](const MapValueSource& v) {
        return v.runId == plan.filter && v.field == MapValueSource::Field::Removed;
    });
    if (removed == sources.end()) return;
    tabs_->setCurrentWidget(clusters_);
    clusters_->cutBar()->setCutShown(false);
    waitForSignal(
        clusters_, kStepSeconds, [&] { clusters_->colourByValue(*removed); }, &ClusterExplorer::linksShown);
    save(QStringLiteral("clusters-filter"));
    clusters_->colourBy()->setCurrentIndex(0);
    // Filter > Preview on the map's corpus with the dialog's defaults: nothing stored, flagged
    // on the map with Apply / Discard.
    FilterRequest request;
    request.values = {{QStringLiteral("corpus"), cleaning_->data().corpus},
                      {QStringLiteral("kind"), cleaning_->data().kind}};
    if (waitForSignal(
            clusters_, kStepSeconds, [&] { previewFilter(request); }, &ClusterExplorer::previewShown))
        save(QStringLiteral("filter-preview"));
    clusters_->discardPreview();
}
