// `domainlens-cli slurm` core: its command line, the generated sbatch scripts (run here with
// bash and a stand-in worker command, so the task -> shards mapping is what the scripts really
// do, not what they say), sbatch output parsing, process running and the failure report that
// names the missing shards and the --array list re-running only them.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "launch/SlurmPlan.h"
#include "launch/SlurmRequest.h"
#include "launch/SlurmSubmit.h"
#include "shard/ShardManifest.h"
#include "shard/ShardSpec.h"

namespace fs = std::filesystem;

namespace {

std::vector<std::string> split(const QString& s) {
    std::vector<std::string> out;
    for (const auto& part : s.split(' ', Qt::SkipEmptyParts)) out.push_back(part.toStdString());
    return out;
}

dl::SlurmPlan planFor(const QString& dir, int shards, int arraySize, const std::string& cli = "/bin/echo") {
    dl::SlurmPlan p;
    p.cli = cli;
    p.project = "/data/it's a project.dlproj";  // a quote and spaces survive the shell
    p.stage = "assign";
    p.stageArgs = {"7", "--precision", "fp32"};
    p.outDir = dir.toStdString() + "/out";
    p.shards = shards;
    p.arraySize = arraySize;
    return p;
}

// Runs the script as array task `task` would; returns bash's exit code and stdout.
std::pair<int, QString> runTask(const QString& script, int task) {
    QProcess bash;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("SLURM_ARRAY_TASK_ID", QString::number(task));
    bash.setProcessEnvironment(env);
    bash.start("bash", {"-c", script});
    bash.waitForFinished(30000);
    return {bash.exitCode(), QString::fromUtf8(bash.readAllStandardOutput())};
}

}  // namespace

class TstSlurm : public QObject {
    Q_OBJECT

private slots:
    void request_data() {
        QTest::addColumn<QString>("args");
        QTest::addColumn<QString>("stageArgs");  // joined by '|'
        QTest::addColumn<int>("shards");
        QTest::addColumn<int>("arraySize");  // effective
        QTest::addColumn<bool>("wait");
        QTest::addColumn<QString>("error");
        QTest::newRow("encode, options after stage args") << "encode --model all-MiniLM-L6-v2 --shards 4 --wait"
                                                          << "--model|all-MiniLM-L6-v2" << 4 << 4 << true << "";
        QTest::newRow("assign RUN, = forms") << "assign 3 --shards=2500 --partition=cpu"
                                             << "3" << 2500 << 1000 << false << "";
        QTest::newRow("array size") << "score 2 --array-size 8 --shards 100 --time 01:00:00"
                                    << "2" << 100 << 8 << false << "";
        QTest::newRow("no stage") << ""
                                  << "" << 0 << 0 << false << "name the stage";
        QTest::newRow("bad stage") << "cluster --shards 4"
                                   << "" << 0 << 0 << false << "encode, score or assign";
        QTest::newRow("no shards") << "encode --model x"
                                   << "" << 0 << 0 << false << "--shards N is required";
        QTest::newRow("zero shards") << "encode --shards 0"
                                     << "" << 0 << 0 << false << "positive whole number";
        QTest::newRow("array > shards") << "encode --shards 2 --array-size 3"
                                        << "" << 0 << 0 << false << "larger than";
        QTest::newRow("own --shard") << "encode --shard 1/4 --shards 4"
                                     << "" << 0 << 0 << false << "set per array task";
        QTest::newRow("missing value") << "encode --shards 4 --partition"
                                       << "" << 0 << 0 << false << "--partition needs";
    }
    void request() {
        QFETCH(QString, args);
        QFETCH(QString, stageArgs);
        QFETCH(int, shards);
        QFETCH(int, arraySize);
        QFETCH(bool, wait);
        QFETCH(QString, error);
        auto r = dl::parseSlurmRequest(split(args));
        if (!error.isEmpty()) {
            QVERIFY(!r);
            QVERIFY2(QString::fromStdString(r.error().message).contains(error), r.error().message.c_str());
            QCOMPARE(r.error().kind, dl::ErrorKind::Usage);
            return;
        }
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QStringList joined;
        for (const auto& a : r->stageArgs) joined << QString::fromStdString(a);
        QCOMPARE(joined.join('|'), stageArgs);
        QCOMPARE(r->shards, shards);
        QCOMPARE(r->effectiveArraySize(), arraySize);
        QCOMPARE(r->wait, wait);
    }

