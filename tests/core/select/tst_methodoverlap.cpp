// Selection methods side by side (MethodOverlap) against brute force on random runs with
// ties and unranked (NaN) sentences: top k, pairwise overlap / Jaccard, exclusive
// intersections, rank pairs, Spearman (as a Pearson correlation of ranks) and the sentences
// one method keeps and another drops.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>

#include "select/MethodOverlap.h"

using namespace dl;

namespace {

// Pool ids 10, 13, 16, ... in a shuffled order per run; scores rounded (ties); ~5% NaN.
std::vector<RankedRun> randomRuns(int m, int n, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<RankedRun> runs(static_cast<std::size_t>(m));
    for (auto& r : runs) {
        for (int i = 0; i < n; ++i) r.ids.push_back(10 + 3 * i);
        std::shuffle(r.ids.begin(), r.ids.end(), rng);
        for (int i = 0; i < n; ++i) r.scores.push_back(u(rng) < 0.05 ? NAN : std::round(u(rng) * 20) / 20);
    }
    return runs;
}

std::vector<std::int64_t> bruteTop(const RankedRun& r, std::int64_t k) {
    std::vector<std::pair<double, std::int64_t>> v;  // (-score, id): sorts best first, ties by id
    for (std::size_t i = 0; i < r.ids.size(); ++i)
        if (!std::isnan(r.scores[i])) v.emplace_back(-r.scores[i], r.ids[i]);
    std::sort(v.begin(), v.end());
    std::vector<std::int64_t> out;
    for (std::size_t i = 0; i < v.size() && std::int64_t(i) < k; ++i) out.push_back(v[i].second);
    return out;
}

std::map<std::int64_t, std::int64_t> bruteRanks(const RankedRun& r) {
    const auto all = bruteTop(r, std::int64_t(r.ids.size()));
    std::map<std::int64_t, std::int64_t> out;
    for (std::size_t i = 0; i < all.size(); ++i) out[all[i]] = std::int64_t(i);
    return out;
}

double pearson(const std::vector<double>& a, const std::vector<double>& b) {
    const double n = double(a.size());
    double ma = 0, mb = 0;
    for (std::size_t i = 0; i < a.size(); ++i) ma += a[i] / n, mb += b[i] / n;
    double sab = 0, saa = 0, sbb = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        sab += (a[i] - ma) * (b[i] - mb), saa += (a[i] - ma) * (a[i] - ma), sbb += (b[i] - mb) * (b[i] - mb);
    return sab / std::sqrt(saa * sbb);
}

}  // namespace

