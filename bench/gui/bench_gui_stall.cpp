// The longest event-loop stall of the GUI thread (a 5 ms timer's largest gap) in three
// situations at 1.5M sentences: an encode job running on the worker, dragging the selection
// threshold over 1.5M scores, paging/filtering the outliers of a 1.5M-sentence run, and (decide)
// including every sentence of the selection run by hand, undoing and redoing it.
// Usage: bench_gui_stall PROJECT [--sentences N] [--model DIR] [--encode-seconds S] [--encode-threads T]
//                        [--only encode|threshold|outliers|decide]
//        bench_gui_stall PROJECT --map-run RUN [--screenshot PNG] [--map-prepare-on-gui]
//        bench_gui_stall PROJECT --preview N   (the Filter Preview on a synthetic map of N points)
//        bench_gui_stall PROJECT --explore CORPUS --model DIR [--explore-sample N] [--explore-chunk N]
//                        [--explore-stop-at-refit] [--explore-layer L]
// PROJECT is created (synthetic, see SyntheticProject.h) when it does not exist. --map-run:
// a fourth situation on an existing project (a merged one, bench/scale/gui_project.sh):
// opening it as the window does (runs list and the run's Clusters view read off the GUI
// thread, then applied) and zooming the scatter of all its points in and out.
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QRandomGenerator>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <qcustomplot.h>
#include "AsyncService.h"
#include "BulkActions.h"
#include "BulkTarget.h"
#include "ClusterExplorer.h"
#include "FilterPreview.h"
#include "JobFactory.h"
#include "JobRunner.h"
#include "JobsPanel.h"
#include "OutlierBrowser.h"
#include "OutlierTableModel.h"
#include "ProjectQueries.h"
#include "RunViews.h"
#include "ScatterPlotView.h"
#include "ScoreHistogramView.h"
#include "SelectionExplorer.h"
#include "StallProbe.h"
#include "SyntheticProject.h"

namespace {

std::string loadAverage() {
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly)) return "?";
    return f.readLine().split(' ').mid(0, 3).join(' ').toStdString();
}

// A view at the window's size, shown and exposed.
void showAsInTheWindow(QWidget& view) {
    view.resize(1400, 900);
    view.show();
    (void)QTest::qWaitForWindowExposed(&view);
}

void report(const char* scenario, const StallProbe& probe, const QString& note) {
    const auto worst = probe.longest();
    std::printf(
        "%-10s max stall %7.1f ms (busy %.1f, queued %.1f, blocked %.1f)   p99 %6.1f ms   max busy %6.1f ms   max "
        "blocked %6.1f ms"
        "   ticks %6zu   load %s   %s\n",
        scenario, worst.ms, worst.busyMs, worst.queuedMs, worst.blockedMs(), probe.percentileMs(0.99),
        probe.maxBusyMs(), probe.maxBlockedMs(), probe.ticks(), loadAverage().c_str(), qPrintable(note));
    std::fflush(stdout);
}

// Runs `step` every 16 ms (a mouse moving at 60 Hz) for `ms`, with the probe running.
void drive(int ms, const std::function<void(int)>& step) {
    QElapsedTimer clock;
    clock.start();
    int i = 0;
    while (clock.elapsed() < ms) {
        step(i++);
        QTest::qWait(16);
    }
}

