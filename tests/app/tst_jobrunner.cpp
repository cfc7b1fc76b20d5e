// JobRunner: jobs run on the worker thread, one at a time, in order; progress arrives as
// signals on the GUI thread; cancel is cooperative and reported as cancelled, not failed.
#include <QLabel>
#include <QLayout>
#include <QMainWindow>
#include <QStatusBar>
#include <QThread>

#include <sys/resource.h>
#include <unistd.h>
#include <QtTest>

#include <atomic>
#include <stdexcept>

#include "JobRunner.h"
#include "JobsPanel.h"
#include "ProjectQueries.h"
#include "StatusBarLayout.h"
#include "TestSupport.h"
#include "corpus/Import.h"
#include "store/Corpora.h"
#include "store/Store.h"

class TestJobRunner : public QObject {
    Q_OBJECT
private slots:
    void runsOnWorkerAndReportsProgress() {
        JobRunner runner;
        QSignalSpy started(&runner, &JobRunner::jobStarted);
        QSignalSpy progress(&runner, &JobRunner::jobProgress);
        QSignalSpy finished(&runner, &JobRunner::jobFinished);
        std::atomic<QThread*> bodyThread{nullptr};
        std::atomic<int> bodyNice{-100};
        bool doneCalledOnGui = false;
        runner.submit(
            QStringLiteral("count"),
            [&](dl::ProgressSink& p, const dl::CancelToken&) -> dl::Status {
                bodyThread = QThread::currentThread();
                bodyNice = getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()));
                p.stage("counting");
                for (int i = 1; i <= 3; ++i) p.progress(i, 3);
                return {};
            },
            [&](const dl::Status& s) {
                doneCalledOnGui = s.has_value() && QThread::currentThread() == qApp->thread();
            });
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(started.count(), 1);
        QVERIFY(bodyThread.load() != nullptr);
        QVERIFY(bodyThread.load() != QThread::currentThread());
        QVERIFY(doneCalledOnGui);
        // Jobs run below the GUI thread's priority (it keeps the CPU on a busy machine).
        QCOMPARE(bodyNice.load(), getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid())) + JobRunner::kWorkerNice);
        QCOMPARE(finished.at(0).at(1).value<JobOutcomeKind>(), JobOutcomeKind::Succeeded);
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.last().at(1).toLongLong(), 3);  // the final report is never throttled away
    }

    void outcomes_data() {
        QTest::addColumn<int>("behaviour");  // 0 fail, 1 throw, 2 cancel itself
        QTest::addColumn<JobOutcomeKind>("outcome");
        QTest::addColumn<QString>("message");
        QTest::newRow("failure") << 0 << JobOutcomeKind::Failed << "bad input in x.en:3";
        QTest::newRow("exception") << 1 << JobOutcomeKind::Failed << "Internal error: boom";
        QTest::newRow("cancel") << 2 << JobOutcomeKind::Cancelled << "Cancelled by the user.";
    }
    void outcomes() {
        QFETCH(int, behaviour);
        QFETCH(JobOutcomeKind, outcome);
        QFETCH(QString, message);
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::jobFinished);
        runner.submit(QStringLiteral("job"), [behaviour](dl::ProgressSink&, const dl::CancelToken&) -> dl::Status {
            if (behaviour == 0) return dl::fail("bad input in x.en:3");
            if (behaviour == 1) throw std::runtime_error("boom");
            throw dl::CancelledException{};
        });
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(1).value<JobOutcomeKind>(), outcome);
        QCOMPARE(finished.at(0).at(2).toString(), message);
    }

    void cancelStopsARunningJobAndQueueRunsInOrder() {
        JobRunner runner;
        QSignalSpy started(&runner, &JobRunner::jobStarted);
        QSignalSpy finished(&runner, &JobRunner::jobFinished);
        QSignalSpy idle(&runner, &JobRunner::idle);
        std::atomic<bool> entered{false};
        const int first =
            runner.submit(QStringLiteral("long"), [&](dl::ProgressSink&, const dl::CancelToken& c) -> dl::Status {
                entered = true;
                while (!c.isCancelled()) QThread::msleep(5);
                return dl::cancelled();
            });
        const int second = runner.submit(QStringLiteral("short"),
                                         [](dl::ProgressSink&, const dl::CancelToken&) -> dl::Status { return {}; });
        QCOMPARE(runner.pendingJobs(), 1);
        QTRY_VERIFY(entered.load());
        QVERIFY(runner.isBusy());
        runner.cancelCurrent();
        QTRY_COMPARE(finished.count(), 2);
        QCOMPARE(finished.at(0).at(0).toInt(), first);
        QCOMPARE(finished.at(0).at(1).value<JobOutcomeKind>(), JobOutcomeKind::Cancelled);
        QCOMPARE(finished.at(1).at(0).toInt(), second);
        QCOMPARE(finished.at(1).at(1).value<JobOutcomeKind>(), JobOutcomeKind::Succeeded);
        QCOMPARE(started.count(), 2);
        QTRY_COMPARE(idle.count(), 1);
        QVERIFY(!runner.isBusy());
    }

    void importThroughTheRunner() {
        QTemporaryDir dir;
        const QString project = dir.filePath(QStringLiteral("p.dlproj"));
        dl::Store::create(project.toStdString()).value();
        ImportRequest request;
        request.values = {{QStringLiteral("src"),
                           QString::fromStdString(dltest::writeFile(dir, QStringLiteral("law.en"), "a\nb\nb\n"))},
                          {QStringLiteral("domain-from-filename"), true}};
        const auto params = toImportParams(request).value();
        JobRunner runner;
        QSignalSpy finished(&runner, &JobRunner::jobFinished);
        runner.submit(QStringLiteral("import"), [&](dl::ProgressSink& p, const dl::CancelToken& c) -> dl::Status {
            auto store = dl::Store::open(project.toStdString());
            if (!store) return std::unexpected(store.error());
            auto r = dl::runImport(params, **store, p, c);
            if (!r) return std::unexpected(r.error());
            return {};
        });
        QTRY_COMPARE(finished.count(), 1);
        QVERIFY2(finished.at(0).at(1).value<JobOutcomeKind>() == JobOutcomeKind::Succeeded,
                 qPrintable(finished.at(0).at(2).toString()));
        auto summaries = readCorpusSummaries(project);
        QVERIFY(summaries);
        QCOMPARE(summaries->size(), 1);
        QCOMPARE(summaries->at(0).name, QStringLiteral("law"));
        QCOMPARE(summaries->at(0).sentences, qint64(2));
        QCOMPARE(summaries->at(0).domains.at(0).name, QStringLiteral("law"));
    }

    // A status-bar message (job summaries, errors, "Saved …") is readable next to the jobs panel:
    // QStatusBar draws it from x = 6 to 2 px before the first visible permanent widget, and a
    // stretching jobs panel once left it no room at all (StatusBarLayout).
    void statusBarMessagesHaveRoom() {
        QMainWindow window;
        auto* project = new QLabel(QStringLiteral("/tmp/p.dlproj"), &window);
        auto* map = new QLabel(&window);
        auto* jobs = new JobsPanel(&window);
        auto* device = new QLabel(QStringLiteral("Compute: CPU"), &window);
        installStatusBarWidgets(*window.statusBar(), {project, map, jobs, device});
        window.resize(1000, 300);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QString message =
            QStringLiteral("Clustering run #12: purity 91.70 ± 0.00 % over 5 seeds (random baseline 36.26 %).");
        window.statusBar()->showMessage(message);
        window.statusBar()->layout()->activate();
        QCoreApplication::processEvents();
        QVERIFY(project->isHidden());
        QVERIFY(jobs->isVisible());
        const QWidget* firstPermanent = map->isVisible() ? static_cast<QWidget*>(map) : jobs;
        const int room = firstPermanent->x() - 2 - 6;
        const int needed = window.statusBar()->fontMetrics().horizontalAdvance(message);
        QVERIFY2(room >= needed, qPrintable(QStringLiteral("room %1 px, message %2 px").arg(room).arg(needed)));
    }
};

QTEST_MAIN(TestJobRunner)
#include "tst_jobrunner.moc"
