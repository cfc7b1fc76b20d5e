// The window's off-thread service. Stale views: reads for the run views run off the GUI
// thread, and within a view a later request supersedes an earlier one — a slow read for
// project A that finishes after the request for project B is dropped, never painted
// (QSignalSpy on applied/discarded), and its CancelToken is set so it can stop early. Writes:
// one channel runs in order, never drops one, reports in order, and shutdown completes them.
// A source scan keeps every other thread pool out of app/ and widgets/.
#include <QtTest>

#include <QComboBox>
#include <QDirIterator>
#include <QRegularExpression>
#include <QThread>

#include <atomic>
#include <memory>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "AsyncService.h"
#include "ModelListLoader.h"
#include "ProjectCopyTask.h"
#include "SettingsDialog.h"
#include "TestPaths.h"
#include "store/Statement.h"
#include "store/Store.h"

namespace {
// A read that takes `ms` and returns `value` (stands in for a slow project read).
std::function<dl::Expected<QString>()> slowRead(const QString& value, int ms) {
    return [value, ms]() -> dl::Expected<QString> {
        QThread::msleep(ms);
        return value;
    };
}

// A read that runs until its token is set (or 10 s pass); `sawCancel` tells which.
std::function<dl::Expected<QString>(const dl::CancelToken&)> readUntilCancelled(std::atomic<bool>& started,
                                                                                std::atomic<bool>& sawCancel) {
    return [&started, &sawCancel](const dl::CancelToken& cancel) -> dl::Expected<QString> {
        started = true;
        for (int i = 0; i < 1000 && !cancel.isCancelled(); ++i) QThread::msleep(10);
        sawCancel = cancel.isCancelled();
        if (cancel.isCancelled()) return dl::cancelled();
        return QStringLiteral("never superseded");
    };
}
}  // namespace

class TestAsyncService : public QObject {
    Q_OBJECT
private slots:
    void laterRequestSupersedesEarlier_data() {
        QTest::addColumn<int>("firstMs");
        QTest::addColumn<int>("secondMs");
        QTest::newRow("older read finishes last") << 300 << 10;
        QTest::newRow("older read finishes first") << 10 << 300;
    }
    void laterRequestSupersedesEarlier() {
        QFETCH(int, firstMs);
        QFETCH(int, secondMs);
        AsyncService loader(nullptr, 2);
        QObject view;
        QSignalSpy applied(&loader, &AsyncService::applied);
        QSignalSpy discarded(&loader, &AsyncService::discarded);
        QStringList painted;
        auto paint = [&](QString v) { painted << v; };
        const quint64 a = loader.load<QString>(&view, QStringLiteral("cluster"),
                                               slowRead(QStringLiteral("project A"), firstMs), paint);
        const quint64 b = loader.load<QString>(&view, QStringLiteral("cluster"),
                                               slowRead(QStringLiteral("project B"), secondMs), paint);
        QVERIFY(b > a);
        QTRY_COMPARE_WITH_TIMEOUT(applied.count() + discarded.count(), 2, 10000);
        QCOMPARE(painted, QStringList{QStringLiteral("project B")});
        QCOMPARE(applied.count(), 1);
        QCOMPARE(applied.at(0).at(1).toULongLong(), b);
        QCOMPARE(discarded.count(), 1);
        QCOMPARE(discarded.at(0).at(1).toULongLong(), a);
    }

    void channelsAreIndependent() {
        AsyncService loader;
        QObject view;
        QSignalSpy applied(&loader, &AsyncService::applied);
        QStringList painted;
        loader.load<QString>(&view, QStringLiteral("cluster"), slowRead(QStringLiteral("clusters"), 50),
                             [&](QString v) { painted << v; });
        loader.load<QString>(&view, QStringLiteral("selection"), slowRead(QStringLiteral("selection"), 10),
                             [&](QString v) { painted << v; });
        QTRY_COMPARE_WITH_TIMEOUT(applied.count(), 2, 10000);
        painted.sort();
        QCOMPARE(painted, (QStringList{QStringLiteral("clusters"), QStringLiteral("selection")}));
    }

    // Opening another project invalidates every view, also one project B never asks for
    // (B has no clustering run, so nothing would supersede A's read).
    void invalidateAllDropsPending() {
        AsyncService loader;
        QObject view;
        QSignalSpy applied(&loader, &AsyncService::applied);
        QSignalSpy discarded(&loader, &AsyncService::discarded);
        bool painted = false;
        loader.load<QString>(&view, QStringLiteral("cluster"), slowRead(QStringLiteral("project A"), 100),
                             [&](QString) { painted = true; });
        loader.invalidateAll(&view);
        QVERIFY(discarded.wait(10000));
        QVERIFY(!painted);
        QCOMPARE(applied.count(), 0);
    }

