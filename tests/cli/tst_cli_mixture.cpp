// `domainlens-cli mixture kit|target|schedule|step` from outside (issue #24), on real
// sentences (medical/law/it slices of ../shared/data): exit codes and messages for the errors
// the contract names (unknown group, weights that do not sum to 1, rewards naming an unknown
// group, malformed JSON with its line, a too-small group), the kit's files and mixture.json,
// an MDAC session over three processes whose lambda equals the update recomputed here, and a
// schedule read from the kit.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QtTest>

#include <cmath>

#include "CliProcess.h"
#include "TestSupport.h"

using namespace dltest;

class TestCliMixture : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString project_;

    QString path(const QString& name) const { return dir_.filePath(name); }
    QString write(const QString& name, const QByteArray& text) const {
        return QString::fromStdString(writeFile(dir_, name, text));
    }
    static QByteArray describe(const CliRun& r) {
        return "exit " + QByteArray::number(r.exitCode) + "; stderr: " + r.err.right(600);
    }
    static QJsonObject readJson(const QString& file) {
        QFile f(file);
        if (!f.open(QIODevice::ReadOnly)) return {};
        return QJsonDocument::fromJson(f.readAll()).object();
    }
    static double total(const QJsonObject& w) {
        double s = 0;
        for (const auto& v : w) s += v.toDouble();
        return s;
    }

