// common/Parallel.h, the one parallel helper of core:
// - the thread count: <= 0 means every hardware thread, clamped to the work, at least 1;
// - every block handed out once, in increasing order, worker 0 on the calling thread;
// - a worker's exception (any type) reaches the caller after every worker has returned, the
//   first one wins, the others stop, and workers waiting for one another are released;
// - cancellation: cancelled() whether the token was set before, during or by the end of the
//   run, no block handed out after it was seen, and a later reset does not restart the run;
// - the ordered fold adds per-block results in block order: bitwise the same for every count;
// - no work: nothing called, success.
// And the rule that makes it the one helper: no other thread fan-out in core/ (source scan).
#include <QDirIterator>
#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <mutex>
#include <numeric>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "TestPaths.h"
#include "common/Parallel.h"

using namespace dl;

namespace {

// Spins until the run has stopped: how a test makes one worker wait for another's exception
// or cancellation without a timing assumption (the helper's latch must release it).
void waitUntilStopped(const ParallelWorker& worker) {
    while (!worker.stopped()) std::this_thread::yield();
}

// A value per block whose float sum depends on the order of the additions.
double blockValue(std::int64_t b) {
    return (b % 3 == 0 ? 1e16 : 1.0) * std::pow(1.1, double(b % 17)) * (b % 2 ? -1 : 1);
}

}  // namespace

class TestParallel : public QObject {
    Q_OBJECT
private slots:
    void threadCount_data() {
        QTest::addColumn<int>("requested");
        QTest::addColumn<qlonglong>("work");
        QTest::addColumn<int>("expected");  // -1: hardwareThreads(), clamped to work
        QTest::newRow("as asked") << 3 << 100LL << 3;
        QTest::newRow("clamped to the work") << 8 << 2LL << 2;
        QTest::newRow("no work, one thread") << 8 << 0LL << 1;
        QTest::newRow("negative work, one thread") << 4 << -5LL << 1;
        QTest::newRow("0 = hardware") << 0 << 1000000LL << -1;
        QTest::newRow("negative = hardware") << -2 << 1000000LL << -1;
        QTest::newRow("hardware, clamped") << 0 << 1LL << 1;
    }
    void threadCount() {
        QFETCH(int, requested);
        QFETCH(qlonglong, work);
        QFETCH(int, expected);
        QVERIFY(hardwareThreads() >= 1);
        if (expected < 0) expected = static_cast<int>(std::min<qlonglong>(hardwareThreads(), work));
        QCOMPARE(parallelThreads(requested, work), expected);
        QCOMPARE(parallelThreads(parallelThreads(requested, work), work), expected);  // resolving twice
    }

    // parallelWorkers starts the resolved count of workers, each once, worker 0 on the caller.
    void workersAsResolved_data() {
        QTest::addColumn<int>("threads");
        QTest::addColumn<qlonglong>("blocks");
        QTest::newRow("one") << 1 << 10LL;
        QTest::newRow("three") << 3 << 10LL;
        QTest::newRow("more threads than blocks") << 8 << 2LL;
        QTest::newRow("no blocks") << 4 << 0LL;
    }
    void workersAsResolved() {
        QFETCH(int, threads);
        QFETCH(qlonglong, blocks);
        const int expected = parallelThreads(threads, blocks);
        std::mutex mutex;
        std::vector<int> indices;
        std::set<std::thread::id> ids;
        std::thread::id worker0;
        bool countAsResolved = true;
        const Status st = parallelWorkers(blocks, threads, nullptr, [&](ParallelWorker& w) {
            std::lock_guard lock(mutex);
            countAsResolved = countAsResolved && w.count() == expected;
            indices.push_back(w.index());
            ids.insert(std::this_thread::get_id());
            if (w.index() == 0) worker0 = std::this_thread::get_id();
        });
        QVERIFY(st.has_value());
        QVERIFY(countAsResolved);
        std::sort(indices.begin(), indices.end());
        std::vector<int> all(static_cast<std::size_t>(expected));
        std::iota(all.begin(), all.end(), 0);
        QVERIFY(indices == all);
        QCOMPARE(int(ids.size()), expected);
        QVERIFY(worker0 == std::this_thread::get_id());
    }

    void everyBlockOnceInOrder_data() {
        QTest::addColumn<int>("threads");
        QTest::newRow("1") << 1;
        QTest::newRow("2") << 2;
        QTest::newRow("5") << 5;
    }
    void everyBlockOnceInOrder() {
        QFETCH(int, threads);
        constexpr std::int64_t kBlocks = 1000;
        std::vector<std::atomic<int>> seen(kBlocks);
        std::atomic<bool> increasing{true}, workerInRange{true};
        const Status st = parallelWorkers(kBlocks, threads, nullptr, [&](ParallelWorker& w) {
            std::int64_t last = -1;
            for (std::int64_t b; w.next(b);) {
                if (b <= last) increasing = false;  // each worker sees its blocks in increasing order
                last = b;
                seen[std::size_t(b)].fetch_add(1);
            }
        });
        QVERIFY(st.has_value());
        QVERIFY(increasing);
        for (std::int64_t b = 0; b < kBlocks; ++b) QCOMPARE(seen[std::size_t(b)].load(), 1);
        // parallelBlocks: the same, with the worker index handed to fn.
        std::vector<std::atomic<int>> seenByBlocks(kBlocks);
        QVERIFY(parallelBlocks(kBlocks, threads, nullptr, [&](std::int64_t b, int worker) {
                    if (worker < 0 || worker >= threads) workerInRange = false;
                    seenByBlocks[std::size_t(b)].fetch_add(1);
                }).has_value());
        QVERIFY(workerInRange);
        for (std::int64_t b = 0; b < kBlocks; ++b) QCOMPARE(seenByBlocks[std::size_t(b)].load(), 1);
    }