    void errorsReachTheCallerOnlyWhenCurrent() {
        AsyncService loader;
        QObject view;
        QSignalSpy failed(&loader, &AsyncService::failed);
        QSignalSpy discarded(&loader, &AsyncService::discarded);
        QStringList errors;
        auto failing = [](int ms) {
            return std::function<dl::Expected<QString>()>([ms]() -> dl::Expected<QString> {
                QThread::msleep(ms);
                return dl::fail("cannot read run " + std::to_string(ms));
            });
        };
        loader.load<QString>(
            &view, QStringLiteral("v"), failing(200), [](QString) {}, [&](const QString& m) { errors << m; });
        loader.load<QString>(
            &view, QStringLiteral("v"), failing(10), [](QString) {}, [&](const QString& m) { errors << m; });
        QTRY_COMPARE_WITH_TIMEOUT(failed.count() + discarded.count(), 2, 10000);
        QCOMPARE(errors, QStringList{QStringLiteral("cannot read run 10")});
    }

    // A coded core error reaches the view in the UI language (errorText), not as core's
    // English sentence: the status bar and message boxes of MainWindow show this text.
    void codedErrorsAreTranslated() {
        AsyncService loader;
        QObject view;
        QSignalSpy failed(&loader, &AsyncService::failed);
        QString shown;
        loader.load<QString>(
            &view, QStringLiteral("v"),
            []() -> dl::Expected<QString> {
                return dl::fail(dl::ErrorCode::UnknownRun, {"7"}, "No run 7 in the project /p.dlproj.");
            },
            [](QString) {}, [&](const QString& m) { shown = m; });
        QVERIFY(failed.wait(10000));
        QCOMPARE(shown, QStringLiteral("There is no run 7 in the project."));
        QCOMPARE(failed.at(0).at(1).toString(), shown);
    }

    // The Settings (and Encode) dialog opens at once with "Loading models…"; the model list is
    // read on the service's pool and arrives later (QSignalSpy on the dialog); a dialog closed
    // before the list arrives is left alone.
    void modelListArrivesAfterTheDialogOpened() {
        AsyncService loader;
        SettingsDialog dialog(WorkbenchSettings{}, {});
        dialog.showModelsLoading();
        auto* combo = dialog.findChildren<QComboBox*>().last();  // language, then model
        QCOMPARE(combo->itemText(0), QStringLiteral("Loading models…"));
        QSignalSpy changed(&dialog, &SettingsDialog::modelsChanged);
        QSignalSpy applied(&loader, &AsyncService::applied);
        loadModelsAsync(loader, &dialog, [&dialog](QList<ModelChoice> m) { dialog.setModels(m); });
        QCOMPARE(changed.count(), 0);  // nothing listed on the GUI thread inside the call
        QVERIFY(changed.wait(30000));
        QCOMPARE(applied.count(), 1);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(combo->itemText(0), QStringLiteral("The installed default model"));

        auto* closed = new SettingsDialog(WorkbenchSettings{}, {});
        bool delivered = false;
        loadModelsAsync(loader, closed, [&](QList<ModelChoice>) { delivered = true; });
        delete closed;
        QVERIFY(applied.wait(30000));
        QVERIFY(!delivered);
    }

    // The read never runs on the GUI thread.
    void readsRunOffTheGuiThread() {
        AsyncService loader;
        QObject view;
        QSignalSpy applied(&loader, &AsyncService::applied);
        QThread* readThread = nullptr;
        QThread* applyThread = nullptr;
        loader.load<int>(
            &view, QStringLiteral("v"),
            [&]() -> dl::Expected<int> {
                readThread = QThread::currentThread();
                return 1;
            },
            [&](int) { applyThread = QThread::currentThread(); });
        QVERIFY(applied.wait(10000));
        QVERIFY(readThread != nullptr && readThread != QThread::currentThread());
        QCOMPARE(applyThread, QThread::currentThread());
    }

