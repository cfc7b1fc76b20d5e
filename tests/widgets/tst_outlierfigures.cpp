// The outlier-analysis table with synthetic figures: QAbstractItemModelTester, the raw values
// behind each cell (EditRole, CSV), and what each cell counts (cluster, outliers or all, feature).
#include <QAbstractItemModelTester>
#include <QtTest>

#include "OutlierFiguresModel.h"
#include "TableExport.h"

class TestOutlierFigures : public QObject {
    Q_OBJECT
private slots:
    void cells_data() {
        QTest::addColumn<int>("column");
        QTest::addColumn<bool>("outliersOnly");
        QTest::addColumn<int>("figure");
        QTest::addColumn<double>("value");
        using M = OutlierFiguresModel;
        // Row 0: all = 200 sentences, 2400 tokens, 50 digits, 20 pronouns; outliers = 40, 360, 30, 2.
        QTest::newRow("sentences") << int(M::SentencesColumn) << false << 0 << 200.0;
        QTest::newRow("outliers") << int(M::OutliersColumn) << true << 0 << 40.0;
        QTest::newRow("mean tokens, outliers") << int(M::TokensOutColumn) << true << 0 << 9.0;
        QTest::newRow("mean tokens, all") << int(M::TokensAllColumn) << false << 0 << 12.0;
        QTest::newRow("digits, outliers") << int(M::DigitsOutColumn) << true << 1 << 0.75;
        QTest::newRow("digits, all") << int(M::DigitsAllColumn) << false << 1 << 0.25;
        QTest::newRow("pronoun, outliers") << int(M::PronounOutColumn) << true << 2 << 0.05;
        QTest::newRow("pronoun, all") << int(M::PronounAllColumn) << false << 2 << 0.1;
    }
    void cells() {
        QFETCH(int, column);
        QFETCH(bool, outliersOnly);
        QFETCH(int, figure);
        QFETCH(double, value);
        OutlierFiguresModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setRows({{2, QStringLiteral("c2 → it"), {200, 50, 20, 2400}, {40, 30, 2, 360}},
                       {-1, QStringLiteral("All clusters"), {0, 0, 0, 0}, {0, 0, 0, 0}}});
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 2);
        const QModelIndex cell = model.index(0, column);
        QCOMPARE(cell.data(Qt::EditRole).toDouble(), value);
        QVERIFY(!cell.data().toString().isEmpty());
        QCOMPARE(cell.data(OutlierFiguresModel::ClusterRole).toInt(), 2);
        QCOMPARE(cell.data(OutlierFiguresModel::OutliersOnlyRole).toBool(), outliersOnly);
        QCOMPARE(cell.data(OutlierFiguresModel::FigureRole).toInt(), figure);
        QCOMPARE(model.index(1, column).data(OutlierFiguresModel::ClusterRole).toInt(), -1);
        QCOMPARE(model.index(1, column).data(Qt::EditRole).toDouble(), 0.0);  // empty group: no division by zero
        QVERIFY(!model.index(0, OutlierFiguresModel::ClusterColumn).data(OutlierFiguresModel::ClusterRole).isValid());
        const auto csv = TableExport::parse(TableExport::toCsv(model));
        QCOMPARE(csv.size(), 3);
        QCOMPARE(csv[1][column].toDouble(), value);
    }
};

QTEST_MAIN(TestOutlierFigures)
#include "tst_outlierfigures.moc"