    // Every task of the generated script runs exactly shardsOfArrayTask(t, M, N), with the
    // stage arguments intact; together the tasks run every shard once.
    void arrayScriptRunsItsShards_data() {
        QTest::addColumn<int>("shards");
        QTest::addColumn<int>("arraySize");
        QTest::newRow("one task per shard") << 4 << 4;
        QTest::newRow("N > M") << 10 << 3;
        QTest::newRow("single") << 1 << 1;
    }
    void arrayScriptRunsItsShards() {
        QFETCH(int, shards);
        QFETCH(int, arraySize);
        QTemporaryDir dir;
        const auto plan = planFor(dir.path(), shards, arraySize);
        QVERIFY(dl::validateSlurmPlan(plan));
        const QString script = QString::fromStdString(dl::slurmArrayScript(plan));
        QVERIFY(script.contains(QString("#SBATCH --array=0-%1\n").arg(arraySize - 1)));
        std::vector<int> seen;
        for (int t = 0; t < arraySize; ++t) {
            auto [rc, out] = runTask(script, t);
            QCOMPARE(rc, 0);
            std::vector<int> ran;
            for (const QString& line : out.split('\n', Qt::SkipEmptyParts)) {
                if (line.startsWith("shard ")) continue;  // the script's own log line
                QVERIFY2(line.startsWith("assign /data/it's a project.dlproj 7 --precision fp32 --shard "),
                         qPrintable(line));
                QVERIFY(line.endsWith(" --out " + QString::fromStdString(plan.outDir)));
                const QString spec = line.section(' ', -3, -3);
                auto parsed = dl::parseShardSpec(spec.toStdString());
                QVERIFY(parsed);
                QCOMPARE(parsed->count, shards);
                ran.push_back(parsed->index);
            }
            QCOMPARE(ran, dl::shardsOfArrayTask(t, arraySize, shards));
            seen.insert(seen.end(), ran.begin(), ran.end());
        }
        std::ranges::sort(seen);
        QCOMPARE(int(seen.size()), shards);
        for (int i = 0; i < shards; ++i) QCOMPARE(seen[std::size_t(i)], i);
    }