void benchThreshold(const QString& project, qint64 runId) {
    QElapsedTimer t;
    t.start();
    auto data = readSelectionView(project, runId);  // off the GUI thread in the app (AsyncService)
    if (!data) return std::printf("threshold: %s\n", data.error().message.c_str()), void();
    const qint64 readMs = t.elapsed();
    AsyncService async;
    SelectionExplorer view(async);
    view.setProject(project);
    showAsInTheWindow(view);
    StallProbe probe;
    probe.start();
    t.restart();
    view.setRun(*data);  // sorts the scores on the GUI thread: measured separately below
    const qint64 setRunMs = t.elapsed();
    QTest::qWait(300);
    probe.stop();
    report("load", probe,
           QStringLiteral("setRun of %1 scores took %2 ms on the GUI thread (read off-thread: %3 ms)")
               .arg(data->scores.size())
               .arg(setRunMs)
               .arg(readMs));
    auto* h = view.histogram();
    const double lo = h->ranking().minScore(), hi = h->ranking().maxScore();
    probe.start();
    // Drag across the whole score range and back: ~190 threshold steps, each moving the cut by
    // thousands to hundreds of thousands of sentences.
    drive(3000, [&](int i) {
        const double phase = std::abs(std::fmod(i / 90.0, 2.0) - 1.0);
        h->setThreshold(lo + (hi - lo) * (0.05 + 0.9 * phase));
    });
    QTest::qWait(200);
    probe.stop();
    report("threshold", probe,
           QStringLiteral("%1 scores, 60 Hz drag for 3 s, borderline texts read off-thread").arg(data->scores.size()));
}

// Bulk Include / Exclude (BulkActions::decide) at the size of the run: the sentence ids are
// split and the undo step (each id's decision before, the decisions after) built off the GUI
// thread, then pushed and applied on it; the write goes to the project on the "decisions"
// channel. Measured: exclude then include every sentence of the run, undo, redo (undo steps
// of N ids), each from the call until its write is in the project.
void benchDecide(const QString& project, qint64 runId) {
    auto data = readSelectionView(project, runId);  // off the GUI thread in the app (AsyncService)
    if (!data) return std::printf("decide: %s\n", data.error().message.c_str()), void();
    AsyncService async;
    SelectionExplorer view(async);
    view.setProject(project);
    showAsInTheWindow(view);
    view.setRun(*data);
    QTest::qWait(500);
    const QVector<qint64> ids = data->ids;
    QSignalSpy saved(&view, &SelectionExplorer::decisionsSaved);
    StallProbe probe;
    QElapsedTimer t;
    QString steps;
    auto step = [&](const char* what, const std::function<void()>& act) {
        const qsizetype before = saved.count();
        probe.start();
        t.start();
        act();
        const qint64 guiMs = t.elapsed();
        (void)QTest::qWaitFor([&] { return saved.count() > before; }, 600000);
        const qint64 savedMs = t.elapsed();
        QTest::qWait(200);
        probe.stop();
        report(what, probe,
               QStringLiteral("%1 ids: the call %2 ms on the GUI thread, written %3 ms")
                   .arg(ids.size())
                   .arg(guiMs)
                   .arg(savedMs));
    };
    // Through BulkActions, as the Include / Exclude menus: the ids split and the undo step built
    // off the GUI thread, then pushed. Exclude first (a rerun finds the last run's inclusions).
    BulkActions bulk(async, &view, &view);
    bulk.setProject(project);
    const BulkTarget all = BulkTarget::these(QStringLiteral("every sentence"), ids);
    step("exclude", [&] { bulk.decide(all, false); });
    step("include", [&] { bulk.decide(all, true); });
    step("undo", [&] { view.undoStack()->undo(); });
    step("redo", [&] { view.undoStack()->redo(); });
}

void benchOutliers(const QString& project, qint64 runId) {
    AsyncService async;
    OutlierBrowser view(async);
    showAsInTheWindow(view);
    auto* table = view.findChild<QTableView*>();
    StallProbe probe;
    probe.start();
    QElapsedTimer t;
    t.start();
    QString error;
    if (!view.showRun(project, runId, &error)) return std::printf("outliers: %s\n", qPrintable(error)), void();
    QSignalSpy counted(view.model(), &OutlierTableModel::countChanged);
    (void)counted.wait(120000);
    const qint64 firstMs = t.elapsed();
    // Everything, not only outliers: 1.5M rows to page through.
    view.filterPair(QString(), QString());
    (void)counted.wait(120000);
    const qint64 allMs = t.elapsed() - firstMs;
    QRandomGenerator rng(1);
    drive(3000, [&](int) {
        table->verticalScrollBar()->setValue(int(rng.bounded(table->verticalScrollBar()->maximum() + 1)));
    });
    QTest::qWait(500);
    probe.stop();
    report(
        "outliers", probe,
        QStringLiteral("%1 rows; first snapshot %2 ms, all rows %3 ms (off-thread); random page jumps at 60 Hz for 3 s")
            .arg(view.model()->rowCount())
            .arg(firstMs)
            .arg(allMs));
}

