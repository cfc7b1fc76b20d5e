// Hostile files, exports and projects (issue #23): one regression test per class, each on real
// files made here, through domainlens-cli as a user runs it. Every test asserts the exit code,
// a substring of the message, and that the project file and the exports made before are
// byte-identical afterwards (docs/reliability.md, "Hostile input: files, exports and projects").
#include <QtTest>

#include "CliProcess.h"
#include "TestSupport.h"

using namespace dltest;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray describe(const CliRun& r) {
    return "exit " + QByteArray::number(r.exitCode) + "; stdout: " + r.out.right(400) + "; stderr: " + r.err.right(600);
}

// Every file below `dir` with its bytes: what "byte-identical afterwards" compares.
QMap<QString, QByteArray> snapshot(const QString& dir) {
    QMap<QString, QByteArray> files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString p = it.next();
        files.insert(QDir(dir).relativeFilePath(p), readAll(p));
    }
    return files;
}

}  // namespace

class TstHostileFiles : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString base_;  // a small labelled project, made once through the CLI
    QString path(const QString& name) const { return dir_.filePath(name); }

private slots:
    void initTestCase() {
        QVERIFY(QFile::exists(cliPath()));
        base_ = path(QStringLiteral("base.dlproj"));
        QCOMPARE(runCli({QStringLiteral("init"), base_}).exitCode, 0);
        for (const char* d : {"medical", "law"}) {
            const QString file = writeCorpus(dir_, QStringLiteral("%1.en").arg(QLatin1String(d)), QLatin1String(d), 40);
            auto r =
                runCli({QStringLiteral("import"), base_, QStringLiteral("--src"), file,
                        QStringLiteral("--domain-from-filename"), QStringLiteral("--corpus"), QStringLiteral("pool")});
            QVERIFY2(r.exitCode == 0, describe(r));
        }
    }

    // Class 5: a generated Slurm script quotes every path, for bash and for sbatch's own
    // #SBATCH parser (a space, a '#', a quote, a '%'); a path with a line break is refused
    // before anything is written.
    void slurmScriptPaths_data() {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");  // in the --output line (exit 0) or the message
        QTest::newRow("space") << "my projects" << 0
                               << "--output=\"%1/p.dlproj.encode-shards/slurm/logs/encode-%A_%a.out\"";
        QTest::newRow("hash quote percent")
            << "it's #1 100%" << 0 << "--output=\"%1/p.dlproj.encode-shards/slurm/logs/encode-%A_%a.out\"";
        QTest::newRow("line break") << "two\nlines" << 2 << "contains a line break";
    }
    void slurmScriptPaths() {
        QFETCH(QString, folder);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        QTemporaryDir tmp;
        const QString dir = tmp.filePath(folder);
        QVERIFY(QDir().mkpath(dir));
        const QString project = dir + QStringLiteral("/p.dlproj");
        QVERIFY(QFile::copy(base_, project));
        const auto before = snapshot(tmp.path());
        QStringList args{QStringLiteral("slurm"), project, QStringLiteral("encode"), QStringLiteral("--shards"),
                         QStringLiteral("2")};
        if (exitCode == 0) args << QStringLiteral("--dry-run");
        auto r = runCli(args);
        QVERIFY2(r.exitCode == exitCode, describe(r));
        QCOMPARE(snapshot(tmp.path()), before);  // nothing written, project untouched
        if (exitCode != 0) {
            QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
            return;
        }
        // sbatch's reading of the quoted value: '\' escapes, '%%' is a literal '%' in the pattern.
        QString sbatchDir = dir;
        sbatchDir.replace(QLatin1Char('%'), QStringLiteral("%%"));
        sbatchDir.replace(QLatin1Char('#'), QStringLiteral("\\#"));
        const QString want = expected.arg(sbatchDir);
        QVERIFY2(QString::fromUtf8(r.out).contains(QStringLiteral("#SBATCH ") + want), r.out.constData());
        // The commands: bash accepts the script, and the project path reaches the worker whole.
        const QString script = QString::fromUtf8(r.out).section(QStringLiteral("\n# "), 0, 0);
        QProcess bash;
        bash.start(QStringLiteral("bash"), {QStringLiteral("-n"), QStringLiteral("-c"), script});
        QVERIFY(bash.waitForFinished(10000));
        QCOMPARE(bash.exitCode(), 0);
        QString quoted = project;
        quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
        QVERIFY(r.out.contains(" 'encode' '" + quoted.toUtf8() + "' --shard"));
    }
};

QTEST_GUILESS_MAIN(TstHostileFiles)
#include "tst_hostile_files.moc"