class TestMethodOverlap : public QObject {
    Q_OBJECT
private slots:
    void matchesBruteForce_data() {
        QTest::addColumn<int>("methods");
        QTest::addColumn<int>("k");
        for (int m : {2, 3, 4})
            for (int k : {0, 1, 17, 120, 400})
                QTest::newRow(qPrintable(QStringLiteral("%1 methods, k=%2").arg(m).arg(k))) << m << k;
    }
    void matchesBruteForce() {
        QFETCH(int, methods);
        QFETCH(int, k);
        const auto runs = randomRuns(methods, 300, unsigned(methods * 1000 + k));
        std::vector<std::set<std::int64_t>> tops;
        for (const auto& r : runs) {
            const auto top = topK(r, k);
            QCOMPARE(top, bruteTop(r, k));
            tops.emplace_back(top.begin(), top.end());
        }
        const auto o = compareTopK(runs, k).value();
        QCOMPARE(o.methods, methods);
        std::set<std::int64_t> all;
        for (const auto& t : tops) all.insert(t.begin(), t.end());
        QCOMPARE(o.unionSize, std::int64_t(all.size()));
        for (int a = 0; a < methods; ++a) {
            QCOMPARE(o.topSize[std::size_t(a)], std::int64_t(tops[std::size_t(a)].size()));
            for (int b = 0; b < methods; ++b) {
                std::vector<std::int64_t> both, either;
                std::set_intersection(tops[a].begin(), tops[a].end(), tops[b].begin(), tops[b].end(),
                                      std::back_inserter(both));
                std::set_union(tops[a].begin(), tops[a].end(), tops[b].begin(), tops[b].end(),
                               std::back_inserter(either));
                QCOMPARE(o.at(o.intersection, a, b), std::int64_t(both.size()));
                const double j = either.empty() ? (a == b ? 1.0 : 0.0) : double(both.size()) / double(either.size());
                QCOMPARE(o.jaccard[std::size_t(a * methods + b)], j);
            }
        }
        // Exclusive intersections: each sentence of the union counted under its exact mask.
        std::vector<std::int64_t> exclusive(std::size_t(1) << methods, 0);
        for (auto id : all) {
            unsigned mask = 0;
            for (int i = 0; i < methods; ++i) mask |= unsigned(tops[std::size_t(i)].contains(id)) << i;
            ++exclusive[mask];
        }
        QCOMPARE(o.exclusive, exclusive);
        // Kept by one, dropped by the other, in the first's rank order.
        const auto kept = keptByANotB(runs[0], runs[1], k);
        std::vector<std::int64_t> expected;
        for (auto id : bruteTop(runs[0], k))
            if (!tops[1].contains(id)) expected.push_back(id);
        QCOMPARE(kept, expected);
    }

    void rankPairsAndSpearman() {
        const auto runs = randomRuns(2, 500, 99);
        const auto pairs = rankPairs(runs[0], runs[1]);
        const auto ra = bruteRanks(runs[0]), rb = bruteRanks(runs[1]);
        std::vector<std::int64_t> common;
        for (const auto& [id, r] : ra)
            if (rb.contains(id)) common.push_back(id);
        QCOMPARE(pairs.ids, common);
        std::vector<double> xa, xb;
        for (std::size_t i = 0; i < common.size(); ++i) {
            QCOMPARE(pairs.rankA[i], ra.at(common[i]));
            QCOMPARE(pairs.rankB[i], rb.at(common[i]));
            xa.push_back(double(pairs.rankA[i]));
            xb.push_back(double(pairs.rankB[i]));
        }
        // Spearman = Pearson correlation of the ranks (distinct ranks: no tie correction).
        std::vector<double> da(xa.size()), db(xb.size());
        auto dense = [](const std::vector<double>& x, std::vector<double>& out) {
            std::vector<std::size_t> o(x.size());
            for (std::size_t i = 0; i < o.size(); ++i) o[i] = i;
            std::sort(o.begin(), o.end(), [&](auto p, auto q) { return x[p] < x[q]; });
            for (std::size_t i = 0; i < o.size(); ++i) out[o[i]] = double(i);
        };
        dense(xa, da);
        dense(xb, db);
        QVERIFY(std::abs(spearman(pairs) - pearson(da, db)) < 1e-9);
        // A run against itself: every pair on the diagonal, rho = 1.
        const auto self = rankPairs(runs[0], runs[0]);
        QCOMPARE(self.rankA, self.rankB);
        QCOMPARE(spearman(self), 1.0);
    }

    void refusesBadInput_data() {
        QTest::addColumn<int>("methods");
        QTest::addColumn<bool>("mismatch");
        QTest::newRow("one run") << 1 << false;
        QTest::newRow("five runs") << 5 << false;
        QTest::newRow("ids and scores differ") << 2 << true;
    }
    void refusesBadInput() {
        QFETCH(int, methods);
        QFETCH(bool, mismatch);
        auto runs = randomRuns(methods, 20, 5);
        if (mismatch) runs[1].scores.pop_back();
        const auto o = compareTopK(runs, 5);
        QVERIFY(!o);
        QCOMPARE(o.error().kind, ErrorKind::Usage);
    }
};

QTEST_MAIN(TestMethodOverlap)
#include "tst_methodoverlap.moc"
