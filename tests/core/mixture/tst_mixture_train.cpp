// The learner of issue #24 item 6 (core/mixture/MixtureTrain): a tiny Transformer LM trained on
// a mixture kit built from real sentences (../shared/data: 300 lines each of medical, law, it).
// The dev loss falls; a cancelled and resumed run equals one run (static lambda, MDAC, DDS, and
// a curriculum across a phase boundary); the sampler's group counts under a schedule match its
// weights (chi-square); a curriculum's phases draw only from their shards (Zhang et al. 2019:
// the kit's in-domain training shard plus the law/it shards ranked by a real Moore-Lewis
// selection); errors, with the entry of a bad schedule file named.
#include <QDir>
#include <QFile>
#include <QtTest>

#include <cmath>
#include <filesystem>

#include "TestSupport.h"
#include "corpus/Import.h"
#include "mixture/LambdaTrajectory.h"
#include "mixture/Mdac.h"
#include "mixture/MixtureKit.h"
#include "mixture/MixtureSchedule.h"
#include "mixture/MixtureTrain.h"
#include "select/SelectJob.h"
#include "store/Store.h"

using namespace dl;

namespace {

QByteArray sharedSlice(const QString& file, int n) {
    QFile in(dltest::sharedData(file));
    if (!in.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(in.fileName()));
    QByteArray text;
    for (int i = 0; i < n; ++i) text += in.readLine();
    return text;
}

// Cancels the token once `at` steps are done (the job polls it before the next step).
class CancelAt final : public ProgressSink {
public:
    CancelAt(CancelToken& token, std::int64_t at) : token_(token), at_(at) {}
    void stage(std::string_view name) override { training_ = name == "Training"; }
    void progress(std::int64_t done, std::int64_t) override {
        if (training_ && done >= at_) token_.cancel();
    }

private:
    CancelToken& token_;
    std::int64_t at_;
    bool training_ = false;
};

// Seconds-sized settings: 1 layer, d = 64, 2 heads, context 32.
MixtureTrainParams tiny(const QString& out, const std::string& schedule, std::int64_t steps) {
    MixtureTrainParams p;
    p.out = out.toStdString();
    p.schedule = schedule;
    p.steps = steps;
    p.batch = 8;
    p.context = 32;
    p.layers = 1;
    p.dim = 64;
    p.heads = 2;
    p.vocab = 400;
    p.lr = 3e-3;
    p.evalEvery = 20;
    p.devWindows = 8;
    p.sessionSteps = 20;
    p.simSteps = 2;
    p.mdacLr = 0.5;  // large, so that lambda visibly moves within a few sessions
    p.updates = 10;
    p.device = "cpu";
    return p;
}

}  // namespace

class TestMixtureTrain : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString kit_;
    QString curriculum_;  // a curriculum schedule over the kit's training text: 4 phases

    QString path(const QString& name) const { return tmp_.filePath(name); }

