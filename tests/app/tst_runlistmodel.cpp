// RunListModel under QAbstractItemModelTester (structure, roles, resets), fed by readRuns()
// from a real project (the committed schema-1 fixture, migrated on open).
#include <QAbstractItemModelTester>
#include <QtTest>

#include "RunListModel.h"
#include "TestSupport.h"
#include "store/Runs.h"
#include "store/Store.h"

class TestRunListModel : public QObject {
    Q_OBJECT
private slots:
    void modelIsConsistent() {
        QTemporaryDir dir;
        const QString project = dir.filePath(QStringLiteral("p.dlproj"));
        QVERIFY(QFile::copy(dltest::testData(QStringLiteral("store/project_v1.dlproj")), project));
        QFile::setPermissions(project, QFile::ReadOwner | QFile::WriteOwner);
        auto runs = readRuns(project);
        QVERIFY2(runs.has_value(), runs ? "" : runs.error().message.c_str());
        QCOMPARE(runs->size(), 1);

        RunListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        model.setRuns(*runs);
        QCOMPARE(resets.count(), 1);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.columnCount(), int(RunListModel::ColumnCount));
        const QModelIndex id = model.index(0, RunListModel::IdColumn);
        QCOMPARE(model.data(id, RunListModel::RunIdRole).toLongLong(), 1);
        QCOMPARE(model.data(id, RunListModel::KindRole).toString(), QStringLiteral("select"));
        QCOMPARE(model.data(model.index(0, RunListModel::KindColumn)).toString(), QStringLiteral("selection"));
        QCOMPARE(model.data(model.index(0, RunListModel::CorpusColumn)).toString(), QStringLiteral("train"));
        QVERIFY(!model.data(model.index(0, RunListModel::ResultColumn)).toString().isEmpty());
        QCOMPARE(model.headerData(RunListModel::IdColumn, Qt::Horizontal).toString(), QStringLiteral("Run"));
        QVERIFY(!model.data(model.index(0, 0), Qt::DecorationRole).isValid());
        QVERIFY(!model.index(0, 0, model.index(0, 0)).isValid());  // a flat table

        // Replacing with more rows, then with none: the tester checks every step.
        QList<RunRow> more = *runs;
        for (int i = 2; i <= 5; ++i)
            more.append(RunRow{i, i % 2 ? dl::RunKind::Cluster : dl::RunKind::ClusterSweep,
                               QStringLiteral("2026-01-0%1").arg(i), QStringLiteral("train"), QString(), QString()});
        model.setRuns(more);
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.data(model.index(2, RunListModel::KindColumn)).toString(), QStringLiteral("clustering"));
        QCOMPARE(model.data(model.index(1, RunListModel::KindColumn)).toString(), QStringLiteral("k sweep"));
        model.setRuns({});
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(resets.count(), 3);
    }

    // Every kind of run has a Result cell; a layer sweep names the layer it chose, by which
    // criterion and that layer's score (it was empty).
    void resultCellForEveryKind_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("summary");
        QTest::addColumn<QString>("kindText");
        QTest::addColumn<QString>("result");
        const QByteArray points = R"("points": [{"layer": 8, "purity_mean": 0.874, "silhouette": 0.12},
                                                {"layer": 10, "purity_mean": 0.9134, "silhouette": 0.101}])";
        QTest::newRow("layer sweep by purity")
            << QStringLiteral("layer-sweep") << R"({"chosen_layer": 10, "chosen_by": "purity", )" + points + "}"
            << QStringLiteral("layer sweep") << QStringLiteral("layer 10 by purity (91.3 %)");
        QTest::newRow("layer sweep by silhouette")
            << QStringLiteral("layer-sweep") << R"({"chosen_layer": 8, "chosen_by": "silhouette", )" + points + "}"
            << QStringLiteral("layer sweep") << QStringLiteral("layer 8 by silhouette (0.120)");
        QTest::newRow("layer sweep, last layer, no score")
            << QStringLiteral("layer-sweep")
            << QByteArray(R"({"chosen_layer": -1, "chosen_by": "silhouette", "points": []})")
            << QStringLiteral("layer sweep") << QStringLiteral("last layer by silhouette");
        QTest::newRow("clustering") << QStringLiteral("cluster")
                                    << QByteArray(R"({"k": 3, "purity_mean": 0.9, "purity_std": 0.01})")
                                    << QStringLiteral("clustering") << QStringLiteral("purity 90.00 ± 1.00 %");
        QTest::newRow("selection") << QStringLiteral("select") << QByteArray(R"({"selected": 5, "pool_size": 40})")
                                   << QStringLiteral("selection") << QStringLiteral("5 of 40 selected");
        QTest::newRow("damaged summary") << QStringLiteral("layer-sweep") << QByteArray(R"({"chosen_layer": "ten"})")
                                         << QStringLiteral("layer sweep") << QString();
    }
    void resultCellForEveryKind() {
        QFETCH(QString, kind);
        QFETCH(QByteArray, summary);
        QFETCH(QString, kindText);
        QFETCH(QString, result);
        QTemporaryDir dir;
        const QString project = dir.filePath(QStringLiteral("p.dlproj"));
        {
            auto store = dl::Store::create(project.toStdString());
            QVERIFY(store.has_value());
            auto tx = (*store)->begin();
            QVERIFY(tx.has_value());
            QVERIFY((*store)->exec("INSERT INTO corpora(name) VALUES('pool');").has_value());
            auto run = dl::createRun(**store, dl::runKindFromString(kind.toStdString()).value(),
                                     (*store)->lastInsertId(), std::nullopt, nlohmann::json::object());
            QVERIFY2(run.has_value(), run ? "" : run.error().message.c_str());
            QVERIFY(dl::setRunSummary(**store, *run, nlohmann::json::parse(summary.toStdString())).has_value());
            QVERIFY(tx->commit().has_value());
        }
        auto runs = readRuns(project);
        QVERIFY2(runs.has_value(), runs ? "" : runs.error().message.c_str());
        RunListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRuns(*runs);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.data(model.index(0, RunListModel::KindColumn)).toString(), kindText);
        QCOMPARE(model.data(model.index(0, RunListModel::ResultColumn)).toString(), result);
    }
};

QTEST_MAIN(TestRunListModel)
#include "tst_runlistmodel.moc"
