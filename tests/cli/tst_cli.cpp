// The CLI contract (DESIGN.md): exit codes 0 ok / 1 failed or cancelled / 2 usage, the --json
// shapes scripts build on, and SIGINT during every long subcommand: exit 1 or 130 with a
// message on stderr, never death by a signal, the project as it was.
#include <QtTest>

#include <QThread>

#include <csignal>
#include <functional>
#include <limits>

#include <unistd.h>

#include "CliProcess.h"
#include "TestSupport.h"
#include "corpus/Import.h"
#include "store/Corpora.h"
#include "store/Store.h"
#include "store/Tags.h"

using namespace dltest;

class TestCli : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString project_, model_;
    QString path(const QString& name) const { return dir_.filePath(name); }
    QString copyProject(const QString& name) {
        const QString to = path(name);
        if (!replaceProjectFile(project_, to)) qFatal("cannot copy the project");
        return to;
    }
    static QByteArray describe(const CliRun& r) {
        return "exit " + QByteArray::number(r.exitCode) + (r.status == QProcess::CrashExit ? " (signal)" : "") +
               "; stderr: " + r.err.right(600);
    }

private slots:
    // A small labelled project: pool (3 domains), seed (medical), encoded with a tiny model,
    // one clustering and one selection run.
    void initTestCase() {
        QVERIFY(QFile::exists(cliPath()));
        model_ = testData(QStringLiteral("models/bert-tiny"));
        project_ = path(QStringLiteral("base.dlproj"));
        const QByteArray made = makeLabelledProject(dir_, project_, model_, 120, 40);
        QVERIFY2(made.isEmpty(), made.constData());
        auto r = runCli({QStringLiteral("cluster"), project_, QStringLiteral("--corpus"), QStringLiteral("pool"),
                         QStringLiteral("--k"), QStringLiteral("3"), QStringLiteral("--pca"), QStringLiteral("8"),
                         QStringLiteral("--seeds"), QStringLiteral("2"), QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, describe(r));
        r = runCli({QStringLiteral("select"), project_, QStringLiteral("--method"), QStringLiteral("cosine"),
                    QStringLiteral("--pool"), QStringLiteral("pool"), QStringLiteral("--seed"), QStringLiteral("seed"),
                    QStringLiteral("--top"), QStringLiteral("100"), QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, describe(r));
    }

    void exitCodes_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("stderrHas");
        const QString P = QStringLiteral("@P");  // replaced by a copy of the base project
        const QString missing = QStringLiteral("/nonexistent/dir/none.dlproj");
        QTest::newRow("no command") << QStringList{} << 2 << QString();
        QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << 0 << QString();
        QTest::newRow("--version") << QStringList{QStringLiteral("--version")} << 0 << QString();
        QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")} << 2
                                         << QStringLiteral("unknown command");
        for (const char* c :
             {"init", "import", "info", "encode", "cluster", "report", "select", "evaluate", "export", "filter"}) {
            const QString cmd = QLatin1String(c);
            QTest::newRow(qPrintable(cmd + QStringLiteral(" --help")))
                << QStringList{cmd, QStringLiteral("--help")} << 0 << QString();
            QTest::newRow(qPrintable(cmd + QStringLiteral(" unknown option")))
                << QStringList{cmd, P, QStringLiteral("--no-such-option")} << 2 << QStringLiteral("no-such-option");
            QTest::newRow(qPrintable(cmd + QStringLiteral(" without PROJECT")))
                << QStringList{cmd} << 2 << QStringLiteral("domainlens-cli");
        }
        for (const char* c : {"info", "report"})
            QTest::newRow(qPrintable(QStringLiteral("%1 missing project").arg(QLatin1String(c))))
                << QStringList{QLatin1String(c), missing} << 1 << QStringLiteral("does not exist");
        QTest::newRow("init ok") << QStringList{QStringLiteral("init"), QStringLiteral("@NEW")} << 0 << QString();
        QTest::newRow("init existing") << QStringList{QStringLiteral("init"), P} << 1
                                       << QStringLiteral("already exists");
        QTest::newRow("init no folder") << QStringList{QStringLiteral("init"), missing} << 1
                                        << QStringLiteral("does not exist");
        QTest::newRow("import ok") << QStringList{QStringLiteral("import"),   P,
                                                  QStringLiteral("--src"),    QStringLiteral("@FILE"),
                                                  QStringLiteral("--corpus"), QStringLiteral("extra")}
                                   << 0 << QString();
        QTest::newRow("import no --src") << QStringList{QStringLiteral("import"), P} << 2 << QStringLiteral("--src");
        QTest::newRow("import missing file")
            << QStringList{QStringLiteral("import"), P, QStringLiteral("--src"), QStringLiteral("/nonexistent.en")} << 1
            << QStringLiteral("nonexistent.en");
        QTest::newRow("info ok") << QStringList{QStringLiteral("info"), P} << 0 << QString();
        QTest::newRow("encode unknown corpus")
            << QStringList{QStringLiteral("encode"), P, QStringLiteral("--corpus"), QStringLiteral("nope")} << 1
            << QStringLiteral("nope");
        QTest::newRow("encode noop") << QStringList{QStringLiteral("encode"),   P,
                                                    QStringLiteral("--model"),  QStringLiteral("@MODEL"),
                                                    QStringLiteral("--corpus"), QStringLiteral("seed")}
                                     << 0 << QString();
        QTest::newRow("cluster --k 0") << QStringList{QStringLiteral("cluster"), P, QStringLiteral("--k"),
                                                      QStringLiteral("0")}
                                       << 2 << QStringLiteral("--k");
        QTest::newRow("cluster --cov bogus") << QStringList{QStringLiteral("cluster"), P,
                                                            QStringLiteral("--k"),     QStringLiteral("2"),
                                                            QStringLiteral("--cov"),   QStringLiteral("bogus")}
                                             << 2 << QStringLiteral("bogus");
        QTest::newRow("report ok") << QStringList{QStringLiteral("report"), P} << 0 << QString();
        QTest::newRow("report unknown run")
            << QStringList{QStringLiteral("report"), P, QStringLiteral("999")} << 1 << QStringLiteral("999");
        QTest::newRow("report bad run id")
            << QStringList{QStringLiteral("report"), P, QStringLiteral("abc")} << 2 << QStringLiteral("abc");
        QTest::newRow("select no --method") << QStringList{QStringLiteral("select"), P,
                                                           QStringLiteral("--pool"), QStringLiteral("pool"),
                                                           QStringLiteral("--seed"), QStringLiteral("seed")}
                                            << 2 << QStringLiteral("--method");
        QTest::newRow("select bogus method") << QStringList{QStringLiteral("select"),   P,
                                                            QStringLiteral("--method"), QStringLiteral("bogus"),
                                                            QStringLiteral("--pool"),   QStringLiteral("pool"),
                                                            QStringLiteral("--seed"),   QStringLiteral("seed")}
                                             << 2 << QStringLiteral("bogus");
        QTest::newRow("select unknown pool") << QStringList{QStringLiteral("select"),   P,
                                                            QStringLiteral("--method"), QStringLiteral("cosine"),
                                                            QStringLiteral("--pool"),   QStringLiteral("nope"),
                                                            QStringLiteral("--seed"),   QStringLiteral("seed")}
                                             << 1 << QStringLiteral("nope");
        QTest::newRow("select top and threshold")
            << QStringList{QStringLiteral("select"),      P,
                           QStringLiteral("--method"),    QStringLiteral("cosine"),
                           QStringLiteral("--pool"),      QStringLiteral("pool"),
                           QStringLiteral("--seed"),      QStringLiteral("seed"),
                           QStringLiteral("--top"),       QStringLiteral("5"),
                           QStringLiteral("--threshold"), QStringLiteral("0.5")}
            << 2 << QStringLiteral("--top");
        // The contrast's target side or both sides need a parallel pool (the base project's is
        // monolingual): a usage error naming the corpus, the project untouched.
        QTest::newRow("select contrast --sides both, monolingual pool")
            << QStringList{QStringLiteral("select"),   P,
                           QStringLiteral("--method"), QStringLiteral("contrast"),
                           QStringLiteral("--sides"),  QStringLiteral("both"),
                           QStringLiteral("--pool"),   QStringLiteral("pool"),
                           QStringLiteral("--seed"),   QStringLiteral("seed")}
            << 2 << QStringLiteral("corpus 'pool'");
        QTest::newRow("select contrast --side tgt, monolingual pool")
            << QStringList{QStringLiteral("select"),   P,
                           QStringLiteral("--method"), QStringLiteral("contrast"),
                           QStringLiteral("--side"),   QStringLiteral("tgt"),
                           QStringLiteral("--pool"),   QStringLiteral("pool"),
                           QStringLiteral("--seed"),   QStringLiteral("seed")}
            << 2 << QStringLiteral("--side tgt");
        QTest::newRow("select --sides with another method")
            << QStringList{QStringLiteral("select"),   P,
                           QStringLiteral("--method"), QStringLiteral("moore-lewis"),
                           QStringLiteral("--sides"),  QStringLiteral("both"),
                           QStringLiteral("--pool"),   QStringLiteral("pool"),
                           QStringLiteral("--seed"),   QStringLiteral("seed")}
            << 2 << QStringLiteral("--method contrast only");
        // select --filter RUN: the run must be a filter run of the pool; a bad id is a usage
        // error naming --filter (tst_selection covers a select run and another corpus's filter).
        const QStringList cosine = {QStringLiteral("select"),   P,
                                    QStringLiteral("--method"), QStringLiteral("cosine"),
                                    QStringLiteral("--pool"),   QStringLiteral("pool"),
                                    QStringLiteral("--seed"),   QStringLiteral("seed")};
        QTest::newRow("select --filter unknown run")
            << cosine + QStringList{QStringLiteral("--filter"), QStringLiteral("999")} << 2
            << QStringLiteral("--filter: no run 999");
        QTest::newRow("select --filter 0")
            << cosine + QStringList{QStringLiteral("--filter"), QStringLiteral("0")} << 2 << QStringLiteral("--filter");
        QTest::newRow("select --filter unknown run with cross-lingual")
            << QStringList{QStringLiteral("select"),     P,
                           QStringLiteral("--method"),   QStringLiteral("cross-lingual"),
                           QStringLiteral("--pool"),     QStringLiteral("pool"),
                           QStringLiteral("--seed"),     QStringLiteral("seed"),
                           QStringLiteral("--parallel"), QStringLiteral("pool"),
                           QStringLiteral("--filter"),   QStringLiteral("999")}
            << 2 << QStringLiteral("--filter: no run 999");
        QTest::newRow("cluster --filter unknown run") << QStringList{QStringLiteral("cluster"),  P,
                                                                     QStringLiteral("--corpus"), QStringLiteral("pool"),
                                                                     QStringLiteral("--filter"), QStringLiteral("999")}
                                                      << 2 << QStringLiteral("--filter: no run 999");
        QTest::newRow("export --filter unknown run") << QStringList{QStringLiteral("export"),   P,
                                                                    QStringLiteral("--format"), QStringLiteral("tsv"),
                                                                    QStringLiteral("--out"),    QStringLiteral("@OUT"),
                                                                    QStringLiteral("--filter"), QStringLiteral("999")}
                                                     << 2 << QStringLiteral("--filter: no run 999");
        QTest::newRow("evaluate ok") << QStringList{QStringLiteral("evaluate"), P, QStringLiteral("--domain"),
                                                    QStringLiteral("medical")}
                                     << 0 << QString();
        QTest::newRow("evaluate unknown domain")
            << QStringList{QStringLiteral("evaluate"), P, QStringLiteral("--domain"), QStringLiteral("nope")} << 1
            << QStringLiteral("nope");
        QTest::newRow("evaluate no --domain")
            << QStringList{QStringLiteral("evaluate"), P} << 2 << QStringLiteral("--domain");
        QTest::newRow("export ok") << QStringList{QStringLiteral("export"),   P,
                                                  QStringLiteral("--format"), QStringLiteral("tsv"),
                                                  QStringLiteral("--out"),    QStringLiteral("@OUT")}
                                   << 0 << QString();
        QTest::newRow("export bogus format") << QStringList{QStringLiteral("export"),   P,
                                                            QStringLiteral("--format"), QStringLiteral("bogus"),
                                                            QStringLiteral("--out"),    QStringLiteral("@OUT")}
                                             << 2 << QStringLiteral("bogus");
        // copy SRC DST (core/store/ProjectCopy): the contract's exit codes.
        const QString copy = QStringLiteral("copy");
        QTest::newRow("copy") << QStringList{copy, P, QStringLiteral("@NEW")} << 0 << QString();
        QTest::newRow("copy onto an existing file")
            << QStringList{copy, P, QStringLiteral("@FILE")} << 1 << QStringLiteral("already exists");
        QTest::newRow("copy into a missing folder")
            << QStringList{copy, P, missing} << 1 << QStringLiteral("does not exist");
        QTest::newRow("copy of a text file") << QStringList{copy, QStringLiteral("@FILE"), QStringLiteral("@NEW")} << 1
                                             << QStringLiteral("not a DomainLens project");
        QTest::newRow("copy onto itself")
            << QStringList{copy, P, P, QStringLiteral("--force")} << 2 << QStringLiteral("itself");
        QTest::newRow("copy without DST") << QStringList{copy, P} << 2 << QStringLiteral("SRC and DST");
        QTest::newRow("export missing folder")
            << QStringList{QStringLiteral("export"),   P,
                           QStringLiteral("--format"), QStringLiteral("tsv"),
                           QStringLiteral("--out"),    QStringLiteral("/nonexistent/dir/x")}
            << 1 << QStringLiteral("nonexistent");
    }
    void exitCodes() {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, stderrHas);
        static int n = 0;
        ++n;
        const QString project = copyProject(QStringLiteral("codes-%1.dlproj").arg(n));
        for (auto& a : args) {
            if (a == QLatin1String("@P")) a = project;
            else if (a == QLatin1String("@NEW")) a = path(QStringLiteral("new-%1.dlproj").arg(n));
            else if (a == QLatin1String("@FILE"))
                a = writeCorpus(dir_, QStringLiteral("extra-%1.en").arg(n), QStringLiteral("law"), 10, 3);
            else if (a == QLatin1String("@MODEL")) a = model_;
            else if (a == QLatin1String("@OUT"))
                a = path(QStringLiteral("out-%1/x").arg(n)), QDir().mkpath(path(QStringLiteral("out-%1").arg(n)));
        }
        auto r = runCli(args);
        QCOMPARE(r.status, QProcess::NormalExit);
        QVERIFY2(r.exitCode == exitCode, describe(r));
        if (exitCode != 0) QVERIFY2(r.err.contains("domainlens-cli") || r.out.contains("Usage"), describe(r));
        if (!stderrHas.isEmpty()) QVERIFY2(QString::fromUtf8(r.err).contains(stderrHas), describe(r));
        if (exitCode != 0 && args.size() > 1 && args[1] == project) QCOMPARE(integrity(project), QStringLiteral("ok"));
    }

    // copy --json: one object naming the copy; the copy holds what the project holds.
    void copyJson() {
        const QString project = copyProject(QStringLiteral("copy-src.dlproj"));
        const QString to = path(QStringLiteral("copy-dst.dlproj"));
        auto r = runCli({QStringLiteral("copy"), project, to, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j.value("destination", ""), to.toStdString());
        QCOMPARE(j.value("integrity_check", ""), std::string("ok"));
        QCOMPARE(j.value("sha256", "").size(), std::size_t(64));
        QVERIFY(!j.value("replaced", true));
        QCOMPARE(QFileInfo(to).size(), j.value("bytes", std::int64_t(0)));
        auto a = runCli({QStringLiteral("info"), project, QStringLiteral("--json")});
        auto b = runCli({QStringLiteral("info"), to, QStringLiteral("--json")});
        QVERIFY2(b.exitCode == 0, describe(b));
        auto ja = nlohmann::json::parse(a.out.toStdString()), jb = nlohmann::json::parse(b.out.toStdString());
        ja.erase("project"), jb.erase("project");  // the file's name
        QVERIFY(!ja["runs"].empty());
        QCOMPARE(jb.dump(), ja.dump());
        r = runCli({QStringLiteral("copy"), project, to, QStringLiteral("--force"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        QVERIFY(nlohmann::json::parse(r.out.toStdString()).value("replaced", false));
    }

    // report names the layers a run clustered: a set of encode --layer-mean (MPNet's default) is
    // "mean of layers 1+last" (bert-tiny has two), not the top layer it stores as "layer".
    void reportNamesTheLayerMean() {
        const QString project = copyProject(QStringLiteral("layermean.dlproj"));
        auto r = runCli({QStringLiteral("encode"), project, QStringLiteral("--model"), model_,
                         QStringLiteral("--corpus"), QStringLiteral("pool"), QStringLiteral("--layer-mean"),
                         QStringLiteral("1,2"), QStringLiteral("--json"), QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, describe(r));
        const auto set = nlohmann::json::parse(r.out.toStdString()).value("set_id", std::int64_t(0));
        QVERIFY(set > 0);
        r = runCli({QStringLiteral("cluster"), project, QStringLiteral("--corpus"), QStringLiteral("pool"),
                    QStringLiteral("--embedding-set"), QString::number(set), QStringLiteral("--k"), QStringLiteral("3"),
                    QStringLiteral("--pca"), QStringLiteral("8"), QStringLiteral("--seeds"), QStringLiteral("1"),
                    QStringLiteral("--json"), QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, describe(r));
        const auto run = nlohmann::json::parse(r.out.toStdString()).value("run", std::int64_t(0));
        r = runCli({QStringLiteral("report"), project, QString::number(run), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        const auto rep = nlohmann::json::parse(r.out.toStdString()).value("representation", std::string());
        QVERIFY2(rep.find("mean of layers 1+last") != std::string::npos, rep.c_str());
    }

    // info --overlap (A&G's Table 8): a dev corpus imported from the pool's own law file is all
    // inside the pool; the counts equal SQL's over the stored texts, the pair is flagged.
    void infoOverlap() {
        const QString project = copyProject(QStringLiteral("overlap.dlproj"));
        auto r = runCli({QStringLiteral("import"), project, QStringLiteral("--src"), path(QStringLiteral("law.en")),
                         QStringLiteral("--corpus"), QStringLiteral("dev"), QStringLiteral("--role"),
                         QStringLiteral("dev")});
        QVERIFY2(r.exitCode == 0, describe(r));
        auto info = runCli({QStringLiteral("info"), project, QStringLiteral("--overlap"), QStringLiteral("--json")});
        QVERIFY2(info.exitCode == 0, describe(info));
        const auto o = info.json().value(QStringLiteral("overlap")).toObject();
        QCOMPARE(o.value(QStringLiteral("side")).toString(), QStringLiteral("src"));
        const auto pairs = o.value(QStringLiteral("pairs")).toArray();
        QCOMPARE(pairs.size(), 3);  // pool-seed, pool-dev, seed-dev
        const auto poolDev = pairs[1].toObject();
        QCOMPARE(poolDev.value(QStringLiteral("a")).toString(), QStringLiteral("pool"));
        QCOMPARE(poolDev.value(QStringLiteral("b")).toString(), QStringLiteral("dev"));
        const char* devInPool =
            "SELECT COUNT(*) FROM sentences d JOIN corpora c ON c.id = d.corpus_id AND c.name = 'dev' WHERE EXISTS "
            "(SELECT 1 FROM sentences p JOIN corpora q ON q.id = p.corpus_id AND q.name = 'pool' WHERE p.src = d.src)";
        QCOMPARE(poolDev.value(QStringLiteral("b_in_a")).toInteger(), sqlInt(project, devInPool));
        QCOMPARE(poolDev.value(QStringLiteral("b_in_a")).toInteger(),
                 poolDev.value(QStringLiteral("b_sentences")).toInteger());
        QVERIFY(poolDev.value(QStringLiteral("b_sentences")).toInteger() > 0);
        QCOMPARE(poolDev.value(QStringLiteral("b_share")).toDouble(), 1.0);
        QVERIFY(poolDev.value(QStringLiteral("train_vs_heldout")).toBool());
        QVERIFY(!pairs[0].toObject().value(QStringLiteral("train_vs_heldout")).toBool());
        QVERIFY(o.value(QStringLiteral("leaked_pairs")).toInteger() >= 1);
        auto text = runCli({QStringLiteral("info"), project, QStringLiteral("--overlap")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("! pool (train) vs dev (dev)"), text.out.constData());
        auto bad = runCli({QStringLiteral("info"), project, QStringLiteral("--overlap"),
                           QStringLiteral("--overlap-side"), QStringLiteral("both")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("--overlap-side"));
        auto plain = runCli({QStringLiteral("info"), project, QStringLiteral("--json")});
        QVERIFY(!plain.json().contains(QStringLiteral("overlap")));  // only when asked: it reads every sentence
    }

    // select --method finetune --preset paper: A&G's appendix A.4 settings are what trains and
    // what the run stores; the preset refuses a method it does not apply to.
    void finetunePaperPreset() {
        const QString project = copyProject(QStringLiteral("preset.dlproj"));
        auto r =
            runCli({QStringLiteral("select"), project, QStringLiteral("--method"), QStringLiteral("finetune"),
                    QStringLiteral("--pool"), QStringLiteral("pool"), QStringLiteral("--seed"), QStringLiteral("seed"),
                    QStringLiteral("--top"), QStringLiteral("100"), QStringLiteral("--preset"), QStringLiteral("paper"),
                    QStringLiteral("--json"), QStringLiteral("--quiet")});
        QVERIFY2(r.exitCode == 0, describe(r));
        QCOMPARE(r.json().value(QStringLiteral("report")).toObject().value(QStringLiteral("epochs")).toInt(), 5);
        QCOMPARE(r.json().value(QStringLiteral("report")).toObject().value(QStringLiteral("layer")).toInt(), -1);
        const qint64 run = r.json().value(QStringLiteral("run")).toInteger();
        QJsonObject ft;
        for (const auto& row : runCli({QStringLiteral("info"), project, QStringLiteral("--json")})
                                   .json()
                                   .value(QStringLiteral("runs"))
                                   .toArray())
            if (row.toObject().value(QStringLiteral("id")).toInteger() == run)
                ft = row.toObject()
                         .value(QStringLiteral("params"))
                         .toObject()
                         .value(QStringLiteral("fine_tune"))
                         .toObject();
        QCOMPARE(ft.value(QStringLiteral("preset")).toString(), QStringLiteral("paper"));
        QCOMPARE(ft.value(QStringLiteral("epochs")).toInt(), 5);
        QCOMPARE(ft.value(QStringLiteral("batch_size")).toInt(), 256);
        QCOMPARE(ft.value(QStringLiteral("learning_rate")).toDouble(), 2e-5);
        QCOMPARE(ft.value(QStringLiteral("rounds")).toInt(), 1);  // the paper trains once
        auto bad =
            runCli({QStringLiteral("select"), project, QStringLiteral("--method"), QStringLiteral("cosine"),
                    QStringLiteral("--pool"), QStringLiteral("pool"), QStringLiteral("--seed"), QStringLiteral("seed"),
                    QStringLiteral("--preset"), QStringLiteral("paper"), QStringLiteral("--quiet")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("--preset"));
    }

    // select --method finetune --finetune-rounds 2: round 1 is the one-round run (same negatives,
    // same training), round 2 draws its negatives from round 1's ranking; the run stores the rounds.
    void finetuneRounds() {
        const QString project = copyProject(QStringLiteral("ftrounds.dlproj"));
        auto select = [&](const QString& rounds) {
            return runCli({QStringLiteral("select"), project, QStringLiteral("--method"), QStringLiteral("finetune"),
                           QStringLiteral("--pool"), QStringLiteral("pool"), QStringLiteral("--seed"),
                           QStringLiteral("seed"), QStringLiteral("--top"), QStringLiteral("100"),
                           QStringLiteral("--finetune-epochs"), QStringLiteral("1"),
                           QStringLiteral("--finetune-rounds"), rounds, QStringLiteral("--json"),
                           QStringLiteral("--quiet")});
        };
        auto one = select(QStringLiteral("1"));
        QVERIFY2(one.exitCode == 0, describe(one));
        auto two = select(QStringLiteral("2"));
        QVERIFY2(two.exitCode == 0, describe(two));
        const auto oneReport = one.json().value(QStringLiteral("report")).toObject();
        const auto report = two.json().value(QStringLiteral("report")).toObject();
        QCOMPARE(oneReport.value(QStringLiteral("rounds")).toInt(), 1);
        QVERIFY(!oneReport.contains(QStringLiteral("per_round")));
        QCOMPARE(report.value(QStringLiteral("rounds")).toInt(), 2);
        const auto perRound = report.value(QStringLiteral("per_round")).toArray();
        QCOMPARE(perRound.size(), 2);
        const auto first = perRound[0].toObject();
        QCOMPARE(first.value(QStringLiteral("negatives")).toInteger(),
                 oneReport.value(QStringLiteral("negatives")).toInteger());
        QCOMPARE(first.value(QStringLiteral("held_out")).toObject().value(QStringLiteral("selected")),
                 oneReport.value(QStringLiteral("held_out")).toObject().value(QStringLiteral("selected")));
        QVERIFY(std::abs(first.value(QStringLiteral("final_loss")).toDouble() -
                         oneReport.value(QStringLiteral("final_loss")).toDouble()) < 1e-3);
        const auto shared = report.value(QStringLiteral("shared_negatives")).toArray();
        QCOMPARE(shared.size(), 1);
        const qint64 negatives = perRound[1].toObject().value(QStringLiteral("negatives")).toInteger();
        QVERIFY(negatives > 0);
        // Round 2 ranks by round 1's classifier, not Domain-Cosine: its draw is another one.
        QVERIFY2(shared[0].toInteger() < negatives, qPrintable(QString::number(shared[0].toInteger())));
        const qint64 run = two.json().value(QStringLiteral("run")).toInteger();
        const QString stored =
            sqlText(project, qPrintable(QStringLiteral("SELECT params FROM runs WHERE id = %1").arg(run)));
        QVERIFY2(QJsonDocument::fromJson(stored.toUtf8())
                         .object()
                         .value(QStringLiteral("fine_tune"))
                         .toObject()
                         .value(QStringLiteral("rounds"))
                         .toInt() == 2,
                 qPrintable(stored));
        auto bad =
            runCli({QStringLiteral("select"), project, QStringLiteral("--method"), QStringLiteral("finetune"),
                    QStringLiteral("--pool"), QStringLiteral("pool"), QStringLiteral("--seed"), QStringLiteral("seed"),
                    QStringLiteral("--finetune-rounds"), QStringLiteral("0"), QStringLiteral("--quiet")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("--finetune-rounds"));
    }

    void jsonShapes() {
        auto info = runCli({QStringLiteral("info"), project_, QStringLiteral("--json")});
        QCOMPARE(info.exitCode, 0);
        const auto i = info.json();
        QCOMPARE(i.value(QStringLiteral("sentences")).toInteger(), 400);
        const auto corpora = i.value(QStringLiteral("corpora")).toArray();
        QCOMPARE(corpora.size(), 2);
        for (const auto& c : corpora) {
            const auto o = c.toObject();
            QVERIFY(o.contains(QStringLiteral("name")));
            QVERIFY(o.value(QStringLiteral("sentences")).toInteger() > 0);
            QVERIFY(o.contains(QStringLiteral("domains")));
            QVERIFY(o.contains(QStringLiteral("src_lang")));
        }
        QCOMPARE(corpora[0].toObject().value(QStringLiteral("name")).toString(), QStringLiteral("pool"));
        QCOMPARE(corpora[0].toObject().value(QStringLiteral("sentences")).toInteger(), 360);
        const auto domains = corpora[0].toObject().value(QStringLiteral("domains")).toObject();
        QCOMPARE(domains.value(QStringLiteral("medical")).toInteger(), 120);
        QCOMPARE(domains.value(QStringLiteral("law")).toInteger(), 120);
        QCOMPARE(domains.value(QStringLiteral("it")).toInteger(), 120);
        QVERIFY(corpora[0]
                    .toObject()
                    .value(QStringLiteral("languages"))
                    .toArray()
                    .contains(QJsonValue(QStringLiteral("en"))));

        const QString project = copyProject(QStringLiteral("json.dlproj"));
        auto cluster = runCli({QStringLiteral("cluster"), project, QStringLiteral("--corpus"), QStringLiteral("pool"),
                               QStringLiteral("--k"), QStringLiteral("3"), QStringLiteral("--pca"), QStringLiteral("8"),
                               QStringLiteral("--seeds"), QStringLiteral("3"), QStringLiteral("--json"),
                               QStringLiteral("--quiet")});
        QVERIFY2(cluster.exitCode == 0, describe(cluster));
        const auto c = cluster.json();
        QVERIFY(c.value(QStringLiteral("purity_mean")).isDouble());
        QVERIFY(c.value(QStringLiteral("purity_std")).isDouble());
        const double purity = c.value(QStringLiteral("purity_mean")).toDouble();
        QVERIFY2(purity > 1.0 / 3 && purity <= 1.0, qPrintable(QString::number(purity)));
        QCOMPARE(c.value(QStringLiteral("per_seed")).toArray().size(), 3);
        QVERIFY(c.value(QStringLiteral("per_seed")).toArray()[0].toObject().contains(QStringLiteral("purity")));

        auto eval = runCli({QStringLiteral("evaluate"), project, QStringLiteral("--domain"), QStringLiteral("medical"),
                            QStringLiteral("--json")});
        QVERIFY2(eval.exitCode == 0, describe(eval));
        const auto e = eval.json();
        for (const char* k : {"precision", "recall", "f1"}) {
            QVERIFY2(e.value(QLatin1String(k)).isDouble(), k);
            QVERIFY(e.value(QLatin1String(k)).toDouble() >= 0 && e.value(QLatin1String(k)).toDouble() <= 1);
        }
        QCOMPARE(e.value(QStringLiteral("selected")).toInteger(), 100);
        QCOMPARE(e.value(QStringLiteral("relevant")).toInteger(), 120);

        // evaluate --dev: the perplexity check of a 4-gram LM trained on the selection, beside a
        // random selection of the same size; an in-domain selection must model in-domain text better.
        auto ml =
            runCli({QStringLiteral("select"), project, QStringLiteral("--method"), QStringLiteral("moore-lewis"),
                    QStringLiteral("--pool"), QStringLiteral("pool"), QStringLiteral("--seed"), QStringLiteral("seed"),
                    QStringLiteral("--top"), QStringLiteral("100"), QStringLiteral("--quiet")});
        QVERIFY2(ml.exitCode == 0, describe(ml));
        auto dev = runCli({QStringLiteral("evaluate"), project, QStringLiteral("--domain"), QStringLiteral("medical"),
                           QStringLiteral("--dev"), QStringLiteral("seed"), QStringLiteral("--json")});
        if (dev.exitCode != 0) {
            // Never a silent null: a perplexity that cannot be computed is a visible error.
            QVERIFY2(dev.exitCode == 1 && dev.err.contains("perplexity check"), describe(dev));
            qWarning("evaluate --dev: %s", dev.err.trimmed().constData());
            return;
        }
        const auto ppl = dev.json()
                             .value(QStringLiteral("runs"))
                             .toArray()
                             .at(0)
                             .toObject()
                             .value(QStringLiteral("dev_perplexity"))
                             .toObject();
        QCOMPARE(ppl.value(QStringLiteral("dev_sentences")).toInteger(), 40);
        const double sel = ppl.value(QStringLiteral("selection")).toDouble(),
                     rnd = ppl.value(QStringLiteral("random_same_size")).toDouble();
        QVERIFY2(sel > 1 && rnd > 1 && sel < rnd,
                 qPrintable(QStringLiteral("selection %1 vs random %2").arg(sel).arg(rnd)));
    }

    // export --tag and --exclude-tag (issue #33) through the command line: the options repeat; a
    // tag no sentence of the corpus carries under --tag, an empty tag or one with a control
    // character are usage errors (exit 2). Its own project: corpus "c" of 30 sentences "Satz i",
    // tagged by position (a on 0..11, b on every third, c on 25..29). The export itself (which
    // sentences, the manifest's counts) is tst_export's.
    void exportTagOptions() {
        QTemporaryDir dir;
        const QString project = dir.filePath(QStringLiteral("tags.dlproj"));
        {
            auto store = dl::Store::create(project.toStdString()).value();
            QByteArray de;
            for (int i = 0; i < 30; ++i) de += "Satz " + QByteArray::number(i) + "\n";
            dl::ImportParams p;
            p.srcPath = writeFile(dir, QStringLiteral("c.de"), de);  // corpus "c" (and domain "c")
            p.labelSource = dl::LabelSource::FromFilename;
            dl::NullProgress np;
            dl::CancelToken ct;
            QVERIFY(dl::runImport(p, *store, np, ct));
            const auto ids = dl::corpusLabels(*store, dl::findCorpus(*store, "c")->id).value().sentenceIds;
            QCOMPARE(ids.size(), std::size_t(30));
            auto tagWhere = [&](const char* tag, const std::function<bool(int)>& has) {
                std::vector<std::int64_t> tagged;
                for (int i = 0; i < 30; ++i)
                    if (has(i)) tagged.push_back(ids[std::size_t(i)]);
                return dl::addTag(*store, tagged, tag).has_value();
            };
            auto tx = store->begin();
            QVERIFY(tagWhere("a", [](int i) { return i < 12; }));
            QVERIFY(tagWhere("b", [](int i) { return i % 3 == 0; }));
            QVERIFY(tagWhere("c", [](int i) { return i >= 25; }));
            QVERIFY(tx->commit());
        }
        const QString prefix = dir.filePath(QStringLiteral("cli-tagged"));
        auto cli = [&](const QStringList& extra) {
            return runCli(QStringList{QStringLiteral("export"), project, QStringLiteral("--shards"),
                                      QStringLiteral("--corpus"), QStringLiteral("c"), QStringLiteral("--out"), prefix,
                                      QStringLiteral("--force"), QStringLiteral("--json")} +
                          extra);
        };
        const auto ok = cli({QStringLiteral("--tag"), QStringLiteral("a"), QStringLiteral("--tag"), QStringLiteral("c"),
                             QStringLiteral("--exclude-tag"), QStringLiteral("b")});
        QVERIFY2(ok.exitCode == 0, describe(ok));
        const auto m = ok.json();
        // a: 0..11, c: 25..29, less every third: 12 + 5 - (0,3,6,9 and 27) = 12
        QCOMPARE(m[QStringLiteral("written")].toInt(), 12);
        QCOMPARE(m[QStringLiteral("tags")][QStringLiteral("only")].toArray().size(), 2);
        QCOMPARE(m[QStringLiteral("tags")][QStringLiteral("exclude")][0][QStringLiteral("tag")].toString(),
                 QStringLiteral("b"));
        for (const auto& bad : {QStringList{QStringLiteral("--tag"), QStringLiteral("nobody")},
                                QStringList{QStringLiteral("--exclude-tag"), QStringLiteral(" ")},
                                QStringList{QStringLiteral("--tag"), QStringLiteral("a\tb")}}) {
            const auto r = cli(bad);
            QVERIFY2(r.exitCode == 2, qPrintable(bad.join(QLatin1Char(' ')) + QLatin1Char(' ') + r.err));
        }
    }

    // Ctrl+C during every long subcommand. Each workload is sized to run for seconds; the
    // signal comes once the job has reported its first stage on stderr.
    void sigint_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("chunked");  // encode commits resumable chunks by design
        const QString P = QStringLiteral("@P");
        QTest::newRow("import") << QStringList{QStringLiteral("import"),   P,
                                               QStringLiteral("--src"),    QStringLiteral("@HUGE"),
                                               QStringLiteral("--corpus"), QStringLiteral("big")}
                                << false;
        QTest::newRow("encode") << QStringList{QStringLiteral("encode"),   P,
                                               QStringLiteral("--model"),  QStringLiteral("@MODEL"),
                                               QStringLiteral("--corpus"), QStringLiteral("big"),
                                               QStringLiteral("--chunk"),  QStringLiteral("256")}
                                << true;
        QTest::newRow("cluster") << QStringList{QStringLiteral("cluster"),  P,
                                                QStringLiteral("--corpus"), QStringLiteral("pool"),
                                                QStringLiteral("--k"),      QStringLiteral("8"),
                                                QStringLiteral("--pca"),    QStringLiteral("0"),
                                                QStringLiteral("--cov"),    QStringLiteral("diag"),
                                                QStringLiteral("--seeds"),  QStringLiteral("1000")}
                                 << false;
        QTest::newRow("select finetune-head")
            << QStringList{QStringLiteral("select"),   P,
                           QStringLiteral("--method"), QStringLiteral("finetune-head"),
                           QStringLiteral("--pool"),   QStringLiteral("pool"),
                           QStringLiteral("--seed"),   QStringLiteral("seed"),
                           QStringLiteral("--epochs"), QStringLiteral("10000")}
            << false;
        QTest::newRow("select contrast") << QStringList{QStringLiteral("select"),       P,
                                                        QStringLiteral("--method"),     QStringLiteral("contrast"),
                                                        QStringLiteral("--pool"),       QStringLiteral("big"),
                                                        QStringLiteral("--seed"),       QStringLiteral("seed"),
                                                        QStringLiteral("--iterations"), QStringLiteral("100")}
                                         << false;
        QTest::newRow("export") << QStringList{QStringLiteral("export"),  P,
                                               QStringLiteral("@BIGRUN"), QStringLiteral("--format"),
                                               QStringLiteral("tsv"),     QStringLiteral("--out"),
                                               QStringLiteral("@OUT"),    QStringLiteral("--scores")}
                                << false;
    }
    void sigint() {
        QFETCH(QStringList, args);
        QFETCH(bool, chunked);
        static QString bigProject, bigFile, hugeFile;
        static qint64 bigRun = 0;
        if (bigProject.isEmpty()) {
            // A large corpus (import and n-gram selection take seconds) and a selection run over it.
            bigFile = writeCorpus(dir_, QStringLiteral("big.en"), QStringLiteral("law"), 300000, 9);
            hugeFile =
                writeCorpus(dir_, QStringLiteral("huge.en"), QStringLiteral("it"), 1000000, 11);  // import: seconds
            bigProject = copyProject(QStringLiteral("big.dlproj"));
            auto r = runCli({QStringLiteral("import"), bigProject, QStringLiteral("--src"), bigFile,
                             QStringLiteral("--corpus"), QStringLiteral("big"), QStringLiteral("--domain"),
                             QStringLiteral("law")});
            QVERIFY2(r.exitCode == 0, describe(r));
            r = runCli({QStringLiteral("select"), bigProject, QStringLiteral("--method"), QStringLiteral("moore-lewis"),
                        QStringLiteral("--pool"), QStringLiteral("big"), QStringLiteral("--seed"),
                        QStringLiteral("seed"), QStringLiteral("--threshold"), QStringLiteral("-1000000"),
                        QStringLiteral("--json"), QStringLiteral("--quiet")});
            QVERIFY2(r.exitCode == 0, describe(r));
            bigRun = r.json().value(QStringLiteral("run")).toInteger();
        }
        static int n = 0;
        ++n;
        const QString project = path(QStringLiteral("sigint-%1.dlproj").arg(n));
        QFile::remove(project);
        QVERIFY(QFile::copy(bigProject, project));
        const QString outDir = path(QStringLiteral("sigint-out-%1").arg(n));
        QDir().mkpath(outDir);
        for (auto& a : args) {
            if (a == QLatin1String("@P")) a = project;
            else if (a == QLatin1String("@BIG")) a = bigFile;
            else if (a == QLatin1String("@HUGE")) a = hugeFile;
            else if (a == QLatin1String("@MODEL")) a = model_;
            else if (a == QLatin1String("@BIGRUN")) a = QString::number(bigRun);
            else if (a == QLatin1String("@OUT")) a = outDir + QStringLiteral("/sel");
        }
        const QString before = fingerprint(project);
        QProcess p;
        p.start(cliPath(), args);
        QVERIFY(p.waitForStarted());
        // Wait for the first progress line (non-tty stderr: one line per stage), then a moment.
        QElapsedTimer t;
        t.start();
        QByteArray err;
        while (!err.contains("...") && t.elapsed() < 30000 && p.state() == QProcess::Running) {
            p.waitForReadyRead(50);
            err += p.readAllStandardError();
        }
        QTest::qWait(100);
        QVERIFY2(p.state() == QProcess::Running, "the workload finished before the signal: make it larger");
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(60000));
        err += p.readAllStandardError();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);  // never death by a signal
        QVERIFY2(p.exitCode() == 1 || p.exitCode() == 130,
                 qPrintable(QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(QString::fromUtf8(err))));
        QVERIFY2(err.contains("domainlens-cli: ") && (err.contains("ancel") || err.contains("nterrupt")),
                 err.right(500).constData());
        QCOMPARE(integrity(project), QStringLiteral("ok"));
        if (chunked) {
            QCOMPARE(fingerprint(project).section(QLatin1Char(' '), 0, 5), before.section(QLatin1Char(' '), 0, 5));
        } else {
            QCOMPARE(fingerprint(project), before);
        }
        // No file under an export's final name.
        QCOMPARE(QDir(outDir).entryList(QDir::Files).filter(QRegularExpression(QStringLiteral("^sel"))), QStringList{});
        qInfo("%s: exit %d after %lld ms", QTest::currentDataTag(), p.exitCode(), static_cast<long long>(t.elapsed()));
    }

    // The short subcommands (init, info, report, evaluate) end within a few milliseconds (the CLI
    // front: no libtorch to load), so the signal comes at moments spread over an uninterrupted
    // run, from the moment the process catches SIGINT (/proc/PID/status SigCgt; the handlers are
    // installed before the static initialisers run) to its end. Either the command is cancelled
    // (exit 1) or it had completed and says so (exit 130); never death by the signal; a project
    // it only reads is unchanged; init leaves either no file or a whole project.
    void sigintShortCommands_data() {
        QTest::addColumn<QStringList>("args");
        const QString P = QStringLiteral("@P");
        QTest::newRow("init") << QStringList{QStringLiteral("init"), QStringLiteral("@NEW")};
        QTest::newRow("info") << QStringList{QStringLiteral("info"), P, QStringLiteral("--json")};
        QTest::newRow("report") << QStringList{QStringLiteral("report"), P};
        QTest::newRow("evaluate") << QStringList{QStringLiteral("evaluate"), P, QStringLiteral("--domain"),
                                                 QStringLiteral("medical")};
    }
    void sigintShortCommands() {
        QFETCH(QStringList, args);
        const bool init = args.first() == QLatin1String("init");
        auto argsFor = [&](const QString& project) {
            QStringList a = args;
            for (auto& x : a)
                if (x == QLatin1String("@P") || x == QLatin1String("@NEW")) x = project;
            return a;
        };
        const QString refProject =
            init ? path(QStringLiteral("short-ref.dlproj")) : copyProject(QStringLiteral("short-ref.dlproj"));
        // The shortest of three runs, in microseconds: the front runs these commands in a few
        // milliseconds (no libtorch to load), and one slow start would push the waits past them.
        qint64 duration = std::numeric_limits<qint64>::max();
        for (int r = 0; r < 3; ++r) {
            if (init) QFile::remove(refProject);
            QElapsedTimer clock;
            clock.start();
            const auto reference = runCli(argsFor(refProject));
            duration = std::min(duration, clock.nsecsElapsed() / 1000);
            QVERIFY2(reference.exitCode == 0, describe(reference));
        }
        QRandomGenerator rng(20261123u + static_cast<quint32>(qHash(args.first())));
        int cancelled = 0, completed = 0, finishedFirst = 0;
        // 16 tries: a loaded machine lets a few-millisecond process end before some signals.
        for (int i = 0; i < 16; ++i) {
            const QString project = path(QStringLiteral("short-%1-%2.dlproj").arg(args.first()).arg(i));
            QFile::remove(project);
            if (!init) QVERIFY(QFile::copy(project_, project));
            const QString before = init ? QString() : fingerprint(project);
            QProcess p;
            p.start(cliPath(), argsFor(project));
            QVERIFY(p.waitForStarted());
            QVERIFY2(waitUntilCatching(p, SIGINT, 20000), "the CLI never installed its SIGINT handler");
            const auto pid = static_cast<pid_t>(p.processId());
            // Within the first half of the reference run: the reference includes start-up before the
            // handler exists, and a loaded machine runs the copies faster or slower than it, so the
            // second half often lands after the command has ended (nothing checked then).
            // Every other signal at once: the process was running a moment ago.
            if (i % 2 == 1) QThread::usleep(rng.bounded(static_cast<quint32>(std::max<qint64>(duration / 2, 1))));
            if (p.state() != QProcess::Running) {  // ended before the signal: nothing to check
                ++finishedFirst;
                continue;
            }
            ::kill(pid, SIGINT);  // pid saved while running: processId() is 0 once it has ended
            QVERIFY(p.waitForFinished(60000));
            const QByteArray err = p.readAllStandardError();
            QCOMPARE(p.exitStatus(), QProcess::NormalExit);  // never death by a signal
            QVERIFY2(p.exitCode() == 1 || p.exitCode() == 130 || (p.exitCode() == 0 && !err.contains("interrupt")),
                     qPrintable(QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(QString::fromUtf8(err))));
            if (p.exitCode() == 0) {  // the signal reached a process that had already exited (not yet reaped)
                ++finishedFirst;
                continue;
            }
            QVERIFY2(err.contains("domainlens-cli: ") && (err.contains("ancel") || err.contains("nterrupt")),
                     err.constData());
            (p.exitCode() == 1 ? cancelled : completed) += 1;
            if (init) {
                if (p.exitCode() == 1) QVERIFY2(!QFile::exists(project), "a cancelled init left a file");
                else QCOMPARE(integrity(project), QStringLiteral("ok"));
            } else {
                QCOMPARE(integrity(project), QStringLiteral("ok"));
                QCOMPARE(fingerprint(project), before);
            }
        }
        qInfo("%s: reference %lld us; %d cancelled (exit 1), %d completed first (exit 130), %d ended before the signal",
              QTest::currentDataTag(), static_cast<long long>(duration), cancelled, completed, finishedFirst);
        QVERIFY2(cancelled + completed >= 3, "most signals must fall inside the command");
    }

    // The front (app/CMakeLists.txt): domainlens-cli holds the commands of CLI_FRONT_COMMANDS and
    // links no libtorch; domainlens-cli-full beside it holds every command and does.
    void frontLinksNoLibtorch_data() {
        QTest::addColumn<QString>("binary");
        QTest::addColumn<bool>("torch");
        QTest::newRow("domainlens-cli") << cliPath() << false;
        QTest::newRow("domainlens-cli-full") << fullCliPath() << true;
    }
    void frontLinksNoLibtorch() {
        QFETCH(QString, binary);
        QFETCH(bool, torch);
        QProcess readelf;
        readelf.start(QStringLiteral("readelf"), {QStringLiteral("-d"), binary});
        QVERIFY(readelf.waitForFinished(30000));
        QCOMPARE(readelf.exitCode(), 0);
        const QByteArray dynamic = readelf.readAllStandardOutput();
        QVERIFY2(dynamic.contains("(NEEDED)"), dynamic.constData());
        QCOMPARE(dynamic.contains("[libtorch_cpu.so"), torch);
        QCOMPARE(dynamic.contains("[libc10.so"), torch);
    }

    // A copy of the front alone in a folder: it runs exactly its own commands, and says which
    // binary it misses for the others instead of failing silently.
    void frontHoldsItsCommandsAlone() {
        const QString lone = path(QStringLiteral("lone/domainlens-cli"));
        QVERIFY(QDir().mkpath(path(QStringLiteral("lone"))));
        QFile::remove(lone);
        QVERIFY(QFile::copy(cliPath(), lone));
        auto runLone = [&](const QStringList& args) { return runProgram(lone, args, 60000); };
        // Every command the full binary lists.
        const CliRun overview = runCli({QStringLiteral("--help")});
        QCOMPARE(overview.exitCode, 0);
        QStringList all;
        bool inList = false;
        for (const QByteArray& line : overview.out.split('\n')) {
            if (line.startsWith("Commands:")) inList = true;
            else if (inList && line.startsWith("  ")) all << QString::fromUtf8(line.trimmed().split(' ').first());
            else if (inList && !line.trimmed().isEmpty()) break;
        }
        QVERIFY2(all.size() >= 12, overview.out.constData());
        QStringList held;
        for (const QString& command : all) {
            const CliRun r = runLone({command, QStringLiteral("--help")});
            QCOMPARE(r.status, QProcess::NormalExit);
            if (r.exitCode == 0) {
                QVERIFY2(r.out.contains("domainlens-cli " + command.toUtf8()), r.out.constData());
                held << command;
            } else {
                QCOMPARE(r.exitCode, 1);
                QVERIFY2(r.err.contains("domainlens-cli-full") && r.err.contains("'" + command.toUtf8() + "'"),
                         r.err.constData());
            }
        }
        held.sort();
        QStringList expected = QStringLiteral(DOMAINLENS_CLI_FRONT_COMMANDS).split(QLatin1Char(' '));
        expected.sort();
        QCOMPARE(held, expected);
        // A real command, not only its help, and the version.
        const QString project = copyProject(QStringLiteral("lone.dlproj"));
        CliRun r = runLone({QStringLiteral("info"), project, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0 && r.json().contains(QStringLiteral("corpora")), describe(r));
        r = runLone({QStringLiteral("--version")});
        QVERIFY2(r.exitCode == 0 && r.out.startsWith("domainlens-cli "), describe(r));
        r = runLone({});  // the overview is the full binary's
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("domainlens-cli-full"), r.err.constData());
    }

    // Ctrl+C while the front hands a command over (its handler, execv, the full binary's start-up
    // before its own handler): the signal waits, blocked, and cancels the command; never death by
    // the signal, never a lost interrupt that lets the command write its run.
    void interruptDuringHandover() {
        const QStringList args{QStringLiteral("cluster"), QStringLiteral("@P"),  QStringLiteral("--corpus"),
                               QStringLiteral("pool"),    QStringLiteral("--k"), QStringLiteral("2"),
                               QStringLiteral("--pca"),   QStringLiteral("0"),   QStringLiteral("--seeds"),
                               QStringLiteral("1")};
        for (int i = 0; i < 6; ++i) {
            const QString project = copyProject(QStringLiteral("handover-%1.dlproj").arg(i));
            const QString before = fingerprint(project);
            QStringList a = args;
            a[1] = project;
            QProcess p;
            p.start(cliPath(), a);
            QVERIFY(p.waitForStarted());
            const auto pid = static_cast<pid_t>(p.processId());
            if (i % 2 == 0) {
                // In the front, once its handler is in place (or, when this poll is slower than the
                // front's few milliseconds, in the full binary).
                QVERIFY2(waitUntilCatching(p, SIGINT, 20000), "the CLI never installed its SIGINT handler");
            } else {
                // Just after execv: /proc/PID/exe names the full binary while its loader is still
                // mapping and relocating libtorch's libraries, before its own handler exists;
                // unblocked, SIGINT would end the process there (exit by signal).
                const QByteArray exe = QStringLiteral("/proc/%1/exe").arg(pid).toUtf8();
                char target[4096];
                QElapsedTimer t;
                t.start();
                for (;;) {
                    const ssize_t n = ::readlink(exe.constData(), target, sizeof target - 1);
                    if (n > 0 && QByteArray(target, static_cast<int>(n)).endsWith("domainlens-cli-full")) break;
                    QVERIFY2(t.elapsed() < 20000, "the front never handed the command over");
                }
            }
            ::kill(pid, SIGINT);
            QVERIFY(p.waitForFinished(60000));
            const QByteArray err = p.readAllStandardError();
            QCOMPARE(p.exitStatus(), QProcess::NormalExit);
            QVERIFY2(p.exitCode() == 1,
                     qPrintable(QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(QString::fromUtf8(err))));
            QVERIFY2(err.contains("ancel"), err.constData());
            QCOMPARE(integrity(project), QStringLiteral("ok"));
            QCOMPARE(fingerprint(project), before);
        }
    }

private:
    // True once the process has a handler for `signal` (bit signal-1 of SigCgt in /proc/PID/status).
    static bool waitUntilCatching(QProcess& p, int signal, int timeoutMs) {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < timeoutMs && p.state() == QProcess::Running) {
            QFile status(QStringLiteral("/proc/%1/status").arg(p.processId()));
            if (status.open(QIODevice::ReadOnly)) {
                for (const QByteArray& line : status.readAll().split('\n'))
                    if (line.startsWith("SigCgt:") &&
                        (line.mid(7).trimmed().toULongLong(nullptr, 16) >> (signal - 1)) & 1)
                        return true;
            }
            QThread::usleep(100);  // the front's short commands live a few milliseconds
        }
        return false;
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