// Open PROJECT and show RUN's map as MainWindow does (AsyncService reads, applied on the GUI
// thread), then zoom the scatter in and out at 60 Hz for 3 s.
// prepareOnGui: build the scatter's index on the GUI thread as setRun did before the map
// was prepared with the read (the "before" of bench/gui/RESULTS.md); else as MainWindow does.
void benchMap(const QString& project, qint64 runId, const QString& screenshot, bool prepareOnGui) {
    AsyncService async;
    ClusterExplorer view(async);
    view.setProject(project);
    showAsInTheWindow(view);
    QObject window;  // owns the channels MainWindow owns in the app
    StallProbe probe;
    probe.start();
    QElapsedTimer t;
    t.start();
    qint64 runsMs = -1, readMs = -1, setRunMs = -1, points = 0;
    QString error;
    async.load<QList<RunRow>>(
        &window, QStringLiteral("runs"), [project] { return readRuns(project); },
        [&](QList<RunRow>) { runsMs = t.elapsed(); }, [&](const QString& m) { error = m; });
    async.load<ClusterViewData>(
        &window, QStringLiteral("cluster"),
        [project, runId, prepareOnGui] {
            auto d = readClusterView(project, runId);
            if (d && !prepareOnGui) ClusterExplorer::prepareMap(*d);
            return d;
        },
        [&](ClusterViewData d) {
            readMs = t.elapsed();
            points = d.scatter.x.size();
            QElapsedTimer s;
            s.start();
            if (prepareOnGui) ClusterExplorer::prepareMap(d);
            view.setRun(std::move(d));
            setRunMs = s.elapsed();
        },
        [&](const QString& m) { error = m; });
    (void)QTest::qWaitFor([&] { return setRunMs >= 0 || !error.isEmpty(); }, 600000);
    QTest::qWait(1000);  // the first density image is painted
    probe.stop();
    if (!error.isEmpty()) return std::printf("map: %s\n", qPrintable(error)), void();
    if (!screenshot.isEmpty()) view.grab().save(screenshot);
    report(prepareOnGui ? "map-open (index built on the GUI thread)" : "map-open", probe,
           QStringLiteral("%1 points; runs list %2 ms, view read %3 ms (off-thread%4), setRun %5 ms on the GUI thread")
               .arg(points)
               .arg(runsMs)
               .arg(readMs)
               .arg(prepareOnGui ? QString() : QStringLiteral(", with the map's index"))
               .arg(setRunMs));
    auto* scatter = view.scatter();
    scatter->resetView();
    QElapsedTimer paint;
    paint.start();
    scatter->replotNow();  // what is left of a map's arrival on the GUI thread: drawing it
    std::printf("map-paint  one redraw of the whole map: %lld ms on the GUI thread (%s)\n", (long long)paint.elapsed(),
                qPrintable(scatter->drawnDescription()));
    QTest::qWait(200);
    const QRectF all = scatter->viewRange();
    probe.start();
    drive(3000, [&](int i) {  // zoom towards the centre to 1/50 of the extent and back out
        const double phase = std::abs(std::fmod(i / 90.0, 2.0) - 1.0), f = std::pow(50.0, -phase);
        const QPointF c = all.center();
        scatter->setViewRange(
            QRectF(c.x() - all.width() * f / 2, c.y() - all.height() * f / 2, all.width() * f, all.height() * f));
        scatter->plot()->replot(QCustomPlot::rpQueuedReplot);  // as the wheel does (setViewRange alone draws nothing)
    });
    QTest::qWait(300);
    probe.stop();
    report("map-zoom", probe, QStringLiteral("%1 points, zoom 1x..50x and back at 60 Hz for 3 s").arg(points));
}

