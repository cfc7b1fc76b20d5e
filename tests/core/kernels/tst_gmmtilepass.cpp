// The tiled GMM EM pass (GmmTilePass: SIMD tiles, threads over fixed row blocks) against the
// formulation it replaces, computed naively here row by row in long double: weighted
// log-probabilities wlp_j = zᵀq_j + xᵀl_j + c_j, responsibilities r = softmax(wlp), and the sums
// Σ r, Σ r x, Σ r z, Σ log Σ exp(wlp). Shapes cover several row blocks with a partial last
// tile, one and two component panels (k <= 16 and k > 16) and every feature kind. The result
// must not depend on the thread count (bitwise), and a cancelled token stops the pass.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>

#include "kernels/GmmTileKernels.h"
#include "kernels/GmmTilePass.h"

using namespace dl;

namespace {

struct Problem {
    std::vector<double> x;  // rows x d
    std::int64_t rows = 0;
    GmmEStepModel model;
};

// Components with means ~N(0,1) and diagonally dominant precisions, as prepare() in Gmm.cpp
// would turn them into q, l, c; rows spread over the components' range.
Problem makeProblem(GmmFeatureKind kind, int d, int k, std::int64_t rows, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal;
    std::uniform_real_distribution<double> uni(0.5, 2.0);
    Problem p;
    p.rows = rows;
    p.model.kind = kind;
    p.model.d = d;
    p.model.k = k;
    const int m = gmmFeatureCount(kind, d);
    p.model.q.assign(std::size_t(m) * k, 0.0);
    p.model.l.assign(std::size_t(d) * k, 0.0);
    p.model.c.assign(std::size_t(k), 0.0);
    for (int j = 0; j < k; ++j) {
        std::vector<double> mu(static_cast<std::size_t>(d)), P(static_cast<std::size_t>(d) * d, 0.0);
        for (auto& v : mu) v = normal(rng);
        const double sphere = uni(rng);
        for (int a = 0; a < d; ++a) {
            P[std::size_t(a) * d + a] = kind == GmmFeatureKind::Spherical ? sphere : uni(rng);
            if (kind == GmmFeatureKind::Full)
                for (int b = a + 1; b < d; ++b)
                    P[std::size_t(a) * d + b] = P[std::size_t(b) * d + a] = 0.1 * normal(rng) / d;
        }
        int f = 0;
        for (int a = 0; a < d; ++a) {
            if (kind == GmmFeatureKind::Full)
                for (int b = a; b < d; ++b, ++f)
                    p.model.q[std::size_t(f) * k + j] = -0.5 * (a == b ? 1 : 2) * P[std::size_t(a) * d + b];
            else if (kind == GmmFeatureKind::Diag) p.model.q[std::size_t(a) * k + j] = -0.5 * P[std::size_t(a) * d + a];
        }
        if (kind == GmmFeatureKind::Spherical) p.model.q[std::size_t(j)] = -0.5 * sphere;
        double quad = 0;
        for (int a = 0; a < d; ++a) {
            double pm = 0;
            for (int b = 0; b < d; ++b) pm += P[std::size_t(a) * d + b] * mu[std::size_t(b)];
            p.model.l[std::size_t(a) * k + j] = pm;
            quad += mu[std::size_t(a)] * pm;
        }
        p.model.c[std::size_t(j)] = -0.5 * quad + std::log(1.0 / k) + 0.1 * normal(rng);
    }
    p.x.resize(std::size_t(rows) * d);
    for (auto& v : p.x) v = 1.5 * normal(rng);
    return p;
}

// labelsIn: hard responsibilities instead of the E-step; rows: per-row results of the E-step.
GmmPassStats naivePass(const Problem& p, const std::vector<std::int64_t>* labelsIn = nullptr,
                       GmmRowScores* rows = nullptr) {
    const auto& mod = p.model;
    const int d = mod.d, k = mod.k, m = gmmFeatureCount(mod.kind, d);
    const auto kk = static_cast<std::size_t>(k);
    std::vector<long double> nk(kk), m1(kk * d), s(kk * m), z(static_cast<std::size_t>(m)), w(kk);
    long double lpnSum = 0;
    for (std::int64_t i = 0; i < p.rows; ++i) {
        const double* x = p.x.data() + i * d;
        if (mod.kind == GmmFeatureKind::Full) {
            int f = 0;
            for (int a = 0; a < d; ++a)
                for (int b = a; b < d; ++b) z[std::size_t(f++)] = (long double)x[a] * x[b];
        } else if (mod.kind == GmmFeatureKind::Diag) {
            for (int a = 0; a < d; ++a) z[std::size_t(a)] = (long double)x[a] * x[a];
        } else {
            z[0] = 0;
            for (int a = 0; a < d; ++a) z[0] += (long double)x[a] * x[a];
        }
        long double mx = -INFINITY;
        for (int j = 0; j < k; ++j) {
            long double v = mod.c[std::size_t(j)];
            for (int g = 0; g < m; ++g) v += z[std::size_t(g)] * mod.q[std::size_t(g) * k + j];
            for (int a = 0; a < d; ++a) v += (long double)x[a] * mod.l[std::size_t(a) * k + j];
            w[std::size_t(j)] = v;
            mx = std::max(mx, v);
        }
        long double sum = 0;
        for (int j = 0; j < k; ++j) sum += std::exp(w[std::size_t(j)] - mx);
        const long double lpn = mx + std::log(sum);
        lpnSum += lpn;
        if (rows) {
            const auto best = std::max_element(w.begin(), w.end()) - w.begin();
            rows->labels.push_back(static_cast<std::int32_t>(best));
            rows->maxProb.push_back(static_cast<double>(std::exp(mx - lpn)));
            rows->logLik.push_back(static_cast<double>(lpn));
        }
        for (int j = 0; j < k; ++j) {
            const long double r =
                labelsIn ? ((*labelsIn)[std::size_t(i)] == j ? 1 : 0) : std::exp(w[std::size_t(j)] - lpn);
            nk[std::size_t(j)] += r;
            for (int a = 0; a < d; ++a) m1[std::size_t(j) * d + a] += r * x[a];
            for (int g = 0; g < m; ++g) s[std::size_t(j) * m + g] += r * z[std::size_t(g)];
        }
    }
    GmmPassStats st;
    st.nk.assign(nk.begin(), nk.end());
    st.m1.assign(m1.begin(), m1.end());
    st.s.assign(s.begin(), s.end());
    st.lpnSum = static_cast<double>(lpnSum);
    if (rows) rows->nk = st.nk;
    return st;
}

// Largest difference relative to the largest reference value of the statistic.
double relError(const std::vector<double>& got, const std::vector<double>& want) {
    if (got.size() != want.size()) return INFINITY;
    double scale = 1e-300, err = 0;
    for (std::size_t i = 0; i < want.size(); ++i) {
        scale = std::max(scale, std::abs(want[i]));
        err = std::max(err, std::abs(got[i] - want[i]));
    }
    return err / scale;
}

GmmPassStats tiled(const Problem& p, bool f32, int threads, const CancelToken& cancel = CancelToken{}) {
    if (!f32) return gmmTilePass(p.x.data(), p.rows, p.model, threads, cancel);
    std::vector<float> xf(p.x.begin(), p.x.end());
    return gmmTilePass(xf.data(), p.rows, p.model, threads, cancel);
}

}  // namespace

