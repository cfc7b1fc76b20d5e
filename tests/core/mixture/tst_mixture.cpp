// core/mixture (issue #24): MDAC's update against a hand-computed example and against finite
// differences of lambda(psi); lambda sums to 1 and stays positive under hostile rewards; the
// state survives a save/load; the rewards' errors; named, floored and interpolated mixtures,
// repetition factors; JSON errors with their line; group file names that cannot collide; the
// kit on real sentences (no dev/test line in any training shard, a too-small group named,
// manifest hashes); lambda^t from a dev set = the mean GMM responsibilities (the code `assign`
// uses) and, on the clustered corpus itself, ~ the GMM's mixing weights; lambda^t from a
// selection; the schedules (curriculum shards in score order, phase weights, gradual sizes); lambda
// trajectories read back for the views (a trainer's JSONL log with line-numbered errors, a schedule,
// an MDAC state file).
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QtTest>

#include <cmath>
#include <random>
#include <set>

#include "TestSupport.h"
#include "analysis/ClusterJob.h"
#include "analysis/ClusterModel.h"
#include "corpus/Import.h"
#include "encode/EncodeJob.h"
#include "mixture/LambdaTrajectory.h"
#include "mixture/Mdac.h"
#include "mixture/MixtureGroups.h"
#include "mixture/MixtureKit.h"
#include "mixture/MixtureSchedule.h"
#include "mixture/MixtureTarget.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Runs.h"
#include "store/Store.h"

using namespace dl;

namespace {

QStringList fileLines(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QStringList out = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    if (!out.isEmpty() && out.last().isEmpty()) out.removeLast();
    return out;
}

double sum(const Weights& w) {
    double s = 0;
    for (const auto& [g, v] : w) s += v;
    return s;
}

// The first `n` lines of a shared data file, as one text.
QByteArray sharedSlice(const QString& file, int n, int skip = 0) {
    QFile in(dltest::sharedData(file));
    if (!in.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(in.fileName()));
    QByteArray text;
    for (int i = 0; i < skip + n; ++i) {
        const auto line = in.readLine();
        if (i >= skip) text += line;
    }
    return text;
}

}  // namespace

class TestMixture : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::unique_ptr<Store> store_;  // "pool": medical/law/it slices; "dev": medical train slice; encoded, clustered
    std::int64_t clusterRun_ = 0, selectRun_ = 0;

