// Views for selection methods side by side, with synthetic data: the pair and the
// kept/dropped table models under QAbstractItemModelTester (resets, late texts), their CSV,
// and the UpSet chart's columns (non-empty intersections, largest first) and image export.
#include <QAbstractItemModelTester>
#include <QtTest>

#include <qcustomplot.h>

#include "KeptDroppedModel.h"
#include "MethodPairsModel.h"
#include "TableExport.h"
#include "UpSetView.h"

class TestMethodViews : public QObject {
    Q_OBJECT
private slots:
    void pairsModel() {
        MethodPairsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setRows({{QStringLiteral("#1 cosine"), QStringLiteral("#2 ml"), 40, 10, 12, 40.0 / 62, 0.71},
                       {QStringLiteral("#1 cosine"), QStringLiteral("#3 ft"), 30, 20, 5, 30.0 / 55, NAN}});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(MethodPairsModel::ColumnCount));
        QCOMPARE(model.index(0, MethodPairsModel::Both).data(Qt::EditRole).toLongLong(), qint64(40));
        QCOMPARE(model.index(1, MethodPairsModel::Spearman).data().toString(), QStringLiteral("–"));
        const auto csv = TableExport::parse(TableExport::toCsv(model));
        QCOMPARE(csv.size(), 3);
        QCOMPARE(csv[1][MethodPairsModel::OnlyB], QStringLiteral("12"));
        QCOMPARE(csv[2][MethodPairsModel::Spearman], QString());
        QCOMPARE(csv[1][MethodPairsModel::Jaccard].toDouble(), 40.0 / 62);
        model.setRows({});
        QCOMPARE(model.rowCount(), 0);
    }

    void keptDroppedModel() {
        KeptDroppedModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setRows(QStringLiteral("A"), QStringLiteral("B"), {{17, 0, 250, 0.9, 0.1}, {23, 3, -1, 0.8, NAN}});
        QCOMPARE(model.rowCount(), 2);
        QVERIFY(model.headerData(KeptDroppedModel::Sentence, Qt::Horizontal).toString().contains(QLatin1String("A")));
        QCOMPARE(model.index(0, KeptDroppedModel::RankA).data(Qt::EditRole).toLongLong(), qint64(1));  // shown 1-based
        QCOMPARE(model.index(0, KeptDroppedModel::RankB).data(Qt::EditRole).toLongLong(), qint64(251));
        QCOMPARE(model.index(1, KeptDroppedModel::RankB).data().toString(), KeptDroppedModel::tr("not ranked"));
        QCOMPARE(model.index(1, 0).data(KeptDroppedModel::SentenceIdRole).toLongLong(), qint64(23));
        // Texts arrive later: the sentence column changes, nothing else.
        model.setTexts({{17, QStringLiteral("the patient, \"acute\"")}, {23, QStringLiteral("dose")}});
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.at(0).at(0).toModelIndex().column(), int(KeptDroppedModel::Sentence));
        const auto csv = TableExport::parse(TableExport::toCsv(model));
        QCOMPARE(csv.size(), 3);
        QCOMPARE(csv[1][KeptDroppedModel::Sentence], QStringLiteral("the patient, \"acute\""));
        QCOMPARE(csv[2][KeptDroppedModel::ScoreB], QString());
        model.setRows(QStringLiteral("B"), QStringLiteral("A"), {});
        QCOMPARE(model.rowCount(), 0);
    }

    void upsetColumns_data() {
        QTest::addColumn<QVector<qint64>>("exclusive");
        QTest::addColumn<QVector<quint32>>("columns");
        QTest::newRow("two sets") << QVector<qint64>{0, 5, 9, 20} << QVector<quint32>{3, 2, 1};
        QTest::newRow("three sets, empty ones left out")
            << QVector<qint64>{0, 4, 0, 7, 1, 0, 0, 30} << QVector<quint32>{7, 3, 1, 4};
        QTest::newRow("nothing kept") << QVector<qint64>{0, 0, 0, 0} << QVector<quint32>{};
    }
    void upsetColumns() {
        QFETCH(QVector<qint64>, exclusive);
        QFETCH(QVector<quint32>, columns);
        UpSetView view;
        view.resize(700, 500);
        QStringList sets;
        for (int i = 0; (1 << i) < exclusive.size(); ++i) sets << QStringLiteral("method %1").arg(i);
        view.setData({sets, exclusive});
        QCOMPARE(view.columns(), columns);
        QTemporaryDir dir;
        for (const char* suffix : {"png", "svg", "pdf"}) {
            QString error;
            const QString path = dir.filePath(QStringLiteral("upset.") + QLatin1String(suffix));
            QVERIFY2(view.save(path, &error), qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 500);
        }
    }
};

QTEST_MAIN(TestMethodViews)
#include "tst_methodviews.moc"
