// Precision against cut-off for several selection runs: one line per run with exactly the
// points given (no sampling), the true-size marker only when the size is known, and a second
// call replaces the first.
#include <QtTest>

#include <qcustomplot.h>

#include "PrecisionCutoffView.h"

class TestPrecisionCutoff : public QObject {
    Q_OBJECT
private slots:
    void oneLinePerRun_data() {
        QTest::addColumn<int>("runs");
        QTest::addColumn<qlonglong>("relevant");
        QTest::addColumn<int>("items");
        QTest::newRow("one run, size known") << 1 << qlonglong(600) << 2;  // dashed line + label
        QTest::newRow("three runs, size known") << 3 << qlonglong(600) << 2;
        QTest::newRow("two runs, size unknown") << 2 << qlonglong(0) << 0;
    }
    void oneLinePerRun() {
        QFETCH(int, runs);
        QFETCH(qlonglong, relevant);
        QFETCH(int, items);
        QVector<CutoffCurve> curves;
        for (int r = 0; r < runs; ++r) {
            CutoffCurve c;
            c.name = QStringLiteral("#%1").arg(r + 1);
            for (int k = 1; k <= 6; ++k) {
                c.cutoffs << 100.0 * k;
                c.precision << 1.0 - 0.05 * k - 0.01 * r;
            }
            curves << c;
        }
        PrecisionCutoffView view;
        view.setCurves(curves, relevant, QStringLiteral("test"));
        QCOMPARE(view.curveCount(), runs);
        QCOMPARE(view.plot()->graphCount(), runs);
        QCOMPARE(view.plot()->itemCount(), items);
        for (int r = 0; r < runs; ++r) {
            auto* g = view.plot()->graph(r);
            QCOMPARE(g->data()->size(), 6);
            QCOMPARE(g->name(), curves[r].name);
            QCOMPARE(g->data()->at(5)->value, curves[r].precision[5]);
        }
        view.setCurves({curves.front()}, 0);
        QCOMPARE(view.plot()->graphCount(), 1);
        QCOMPARE(view.plot()->itemCount(), 0);
    }
};

QTEST_MAIN(TestPrecisionCutoff)
#include "tst_precisioncutoff.moc"
