// End to end, offscreen: a project from a real corpus slice; encode (tiny real BERT fixture),
// cluster and select through the JobRunner exactly as the GUI does; the views' data and
// widgets; export, and the files on disk.
#include <QtTest>

#include <QTableWidget>
#include <QUndoStack>
#include "AsyncService.h"
#include "ClusterExplorer.h"
#include "ConfusionMatrixModel.h"
#include "ConfusionMatrixView.h"
#include "DecisionWriter.h"
#include "JobFactory.h"
#include "JobRunner.h"
#include "ProjectQueries.h"
#include "RunViews.h"
#include "ScatterPlotView.h"
#include "ScoreHistogramView.h"
#include "SelectionExplorer.h"
#include "TestSupport.h"
#include "corpus/Import.h"
#include "store/Store.h"

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