class TstGmmTilePass : public QObject {
    Q_OBJECT
private slots:
    void matchesNaivePass_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("d");
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("rows");
        QTest::addColumn<bool>("f32");
        QTest::addColumn<double>("tol");
        const int full = int(GmmFeatureKind::Full), diag = int(GmmFeatureKind::Diag),
                  sph = int(GmmFeatureKind::Spherical);
        QTest::newRow("full d7 k5, 3 blocks") << full << 7 << 5 << 20000 << false << 1e-10;
        QTest::newRow("full d50 k15") << full << 50 << 15 << 9000 << false << 1e-10;
        QTest::newRow("full d3 k19, two panels") << full << 3 << 19 << 17001 << false << 1e-10;
        QTest::newRow("full d1 k2") << full << 1 << 2 << 100 << false << 1e-10;
        QTest::newRow("diag d13 k4") << diag << 13 << 4 << 10000 << false << 1e-10;
        QTest::newRow("diag d37 k33, three panels") << diag << 37 << 33 << 8300 << false << 1e-10;
        QTest::newRow("spherical d9 k3") << sph << 9 << 3 << 8193 << false << 1e-10;
        QTest::newRow("full d11 k6 float32") << full << 11 << 6 << 12000 << true << 1e-4;
        QTest::newRow("diag d20 k7 float32") << diag << 20 << 7 << 9000 << true << 1e-4;
    }
    void matchesNaivePass() {
        QFETCH(int, kind);
        QFETCH(int, d);
        QFETCH(int, k);
        QFETCH(int, rows);
        QFETCH(bool, f32);
        QFETCH(double, tol);
        const Problem p = makeProblem(GmmFeatureKind(kind), d, k, rows, 17u + unsigned(d * k));
        const GmmPassStats want = naivePass(p);
        const GmmPassStats got = tiled(p, f32, 2);
        QVERIFY2(relError(got.nk, want.nk) < tol, qPrintable(QString::number(relError(got.nk, want.nk))));
        QVERIFY2(relError(got.m1, want.m1) < tol, qPrintable(QString::number(relError(got.m1, want.m1))));
        QVERIFY2(relError(got.s, want.s) < tol, qPrintable(QString::number(relError(got.s, want.s))));
        QVERIFY(std::abs(got.lpnSum - want.lpnSum) < tol * std::abs(want.lpnSum));
        double total = 0;  // responsibilities sum to one per row
        for (double v : got.nk) total += v;
        QVERIFY(std::abs(total - rows) < (f32 ? 1e-3 : 1e-9) * rows);
    }

    // The kernels exist per instruction-set level (AVX-512, AVX2, baseline); each level this
    // CPU has must give the naive statistics, so a machine without AVX-512 runs tested code.
    void everySimdLevelMatchesNaive_data() {
        QTest::addColumn<int>("level");
        QTest::addColumn<int>("kind");
        QTest::addColumn<bool>("f32");
        const std::pair<const char*, gmmtile::SimdLevel> levels[] = {{"avx512", gmmtile::SimdLevel::Avx512},
                                                                     {"avx2", gmmtile::SimdLevel::Avx2},
                                                                     {"baseline", gmmtile::SimdLevel::Baseline}};
        for (const auto& [name, level] : levels) {
            QTest::addRow("%s full", name) << int(level) << int(GmmFeatureKind::Full) << false;
            QTest::addRow("%s full float32", name) << int(level) << int(GmmFeatureKind::Full) << true;
            QTest::addRow("%s diag", name) << int(level) << int(GmmFeatureKind::Diag) << false;
        }
    }
    void everySimdLevelMatchesNaive() {
        QFETCH(int, level);
        QFETCH(int, kind);
        QFETCH(bool, f32);
        if (gmmtile::SimdLevel(level) > gmmtile::bestSimdLevel()) QSKIP("this CPU lacks that instruction set");
        const gmmtile::SimdLevel before = gmmtile::simdLevel();
        gmmtile::useSimdLevel(gmmtile::SimdLevel(level));
        QCOMPARE(gmmtile::simdLevel(), gmmtile::SimdLevel(level));
        const Problem p = makeProblem(GmmFeatureKind(kind), 13, 19, kGmmBlockRows + 100, 41);
        const GmmPassStats got = tiled(p, f32, 2);
        gmmtile::useSimdLevel(before);
        const GmmPassStats want = naivePass(p);
        const double tol = f32 ? 1e-4 : 1e-10;
        QVERIFY(relError(got.nk, want.nk) < tol);
        QVERIFY(relError(got.m1, want.m1) < tol);
        QVERIFY(relError(got.s, want.s) < tol);
        QVERIFY(std::abs(got.lpnSum - want.lpnSum) < tol * std::abs(want.lpnSum));
    }

    void labelPassMatchesNaive_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("k");
        QTest::newRow("full k5") << int(GmmFeatureKind::Full) << 5;
        QTest::newRow("diag k20") << int(GmmFeatureKind::Diag) << 20;
        QTest::newRow("spherical k3") << int(GmmFeatureKind::Spherical) << 3;
    }
    void labelPassMatchesNaive() {
        QFETCH(int, kind);
        QFETCH(int, k);
        const Problem p = makeProblem(GmmFeatureKind(kind), 8, k, kGmmBlockRows + 500, 23);
        std::vector<std::int64_t> labels(static_cast<std::size_t>(p.rows));
        std::mt19937 rng(4);
        for (auto& l : labels) l = std::uniform_int_distribution<int>(0, k - 1)(rng);
        const GmmPassStats want = naivePass(p, &labels);
        for (int threads : {1, 2}) {
            const GmmPassStats got =
                gmmTileLabelPass(p.x.data(), p.rows, p.model, labels.data(), threads, CancelToken{});
            QCOMPARE(got.nk, want.nk);  // counts of whole numbers: exact
            QVERIFY(relError(got.m1, want.m1) < 1e-12);
            QVERIFY(relError(got.s, want.s) < 1e-12);
        }
    }

    void scoresMatchNaive_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("k");
        QTest::addColumn<bool>("f32");
        QTest::newRow("full k7") << int(GmmFeatureKind::Full) << 7 << false;
        QTest::newRow("diag k18") << int(GmmFeatureKind::Diag) << 18 << false;
        QTest::newRow("full k4 float32") << int(GmmFeatureKind::Full) << 4 << true;
    }
    void scoresMatchNaive() {
        QFETCH(int, kind);
        QFETCH(int, k);
        QFETCH(bool, f32);
        const Problem p = makeProblem(GmmFeatureKind(kind), 6, k, 2 * kGmmBlockRows + 3, 31);
        GmmRowScores want;
        naivePass(p, nullptr, &want);
        std::vector<float> xf(p.x.begin(), p.x.end());
        const GmmRowScores got = f32 ? gmmTileScores(xf.data(), p.rows, p.model, 2, CancelToken{})
                                     : gmmTileScores(p.x.data(), p.rows, p.model, 2, CancelToken{});
        const double tol = f32 ? 1e-4 : 1e-10;
        std::size_t sameLabel = 0;
        for (std::size_t i = 0; i < want.labels.size(); ++i) sameLabel += got.labels[i] == want.labels[i];
        QVERIFY(want.labels.size() - sameLabel <= (f32 ? want.labels.size() / 1000 : 0));  // float32: near ties only
        QVERIFY(relError(got.logLik, want.logLik) < tol);
        QVERIFY(relError(got.nk, want.nk) < tol);
        double worst = 0;
        for (std::size_t i = 0; i < want.labels.size(); ++i)
            if (got.labels[i] == want.labels[i]) worst = std::max(worst, std::abs(got.maxProb[i] - want.maxProb[i]));
        QVERIFY2(worst < tol, qPrintable(QString::number(worst)));
    }

    void threadCountIndependent_data() {
        QTest::addColumn<bool>("f32");
        QTest::newRow("float64") << false;
        QTest::newRow("float32") << true;
    }
    void threadCountIndependent() {
        QFETCH(bool, f32);
        const Problem p = makeProblem(GmmFeatureKind::Full, 9, 5, 5 * kGmmBlockRows + 77, 5);
        const GmmPassStats one = tiled(p, f32, 1);
        for (int threads : {2, 3, 8}) {
            const GmmPassStats many = tiled(p, f32, threads);
            QVERIFY(many.nk == one.nk);
            QVERIFY(many.m1 == one.m1);
            QVERIFY(many.s == one.s);
            QCOMPARE(many.lpnSum, one.lpnSum);
        }
    }

    void cancelledTokenStops() {
        const Problem p = makeProblem(GmmFeatureKind::Diag, 4, 3, 3 * kGmmBlockRows, 9);
        CancelToken cancel;
        cancel.cancel();
        bool thrown = false;
        try {
            tiled(p, false, 2, cancel);
        } catch (const CancelledException&) {
            thrown = true;
        }
        QVERIFY(thrown);
    }
};

QTEST_GUILESS_MAIN(TstGmmTilePass)
#include "tst_gmmtilepass.moc"