private slots:
    // ---- MDAC ----------------------------------------------------------------------------

    // psi = (1, 2, 3), beta = 2: S = 14, lambda = (1, 4, 9)/14; R = (1, 0, -1): baseline
    // sum lambda R = -8/14 = -4/7; dpsi_j = lr (2 psi_j / 14)(R_j + 4/7) = lr (11/49, 8/49, -9/49).
    void mdacHandComputed() {
        const std::vector<double> psi{1, 2, 3}, rewards{1, 0, -1};
        const auto lambda = mdacLambda(psi, 2.0);
        QCOMPARE(lambda[0], 1.0 / 14);
        QCOMPARE(lambda[2], 9.0 / 14);
        const auto next = mdacStep(psi, rewards, 2.0, 0.1);
        QVERIFY(std::abs(next[0] - (1 + 0.1 * 11 / 49)) < 1e-15);
        QVERIFY(std::abs(next[1] - (2 + 0.1 * 8 / 49)) < 1e-15);
        QVERIFY(std::abs(next[2] - (3 - 0.1 * 9 / 49)) < 1e-15);
        // The same through a state (groups a, b, c; lambda_0 = (1, 4, 9)/14 gives psi ∝ (1, 2, 3)):
        // two updates of the session's rewards.
        auto s = startMdac({{"a", 1.0 / 14}, {"b", 4.0 / 14}, {"c", 9.0 / 14}}, {{"a", 1.0}, {"b", 0}, {"c", 0}},
                           MdacConfig{2.0, 0.1, 2, MdacReward::Gain})
                     .value();
        const double k = 1 / std::sqrt(14.0);  // psi_0 = sqrt(lambda_0) = (1, 2, 3) / sqrt(14)
        auto expected = mdacStep(mdacStep({k, 2 * k, 3 * k}, rewards, 2.0, 0.1), rewards, 2.0, 0.1);
        QVERIFY(applyRewards(s, {{"rewards", {{"a", 1}, {"b", 0}, {"c", -1}}}}, "r"));
        for (int i = 0; i < 3; ++i) QVERIFY(std::abs(s.psi[std::size_t(i)] - expected[std::size_t(i)]) < 1e-15);
        QCOMPARE(s.session, std::int64_t(1));
        QCOMPARE(int(s.trajectory.size()), 2);
        // The group with the best reward gained, the worst lost.
        QVERIFY(s.lambda()["a"] > 1.0 / 14 && s.lambda()["c"] < 9.0 / 14);
    }

    // dlambda_d/dpsi_j against central differences of lambda(psi), for several beta.
    void mdacJacobianFiniteDifferences_data() {
        QTest::addColumn<double>("beta");
        QTest::newRow("beta 2 (the paper)") << 2.0;
        QTest::newRow("beta 1.5") << 1.5;
        QTest::newRow("beta 3") << 3.0;
    }
    void mdacJacobianFiniteDifferences() {
        QFETCH(double, beta);
        std::mt19937_64 rng(7);
        std::uniform_real_distribution<double> u(0.2, 2.0);
        std::vector<double> psi(5);
        for (auto& p : psi) p = u(rng);
        const auto jac = mdacJacobian(psi, beta);
        const double h = 1e-6;
        for (std::size_t j = 0; j < psi.size(); ++j) {
            auto up = psi, down = psi;
            up[j] += h, down[j] -= h;
            const auto lu = mdacLambda(up, beta), ld = mdacLambda(down, beta);
            for (std::size_t d = 0; d < psi.size(); ++d) {
                const double fd = (lu[d] - ld[d]) / (2 * h);
                QVERIFY2(std::abs(fd - jac[d][j]) < 1e-8,
                         qPrintable(QStringLiteral("d %1 j %2: fd %3 vs %4").arg(d).arg(j).arg(fd).arg(jac[d][j])));
            }
        }
        // The update is the gradient of the expected reward sum_d lambda_d R_d: one small step
        // raises it by ~ lr |grad|^2.
        const std::vector<double> r{0.3, -0.1, 0.5, 0.0, -0.4};
        auto expectedReward = [&](const std::vector<double>& p) {
            const auto l = mdacLambda(p, beta);
            double e = 0;
            for (std::size_t d = 0; d < l.size(); ++d) e += l[d] * r[d];
            return e;
        };
        QVERIFY(expectedReward(mdacStep(psi, r, beta, 1e-3)) > expectedReward(psi));
    }

    // Constant rewards carry no information: the baseline cancels them, psi does not move.
    void mdacConstantRewardsDoNothing() {
        const std::vector<double> psi{0.5, 1.0, 1.5};
        const auto next = mdacStep(psi, {2.0, 2.0, 2.0}, 2.0, 0.5);
        for (std::size_t i = 0; i < psi.size(); ++i) QVERIFY(std::abs(next[i] - psi[i]) < 1e-15);
    }

    // lambda sums to 1 and stays > 0 through 2,000 sessions of large random rewards and a
    // large lr (updates that would drive psi through 0 without the floor).
    void mdacLambdaStaysADistribution() {
        auto s = startMdac(uniformWeights({"a", "b", "c", "d"}), uniformWeights({"a", "b", "c", "d"}),
                           MdacConfig{2.0, 5.0, 3, MdacReward::Gain})
                     .value();
        std::mt19937_64 rng(3);
        std::normal_distribution<double> n(0, 50);
        for (int t = 0; t < 2000; ++t) {
            QVERIFY(applyRewards(s, {{"rewards", {{"a", n(rng)}, {"b", n(rng)}, {"c", n(rng)}, {"d", n(rng)}}}}, "r"));
            const auto l = s.lambda();
            QVERIFY2(std::abs(sum(l) - 1) < 1e-12, qPrintable(QString::number(sum(l) - 1)));
            for (const auto& [g, v] : l) QVERIFY2(v > 0 && std::isfinite(v), g.c_str());
        }
    }

    // An update that sends psi_a exactly through 0 (psi = (1, 1)/sqrt 2, S = 1, R = (0, 1),
    // lr = 1: psi_a + lr 2 psi_a (0 - 1/2) = 0): without the floor lambda_a would be 0 for good; with it, a is still
    // sampled and a later reward in its favour brings it back.
    void mdacGroupNeverVanishes() {
        auto s =
            startMdac(uniformWeights({"a", "b"}), uniformWeights({"a", "b"}), MdacConfig{2.0, 1.0, 1, MdacReward::Gain})
                .value();
        QVERIFY(applyRewards(s, {{"rewards", {{"a", 0.0}, {"b", 1.0}}}}, "r"));
        QVERIFY(s.lambda()["a"] < 1e-9);
        // the floor: psi_a >= kPsiFloor * max psi, so lambda_a >= ~kPsiFloor^2 (not ~1e-32)
        QVERIFY2(s.lambda()["a"] >= 0.5 * kPsiFloor * kPsiFloor, qPrintable(QString::number(s.lambda()["a"])));
        const double before = s.lambda()["a"];
        QVERIFY(applyRewards(s, {{"rewards", {{"a", 1.0}, {"b", 0.0}}}}, "r"));
        QVERIFY(s.lambda()["a"] > before);
    }

    // The state file: saved, read back, the next session gives what it gives in memory; the
    // session number guards against applying the same rewards twice.
    // DDS as Wang et al.'s code updates it (softmax actor, Adam): lambda_0 = (0.5, 0.3, 0.2), R =
    // (0.9, 0.1, -0.4), sum R = 0.6; dL/dphi = -(R - lambda sum R) = (-0.6, 0.08, 0.52). Adam's
    // first step is lr * g / (|g| + eps) (bias-corrected m = g, v = g^2): phi = log lambda_0 +
    // lr (1, -1, -1) up to eps; lambda = softmax(phi).
    void ddsHandComputed() {
        const Weights l0{{"a", 0.5}, {"b", 0.3}, {"c", 0.2}};
        auto s = startMdac(l0, {{"a", 1.0}, {"b", 0}, {"c", 0}}, MdacConfig{2.0, 0.01, 1, MdacReward::Cosine}).value();
        QVERIFY(std::abs(s.lambda()["b"] - 0.3) < 1e-15);
        QVERIFY(applyRewards(s, {{"rewards", {{"a", 0.9}, {"b", 0.1}, {"c", -0.4}}}}, "r"));
        const std::vector<double> phi{std::log(0.5) + 0.01, std::log(0.3) - 0.01, std::log(0.2) - 0.01};
        for (std::size_t i = 0; i < 3; ++i) QVERIFY(std::abs(s.dds.phi[i] - phi[i]) < 1e-8);
        const double z = std::exp(phi[0]) + std::exp(phi[1]) + std::exp(phi[2]);
        QVERIFY(std::abs(s.lambda()["a"] - std::exp(phi[0]) / z) < 1e-8);
        QVERIFY(std::abs(s.lambda()["c"] - std::exp(phi[2]) / z) < 1e-8);
        QCOMPARE(s.dds.t, std::int64_t(1));
    }

    // DDS's lambda does not depend on the scale of its rewards (Adam divides it out): cosines and
    // the same cosines times 0.05 (the size of MDAC's dev-loss gains) give the same lambda over
    // three sessions of 100 updates; MDAC's plain step does depend on it (the test can fail).
    void ddsIgnoresRewardScaleMdacDoesNot() {
        const Weights l0 = uniformWeights({"a", "b", "c", "d"});
        const std::vector<std::map<std::string, double>> sessions{{{"a", 0.8}, {"b", 0.2}, {"c", -0.1}, {"d", 0.05}},
                                                                  {{"a", 0.6}, {"b", 0.3}, {"c", -0.2}, {"d", 0.0}},
                                                                  {{"a", 0.1}, {"b", 0.7}, {"c", -0.3}, {"d", 0.2}}};
        auto run = [&](MdacReward kind, double scale) {
            auto s = startMdac(l0, l0, MdacConfig{2.0, 0.01, 100, kind}).value();
            for (const auto& r : sessions) {
                nlohmann::json rewards = nlohmann::json::object();
                for (const auto& [g, v] : r) rewards[g] = v * scale;
                if (!applyRewards(s, {{"rewards", rewards}}, "r")) qFatal("applyRewards");
            }
            return s.lambda();
        };
        const auto big = run(MdacReward::Cosine, 1.0), small = run(MdacReward::Cosine, 0.05);
        double moved = 0;
        for (const auto& [g, v] : big) {
            QVERIFY2(std::abs(v - small.at(g)) < 1e-6, g.c_str());
            moved += std::abs(v - 0.25);
        }
        QVERIFY2(moved > 0.1, qPrintable(QString::number(moved)));  // lambda did move
        const auto mBig = run(MdacReward::Gain, 1.0), mSmall = run(MdacReward::Gain, 0.05);
        QVERIFY(std::abs(mBig.at("a") - mSmall.at("a")) > 1e-2);
    }

    void mdacStateSurvivesRestart_data() {
        QTest::addColumn<bool>("dds");
        QTest::newRow("mdac") << false;
        QTest::newRow("dds") << true;  // with its Adam moments
    }
    void mdacStateSurvivesRestart() {
        QFETCH(bool, dds);
        const std::string path = tmp_.filePath("state.json").toStdString();
        MdacConfig c;
        c.reward = dds ? MdacReward::Cosine : MdacReward::Gain;
        auto s = startMdac({{"x", 0.2}, {"y", 0.3}, {"z", 0.5}}, {{"x", 0}, {"y", 0}, {"z", 1}}, c).value();
        const nlohmann::json r1{{"session", 1}, {"rewards", {{"x", 0.01}, {"y", -0.02}, {"z", 0.05}}}};
        const nlohmann::json r2{{"session", 2}, {"rewards", {{"x", -0.03}, {"y", 0.04}, {"z", 0.0}}}};
        QVERIFY(applyRewards(s, r1, "r1"));
        QVERIFY(saveMdacState(s, path));
        auto loaded = loadMdacState(path).value();
        QVERIFY(applyRewards(s, r2, "r2"));
        QVERIFY(applyRewards(loaded, r2, "r2"));
        QCOMPARE(loaded.psi, s.psi);
        QCOMPARE(loaded.trajectory, s.trajectory);
        QCOMPARE(loaded.dds.phi, s.dds.phi);
        QCOMPARE(loaded.dds.t, s.dds.t);
        QCOMPARE(s.dds.t, std::int64_t(dds ? 2 * c.updates : 0));
        if (dds) {  // a DDS state of the earlier (plain REINFORCE) format is refused, saying why
            auto j = s.toJson();
            j.erase("dds");
            auto old = MdacState::fromJson(j, "old.json");
            QVERIFY(!old);
            QVERIFY2(old.error().message.find("start it again with --init") != std::string::npos,
                     old.error().message.c_str());
        }
        auto replay = applyRewards(loaded, r2, "r2");
        QVERIFY(!replay);
        QVERIFY(replay.error().message.find("already applied") != std::string::npos);
    }

    void mdacRewardErrors_data() {
        QTest::addColumn<QString>("rewards");
        QTest::addColumn<QString>("reward");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown group") << R"({"rewards": {"x": 1, "y": 1, "zz": 1}})"
                                       << "gain"
                                       << "unknown group 'zz'";
        QTest::newRow("missing group") << R"({"rewards": {"x": 1, "y": 1}})"
                                       << "gain"
                                       << "no reward for group 'z'";
        QTest::newRow("not an object") << R"([1, 2])"
                                       << "gain"
                                       << "expected {\"rewards\"";
        QTest::newRow("cosine > 1") << R"({"rewards": {"x": 1.5, "y": 0, "z": 0}})"
                                    << "dds"
                                    << "[-1, 1]";
        QTest::newRow("future session") << R"({"session": 3, "rewards": {"x": 0, "y": 0, "z": 0}})"
                                        << "gain"
                                        << "expects session 1";
    }
    void mdacRewardErrors() {
        QFETCH(QString, rewards);
        QFETCH(QString, reward);
        QFETCH(QString, message);
        MdacConfig c;
        c.reward = reward == QLatin1String("dds") ? MdacReward::Cosine : MdacReward::Gain;
        auto s = startMdac(uniformWeights({"x", "y", "z"}), uniformWeights({"x", "y", "z"}), c).value();
        const auto before = s.psi;
        auto r = applyRewards(s, nlohmann::json::parse(rewards.toStdString()), "rewards.json");
        QVERIFY(!r);
        QCOMPARE(r.error().kind, ErrorKind::Usage);
        QVERIFY2(r.error().message.find(message.toStdString()) != std::string::npos, r.error().message.c_str());
        QCOMPARE(s.psi, before);  // nothing applied
    }

    void mdacRefusesAZeroStart() {
        auto s = startMdac({{"a", 1.0}, {"b", 0.0}}, {{"a", 0.5}, {"b", 0.5}}, MdacConfig{});
        QVERIFY(!s);
        QVERIFY(s.error().message.find("'b'") != std::string::npos);
    }

    // ---- mixtures --------------------------------------------------------------------------

    void weightsChecks() {
        const std::vector<std::string> groups{"a", "b"};
        QVERIFY(checkWeights({{"a", 0.25}, {"b", 0.75}}, groups, "w"));
        auto off = checkWeights({{"a", 0.25}, {"b", 0.7}}, groups, "w");
        QVERIFY(!off);
        QVERIFY(off.error().message.find("sum to 0.95") != std::string::npos);
        auto unknown = checkWeights({{"a", 0.5}, {"q", 0.5}}, groups, "w");
        QVERIFY(!unknown);
        QVERIFY(unknown.error().message.find("unknown group 'q'") != std::string::npos);
        QVERIFY(!checkWeights({{"a", -0.5}, {"b", 1.5}}, groups, "w"));
        QVERIFY(!weightsOn(groups, {"a", "nope"}));
        QCOMPARE(weightsOn(groups, {"a", "b"}).value().at("a"), 0.5);
        QCOMPARE(weightsOn(groups, {"b"}).value().at("a"), 0.0);
    }

    // lambda* = (1 - eps) lambda^t + eps lambda_alpha: with a one-hot target and alpha = 0 every
    // group keeps eps / n; with alpha = 1, eps q_g.
    void flooredInitialisation() {
        const GroupSizes sizes{{"big", 900}, {"mid", 90}, {"small", 10}};
        const Weights target{{"big", 1.0}, {"mid", 0}, {"small", 0}};
        const auto f0 = flooredMixture(target, sizes, 0.3, 0.0);
        QVERIFY(std::abs(f0.at("small") - 0.1) < 1e-15);
        QVERIFY(std::abs(f0.at("big") - (0.7 + 0.1)) < 1e-15);
        const auto f1 = flooredMixture(target, sizes, 0.3, 1.0);
        QVERIFY(std::abs(f1.at("small") - 0.3 * 0.01) < 1e-15);
        QVERIFY(std::abs(sum(f1) - 1) < 1e-15);
        // lambda_0.5 ∝ sqrt(q): 30, 9.4868, 3 (sqrt of 900, 90, 10)
        const auto half = temperatureMixture(sizes, 0.5);
        const double z = 30 + std::sqrt(90.0) + std::sqrt(10.0);
        QVERIFY(std::abs(half.at("mid") - std::sqrt(90.0) / z) < 1e-12);
    }

    // r_g = lambda_g B T / N_g.
    void repetitionFactorsAndOpenNmtWeights() {
        const GroupSizes sizes{{"a", 1000}, {"b", 50}, {"c", 0}};
        const auto r = repetitionFactors({{"a", 0.5}, {"b", 0.5}}, sizes, 100, 20);
        QCOMPARE(r.at("a"), 1.0);
        QCOMPARE(r.at("b"), 20.0);
        QCOMPARE(r.at("c"), 0.0);
        const auto iw = integerWeights({{"a", 0.7004}, {"b", 0.2996}, {"c", 0.0}, {"d", 1e-9}}, 1000);
        QCOMPARE(iw.at("a"), std::int64_t(700));
        QCOMPARE(iw.at("b"), std::int64_t(300));
        QVERIFY(!iw.count("c"));  // weight 0: left out
        QCOMPARE(iw.at("d"), std::int64_t(1));  // positive: at least 1
    }

    void malformedJsonNamesTheLine() {
        auto j = parseJsonText("{\n  \"rewards\": {\n    \"a\": 1,\n    \"b\" 2\n  }\n}\n", "r.json");
        QVERIFY(!j);
        QCOMPARE(j.error().kind, ErrorKind::Usage);
        QVERIFY2(j.error().message.find("r.json: malformed JSON at line 4") != std::string::npos,
                 j.error().message.c_str());
        auto first = parseJsonText("nope", "x");
        QVERIFY(!first && first.error().message.find("line 1") != std::string::npos);
    }

    // Group names whose plain file names would meet (case included) get distinct ones.
    void groupFileNamesDoNotCollide() {
        const std::vector<std::string> groups{"a b", "a_b", "A_B", "law", "../etc", ".hidden", "", "c1"};
        const auto names = groupFileNames(groups);
        std::set<std::string> lower;
        for (const auto& [g, n] : names) {
            std::string l = n;
            for (auto& c : l) c = char(std::tolower(static_cast<unsigned char>(c)));
            QVERIFY2(lower.insert(l).second, n.c_str());
            QVERIFY2(n.find('/') == std::string::npos && n.front() != '.', n.c_str());
        }
        QCOMPARE(names.at("law"), std::string("law"));
        QCOMPARE(names.at("c1"), std::string("c1"));
    }

    // ---- the project: kit, targets, schedules ------------------------------------------------

    // A trainer's log: `mixture step --json` lines appended as they are, comments, blank lines,
    // CRLF, rounded weights renormalised.
    void trajectoryLogParses() {
        const std::string text =
            "# lambda per MDAC session\n"
            "{\"session\": 0, \"lambda\": {\"law\": 0.5, \"it\": 0.5}, \"state\": \"s.json\"}\r\n"
            "\n"
            "{\"session\": 1, \"lambda\": {\"it\": 0.3334, \"law\": 0.6667}}\n"
            "  {\"session\": 3, \"lambda\": {\"it\": 0.1, \"law\": 0.9}}  \n";
        CancelToken cancel;
        auto t = parseTrajectoryLog(text, "log", cancel);
        QVERIFY2(t, t ? "" : t.error().message.c_str());
        QCOMPARE(t->x, std::string("session"));
        QCOMPARE(t->groups, (std::vector<std::string>{"it", "law"}));
        QCOMPARE(t->xs, (std::vector<double>{0, 1, 3}));
        QCOMPARE(t->end, 3.0);
        QCOMPARE(t->lambda[0], (std::vector<double>{0.5, 0.5}));
        QVERIFY(std::abs(t->lambda[1][0] + t->lambda[1][1] - 1.0) < 1e-12);  // renormalised
        QVERIFY(std::abs(t->lambda[1][0] - 0.3334 / 1.0001) < 1e-12);
        QCOMPARE(t->lambda[2], (std::vector<double>{0.1, 0.9}));
    }

    void trajectoryLogErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        const QString ok = QStringLiteral("{\"step\": 0, \"lambda\": {\"a\": 0.5, \"b\": 0.5}}\n");
        QTest::newRow("empty") << QString() << "log: no points";
        QTest::newRow("malformed") << ok + "{\"step\": 10, \"lambda\": {\"a\": 0.5,}\n"
                                   << "log: line 2: malformed JSON";
        QTest::newRow("not an object") << ok + "[1, 2]\n"
                                       << "log: line 2: expected an object";
        QTest::newRow("no x") << QStringLiteral("{\"lambda\": {\"a\": 1}}\n")
                              << "line 1: neither \"step\" nor \"session\"";
        QTest::newRow("x switches") << ok + "{\"session\": 1, \"lambda\": {\"a\": 0.5, \"b\": 0.5}}\n"
                                    << "line 2: no \"step\"";
        QTest::newRow("negative step") << ok + "{\"step\": -5, \"lambda\": {\"a\": 0.5, \"b\": 0.5}}\n"
                                       << "line 2: \"step\" is not an integer >= 0";
        QTest::newRow("fractional step") << ok + "{\"step\": 2.5, \"lambda\": {\"a\": 0.5, \"b\": 0.5}}\n"
                                         << "line 2: \"step\" is not an integer >= 0";
        QTest::newRow("step repeats") << ok + "\n# x\n{\"step\": 0, \"lambda\": {\"a\": 0.5, \"b\": 0.5}}\n"
                                      << "line 4: step 0 does not follow 0";
        QTest::newRow("no lambda") << ok + "{\"step\": 5}\n"
                                   << "line 2: no \"lambda\"";
        QTest::newRow("unknown group") << ok + "{\"step\": 5, \"lambda\": {\"a\": 0.5, \"c\": 0.5}}\n"
                                       << "line 2: group 'c' is not among the first point's groups";
        QTest::newRow("missing group") << ok + "{\"step\": 5, \"lambda\": {\"a\": 1}}\n"
                                       << "line 2: names 1 groups, the first point 2";
        QTest::newRow("not a number") << ok + "{\"step\": 5, \"lambda\": {\"a\": \"x\", \"b\": 0.5}}\n"
                                      << "line 2: the weight of 'a' is not a number";
        QTest::newRow("negative weight") << ok + "{\"step\": 5, \"lambda\": {\"a\": -0.5, \"b\": 1.5}}\n"
                                         << "line 2: the weight of 'a' is negative";
        QTest::newRow("sum") << ok + "{\"step\": 5, \"lambda\": {\"a\": 0.6, \"b\": 0.6}}\n"
                             << "line 2: the weights sum to 1.2";
        QTest::newRow("empty lambda") << QStringLiteral("{\"step\": 0, \"lambda\": {}}\n")
                                      << "line 1: \"lambda\" is not a non-empty object";
    }
    void trajectoryLogErrors() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        CancelToken cancel;
        auto t = parseTrajectoryLog(text.toStdString(), "log", cancel);
        QVERIFY(!t);
        QVERIFY2(QString::fromStdString(t.error().message).contains(message), t.error().message.c_str());
    }

    // Our own files: an MDAC state (its sessions), a schedule (its steps, to its T), and a log
    // read from a file; a file that is none of them is refused with its name.
    void trajectoryFromOurFiles() {
        QTemporaryDir dir;
        auto state = startMdac({{"a", 0.25}, {"b", 0.75}}, {{"a", 1.0}, {"b", 0.0}}, MdacConfig{2.0, 0.1, 10});
        QVERIFY(state);
        QVERIFY(applyRewards(*state, {{"rewards", {{"a", 1.0}, {"b", -1.0}}}}, "r1"));
        QVERIFY(applyRewards(*state, {{"rewards", {{"a", 0.5}, {"b", 0.0}}}}, "r2"));
        const std::string statePath = dir.filePath(QStringLiteral("mdac.json")).toStdString();
        QVERIFY(saveMdacState(*state, statePath));
        CancelToken cancel;
        auto t = readLambdaTrajectory(statePath, cancel);
        QVERIFY2(t, t ? "" : t.error().message.c_str());
        QCOMPARE(t->source, std::string("mdac-state"));
        QCOMPARE(t->xs, (std::vector<double>{0, 1, 2}));
        const Weights last = state->lambda();
        QVERIFY(std::abs(t->lambda[2][0] - last.at("a")) < 1e-12);
        QVERIFY(t->lambda[2][0] > t->lambda[0][0]);  // the rewards favoured a

        MixtureScheduleParams p;
        p.kind = "interpolate";
        p.steps = 1000;
        p.points = 3;
        auto entries = lambdaSchedule(p, {{"a", 10}, {"b", 90}}, {{"a", 0.1}, {"b", 0.9}}, {{"a", 1.0}, {"b", 0.0}});
        QVERIFY(entries);
        nlohmann::json schedule = {{"kind", "interpolate"}, {"steps", 1000}, {"schedule", nlohmann::json::array()}};
        for (const auto& e : *entries) schedule["schedule"].push_back({{"step", e.step}, {"lambda", e.lambda}});
        auto s = trajectoryFromJson(schedule, "sched");
        QVERIFY2(s, s ? "" : s.error().message.c_str());
        QCOMPARE(s->source, std::string("schedule"));
        QCOMPARE(s->xs, (std::vector<double>{0, 500, 1000}));
        QCOMPARE(s->end, 1000.0);
        for (std::size_t i = 0; i < entries->size(); ++i)
            QVERIFY(std::abs(s->lambda[i][0] - (*entries)[i].lambda.at("a")) < 1e-12);

        QFile log(dir.filePath(QStringLiteral("trainer.jsonl")));
        QVERIFY(log.open(QIODevice::WriteOnly));
        log.write(
            "{\"step\": 0, \"lambda\": {\"a\": 0.5, \"b\": 0.5}}\n{\"step\": 2000, \"lambda\": {\"a\": 0.7, \"b\": "
            "0.3}}\n");
        log.close();
        auto l = readLambdaTrajectory(log.fileName().toStdString(), cancel);
        QVERIFY2(l, l ? "" : l.error().message.c_str());
        QCOMPARE(l->source, std::string("log"));
        QCOMPARE(l->xs, (std::vector<double>{0, 2000}));

        QFile other(dir.filePath(QStringLiteral("other.json")));
        QVERIFY(other.open(QIODevice::WriteOnly));
        other.write("{\n  \"groups\": {}\n}\n");
        other.close();
        auto o = readLambdaTrajectory(other.fileName().toStdString(), cancel);
        QVERIFY(!o);
        QVERIFY2(o.error().message.find("neither a schedule") != std::string::npos, o.error().message.c_str());
        auto missing = readLambdaTrajectory(dir.filePath(QStringLiteral("none.jsonl")).toStdString(), cancel);
        QVERIFY(!missing);
    }

    void initTestCase() {
        if (!dltest::hasSharedData()) return;
        store_ = std::move(Store::create(tmp_.filePath("m.dlproj").toStdString()).value());
        NullProgress np;
        CancelToken ct;
        // pool: 60 lines each of medical, law, it (de-en test slices), not deduplicated, with a
        // line repeated inside law and a line of law also in it (so held-out lines have copies).
        const QByteArray shared = "The same sentence in two domains.\n";
        for (const char* d : {"medical", "law", "it"}) {
            QByteArray text = sharedSlice(QStringLiteral("llm-dom-ad-deen-test/%1.en").arg(QLatin1String(d)), 60);
            if (QLatin1String(d) != QLatin1String("medical")) text += shared + shared;
            ImportParams ip;
            ip.corpus = "pool";
            ip.labelSource = LabelSource::FromFilename;
            ip.dedupe = false;
            ip.srcPath = dltest::writeFile(tmp_, QString::fromLatin1(d) + QStringLiteral(".en"), text);
            QVERIFY(runImport(ip, *store_, np, ct));
        }
        ImportParams dev;
        dev.corpus = "dev";
        dev.labelSource = LabelSource::Given;
        dev.domain = "medical";
        dev.srcPath = dltest::writeFile(tmp_, QStringLiteral("dev.en"),
                                        sharedSlice(QStringLiteral("llm-dom-ad-deen-train2500/medical.en"), 40));
        QVERIFY(runImport(dev, *store_, np, ct));
        // tiny: 20 lines of "big", 5 of "small" (for the too-small group)
        for (const auto& [domain, lines] : {std::pair{"big", 20}, std::pair{"small", 5}}) {
            ImportParams ip;
            ip.corpus = "tiny";
            ip.labelSource = LabelSource::Given;
            ip.domain = domain;
            ip.srcPath = dltest::writeFile(
                tmp_, QString::fromLatin1(domain) + QStringLiteral(".txt"),
                sharedSlice(QStringLiteral("llm-dom-ad-deen-test/law.en"), lines, lines == 5 ? 200 : 100));
            QVERIFY(runImport(ip, *store_, np, ct));
        }
        for (const char* c : {"pool", "dev"}) {
            EncodeParams ep;
            ep.model = dltest::testData("models/bert-tiny").toStdString();
            ep.corpus = c;
            auto e = runEncode(ep, *store_, np, ct);
            QVERIFY2(e, e ? "" : e.error().message.c_str());
        }
        ClusterParams cp;
        cp.corpus = "pool";
        cp.k = 3;
        cp.pcaDims = 8;
        cp.seeds = 1;
        cp.useCuda = false;
        auto r = runCluster(cp, *store_, np, ct);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        clusterRun_ = r->runId;
        // A selection run over the pool whose score is the position (later = more in-domain).
        const auto pool = findCorpus(*store_, "pool").value();
        const auto labels = corpusLabels(*store_, pool.id).value();
        auto tx = store_->begin().value();
        selectRun_ = createRun(*store_, RunKind::Select, pool.id, std::nullopt, {{"method", "test"}}).value();
        RunResults rr;
        rr.sentenceIds = labels.sentenceIds;
        for (std::size_t i = 0; i < labels.sentenceIds.size(); ++i) {
            rr.score.push_back(i == 3 ? NAN : double(i));  // one excluded sentence
            rr.label.push_back(0);
        }
        QVERIFY(writeRunResults(*store_, selectRun_, rr));
        QVERIFY(setRunSummary(*store_, selectRun_, {{"cut", {{"top", 10}}}}));
        QVERIFY(tx.commit());
    }

    // No dev or test line (as text) in any training shard; every group's splits have their
    // sizes; N_g and q_g; the manifest's hashes are the files'; lambdas sum to 1.
    void kitSplitsAreDisjoint() {
        if (!store_) QSKIP("../shared/data is not here");
        MixtureKitParams p;
        p.corpus = "pool";
        p.outDir = tmp_.filePath("kit").toStdString();
        p.devLines = 10;
        p.testLines = 8;
        p.target = "medical";
        p.init = "floored";
        p.epsilon = 0.25;
        NullProgress np;
        CancelToken ct;
        auto kit = runMixtureKit(p, *store_, np, ct);
        QVERIFY2(kit, kit ? "" : kit.error().message.c_str());
        const QDir dir(tmp_.filePath("kit"));
        std::set<QString> heldOut, training;
        std::int64_t total = 0;
        for (const char* g : {"medical", "law", "it"}) {
            const auto dev = fileLines(dir.filePath(QStringLiteral("%1.dev.en").arg(QLatin1String(g))));
            const auto test = fileLines(dir.filePath(QStringLiteral("%1.test.en").arg(QLatin1String(g))));
            const auto train = fileLines(dir.filePath(QStringLiteral("%1.train.en").arg(QLatin1String(g))));
            QCOMPARE(dev.size(), 10);
            QCOMPARE(test.size(), 8);
            QCOMPARE(QSet<QString>(dev.begin(), dev.end()).size(), 10);  // distinct
            for (const auto& l : dev + test) QVERIFY2(heldOut.insert(l).second, qPrintable(l));
            training.insert(train.begin(), train.end());
            const auto& gj = kit->mixture["groups"][g];
            QCOMPARE(gj["train"].get<std::int64_t>(), std::int64_t(train.size()));
            total += std::int64_t(train.size());
        }
        for (const auto& l : heldOut) QVERIFY2(!training.count(l), qPrintable(l));
        // medical: 60 - 18 lines; law/it: 62 lines, of which 18 held out (the shared line, when
        // drawn, leaves both groups' training shards).
        QCOMPARE(kit->mixture["groups"]["medical"]["train"].get<std::int64_t>(), std::int64_t(42));
        for (const char* g : {"medical", "law", "it"}) {
            const auto& gj = kit->mixture["groups"][g];
            QVERIFY(std::abs(gj["q"].get<double>() - double(gj["train"].get<std::int64_t>()) / double(total)) < 1e-12);
        }
        for (const char* key : {"lambda_s", "lambda_t", "lambda_0"}) {
            const auto w = weightsFromJson(kit->mixture[key], key).value();
            QVERIFY2(std::abs(sum(w) - 1) < 1e-12, key);
        }
        QVERIFY(std::abs(kit->mixture["lambda_0"]["medical"].get<double>() - (0.75 + 0.25 / 3)) < 1e-12);
        for (const auto& f : kit->manifest["files"]) {
            QFile file(dir.filePath(QString::fromStdString(f["path"].get<std::string>())));
            QVERIFY(file.open(QIODevice::ReadOnly));
            QCOMPARE(QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex().toStdString(),
                     f["sha256"].get<std::string>());
        }
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("opennmt.yaml"))));
        // A second kit into the same folder is refused without --force.
        auto again = runMixtureKit(p, *store_, np, ct);
        QVERIFY(!again);
        QCOMPARE(again.error().code, ErrorCode::FileExists);
    }

    void kitTooSmallGroupIsNamed() {
        if (!store_) QSKIP("../shared/data is not here");
        MixtureKitParams p;
        p.corpus = "tiny";
        p.outDir = tmp_.filePath("small").toStdString();
        p.devLines = 3;
        p.testLines = 2;  // "small" has 5 distinct lines: none would stay for training
        NullProgress np;
        CancelToken ct;
        auto kit = runMixtureKit(p, *store_, np, ct);
        QVERIFY(!kit);
        QVERIFY2(kit.error().message.find("Group 'small' has 5 distinct lines") != std::string::npos,
                 kit.error().message.c_str());
        QVERIFY(!QDir(tmp_.filePath("small")).exists());  // nothing written
    }

    // lambda^t(c) = 1/|V| sum gamma_c(x): the same numbers as the cluster model applied to the
    // dev set's vectors by hand (ClusterModel, as `assign` applies it); on the clustered corpus
    // itself the mean responsibilities are the GMM's mixing weights (an EM fixed point).
    void targetFromDevSet() {
        if (!store_) QSKIP("../shared/data is not here");
        CancelToken ct;
        MixtureTargetParams p;
        p.from = "dev-set";
        p.devCorpus = "dev";
        auto t = computeTarget(p, clusterRun_, *store_, ct);
        QVERIFY2(t, t ? "" : t.error().message.c_str());
        QCOMPARE(int(t->lambda.size()), 3);
        QVERIFY(std::abs(sum(t->lambda) - 1) < 1e-12);
        const auto run = getRun(*store_, clusterRun_).value();
        const auto model = loadClusterModel(*store_, run).value();
        auto emb = loadEmbeddings(*store_, model.embeddingSet, findCorpus(*store_, "dev")->id).value();
        auto g = applyClusterModel(model, emb.data, emb.rows, emb.dim, ct).value();
        std::vector<double> mean(3, 0.0);
        for (std::int64_t i = 0; i < emb.rows; ++i)
            for (int c = 0; c < 3; ++c)
                mean[std::size_t(c)] += g.responsibilities[std::size_t(i * 3 + c)] / double(emb.rows);
        for (int c = 0; c < 3; ++c) QVERIFY(std::abs(t->lambda.at(clusterGroup(c)) - mean[std::size_t(c)]) < 1e-12);
        // The medical dev set leans on the cluster holding most of the pool's medical lines.
        const auto results = readRunResults(*store_, clusterRun_).value();
        const auto labels = corpusLabels(*store_, findCorpus(*store_, "pool")->id).value();
        std::vector<int> medicalIn(3, 0);
        for (std::size_t i = 0; i < results.sentenceIds.size(); ++i)
            if (labels.domainNames[std::size_t(labels.domainIndex[i])] == "medical")
                ++medicalIn[std::size_t(results.label[i])];
        const int medicalCluster = int(std::max_element(medicalIn.begin(), medicalIn.end()) - medicalIn.begin());
        for (int c = 0; c < 3; ++c)
            if (c != medicalCluster)
                QVERIFY(t->lambda.at(clusterGroup(medicalCluster)) > t->lambda.at(clusterGroup(c)));
        // The pool itself: mean responsibilities ~ pi (EM's M-step), within the EM tolerance.
        p.devCorpus = "pool";
        auto self = computeTarget(p, clusterRun_, *store_, ct).value();
        for (int c = 0; c < 3; ++c)
            QVERIFY2(std::abs(self.lambda.at(clusterGroup(c)) - model.gmm.weights[std::size_t(c)]) < 0.01,
                     qPrintable(QStringLiteral("%1 vs %2")
                                    .arg(self.lambda.at(clusterGroup(c)))
                                    .arg(model.gmm.weights[std::size_t(c)])));
    }

    // lambda^t(g) ∝ sum_{x in g} P(in|x), P(in|x) the empirical CDF of the score (no stored
    // probability): recomputed here from the scores (position i, one NaN).
    void targetFromSelection() {
        if (!store_) QSKIP("../shared/data is not here");
        CancelToken ct;
        MixtureTargetParams p;
        p.from = "selection";
        p.selection = selectRun_;
        p.groupBy = "domain";
        auto t = computeTarget(p, std::nullopt, *store_, ct);
        QVERIFY2(t, t ? "" : t.error().message.c_str());
        const auto labels = corpusLabels(*store_, findCorpus(*store_, "pool")->id).value();
        const std::size_t n = labels.sentenceIds.size();
        Weights expected;
        double total = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (i == 3) continue;
            const double rank = double(i < 3 ? i + 1 : i);  // scores <= i among the n-1 finite ones
            const double pin = rank / double(n - 1);
            expected[labels.domainNames[std::size_t(labels.domainIndex[i])]] += pin;
            total += pin;
        }
        for (const auto& [g, v] : expected) QVERIFY2(std::abs(t->lambda.at(g) - v / total) < 1e-12, g.c_str());
        // The groups imported last (it) score highest.
        QVERIFY(t->lambda.at("it") > t->lambda.at("law") && t->lambda.at("law") > t->lambda.at("medical"));
    }

    // Zhang et al.'s curriculum: shard 0 the in-domain corpus, the pool in score order cut into
    // 3 shards (best first), phase p uniform over shards 0..p (weights ∝ sizes).
    void curriculumShardsAndPhases() {
        if (!store_) QSKIP("../shared/data is not here");
        MixtureScheduleParams p;
        p.kind = "curriculum";
        p.selection = selectRun_;
        p.inCorpus = "dev";
        p.shards = 3;
        p.steps = 4000;
        p.out = tmp_.filePath("cl").toStdString();
        NullProgress np;
        CancelToken ct;
        auto r = runMixtureSchedule(p, store_.get(), np, ct);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        const auto pool = fileLines(tmp_.filePath("cl.shard1.en")) + fileLines(tmp_.filePath("cl.shard2.en")) +
                          fileLines(tmp_.filePath("cl.shard3.en"));
        QCOMPARE(fileLines(tmp_.filePath("cl.shard0.en")).size(), 40);
        const auto n = int(corpusLabels(*store_, findCorpus(*store_, "pool")->id)->sentenceIds.size());
        QCOMPARE(pool.size(), n - 1);  // the NaN-scored sentence is in no shard
        // Shard 1 holds the highest scores: the last sentences of the pool (it).
        const auto first = fileLines(tmp_.filePath("cl.shard1.en"));
        const auto itLines = fileLines(tmp_.filePath("it.en"));
        QVERIFY(first.contains(itLines[5]));
        QVERIFY(!first.contains(fileLines(tmp_.filePath("law.en")).first()));
        const auto& phases = r->schedule["schedule"];
        QCOMPARE(int(phases.size()), 4);
        QCOMPARE(phases[0]["lambda"].size(), std::size_t(1));
        const double s0 = 40, s1 = double(first.size());
        QVERIFY(std::abs(phases[1]["lambda"]["shard0"].get<double>() - s0 / (s0 + s1)) < 1e-12);
        QCOMPARE(phases[3]["step"].get<std::int64_t>(), std::int64_t(3000));
        // Each shard names its file (next to the schedule), which `mixture train` samples.
        QCOMPARE(r->schedule["shards"][2]["files"], nlohmann::json::array({"cl.shard2.en"}));
    }

    // van der Wees et al.'s gradual fine-tuning: epoch e on the top ceil(N rho^e); the shards
    // are the nested sets' differences, best first, and phase e samples from those inside n_e.
    void gradualShardsAndPhases() {
        if (!store_) QSKIP("../shared/data is not here");
        MixtureScheduleParams p;
        p.kind = "gradual";
        p.selection = selectRun_;
        p.rho = 0.5;
        p.epochs = 3;
        p.out = tmp_.filePath("gft").toStdString();
        NullProgress np;
        CancelToken ct;
        auto r = runMixtureSchedule(p, store_.get(), np, ct);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        const auto n = std::int64_t(corpusLabels(*store_, findCorpus(*store_, "pool")->id)->sentenceIds.size()) - 1;
        const auto kept = gradualSizes(n, 0.5, 3);  // n, ceil(n/2), ceil(n/4)
        QCOMPARE(r->schedule["kept_per_epoch"].get<std::vector<std::int64_t>>(), kept);
        QCOMPARE(fileLines(tmp_.filePath("gft.shard0.en")).size(), int(kept[2]));
        QCOMPARE(fileLines(tmp_.filePath("gft.shard1.en")).size(), int(kept[1] - kept[2]));
        QCOMPARE(fileLines(tmp_.filePath("gft.shard2.en")).size(), int(n - kept[1]));
        const auto& phases = r->schedule["schedule"];
        QCOMPARE(phases[0]["lambda"].size(), std::size_t(3));
        QCOMPARE(phases[2]["lambda"].size(), std::size_t(1));
        QCOMPARE(phases[2]["lambda"]["shard0"].get<double>(), 1.0);
        QVERIFY(std::abs(phases[1]["lambda"]["shard0"].get<double>() - double(kept[2]) / double(kept[1])) < 1e-12);
        // The top shard holds the best scores: the last sentences of the pool (it).
        QVERIFY(fileLines(tmp_.filePath("gft.shard0.en")).contains(fileLines(tmp_.filePath("it.en")).last()));
    }

    void gradualAndLambdaSchedules() {
        const auto sizes = gradualSizes(100, 0.5, 4);
        QCOMPARE(sizes, (std::vector<std::int64_t>{100, 50, 25, 13}));
        QCOMPARE(equalCuts(10, 3), (std::vector<std::int64_t>{0, 4, 7, 10}));
        MixtureScheduleParams p;
        p.kind = "interpolate";
        p.points = 5;
        p.steps = 1000;
        p.alphaStart = 1.0;
        const GroupSizes g{{"a", 300}, {"b", 100}};
        const Weights target{{"a", 0}, {"b", 1}};
        auto s = lambdaSchedule(p, g, temperatureMixture(g, 1), target).value();
        QCOMPARE(int(s.size()), 5);
        QCOMPARE(s[0].lambda.at("a"), 0.75);
        QCOMPARE(s[2].step, std::int64_t(500));
        QVERIFY(std::abs(s[2].lambda.at("b") - (0.5 * 0.25 + 0.5)) < 1e-15);
        QCOMPARE(s[4].lambda.at("b"), 1.0);
        p.kind = "anneal";
        p.alphaEnd = 0.0;
        s = lambdaSchedule(p, g, temperatureMixture(g, 1), target).value();
        QVERIFY(std::abs(s[4].lambda.at("a") - 0.5) < 1e-15);  // alpha 0: uniform
        p.kind = "ft-full";
        p.switchStep = 600;
        s = lambdaSchedule(p, g, temperatureMixture(g, 1), target).value();
        QCOMPARE(int(s.size()), 2);
        QCOMPARE(s[1].step, std::int64_t(600));
        QCOMPARE(s[1].lambda.at("b"), 1.0);
    }
};

QTEST_GUILESS_MAIN(TestMixture)
#include "tst_mixture.moc"