private slots:
    void initTestCase() {
        DLTEST_REQUIRE_SHARED_DATA();
        QVERIFY(QFile::exists(cliPath()));
        project_ = path(QStringLiteral("m.dlproj"));
        QCOMPARE(runCli({QStringLiteral("init"), project_}).exitCode, 0);
        for (const char* d : {"medical", "law", "it"}) {
            QStringList files;
            for (const char* lang : {"en", "de"}) {
                QFile in(sharedData(
                    QStringLiteral("llm-dom-ad-deen-test/%1.%2").arg(QLatin1String(d), QLatin1String(lang))));
                QVERIFY(in.open(QIODevice::ReadOnly));
                QByteArray text;
                for (int i = 0; i < 40; ++i) text += in.readLine();
                files << write(QStringLiteral("%1.%2").arg(QLatin1String(d), QLatin1String(lang)), text);
            }
            auto r = runCli({QStringLiteral("import"), project_, QStringLiteral("--src"), files[0],
                             QStringLiteral("--tgt"), files[1], QStringLiteral("--domain-from-filename"),
                             QStringLiteral("--corpus"), QStringLiteral("pool"), QStringLiteral("--quiet")});
            QVERIFY2(r.exitCode == 0, describe(r));
        }
        write(QStringLiteral("sum09.json"), R"({"lambda_t": {"medical": 0.5, "law": 0.3, "it": 0.1}})");
        write(QStringLiteral("badtarget.json"), R"({"lambda_t": {"medical": 0.5, "space": 0.5}})");
        write(QStringLiteral("malformed.json"), "{\n  \"rewards\": {\n    \"it\": 0.1,\n    \"law\" 0.2\n  }\n}\n");
        write(QStringLiteral("unknown.json"), R"({"rewards": {"it": 0.1, "law": 0.2, "medical": 0.3, "news": 1}})");
    }

    void errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QString P = QStringLiteral("@P"), K = QStringLiteral("kit"), T = QStringLiteral("target");
        QTest::newRow("no subcommand") << QStringList{QStringLiteral("mixture")} << 2 << QStringLiteral("subcommand");
        QTest::newRow("unknown subcommand") << QStringList{QStringLiteral("mixture"), QStringLiteral("fit")} << 2
                                            << QStringLiteral("unknown mixture subcommand 'fit'");
        for (const char* sub : {"kit", "target", "schedule", "step", "train"})
            QTest::newRow(qPrintable(QStringLiteral("%1 --help").arg(QLatin1String(sub))))
                << QStringList{QStringLiteral("mixture"), QLatin1String(sub), QStringLiteral("--help")} << 0
                << QString();
        QTest::newRow("kit without --out")
            << QStringList{QStringLiteral("mixture"), K, P} << 2 << QStringLiteral("--out");
        QTest::newRow("kit unknown target group") << QStringList{QStringLiteral("mixture"),
                                                                 K,
                                                                 P,
                                                                 QStringLiteral("--out"),
                                                                 QStringLiteral("@D/k1"),
                                                                 QStringLiteral("--dev-lines"),
                                                                 QStringLiteral("5"),
                                                                 QStringLiteral("--test-lines"),
                                                                 QStringLiteral("5"),
                                                                 QStringLiteral("--target"),
                                                                 QStringLiteral("medical,news")}
                                                  << 2 << QStringLiteral("Unknown group 'news'");
        QTest::newRow("kit target not summing to 1") << QStringList{QStringLiteral("mixture"),
                                                                    K,
                                                                    P,
                                                                    QStringLiteral("--out"),
                                                                    QStringLiteral("@D/k2"),
                                                                    QStringLiteral("--dev-lines"),
                                                                    QStringLiteral("5"),
                                                                    QStringLiteral("--test-lines"),
                                                                    QStringLiteral("5"),
                                                                    QStringLiteral("--target"),
                                                                    QStringLiteral("@D/sum09.json")}
                                                     << 2 << QStringLiteral("sum to 0.9");
        QTest::newRow("kit target naming an unknown group") << QStringList{QStringLiteral("mixture"),
                                                                           K,
                                                                           P,
                                                                           QStringLiteral("--out"),
                                                                           QStringLiteral("@D/k3"),
                                                                           QStringLiteral("--dev-lines"),
                                                                           QStringLiteral("5"),
                                                                           QStringLiteral("--test-lines"),
                                                                           QStringLiteral("5"),
                                                                           QStringLiteral("--target"),
                                                                           QStringLiteral("@D/badtarget.json")}
                                                            << 2 << QStringLiteral("unknown group 'space'");
        QTest::newRow("kit group too small")
            << QStringList{QStringLiteral("mixture"), K, P, QStringLiteral("--out"), QStringLiteral("@D/k4")} << 2
            << QStringLiteral("Group 'it' has 40 distinct lines");
        QTest::newRow("target unknown group") << QStringList{QStringLiteral("mixture"),
                                                             T,
                                                             P,
                                                             QStringLiteral("--from"),
                                                             QStringLiteral("groups"),
                                                             QStringLiteral("--by"),
                                                             QStringLiteral("domain"),
                                                             QStringLiteral("--groups"),
                                                             QStringLiteral("law,news")}
                                              << 2 << QStringLiteral("Unknown group 'news'");
        QTest::newRow("target bogus --from")
            << QStringList{QStringLiteral("mixture"), T, P, QStringLiteral("--from"), QStringLiteral("oracle")} << 2
            << QStringLiteral("--from");
        QTest::newRow("train on a folder that is not a kit")
            << QStringList{QStringLiteral("mixture"), QStringLiteral("train"), QStringLiteral("@D"),
                           QStringLiteral("--out"), QStringLiteral("@D/lm0")}
            << 2 << QStringLiteral("is not a mixture kit");
        QTest::newRow("train without --out")
            << QStringList{QStringLiteral("mixture"), QStringLiteral("train"), QStringLiteral("@D")} << 2
            << QStringLiteral("--out");
        QTest::newRow("step without state file")
            << QStringList{QStringLiteral("mixture"), QStringLiteral("step"), QStringLiteral("@D/none.json"),
                           QStringLiteral("--rewards"), QStringLiteral("@D/unknown.json")}
            << 1 << QStringLiteral("none.json");
    }
    void errors() {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        args.replaceInStrings(QStringLiteral("@P"), project_);
        args.replaceInStrings(QStringLiteral("@D"), dir_.path());
        const auto r = runCli(args);
        QVERIFY2(r.exitCode == exitCode, describe(r));
        if (!message.isEmpty()) QVERIFY2(r.err.contains(message.toUtf8()), describe(r));
        // A refused kit writes nothing, not even its folder.
        if (exitCode != 0 && args.size() > 1 && args[1] == QLatin1String("kit"))
            for (const char* k : {"k1", "k2", "k3", "k4"}) QVERIFY2(!QDir(path(QLatin1String(k))).exists(), k);
    }

    // The kit, then three processes of MDAC: --init (lambda_0), a session, and errors that
    // leave the state as it was; lambda recomputed here from the paper's update.
    void kitThenMdacSessions() {
        const QString kit = path(QStringLiteral("kit"));
        auto r = runCli({QStringLiteral("mixture"), QStringLiteral("kit"), project_, QStringLiteral("--out"), kit,
                         QStringLiteral("--dev-lines"), QStringLiteral("5"), QStringLiteral("--test-lines"),
                         QStringLiteral("5"), QStringLiteral("--target"), QStringLiteral("law"),
                         QStringLiteral("--init"), QStringLiteral("floored"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        const auto mixture = readJson(kit + QStringLiteral("/mixture.json"));
        QCOMPARE(mixture, r.json().value(QLatin1String("mixture")).toObject());
        for (const char* key : {"lambda_s", "lambda_t", "lambda_0"})
            QVERIFY(std::abs(total(mixture.value(QLatin1String(key)).toObject()) - 1) < 1e-12);
        for (const char* g : {"medical", "law", "it"})
            for (const char* split : {"train", "dev", "test"})
                for (const char* lang : {"en", "de"})
                    QVERIFY(QFile::exists(QStringLiteral("%1/%2.%3.%4")
                                              .arg(kit, QLatin1String(g), QLatin1String(split), QLatin1String(lang))));
        QFile yaml(kit + QStringLiteral("/opennmt.yaml"));
        QVERIFY(yaml.open(QIODevice::ReadOnly));
        const QByteArray y = yaml.readAll();
        QVERIFY(y.contains("data:\n    it:\n        path_src: ") && y.contains("weight: "));

        const QString state = path(QStringLiteral("state.json"));
        const QStringList step{QStringLiteral("mixture"), QStringLiteral("step"), state};
        r = runCli(step + QStringList{QStringLiteral("--init"), kit + QStringLiteral("/mixture.json"),
                                      QStringLiteral("--lr"), QStringLiteral("0.01"), QStringLiteral("--updates"),
                                      QStringLiteral("20"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        const auto lambda0 = mixture.value(QLatin1String("lambda_0")).toObject();
        QCOMPARE(r.json().value(QLatin1String("session")).toInt(), 0);
        // Recomputed here: psi = sqrt(lambda_0), 20 updates psi_j += lr (2 psi_j / S)(R_j - sum lambda R).
        const QStringList groups{QStringLiteral("it"), QStringLiteral("law"), QStringLiteral("medical")};
        const double rewards[3] = {0.02, 0.08, -0.01};
        std::vector<double> psi;
        for (const auto& g : groups) psi.push_back(std::sqrt(lambda0.value(g).toDouble()));
        for (int u = 0; u < 20; ++u) {
            double s = 0, baseline = 0;
            for (double p : psi) s += p * p;
            for (int j = 0; j < 3; ++j) baseline += psi[std::size_t(j)] * psi[std::size_t(j)] / s * rewards[j];
            for (int j = 0; j < 3; ++j)
                psi[std::size_t(j)] += 0.01 * (2 * psi[std::size_t(j)] / s) * (rewards[j] - baseline);
        }
        double s = 0;
        for (double p : psi) s += p * p;
        write(QStringLiteral("r1.json"), R"({"session": 1, "rewards": {"it": 0.02, "law": 0.08, "medical": -0.01}})");
        // Errors first: the state must not change.
        for (const char* bad : {"malformed.json", "unknown.json"}) {
            const QByteArray before = [&] {
                QFile f(state);
                return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
            }();
            r = runCli(step + QStringList{QStringLiteral("--rewards"), path(QLatin1String(bad))});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(QLatin1String(bad) == QLatin1String("malformed.json")
                                        ? QByteArray("malformed JSON at line 4")
                                        : QByteArray("reward for unknown group 'news'")),
                     describe(r));
            QFile f(state);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), before);
        }
        r = runCli(step +
                   QStringList{QStringLiteral("--rewards"), path(QStringLiteral("r1.json")), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        QCOMPARE(r.json().value(QLatin1String("session")).toInt(), 1);
        const auto lambda = r.json().value(QLatin1String("lambda")).toObject();
        for (int j = 0; j < 3; ++j)
            QVERIFY2(
                std::abs(lambda.value(groups[j]).toDouble() - psi[std::size_t(j)] * psi[std::size_t(j)] / s) < 1e-12,
                qPrintable(groups[j]));
        QVERIFY(lambda.value(QLatin1String("law")).toDouble() > lambda0.value(QLatin1String("law")).toDouble());
        // The same rewards again: refused (already applied), the trajectory has two entries.
        r = runCli(step + QStringList{QStringLiteral("--rewards"), path(QStringLiteral("r1.json"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("already applied"));
        QCOMPARE(readJson(state).value(QLatin1String("trajectory")).toArray().size(), 2);
        // The options of the state are fixed at --init.
        r = runCli(step + QStringList{QStringLiteral("--rewards"), path(QStringLiteral("r1.json")),
                                      QStringLiteral("--lr"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 2);

        // A schedule from the kit: interpolate lambda_1 -> lambda_t in 5 entries, each a mixture.
        r = runCli({QStringLiteral("mixture"), QStringLiteral("schedule"), QStringLiteral("--kind"),
                    QStringLiteral("interpolate"), QStringLiteral("--mixture"), kit + QStringLiteral("/mixture.json"),
                    QStringLiteral("--points"), QStringLiteral("5"), QStringLiteral("--out"),
                    path(QStringLiteral("sch")), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        const auto entries =
            readJson(path(QStringLiteral("sch.schedule.json"))).value(QLatin1String("schedule")).toArray();
        QCOMPARE(entries.size(), 5);
        for (const auto& e : entries)
            QVERIFY(std::abs(total(e.toObject().value(QLatin1String("lambda")).toObject()) - 1) < 1e-12);
        QCOMPARE(
            entries.last().toObject().value(QLatin1String("lambda")).toObject().value(QLatin1String("law")).toDouble(),
            1.0);
        QVERIFY(QFile::exists(path(QStringLiteral("sch.phase4.yaml"))));
    }

    // `mixture train` on the kit of kitThenMdacSessions: an unknown schedule is a usage error
    // that writes nothing; a few steps of a tiny model report dev loss and perplexity per group;
    // a shard schedule is sampled phase by phase, a bad one is refused naming the entry.
    void trainOnKit() {
        const QString kit = path(QStringLiteral("kit"));
        if (!QFile::exists(kit + QStringLiteral("/mixture.json"))) QSKIP("kitThenMdacSessions made no kit");
        const QStringList tiny{QStringLiteral("--steps"),       QStringLiteral("10"),
                               QStringLiteral("--batch"),       QStringLiteral("4"),
                               QStringLiteral("--context"),     QStringLiteral("16"),
                               QStringLiteral("--layers"),      QStringLiteral("1"),
                               QStringLiteral("--dim"),         QStringLiteral("32"),
                               QStringLiteral("--heads"),       QStringLiteral("2"),
                               QStringLiteral("--vocab"),       QStringLiteral("200"),
                               QStringLiteral("--dev-windows"), QStringLiteral("2"),
                               QStringLiteral("--eval-every"),  QStringLiteral("5"),
                               QStringLiteral("--device"),      QStringLiteral("cpu")};
        auto r =
            runCli(QStringList{QStringLiteral("mixture"), QStringLiteral("train"), kit, QStringLiteral("--out"),
                               path(QStringLiteral("lm1")), QStringLiteral("--schedule"), QStringLiteral("cosine")} +
                   tiny);
        QVERIFY2(r.exitCode == 2 && r.err.contains("unknown --schedule 'cosine'"), describe(r));
        QVERIFY(!QDir(path(QStringLiteral("lm1"))).exists());
        r = runCli(QStringList{QStringLiteral("mixture"), QStringLiteral("train"), kit, QStringLiteral("--out"),
                               path(QStringLiteral("lm2")), QStringLiteral("--schedule"), QStringLiteral("mdac"),
                               QStringLiteral("--session-steps"), QStringLiteral("5"), QStringLiteral("--sim-steps"),
                               QStringLiteral("1"), QStringLiteral("--json")} +
                   tiny);
        QVERIFY2(r.exitCode == 0, describe(r));
        const auto out = r.json();
        const auto last = out.value(QLatin1String("final")).toObject();
        QCOMPARE(last.value(QLatin1String("step")).toInt(), 10);
        for (const char* g : {"medical", "law", "it"}) {
            const auto dev = last.value(QLatin1String("dev")).toObject().value(QLatin1String(g)).toObject();
            QVERIFY(dev.value(QLatin1String("loss")).toDouble() > 0);
            QVERIFY(std::abs(dev.value(QLatin1String("ppl")).toDouble() -
                             std::exp(dev.value(QLatin1String("loss")).toDouble())) < 1e-6);
        }
        QCOMPARE(out.value(QLatin1String("sessions")).toInt(), 1);
        QCOMPARE(readJson(path(QStringLiteral("lm2/train.json"))), out);
        // The state is `mixture step`'s: one more session by hand continues it.
        write(QStringLiteral("r-lm.json"), R"({"session": 2, "rewards": {"it": 0.01, "law": 0.02, "medical": 0.03}})");
        r = runCli({QStringLiteral("mixture"), QStringLiteral("step"), path(QStringLiteral("lm2/mdac.json")),
                    QStringLiteral("--rewards"), path(QStringLiteral("r-lm.json")), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, describe(r));
        QCOMPARE(r.json().value(QLatin1String("session")).toInt(), 2);

        // A shard schedule (the format of `mixture schedule --kind curriculum|gradual`): phase 0
        // samples shard 0 only, phase 1 both; the dev loss is still the kit's groups'.
        QVERIFY(QFile::copy(kit + QStringLiteral("/medical.train.en"), path(QStringLiteral("sh.shard0.en"))));
        QVERIFY(QFile::copy(kit + QStringLiteral("/law.train.en"), path(QStringLiteral("sh.shard1.en"))));
        write(QStringLiteral("sh.schedule.json"), R"({"kind": "curriculum", "steps": 10,
  "shards": [{"shard": 0, "files": ["sh.shard0.en"]}, {"shard": 1, "files": ["sh.shard1.en"]}],
  "schedule": [{"step": 0, "lambda": {"shard0": 1}}, {"step": 5, "lambda": {"shard0": 0.5, "shard1": 0.5}}]})");
        r = runCli(QStringList{QStringLiteral("mixture"), QStringLiteral("train"), kit, QStringLiteral("--out"),
                               path(QStringLiteral("lm3")), QStringLiteral("--schedule"),
                               path(QStringLiteral("sh.schedule.json")), QStringLiteral("--json")} +
                   tiny);
        QVERIFY2(r.exitCode == 0, describe(r));
        const auto phases = r.json().value(QLatin1String("phases")).toArray();
        QCOMPARE(phases.size(), 2);
        const auto draws0 = phases[0].toObject().value(QLatin1String("draws")).toObject();
        QCOMPARE(draws0.value(QLatin1String("shard0")).toInt(), 5 * 4);
        QCOMPARE(draws0.value(QLatin1String("shard1")).toInt(), 0);
        QVERIFY(r.json()
                    .value(QLatin1String("final"))
                    .toObject()
                    .value(QLatin1String("dev"))
                    .toObject()
                    .contains(QLatin1String("medical")));
        write(QStringLiteral("bad.schedule.json"), R"({"kind": "curriculum", "steps": 10,
  "shards": [{"shard": 0, "files": ["sh.shard0.en"]}, {"shard": 1}],
  "schedule": [{"step": 0, "lambda": {"shard0": 1}}]})");
        r = runCli(QStringList{QStringLiteral("mixture"), QStringLiteral("train"), kit, QStringLiteral("--out"),
                               path(QStringLiteral("lm4")), QStringLiteral("--schedule"),
                               path(QStringLiteral("bad.schedule.json"))} +
                   tiny);
        QVERIFY2(r.exitCode == 2 && r.err.contains("shards[1]: no \"files\""), describe(r));
    }
};

QTEST_GUILESS_MAIN(TestCliMixture)
#include "tst_cli_mixture.moc"
