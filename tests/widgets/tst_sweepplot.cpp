// BIC/AIC-against-k plot: minimum found and marked, clicks report the k, NaN tolerated. The
// Mixture tab's views (issue #24 item 7): the groups' table under QAbstractItemModelTester, and
// lambda over training as stacked bands that sum to 1 (Pham et al. 2022, Fig. 2).
#include <QAbstractItemModelTester>
#include <QtTest>

#include <qcustomplot.h>

#include <cmath>
#include <limits>
#include <random>

#include "LambdaAreaView.h"
#include "MixtureGroupsModel.h"
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
    // The groups' table: a kit's numbers shown (localised) and raw (EditRole), unknown as "–"
    // and empty; the model obeys QAbstractItemModel's rules through a reset.
    void mixtureGroupsModel() {
        MixtureGroupsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        MixtureGroupRow law;
        law.name = QStringLiteral("law");
        law.train = 2298, law.dev = 100, law.test = 100;
        law.q = 0.25, law.lambdaS = 0.25, law.lambdaT = 0.0, law.lambda0 = 1.0 / 7, law.repetition = 2.5;
        MixtureGroupRow medical;  // a trajectory's group the kit does not list: only its final lambda
        medical.name = QStringLiteral("medical");
        medical.lambdaFinal = 0.815;
        model.setRows({law, medical});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(MixtureGroupsModel::ColumnCount));
        QCOMPARE(model.index(0, MixtureGroupsModel::Group).data().toString(), QStringLiteral("law"));
        QCOMPARE(model.index(0, MixtureGroupsModel::Train).data(Qt::EditRole).toLongLong(), 2298);
        QCOMPARE(model.index(0, MixtureGroupsModel::Train).data().toString(), QLocale().toString(2298));
        QCOMPARE(model.index(0, MixtureGroupsModel::Lambda0).data(Qt::EditRole).toDouble(), 1.0 / 7);
        QCOMPARE(model.index(0, MixtureGroupsModel::Lambda0).data().toString(), QLocale().toString(1.0 / 7, 'f', 4));
        QCOMPARE(model.index(0, MixtureGroupsModel::Repetition).data().toString(), QLocale().toString(2.5, 'f', 2));
        QCOMPARE(model.index(0, MixtureGroupsModel::LambdaFinal).data().toString(), QStringLiteral("–"));
        QCOMPARE(model.index(1, MixtureGroupsModel::Train).data().toString(), QStringLiteral("–"));
        QCOMPARE(model.index(1, MixtureGroupsModel::Train).data(Qt::EditRole).toString(), QString());
        QCOMPARE(model.index(1, MixtureGroupsModel::LambdaFinal).data(Qt::EditRole).toDouble(), 0.815);
        QCOMPARE(model.headerData(MixtureGroupsModel::LambdaT, Qt::Horizontal).toString(), QStringLiteral("λ^t"));
        QVERIFY(
            !model.headerData(MixtureGroupsModel::Repetition, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
        model.setRows({});
        QCOMPARE(model.rowCount(), 0);
    }

    // Stacked lambda: one band per group, band g's top edge = lambda_0 + ... + lambda_g at each
    // point, the top band at 1 everywhere, the last lambda drawn until the trajectory's end.
    void lambdaAreaStacks_data() {
        QTest::addColumn<int>("groups");
        QTest::newRow("3 domains") << 3;
        QTest::newRow("30 clusters") << 30;
    }
    void lambdaAreaStacks() {
        QFETCH(int, groups);
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> u(0.01, 1.0);
        LambdaTrajectoryData t;
        t.xName = QStringLiteral("step");
        t.x = {0, 50, 100, 150};
        t.end = 300;
        t.lambda.resize(groups);
        for (int g = 0; g < groups; ++g) t.groups << QStringLiteral("g%1").arg(g);
        for (int i = 0; i < t.x.size(); ++i) {
            QVector<double> w(groups);
            double sum = 0;
            for (double& v : w) sum += (v = u(rng));
            for (int g = 0; g < groups; ++g) t.lambda[g] << w[g] / sum;
        }
        LambdaAreaView view;
        view.setTrajectory(t, QStringLiteral("test"));
        QCOMPARE(view.bandCount(), groups);
        QCOMPARE(view.drawnX(), (QVector<double>{0, 50, 100, 150, 300}));
        for (int i = 0; i < 5; ++i) {
            double below = 0;
            for (int g = 0; g < groups; ++g) {
                const double expected = below + t.lambda[g][std::min(i, 3)];
                QVERIFY(std::abs(view.upperEdge(g)[i] - expected) < 1e-12);
                below = expected;
            }
            QVERIFY(std::abs(view.upperEdge(groups - 1)[i] - 1.0) < 1e-12);
        }
        QCOMPARE(view.plot()->legend->itemCount(), std::min(groups, int(LambdaAreaView::kLegendGroups)));
        QTemporaryDir dir;
        QString error;
        QVERIFY2(view.save(dir.filePath(QStringLiteral("lambda.png")), &error), qPrintable(error));
        QVERIFY(view.plot()->legend->visible());
        view.clear();
        QCOMPARE(view.bandCount(), 0);
        QVERIFY(!view.plot()->legend->visible());  // no empty legend box beside an empty plot
    }

    // Before a sweep the view says how to make one and draws no (empty) legend box; a sweep
    // replaces the text with its best points and shows the legend; an empty sweep brings both back.
    void emptyUntilASweep() {
        SweepPlotView view;
        view.setEmptyText(QStringLiteral("No k sweep yet"));
        auto* summary = view.findChild<QLabel*>(QStringLiteral("summary"));
        QVERIFY(summary);
        QCOMPARE(summary->text(), QStringLiteral("No k sweep yet"));
        QVERIFY(!view.plot()->legend->visible());
        view.setSweep({2, 4, 8}, {SweepSeries{QStringLiteral("BIC"), {30, 10, 20}}});
        QVERIFY(view.plot()->legend->visible());
        QVERIFY2(summary->text().contains(QStringLiteral("BIC")), qPrintable(summary->text()));
        view.setSweep({}, {});
        QCOMPARE(summary->text(), QStringLiteral("No k sweep yet"));
        QVERIFY(!view.plot()->legend->visible());
    }
};

QTEST_MAIN(TestSweepPlot)
#include "tst_sweepplot.moc"
