// The job boundary: every selection method, the cross-lingual path and evaluation return a
// dl::Error when cancelled (at any progress call) instead of letting CancelledException or a
// libtorch error reach std::terminate; a cancelled job stores nothing.
#include <QtTest>

#include "CliProcess.h"
#include "TestSupport.h"
#include "corpus/Import.h"
#include "encode/EncodeJob.h"
#include "select/CrossLingual.h"
#include "select/SelectJob.h"
#include "store/Runs.h"
#include "store/Statement.h"
#include "store/Store.h"

using namespace dl;

namespace {

// Cancels once `after` progress events (stage or progress) have been seen: the cancel then
// arrives inside the job, wherever that event was reported from.
class CancelAfter final : public ProgressSink {
public:
    CancelAfter(CancelToken& token, int after) : token_(token), after_(after) {}
    void stage(std::string_view) override { tick(); }
    void progress(std::int64_t, std::int64_t) override { tick(); }
    int events = 0;

private:
    void tick() {
        if (++events >= after_) token_.cancel();
    }
    CancelToken& token_;
    int after_;
};

long long runCount(Store& s) {
    auto st = s.prepare("SELECT count(*) FROM runs");
    return st && st->step().value_or(false) ? st->int64(0) : -1;
}

}  // namespace

class TestJobBoundary : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    std::string project_;

    void import(Store& s, const QString& name, const char* domain, int lines, int salt, bool parallel) {
        ImportParams p;
        p.corpus = name.toStdString();
        p.srcPath = dltest::writeCorpus(dir_, name + QStringLiteral("-%1.en").arg(QLatin1String(domain)),
                                        QLatin1String(domain), lines, salt)
                        .toStdString();
        if (parallel)
            p.tgtPath = dltest::writeCorpus(dir_, name + QStringLiteral("-%1.de").arg(QLatin1String(domain)),
                                            QLatin1String(domain), lines, salt + 50)
                            .toStdString();
        p.labelSource = LabelSource::Given;
        p.domain = domain;
        NullProgress np;
        CancelToken ct;
        auto r = runImport(p, s, np, ct);
        if (!r) qFatal("%s", r.error().message.c_str());
    }

private slots:
    void initTestCase() {
        project_ = dir_.filePath(QStringLiteral("p.dlproj")).toStdString();
        auto s = Store::create(project_);
        QVERIFY(s);
        // Parallel pool and seed (Axelrod needs both sides); "par" for the cross-lingual path.
        import(**s, QStringLiteral("pool"), "medical", 150, 0, true);
        import(**s, QStringLiteral("seed"), "medical", 60, 3, true);
        import(**s, QStringLiteral("par"), "law", 300, 5, true);
        for (const char* c : {"pool", "seed", "par"})
            for (Side side : {Side::Source, Side::Target}) {
                EncodeParams ep;
                ep.model = dltest::testData(QStringLiteral("models/bert-tiny")).toStdString();
                ep.corpus = c;
                ep.side = side;
                NullProgress np;
                CancelToken ct;
                auto r = runEncode(ep, **s, np, ct);
                QVERIFY2(r, r ? "" : r.error().message.c_str());
            }
    }

    void cancelledSelectionReturnsAnError_data() {
        QTest::addColumn<QString>("method");
        QTest::addColumn<int>("after");
        for (const char* m :
             {"cosine", "finetune-head", "finetune", "moore-lewis", "axelrod", "contrast", "cross-lingual"})
            for (int after : {1, 2, 3, 5, 8})
                QTest::newRow(qPrintable(QStringLiteral("%1 @%2").arg(QLatin1String(m)).arg(after)))
                    << QString::fromLatin1(m) << after;
    }
    void cancelledSelectionReturnsAnError() {
        QFETCH(QString, method);
        QFETCH(int, after);
        auto s = Store::open(project_);
        QVERIFY(s);
        const auto runsBefore = runCount(**s);
        CancelToken token;
        CancelAfter sink(token, after);
        bool ok = false;
        Error error;
        if (method == QLatin1String("cross-lingual")) {
            CrossLingualParams p;
            p.pool = "pool";
            p.seed = "seed";
            p.parallel = "par";
            p.model = dltest::testData(QStringLiteral("models/bert-tiny")).toStdString();
            p.clusters = 2;
            p.batchSize = 16;
            auto r = runCrossLingual(p, **s, sink, token);  // must return, never throw
            ok = r.has_value();
            if (!r) error = r.error();
        } else {
            SelectParams p;
            p.method = parseMethod(method.toStdString()).value();
            p.pool = "pool";
            p.seed = "seed";
            p.model = dltest::testData(QStringLiteral("models/bert-tiny")).toStdString();
            p.head.epochs = 3;
            p.fineTune.epochs = 1;
            auto r = runSelect(p, **s, sink, token);  // must return, never throw
            ok = r.has_value();
            if (!r) error = r.error();
        }
        if (ok) {
            // The job finished before `after` events: then it stored exactly one run.
            QVERIFY2(sink.events < after + 1 || !token.isCancelled(), "a cancelled job reported success");
            QCOMPARE(runCount(**s), runsBefore + 1);
            return;
        }
        QVERIFY2(error.kind == ErrorKind::Cancelled, error.message.c_str());
        QCOMPARE(runCount(**s), runsBefore);  // nothing stored
    }

    // The same methods, uncancelled, run to a stored run through runSelect (Axelrod, contrast,
    // finetune-head and finetune were untested through it).
    void methodsStoreRuns_data() {
        QTest::addColumn<QString>("method");
        for (const char* m : {"axelrod", "contrast", "finetune-head", "finetune"})
            QTest::newRow(m) << QString::fromLatin1(m);
    }
    void methodsStoreRuns() {
        QFETCH(QString, method);
        auto s = Store::open(project_);
        QVERIFY(s);
        SelectParams p;
        p.method = parseMethod(method.toStdString()).value();
        p.pool = "par";
        p.seed = "seed";
        p.top = 50;
        p.head.epochs = 5;
        p.fineTune.epochs = 1;
        NullProgress np;
        CancelToken ct;
        auto r = runSelect(p, **s, np, ct);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QCOMPARE(r->selected, 50);
        QCOMPARE(r->poolSize, 300);
        auto results = readRunResults(**s, r->runId);
        QVERIFY(results);
        QCOMPARE(qsizetype(results->sentenceIds.size()), 300);
        int labelled = 0;
        for (auto l : results->label) labelled += l == 1;
        QCOMPARE(labelled, 50);
        auto run = getRun(**s, r->runId);
        QVERIFY(run);
        QCOMPARE(run->params["method"].get<std::string>(), method.toStdString());
    }
};

QTEST_GUILESS_MAIN(TestJobBoundary)
#include "tst_jobboundary.moc"
