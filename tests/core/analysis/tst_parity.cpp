// Parity with scikit-learn (fixtures from scripts/gen_analysis_fixtures.py): PCA, GMM from a
// given start (all covariance types), k-means from given centres, purity/NMI/ARI.
#include <QtTest>

#include <algorithm>

#include <cmath>
#include <fstream>

#include <nlohmann/json.hpp>

#include "TestSupport.h"
#include "analysis/Gmm.h"
#include "analysis/Metrics.h"
#include "analysis/Pca.h"

using namespace dl;
using nlohmann::json;

namespace {

json loadFixture(const char* name) {
    std::ifstream f(dltest::testData(QStringLiteral("analysis/%1").arg(QLatin1String(name))).toStdString());
    if (!f) qFatal("missing fixture %s (run scripts/gen_analysis_fixtures.py)", name);
    return json::parse(f);
}

DataMatrix matrixOf(const json& j, Precision p = Precision::Float64) {
    auto v = j.at("x").get<std::vector<double>>();
    auto m = DataMatrix::fromDouble(v, j.at("rows").get<std::int64_t>(), j.at("cols").get<int>(), p);
    if (!m) qFatal("%s", m.error().message.c_str());
    return *m;
}

double relDiff(double a, double b) { return std::abs(a - b) / std::max(1e-300, std::max(std::abs(a), std::abs(b))); }
double maxAbsDiff(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return INFINITY;
    double m = 0;
    for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, std::abs(a[i] - b[i]));
    return m;
}

}  // namespace

class TestParity : public QObject {
    Q_OBJECT
private slots:
    void pca_data() {
        QTest::addColumn<int>("index");
        auto fx = loadFixture("pca.json");
        for (std::size_t i = 0; i < fx["cases"].size(); ++i)
            QTest::newRow(("components=" + std::to_string(fx["cases"][i]["components"].get<int>())).c_str()) << int(i);
    }
    void pca() {
        QFETCH(int, index);
        auto fx = loadFixture("pca.json");
        const auto& c = fx["cases"][std::size_t(index)];
        CancelToken cancel;
        PcaParams params;
        params.components = c["components"];
        auto model = fitPca(matrixOf(fx), params, cancel);
        QVERIFY2(model, model ? "" : model.error().message.c_str());
        const int d = fx["cols"];
        QCOMPARE(maxAbsDiff(model->mean, c["mean"].get<std::vector<double>>()) < 1e-12, true);
        auto axes = c["axes"].get<std::vector<double>>();
        auto ev = c["explained_variance"].get<std::vector<double>>();
        auto ratio = c["explained_variance_ratio"].get<std::vector<double>>();
        auto proj = c["projection"].get<std::vector<double>>();
        auto ours = projectPca(*model, matrixOf(fx), cancel);
        QVERIFY(ours);
        auto oursProj = ours->toDouble();
        const int n = fx["rows"];
        for (int k = 0; k < params.components; ++k) {
            QVERIFY2(relDiff(model->explainedVariance[k], ev[k]) < 1e-9, qPrintable(QString::number(k)));
            QVERIFY(relDiff(model->explainedVarianceRatio[k], ratio[k]) < 1e-9);
            // equal up to sign
            double dot = 0;
            for (int j = 0; j < d; ++j) dot += model->axes[k * d + j] * axes[k * d + j];
            const double sign = dot < 0 ? -1 : 1;
            QVERIFY2(std::abs(std::abs(dot) - 1) < 1e-9, qPrintable(QStringLiteral("axis %1 dot %2").arg(k).arg(dot)));
            for (int j = 0; j < d; ++j) QVERIFY(std::abs(model->axes[k * d + j] - sign * axes[k * d + j]) < 1e-8);
            for (int i = 0; i < n; ++i)
                QVERIFY(std::abs(oursProj[i * params.components + k] - sign * proj[i * params.components + k]) < 1e-8);
        }
    }

    void pcaSampleAndErrors() {
        auto fx = loadFixture("pca.json");
        CancelToken cancel;
        PcaParams params;
        params.components = 3;
        params.maxFitRows = 100;
        auto m = fitPca(matrixOf(fx), params, cancel);
        QVERIFY(m);
        QCOMPARE(m->fitRows, std::int64_t(100));
        params.components = 13;
        QVERIFY(!fitPca(matrixOf(fx), params, cancel));
        std::vector<double> bad{1, 2, NAN, 4};
        auto nanM = DataMatrix::fromDouble(bad, 2, 2);
        params.components = 1;
        auto r = fitPca(*nanM, params, cancel);
        QVERIFY(!r);
        QVERIFY(QString::fromStdString(r.error().message).contains(QStringLiteral("NaN")));
    }