// A map of `n` synthetic points in 8 clusters, made in memory (no project) and prepared as the
// window prepares a read map (off the GUI thread here too: not measured).
ClusterViewData syntheticMap(qint64 n) {
    ClusterViewData d;
    d.runId = 1;
    d.title = QStringLiteral("synthetic map of %1 points").arg(n);
    d.labelled = true;
    QRandomGenerator rng(11);
    constexpr int k = 8;
    for (int c = 0; c < k; ++c) {
        d.domainNames << QStringLiteral("d%1").arg(c);
        d.clusterNames << QStringLiteral("c%1").arg(c);
        d.majority << c;
    }
    d.scatter.categoryNames = d.domainNames;
    for (qint64 i = 0; i < n; ++i) {
        const int c = int(i % k);
        d.scatter.x << c * 3 + rng.generateDouble() * 2;
        d.scatter.y << (c % 3) * 3 + rng.generateDouble() * 2;
        d.scatter.category << c;
        d.scatter.ids << 1 + i;
        d.clusterLabels << c;
    }
    ClusterExplorer::prepareMap(d);
    return d;
}

// The Filter Preview (issue #25) on a map of `n` points: ClusterExplorer::showPreview with every
// 7th sentence removed, from the call until the preview is drawn (previewShown), 3 times.
void benchPreview(qint64 n) {
    AsyncService async;
    ClusterExplorer view(async);
    showAsInTheWindow(view);
    view.setRun(syntheticMap(n));
    QTest::qWait(1000);  // the first density image is painted
    FilterPreview preview;
    preview.kind = QStringLiteral("near-dup");
    preview.corpus = QStringLiteral("pool");
    preview.sentences = n;
    for (qint64 id = 1; id <= n; id += 7) preview.removedIds << id;
    preview.removed = preview.removedIds.size();
    preview.kept = n - preview.removed;
    QSignalSpy shown(&view, &ClusterExplorer::previewShown);
    StallProbe probe;
    QElapsedTimer t;
    probe.start();
    qint64 drawnMs = 0;
    for (int i = 0; i < 3; ++i) {
        t.start();
        const qsizetype before = shown.count();
        view.showPreview(preview);
        (void)QTest::qWaitFor([&] { return shown.count() > before; }, 60000);
        drawnMs = std::max<qint64>(drawnMs, t.elapsed());
        QTest::qWait(300);  // the recoloured map is painted
        view.discardPreview();
        QTest::qWait(300);
    }
    probe.stop();
    // The work that left the GUI thread: the flags per point (as showPreview computed them before).
    t.start();
    const auto flags = previewFlags(view.scatter()->data().ids, preview.removedIds, dl::CancelToken());
    const qint64 flagsMs = t.elapsed();
    report("preview", probe,
           QStringLiteral("%1 points, %2 removed (%3 flagged); showPreview until drawn: up to %4 ms; 3 previews, each "
                          "discarded; the flags alone %5 ms (off the GUI thread)")
               .arg(n)
               .arg(preview.removed)
               .arg(flags ? flags->flagged : -1)
               .arg(drawnMs)
               .arg(flagsMs));
}

// The jobs panel follows the runner, as in the window.
void feedPanel(JobRunner& runner, JobsPanel& panel) {
    QObject::connect(&runner, &JobRunner::jobStarted, &panel, &JobsPanel::onJobStarted);
    QObject::connect(&runner, &JobRunner::jobStage, &panel, &JobsPanel::onJobStage);
    QObject::connect(&runner, &JobRunner::jobProgress, &panel, &JobsPanel::onJobProgress);
    QObject::connect(&runner, &JobRunner::jobMessage, &panel, &JobsPanel::onJobMessage);
    QObject::connect(&runner, &JobRunner::jobFinished, &panel, &JobsPanel::onJobFinished);
}