    // A superseded read sees its token set while it runs, so a long read stops early; its
    // result is dropped whatever it returns.
    void supersededReadSeesItsTokenCancelled_data() {
        QTest::addColumn<QString>("supersededBy");
        QTest::newRow("a later request") << QStringLiteral("request");
        QTest::newRow("invalidate") << QStringLiteral("invalidate");
        QTest::newRow("invalidateAll") << QStringLiteral("invalidateAll");
        QTest::newRow("its owner destroyed") << QStringLiteral("owner destroyed");
    }
    void supersededReadSeesItsTokenCancelled() {
        QFETCH(QString, supersededBy);
        AsyncService async;
        auto view = std::make_unique<QObject>();
        QSignalSpy applied(&async, &AsyncService::applied);
        QSignalSpy discarded(&async, &AsyncService::discarded);
        std::atomic<bool> started{false}, sawCancel{false};
        QStringList painted;
        auto paint = [&](QString v) { painted << v; };
        QElapsedTimer clock;
        clock.start();
        const quint64 first =
            async.load<QString>(view.get(), QStringLiteral("cluster"), readUntilCancelled(started, sawCancel), paint);
        QTRY_VERIFY_WITH_TIMEOUT(started, 5000);
        int expected = 1;
        if (supersededBy == QLatin1String("request")) {
            async.load<QString>(view.get(), QStringLiteral("cluster"), slowRead(QStringLiteral("project B"), 10),
                                paint);
            expected = 2;
        } else if (supersededBy == QLatin1String("invalidate")) {
            async.invalidate(view.get(), QStringLiteral("cluster"));
        } else if (supersededBy == QLatin1String("invalidateAll")) {
            async.invalidateAll(view.get());
        } else {
            view.reset();
        }
        QTRY_COMPARE_WITH_TIMEOUT(applied.count() + discarded.count(), expected, 5000);
        QVERIFY(sawCancel);
        QVERIFY2(clock.elapsed() < 5000, "the superseded read ran to its end");
        QCOMPARE(discarded.count(), 1);
        QCOMPARE(discarded.at(0).at(1).toULongLong(), first);
        QCOMPARE(painted, expected == 2 ? QStringList{QStringLiteral("project B")} : QStringList{});
    }

    // With one read thread busy, a read superseded while still queued never starts.
    void queuedSupersededReadNeverStarts() {
        AsyncService async(nullptr, 1);
        QObject view;
        QSignalSpy applied(&async, &AsyncService::applied);
        QSignalSpy discarded(&async, &AsyncService::discarded);
        std::atomic<bool> started{false}, sawCancel{false}, queuedRan{false};
        async.load<QString>(&view, QStringLiteral("busy"), readUntilCancelled(started, sawCancel), [](QString) {});
        QTRY_VERIFY_WITH_TIMEOUT(started, 5000);
        async.load<QString>(
            &view, QStringLiteral("queued"),
            [&]() -> dl::Expected<QString> {
                queuedRan = true;
                return QStringLiteral("stale");
            },
            [](QString) {});
        QStringList painted;
        async.load<QString>(&view, QStringLiteral("queued"), slowRead(QStringLiteral("fresh"), 1),
                            [&](QString v) { painted << v; });
        async.invalidate(&view, QStringLiteral("busy"));  // frees the one thread
        QTRY_COMPARE_WITH_TIMEOUT(applied.count() + discarded.count(), 3, 5000);
        QVERIFY(!queuedRan);
        QCOMPARE(painted, QStringList{QStringLiteral("fresh")});
        QCOMPARE(discarded.count(), 2);
    }

    // Writes of one channel run one at a time in submission order, are never superseded (not
    // by more writes, nor by invalidating reads of a channel with the same name), and report
    // in order with increasing tickets.
    void writeChannelKeepsOrderAndDropsNothing() {
        AsyncService async;
        QObject panel;
        QSignalSpy written(&async, &AsyncService::written);
        std::mutex lock;
        std::vector<int> ran;
        std::atomic<int> inside{0}, overlaps{0};
        QList<int> reported;
        QList<quint64> tickets;
        constexpr int kWrites = 200;
        for (int i = 0; i < kWrites; ++i) {
            tickets << async.write(
                &panel, QStringLiteral("decisions"),
                [&, i]() -> dl::Status {
                    if (inside.fetch_add(1) != 0) ++overlaps;
                    if (i % 16 == 0) QThread::msleep(2);
                    {
                        std::lock_guard hold(lock);
                        ran.push_back(i);
                    }
                    inside.fetch_sub(1);
                    return {};
                },
                [&, i] { reported << i; });
            if (i % 20 == 0) {
                async.load<QString>(&panel, QStringLiteral("decisions"), slowRead(QStringLiteral("read"), 1),
                                    [](QString) {});
                async.invalidateAll(&panel);
            }
        }
        QCOMPARE(async.pendingWrites(QStringLiteral("decisions")),
                 kWrites);  // none reported before the event loop turns
        QTRY_COMPARE_WITH_TIMEOUT(written.count(), kWrites, 20000);
        std::vector<int> inOrder(kWrites);
        std::iota(inOrder.begin(), inOrder.end(), 0);
        QCOMPARE(ran, inOrder);
        QCOMPARE(reported, QList<int>(inOrder.begin(), inOrder.end()));
        QCOMPARE(overlaps.load(), 0);
        for (int i = 0; i < kWrites; ++i) {
            QCOMPARE(written.at(i).at(0).toString(), QStringLiteral("decisions"));
            QCOMPARE(written.at(i).at(1).toULongLong(), tickets[i]);
            if (i > 0) QVERIFY(tickets[i] > tickets[i - 1]);
        }
        QCOMPARE(async.pendingWrites(QStringLiteral("decisions")), 0);
    }

