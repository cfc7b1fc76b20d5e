// The Cluster dialog's restarts per seed (EM runs per seed, best lower bound kept) reach the
// request; the default is "auto" (the vectors' model's: 3, 20 for multilingual-e5-small; left out
// of the request as the CLI leaves out --n-init), which the dialog gets through the parameter
// table (app/services/ParamFields.h; tst_paramagreement runs it).
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
};

QTEST_MAIN(TestClusterDialog)
#include "tst_clusterdialog.moc"