    void zeroWork() {
        int calls = 0;
        QVERIFY(parallelBlocks(0, 4, nullptr, [&](std::int64_t, int) { ++calls; }).has_value());
        QCOMPARE(calls, 0);
        int made = 0;
        double total = 0;
        QVERIFY(parallelOrderedFold(
                    0, 4, nullptr, [&] { return ++made; }, [&](int&, std::int64_t) { ++calls; },
                    [&](int&, std::int64_t) { total += 1; })
                    .has_value());
        QCOMPARE(calls, 0);
        QCOMPARE(made, 1);  // the one worker made its state, and found no block
        QCOMPARE(total, 0.0);
    }

    // The thrower is a helper thread (index 1) or the caller (index 0); the other worker waits
    // for the run to stop, and then gets no block: no std::terminate, no hang, the error on the
    // caller.
    void exceptionReachesCaller_data() {
        QTest::addColumn<int>("thrower");
        QTest::newRow("helper thread throws") << 1;
        QTest::newRow("calling thread throws") << 0;
    }
    void exceptionReachesCaller() {
        QFETCH(int, thrower);
        std::atomic<bool> blockAfterStop{false};
        bool caught = false;
        try {
            (void)parallelWorkers(100, 2, nullptr, [&](ParallelWorker& w) {
                if (w.index() == thrower) throw std::runtime_error("worker failed");
                waitUntilStopped(w);
                std::int64_t b;
                if (w.next(b)) blockAfterStop = true;
            });
        } catch (const std::runtime_error& e) {
            caught = true;
            QCOMPARE(QByteArray(e.what()), QByteArray("worker failed"));
        }
        QVERIFY(caught);
        QVERIFY(!blockAfterStop);
    }

    void firstExceptionWins() {
        bool caught = false;
        try {
            (void)parallelWorkers(10, 3, nullptr, [&](ParallelWorker& w) {
                if (w.index() == 2) throw std::runtime_error("first");
                waitUntilStopped(w);
                throw std::logic_error("later");
            });
        } catch (const std::runtime_error& e) {
            caught = QByteArray(e.what()) == "first";
        } catch (const std::logic_error&) {
        }
        QVERIFY(caught);
    }

    // Not only std::exception: CancelledException (core's deep-loop cancellation) crosses too.
    void anyExceptionTypeCrosses() {
        bool caught = false;
        try {
            (void)parallelBlocks(8, 2, nullptr, [](std::int64_t b, int) {
                if (b == 5) throw CancelledException{};
            });
        } catch (const CancelledException&) {
            caught = true;
        }
        QVERIFY(caught);
    }

    // A block throws while later blocks wait for their turn to fold: they are released, and the
    // exception reaches the caller.
    void exceptionInOrderedFold() {
        bool caught = false;
        std::vector<std::int64_t> folded;
        try {
            (void)parallelOrderedFold(
                200, 4, nullptr, [] { return 0; },
                [](int&, std::int64_t b) {
                    if (b == 3) throw std::runtime_error("block 3");
                },
                [&](int&, std::int64_t b) { folded.push_back(b); });
        } catch (const std::runtime_error&) {
            caught = true;
        }
        QVERIFY(caught);
        QVERIFY(folded.size() <= 3);
        for (std::size_t i = 0; i < folded.size(); ++i) QCOMPARE(folded[i], std::int64_t(i));
    }

    void cancelledBeforeStart() {
        CancelToken cancel;
        cancel.cancel();
        std::atomic<int> calls{0};
        const Status st = parallelBlocks(100, 3, &cancel, [&](std::int64_t, int) { ++calls; });
        QVERIFY(!st);
        QCOMPARE(st.error().kind, ErrorKind::Cancelled);
        QCOMPARE(calls.load(), 0);
    }

    // One worker, so the count is exact: the blocks before the cancelling one and itself.
    void cancelledDuringRun() {
        CancelToken cancel;
        std::vector<std::int64_t> done;
        const Status st = parallelBlocks(100, 1, &cancel, [&](std::int64_t b, int) {
            done.push_back(b);
            if (b == 5) cancel.cancel();
        });
        QVERIFY(!st);
        QCOMPARE(st.error().kind, ErrorKind::Cancelled);
        QCOMPARE(done.size(), std::size_t(6));
    }