    // Shutdown (the destructor) runs every queued write, in order, before it returns, and
    // cancels a read still running.
    void shutdownCompletesPendingWrites() {
        std::mutex lock;
        std::vector<int> ran;
        std::atomic<bool> started{false}, sawCancel{false};
        constexpr int kWrites = 30;
        QElapsedTimer clock;
        {
            AsyncService async;
            QObject panel;
            async.load<QString>(&panel, QStringLiteral("map"), readUntilCancelled(started, sawCancel), [](QString) {});
            QTRY_VERIFY_WITH_TIMEOUT(started, 5000);
            for (int i = 0; i < kWrites; ++i)
                async.write(&panel, QStringLiteral("names"), [&, i]() -> dl::Status {
                    QThread::msleep(5);
                    std::lock_guard hold(lock);
                    ran.push_back(i);
                    return {};
                });
            clock.start();  // 30 writes of 5 ms are queued, none reported yet
        }
        std::vector<int> inOrder(kWrites);
        std::iota(inOrder.begin(), inOrder.end(), 0);
        QCOMPARE(ran, inOrder);
        QVERIFY(sawCancel);
        QVERIFY2(clock.elapsed() < 5000, "shutdown waited for the read to run to its end");
    }

    // Errors of reads and writes reach onError on the GUI thread, in the UI language; a failed
    // write does not stop the writes queued after it.
    void errorsReachOnErrorOnTheGuiThread() {
        AsyncService async;
        QObject panel;
        QSignalSpy written(&async, &AsyncService::written);
        QSignalSpy writeFailed(&async, &AsyncService::writeFailed);
        QSignalSpy failed(&async, &AsyncService::failed);
        QThread* readErrorThread = nullptr;
        QThread* writeErrorThread = nullptr;
        QStringList events;
        async.load<int>(
            &panel, QStringLiteral("v"), []() -> dl::Expected<int> { throw std::runtime_error("disk on fire"); },
            [](int) {},
            [&](const QString& m) {
                readErrorThread = QThread::currentThread();
                events << QStringLiteral("read: ") + m;
            });
        const quint64 bad = async.write(
            &panel, QStringLiteral("w"),
            []() -> dl::Status {
                return dl::fail(dl::ErrorCode::UnknownRun, {"7"}, "No run 7 in the project /p.dlproj.");
            },
            [&] { events << QStringLiteral("bad done"); },
            [&](const QString& m) {
                writeErrorThread = QThread::currentThread();
                events << QStringLiteral("write: ") + m;
            });
        const quint64 good = async.write(
            &panel, QStringLiteral("w"), []() -> dl::Status { return {}; },
            [&] { events << QStringLiteral("good done"); });
        QTRY_COMPARE_WITH_TIMEOUT(written.count() + writeFailed.count() + failed.count(), 3, 10000);
        QCOMPARE(readErrorThread, QThread::currentThread());
        QCOMPARE(writeErrorThread, QThread::currentThread());
        QVERIFY(events.contains(QStringLiteral("read: Unexpected error while reading: disk on fire")));
        events.removeAll(QStringLiteral("read: Unexpected error while reading: disk on fire"));
        QCOMPARE(events, (QStringList{QStringLiteral("write: There is no run 7 in the project."),
                                      QStringLiteral("good done")}));
        QCOMPARE(writeFailed.count(), 1);
        QCOMPARE(writeFailed.at(0).at(1).toULongLong(), bad);
        QCOMPARE(written.count(), 1);
        QCOMPARE(written.at(0).at(1).toULongLong(), good);
    }