    void gmm_data() {
        QTest::addColumn<int>("index");
        auto fx = loadFixture("gmm.json");
        for (std::size_t i = 0; i < fx["cases"].size(); ++i)
            QTest::newRow(fx["cases"][i]["name"].get<std::string>().c_str()) << int(i);
    }
    void gmm() {
        QFETCH(int, index);
        auto fx = loadFixture("gmm.json");
        const auto& c = fx["cases"][std::size_t(index)];
        const auto& ex = c["expected"];
        GmmParams p;
        p.k = c["k"];
        p.covariance = *parseCovarianceType(c["covariance"].get<std::string>());
        p.tol = c["tol"];
        p.maxIter = c["max_iter"];
        p.regCovar = c["reg_covar"];
        p.start =
            GmmStart{c["start"]["weights"].get<std::vector<double>>(), c["start"]["means"].get<std::vector<double>>(),
                     c["start"]["precisions"].get<std::vector<double>>()};
        p.chunkRows = 97;  // several chunks, a ragged last one
        NullProgress progress;
        CancelToken cancel;
        auto fit = fitGmm(matrixOf(fx["datasets"][c["dataset"].get<std::string>()]), p, progress, cancel);
        QVERIFY2(fit, fit ? "" : fit.error().message.c_str());
        const double lb = ex["lower_bound"];
        QVERIFY2(
            relDiff(fit->lowerBound, lb) < 1e-6,
            qPrintable(
                QStringLiteral("lower bound %1 vs sklearn %2").arg(fit->lowerBound, 0, 'g', 17).arg(lb, 0, 'g', 17)));
        qInfo("lower bound rel. diff %.3g, max |means diff| %.3g, iterations %d", relDiff(fit->lowerBound, lb),
              maxAbsDiff(fit->model.means, ex["means"].get<std::vector<double>>()), fit->iterations);
        QCOMPARE(fit->iterations, ex["n_iter"].get<int>());
        QCOMPARE(fit->converged, ex["converged"].get<bool>());
        QCOMPARE(fit->labels, ex["labels"].get<std::vector<std::int32_t>>());
        QVERIFY(maxAbsDiff(fit->model.weights, ex["weights"].get<std::vector<double>>()) < 1e-6);
        QVERIFY(maxAbsDiff(fit->model.means, ex["means"].get<std::vector<double>>()) < 1e-5);
        QVERIFY(maxAbsDiff(fit->model.covariances, ex["covariances"].get<std::vector<double>>()) < 1e-5);
        QVERIFY(relDiff(fit->meanLogLikelihood, ex["score"].get<double>()) < 1e-6);
        QVERIFY(relDiff(fit->bic, ex["bic"].get<double>()) < 1e-6);
        QVERIFY(relDiff(fit->aic, ex["aic"].get<double>()) < 1e-6);
        QVERIFY(maxAbsDiff(fit->maxProb, ex["max_prob"].get<std::vector<double>>()) < 1e-6);
        QVERIFY(maxAbsDiff(fit->logLik, ex["loglik"].get<std::vector<double>>()) < 1e-6);
    }

    // Float32 path: close, not exact.
    void gmmFloat32() {
        auto fx = loadFixture("gmm.json");
        const auto& c = fx["cases"][0];
        GmmParams p;
        p.k = c["k"];
        p.tol = c["tol"];
        p.maxIter = c["max_iter"];
        p.start =
            GmmStart{c["start"]["weights"].get<std::vector<double>>(), c["start"]["means"].get<std::vector<double>>(),
                     c["start"]["precisions"].get<std::vector<double>>()};
        NullProgress progress;
        CancelToken cancel;
        auto fit =
            fitGmm(matrixOf(fx["datasets"][c["dataset"].get<std::string>()], Precision::Float32), p, progress, cancel);
        QVERIFY(fit);
        // float32 E-step uses the expanded quadratic form: ~8e-4 relative on this ill-conditioned
        // fixture (covariances with tiny eigenvalues); float64 is the parity path.
        qInfo("float32 lower bound rel. diff %.3g",
              relDiff(fit->lowerBound, c["expected"]["lower_bound"].get<double>()));
        // Measured 8.3e-4 (2026-11-22); 2e-3 leaves room for BLAS summation order, not for a bug.
        QVERIFY2(relDiff(fit->lowerBound, c["expected"]["lower_bound"].get<double>()) < 2e-3,
                 qPrintable(QString::number(fit->lowerBound, 'g', 17)));
    }