    // A failing shard makes its task fail but does not stop the task's other shards.
    void failedShardFailsTheTask() {
        QTemporaryDir dir;
        const QString counter = dir.path() + "/calls";
        const QString worker = dir.path() + "/worker.sh";
        {
            std::ofstream w(worker.toStdString());
            w << "#!/bin/bash\necho x >> '" << counter.toStdString() << "'\nexit 3\n";
        }
        fs::permissions(worker.toStdString(), fs::perms::owner_all);
        const auto plan = planFor(dir.path(), 6, 2, worker.toStdString());
        auto [rc, out] = runTask(QString::fromStdString(dl::slurmArrayScript(plan)), 1);
        QCOMPARE(rc, 1);
        QFile f(counter);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll().count('x'), 3);  // shards 1, 3, 5
    }

    void mergeScript() {
        QTemporaryDir dir;
        auto plan = planFor(dir.path(), 4, 4);
        plan.partition = "cpu";
        plan.time = "02:00:00";
        const QString s = QString::fromStdString(dl::slurmMergeScript(plan));
        QVERIFY(s.contains("#SBATCH --partition=\"cpu\"\n"));
        QVERIFY(s.contains("#SBATCH --time=\"02:00:00\"\n"));
        QVERIFY(s.contains("#SBATCH --output=\"" + QString::fromStdString(plan.logDir()) + "/assign-merge-%j.out\"\n"));
        auto [rc, out] = runTask(s, 0);  // echo stands in for the CLI
        QCOMPARE(rc, 0);
        QCOMPARE(out.trimmed(), "merge /data/it's a project.dlproj " + QString::fromStdString(plan.outDir));
    }

    void planValidation_data() {
        QTest::addColumn<int>("shards");
        QTest::addColumn<int>("arraySize");
        QTest::addColumn<QString>("outDir");
        QTest::addColumn<QString>("partition");
        QTest::addColumn<QString>("error");
        QTest::newRow("ok") << 4 << 2 << "/abs"
                            << ""
                            << "";
        QTest::newRow("relative out") << 4 << 2 << "rel"
                                      << ""
                                      << "absolute path";
        QTest::newRow("array > shards") << 4 << 5 << "/abs"
                                        << ""
                                        << "between 1 and";
        QTest::newRow("space in partition") << 4 << 2 << "/abs"
                                            << "a b"
                                            << "spaces";
    }
    void planValidation() {
        QFETCH(int, shards);
        QFETCH(int, arraySize);
        QFETCH(QString, outDir);
        QFETCH(QString, partition);
        QFETCH(QString, error);
        dl::SlurmPlan p{
            "/bin/cli", "/p.dlproj", "encode", {}, outDir.toStdString(), shards, arraySize, partition.toStdString(),
            ""};
        auto s = dl::validateSlurmPlan(p);
        QCOMPARE(bool(s), error.isEmpty());
        if (!s) QVERIFY2(QString::fromStdString(s.error().message).contains(error), s.error().message.c_str());
    }

    void jobId_data() {
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("id");
        QTest::newRow("plain") << "1234\n"
                               << "1234";
        QTest::newRow("cluster") << "77;domainlens-test\n"
                                 << "77";
        QTest::newRow("warning first") << "sbatch: warning: x\n42\n"
                                       << "42";
        QTest::newRow("error text") << "sbatch: error: Batch job submission failed\n"
                                    << "";
        QTest::newRow("empty") << ""
                               << "";
    }
    void jobId() {
        QFETCH(QString, output);
        QFETCH(QString, id);
        auto r = dl::parseSbatchJobId(output.toStdString());
        QCOMPARE(bool(r), !id.isEmpty());
        if (r) QCOMPARE(QString::fromStdString(*r), id);
    }

    void shellQuoteRoundTrip_data() {
        QTest::addColumn<QString>("text");
        QTest::newRow("plain") << "abc";
        QTest::newRow("quote") << "it's";
        QTest::newRow("specials") << "$HOME `x` \"y\" \\ ; | * ?";
    }
    void shellQuoteRoundTrip() {
        QFETCH(QString, text);
        QProcess bash;
        bash.start("bash", {"-c", "printf %s " + QString::fromStdString(dl::shellQuote(text.toStdString()))});
        QVERIFY(bash.waitForFinished(10000));
        QCOMPARE(QString::fromUtf8(bash.readAllStandardOutput()), text);
    }

    void findsExecutablesOnPath() {
        QTemporaryDir dir;
        const std::string exe = dir.path().toStdString() + "/sbatch";
        { std::ofstream(exe) << "#!/bin/sh\n"; }
        QVERIFY(!dl::findOnPath("sbatch", "/nonexistent:" + dir.path().toStdString()));  // not executable yet
        fs::permissions(exe, fs::perms::owner_all);
        QCOMPARE(dl::findOnPath("sbatch", "/nonexistent:" + dir.path().toStdString()).value_or(""), exe);
        QVERIFY(!dl::findOnPath("sbatch", "/nonexistent"));
        QVERIFY(!dl::findOnPath("sbatch", ""));
    }

    void runsProcesses() {
        auto r = dl::runProcess({"bash", "-c", "echo out; echo err >&2; exit 5"});
        QVERIFY(r);
        QCOMPARE(r->exitCode, 5);
        QCOMPARE(r->out, std::string("out\n"));
        QCOMPARE(r->err, std::string("err\n"));
        auto missing = dl::runProcess({"/nonexistent/sbatch"});
        QVERIFY(!missing);
        QVERIFY(QString::fromStdString(missing.error().message).contains("/nonexistent/sbatch"));
    }

    // Shards 0, 2 and 3 of 5 finished; 1 and 4 did not: with M = 2 tasks, the re-run list is
    // tasks 1 (shard 1) and 0 (shard 4).
    void failureReportNamesMissingShards() {
        QTemporaryDir dir;
        auto plan = planFor(dir.path(), 5, 2);
        fs::create_directories(plan.outDir);
        for (int i : {0, 2, 3}) {
            dl::ShardManifest m;
            m.job = "assign";
            m.shard = {i, 5};
            m.paramsHash = dl::hashParams({{"k", 5}});
            m.modelHash = "model";
            m.firstId = i * 10;
            m.lastId = i * 10 + 9;
            m.rows = 10;
            m.dataFile = dl::shardFileStem(m.job, m.shard) + ".bin";
            { std::ofstream(plan.outDir + "/" + m.dataFile) << i; }
            m.sha256 = *dl::sha256OfFile(plan.outDir + "/" + m.dataFile);
            m.rowsSha256 = std::string(64, 'a');
            QVERIFY(dl::writeShardManifest(plan.outDir, m));
        }
        const QString report = QString::fromStdString(dl::slurmFailureReport(plan));
        QVERIFY2(report.contains("2 of 5 shard(s) of 'assign' missing or invalid: 1, 4."), qPrintable(report));
        QVERIFY2(report.contains("sbatch --array=0-1 "), qPrintable(report));
        QVERIFY(report.contains(QString::fromStdString(plan.arrayScriptPath())));

        QTemporaryDir empty;  // nothing finished at all: every task re-runs
        auto none = planFor(empty.path(), 5, 2);
        const QString all = QString::fromStdString(dl::slurmFailureReport(none));
        QVERIFY2(all.contains("5 of 5 shard(s)") && all.contains("--array=0-1 "), qPrintable(all));
    }
};

QTEST_GUILESS_MAIN(TstSlurm)
#include "tst_slurm.moc"
