// BIC/AIC-against-k plot: minimum found and marked, clicks report the k, NaN tolerated.
#include <QtTest>

#include <qcustomplot.h>

#include <cmath>
#include <limits>
#include <random>

#include "SweepPlotView.h"

class TestSweepPlot : public QObject {
    Q_OBJECT
private slots:
    void bestIndexIsTheMinimum_data() {
        QTest::addColumn<unsigned>("seed");
        QTest::newRow("a") << 1u;
        QTest::newRow("b") << 2u;
        QTest::newRow("c") << 3u;
    }
    void bestIndexIsTheMinimum() {
        QFETCH(unsigned, seed);
        std::mt19937 rng(seed);
        std::uniform_real_distribution<double> u(1000, 2000);
        QVector<double> k, bic, aic;
        for (int i = 2; i <= 20; ++i) k << i, bic << u(rng), aic << u(rng);
        aic[3] = std::numeric_limits<double>::quiet_NaN();  // a failed fit
        SweepPlotView view;
        view.setSweep(k, {{QStringLiteral("BIC"), bic}, {QStringLiteral("AIC"), aic}});
        for (int s = 0; s < 2; ++s) {
            const QVector<double>& y = s == 0 ? bic : aic;
            int expected = -1;
            for (int i = 0; i < y.size(); ++i)
                if (!std::isnan(y[i]) && (expected < 0 || y[i] < y[expected])) expected = i;
            QCOMPARE(view.bestIndex(s), expected);
        }
        QCOMPARE(view.bestIndex(2), -1);
        // Two lines + two minimum markers.
        QCOMPARE(view.plot()->graphCount(), 4);
    }

    void clickEmitsK() {
        SweepPlotView view;
        view.resize(600, 400);
        const QVector<double> k{2, 4, 8, 16};
        view.setSweep(k, {{QStringLiteral("BIC"), {5, 3, 2, 4}}});
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QSignalSpy spy(&view, &SweepPlotView::pointActivated);
        QCustomPlot* plot = view.plot();
        const QPointF pos(plot->xAxis->coordToPixel(8) + 3, plot->yAxis->coordToPixel(2));
        QMouseEvent press(QEvent::MouseButtonPress, pos, plot->mapToGlobal(pos), Qt::LeftButton, Qt::LeftButton,
                          Qt::NoModifier);
        QCoreApplication::sendEvent(plot, &press);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toDouble(), 8.0);
        QTemporaryDir dir;
        QString error;
        QVERIFY2(view.save(dir.filePath(QStringLiteral("sweep.svg")), &error), qPrintable(error));
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("sweep.svg"))).size() > 1000);
    }

    // A layer sweep: higher is better, the maximum marked and labelled with the tick's text.
    void layerSweepMarksTheMaximum() {
        SweepPlotView view;
        view.resize(600, 400);
        view.setHigherIsBetter(true);
        const QVector<double> layer{4, 8, 10, 13};
        view.setXTickLabels(layer,
                            {QStringLiteral("4"), QStringLiteral("8"), QStringLiteral("10"), QStringLiteral("last")});
        view.setSweep(layer, {{QStringLiteral("Purity"), {0.5, 0.8, 0.7, NAN}},
                              {QStringLiteral("Silhouette"), {0.1, 0.05, 0.2, 0.3}}});
        view.setTitle(QStringLiteral("Layer sweep"));
        QCOMPARE(view.bestIndex(0), 1);
        QCOMPARE(view.bestIndex(1), 3);
        QStringList labels;
        for (int i = 0; i < view.plot()->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(view.plot()->item(i))) labels << t->text();
        QVERIFY2(labels.contains(QStringLiteral("max at 8")) && labels.contains(QStringLiteral("max at last")),
                 qPrintable(labels.join(',')));
        QTemporaryDir dir;
        QString error;
        QVERIFY2(view.save(dir.filePath(QStringLiteral("layers.svg")), &error), qPrintable(error));
    }
};

QTEST_MAIN(TestSweepPlot)
#include "tst_sweepplot.moc"