    // Own initialisations (no sklearn parity possible: different RNG): sane, reproducible,
    // n_init keeps the best lower bound.
    void gmmInits_data() {
        QTest::addColumn<QString>("init");
        QTest::addColumn<QString>("cov");
        for (auto i : {"kmeans", "random"})
            for (auto c : {"full", "diag", "spherical", "tied"})
                QTest::newRow((std::string(i) + "-" + c).c_str()) << QString(i) << QString(c);
    }
    void gmmInits() {
        QFETCH(QString, init);
        QFETCH(QString, cov);
        auto fx = loadFixture("gmm.json");
        auto x = matrixOf(fx["datasets"]["d5k3"]);
        GmmParams p;
        p.k = 3;
        p.covariance = *parseCovarianceType(cov.toStdString());
        p.init = *parseGmmInit(init.toStdString());
        p.seed = 42;
        NullProgress progress;
        CancelToken cancel;
        auto a = fitGmm(x, p, progress, cancel);
        auto b = fitGmm(x, p, progress, cancel);
        QVERIFY2(a && b, a ? "" : a.error().message.c_str());
        QCOMPARE(a->lowerBound, b->lowerBound);
        QCOMPARE(a->labels, b->labels);
        QVERIFY(std::isfinite(a->lowerBound));
        // Reproducible is not the same as ignoring the seed: another seed starts elsewhere.
        if (init == QLatin1String("random")) {
            GmmParams other = p;
            other.seed = 43;
            auto c2 = fitGmm(x, other, progress, cancel);
            QVERIFY(c2 && !c2->lowerBounds.empty() && !a->lowerBounds.empty());
            QVERIFY(c2->lowerBounds.front() != a->lowerBounds.front());
        }
        for (std::size_t i = 1; i < a->lowerBounds.size(); ++i)
            QVERIFY(a->lowerBounds[i] >= a->lowerBounds[i - 1] - 1e-9);
        p.nInit = 4;
        auto best = fitGmm(x, p, progress, cancel);
        QVERIFY(best);
        QVERIFY(best->lowerBound >= a->lowerBound - 1e-12);
    }

    void gmmErrors() {
        NullProgress progress;
        CancelToken cancel;
        GmmParams p;
        p.k = 3;
        std::vector<double> two{0, 0, 1, 1};
        auto small = DataMatrix::fromDouble(two, 2, 2);
        auto r = fitGmm(*small, p, progress, cancel);
        QVERIFY(!r);
        QVERIFY(QString::fromStdString(r.error().message).contains(QStringLiteral("at least k rows")));
        auto empty = DataMatrix::fromDouble({}, 0, 2);
        QVERIFY(empty);
        QVERIFY(!fitGmm(*empty, p, progress, cancel));
        std::vector<double> nan{0, 0, 1, NAN, 2, 2, 3, 3};
        auto nanM = DataMatrix::fromDouble(nan, 4, 2);
        p.k = 2;
        r = fitGmm(*nanM, p, progress, cancel);
        QVERIFY(!r);
        QVERIFY(QString::fromStdString(r.error().message).contains(QStringLiteral("NaN")));
        // identical points, no regularisation: singular covariance -> clear error
        std::vector<double> same(40, 1.0);
        auto sameM = DataMatrix::fromDouble(same, 20, 2);
        p.regCovar = 0;
        r = fitGmm(*sameM, p, progress, cancel);
        QVERIFY(!r);
        QVERIFY(QString::fromStdString(r.error().message).contains(QStringLiteral("reg_covar")));
        // cancellation
        auto fx = loadFixture("gmm.json");
        CancelToken cancelled;
        cancelled.cancel();
        p.regCovar = 1e-6;
        r = fitGmm(matrixOf(fx["datasets"]["d5k3"]), p, progress, cancelled);
        QVERIFY(!r);
        QCOMPARE(r.error().kind, ErrorKind::Cancelled);
    }

