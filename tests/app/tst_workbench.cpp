// End to end, offscreen: a project from a real corpus slice; encode (tiny real BERT fixture),
// cluster and select through the JobRunner exactly as the GUI does; the views' data and
// widgets; export, and the files on disk. The Mixture tab (issue #24 item 7): a kit read back,
// `mixture train` from the dialog's request on the JobRunner (cancelled, then resumed), the
// panel on its folder, and a malformed trainer's log named with its line.
#include <QtTest>

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QUndoStack>
#include <algorithm>
#include <cmath>
#include "AsyncService.h"
#include "BoundaryModel.h"
#include "BulkActions.h"
#include "CleaningChoices.h"
#include "CleaningPanel.h"
#include "CliProcess.h"
#include "ClusterDialog.h"
#include "ClusterExplorer.h"
#include "ConfusionMatrixModel.h"
#include "ConfusionMatrixView.h"
#include "DecisionWriter.h"
#include "ExportDialog.h"
#include "FilterPreview.h"
#include "FilterQueries.h"
#include "JobFactory.h"
#include "JobRunner.h"
#include "LambdaAreaView.h"
#include "MapValues.h"
#include "MixtureGroupsModel.h"
#include "MixtureJobDialog.h"
#include "MixturePanel.h"
#include "MixtureTrainDialog.h"
#include "MixtureViews.h"
#include "ParamFields.h"
#include "ProjectQueries.h"
#include "RemovalTableModel.h"
#include "RunViews.h"
#include "ScatterMarks.h"
#include "ScatterPlotView.h"
#include "ScoreHistogramView.h"
#include "SearchExplorer.h"
#include "SearchHitModel.h"
#include "SelectionExplorer.h"
#include "TagCommand.h"
#include "TestSupport.h"
#include "corpus/Import.h"
#include "mixture/MixtureKit.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "store/Tags.h"