void benchEncode(const QString& project, const QString& model, int seconds, int threads) {
    JobRunner runner;
    JobsPanel panel;
    feedPanel(runner, panel);
    panel.resize(800, 200);
    panel.show();
    // A view with data next to it, as in the window.
    AsyncService async;
    SelectionExplorer other(async);
    other.resize(1200, 700);
    other.show();
    EncodeRequest request;
    request.values = {{QStringLiteral("corpus"), QStringLiteral("pool")},
                      {QStringLiteral("model"), model},
                      {QStringLiteral("threads"), threads}};  // 0 = all cores, the app's default setting
    QSignalSpy progress(&runner, &JobRunner::jobProgress);
    QSignalSpy finished(&runner, &JobRunner::jobFinished);
    StallProbe probe;
    probe.start();
    runner.submit(QStringLiteral("Encode pool"), makeEncodeJob(project, request, std::make_shared<JobOutcome>()));
    QTest::qWait(seconds * 1000);
    probe.stop();
    const qint64 done = progress.isEmpty() ? 0 : progress.last().at(1).toLongLong();
    const qint64 total = progress.isEmpty() ? 0 : progress.last().at(2).toLongLong();
    report("encode", probe,
           QStringLiteral("%1 s of encoding %2 of %3 sentences (%4 progress signals), model %5, %6 threads")
               .arg(seconds)
               .arg(done)
               .arg(total)
               .arg(progress.size())
               .arg(QFileInfo(model).fileName())
               .arg(threads == 0 ? QStringLiteral("all") : QString::number(threads)));
    runner.cancelAll();
    (void)finished.wait(60000);
}