    void kmeans_data() {
        QTest::addColumn<int>("index");
        auto fx = loadFixture("kmeans.json");
        for (std::size_t i = 0; i < fx["cases"].size(); ++i)
            QTest::newRow(("k=" + std::to_string(fx["cases"][i]["k"].get<int>())).c_str()) << int(i);
    }
    void kmeans() {
        QFETCH(int, index);
        auto fx = loadFixture("kmeans.json");
        const auto& c = fx["cases"][std::size_t(index)];
        KMeansParams p;
        p.k = c["k"];
        p.initialCenters = c["init"].get<std::vector<double>>();
        CancelToken cancel;
        auto fit = fitKMeans(matrixOf(fx), p, cancel);
        QVERIFY2(fit, fit ? "" : fit.error().message.c_str());
        QCOMPARE(fit->labels, c["labels"].get<std::vector<std::int32_t>>());
        QVERIFY(relDiff(fit->inertia, c["inertia"].get<double>()) < 1e-9);
        QVERIFY(maxAbsDiff(fit->centers, c["centers"].get<std::vector<double>>()) < 1e-9);
        QCOMPARE(fit->iterations, c["n_iter"].get<int>());
        // own k-means++ seeding: reproducible, and no worse than a bad start (all k initial
        // centres taken from one corner: the k rows with the smallest first coordinate)
        KMeansParams q;
        q.k = p.k;
        q.seed = 3;
        q.nInit = 3;
        auto a = fitKMeans(matrixOf(fx), q, cancel);
        auto b = fitKMeans(matrixOf(fx), q, cancel);
        QVERIFY(a && b);
        QCOMPARE(a->labels, b->labels);
        QCOMPARE(a->inertia, b->inertia);
        const auto x = fx["x"].get<std::vector<double>>();
        const auto rows = fx["rows"].get<std::int64_t>();
        const int d = fx["cols"];
        std::vector<std::int64_t> order(std::size_t(rows), 0);
        for (std::int64_t i = 0; i < rows; ++i) order[std::size_t(i)] = i;
        std::sort(order.begin(), order.end(),
                  [&](auto l, auto r) { return x[std::size_t(l * d)] < x[std::size_t(r * d)]; });
        KMeansParams bad;
        bad.k = p.k;
        for (int j = 0; j < p.k; ++j)
            for (int c2 = 0; c2 < d; ++c2) bad.initialCenters.push_back(x[std::size_t(order[std::size_t(j)] * d + c2)]);
        auto worst = fitKMeans(matrixOf(fx), bad, cancel);
        QVERIFY(worst);
        QVERIFY2(a->inertia <= worst->inertia * (1 + 1e-9),
                 qPrintable(QStringLiteral("k-means++ %1 vs bad start %2").arg(a->inertia).arg(worst->inertia)));
        QVERIFY(a->inertia <= c["inertia"].get<double>() * 1.05);  // near scikit-learn's optimum too
    }

    void metrics_data() {
        QTest::addColumn<int>("index");
        auto fx = loadFixture("metrics.json");
        for (std::size_t i = 0; i < fx["cases"].size(); ++i)
            QTest::newRow(("case " + std::to_string(i)).c_str()) << int(i);
    }
    void metrics() {
        QFETCH(int, index);
        auto fx = loadFixture("metrics.json");
        const auto& c = fx["cases"][std::size_t(index)];
        auto truth = c["truth"].get<std::vector<int>>();
        auto pred = c["pred"].get<std::vector<std::int32_t>>();
        auto cm = confusionMatrix(truth, pred, c["domains"], c["clusters"]);
        QCOMPARE(cm.total(), std::int64_t(truth.size()));
        QVERIFY(std::abs(purity(cm) - c["purity"].get<double>()) < 1e-12);
        QVERIFY2(std::abs(normalizedMutualInfo(cm) - c["nmi"].get<double>()) < 1e-12,
                 qPrintable(QStringLiteral("%1 vs %2")
                                .arg(normalizedMutualInfo(cm), 0, 'g', 17)
                                .arg(c["nmi"].get<double>(), 0, 'g', 17)));
        QVERIFY(std::abs(adjustedRandIndex(cm) - c["ari"].get<double>()) < 1e-12);
        // purity = share correctly predicted by the majority map; recall-weighted = purity
        auto scores = domainScores(cm);
        std::int64_t correct = 0;
        for (const auto& s : scores) correct += s.correct;
        QVERIFY(std::abs(double(correct) / double(truth.size()) - purity(cm)) < 1e-12);
    }

    void pearsonKnown() {
        std::vector<double> a{1, 2, 3, 4}, b{2, 4, 6, 8.5}, c{4, 3, 2, 1};
        QVERIFY(pearson(a, b) > 0.99 && pearson(a, b) < 1.0);
        QVERIFY(std::abs(pearson(a, c) + 1) < 1e-12);
    }
};

QTEST_GUILESS_MAIN(TestParity)
#include "tst_parity.moc"