    // The token set by the time the workers have joined: cancelled too (the caller cannot tell
    // whether the results are whole, so it drops them), even though every block ran.
    void cancelledAtTheEnd() {
        CancelToken cancel;
        int calls = 0;
        const Status st = parallelBlocks(3, 1, &cancel, [&](std::int64_t b, int) {
            ++calls;
            if (b == 2) cancel.cancel();
        });
        QVERIFY(!st);
        QCOMPARE(st.error().kind, ErrorKind::Cancelled);
        QCOMPARE(calls, 3);
    }

    // One worker cancels and then resets the token; the other, waiting in inOrder for a block
    // that will never be folded, is released by the latch, and the run still reports cancelled().
    void cancellationReleasesWaitersAndLatches() {
        CancelToken cancel;
        std::atomic<bool> folded{false};
        bool stoppedOnCancel = false, stillStoppedAfterReset = false;
        const Status st = parallelWorkers(2, 2, &cancel, [&](ParallelWorker& w) {
            if (w.index() == 1) {
                if (w.inOrder(1, [&] { folded = true; })) folded = true;
                return;
            }
            cancel.cancel();
            stoppedOnCancel = w.stopped();
            cancel.reset();
            stillStoppedAfterReset = w.stopped();
        });
        QVERIFY(stoppedOnCancel);
        QVERIFY(stillStoppedAfterReset);
        QVERIFY(!st);
        QCOMPARE(st.error().kind, ErrorKind::Cancelled);
        QVERIFY(!folded);
    }

    // Block values whose float sum depends on the order: the fold gives the sequential sum
    // bitwise for every thread count, with blocks finishing out of order (uneven delays).
    void orderedFoldIsDeterministic_data() {
        QTest::addColumn<int>("threads");
        QTest::newRow("1") << 1;
        QTest::newRow("2") << 2;
        QTest::newRow("3") << 3;
        QTest::newRow("8") << 8;
    }
    void orderedFoldIsDeterministic() {
        QFETCH(int, threads);
        constexpr std::int64_t kBlocks = 300;
        double sequential = 0;
        for (std::int64_t b = 0; b < kBlocks; ++b) sequential += blockValue(b);
        struct State {
            double value = 0;
            std::thread::id owner = std::this_thread::get_id();
        };
        double total = 0;
        std::int64_t expectedNext = 0;
        std::atomic<int> states{0};
        bool inOrder = true, ownState = true;
        const Status st = parallelOrderedFold(
            kBlocks, threads, nullptr,
            [&] {
                ++states;
                return State{};
            },
            [&](State& s, std::int64_t b) {
                if (b % 7 == 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
                s.value = blockValue(b);
            },
            [&](State& s, std::int64_t b) {
                inOrder = inOrder && b == expectedNext++;
                ownState = ownState && s.owner == std::this_thread::get_id();
                total += s.value;
            });
        QVERIFY(st.has_value());
        QVERIFY(inOrder);
        QVERIFY(ownState);  // each worker made its state on its own thread and folds from it
        QCOMPARE(expectedNext, kBlocks);
        QVERIFY(states.load() <= parallelThreads(threads, kBlocks));
        QVERIFY(std::memcmp(&total, &sequential, sizeof total) == 0);
    }

    // No thread fan-out in core/ outside the helper: std::thread, std::jthread and std::async,
    // libtorch's parallel_for, and the hardware thread count (resolved in one place). The one
    // exemption is documented where it lives: corpus/Import.cpp's reader thread is a
    // producer/consumer pipeline (the file reader feeding the SQLite writer through a bounded
    // BatchQueue), not a fan-out: no blocks, no thread count, its errors carried by runJob.
    void noThreadFanOutOutsideTheHelper() {
        const QRegularExpression re(QStringLiteral(
            R"(\bstd::(thread|jthread|async)\b|\bparallel_for\s*\(|hardware_concurrency|\bpthread_create\b)"));
        const QStringList exempt{QStringLiteral("common/Parallel.cpp"), QStringLiteral("common/Parallel.h"),
                                 QStringLiteral("corpus/Import.cpp")};
        const QString root = QString::fromUtf8(dltest::sourceDir()) + QStringLiteral("/core/");
        QStringList offenders;
        int files = 0;
        bool importStillHasItsThread = false;
        QDirIterator it(root, {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            ++files;
            const QString relative = it.filePath().mid(root.size());
            QString text = QString::fromUtf8(f.readAll());
            text.remove(QRegularExpression(QStringLiteral(R"(//[^\n]*)")));  // comments may name them
            const bool match = re.match(text).hasMatch();
            if (relative == QLatin1String("corpus/Import.cpp")) importStillHasItsThread = match;
            if (match && !exempt.contains(relative)) offenders << relative;
        }
        QVERIFY(files > 50);
        QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join(QLatin1Char('\n'))));
        // When the reader thread goes, the exemption goes with it.
        QVERIFY2(importStillHasItsThread, "corpus/Import.cpp has no thread any more: drop its exemption");
    }
};

QTEST_GUILESS_MAIN(TestParallel)
#include "tst_parallel.moc"
