// The Outlier analysis tab's Fig. 4 part with synthetic data: the centroid-cosine heat-map model
// (QAbstractItemModelTester, values to 3 decimals, raw values, colours by value, scores in the
// tooltips, header names bounded) and the cosine-vs-score scatter (same-domain points apart).
#include <QAbstractItemModelTester>
#include <QColor>
#include <QtTest>

#include <cmath>
#include <limits>

#include "CentroidCosineModel.h"
#include "CentroidScoreView.h"
#include "DisplayText.h"
#include "TableExport.h"

namespace {

CentroidCosineData matrix(const QStringList& domains) {
    CentroidCosineData d;
    d.runId = 4;
    d.domains = domains;
    // it, law, medical; law x medical not stored (NaN)
    const double nan = std::numeric_limits<double>::quiet_NaN();
    d.values = {1.0, 0.8125, 0.5, 0.8125, 1.0, nan, 0.5, nan, 1.0};
    return d;
}

}  // namespace

class TestCentroidCosine : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void cells_data() {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("shown");
        QTest::addColumn<double>("shade");  // < 0: no value
        QTest::newRow("diagonal: the largest value, darkest") << 0 << 0 << QStringLiteral("1.000") << 1.0;
        QTest::newRow("3 decimals") << 0 << 1 << QStringLiteral("0.813") << 0.625;
        QTest::newRow("symmetric") << 1 << 0 << QStringLiteral("0.813") << 0.625;
        QTest::newRow("the smallest value, lightest") << 2 << 0 << QStringLiteral("0.500") << 0.0;
        QTest::newRow("not stored") << 1 << 2 << QStringLiteral("–") << -1.0;
    }
    void cells() {
        QFETCH(int, row);
        QFETCH(int, column);
        QFETCH(QString, shown);
        QFETCH(double, shade);
        CentroidCosineModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setMatrix(matrix({QStringLiteral("it"), QStringLiteral("law"), QStringLiteral("medical")}));
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), 3);
        const QModelIndex cell = model.index(row, column);
        QCOMPARE(cell.data().toString(), shown);
        if (shade < 0) {
            QVERIFY(!cell.data(CentroidCosineModel::ValueRole).isValid());
            QVERIFY(!cell.data(Qt::BackgroundRole).isValid());
            return;
        }
        const double v = matrix({QString(), QString(), QString()}).values[row * 3 + column];
        QCOMPARE(cell.data(CentroidCosineModel::ValueRole).toDouble(), v);
        QCOMPARE(cell.data(Qt::EditRole).toDouble(), v);
        QCOMPARE(cell.data(CentroidCosineModel::ShadeRole).toDouble(), shade);
        QCOMPARE(cell.data(Qt::BackgroundRole).value<QColor>(), CentroidCosineModel::tileColor(shade));
        QCOMPARE(cell.data(Qt::ForegroundRole).value<QColor>(), CentroidCosineModel::textColor(shade));
        QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(QStringLiteral("centroid cosine")));
        QVERIFY(!cell.data(CentroidCosineModel::ScoreRole).isValid());  // no scores loaded
    }

    // Colour by value: a higher cosine is darker, and the text stays readable on it.
    void colours() {
        auto lightness = [](double s) { return CentroidCosineModel::tileColor(s).lightnessF(); };
        QVERIFY(lightness(0.0) > lightness(0.5));
        QVERIFY(lightness(0.5) > lightness(1.0));
        QCOMPARE(CentroidCosineModel::textColor(0.0), QColor(Qt::black));
        QCOMPARE(CentroidCosineModel::textColor(1.0), QColor(Qt::white));
        // One value only (a one-domain run): no division by zero, the darkest tile.
        CentroidCosineModel model;
        CentroidCosineData one;
        one.domains = {QStringLiteral("it")};
        one.values = {0.9};
        model.setMatrix(one);
        QCOMPARE(model.index(0, 0).data(CentroidCosineModel::ShadeRole).toDouble(), 1.0);
    }

    // The loaded scores reach each pair's tooltip and ScoreRole; a new matrix drops them.
    void scores() {
        CentroidCosineModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setMatrix(matrix({QStringLiteral("it"), QStringLiteral("law"), QStringLiteral("medical")}));
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setScores({{0, 1, 0.8125, 21.5}, {1, 1, 1.0, 40}, {7, 0, 0.1, 1}});  // the last one out of range: ignored
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.index(0, 1).data(CentroidCosineModel::ScoreRole).toDouble(), 21.5);
        QVERIFY(model.index(0, 1).data(Qt::ToolTipRole).toString().contains(QStringLiteral("21.5")));
        QVERIFY(!model.index(1, 0).data(CentroidCosineModel::ScoreRole).isValid());  // (law, it) not scored
        model.setMatrix(matrix({QStringLiteral("it"), QStringLiteral("law"), QStringLiteral("medical")}));
        QVERIFY(!model.index(0, 1).data(CentroidCosineModel::ScoreRole).isValid());
        // Values that do not fit the domains (a damaged summary) are not indexed.
        CentroidCosineData bad;
        bad.domains = {QStringLiteral("a"), QStringLiteral("b")};
        bad.values = {1.0};
        model.setMatrix(bad);
        QCOMPARE(model.rowCount(), 2);
        QVERIFY(!model.index(1, 1).data(CentroidCosineModel::ValueRole).isValid());
    }

    // Domain names can be megabytes long: headers, tooltips and CSV.
    void namesBounded() {
        const QString huge(10'000'000, QLatin1Char('x'));
        CentroidCosineModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setMatrix(matrix({huge, QStringLiteral("law"), QStringLiteral("medical")}));
        for (auto o : {Qt::Horizontal, Qt::Vertical}) {
            QCOMPARE(model.headerData(0, o).toString().size(), DisplayText::kDisplayChars + 1);
            QVERIFY(model.headerData(0, o, Qt::ToolTipRole).toString().size() <= DisplayText::kTooltipChars + 200);
            QCOMPARE(model.headerData(0, o, Qt::EditRole).toString().size(), huge.size());  // raw
            QCOMPARE(model.headerData(1, o).toString(), QStringLiteral("law"));
        }
        QVERIFY(model.index(0, 0).data(Qt::ToolTipRole).toString().size() <= DisplayText::kTooltipChars + 200);
        // The saved matrix (with row names, as "Save matrix…" writes it): raw names and values.
        const auto csv = TableExport::parse(TableExport::toCsv(model, true, true));
        QCOMPARE(csv.size(), 4);
        QCOMPARE(csv[1][0].size(), huge.size());
        QCOMPARE(csv[2][0], QStringLiteral("law"));
        QCOMPARE(csv[2][1].toDouble(), 0.8125);  // raw, not the 3 decimals shown
    }

    // The scatter: different-domain and same-domain pairs in two marked series.
    void scatter() {
        CentroidScoreView view;
        ScoreCorrelationData d;
        d.centroids = matrix({QStringLiteral("it"), QStringLiteral("law"), QStringLiteral("medical")});
        d.points = {{0, 0, 1.0, 40}, {0, 1, 0.8125, 20}, {1, 0, 0.8125, 22}, {1, 1, 1.0, 38}, {2, 2, 1.0, 35}};
        view.setCorrelation(d);
        QCOMPARE(view.pointCount(false), 2);
        QCOMPARE(view.pointCount(true), 3);
        view.clear();
        QCOMPARE(view.pointCount(false) + view.pointCount(true), 0);
    }
};

QTEST_MAIN(TestCentroidCosine)
#include "tst_centroidcosine.moc"