class TestWorkbench : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString project_;

    // Runs one job through a JobRunner and waits for it; returns the outcome text.
    static QString run(JobRunner::Body body) {
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::jobFinished);
        runner.submit(QStringLiteral("job"), std::move(body));
        if (!finished.wait(120000) && finished.isEmpty()) return QStringLiteral("timeout");
        return finished.at(0).at(1).value<JobOutcomeKind>() == JobOutcomeKind::Succeeded
                   ? QString()
                   : finished.at(0).at(2).toString();
    }

    // Runs `body` on a JobRunner with Cancel pressed, as the Jobs panel's button does, when the
    // job reports `stage` (the call blocks until the GUI thread has pressed it, so the job sees
    // it at its next check); how the job ended.
    static JobOutcomeKind runCancelledAt(JobRunner::Body body, std::string stage) {
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::jobFinished);
        struct CancelAt final : dl::ProgressSink {
            JobRunner* runner = nullptr;
            dl::ProgressSink* inner = nullptr;
            std::string at;
            void stage(std::string_view name) override {
                inner->stage(name);
                if (name == at)
                    QMetaObject::invokeMethod(runner, &JobRunner::cancelCurrent, Qt::BlockingQueuedConnection);
            }
            void progress(std::int64_t done, std::int64_t total) override { inner->progress(done, total); }
        };
        runner.submit(QStringLiteral("job"),
                      [&runner, body, stage](dl::ProgressSink& progress, const dl::CancelToken& cancel) {
                          CancelAt sink;
                          sink.runner = &runner;
                          sink.inner = &progress;
                          sink.at = stage;
                          return body(sink, cancel);
                      });
        if (!finished.wait(120000) && finished.isEmpty()) return JobOutcomeKind::Failed;
        return finished.at(0).at(1).value<JobOutcomeKind>();
    }

    // Imports lines [from, to) of each domain's held-out English file as corpus `name`.
    void importSlice(const QString& name, std::initializer_list<const char*> domains, int from, int to) {
        auto store = dl::Store::open(project_.toStdString()).value();
        dl::NullProgress np;
        dl::CancelToken ct;
        for (const char* d : domains) {
            QFile f(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/%1.en").arg(QLatin1String(d))));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const auto lines = f.readAll().split('\n');
            QByteArray text;
            for (int i = from; i < to; ++i) text += lines[i] + "\n";
            dl::ImportParams p;
            p.srcPath = dltest::writeFile(dir_, QStringLiteral("%1-%2.en").arg(name, QLatin1String(d)), text);
            p.labelSource = dl::LabelSource::Given;
            p.domain = d;
            p.corpus = name.toStdString();
            p.dedupe = false;
            dl::runImport(p, *store, np, ct).value();
        }
    }

    // A corpus with planted duplicates: 40 lines of two domains (held-out split), then 15 of the
    // medical lines again.
    void importDuplicates(const QString& name) {
        importSlice(name, {"medical", "law"}, 400, 440);
        importSlice(name, {"medical"}, 410, 425);
    }

    // importDuplicates(corpus), encoded with the test model, clustered (k 2) and filtered
    // (near-dup) through the GUI's jobs; the runs' ids (0 where a job failed).
    void mapAndFilter(const QString& corpus, qint64& clusterRun, qint64& filterRun) {
        importDuplicates(corpus);
        auto outcome = std::make_shared<JobOutcome>();
        EncodeRequest e;
        e.values = {{QStringLiteral("corpus"), corpus},
                    {QStringLiteral("model"), dltest::testData(QStringLiteral("models/bert-tiny"))}};
        QString error = run(makeEncodeJob(project_, e, outcome));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        ClusterRequest c;
        c.values = {{QStringLiteral("corpus"), corpus},
                    {QStringLiteral("k"), 2},
                    {QStringLiteral("pca"), 8},
                    {QStringLiteral("seeds"), 1}};
        error = run(makeClusterJob(project_, c, outcome));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        clusterRun = outcome->runId;
        error = run(makeFilterJob(project_, nearDupRequest(corpus), outcome));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        filterRun = outcome->runId;
    }

    static FilterRequest nearDupRequest(const QString& corpus) {
        FilterRequest r;
        r.values = {{QStringLiteral("corpus"), corpus}, {QStringLiteral("kind"), QStringLiteral("near-dup")}};
        return r;
    }

    // What the explore dialog asks for, with the test model: a 90-row first map, chunks of 100.
    static ExploreRequest exploreRequest(const QString& corpus, int stage = 0) {
        ExploreRequest r;
        r.values = {{QStringLiteral("corpus"), corpus},
                    {QStringLiteral("model"), dltest::testData(QStringLiteral("models/bert-tiny"))},
                    {QStringLiteral("sample"), 90},
                    {QStringLiteral("stage"), stage},
                    {QStringLiteral("chunk"), 100},
                    {QStringLiteral("k"), 3},
                    {QStringLiteral("pca"), 8},
                    {QStringLiteral("seeds"), 1}};
        return r;
    }

private slots:
    void initTestCase() {
        DLTEST_REQUIRE_SHARED_DATA();
        project_ = dir_.filePath(QStringLiteral("demo.dlproj"));
        auto store = dl::Store::create(project_.toStdString()).value();
        dl::NullProgress np;
        dl::CancelToken ct;
        for (const char* d : {"medical", "law", "koran"}) {
            // 120 lines of each domain (test split) as the corpus, 40 more as seeds.
            QFile f(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/%1.en").arg(QLatin1String(d))));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const auto lines = f.readAll().split('\n');
            QByteArray corpus, seeds;
            for (int i = 0; i < 120; ++i) corpus += lines[i] + "\n";
            for (int i = 120; i < 160; ++i) seeds += lines[i] + "\n";
            for (auto [name, text] : {std::pair{"demo", corpus}, std::pair{"seeds", seeds}}) {
                dl::ImportParams p;
                p.srcPath = dltest::writeFile(
                    dir_, QStringLiteral("%1-%2.en").arg(QLatin1String(name), QLatin1String(d)), text);
                p.labelSource = dl::LabelSource::Given;
                p.domain = d;
                p.corpus = name;
                dl::runImport(p, *store, np, ct).value();
            }
        }
    }

    void encodeClusterSelectExport() {
        const QString model = dltest::testData(QStringLiteral("models/bert-tiny"));
        auto outcome = std::make_shared<JobOutcome>();
        for (const char* corpus : {"demo", "seeds"}) {
            EncodeRequest e;
            e.values = {{QStringLiteral("corpus"), QString::fromLatin1(corpus)}, {QStringLiteral("model"), model}};
            const QString error = run(makeEncodeJob(project_, e, outcome));
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        auto summaries = readCorpusSummaries(project_).value();
        for (const auto& c : summaries) QCOMPARE(c.encoded, c.sentences);

        ClusterRequest c;
        c.values = {{QStringLiteral("corpus"), QStringLiteral("demo")},
                    {QStringLiteral("k"), 3},
                    {QStringLiteral("pca"), 10},
                    {QStringLiteral("seeds"), 2}};
        QString error = run(makeClusterJob(project_, c, outcome));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(outcome->runId > 0);
        QVERIFY(outcome->summary.contains(QStringLiteral("purity")));
        auto view = readClusterView(project_, outcome->runId);
        QVERIFY2(view.has_value(), view ? "" : view.error().message.c_str());
        QCOMPARE(view->scatter.x.size(), qsizetype(view->scatter.ids.size()));
        const qint64 n = view->scatter.x.size();
        QVERIFY(n >= 350);  // 360 minus duplicates dropped on import
        QCOMPARE(view->ellipses.size(), 3);
        QCOMPARE(view->domainNames, (QStringList{"koran", "law", "medical"}));
        qint64 total = 0;
        for (const auto& row : view->confusion.counts)
            for (auto v : row) total += v;
        QCOMPARE(total, n);  // every sentence in exactly one confusion cell

        AsyncService async;
        ClusterExplorer explorer(async);
        explorer.setProject(project_);
        explorer.setRun(*view);
        explorer.resize(1200, 700);
        explorer.show();
        QVERIFY(QTest::qWaitForWindowExposed(&explorer));
        explorer.scatter()->replotNow();
        QCOMPARE(explorer.scatter()->visibleCount(), n);
        QCOMPARE(explorer.confusion()->model()->rowCount(), 3);
        QSignalSpy cell(&explorer, &ClusterExplorer::cellActivated);
        emit explorer.confusion()->cellActivated(1, 2);
        QCOMPARE(cell.count(), 1);
        QCOMPARE(cell.at(0).at(0).toString(), QStringLiteral("law"));

        // Compare with a second clustering of the same corpus (k = 2): every sentence in one cell.
        const qint64 firstRun = outcome->runId;
        c.values[QStringLiteral("k")] = 2;
        error = run(makeClusterJob(project_, c, outcome));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        auto comparison = compareClusterRuns(project_, firstRun, outcome->runId);
        QVERIFY(comparison.has_value());
        QCOMPARE(comparison->confusion.counts.size(), 3);
        QCOMPARE(comparison->confusion.counts[0].size(), 2);
        qint64 compared = 0;
        for (const auto& row : comparison->confusion.counts)
            for (auto v : row) compared += v;
        QCOMPARE(compared, n);
        QVERIFY(comparison->metrics.contains(QStringLiteral("NMI")));

        SelectRequest s;
        s.values = {{QStringLiteral("method"), QStringLiteral("cosine")},
                    {QStringLiteral("pool"), QStringLiteral("demo")},
                    {QStringLiteral("seed"), QStringLiteral("seeds:medical")},
                    {QStringLiteral("top"), 120}};
        error = run(makeSelectJob(project_, s, outcome));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        auto sel = readSelectionView(project_, outcome->runId).value();
        QCOMPARE(sel.scores.size(), qsizetype(n));
        QCOMPARE(sel.storedCut, qint64(120));
        QCOMPARE(sel.inDomain, QStringLiteral("medical"));
        SelectionExplorer panel(async);
        panel.setProject(project_);
        panel.setRun(sel);
        QCOMPARE(panel.histogram()->topK(), qint64(120));
        // The borderline texts arrive from one batched read off the GUI thread.
        QSignalSpy texts(&panel, &SelectionExplorer::borderlineTextsShown);
        QVERIFY(texts.count() > 0 || texts.wait(20000));
        QVERIFY(!panel.borderline()->item(0, 3)->text().isEmpty());
        QVERIFY(panel.borderline()->item(0, 3)->text() != QStringLiteral("…"));
        // A manual decision applies at once, is written off the GUI thread, and undoes.
        const qint64 someId = sel.ids.first(), otherId = sel.ids.last();
        QSignalSpy saved(&panel, &SelectionExplorer::decisionsSaved);
        panel.decide({someId, otherId}, false);
        QCOMPARE(panel.decision(someId), std::optional<bool>(false));
        QVERIFY(saved.wait(20000));
        auto stored = readSelectionView(project_, sel.runId).value().decisions;
        QCOMPARE(stored.value(someId, true), false);
        QCOMPARE(stored.value(otherId, true), false);
        panel.decide({someId}, true);
        QVERIFY(saved.wait(20000));
        QCOMPARE(readSelectionView(project_, sel.runId).value().decisions.value(someId, false), true);
        panel.undoStack()->undo();  // back to excluded
        QCOMPARE(panel.decision(someId), std::optional<bool>(false));
        panel.undoStack()->undo();  // back to no decision
        QVERIFY(!panel.decision(someId).has_value());
        QVERIFY(saved.wait(20000));
        QTRY_COMPARE(panel.writer()->pending(), 0);
        QVERIFY(readSelectionView(project_, sel.runId).value().decisions.isEmpty());
        panel.undoStack()->redo();
        QTRY_COMPARE(panel.writer()->pending(), 0);
        QCOMPARE(readSelectionView(project_, sel.runId).value().decisions.size(), 2);
        panel.undoStack()->undo();
        QTRY_COMPARE(panel.writer()->pending(), 0);
        // A step built off the GUI thread (Bulk Include/Exclude) from a snapshot of the decisions
        // that another step changed meanwhile is built again: its undo restores what was there
        // when it was pushed, not the stale snapshot.
        {
            const quint64 version = panel.decisionsVersion();
            auto step = SelectionExplorer::buildDecisionStep(panel.decisions(), version, {someId, otherId}, true);
            QCOMPARE(step.result.size(), 2);
            QCOMPARE(step.before.value(someId), std::optional<bool>());
            panel.decide({someId}, false);  // comes first
            QVERIFY(panel.decisionsVersion() != version);
            const int index = panel.undoStack()->index();
            panel.decide(std::move(step));
            QCOMPARE(panel.undoStack()->index(), index + 1);
            QCOMPARE(panel.decision(someId), std::optional<bool>(true));
            QCOMPARE(panel.decision(otherId), std::optional<bool>(true));
            panel.undoStack()->undo();
            QCOMPARE(panel.decision(someId), std::optional<bool>(false));  // not the snapshot's "none"
            QVERIFY(!panel.decision(otherId).has_value());
            panel.undoStack()->undo();
            QVERIFY(panel.decisions().isEmpty());
            // Redo and undo again (each swaps the decisions it recorded in when nothing changed
            // them since, else applies the ids): the same states in both directions.
            panel.undoStack()->redo();
            QCOMPARE(panel.decisions(), (QHash<qint64, bool>{{someId, false}}));
            panel.undoStack()->redo();
            QCOMPARE(panel.decisions(), (QHash<qint64, bool>{{someId, true}, {otherId, true}}));
            QTRY_COMPARE(panel.writer()->pending(), 0);
            QCOMPARE(readSelectionView(project_, sel.runId).value().decisions, panel.decisions());
            panel.undoStack()->undo();
            QCOMPARE(panel.decisions(), (QHash<qint64, bool>{{someId, false}}));
            panel.undoStack()->undo();
            QVERIFY(panel.decisions().isEmpty());
            QTRY_COMPARE(panel.writer()->pending(), 0);
            QVERIFY(readSelectionView(project_, sel.runId).value().decisions.isEmpty());
        }

        ExportRequest x;
        const QString prefix = dir_.filePath(QStringLiteral("medical-selected"));
        x.values = {{QStringLiteral("out"), prefix}, {QStringLiteral("top"), 50}, {QStringLiteral("scores"), true}};
        x.run = outcome->runId;
        error = run(makeExportJob(project_, x, outcome));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QFile en(prefix + QStringLiteral(".en"));
        QVERIFY(en.open(QIODevice::ReadOnly));
        QCOMPARE(en.readAll().count('\n'), 50);
        QVERIFY(QFile::exists(prefix + QStringLiteral(".scores")));
        QVERIFY(QFile::exists(prefix + QStringLiteral(".manifest.json")));

        // File > Share Map's job: the first cluster run's page, coloured by the selection too.
        const QString shared = dir_.filePath(QStringLiteral("shared"));
        error = run(makeShareJob(project_, firstRun, {sel.runId}, shared, outcome));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(outcome->runId, firstRun);
        QVERIFY(outcome->summary.contains(QStringLiteral("index.html")));
        QFile page(shared + QStringLiteral("/index.html"));
        QVERIFY(page.open(QIODevice::ReadOnly));
        QVERIFY(page.readAll().contains("score of selection run #" + QByteArray::number(sel.runId)));
    }

    // The GUI's progressive map (MainWindow::exploreCorpus): explore through the JobRunner with
    // the observer the window uses. The first map's cluster run is stored and readable (by the
    // view's own connection, as the Clusters view reads it) while the job still runs; the share
    // assigned grows to the whole corpus; the full map and the label agreement come at the end.
    void exploreShowsTheFirstMapBeforeTheEnd() {
        importSlice(QStringLiteral("explore"), {"it", "ted", "law"}, 0, 200);
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::jobFinished);
        QSignalSpy progress(&runner, &JobRunner::jobProgress);
        qint64 firstRun = 0, firstRows = 0, stageRows = 0, total = 0, viewPoints = -1;
        qint64 sampleRun = 0, samplePoints = -1;
        bool firstBeforeEnd = false, sampleBeforeEnd = false;
        QList<qint64> assigned;
        dl::ExploreObserver observer;
        observer.firstMap = [&](const dl::ExploreResult& r) {
            QMetaObject::invokeMethod(
                &runner,
                [&, run = qint64(r.firstMapRun), rows = qint64(r.sampleRows), stage = qint64(r.stageRows),
                 n = qint64(r.sentences)] {
                    firstRun = run;
                    firstRows = rows;
                    stageRows = stage;
                    total = n;
                    firstBeforeEnd = finished.isEmpty();
                    auto view = readClusterView(project_, run);
                    viewPoints = view ? view->scatter.x.size() : -1;
                },
                Qt::QueuedConnection);
        };
        observer.sampleMap = [&](const dl::ExploreResult& r) {
            QMetaObject::invokeMethod(
                &runner,
                [&, run = qint64(r.sampleMapRun)] {
                    sampleRun = run;
                    sampleBeforeEnd = finished.isEmpty() && firstRun > 0;
                    auto view = readClusterView(project_, run);
                    samplePoints = view ? view->scatter.x.size() : -1;
                },
                Qt::QueuedConnection);
        };
        observer.assigned = [&](std::int64_t, std::int64_t done, std::int64_t) {
            QMetaObject::invokeMethod(
                &runner, [&, done = qint64(done)] { assigned << done; }, Qt::QueuedConnection);
        };
        auto outcome = std::make_shared<JobOutcome>();
        runner.submit(QStringLiteral("explore"),
                      makeExploreJob(project_, exploreRequest(QStringLiteral("explore"), 50), outcome, observer));
        QVERIFY(finished.wait(180000));
        QCOMPARE(finished.at(0).at(1).value<JobOutcomeKind>(), JobOutcomeKind::Succeeded);
        QVERIFY(firstBeforeEnd);
        QVERIFY(firstRun > 0);
        QCOMPARE(firstRows, 90);
        QCOMPARE(stageRows, 45);  // the default stage: half the sample
        QCOMPARE(viewPoints, 45);  // the first map is the stage's run, drawn from the store
        QVERIFY(sampleBeforeEnd);  // then the sample's, which replaces it
        QVERIFY(sampleRun > firstRun);
        QCOMPARE(samplePoints, 90);
        QVERIFY(total > 500 && total <= 600);  // 200 lines of each of 3 domains (empty lines skipped)
        QList<qint64> chunks;                   // chunk 100: every step's end, up to the whole corpus
        for (qint64 end = 100; end < total + 100; end += 100) chunks << qMin(end, total);
        QCOMPARE(assigned, chunks);
        QVERIFY(!progress.isEmpty());
        QVERIFY(outcome->runId > sampleRun);  // the full map: a third cluster run, on every row
        QVERIFY2(outcome->summary.contains(QStringLiteral("agrees on")), qPrintable(outcome->summary));
        auto full = readClusterView(project_, outcome->runId);
        QVERIFY(full.has_value());
        QCOMPARE(full->scatter.x.size(), total);
        const auto corpora = readCorpusSummaries(project_).value();
        for (const auto& c : corpora)
            if (c.name == QLatin1String("explore")) QCOMPARE(c.encoded, c.sentences);
    }

    // Cancelled after the first chunk: the job says Cancelled, the project reads as before plus
    // what was stored (the first map, the chunk encoded and assigned: an assign run of its 100
    // rows, drawn as the Clusters view draws it; no full map), and the same request again
    // resumes: the same first map and assign run, the rest encoded, the full map stored.
    void exploreCancelLeavesAConsistentProject() {
        importSlice(QStringLiteral("paused"), {"qed", "subtitles", "medical"}, 200, 400);
        const qint64 runsBefore = readRuns(project_).value().size();
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::jobFinished);
        qint64 firstRun = 0;
        dl::ExploreObserver observer;
        observer.firstMap = [&](const dl::ExploreResult& r) { firstRun = r.firstMapRun; };
        observer.assigned = [&](std::int64_t, std::int64_t, std::int64_t) {
            // as the Cancel button: on the GUI thread; the worker waits for it, so the next step sees it
            QMetaObject::invokeMethod(&runner, &JobRunner::cancelCurrent, Qt::BlockingQueuedConnection);
        };
        runner.submit(QStringLiteral("explore"),
                      makeExploreJob(project_, exploreRequest(QStringLiteral("paused")), {}, observer));
        QVERIFY(finished.wait(180000));
        QCOMPARE(finished.at(0).at(1).value<JobOutcomeKind>(), JobOutcomeKind::Cancelled);
        QVERIFY(firstRun > 0);
        const auto runs = readRuns(project_).value();
        QCOMPARE(runs.size(), runsBefore + 2);  // the first map and the assign run of the first chunk
        QCOMPARE(runs[runs.size() - 2].id, firstRun);
        const qint64 growing = runs.last().id;
        QVERIFY(readClusterView(project_, firstRun).has_value());
        auto partial = readClusterView(project_, growing);
        QVERIFY2(partial.has_value(), partial ? "" : partial.error().message.c_str());
        QCOMPARE(partial->scatter.x.size(), 100);
        const auto before = readCorpusSummaries(project_).value();
        for (const auto& c : before)
            if (c.name == QLatin1String("paused")) {
                QCOMPARE(c.encoded, 100);  // the chunk the cancel came after, kept for the resume
                QVERIFY(c.encoded < c.sentences);
            }

        auto outcome = std::make_shared<JobOutcome>();
        qint64 resumedFirst = 0;
        dl::ExploreObserver again;
        again.firstMap = [&](const dl::ExploreResult& r) { resumedFirst = r.firstMapRun; };
        QVERIFY2(run(makeExploreJob(project_, exploreRequest(QStringLiteral("paused")), outcome, again)).isEmpty(),
                 qPrintable(outcome->summary));
        QCOMPARE(resumedFirst, firstRun);  // resumed: the stored first map, not a new one
        QVERIFY(outcome->runId > growing);
        const auto done = readClusterView(project_, growing);  // the same assign run, now whole
        QVERIFY(done.has_value());
        QCOMPARE(done->scatter.x.size(), readClusterView(project_, outcome->runId)->scatter.x.size());
        const auto after = readCorpusSummaries(project_).value();
        for (const auto& c : after)
            if (c.name == QLatin1String("paused")) QCOMPARE(c.encoded, c.sentences);
    }

    // Analysis > Filter Corpus through the JobRunner as the GUI runs it: the stages arrive, the
    // run opens in the Cleaning panel, whose ledger, paged from the project as the view asks,
    // holds exactly the removed sentences `report RUN` lists, each beside its kept twin; the rule
    // counts are the report's and the composition adds up to the corpus before and after.
    void filterJobAndItsLedger() {
        importDuplicates(QStringLiteral("dupes"));
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::jobFinished);
        QSignalSpy stages(&runner, &JobRunner::jobStage);
        auto outcome = std::make_shared<JobOutcome>();
        runner.submit(QStringLiteral("filter"),
                      makeFilterJob(project_, nearDupRequest(QStringLiteral("dupes")), outcome));
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.at(0).at(1).value<JobOutcomeKind>(), JobOutcomeKind::Succeeded);
        QStringList stageNames;
        for (const auto& s : stages) stageNames << s.at(1).toString();
        QVERIFY2(stageNames.contains(QStringLiteral("Reading the corpus")), qPrintable(stageNames.join(u',')));
        QVERIFY2(stageNames.contains(QStringLiteral("Storing the filter run")), qPrintable(stageNames.join(u',')));
        QVERIFY(outcome->runId > 0);
        QVERIFY2(outcome->summary.contains(QStringLiteral("removed")), qPrintable(outcome->summary));

        const auto cli =
            dltest::runCli({QStringLiteral("report"), project_, QString::number(outcome->runId),
                            QStringLiteral("--json"), QStringLiteral("--limit"), QStringLiteral("100000")});
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        const QJsonObject report = cli.json();
        const QJsonObject summary = report.value(QStringLiteral("summary")).toObject();
        const QJsonArray removed = report.value(QStringLiteral("removed")).toArray();
        QVERIFY(removed.size() >= 15);  // the planted copies at least
        QCOMPARE(qint64(removed.size()), summary.value(QStringLiteral("removed")).toInteger());

        auto view = readFilterView(project_, outcome->runId);
        QVERIFY2(view, view ? "" : view.error().message.c_str());
        QCOMPARE(view->kind, QStringLiteral("near-dup"));
        QCOMPARE(view->removed, qint64(removed.size()));
        QCOMPARE(view->sentences, summary.value(QStringLiteral("sentences")).toInteger());
        QCOMPARE(qint64(view->removedScores.size()), view->removed);
        QCOMPARE(view->threshold, 0.8);  // the job's default, as stored
        for (double score : view->removedScores) QVERIFY(score > 0 && score <= 1);  // Jaccard with the kept twin
        qint64 before = 0, after = 0;
        for (const auto& d : view->domains) before += d.before, after += d.after;
        QCOMPARE(before, view->sentences);
        QCOMPARE(after, view->kept);

        AsyncService async;
        CleaningPanel panel(async);
        panel.setPageSize(4);  // several pages for a few dozen removals
        QAbstractItemModelTester tester(panel.ledgerModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy pages(&panel, &CleaningPanel::pageShown);
        panel.setProject(project_);
        panel.setRun(*view);
        const QJsonArray rules = summary.value(QStringLiteral("rules")).toArray();
        QCOMPARE(panel.rulesTable()->rowCount(), rules.size());
        for (int i = 0; i < rules.size(); ++i) {
            const QJsonObject rule = rules.at(i).toObject();
            QCOMPARE(panel.rulesTable()->item(i, 0)->text(), rule.value(QStringLiteral("rule")).toString());
            QCOMPARE(panel.rulesTable()->item(i, 3)->data(Qt::UserRole).toLongLong(),
                     rule.value(QStringLiteral("removed")).toInteger());
            QCOMPARE(panel.rulesTable()->item(i, 4)->data(Qt::UserRole).toLongLong(),
                     rule.value(QStringLiteral("kept")).toInteger());
        }
        QCOMPARE(panel.histogram()->ranking().size(), view->removed);  // sorted with the read
        RemovalTableModel* ledger = panel.ledgerModel();
        QTRY_VERIFY_WITH_TIMEOUT(ledger->rowCount() >= 4, 20000);
        QCOMPARE(ledger->rowCount() % 4, 0);  // whole pages until the last
        // Scrolling down asks for the next page (so may the model tester); each adds rows.
        for (int pagesRead = 1; !ledger->atEnd(); ++pagesRead) {
            QVERIFY(pagesRead < 100);
            const int shown = ledger->rowCount();
            if (ledger->canFetchMore({})) ledger->fetchMore({});
            QTRY_VERIFY_WITH_TIMEOUT(ledger->rowCount() > shown || ledger->atEnd(), 20000);
        }
        QVERIFY(!pages.isEmpty());
        QVERIFY(ledger->atEnd());
        QCOMPARE(ledger->rowCount(), removed.size());
        for (int i = 0; i < removed.size(); ++i) {
            const QJsonObject r = removed.at(i).toObject();
            const RemovalEntry& e = ledger->entry(i);
            QCOMPARE(e.sentenceId, r.value(QStringLiteral("sentence")).toInteger());
            QCOMPARE(e.keptId, r.value(QStringLiteral("kept")).toInteger());
            QVERIFY(e.keptId > 0);  // a near-duplicate always has its kept twin
            QVERIFY(e.keptPosition < e.position);  // keep first
            QCOMPARE(ledger->index(i, RemovalTableModel::RuleColumn).data().toString(), QStringLiteral("near-dup"));
        }
        // On the map: 1 for a removed point, 0 for a kept one (its twin, a point of no run);
        // the filter's score on the removed ones only.
        QVector<qint64> ids;
        for (int i = 0; i < ledger->rowCount(); ++i) ids << ledger->entry(i).sentenceId << ledger->entry(i).keptId;
        ids << 999999;
        const MapValueSource removedSource{outcome->runId, MapValueSource::Field::Removed, {}, {}, {}};
        const auto flags = readMapValues(project_, removedSource, ids).value();
        const auto scores =
            readMapValues(project_, {outcome->runId, MapValueSource::Field::Score, {}, {}, {}}, ids).value();
        QCOMPARE(flags.size(), ids.size());
        for (int i = 0; i < ledger->rowCount(); ++i) {
            QCOMPARE(flags[2 * i], 1.0);
            QCOMPARE(flags[2 * i + 1], 0.0);
            QCOMPARE(scores[2 * i], ledger->entry(i).score);
            QVERIFY(std::isnan(scores[2 * i + 1]));
        }
        QCOMPARE(flags.last(), 0.0);
        // The planted copies sit beside the line they repeat.
        int exact = 0;
        for (int i = 0; i < ledger->rowCount(); ++i)
            if (ledger->entry(i).src == ledger->entry(i).keptSrc) ++exact;
        QVERIFY2(exact >= 15, qPrintable(QString::number(exact)));
    }

    // On the map of a clustering of the corpus: "Colour by" offers the filter run's removed
    // flag, which colours the points and links each removed duplicate to its kept twin.
    void filterOnTheMap() {
        qint64 clusterRun = 0, filterRun = 0;
        mapAndFilter(QStringLiteral("mapped"), clusterRun, filterRun);
        QVERIFY(clusterRun > 0 && filterRun > 0);
        const auto ledger = readRemovalPage(project_, filterRun, 0, 100000).value();
        QVERIFY(ledger.atEnd && ledger.rows.size() >= 15);

        auto view = readClusterView(project_, clusterRun).value();
        // The links read for the map: (row of the removed sentence, row of its twin), as the ledger says.
        const auto links = readFilterLinks(project_, filterRun, view.scatter.ids, 100000).value();
        QCOMPARE(links.size(), ledger.rows.size());
        for (qsizetype i = 0; i < links.size(); ++i) {
            QCOMPARE(view.scatter.ids[links[i].first], ledger.rows[i].sentenceId);
            QCOMPARE(view.scatter.ids[links[i].second], ledger.rows[i].keptId);
        }
        QCOMPARE(readFilterLinks(project_, filterRun, view.scatter.ids, 3).value().size(), 3);  // capped

        AsyncService async;
        ClusterExplorer explorer(async);
        explorer.resize(1000, 700);
        explorer.setProject(project_);
        QSignalSpy sources(&explorer, &ClusterExplorer::valueSourcesShown);
        explorer.setRun(std::move(view));
        QVERIFY(sources.wait(20000));
        const auto all = explorer.valueSources();
        const auto removed = std::find_if(all.begin(), all.end(), [&](const MapValueSource& v) {
            return v.runId == filterRun && v.field == MapValueSource::Field::Removed;
        });
        QVERIFY(removed != all.end());
        QSignalSpy linksShown(&explorer, &ClusterExplorer::linksShown);
        explorer.colourByValue(*removed);
        QVERIFY(linksShown.wait(20000));
        QCOMPARE(linksShown.at(0).at(0).toInt(), int(ledger.rows.size()));
        QCOMPARE(explorer.marks()->linkCount(), int(ledger.rows.size()));
        // the values arrive on their own channel, maybe after the links
        QTRY_COMPARE_WITH_TIMEOUT(explorer.scatter()->colorMode(), ScatterPlotView::ColorMode::Value, 20000);
        qint64 flagged = 0;
        for (double v : explorer.scatter()->data().value) flagged += v == 1.0;
        QCOMPARE(flagged, qint64(ledger.rows.size()));
        // Back to the clusters: the links go.
        explorer.colourBy()->setCurrentIndex(1);
        QCOMPARE(explorer.marks()->linkCount(), 0);
    }

    // Tags in bulk as the window pushes them on the Edit menu's undo stack: a filter run's
    // removals, then sentences picked on the map (some tagged already); undo takes off exactly
    // what each step added, redo puts it back; "Colour by" offers the tag, 1 on tagged points.
    void tagsInBulkAreUndoable() {
        qint64 clusterRun = 0, filterRun = 0;
        mapAndFilter(QStringLiteral("tagged"), clusterRun, filterRun);
        QVERIFY(clusterRun > 0 && filterRun > 0);
        std::vector<std::int64_t> removed;
        const auto page = readRemovalPage(project_, filterRun, 0, 100000).value();
        for (const auto& r : page.rows) removed.push_back(r.sentenceId);
        QVERIFY(removed.size() >= 15);
        auto tagged = [this](const char* tag) {
            auto store = dl::Store::open(project_.toStdString(), dl::OpenMode::ReadOnly).value();
            return dl::taggedSentences(*store, tag).value();
        };

        AsyncService async;
        QUndoStack stack;
        int written = 0;
        QStringList errors;
        auto done = [&](const QString& e) {
            ++written;
            if (!e.isEmpty()) errors << e;
        };
        stack.push(new TagCommand(async, this, project_, TagCommand::removedBy(filterRun), QStringLiteral("dup"),
                                  TagCommand::Action::Add, done));
        QTRY_COMPARE_WITH_TIMEOUT(written, 1, 20000);
        QCOMPARE(tagged("dup"), removed);
        // Picked: two removed sentences (tagged already) and three others.
        const auto view = readClusterView(project_, clusterRun).value();
        std::vector<std::int64_t> picked{removed[0], removed[1]};
        for (qint64 id : view.scatter.ids)
            if (picked.size() < 5 && std::find(removed.begin(), removed.end(), id) == removed.end())
                picked.push_back(id);
        stack.push(new TagCommand(async, this, project_, TagCommand::these(picked), QStringLiteral("dup"),
                                  TagCommand::Action::Add, done));
        QTRY_COMPARE_WITH_TIMEOUT(written, 2, 20000);
        std::vector<std::int64_t> both = removed;
        both.insert(both.end(), picked.begin() + 2, picked.end());
        std::sort(both.begin(), both.end());
        QCOMPARE(tagged("dup"), both);
        stack.undo();  // the picks: the two removed sentences keep the tag they had
        QTRY_COMPARE_WITH_TIMEOUT(written, 3, 20000);
        QCOMPARE(tagged("dup"), removed);
        stack.redo();
        QTRY_COMPARE_WITH_TIMEOUT(written, 4, 20000);
        QCOMPARE(tagged("dup"), both);
        stack.undo();
        stack.undo();  // both steps, queued one after the other
        QTRY_COMPARE_WITH_TIMEOUT(written, 6, 20000);
        QVERIFY(tagged("dup").empty());
        stack.redo();
        QTRY_COMPARE_WITH_TIMEOUT(written, 7, 20000);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));

        // The map offers the tag and colours the tagged points.
        const auto sources = readMapValueSources(project_, clusterRun).value();
        const auto tagSource = std::find_if(sources.begin(), sources.end(), [](const MapValueSource& v) {
            return v.field == MapValueSource::Field::Tag && v.tag == QLatin1String("dup");
        });
        QVERIFY(tagSource != sources.end());
        const auto flags = readMapValues(project_, *tagSource, view.scatter.ids).value();
        qint64 ones = 0;
        for (double f : flags) ones += f == 1.0;
        QCOMPARE(ones, qint64(removed.size()));
        // A bad tag is refused as the job's error and stores nothing.
        stack.push(new TagCommand(async, this, project_, TagCommand::these(picked), QStringLiteral("a\tb"),
                                  TagCommand::Action::Add, done));
        QTRY_COMPARE_WITH_TIMEOUT(written, 8, 20000);
        QCOMPARE(errors.size(), 1);
        QVERIFY(tagged("a\tb").empty());
    }

    // Bulk actions (issue #25) on each source the window offers them on: a rectangle and a lasso
    // on the map, a GMM cluster, the listed search results, everything a filter run removed and
    // one rule's removals. Each Tag is one undo step that tags exactly the source's sentences
    // (stored tags = the source's ids; the map's "Colour by" the tag flags the same points); undo
    // takes them off again. Exclude/Include are one step each on the open selection run, for
    // the sentences it ranks; the stored decisions equal the GUI's, and undo clears them.
    void bulkActionsOnEachSource() {
        qint64 clusterRun = 0, filterRun = 0;
        mapAndFilter(QStringLiteral("bulk"), clusterRun, filterRun);
        QVERIFY(clusterRun > 0 && filterRun > 0);
        auto outcome = std::make_shared<JobOutcome>();
        const auto summaries = readCorpusSummaries(project_).value();
        for (const auto& c : summaries)
            if (c.name == QLatin1String("seeds") && c.encoded < c.sentences) {
                EncodeRequest e;
                e.values = {{QStringLiteral("corpus"), QStringLiteral("seeds")},
                            {QStringLiteral("model"), dltest::testData(QStringLiteral("models/bert-tiny"))}};
                QCOMPARE(run(makeEncodeJob(project_, e, outcome)), QString());
            }
        SelectRequest s;
        s.values = {{QStringLiteral("method"), QStringLiteral("cosine")},
                    {QStringLiteral("pool"), QStringLiteral("bulk")},
                    {QStringLiteral("seed"), QStringLiteral("seeds:medical")},
                    {QStringLiteral("top"), 30}};
        QCOMPARE(run(makeSelectJob(project_, s, outcome)), QString());
        const qint64 selectRun = outcome->runId;

        AsyncService async;
        JobRunner runner;
        SelectionExplorer selection(async);
        selection.setProject(project_);
        BulkActions bulk(async, &selection, nullptr);
        bulk.setProject(project_);
        // Without a selection run, Include/Exclude are disabled and say why.
        QMenu menu;
        bulk.fillMenu(&menu, [] { return BulkTarget{}; });
        auto* include = menu.findChild<QAction*>(QStringLiteral("bulkInclude"));
        QVERIFY(include);
        QVERIFY(!include->isEnabled());
        QCOMPARE(include->toolTip(), BulkActions::noRunReason());
        const auto sel = readSelectionView(project_, selectRun).value();
        selection.setRun(sel);
        emit menu.aboutToShow();
        QVERIFY(include->isEnabled());
        QVERIFY(menu.findChild<QAction*>(QStringLiteral("bulkExclude"))->isEnabled());

        auto view = readClusterView(project_, clusterRun).value();
        const ClusterViewData map = view;
        ClusterExplorer explorer(async);
        explorer.resize(1000, 700);
        explorer.setProject(project_);
        explorer.setRun(std::move(view));
        CleaningPanel cleaning(async);
        cleaning.setProject(project_);
        cleaning.setRun(readFilterView(project_, filterRun).value());
        SearchExplorer search(async, &runner);
        search.setProject(project_);
        QSignalSpy matches(&search, &SearchExplorer::matchesShown);
        search.setRun(map);
        QTRY_VERIFY_WITH_TIMEOUT(search.statusLabel()->text().contains(QStringLiteral("type a sentence")), 20000);
        search.findWords(QStringLiteral("the"));
        QVERIFY(matches.wait(60000));

        // The expected sets, from the data itself.
        auto sorted = [](std::vector<std::int64_t> v) {
            std::sort(v.begin(), v.end());
            v.erase(std::unique(v.begin(), v.end()), v.end());
            return v;
        };
        const auto& sc = map.scatter;
        std::vector<double> xs(sc.x.begin(), sc.x.end());
        std::sort(xs.begin(), xs.end());
        const double midX = (xs[xs.size() / 2] + xs[xs.size() / 2 + 1]) / 2;
        const double minY = *std::min_element(sc.y.begin(), sc.y.end()) - 1;
        const double maxY = *std::max_element(sc.y.begin(), sc.y.end()) + 1;
        const QRectF rect(QPointF(xs.front() - 1, minY), QPointF(midX, maxY));
        const QPolygonF lasso({QPointF(xs.front() - 1, minY), QPointF(xs.back() + 1, minY), QPointF(midX, maxY)});
        std::vector<std::int64_t> inRect, inLasso, inCluster, removedIds, ruleIds, hitIds;
        for (qsizetype i = 0; i < sc.ids.size(); ++i) {
            if (sc.x[i] <= midX) inRect.push_back(sc.ids[i]);
            if (lasso.containsPoint(QPointF(sc.x[i], sc.y[i]), Qt::OddEvenFill)) inLasso.push_back(sc.ids[i]);
            if (map.clusterLabels[i] == 1) inCluster.push_back(sc.ids[i]);
        }
        const auto ledgerRows = readRemovalPage(project_, filterRun, 0, 100000).value().rows;
        for (const auto& r : ledgerRows) {
            removedIds.push_back(r.sentenceId);
            if (r.rule == 0) ruleIds.push_back(r.sentenceId);
        }
        for (const auto& h : search.hits()->hits()) {
            QVERIFY(h.text.contains(QStringLiteral("the"), Qt::CaseInsensitive));
            hitIds.push_back(h.sentenceId);
        }
        QVERIFY(!hitIds.empty() && !inCluster.empty() && removedIds.size() >= 15);
        QVERIFY(inRect.size() < size_t(sc.ids.size()) && inLasso.size() > 3 && inLasso.size() < size_t(sc.ids.size()));

        auto tagged = [this](const QString& tag) {
            auto store = dl::Store::open(project_.toStdString(), dl::OpenMode::ReadOnly).value();
            return dl::taggedSentences(*store, tag.toStdString()).value();
        };
        auto storedDecisions = [this, selectRun] { return readSelectionView(project_, selectRun).value().decisions; };
        QSet<qint64> pool(sel.ids.begin(), sel.ids.end());
        QSignalSpy tagsWritten(&bulk, &BulkActions::tagsWritten);
        QSignalSpy decided(&bulk, &BulkActions::decided);
        QSignalSpy failed(&bulk, &BulkActions::failed);
        QUndoStack* stack = selection.undoStack();
        struct Source {
            QString name;
            std::function<BulkTarget()> target;
            std::vector<std::int64_t> expected;
        };
        const QList<Source> sources{
            {QStringLiteral("rectangle"),
             [&] {
                 explorer.scatter()->selectInRect(rect);
                 return explorer.pickedTarget();
             },
             sorted(inRect)},
            {QStringLiteral("lasso"),
             [&] {
                 explorer.scatter()->selectInPolygon(lasso);
                 return explorer.pickedTarget();
             },
             sorted(inLasso)},
            {QStringLiteral("cluster"), [&] { return explorer.clusterTarget(1); }, sorted(inCluster)},
            {QStringLiteral("search"), [&] { return search.resultsTarget(); }, sorted(hitIds)},
            {QStringLiteral("removed"), [&] { return cleaning.removedTarget(); }, sorted(removedIds)},
            {QStringLiteral("rule"), [&] { return cleaning.ruleTarget(0); }, sorted(ruleIds)},
        };
        for (const Source& source : sources) {
            const QString tag = QStringLiteral("bulk-") + source.name;
            const BulkTarget target = source.target();
            QVERIFY2(!target.isNull(), qPrintable(source.name));
            const int steps = stack->index();
            tagsWritten.clear();
            bulk.tag(target, tag);
            QCOMPARE(stack->index(), steps + 1);  // one step
            QVERIFY2(tagsWritten.wait(20000), qPrintable(source.name));
            QCOMPARE(tagged(tag), source.expected);
            // What the map shows for the tag: exactly those points flagged.
            const MapValueSource tagSource{0, MapValueSource::Field::Tag, {}, tag};
            const auto flags = readMapValues(project_, tagSource, sc.ids).value();
            std::vector<std::int64_t> flagged;
            for (qsizetype i = 0; i < flags.size(); ++i)
                if (flags[i] == 1.0) flagged.push_back(sc.ids[i]);
            std::vector<std::int64_t> expectedOnMap;
            for (auto id : source.expected)
                if (sc.ids.contains(id)) expectedOnMap.push_back(id);
            QCOMPARE(sorted(flagged), expectedOnMap);
            stack->undo();
            QVERIFY(tagsWritten.wait(20000));
            QVERIFY2(tagged(tag).empty(), qPrintable(source.name));
            stack->redo();
            QVERIFY(tagsWritten.wait(20000));
            QCOMPARE(tagged(tag), source.expected);
            // Untag is one step too and takes off exactly that tag.
            bulk.untag(target, tag);
            QVERIFY(tagsWritten.wait(20000));
            QVERIFY(tagged(tag).empty());
            stack->undo();
            QVERIFY(tagsWritten.wait(20000));
            QCOMPARE(tagged(tag), source.expected);

            // Exclude: one step on the open selection run, for the sentences it ranks.
            std::vector<std::int64_t> inPool;
            for (auto id : source.expected)
                if (pool.contains(id)) inPool.push_back(id);
            decided.clear();
            const int before = stack->index();
            bulk.decide(target, false);
            QVERIFY(decided.wait(20000));
            QCOMPARE(decided.at(0).at(0).toInt(), int(inPool.size()));
            QCOMPARE(decided.at(0).at(1).toInt(), int(source.expected.size() - inPool.size()));
            QCOMPARE(stack->index(), before + (inPool.empty() ? 0 : 1));  // one step
            QTRY_COMPARE_WITH_TIMEOUT(selection.writer()->pending(), 0, 20000);
            auto stored = storedDecisions();
            QCOMPARE(stored.size(), qsizetype(inPool.size()));
            for (auto id : inPool) QCOMPARE(stored.value(id, true), false);
            QCOMPARE(stored, selection.decisions());  // what the GUI shows is what is stored
            bulk.decide(target, true);
            QVERIFY(decided.wait(20000));
            QTRY_COMPARE_WITH_TIMEOUT(selection.writer()->pending(), 0, 20000);
            stored = storedDecisions();
            for (auto id : inPool) QCOMPARE(stored.value(id, false), true);
            QCOMPARE(stored, selection.decisions());
            if (!inPool.empty()) {
                stack->undo();  // back to excluded
                stack->undo();  // back to no decision
            }
            QTRY_COMPARE_WITH_TIMEOUT(selection.writer()->pending(), 0, 20000);
            QVERIFY2(storedDecisions().isEmpty(), qPrintable(source.name));
            QVERIFY(selection.decisions().isEmpty());
        }
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.at(0).at(1).toString()));
        // A bad tag is refused before anything is pushed.
        const int steps = stack->index();
        bulk.tag(sources[0].target(), QStringLiteral("a\tb"));
        QCOMPARE(failed.size(), 1);
        QCOMPARE(stack->index(), steps);
        QVERIFY(async.waitForDone(30000));
    }

    // The Cleaning tab's boundary thumbnail (issue #25): at the run's own threshold every stored
    // score is past it (only removed sentences carry a score); at a threshold inside the removed
    // scores the model lists CleaningPanel::kBoundaryPerSide nearest on each side, exactly those a
    // brute-force pass over the ledger finds, and the percentile counts them.
    void filterBoundaryThumbnail() {
        // 40 medical lines, then 20 of them again with their last 1 to 4 words dropped: near
        // duplicates at a spread of Jaccard similarities.
        {
            QFile f(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/medical.en")));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const auto lines = f.readAll().split('\n');
            QByteArray text;
            for (int i = 440; i < 480; ++i) text += lines[i] + "\n";
            for (int i = 0; i < 20; ++i) {
                QList<QByteArray> words = lines[440 + i].split(' ');
                if (words.size() < 8) continue;
                words.resize(words.size() - 1 - i % 4);
                text += words.join(' ') + "\n";
            }
            auto store = dl::Store::open(project_.toStdString()).value();
            dl::ImportParams p;
            p.srcPath = dltest::writeFile(dir_, QStringLiteral("boundary.en"), text);
            p.corpus = "boundary";
            p.dedupe = false;
            dl::NullProgress np;
            dl::CancelToken ct;
            auto imported = dl::runImport(p, *store, np, ct);
            QVERIFY2(imported, imported ? "" : imported.error().message.c_str());
        }
        auto outcome = std::make_shared<JobOutcome>();
        auto request = nearDupRequest(QStringLiteral("boundary"));
        request.values.insert(QStringLiteral("threshold"), 0.5);  // looser: a spread of scores
        QCOMPARE(run(makeFilterJob(project_, request, outcome)), QString());
        const auto ledger = readRemovalPage(project_, outcome->runId, 0, 100000).value().rows;
        QVERIFY(ledger.size() >= 15);
        AsyncService async;
        CleaningPanel panel(async);
        QAbstractItemModelTester tester(panel.boundaryModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        panel.setProject(project_);
        QSignalSpy shown(&panel, &CleaningPanel::boundaryShown);
        panel.setRun(readFilterView(project_, outcome->runId).value());
        QVERIFY(shown.wait(20000));
        QCOMPARE(panel.histogram()->threshold(), 0.5);
        auto check = [&](double t) {
            // Brute force: short of t = scores below it (the nearest first), past = at or above it.
            std::vector<std::pair<double, qint64>> shortSide, pastSide;
            for (const auto& r : ledger) {
                if (r.score < t) shortSide.push_back({-r.score, r.sentenceId});
                else pastSide.push_back({r.score, r.sentenceId});
            }
            std::sort(shortSide.begin(), shortSide.end());
            std::sort(pastSide.begin(), pastSide.end());
            const int n = CleaningPanel::kBoundaryPerSide;
            QList<qint64> expected;  // as shown: short side farthest first, then past side nearest first
            for (int i = std::min<int>(n, int(shortSide.size())) - 1; i >= 0; --i)
                expected << shortSide[size_t(i)].second;
            for (int i = 0; i < std::min<int>(n, int(pastSide.size())); ++i) expected << pastSide[size_t(i)].second;
            QList<qint64> got;
            BoundaryModel* m = panel.boundaryModel();
            for (int row = 0; row < m->rowCount(); ++row) {
                got << m->index(row, 0).data(BoundaryModel::SentenceIdRole).toLongLong();
                const double score = m->index(row, BoundaryModel::ScoreColumn).data(Qt::EditRole).toDouble();
                QCOMPARE(m->rows()[row].past, score >= t);
                QVERIFY(!m->index(row, BoundaryModel::TextColumn).data().toString().isEmpty());
            }
            QCOMPARE(got, expected);
            const QString words = panel.boundaryPercentile()->text();
            QVERIFY2(words.contains(QLocale().toString(qint64(pastSide.size())) + QStringLiteral(" of ") +
                                    QLocale().toString(qint64(ledger.size()))),
                     qPrintable(words));
        };
        check(0.5);
        QCOMPARE(panel.boundaryModel()->rowCount(), CleaningPanel::kBoundaryPerSide);  // nothing short of it
        std::vector<double> scores;
        for (const auto& r : ledger) scores.push_back(r.score);
        std::sort(scores.begin(), scores.end());
        const double mid = scores[scores.size() / 2];
        QVERIFY(mid > scores.front());
        shown.clear();
        panel.histogram()->setThreshold(mid);  // as its spin box or its line dragged does
        QVERIFY(shown.wait(20000));
        QCOMPARE(shown.last().at(0).toDouble(), mid);
        check(mid);
        const auto& shownRows = panel.boundaryModel()->rows();
        QVERIFY(std::any_of(shownRows.begin(), shownRows.end(), [](const BoundaryRow& r) { return !r.past; }));
        QVERIFY(std::any_of(shownRows.begin(), shownRows.end(), [](const BoundaryRow& r) { return r.past; }));
    }

    // Filter > Preview (issue #25): the filter's prepare and compute on the worker, nothing
    // stored (no run, read-only); on the map the points it would remove are flagged until
    // Discard; applied as a real run, the stored ledger removes exactly what the preview showed,
    // rule by rule. A cancelled preview stores nothing either.
    void filterPreviewMatchesTheAppliedRun() {
        qint64 clusterRun = 0, filterRun = 0;
        mapAndFilter(QStringLiteral("preview"), clusterRun, filterRun);
        QVERIFY(clusterRun > 0 && filterRun > 0);
        auto request = nearDupRequest(QStringLiteral("preview"));
        request.values.insert(QStringLiteral("threshold"), 0.6);
        const qint64 runsBefore = readRuns(project_).value().size();
        auto preview = std::make_shared<FilterPreview>();
        QCOMPARE(run(makeFilterPreviewJob(project_, request, preview)), QString());
        QCOMPARE(readRuns(project_).value().size(), runsBefore);  // nothing stored
        QVERIFY(preview->removed >= 15);
        QCOMPARE(preview->removedIds.size(), preview->removed);
        QCOMPARE(preview->kind, QStringLiteral("near-dup"));
        // Cancelled: an error of kind Cancelled, and still nothing stored.
        {
            dl::CancelToken cancel;
            cancel.cancel();
            dl::NullProgress np;
            const auto st = makeFilterPreviewJob(project_, request, std::make_shared<FilterPreview>())(np, cancel);
            QVERIFY(!st);
            QCOMPARE(st.error().kind, dl::ErrorKind::Cancelled);
            QCOMPARE(readRuns(project_).value().size(), runsBefore);
        }

        // On the map until discarded.
        AsyncService async;
        ClusterExplorer explorer(async);
        explorer.setProject(project_);
        auto view = readClusterView(project_, clusterRun).value();
        const QVector<qint64> mapIds = view.scatter.ids;
        explorer.setRun(std::move(view));
        QSignalSpy shown(&explorer, &ClusterExplorer::previewShown),
            discarded(&explorer, &ClusterExplorer::previewDiscarded);
        QSignalSpy dropped(&async, &AsyncService::discarded);
        // The flags are computed off the GUI thread: nothing is drawn before the result arrives,
        // and a preview superseded meanwhile (here by a later one with nothing removed, itself
        // superseded by the real one) is dropped, never drawn.
        FilterPreview nothing = *preview;
        nothing.removedIds.clear();
        explorer.showPreview(nothing);
        explorer.showPreview(*preview);
        explorer.showPreview(nothing);
        explorer.showPreview(*preview);
        QVERIFY(!explorer.previewVisible());
        QCOMPARE(shown.count(), 0);
        QVERIFY(shown.wait(10000));
        QVERIFY(async.waitForDone(10000));
        QCoreApplication::processEvents();
        QCOMPARE(shown.count(), 1);
        const auto droppedValues = std::ranges::count_if(
            dropped, [](const QList<QVariant>& args) { return args.at(0).toString() == QLatin1String("values"); });
        QCOMPARE(droppedValues, 3);
        const int flagged = shown.at(0).at(0).toInt();
        int expectedOnMap = 0;
        for (qint64 id : mapIds) expectedOnMap += preview->removedIds.contains(id);
        QVERIFY(expectedOnMap > 0);
        QCOMPARE(flagged, expectedOnMap);
        QVERIFY(explorer.previewVisible());
        QCOMPARE(explorer.scatter()->colorMode(), ScatterPlotView::ColorMode::Value);
        const auto& values = explorer.scatter()->data().value;
        for (qsizetype row = 0; row < values.size(); ++row)
            QCOMPARE(values[row] == 1.0, preview->removedIds.contains(mapIds[row]));
        explorer.discardPreview();
        QVERIFY(!explorer.previewVisible());
        QCOMPARE(discarded.count(), 1);
        QCOMPARE(explorer.scatter()->colorMode(), ScatterPlotView::ColorMode::Category);
        // A preview whose map is replaced before its flags arrive is dropped (the ids it was
        // computed for are not the new map's).
        explorer.showPreview(*preview);
        explorer.setRun(readClusterView(project_, clusterRun).value());
        QVERIFY(async.waitForDone(10000));
        QCoreApplication::processEvents();
        QCOMPARE(shown.count(), 1);
        QVERIFY(!explorer.previewVisible());
        QCOMPARE(explorer.scatter()->colorMode(), ScatterPlotView::ColorMode::Category);

        // Applied: the stored run removes exactly the previewed sentences, by the same rules.
        auto outcome = std::make_shared<JobOutcome>();
        QCOMPARE(run(makeFilterJob(project_, request, outcome)), QString());
        QCOMPARE(readRuns(project_).value().size(), runsBefore + 1);
        const auto stored = readRemovalPage(project_, outcome->runId, 0, 100000).value().rows;
        QCOMPARE(stored.size(), preview->removedIds.size());
        for (qsizetype i = 0; i < stored.size(); ++i) {
            QCOMPARE(stored[i].sentenceId, preview->removedIds[i]);
            QCOMPARE(stored[i].rule, preview->removedRules[i]);
        }
        const auto filterView = readFilterView(project_, outcome->runId).value();
        QCOMPARE(filterView.removed, preview->removed);
        QCOMPARE(filterView.rules.size(), preview->rules.size());
        for (qsizetype i = 0; i < filterView.rules.size(); ++i) {
            QCOMPARE(filterView.rules[i].rule, preview->rules[i].rule);
            QCOMPARE(filterView.rules[i].removed, preview->rules[i].removed);
        }
    }

    // Issue #25, cleaning from the GUI: a corpus filtered and tagged; the dialogs offer its tags
    // (with counts) and filter runs as read off the GUI thread; a cluster run from the Cluster
    // dialog with the filter run chosen stores it in its params and maps only the kept sentences;
    // an export from the Export dialog (shards by domain, a tag excluded, the filter run) writes
    // exactly the files the command line writes for the same options.
    void cleanFromTheDialogs() {
        const QString corpus = QStringLiteral("cleaned");
        qint64 clusterRun = 0, filterRun = 0;
        mapAndFilter(corpus, clusterRun, filterRun);
        QVERIFY(clusterRun > 0 && filterRun > 0);
        const qint64 removed = readFilterView(project_, filterRun).value().removed;
        QVERIFY(removed >= 15);
        // Tag five sentences of the map "noisy", as "Tag picked…" does.
        const auto firstMap = readClusterView(project_, clusterRun).value();
        std::vector<std::int64_t> picked(firstMap.scatter.ids.begin(), firstMap.scatter.ids.begin() + 5);
        AsyncService async;
        QUndoStack stack;
        int written = 0;
        QString tagError;
        stack.push(new TagCommand(async, this, project_, TagCommand::these(picked), QStringLiteral("noisy"),
                                  TagCommand::Action::Add, [&](const QString& e) { ++written, tagError = e; }));
        QTRY_COMPARE_WITH_TIMEOUT(written, 1, 20000);
        QVERIFY2(tagError.isEmpty(), qPrintable(tagError));

        // What the dialogs are given, read on the service's pool.
        std::optional<CleaningChoices> choices;
        QObject receiver;
        loadCleaningChoicesAsync(async, &receiver, project_, 0, [&](CleaningChoices c) { choices = std::move(c); });
        QTRY_VERIFY_WITH_TIMEOUT(choices.has_value(), 20000);
        const CorpusCleaning offered = choices->corpora.value(corpus);
        QCOMPARE(offered.tags.size(), 1);
        QCOMPARE(offered.tags.first(), (QPair<QString, qint64>(QStringLiteral("noisy"), 5)));
        QVERIFY(!offered.filterRuns.isEmpty());
        QCOMPARE(offered.filterRuns.first().id, filterRun);  // newest first
        QCOMPARE(offered.filterRuns.first().kind, QStringLiteral("near-dup"));
        QCOMPARE(offered.filterRuns.first().removed, removed);
        QCOMPARE(choices->clusterCorpus, corpus);  // the latest clustering run's

        const QList<CorpusChoice> corpora = corpusChoices(readCorpusSummaries(project_).value());
        // Cluster with --filter from the dialog.
        ClusterDialog cluster(corpora, clusterParamFields());
        cluster.setCleaning(*choices);
        auto* clusterCorpus = cluster.findChildren<QComboBox*>().first();  // the corpus list comes first
        clusterCorpus->setCurrentIndex(clusterCorpus->findText(corpus));
        auto* clusterFilter = cluster.findChild<QComboBox*>(QStringLiteral("filter"));
        QVERIFY(clusterFilter);
        QCOMPARE(clusterFilter->count(), 1 + offered.filterRuns.size());
        clusterFilter->setCurrentIndex(clusterFilter->findData(filterRun));
        ClusterRequest c = cluster.request();
        QCOMPARE(c.values.value(QStringLiteral("corpus")).toString(), corpus);
        c.values.insert({{QStringLiteral("k"), 2}, {QStringLiteral("pca"), 8}, {QStringLiteral("seeds"), 1}});
        auto outcome = std::make_shared<JobOutcome>();
        QString error = run(makeClusterJob(project_, c, outcome));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        {
            auto store = dl::Store::open(project_.toStdString(), dl::OpenMode::ReadOnly).value();
            const auto stored = dl::getRun(*store, outcome->runId).value();
            QCOMPARE(stored.params.value("filter", std::int64_t(0)), std::int64_t(filterRun));
        }
        const auto filteredMap = readClusterView(project_, outcome->runId).value();
        QCOMPARE(qint64(filteredMap.scatter.ids.size()), qint64(firstMap.scatter.ids.size()) - removed);

        // Export shards by domain from the dialog: "noisy" left out, the filter run applied.
        ExportDialog exportDialog(QString(), corpora, exportParamFields());
        exportDialog.setCleaning(*choices);
        auto* what = exportDialog.findChild<QComboBox*>(QStringLiteral("what"));
        what->setCurrentIndex(what->findData(QStringLiteral("shards")));
        auto* exportCorpus = exportDialog.findChild<QComboBox*>(QStringLiteral("corpus"));
        QVERIFY(exportCorpus->isEnabled());
        exportCorpus->setCurrentIndex(exportCorpus->findText(corpus));
        QCOMPARE(exportDialog.exportedCorpus(), corpus);
        auto* format = exportDialog.findChild<QComboBox*>(QStringLiteral("format"));
        format->setCurrentIndex(format->findData(QStringLiteral("tsv")));
        const QString guiPrefix = dir_.filePath(QStringLiteral("gui-clean")),
                      cliPrefix = dir_.filePath(QStringLiteral("cli-clean"));
        exportDialog.findChild<QLineEdit*>(QStringLiteral("out"))->setText(guiPrefix);
        auto* exclude = exportDialog.findChild<QListWidget*>(QStringLiteral("exclude-tag"));
        QCOMPARE(exclude->count(), 1);
        exclude->item(0)->setCheckState(Qt::Checked);
        auto* exportFilter = exportDialog.findChild<QComboBox*>(QStringLiteral("filter"));
        exportFilter->setCurrentIndex(exportFilter->findData(filterRun));
        error = run(makeExportJob(project_, exportDialog.request(), outcome));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const auto cli =
            dltest::runCli({QStringLiteral("export"), project_, QStringLiteral("--shards"), QStringLiteral("--by"),
                            QStringLiteral("domain"), QStringLiteral("--corpus"), corpus, QStringLiteral("--format"),
                            QStringLiteral("tsv"), QStringLiteral("--exclude-tag"), QStringLiteral("noisy"),
                            QStringLiteral("--filter"), QString::number(filterRun), QStringLiteral("--out"), cliPrefix,
                            QStringLiteral("--quiet")});
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        QDir out(dir_.path());
        const QStringList guiFiles = out.entryList({QStringLiteral("gui-clean*")}, QDir::Files, QDir::Name);
        const QStringList cliFiles = out.entryList({QStringLiteral("cli-clean*")}, QDir::Files, QDir::Name);
        QCOMPARE(guiFiles.size(), 3);  // medical, law, the manifest
        QCOMPARE(QStringList(guiFiles).replaceInStrings(QStringLiteral("gui-"), QStringLiteral("cli-")), cliFiles);
        qint64 rows = 0;
        for (const QString& name : guiFiles) {
            QFile g(out.filePath(name)),
                l(out.filePath(QString(name).replace(QStringLiteral("gui-"), QStringLiteral("cli-"))));
            QVERIFY(g.open(QIODevice::ReadOnly) && l.open(QIODevice::ReadOnly));
            QByteArray gb = g.readAll(), lb = l.readAll();
            if (name.endsWith(QStringLiteral(".manifest.json"))) {
                // the same but for the paths it names and when it was written
                const QJsonObject gm = QJsonDocument::fromJson(gb).object(), lm = QJsonDocument::fromJson(lb).object();
                for (const QString& key : gm.keys())
                    if (key != QLatin1String("files") && key != QLatin1String("created"))
                        QVERIFY2(gm.value(key) == lm.value(key), qPrintable(key));
                QCOMPARE(gm.keys(), lm.keys());
                continue;
            }
            QCOMPARE(gb, lb);
            rows += gb.count('\n');  // one line per sentence
        }
        // the kept sentences less the tagged ones the filter kept
        qint64 taggedKept = 0;
        const auto gone = readRemovalPage(project_, filterRun, 0, 100000).value();
        for (std::int64_t id : picked)
            taggedKept += std::none_of(gone.rows.begin(), gone.rows.end(),
                                       [id](const RemovalEntry& r) { return r.sentenceId == id; });
        QCOMPARE(rows, qint64(firstMap.scatter.ids.size()) - removed - taggedKept);
    }

    // Cancel while the filter is about to store its run, as the Jobs panel's Cancel button does:
    // the job says Cancelled and the project holds no new run.
    void filterCancelLeavesNoRun() {
        importDuplicates(QStringLiteral("dupes2"));
        const qint64 runsBefore = readRuns(project_).value().size();
        QCOMPARE(runCancelledAt(makeFilterJob(project_, nearDupRequest(QStringLiteral("dupes2")), {}),
                                "Storing the filter run"),
                 JobOutcomeKind::Cancelled);
        QCOMPARE(readRuns(project_).value().size(), runsBefore);
    }

    // A filter the core refuses (a threshold out of range) fails as the job's error, naming it.
    void filterBadThresholdIsAClearError() {
        auto r = nearDupRequest(QStringLiteral("demo"));
        r.values.insert(QStringLiteral("threshold"), 1.5);
        const QString error = run(makeFilterJob(project_, r, nullptr));
        QVERIFY2(error.contains(QStringLiteral("threshold")), qPrintable(error));
    }

    static nlohmann::json readJson(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? nlohmann::json::parse(f.readAll().toStdString(), nullptr, false)
                                           : nlohmann::json();
    }

    void mixtureKitTrainAndViews() {
        // A kit of the demo corpus's three domains (120 lines each): target medical, floored start.
        const QString kit = dir_.filePath(QStringLiteral("kit"));
        {
            auto store = dl::Store::open(project_.toStdString(), dl::OpenMode::ReadOnly).value();
            dl::MixtureKitParams kp;
            kp.corpus = "demo";
            kp.outDir = kit.toStdString();
            kp.devLines = 20;
            kp.testLines = 10;
            kp.target = "medical";
            kp.init = "floored";
            dl::NullProgress np;
            dl::CancelToken ct;
            auto made = dl::runMixtureKit(kp, *store, np, ct);
            QVERIFY2(made, made ? "" : made.error().message.c_str());
        }
        dl::CancelToken ct;
        auto kitView = readMixtureView(kit, ct);
        QVERIFY2(kitView, kitView ? "" : kitView.error().message.c_str());
        QCOMPARE(kitView->groups.size(), 3);
        QCOMPARE(kitView->kit, kit);
        const auto mixture = readJson(kit + QStringLiteral("/mixture.json"));
        double q = 0;
        for (const auto& row : kitView->groups) {
            const auto& g = mixture["groups"][row.name.toStdString()];
            QCOMPARE(row.train, qint64(g["train"].get<std::int64_t>()));
            QCOMPARE(row.dev, qint64(20));
            QCOMPARE(row.test, qint64(10));
            QCOMPARE(row.q, g["q"].get<double>());
            QCOMPARE(row.repetition, g["repetition"].get<double>());
            QCOMPARE(row.lambda0, mixture["lambda_0"][row.name.toStdString()].get<double>());
            QCOMPARE(row.lambdaT, row.name == QLatin1String("medical") ? 1.0 : 0.0);
            QVERIFY(row.lambdaS > 0);
            q += row.q;
        }
        QVERIFY(std::abs(q - 1.0) < 1e-9);
        QVERIFY(kitView->trajectory.isEmpty());  // no schedule or run yet: said in a note
        QCOMPARE(kitView->notes.size(), 1);

        // `mixture train` as the GUI runs it: the dialog's request (fields from the table) on the
        // worker; cancelled at its first progress, then resumed from the checkpoint.
        const QString out = dir_.filePath(QStringLiteral("train"));
        MixtureTrainDialog dialog(kit, out, mixtureTrainParamFields());
        MixtureTrainRequest request = dialog.request();
        QCOMPARE(request.kit, kit);
        QCOMPARE(request.values.value(QStringLiteral("out")).toString(), out);
        QCOMPARE(request.values.value(QStringLiteral("schedule")).toString(), QStringLiteral("static"));
        const QVariantMap tiny{{QStringLiteral("schedule"), QStringLiteral("mdac")},
                               {QStringLiteral("steps"), 400},
                               {QStringLiteral("batch"), 4},
                               {QStringLiteral("context"), 16},
                               {QStringLiteral("layers"), 1},
                               {QStringLiteral("dim"), 32},
                               {QStringLiteral("heads"), 2},
                               {QStringLiteral("vocab"), 200},
                               {QStringLiteral("eval-every"), 100},
                               {QStringLiteral("dev-windows"), 4},
                               {QStringLiteral("session-steps"), 100},
                               {QStringLiteral("sim-steps"), 1},
                               {QStringLiteral("updates"), 5},
                               {QStringLiteral("mdac-lr"), 0.5},
                               {QStringLiteral("device"), QStringLiteral("cpu")}};
        request.values.insert(tiny);
        {
            JobRunner runner;
            QSignalSpy finished(&runner, &JobRunner::jobFinished);
            // Cancel once training has started (a checkpoint is written at the next step).
            connect(&runner, &JobRunner::jobStage, &runner, [&runner](int, const QString& stage) {
                if (stage == QLatin1String("Training")) runner.cancelCurrent();
            });
            runner.submit(QStringLiteral("train"), makeMixtureTrainJob(request, std::make_shared<JobOutcome>()));
            QVERIFY(finished.wait(120000) || !finished.isEmpty());
            QCOMPARE(finished.at(0).at(1).value<JobOutcomeKind>(), JobOutcomeKind::Cancelled);
        }
        QVERIFY(QFile::exists(out + QStringLiteral("/checkpoint.json")));
        QVERIFY(!QFile::exists(out + QStringLiteral("/train.json")));
        request.values.insert(QStringLiteral("resume"), true);
        auto outcome = std::make_shared<JobOutcome>();
        QCOMPARE(run(makeMixtureTrainJob(request, outcome)), QString());
        QVERIFY2(outcome->summary.contains(QStringLiteral("Trained 400 steps")), qPrintable(outcome->summary));

        // The training folder: the kit's groups (found through the report), lambda at each MDAC
        // session (every 100 steps, until step 400), the dev loss per group and J^t every 100 steps.
        auto trained = readMixtureView(out, ct);
        QVERIFY2(trained, trained ? "" : trained.error().message.c_str());
        QCOMPARE(trained->source, QStringLiteral("train"));
        QCOMPARE(trained->kit, QDir(kit).absolutePath());
        QCOMPARE(trained->trajectory.x, (QVector<double>{0, 100, 200, 300}));
        QCOMPARE(trained->trajectory.end, 400.0);
        QCOMPARE(trained->evalSteps, (QVector<double>{0, 100, 200, 300, 400}));
        QCOMPARE(trained->devLoss.size(), 4);  // medical, law, koran (sorted) + J^t
        const auto report = readJson(out + QStringLiteral("/train.json"));
        QCOMPARE(trained->devLoss.last().y.last(), report["final"]["target_loss"].get<double>());
        QVERIFY(trained->devLoss.last().y.last() < trained->devLoss.last().y.first());
        const auto finalLambda = report["trajectory"].back()["lambda"];
        for (const auto& row : trained->groups)
            QVERIFY(std::abs(row.lambdaFinal - finalLambda[row.name.toStdString()].get<double>()) < 1e-12);

        // The panel on the same folder, read on an AsyncService; then a malformed trainer's log.
        AsyncService async;
        MixturePanel panel(async);
        QSignalSpy shown(&panel, &MixturePanel::shown), failed(&panel, &MixturePanel::failed);
        panel.open(out);
        QVERIFY(shown.wait(30000));
        QCOMPARE(panel.groupsModel()->rowCount(), 3);
        QCOMPARE(panel.lambdaView()->bandCount(), 3);
        QCOMPARE(panel.kitFolder(), QDir(kit).absolutePath());
        const QString log =
            QString::fromStdString(dltest::writeFile(dir_, QStringLiteral("trainer.jsonl"),
                                                     "{\"step\": 0, \"lambda\": {\"a\": 0.5, \"b\": 0.5}}\n"
                                                     "{\"step\": 100, \"lambda\": {\"a\": 0.5, \"b\": 0.6}}\n"));
        panel.open(log);
        QVERIFY(failed.wait(30000));
        QVERIFY2(failed.at(0).at(0).toString().contains(QStringLiteral("line 2")),
                 qPrintable(failed.at(0).at(0).toString()));
        panel.open(dir_.path());  // a folder that is neither a kit nor a training folder
        QVERIFY(failed.wait(30000));
        QVERIFY2(failed.at(1).at(0).toString().contains(QStringLiteral("neither a mixture kit")),
                 qPrintable(failed.at(1).at(0).toString()));
    }

    // A mixture dialog's request (its fields from the subcommand's table) with `values` set.
    // The values are set on the dialog's widgets, as a user would, in the order given (a choice
    // enables the fields that belong to it); a name the dialog has no widget for fails.
    static MixtureRequest mixtureRequest(const QString& sub, const QList<std::pair<QString, QVariant>>& values,
                                         MixtureJobDialog::Context context = {}) {
        context.corpora = QStringList{QStringLiteral("demo"), QStringLiteral("seeds")};  // the project's
        MixtureJobDialog dialog(sub, context, mixtureParamFields(sub));
        for (const auto& [name, value] : values) {
            QWidget* w = dialog.findChild<QWidget*>(name);
            if (!w) qFatal("the %s dialog has no field %s", qPrintable(sub), qPrintable(name));
            if (auto* c = qobject_cast<QComboBox*>(w)) {
                const int at = c->findData(value.toString());
                if (at < 0) qFatal("%s offers no %s", qPrintable(name), qPrintable(value.toString()));
                c->setCurrentIndex(at);
            } else if (auto* e = qobject_cast<QLineEdit*>(w)) {
                e->setText(value.toString());
            } else if (auto* b = qobject_cast<QSpinBox*>(w)) {
                b->setValue(value.toInt());
            } else if (auto* d = qobject_cast<QDoubleSpinBox*>(w)) {
                d->setValue(value.toDouble());
            } else if (auto* k = qobject_cast<QCheckBox*>(w)) {
                k->setChecked(value.toBool());
            }
        }
        return dialog.request();
    }

    static QByteArray fileBytes(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    // The CLI's `domainlens-cli mixture SUB ARGS --json --quiet`; "" when it exited with 0.
    static QString mixtureCli(const QString& sub, const QStringList& args) {
        const auto r = dltest::runCli(QStringList{QStringLiteral("mixture"), sub} + args +
                                      QStringList{QStringLiteral("--json"), QStringLiteral("--quiet")});
        return r.exitCode == 0 ? QString() : QString::fromUtf8(r.err);
    }

    // The files a kit's manifest lists, name -> SHA-256, but opennmt.yaml (absolute paths).
    static QMap<QString, QString> kitFiles(const QString& kit) {
        QMap<QString, QString> out;
        const auto manifest = readJson(kit + QStringLiteral("/manifest.json"));
        for (const auto& f : manifest["files"])
            if (f["path"] != "opennmt.yaml")
                out.insert(QString::fromStdString(f["path"].get<std::string>()),
                           QString::fromStdString(f["sha256"].get<std::string>()));
        return out;
    }

    // Mixture > Build Mixture Kit, Target Mixture, Schedule, MDAC Step as the window runs them:
    // each dialog's request on the JobRunner (progress reported), the files equal to what the CLI
    // writes for the same parameters, and each result read back as the Mixture tab shows it.
    void mixtureDialogJobsWriteWhatTheCliWrites() {
        const QString kitGui = dir_.filePath(QStringLiteral("kit-gui")),
                      kitCli = dir_.filePath(QStringLiteral("kit-cli"));
        auto kit = mixtureRequest(QStringLiteral("kit"), {{QStringLiteral("by"), QStringLiteral("domain")},
                                                          {QStringLiteral("corpus"), QStringLiteral("demo")},
                                                          {QStringLiteral("out"), kitGui},
                                                          {QStringLiteral("dev-lines"), 20},
                                                          {QStringLiteral("test-lines"), 10},
                                                          {QStringLiteral("target"), QStringLiteral("medical")},
                                                          {QStringLiteral("init"), QStringLiteral("floored")}});
        {
            JobRunner runner;
            QSignalSpy finished(&runner, &JobRunner::jobFinished), progress(&runner, &JobRunner::jobProgress),
                stages(&runner, &JobRunner::jobStage);
            auto outcome = std::make_shared<JobOutcome>();
            runner.submit(QStringLiteral("kit"), makeMixtureJob(project_, kit, outcome));
            QVERIFY(finished.wait(120000) || !finished.isEmpty());
            QCOMPARE(finished.at(0).at(1).value<JobOutcomeKind>(), JobOutcomeKind::Succeeded);
            QVERIFY(!progress.isEmpty());
            QCOMPARE(stages.last().at(1).toString(), QStringLiteral("Writing the kit"));
            QVERIFY2(outcome->summary.contains(QStringLiteral("3 groups")), qPrintable(outcome->summary));
        }
        QString error = mixtureCli(
            QStringLiteral("kit"),
            {project_, QStringLiteral("--by"), QStringLiteral("domain"), QStringLiteral("--corpus"),
             QStringLiteral("demo"), QStringLiteral("--out"), kitCli, QStringLiteral("--dev-lines"),
             QStringLiteral("20"), QStringLiteral("--test-lines"), QStringLiteral("10"), QStringLiteral("--target"),
             QStringLiteral("medical"), QStringLiteral("--init"), QStringLiteral("floored")});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const auto guiFiles = kitFiles(kitGui);
        QCOMPARE(guiFiles.size(), 3 * 3 + 1);  // 3 groups x train/dev/test (English only) + mixture.json
        QCOMPARE(guiFiles, kitFiles(kitCli));
        auto params = readJson(kitGui + QStringLiteral("/manifest.json"))["params"],
             cliParams = readJson(kitCli + QStringLiteral("/manifest.json"))["params"];
        params.erase("out"), cliParams.erase("out");
        QCOMPARE(QString::fromStdString(params.dump()), QString::fromStdString(cliParams.dump()));
        QCOMPARE(MixtureJobDialog::resultPath(kit), kitGui);

        // Target: two domains, into the kit's folder, as the dialog suggests when a kit is shown.
        MixtureJobDialog::Context onKit;
        onKit.kit = kitGui;
        auto target = mixtureRequest(QStringLiteral("target"),
                                     {{QStringLiteral("from"), QStringLiteral("groups")},
                                      {QStringLiteral("groups"), QStringLiteral("law,medical")},
                                      {QStringLiteral("by"), QStringLiteral("domain")},
                                      {QStringLiteral("corpus"), QStringLiteral("demo")}},
                                     onKit);
        const QString targetGui = MixtureJobDialog::resultPath(target);
        QCOMPARE(targetGui, kitGui + QStringLiteral("/target.json"));
        QCOMPARE(run(makeMixtureJob(project_, target, std::make_shared<JobOutcome>())), QString());
        const QString targetCli = dir_.filePath(QStringLiteral("target-cli.json"));
        error = mixtureCli(QStringLiteral("target"),
                           {project_, QStringLiteral("--from"), QStringLiteral("groups"), QStringLiteral("--groups"),
                            QStringLiteral("law,medical"), QStringLiteral("--by"), QStringLiteral("domain"),
                            QStringLiteral("--corpus"), QStringLiteral("demo"), QStringLiteral("--out"), targetCli});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(fileBytes(targetGui), fileBytes(targetCli));
        dl::CancelToken ct;
        auto targetView = readMixtureView(targetGui, ct);
        QVERIFY2(targetView, targetView ? "" : targetView.error().message.c_str());
        QCOMPARE(targetView->groups.size(), 3);
        for (const auto& row : targetView->groups)
            QCOMPARE(row.lambdaT, row.name == QLatin1String("koran") ? 0.0 : 0.5);

        // Schedule: interpolation over the kit's groups, 5 points, written into the kit's folder.
        auto schedule = mixtureRequest(QStringLiteral("schedule"),
                                       {{QStringLiteral("kind"), QStringLiteral("interpolate")},
                                        {QStringLiteral("steps"), 1000},
                                        {QStringLiteral("points"), 5}},
                                       onKit);
        QCOMPARE(schedule.values.value(QStringLiteral("mixture")).toString(), kitGui + QStringLiteral("/mixture.json"));
        QCOMPARE(run(makeMixtureJob(QString(), schedule, std::make_shared<JobOutcome>())), QString());
        const QString prefixCli = dir_.filePath(QStringLiteral("interp-cli"));
        error = mixtureCli(QStringLiteral("schedule"),
                           {QStringLiteral("--kind"), QStringLiteral("interpolate"), QStringLiteral("--mixture"),
                            kitCli + QStringLiteral("/mixture.json"), QStringLiteral("--steps"), QStringLiteral("1000"),
                            QStringLiteral("--points"), QStringLiteral("5"), QStringLiteral("--out"), prefixCli});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString scheduleGui = MixtureJobDialog::resultPath(schedule);
        QCOMPARE(scheduleGui, kitGui + QStringLiteral("/schedule.schedule.json"));
        const auto sGui = readJson(scheduleGui), sCli = readJson(prefixCli + QStringLiteral(".schedule.json"));
        QCOMPARE(QString::fromStdString(sGui["schedule"].dump()), QString::fromStdString(sCli["schedule"].dump()));
        QCOMPARE(sGui["schedule"].size(), std::size_t(5));
        for (int i = 0; i < 5; ++i)
            QCOMPARE(fileBytes(kitGui + QStringLiteral("/schedule.phase%1.yaml").arg(i)).isEmpty(), false);
        auto scheduleView = readMixtureView(scheduleGui, ct);
        QVERIFY2(scheduleView, scheduleView ? "" : scheduleView.error().message.c_str());
        QCOMPARE(scheduleView->source, QStringLiteral("schedule"));
        QCOMPARE(scheduleView->trajectory.x, (QVector<double>{0, 250, 500, 750, 1000}));
        QCOMPARE(scheduleView->groups.size(), 3);  // the kit's, the schedule being in its folder

        // MDAC step: a new state from the kit's mixture.json, then one session's rewards.
        const QString rewards = QString::fromStdString(
            dltest::writeFile(dir_, QStringLiteral("rewards.json"),
                              "{\"session\": 1, \"rewards\": {\"koran\": -0.1, \"law\": 0.05, \"medical\": 0.3}}\n"));
        auto start = mixtureRequest(QStringLiteral("step"), {{QStringLiteral("lr"), 0.5}}, onKit);
        QCOMPARE(start.state, kitGui + QStringLiteral("/mdac.json"));
        QCOMPARE(start.values.value(QStringLiteral("init")).toString(), kitGui + QStringLiteral("/mixture.json"));
        QVERIFY(!start.values.contains(QStringLiteral("rewards")));
        QCOMPARE(run(makeMixtureJob(QString(), start, std::make_shared<JobOutcome>())), QString());
        auto step = mixtureRequest(QStringLiteral("step"), {{QStringLiteral("rewards"), rewards}}, onKit);
        QVERIFY(!step.values.contains(QStringLiteral("init")));  // the state exists: it goes on
        auto outcome = std::make_shared<JobOutcome>();
        QCOMPARE(run(makeMixtureJob(QString(), step, outcome)), QString());
        QVERIFY2(outcome->summary.contains(QStringLiteral("session 1")), qPrintable(outcome->summary));
        const QString stateCli = dir_.filePath(QStringLiteral("mdac-cli.json"));
        error = mixtureCli(QStringLiteral("step"),
                           {stateCli, QStringLiteral("--init"), kitCli + QStringLiteral("/mixture.json"),
                            QStringLiteral("--lr"), QStringLiteral("0.5")});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        error = mixtureCli(QStringLiteral("step"), {stateCli, QStringLiteral("--rewards"), rewards});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(fileBytes(start.state), fileBytes(stateCli));
        auto stateView = readMixtureView(start.state, ct);
        QVERIFY2(stateView, stateView ? "" : stateView.error().message.c_str());
        QCOMPARE(stateView->source, QStringLiteral("mdac-state"));
        QCOMPARE(stateView->trajectory.x, (QVector<double>{0, 1}));

        // A rewards file naming an unknown group: the job's error names it, the state is as it was.
        const QByteArray before = fileBytes(start.state);
        const QString bad = QString::fromStdString(
            dltest::writeFile(dir_, QStringLiteral("bad-rewards.json"),
                              "{\"rewards\": {\"koran\": 0, \"law\": 0, \"medical\": 0, \"it\": 1}}\n"));
        step.values.insert(QStringLiteral("rewards"), bad);
        error = run(makeMixtureJob(QString(), step, nullptr));
        QVERIFY2(error.contains(QStringLiteral("'it'")), qPrintable(error));
        QCOMPARE(fileBytes(start.state), before);
    }

    // A kit over the clusters of the demo map's cluster run, built from the dialog with the run
    // the map shows: the map coloured by each cluster's lambda, values equal to mixture.json's.
    void mixtureLambdaColoursTheMap() {
        qint64 clusterRun = 0;
        const auto runs = readRuns(project_).value();  // held: a range-for over .value() of a temporary dangles
        for (const auto& r : runs)
            if (r.kind == dl::RunKind::Cluster && r.corpus == QLatin1String("demo"))
                clusterRun = std::max(clusterRun, r.id);
        if (clusterRun == 0) {  // run alone: the demo corpus encoded and clustered here
            auto outcome = std::make_shared<JobOutcome>();
            EncodeRequest e;
            e.values = {{QStringLiteral("corpus"), QStringLiteral("demo")},
                        {QStringLiteral("model"), dltest::testData(QStringLiteral("models/bert-tiny"))}};
            QCOMPARE(run(makeEncodeJob(project_, e, outcome)), QString());
            ClusterRequest c;
            c.values = {{QStringLiteral("corpus"), QStringLiteral("demo")},
                        {QStringLiteral("k"), 3},
                        {QStringLiteral("pca"), 10},
                        {QStringLiteral("seeds"), 1}};
            QCOMPARE(run(makeClusterJob(project_, c, outcome)), QString());
            clusterRun = outcome->runId;
        }
        QVERIFY(clusterRun > 0);
        MixtureJobDialog::Context onMap;
        onMap.clusterRun = clusterRun;
        onMap.clusterRuns << RunChoice{clusterRun, QStringLiteral("#%1").arg(clusterRun)};
        const QString kit = dir_.filePath(QStringLiteral("kit-clusters"));
        auto request = mixtureRequest(QStringLiteral("kit"),
                                      {{QStringLiteral("by"), QStringLiteral("cluster")},
                                       {QStringLiteral("out"), kit},
                                       {QStringLiteral("dev-lines"), 10},
                                       {QStringLiteral("test-lines"), 5},
                                       {QStringLiteral("target"), QStringLiteral("c0")},
                                       {QStringLiteral("init"), QStringLiteral("floored")}},
                                      onMap);
        QCOMPARE(request.run, clusterRun);
        QCOMPARE(run(makeMixtureJob(project_, request, std::make_shared<JobOutcome>())), QString());
        dl::CancelToken ct;
        auto mixture = readMixtureView(kit, ct);
        QVERIFY2(mixture, mixture ? "" : mixture.error().message.c_str());
        QCOMPARE(mixture->clusterRun, clusterRun);
        QCOMPARE(lambdaValueSources(*mixture, kit, clusterRun).size(), 2);  // no trajectory: lambda_t, lambda_0
        QVERIFY(lambdaValueSources(*mixture, kit, clusterRun + 1).isEmpty());  // another run's map
        auto view = readClusterView(project_, clusterRun);
        QVERIFY2(view, view ? "" : view.error().message.c_str());
        const auto json = readJson(kit + QStringLiteral("/mixture.json"));
        for (const char* which : {"lambda_t", "lambda_0"}) {
            const auto values = lambdaMapValues(*mixture, QLatin1String(which), view->clusterLabels);
            QCOMPARE(values.size(), view->clusterLabels.size());
            for (qsizetype i = 0; i < values.size(); ++i)
                QCOMPARE(values[i], json[which]["c" + std::to_string(view->clusterLabels[i])].get<double>());
        }

        // A target over the same clusters (two of them): its lambda^t alone colours the map.
        auto target = mixtureRequest(QStringLiteral("target"),
                                     {{QStringLiteral("from"), QStringLiteral("groups")},
                                      {QStringLiteral("groups"), QStringLiteral("c0,c1")},
                                      {QStringLiteral("out"), dir_.filePath(QStringLiteral("target-clusters.json"))}},
                                     onMap);
        QCOMPARE(target.run, clusterRun);
        QCOMPARE(run(makeMixtureJob(project_, target, std::make_shared<JobOutcome>())), QString());
        auto targetView = readMixtureView(MixtureJobDialog::resultPath(target), ct);
        QVERIFY2(targetView, targetView ? "" : targetView.error().message.c_str());
        QCOMPARE(targetView->clusterRun, clusterRun);
        const auto targetSources = lambdaValueSources(*targetView, MixtureJobDialog::resultPath(target), clusterRun);
        QCOMPARE(targetSources.size(), 1);
        QCOMPARE(targetSources[0].tag, QStringLiteral("lambda_t"));
        const auto targetValues = lambdaMapValues(*targetView, QStringLiteral("lambda_t"), view->clusterLabels);
        for (qsizetype i = 0; i < targetValues.size(); ++i)
            QCOMPARE(targetValues[i], view->clusterLabels[i] == 0 || view->clusterLabels[i] == 1 ? 0.5 : 0.0);

        // The Clusters view as the window drives it: the Mixture tab's kit offered in "Colour by".
        AsyncService async;
        ClusterExplorer explorer(async);
        QSignalSpy sourcesShown(&explorer, &ClusterExplorer::valueSourcesShown),
            valuesShown(&explorer, &ClusterExplorer::valuesShown);
        explorer.setProject(project_);
        explorer.setRun(*view);
        QVERIFY(sourcesShown.wait(30000));
        const auto before = explorer.valueSources().size();
        explorer.setMixture(kit, *mixture);
        QVERIFY(sourcesShown.wait(30000));
        QCOMPARE(explorer.valueSources().size(), before + 2);
        const auto lambda0 = std::find_if(explorer.valueSources().begin(), explorer.valueSources().end(),
                                          [](const MapValueSource& v) { return v.tag == QLatin1String("lambda_0"); });
        QVERIFY(lambda0 != explorer.valueSources().end());
        explorer.colourByValue(*lambda0);
        QVERIFY(valuesShown.wait(30000));
        QCOMPARE(explorer.scatter()->data().value,
                 lambdaMapValues(*mixture, QStringLiteral("lambda_0"), view->clusterLabels));
        QCOMPARE(explorer.scatter()->colorMode(), ScatterPlotView::ColorMode::Value);
    }

    // Cancel while the kit is being written (the Jobs panel's Cancel): the job says Cancelled and
    // the output folder holds no file, finished or temporary.
    void mixtureKitCancelLeavesNoFile() {
        const QString out = dir_.filePath(QStringLiteral("kit-cancelled"));
        auto kit = mixtureRequest(QStringLiteral("kit"), {{QStringLiteral("corpus"), QStringLiteral("demo")},
                                                          {QStringLiteral("out"), out},
                                                          {QStringLiteral("dev-lines"), 20},
                                                          {QStringLiteral("test-lines"), 10}});
        QCOMPARE(runCancelledAt(makeMixtureJob(project_, kit, std::make_shared<JobOutcome>()), "Writing the kit"),
                 JobOutcomeKind::Cancelled);
        QCOMPARE(QDir(out).entryList(QDir::Files | QDir::Hidden | QDir::System).size(), 0);
    }

    // The Clusters view as the window drives it while explore runs: the first map shown, then at
    // each chunk notification ClusterExplorer::followRun reads the growing assign run off the
    // GUI thread; the worker waits (the GUI thread's queued call) until the map is redrawn, so
    // the points shown after each notification are exactly the rows assigned so far.
    void exploreMapGrowsAsChunksArrive() {
        importSlice(QStringLiteral("growing"), {"koran", "it", "medical"}, 300, 500);
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::jobFinished);
        AsyncService async;
        ClusterExplorer explorer(async);
        explorer.setProject(project_);
        QSignalSpy shown(&explorer, &ClusterExplorer::runShown);
        qint64 firstRun = 0;
        QList<qint64> notified, drawn, drawnRuns;
        dl::ExploreObserver observer;
        observer.firstMap = [&](const dl::ExploreResult& r) {
            QMetaObject::invokeMethod(
                &runner,
                [&, run = qint64(r.firstMapRun)] {
                    firstRun = run;
                    auto view = readClusterView(project_, run);
                    if (!view) return;
                    explorer.setRun(std::move(*view));
                    drawn << explorer.scatter()->data().x.size();
                },
                Qt::BlockingQueuedConnection);
        };
        observer.assigned = [&](std::int64_t run, std::int64_t done, std::int64_t) {
            QMetaObject::invokeMethod(
                &runner,
                [&, run = qint64(run), done = qint64(done)] {
                    notified << done;
                    shown.clear();
                    explorer.followRun(run, firstRun);
                    if (!shown.wait(60000)) return;  // the map redrawn (the read on the pool)
                    drawnRuns << shown.at(0).at(0).toLongLong();
                    drawn << explorer.scatter()->data().x.size();
                },
                Qt::BlockingQueuedConnection);
        };
        auto outcome = std::make_shared<JobOutcome>();
        runner.submit(QStringLiteral("explore"),
                      makeExploreJob(project_, exploreRequest(QStringLiteral("growing")), outcome, observer));
        QVERIFY(finished.wait(180000));
        QCOMPARE(finished.at(0).at(1).value<JobOutcomeKind>(), JobOutcomeKind::Succeeded);
        QVERIFY2(notified.size() >= 5, qPrintable(QString::number(notified.size())));  // 500-600 rows, chunks of 100
        QCOMPARE(drawn.size(), notified.size() + 1);
        QCOMPARE(drawn.first(), 90);  // the sample's first map
        QCOMPARE(drawn.mid(1), notified);  // after each chunk: exactly the rows assigned so far
        for (qsizetype i = 1; i < drawn.size(); ++i) QVERIFY(drawn[i] > drawn[i - 1]);
        QCOMPARE(drawnRuns, QList<qint64>(notified.size(), drawnRuns.first()));  // one assign run, growing
        QVERIFY(drawnRuns.first() > firstRun && drawnRuns.first() < outcome->runId);
        // a map showing another run is left alone
        explorer.setRun(readClusterView(project_, outcome->runId).value());
        QVERIFY(shown.wait(10000) || explorer.runId() == outcome->runId);
        shown.clear();
        explorer.followRun(drawnRuns.first(), firstRun);
        QVERIFY(!shown.wait(500));
        QCOMPARE(explorer.runId(), outcome->runId);
    }

    void badModelFolderIsAClearError() {
        EncodeRequest e;
        e.values = {{QStringLiteral("corpus"), QStringLiteral("demo")},
                    {QStringLiteral("model"), dir_.path()}};  // a folder, but not a model
        const QString error = run(makeEncodeJob(project_, e, nullptr));
        QVERIFY(!error.isEmpty());
        QVERIFY2(error.contains(dir_.path()) || error.contains(QStringLiteral("config.json")), qPrintable(error));
    }
};

QTEST_MAIN(TestWorkbench)
#include "tst_workbench.moc"
