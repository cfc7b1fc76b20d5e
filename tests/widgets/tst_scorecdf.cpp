// The score CDF: monotone, ends at 1, ignores NaN, thins to ~2,000 points on big pools.
#include <QtTest>

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
        QVERIFY(std::fabs(y.first() - 1.0 / n) < 1e-12 || n > maxPoints);
    }
};

QTEST_MAIN(TestScoreCdf)
#include "tst_scorecdf.moc"
