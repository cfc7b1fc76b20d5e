// The score CDF: monotone, ends at 1, ignores NaN, thins to ~2,000 points on big pools.
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "ScoreCdfView.h"

class TestScoreCdf : public QObject {
    Q_OBJECT
private slots:
    void cdf_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("maxPoints");
        QTest::newRow("small") << 10 << 10;
        QTest::newRow("large") << 100000 << 2001;
    }
    void cdf() {
        QFETCH(int, n);
        QFETCH(int, maxPoints);
        QVector<double> scores;
        for (int i = 0; i < n; ++i) scores << double((i * 7919) % n) / n;
        scores << NAN;
        ScoreCdfView view;
        view.setScores(scores, QStringLiteral("score"));
        const auto& x = view.curveX();
        const auto& y = view.curveY();
        QVERIFY(x.size() <= maxPoints);
        QCOMPARE(y.last(), 1.0);
        for (int i = 1; i < x.size(); ++i) {
            QVERIFY(x[i] >= x[i - 1]);
            QVERIFY(y[i] > y[i - 1]);
        }
        // The curve starts at the smallest score (1/n of the pool) on every pool size, and every
        // drawn point is the exact empirical CDF at its x (the scores are distinct).
        QVERIFY(std::fabs(y.first() - 1.0 / n) < 1e-12);
        QCOMPARE(x.first(), 0.0);
        QVector<double> sorted = scores;
        sorted.removeLast();  // the NaN
        std::sort(sorted.begin(), sorted.end());
        for (int i = 0; i < x.size(); ++i) {
            const auto below = std::upper_bound(sorted.begin(), sorted.end(), x[i]) - sorted.begin();
            QVERIFY(std::fabs(y[i] - double(below) / n) < 1e-12);
        }
        if (n > maxPoints) QVERIFY(x.size() >= 1000);  // thinned, not collapsed
    }
};

QTEST_MAIN(TestScoreCdf)
#include "tst_scorecdf.moc"
