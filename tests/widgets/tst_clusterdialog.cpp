// The Cluster dialog's restarts per seed (EM runs per seed, best lower bound kept) reach the
// request; the default is "auto" (the vectors' model's: 3, 20 for multilingual-e5-small; left out
// of the request as the CLI leaves out --n-init), which the dialog gets through the parameter
// table (app/services/ParamFields.h; tst_paramagreement runs it).
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QTest>

#include "ClusterDialog.h"
#include "ParamFields.h"

class TestClusterDialog : public QObject {
    Q_OBJECT
private slots:
    void restartsReachTheRequest_data() {
        QTest::addColumn<int>("restarts");
        QTest::newRow("default") << -1;
        QTest::newRow("one run") << 1;
        QTest::newRow("five") << 5;
    }
    void restartsReachTheRequest() {
        QFETCH(int, restarts);
        ClusterDialog dialog({CorpusChoice{QStringLiteral("pool"), {QStringLiteral("law")}, false}},
                             clusterParamFields());
        QSpinBox* box = nullptr;
        for (auto* s : dialog.findChildren<QSpinBox*>())
            if (s->toolTip().contains(QStringLiteral("best likelihood"))) box = s;
        QVERIFY(box);
        if (restarts > 0) box->setValue(restarts);
        const auto values = dialog.request().values;
        if (restarts > 0) QCOMPARE(values.value(QStringLiteral("n-init")).toInt(), restarts);
        else QVERIFY(!values.contains(QStringLiteral("n-init")));  // auto
        QCOMPARE(box->specialValueText(), QStringLiteral("auto"));
        if (!qEnvironmentVariableIsEmpty("DL_SHOT")) dialog.grab().save(qEnvironmentVariable("DL_SHOT"));
    }

    // Stepping up from "auto" (arrow, wheel, Up key) lands on the field's default, the value of
    // models without a mixture of their own (3 restarts, reg-covar 1e-6), not on the minimum
    // (1 restart; reg-covar 0, which is legal but nobody's choice). Stepping down from there goes
    // on one step at a time, and back to "auto" at the bottom.
    void steppingUpFromAutoLandsOnTheDefault_data() {
        QTest::addColumn<QString>("field");
        QTest::addColumn<double>("landing");
        QTest::addColumn<double>("oneStepDown");
        QTest::newRow("restarts") << QStringLiteral("n-init") << 3.0 << 2.0;
        QTest::newRow("reg-covar") << QStringLiteral("reg-covar") << 1e-6 << 0.0;
    }
    void steppingUpFromAutoLandsOnTheDefault() {
        QFETCH(QString, field);
        QFETCH(double, landing);
        QFETCH(double, oneStepDown);
        ClusterDialog dialog({CorpusChoice{QStringLiteral("pool"), {QStringLiteral("law")}, false}},
                             clusterParamFields());
        auto* box = dialog.findChild<QAbstractSpinBox*>(field);
        QVERIFY(box);
        const auto value = [box] {
            if (auto* d = qobject_cast<QDoubleSpinBox*>(box)) return d->value();
            return double(qobject_cast<QSpinBox*>(box)->value());
        };
        QVERIFY(!dialog.request().values.contains(field));  // auto
        box->stepBy(1);
        QCOMPARE(value(), landing);
        QCOMPARE(dialog.request().values.value(field).toDouble(), landing);
        box->stepBy(-1);
        QCOMPARE(value(), oneStepDown);
        QCOMPARE(dialog.request().values.value(field).toDouble(), oneStepDown);
        box->stepBy(-100);
        QVERIFY(!dialog.request().values.contains(field));  // back to auto
        box->stepBy(10);  // Page Up from auto lands there too
        QCOMPARE(value(), landing);
    }
};

QTEST_MAIN(TestClusterDialog)
#include "tst_clusterdialog.moc"
