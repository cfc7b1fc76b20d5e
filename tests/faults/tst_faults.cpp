// Faults injected and survived (figures in docs/reliability.md):
// - kill -9 at random moments during import, encode, cluster, select and export (20 each):
//   the project passes PRAGMA integrity_check, shows no partial corpus or run, a resumed encode
//   gives the same vectors as an uninterrupted one, and no export file under its final name
//   differs from an uninterrupted export;
// - a file-size limit (ulimit -f, i.e. a full disk for this process) during import and export:
//   a clear error, exit 1, nothing half-written;
// - a reader (the GUI's read path: Store opened read-only) beside a CLI import.
#include <QtTest>

#include <sys/resource.h>

#include <csignal>

#include "CliProcess.h"
#include "TestSupport.h"
#include "store/Corpora.h"
#include "store/Store.h"

using namespace dltest;

namespace {

constexpr int kKillsPerKind = 20;

QByteArray chunksOf(const QString& project) {
    sqlite3* db = nullptr;
    QByteArray all;
    sqlite3_open_v2(project.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(
        db,
        "SELECT corpus_id, first_position, rows, data FROM embedding_chunks ORDER BY set_id, corpus_id, first_position",
        -1, &st, nullptr);
    while (sqlite3_step(st) == SQLITE_ROW) {
        all += QByteArray::number(sqlite3_column_int64(st, 0)) + ':' + QByteArray::number(sqlite3_column_int64(st, 1)) +
               ':' + QByteArray::number(sqlite3_column_int64(st, 2)) + ';';
        all += QByteArray(static_cast<const char*>(sqlite3_column_blob(st, 3)), sqlite3_column_bytes(st, 3));
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return all;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestFaults : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString base_, bigFile_, model_;
    qint64 baseRun_ = 0;
    QString path(const QString& name) const { return dir_.filePath(name); }
    QString copyBase(const QString& name) {
        const QString to = path(name);
        if (!replaceProjectFile(base_, to)) qFatal("cannot copy the project");
        return to;
    }
    static QByteArray describe(const CliRun& r) {
        return "exit " + QByteArray::number(r.exitCode) + "; stderr: " + r.err.right(600);
    }

    // Runs args to completion, measuring its wall time.
    qint64 timed(const QStringList& args) {
        QElapsedTimer t;
        t.start();
        auto r = runCli(args);
        if (r.exitCode != 0) qWarning("%s", describe(r).constData());
        return r.exitCode == 0 ? t.elapsed() : -1;
    }
    // Starts args, kills it with SIGKILL after `ms`; returns true when it was killed (still running).
    static bool killAfter(const QStringList& args, int ms) {
        QProcess p;
        p.start(cliPath(), args);
        if (!p.waitForStarted()) return false;
        if (p.waitForFinished(ms)) return false;
        ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
        p.waitForFinished(10000);
        return true;
    }

private slots:
    void initTestCase() {
        QVERIFY(QFile::exists(cliPath()));
        model_ = testData(QStringLiteral("models/bert-tiny"));
        base_ = path(QStringLiteral("base.dlproj"));
        const QByteArray made = makeLabelledProject(dir_, base_, model_, 400, 60);
        QVERIFY2(made.isEmpty(), made.constData());
        auto r = runCli({QStringLiteral("select"), base_, QStringLiteral("--method"), QStringLiteral("cosine"),
                         QStringLiteral("--pool"), QStringLiteral("pool"), QStringLiteral("--seed"),
                         QStringLiteral("seed"), QStringLiteral("--top"), QStringLiteral("1200"),
                         QStringLiteral("--json"), QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, describe(r));
        baseRun_ = r.json().value(QStringLiteral("run")).toInteger();
        bigFile_ = writeCorpus(dir_, QStringLiteral("big.en"), QStringLiteral("law"), 150000, 5);
    }

    void killDuringJob_data() {
        QTest::addColumn<QString>("kind");
        for (const char* k : {"import", "encode", "cluster", "select", "export"})
            QTest::newRow(k) << QString::fromLatin1(k);
    }
    void killDuringJob() {
        QFETCH(QString, kind);
        const QString outDir = path(QStringLiteral("out-") + kind);
        QDir().mkpath(outDir);
        auto argsFor = [&](const QString& project, const QString& out) -> QStringList {
            if (kind == QLatin1String("import"))
                return {QStringLiteral("import"),   project,
                        QStringLiteral("--src"),    bigFile_,
                        QStringLiteral("--corpus"), QStringLiteral("big")};
            if (kind == QLatin1String("encode"))  // a second representation of the pool: layer 1
                return {QStringLiteral("encode"),    project,
                        QStringLiteral("--model"),   model_,
                        QStringLiteral("--corpus"),  QStringLiteral("pool"),
                        QStringLiteral("--layer"),   QStringLiteral("1"),
                        QStringLiteral("--chunk"),   QStringLiteral("100"),
                        QStringLiteral("--threads"), QStringLiteral("1"),
                        QStringLiteral("--quiet")};
            if (kind == QLatin1String("cluster"))
                return {QStringLiteral("cluster"),  project,
                        QStringLiteral("--corpus"), QStringLiteral("pool"),
                        QStringLiteral("--k"),      QStringLiteral("3"),
                        QStringLiteral("--pca"),    QStringLiteral("8"),
                        QStringLiteral("--seeds"),  QStringLiteral("5"),
                        QStringLiteral("--quiet")};
            if (kind == QLatin1String("select"))
                return {QStringLiteral("select"),   project,
                        QStringLiteral("--method"), QStringLiteral("finetune-head"),
                        QStringLiteral("--pool"),   QStringLiteral("pool"),
                        QStringLiteral("--seed"),   QStringLiteral("seed"),
                        QStringLiteral("--quiet")};
            return {QStringLiteral("export"),  project,
                    QString::number(baseRun_), QStringLiteral("--format"),
                    QStringLiteral("tsv"),     QStringLiteral("--scores"),
                    QStringLiteral("--out"),   out,
                    QStringLiteral("--force")};
        };
        // The uninterrupted reference: its duration bounds the random kill moments.
        const QString reference = copyBase(QStringLiteral("ref-%1.dlproj").arg(kind));
        const QString refOut = outDir + QStringLiteral("/ref");
        const qint64 duration = timed(argsFor(reference, refOut));
        QVERIFY(duration > 0);
        const QString before = fingerprint(base_);
        const QString after = fingerprint(reference);
        const QStringList refFiles = QDir(outDir).entryList({QStringLiteral("ref*")}, QDir::Files);
        QRandomGenerator rng(20261122u + static_cast<quint32>(qHash(kind)));
        int killed = 0, completed = 0;
        // Until 20 runs were really killed mid-job (a run that finished first still gets checked).
        for (int i = 0; killed < kKillsPerKind && i < 3 * kKillsPerKind; ++i) {
            const QString project = copyBase(QStringLiteral("kill-%1.dlproj").arg(kind));
            const QString out = outDir + QStringLiteral("/k%1").arg(i);
            const int ms = static_cast<int>(rng.bounded(static_cast<quint32>(duration)));
            if (killAfter(argsFor(project, out), ms)) ++killed;
            else ++completed;
            QCOMPARE(integrity(project), QStringLiteral("ok"));
            const QString now = fingerprint(project);
            if (kind == QLatin1String("encode")) {
                // Resumable by design: finish it, then the vectors equal the uninterrupted run's.
                auto r = runCli(argsFor(project, out));
                QVERIFY2(r.exitCode == 0, describe(r));
                QCOMPARE(fingerprint(project), after);
                QVERIFY2(chunksOf(project) == chunksOf(reference), "resumed encode differs from the uninterrupted one");
            } else {
                QVERIFY2(now == before || now == after,
                         qPrintable(QStringLiteral("partial state after a kill at %1 ms: %2 (before %3, after %4)")
                                        .arg(ms)
                                        .arg(now, before, after)));
            }
            if (kind == QLatin1String("export")) {
                for (const QString& f : QDir(outDir).entryList({QStringLiteral("k%1*").arg(i)}, QDir::Files)) {
                    const QString refName = QStringLiteral("ref") + f.mid(QStringLiteral("k%1").arg(i).size());
                    QVERIFY2(refFiles.contains(refName), qPrintable(QStringLiteral("unexpected file %1").arg(f)));
                    if (!f.endsWith(QLatin1String(".json")))  // the manifest names its own paths
                        QVERIFY2(readAll(outDir + QLatin1Char('/') + f) == readAll(outDir + QLatin1Char('/') + refName),
                                 qPrintable(QStringLiteral("%1 differs from the uninterrupted export").arg(f)));
                }
            }
        }
        qInfo("%s: %d killed, %d completed before the kill (reference run %lld ms)", qPrintable(kind), killed,
              completed, static_cast<long long>(duration));
        QVERIFY2(killed >= kKillsPerKind, "fewer than 20 kills fell inside the job");
    }

    // ulimit -f: writes beyond the limit fail with EFBIG (the CLI ignores SIGXFSZ), as on a full disk.
    void fileSizeLimit_data() {
        QTest::addColumn<QString>("kind");
        QTest::newRow("import") << QStringLiteral("import");
        QTest::newRow("export") << QStringLiteral("export");
    }
    void fileSizeLimit() {
        QFETCH(QString, kind);
        const QString project = copyBase(QStringLiteral("full-%1.dlproj").arg(kind));
        const QString outDir = path(QStringLiteral("full-out-") + kind);
        QDir().mkpath(outDir);
        const QString before = fingerprint(project);
        const QStringList args = kind == QLatin1String("import")
                                     ? QStringList{QStringLiteral("import"),   project,
                                                   QStringLiteral("--src"),    bigFile_,
                                                   QStringLiteral("--corpus"), QStringLiteral("big")}
                                     : QStringList{QStringLiteral("export"),  project,
                                                   QString::number(baseRun_), QStringLiteral("--format"),
                                                   QStringLiteral("tsv"),     QStringLiteral("--scores"),
                                                   QStringLiteral("--out"),   outDir + QStringLiteral("/sel")};
        QProcess p;
        // Limit: above the project's current size (so it opens), far below what the job writes.
        // Export: room for the project's 32 KiB -shm file (it opens read-only), not for the ~90 KB TSV.
        const qint64 limit = kind == QLatin1String("import") ? QFileInfo(project).size() + 256 * 1024 : 40 * 1024;
        p.setChildProcessModifier([limit] {
            struct rlimit rl {
                static_cast<rlim_t>(limit), static_cast<rlim_t>(limit)
            };
            setrlimit(RLIMIT_FSIZE, &rl);
        });
        p.start(cliPath(), args);
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 1, err.constData());
        QVERIFY2(err.contains("domainlens-cli: "), err.constData());
        // The message names the cause and the file that could not be written, never SQLite's
        // bare "disk I/O error".
        const QByteArray written = kind == QLatin1String("import") ? "Disk full while writing " + project.toUtf8()
                                                                   : "Writing " + outDir.toUtf8() + "/sel.tsv failed";
        QVERIFY2(err.contains(written), err.constData());
        QVERIFY2(!err.contains("disk I/O error"), err.constData());
        qInfo("%s under ulimit -f %lld: %s", qPrintable(kind), static_cast<long long>(limit),
              err.trimmed().right(300).constData());
        QCOMPARE(integrity(project), QStringLiteral("ok"));
        QCOMPARE(fingerprint(project), before);
        QCOMPARE(QDir(outDir).entryList(QDir::Files | QDir::Hidden),
                 QStringList{});  // neither final nor temporary files
    }

    // The GUI's read path (a read-only Store, one query) open beside a CLI import into the same
    // project: reads go on (WAL), the import finishes, nothing is lost.
    void readerBesideImport() {
        const QString project = copyBase(QStringLiteral("concurrent.dlproj"));
        QProcess p;
        p.start(cliPath(), {QStringLiteral("import"), project, QStringLiteral("--src"), bigFile_,
                            QStringLiteral("--corpus"), QStringLiteral("big")});
        QVERIFY(p.waitForStarted());
        int reads = 0, failures = 0;
        QString lastError;
        auto store = dl::Store::open(project.toStdString(), dl::OpenMode::ReadOnly);
        QVERIFY2(store.has_value(), store ? "" : store.error().message.c_str());
        while (p.state() == QProcess::Running) {
            auto corpora = dl::listCorpora(**store);
            if (corpora) {
                ++reads;
                QVERIFY(corpora->size() == 2 || corpora->size() == 3);
            } else {
                ++failures;
                lastError = QString::fromStdString(corpora.error().message);
                QVERIFY2(lastError.contains(QStringLiteral("locked")), qPrintable(lastError));  // says why
            }
            p.waitForFinished(20);
        }
        QCOMPARE(p.exitCode(), 0);
        auto corpora = dl::listCorpora(**store);
        QVERIFY(corpora && corpora->size() == 3);
        bool found = false;
        for (const auto& c : *corpora)
            if (c.name == "big") found = c.sentences == 150000;
        QVERIFY2(found, "the imported corpus is complete");
        qInfo("reader beside import: %d reads ok, %d refused (%s)", reads, failures, qPrintable(lastError));
        QVERIFY(reads > 0);
    }
};

QTEST_GUILESS_MAIN(TestFaults)
#include "tst_faults.moc"