    // One executor for the window: no thread pool and no QtConcurrent outside the service in
    // app/ and widgets/ (JobRunner's worker QThread is the job executor, not a pool).
    void noOtherPoolInTheGui() {
        const QRegularExpression pool(QStringLiteral("\\b(QThreadPool|QtConcurrent)\\b"));
        QStringList offenders;
        int scanned = 0;
        bool serviceMatches = false;
        for (const char* area : {"app", "widgets"}) {
            QDirIterator it(QString::fromUtf8(dltest::sourceDir()) + QLatin1Char('/') + QLatin1String(area),
                            {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                QFile file(path);
                QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
                ++scanned;
                const bool isService = it.fileInfo().completeBaseName() == QLatin1String("AsyncService");
                int line = 0;
                for (const QByteArray& raw : file.readAll().split('\n')) {
                    ++line;
                    const QString code =
                        QString::fromUtf8(raw).section(QStringLiteral("//"), 0, 0);  // comments may name them
                    if (!pool.match(code).hasMatch()) continue;
                    if (isService) serviceMatches = true;
                    else offenders << QStringLiteral("%1:%2").arg(path).arg(line);
                }
            }
        }
        QVERIFY2(scanned > 100, "the scan found the sources");
        QVERIFY2(serviceMatches, "the pattern finds the service's own pool");
        QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join(QLatin1Char('\n'))));
    }

    // File > Save a Copy As… (saveProjectCopy): the copy runs on the service's write channel while
    // the GUI thread is blocked, has every committed row (in the WAL) and not another connection's
    // open transaction; the result is reported on the GUI thread; an existing file is refused
    // unless replacing, and left as it was.
    void saveProjectCopyOffTheGuiThread() {
        QTemporaryDir dir;
        const QString src = dir.filePath(QStringLiteral("p.dlproj")), dst = dir.filePath(QStringLiteral("c.dlproj"));
        auto writer = dl::Store::create(src.toStdString()).value();
        writer->exec("PRAGMA wal_autocheckpoint=0;").value();
        {
            auto tx = writer->begin().value();
            for (int i = 0; i < 1000; ++i)
                writer->exec("INSERT INTO corpora(name) VALUES('c" + std::to_string(i) + "');").value();
            tx.commit().value();
        }
        auto other = dl::Store::open(src.toStdString()).value();
        auto open = other->begin().value();
        other->exec("INSERT INTO corpora(name) VALUES('uncommitted');").value();

        AsyncService async;
        QObject owner;
        QString error = QStringLiteral("pending");
        QThread* reportedOn = nullptr;
        auto done = [&](const QString& e) { error = e, reportedOn = QThread::currentThread(); };
        saveProjectCopy(async, &owner, src, dst, false, done);
        // No event loop here: only another thread can make the copy appear.
        for (int i = 0; i < 200 && !QFileInfo::exists(dst); ++i) QThread::msleep(25);
        QVERIFY(QFileInfo::exists(dst));
        QTRY_VERIFY_WITH_TIMEOUT(error != QLatin1String("pending"), 10000);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(reportedOn, QThread::currentThread());
        open.rollback();
        {
            auto copy = dl::Store::open(dst.toStdString(), dl::OpenMode::ReadOnly).value();
            auto q = copy->prepare("SELECT count(*), sum(name = 'uncommitted') FROM corpora").value();
            QVERIFY(q.step().value());
            QCOMPARE(q.int64(0), std::int64_t(1000));
            QCOMPARE(q.int64(1), std::int64_t(0));
        }
        const auto size = QFileInfo(dst).size();
        error = QStringLiteral("pending");
        {
            QFile f(dst);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write("not a copy\n");
        }
        saveProjectCopy(async, &owner, src, dst, false, done);
        QTRY_VERIFY_WITH_TIMEOUT(error != QLatin1String("pending"), 10000);
        QVERIFY(!error.isEmpty());
        QCOMPARE(QFileInfo(dst).size(), qint64(11));
        error = QStringLiteral("pending");
        saveProjectCopy(async, &owner, src, dst, true, done);
        QTRY_VERIFY_WITH_TIMEOUT(error != QLatin1String("pending"), 10000);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(QFileInfo(dst).size(), size);
    }
};

QTEST_MAIN(TestAsyncService)
#include "tst_asyncservice.moc"