private slots:
    void initTestCase() {
        if (!dltest::hasSharedData()) return;
        auto store = Store::create(tmp_.filePath("t.dlproj").toStdString());
        QVERIFY(store);
        NullProgress np;
        CancelToken ct;
        for (const char* d : {"medical", "law", "it"}) {
            ImportParams ip;
            ip.corpus = "pool";
            ip.labelSource = LabelSource::FromFilename;
            ip.srcPath = dltest::writeFile(
                tmp_, QString::fromLatin1(d) + QStringLiteral(".en"),
                sharedSlice(QStringLiteral("llm-dom-ad-deen-train2500/%1.en").arg(QLatin1String(d)), 300));
            QVERIFY(runImport(ip, **store, np, ct));
        }
        MixtureKitParams kp;
        kp.corpus = "pool";
        kp.outDir = path(QStringLiteral("kit")).toStdString();
        kp.devLines = 40;
        kp.testLines = 20;
        kp.target = "medical";
        kp.init = "floored";  // lambda_0 = 0.8 lambda_t + 0.2 uniform: every group positive (MDAC needs it)
        auto kit = runMixtureKit(kp, **store, np, ct);
        QVERIFY2(kit, kit ? "" : kit.error().message.c_str());
        kit_ = path(QStringLiteral("kit"));

        // The paper's CL (§4.3): the other domains' training data as one pool, ranked by the
        // cross-entropy difference against the in-domain training data, cut into 3 shards;
        // shard 0 the in-domain data. All of it is the kit's training text (no dev line).
        for (const auto& [corpus, groups] : {std::pair{"clin", std::vector<const char*>{"medical"}},
                                             std::pair{"clpool", std::vector<const char*>{"law", "it"}}}) {
            for (const char* g : groups) {
                ImportParams ip;
                ip.corpus = corpus;
                ip.labelSource = LabelSource::Given;
                ip.domain = g;
                ip.srcPath =
                    (path(QStringLiteral("kit")) + QStringLiteral("/%1.train.en").arg(QLatin1String(g))).toStdString();
                QVERIFY(runImport(ip, **store, np, ct));
            }
        }
        SelectParams sp;
        sp.method = SelectMethod::MooreLewis;
        sp.pool = "clpool";
        sp.seed = "clin";
        auto sel = runSelect(sp, **store, np, ct);
        QVERIFY2(sel, sel ? "" : sel.error().message.c_str());
        MixtureScheduleParams cp;
        cp.kind = "curriculum";
        cp.selection = sel->runId;
        cp.inCorpus = "clin";
        cp.shards = 3;
        cp.steps = 60;
        cp.out = path(QStringLiteral("cl")).toStdString();
        auto cl = runMixtureSchedule(cp, store->get(), np, ct);
        QVERIFY2(cl, cl ? "" : cl.error().message.c_str());
        curriculum_ = path(QStringLiteral("cl.schedule.json"));
    }

    // ~100 steps of a tiny model: the dev loss under lambda_t falls by more than a nat from its
    // start (about ln V at initialisation; measured: 6.17 -> 4.64), every group's falls too; perplexity is exp(loss);
    // the report has speed.
    void lossFalls() {
        if (kit_.isEmpty()) QSKIP("../shared/data is not here");
        NullProgress np;
        CancelToken ct;
        auto r = runMixtureTrain(kit_.toStdString(), tiny(path(QStringLiteral("falls")), "static", 100), np, ct);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        const auto& evals = (*r)["evals"];
        QCOMPARE(int(evals.size()), 6);  // steps 0, 20, ..., 100
        const double first = evals.front()["target_loss"].get<double>();
        const double last = evals.back()["target_loss"].get<double>();
        QVERIFY2(last < first - 1.0, qPrintable(QStringLiteral("%1 -> %2").arg(first).arg(last)));
        for (const char* g : {"medical", "law", "it"}) {
            const double a = evals.front()["dev"][g]["loss"].get<double>(),
                         b = evals.back()["dev"][g]["loss"].get<double>();
            QVERIFY2(b < a, g);
            QVERIFY(std::abs(evals.back()["dev"][g]["ppl"].get<double>() - std::exp(b)) < 1e-9 * std::exp(b));
        }
        QVERIFY((*r)["tokens_per_s"].get<double>() > 0);
        QCOMPARE((*r)["tokens"].get<std::int64_t>(), std::int64_t(100 * 8 * 32));
        QVERIFY(QFile::exists(path(QStringLiteral("falls/vocab.model"))));
        QVERIFY(QFile::exists(path(QStringLiteral("falls/train.json"))));
    }

    // Cancelled after 30 steps and resumed == one run of 60 steps (same seed): the dev losses of
    // every evaluation, and for MDAC the lambda trajectory.
    void cancelledResumedEqualsOneRun_data() {
        QTest::addColumn<QString>("schedule");
        QTest::newRow("static") << QStringLiteral("static");
        QTest::newRow("mdac") << QStringLiteral("mdac");
        QTest::newRow("dds") << QStringLiteral("dds");
        QTest::newRow("curriculum") << QStringLiteral("@cl");  // phases at 0, 15, 30, 45: resumed across 45
    }
    void cancelledResumedEqualsOneRun() {
        if (kit_.isEmpty()) QSKIP("../shared/data is not here");
        QFETCH(QString, schedule);
        const QString name = schedule == QLatin1String("@cl") ? QStringLiteral("cl") : schedule;
        if (schedule == QLatin1String("@cl")) schedule = curriculum_;
        NullProgress np;
        CancelToken ct;
        const auto one = runMixtureTrain(kit_.toStdString(),
                                         tiny(path(name + QStringLiteral("-one")), schedule.toStdString(), 60), np, ct);
        QVERIFY2(one, one ? "" : one.error().message.c_str());

        auto p = tiny(path(name + QStringLiteral("-two")), schedule.toStdString(), 60);
        CancelToken stop;
        CancelAt at30(stop, 30);
        auto first = runMixtureTrain(kit_.toStdString(), p, at30, stop);
        QVERIFY(!first);
        QCOMPARE(first.error().kind, ErrorKind::Cancelled);
        // Without --resume the folder is refused; with it the run continues from step 30.
        QVERIFY(!runMixtureTrain(kit_.toStdString(), p, np, ct));
        p.resume = true;
        // Another kit (a copy, same settings) is refused; so are other settings.
        const auto other = path(name + QStringLiteral("-kit")).toStdString();
        std::filesystem::copy(kit_.toStdString(), other);
        auto wrongKit = runMixtureTrain(other, p, np, ct);
        QVERIFY(!wrongKit && wrongKit.error().message.find("was trained on the kit") != std::string::npos);
        auto changed = p;
        changed.lr = 1e-2;
        QVERIFY(!runMixtureTrain(kit_.toStdString(), changed, np, ct));
        auto second = runMixtureTrain(kit_.toStdString(), p, np, ct);
        QVERIFY2(second, second ? "" : second.error().message.c_str());

        const auto& a = (*one)["evals"];
        const auto& b = (*second)["evals"];
        QCOMPARE(int(a.size()), 4);  // 0, 20, 40, 60
        QCOMPARE(int(b.size()), int(a.size()));
        for (std::size_t i = 0; i < a.size(); ++i)
            for (const char* g : {"medical", "law", "it"}) {
                const double x = a[i]["dev"][g]["loss"].get<double>(), y = b[i]["dev"][g]["loss"].get<double>();
                QVERIFY2(std::abs(x - y) <= 1e-6,
                         qPrintable(QStringLiteral("eval %1 %2: %3 vs %4").arg(i).arg(QLatin1String(g)).arg(x).arg(y)));
            }
        if (name == QLatin1String("cl")) {
            // The same batches in every phase, the phase after the cut (45..59) included.
            QCOMPARE(int((*one)["phases"].size()), 4);
            QCOMPARE((*second)["phases"], (*one)["phases"]);
            QCOMPARE((*one)["phases"][3]["from_step"].get<std::int64_t>(), std::int64_t(45));
        }
        if (name == QLatin1String("mdac") || name == QLatin1String("dds")) {
            // Sessions after steps 20 and 40; lambda moved away from lambda_0, the same in both runs.
            QCOMPARE((*one)["sessions"].get<std::int64_t>(), std::int64_t(2));
            QCOMPARE((*second)["sessions"].get<std::int64_t>(), std::int64_t(2));
            const auto& ta = (*one)["trajectory"];
            const auto& tb = (*second)["trajectory"];
            QCOMPARE(int(ta.size()), 3);
            QCOMPARE(int(tb.size()), 3);
            double moved = 0;
            for (const char* g : {"medical", "law", "it"}) {
                QVERIFY(std::abs(ta[2]["lambda"][g].get<double>() - tb[2]["lambda"][g].get<double>()) <= 1e-6);
                moved += std::abs(ta[2]["lambda"][g].get<double>() - ta[0]["lambda"][g].get<double>());
            }
            QVERIFY2(moved > 1e-4, qPrintable(QString::number(moved)));
            // The lambda the evaluation at step 40 reports is the state's after session 2.
            QVERIFY(std::abs(a[2]["lambda"]["it"].get<double>() - ta[2]["lambda"]["it"].get<double>()) < 1e-12);
            // The state file is `mixture step`'s format.
            auto state = loadMdacState(path(name + QStringLiteral("-two/mdac.json")).toStdString());
            QVERIFY(state);
            QCOMPARE(state->session, std::int64_t(2));
        }
    }

    // A schedule file's lambda by step (scaled to the run's steps), and the sampler's group
    // counts at a step against its weights: chi-square with 2 degrees of freedom under 13.8
    // (p = 0.001); the counts of the other phase's weights are far from them (the test can fail).
    void scheduleCountsMatchWeights() {
        const QByteArray text = R"({"kind": "interpolate", "steps": 100, "schedule": [
            {"step": 0, "lambda": {"a": 0.7, "b": 0.2, "c": 0.1}},
            {"step": 50, "lambda": {"a": 0.1, "b": 0.3, "c": 0.6}}]})";
        const auto file = dltest::writeFile(tmp_, QStringLiteral("s.schedule.json"), text);
        auto s = loadLambdaSchedule(file, {"a", "b", "c"});
        QVERIFY2(s, s ? "" : s.error().message.c_str());
        QCOMPARE(scheduleLambdaAt(*s, 49, 100).at("a"), 0.7);
        QCOMPARE(scheduleLambdaAt(*s, 50, 100).at("a"), 0.1);
        QCOMPARE(scheduleLambdaAt(*s, 99, 200).at("a"), 0.7);  // scaled: phase 2 starts at 100 of 200
        QCOMPARE(scheduleLambdaAt(*s, 100, 200).at("a"), 0.1);
        const std::vector<double> w{0.1, 0.3, 0.6}, other{0.7, 0.2, 0.1};
        const std::int64_t n = 20000;
        const auto groups = drawGroups(w, n, 7, 60);
        std::vector<double> counts(3);
        for (int g : groups) counts[std::size_t(g)] += 1;
        double chi = 0, chiOther = 0;
        for (std::size_t i = 0; i < 3; ++i) {
            chi += std::pow(counts[i] - double(n) * w[i], 2) / (double(n) * w[i]);
            chiOther += std::pow(counts[i] - double(n) * other[i], 2) / (double(n) * other[i]);
        }
        QVERIFY2(chi < 13.8, qPrintable(QString::number(chi)));
        QVERIFY(chiOther > 1000);
        QVERIFY(drawGroups(w, 50, 7, 60) == std::vector<int>(groups.begin(), groups.begin() + 50));
        QVERIFY(drawGroups(w, 50, 7, 61) != std::vector<int>(groups.begin(), groups.begin() + 50));
        // A group never drawn at weight 0.
        for (int g : drawGroups({0.5, 0.0, 0.5}, 5000, 1, 0)) QVERIFY(g != 1);
    }

    // The curriculum's phases: phase p (from step 15p of 60) draws only from shards 0..p, each
    // phase 15 steps x 8 sequences, and every allowed shard is drawn (weights ∝ shard sizes, each
    // >= 0.2 here); the dev loss is the kit's groups' under lambda_t, comparable with a static run.
    void curriculumPhasesDrawOnlyTheirShards() {
        if (kit_.isEmpty()) QSKIP("../shared/data is not here");
        NullProgress np;
        CancelToken ct;
        auto r = runMixtureTrain(kit_.toStdString(), tiny(path(QStringLiteral("clrun")), curriculum_.toStdString(), 60),
                                 np, ct);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QCOMPARE((*r)["sampled_from"].get<std::string>(), std::string("shards"));
        QCOMPARE((*r)["shards"].size(), std::size_t(4));
        const auto& phases = (*r)["phases"];
        QCOMPARE(int(phases.size()), 4);
        for (int ph = 0; ph < 4; ++ph) {
            QCOMPARE(phases[ph]["from_step"].get<std::int64_t>(), std::int64_t(15 * ph));
            std::int64_t total = 0;
            for (int sh = 0; sh < 4; ++sh) {
                const auto n = phases[ph]["draws"]["shard" + std::to_string(sh)].get<std::int64_t>();
                total += n;
                if (sh > ph) QCOMPARE(n, std::int64_t(0));
                else QVERIFY2(n > 0, qPrintable(QStringLiteral("phase %1 shard %2").arg(ph).arg(sh)));
            }
            QCOMPARE(total, std::int64_t(15 * 8));
        }
        // Shard 0 is the kit's in-domain (medical) training text.
        QVERIFY(QString::fromStdString((*r)["shards"]["shard0"]["file"].get<std::string>())
                    .endsWith(QStringLiteral("cl.shard0.en")));
        for (const char* g : {"medical", "law", "it"}) QVERIFY((*r)["final"]["dev"].contains(g));
        // The views read lambda over the 4 shards from the schedule and from the report, unused
        // shards at 0 (phase 0: shard 0 alone; the last phase: all four).
        for (const auto& file : {curriculum_, path(QStringLiteral("clrun/train.json"))}) {
            auto t = readLambdaTrajectory(file.toStdString(), ct);
            QVERIFY2(t, t ? "" : t.error().message.c_str());
            QCOMPARE(t->groups, (std::vector<std::string>{"shard0", "shard1", "shard2", "shard3"}));
            QCOMPARE(t->lambda.front(), (std::vector<double>{1, 0, 0, 0}));
            for (double w : t->lambda.back()) QVERIFY(w > 0);
        }
        QVERIFY((*r)["final"]["target_loss"].get<double>() < (*r)["evals"][0]["target_loss"].get<double>());
    }

    void errors_data() {
        QTest::addColumn<QString>("kit");
        QTest::addColumn<QString>("schedule");
        QTest::addColumn<QString>("message");
        QTest::newRow("not a kit") << QStringLiteral("@tmp") << QStringLiteral("static")
                                   << QStringLiteral("is not a mixture kit");
        QTest::newRow("no folder") << QStringLiteral("@tmp/none") << QStringLiteral("static")
                                   << QStringLiteral("is not a folder");
        QTest::newRow("unknown schedule")
            << QStringLiteral("@kit") << QStringLiteral("cosine") << QStringLiteral("unknown --schedule 'cosine'");
        QTest::newRow("schedule over other groups")
            << QStringLiteral("@kit") << QStringLiteral("@abc") << QStringLiteral("unknown group 'a'");
        QTest::newRow("schedule not at 0")
            << QStringLiteral("@kit") << QStringLiteral("@late") << QStringLiteral("first entry must be at step 0");
        // Curriculum/gradual files (cl.schedule.json edited): the entry and field are named.
        QTest::newRow("malformed json") << QStringLiteral("@kit") << QStringLiteral("@cl:broken")
                                        << QStringLiteral("line 3");
        QTest::newRow("shard out of order") << QStringLiteral("@kit") << QStringLiteral("@cl:order")
                                            << QStringLiteral("shards[1]: \"shard\" must be 1");
        QTest::newRow("shard file outside") << QStringLiteral("@kit") << QStringLiteral("@cl:escape")
                                            << QStringLiteral("shards[2] files: '../x.en' is not a file name");
        QTest::newRow("shard file missing")
            << QStringLiteral("@kit") << QStringLiteral("@cl:missing") << QStringLiteral("shards[3] files: ");
        QTest::newRow("no files (old schedule)")
            << QStringLiteral("@kit") << QStringLiteral("@cl:nofiles") << QStringLiteral("shards[0]: no \"files\"");
        QTest::newRow("phase names an unknown shard")
            << QStringLiteral("@kit") << QStringLiteral("@cl:unknown")
            << QStringLiteral("schedule[2] (step 30) lambda: unknown group 'shard7'");
        QTest::newRow("phase weights do not sum to 1")
            << QStringLiteral("@kit") << QStringLiteral("@cl:sum")
            << QStringLiteral("schedule[1] (step 15) lambda: the weights sum to");
    }
    void errors() {
        if (kit_.isEmpty()) QSKIP("../shared/data is not here");
        QFETCH(QString, kit);
        QFETCH(QString, schedule);
        QFETCH(QString, message);
        kit.replace(QStringLiteral("@tmp"), tmp_.path()).replace(QStringLiteral("@kit"), kit_);
        if (schedule == QLatin1String("@abc"))
            schedule = QString::fromStdString(dltest::writeFile(
                tmp_, QStringLiteral("abc.json"), R"({"schedule": [{"step": 0, "lambda": {"a": 0.5, "b": 0.5}}]})"));
        if (schedule == QLatin1String("@late"))
            schedule = QString::fromStdString(
                dltest::writeFile(tmp_, QStringLiteral("late.json"),
                                  R"({"schedule": [{"step": 5, "lambda": {"medical": 0.5, "law": 0.5, "it": 0}}]})"));
        if (schedule.startsWith(QLatin1String("@cl:"))) {
            const auto how = schedule.mid(4);
            QFile f(curriculum_);
            QVERIFY(f.open(QIODevice::ReadOnly));
            auto j = nlohmann::json::parse(f.readAll().toStdString());
            if (how == QLatin1String("order")) j["shards"][1]["shard"] = 2;
            if (how == QLatin1String("escape")) j["shards"][2]["files"] = {"../x.en"};
            if (how == QLatin1String("missing")) j["shards"][3]["files"] = {"gone.shard3.en"};
            if (how == QLatin1String("nofiles")) j["shards"][0].erase("files");
            if (how == QLatin1String("unknown")) j["schedule"][2]["lambda"]["shard7"] = 0.0;
            if (how == QLatin1String("sum")) j["schedule"][1]["lambda"]["shard0"] = 0.9;
            std::string text = j.dump(2);
            if (how == QLatin1String("broken")) text = "{\n  \"kind\": \"curriculum\",\n  \"shards\": [,]\n}\n";
            schedule = QString::fromStdString(dltest::writeFile(tmp_, QStringLiteral("cl-%1.schedule.json").arg(how),
                                                                QByteArray::fromStdString(text)));
        }
        NullProgress np;
        CancelToken ct;
        auto r =
            runMixtureTrain(kit.toStdString(), tiny(path(QStringLiteral("err")), schedule.toStdString(), 5), np, ct);
        QVERIFY(!r);
        QCOMPARE(r.error().kind, ErrorKind::Usage);
        QVERIFY2(QString::fromStdString(r.error().message).contains(message), r.error().message.c_str());
        QVERIFY(!QFile::exists(path(QStringLiteral("err/checkpoint.json"))));
    }
};

QTEST_GUILESS_MAIN(TestMixtureTrain)
#include "tst_mixture_train.moc"
