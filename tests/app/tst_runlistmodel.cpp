// RunListModel under QAbstractItemModelTester (structure, roles, resets), fed by readRuns()
// from a real project (the committed schema-1 fixture, migrated on open).
#include <QAbstractItemModelTester>
#include <QtTest>

#include "RunListModel.h"
#include "TestSupport.h"

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
        for (int i = 2; i <= 5; ++i) more.append(RunRow{i, i % 2 ? QStringLiteral("cluster") : QStringLiteral("cluster-sweep"),
                                                        QStringLiteral("2026-01-0%1").arg(i), QStringLiteral("train"), QString(), QString()});
        model.setRuns(more);
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.data(model.index(2, RunListModel::KindColumn)).toString(), QStringLiteral("clustering"));
        QCOMPARE(model.data(model.index(1, RunListModel::KindColumn)).toString(), QStringLiteral("k sweep"));
        model.setRuns({});
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(resets.count(), 3);
    }
};

QTEST_MAIN(TestRunListModel)
#include "tst_runlistmodel.moc"