// The GUI's progressive map (MainWindow::startExplore) on an existing project: explore CORPUS
// with MODEL on the worker, the first map read off the GUI thread and shown when the observer
// reports it, the map read again with each chunk (ClusterExplorer::followRun), a status label
// set per chunk, the jobs panel fed. Two stalls: the whole job, and
// from the first map on (the chunks arriving, then the full refit and its map opening).
void benchExplore(const QString& project, const QString& corpus, const QString& model, qint64 sample, qint64 chunk,
                  bool stopAtRefit, const QString& layer) {
    JobRunner runner;
    JobsPanel panel;
    feedPanel(runner, panel);
    panel.resize(800, 60);
    panel.show();
    AsyncService async;
    ClusterExplorer view(async);
    view.setProject(project);
    view.resize(1400, 800);
    view.show();
    (void)QTest::qWaitForWindowExposed(&view);
    QLabel status;
    status.show();
    QObject window;
    auto showRun = [&](qint64 run) {
        async.load<ClusterViewData>(
            &window, QStringLiteral("cluster"),
            [project, run](const dl::CancelToken& cancel) {
                auto d = readClusterView(project, run, cancel);
                if (d && !cancel.isCancelled()) ClusterExplorer::prepareMap(*d);
                return d;
            },
            [&](ClusterViewData d) { view.setRun(std::move(d)); }, [&](const QString& m) { status.setText(m); });
    };
    StallProbe whole, chunks;
    QElapsedTimer t;
    double firstMapS = -1;
    int chunkSignals = 0, redrawn = 0;
    qint64 firstRun = 0, mostPoints = 0;
    QObject::connect(&view, &ClusterExplorer::runShown, &window, [&] {
        ++redrawn;
        mostPoints = std::max<qint64>(mostPoints, view.scatter()->data().x.size());
    });
    dl::ExploreObserver observer;
    observer.firstMap = [&](const dl::ExploreResult& r) {
        QMetaObject::invokeMethod(
            &window,
            [&, run = qint64(r.firstMapRun)] {
                firstMapS = t.elapsed() / 1000.0;
                firstRun = run;
                chunks.start();
                showRun(run);
            },
            Qt::QueuedConnection);
    };
    observer.assigned = [&](std::int64_t assignRun, std::int64_t done, std::int64_t total) {
        QMetaObject::invokeMethod(
            &window,
            [&, run = qint64(assignRun), done = qint64(done), total = qint64(total)] {
                ++chunkSignals;
                view.followRun(run, firstRun);  // the map grows with the chunk (as MainWindow)
                if (stopAtRefit && done == total) {  // the stall while chunks arrive only: no refit
                    QSignalSpy last(&view, &ClusterExplorer::runShown);
                    (void)last.wait(120000);  // the last chunk's map drawn
                    runner.cancelCurrent();
                }
                status.setText(QStringLiteral("encoding the rest %1 %").arg(100 * done / qMax<qint64>(1, total)));
            },
            Qt::QueuedConnection);
    };
    ExploreRequest request;
    request.values = {{QStringLiteral("corpus"), corpus},
                      {QStringLiteral("model"), model},
                      {QStringLiteral("sample"), sample},
                      {QStringLiteral("chunk"), chunk}};
    if (!layer.isEmpty()) request.values.insert(QStringLiteral("layer"), layer.toInt());
    auto outcome = std::make_shared<JobOutcome>();
    QSignalSpy finished(&runner, &JobRunner::jobFinished);
    whole.start();
    t.start();
    runner.submit(QStringLiteral("Explore"), makeExploreJob(project, request, outcome, observer));
    (void)finished.wait(3600 * 1000);
    const double totalS = t.elapsed() / 1000.0;
    if (outcome->runId > 0) showRun(outcome->runId);
    QTest::qWait(2000);  // the full map opens
    whole.stop();
    chunks.stop();
    const QString note = QStringLiteral(
                             "first map %1 s, job %2 s, %3 chunk signals, %8 maps drawn (up to %9 points), "
                             "model %4, sample %5, chunk %6: %7")
                             .arg(firstMapS, 0, 'f', 1)
                             .arg(totalS, 0, 'f', 1)
                             .arg(chunkSignals)
                             .arg(QFileInfo(model).fileName())
                             .arg(sample)
                             .arg(chunk)
                             .arg(outcome->summary)
                             .arg(redrawn)
                             .arg(mostPoints);
    report("explore", whole, note);
    report("explore-chunks", chunks, QStringLiteral("from the first map on"));
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QCommandLineParser cli;
    cli.addPositionalArgument(QStringLiteral("project"), QStringLiteral("project file (created when missing)"));
    cli.addOption({QStringLiteral("sentences"), QStringLiteral("sentences of a new synthetic project"),
                   QStringLiteral("N"), QStringLiteral("1500000")});
    cli.addOption({QStringLiteral("model"), QStringLiteral("encoder model folder"), QStringLiteral("DIR")});
    cli.addOption({QStringLiteral("encode-seconds"), QStringLiteral("how long to measure the encode"),
                   QStringLiteral("S"), QStringLiteral("30")});
    cli.addOption({QStringLiteral("encode-threads"),
                   QStringLiteral("encoder threads (0 = all cores, the app's default)"), QStringLiteral("T"),
                   QStringLiteral("0")});
    cli.addOption({QStringLiteral("only"), QStringLiteral("one scenario"), QStringLiteral("NAME")});
    cli.addOption({QStringLiteral("screenshot"), QStringLiteral("with --map-run: save the Clusters view once opened"),
                   QStringLiteral("PNG")});
    cli.addOption({QStringLiteral("map-prepare-on-gui"),
                   QStringLiteral("with --map-run: build the map's index on the GUI thread (as before)")});
    cli.addOption({QStringLiteral("map-run"),
                   QStringLiteral("open the existing PROJECT and show this cluster or assign run's map"),
                   QStringLiteral("RUN")});
    cli.addOption({QStringLiteral("explore"),
                   QStringLiteral("explore this corpus of the existing PROJECT with --model (the progressive map)"),
                   QStringLiteral("CORPUS")});
    cli.addOption({QStringLiteral("explore-sample"), QStringLiteral("with --explore: the first map's sample"),
                   QStringLiteral("N"), QStringLiteral("10000")});
    cli.addOption({QStringLiteral("explore-layer"),
                   QStringLiteral("with --explore: the encoder layer (as encode's --layer; default: the job's)"),
                   QStringLiteral("L")});
    cli.addOption({QStringLiteral("explore-stop-at-refit"),
                   QStringLiteral("with --explore: cancel the job once the last chunk is drawn (no full refit)")});
    cli.addOption({QStringLiteral("explore-chunk"), QStringLiteral("with --explore: sentences per chunk"),
                   QStringLiteral("N"), QStringLiteral("20000")});
    cli.addOption({QStringLiteral("preview"),
                   QStringLiteral("the Filter Preview on a synthetic map of N points (PROJECT is not read)"),
                   QStringLiteral("N")});
    cli.addHelpOption();
    cli.process(app);
    if (cli.positionalArguments().size() != 1) cli.showHelp(2);
    const QString project = cli.positionalArguments().first();
    if (cli.isSet(QStringLiteral("map-run"))) {
        std::printf("project %s, run %s, load %s\n", qPrintable(project),
                    qPrintable(cli.value(QStringLiteral("map-run"))), loadAverage().c_str());
        benchMap(project, cli.value(QStringLiteral("map-run")).toLongLong(), cli.value(QStringLiteral("screenshot")),
                 cli.isSet(QStringLiteral("map-prepare-on-gui")));
        return 0;
    }
    if (cli.isSet(QStringLiteral("preview"))) {
        std::printf("preview on a synthetic map, load %s\n", loadAverage().c_str());
        benchPreview(cli.value(QStringLiteral("preview")).toLongLong());
        return 0;
    }
    if (cli.isSet(QStringLiteral("explore"))) {
        std::printf("project %s, explore %s, load %s\n", qPrintable(project),
                    qPrintable(cli.value(QStringLiteral("explore"))), loadAverage().c_str());
        benchExplore(project, cli.value(QStringLiteral("explore")), cli.value(QStringLiteral("model")),
                     cli.value(QStringLiteral("explore-sample")).toLongLong(),
                     cli.value(QStringLiteral("explore-chunk")).toLongLong(),
                     cli.isSet(QStringLiteral("explore-stop-at-refit")), cli.value(QStringLiteral("explore-layer")));
        return 0;
    }
    QTemporaryDir scratch;
    QElapsedTimer t;
    t.start();
    auto runs = makeSyntheticProject(project, cli.value(QStringLiteral("sentences")).toLongLong(), scratch.path());
    if (!runs) {
        std::fprintf(stderr, "%s\n", runs.error().message.c_str());
        return 1;
    }
    std::printf("project %s ready in %.1f s (cluster run %lld, selection run %lld)\n", qPrintable(project),
                t.elapsed() / 1000.0, runs->clusterRun, runs->selectRun);
    const QString only = cli.value(QStringLiteral("only"));
    if (only.isEmpty() || only == QLatin1String("threshold")) benchThreshold(project, runs->selectRun);
    if (only.isEmpty() || only == QLatin1String("outliers")) benchOutliers(project, runs->clusterRun);
    if (only.isEmpty() || only == QLatin1String("decide")) benchDecide(project, runs->selectRun);
    if ((only.isEmpty() || only == QLatin1String("encode")) && cli.isSet(QStringLiteral("model")))
        benchEncode(project, cli.value(QStringLiteral("model")), cli.value(QStringLiteral("encode-seconds")).toInt(),
                    cli.value(QStringLiteral("encode-threads")).toInt());
    return 0;
}
