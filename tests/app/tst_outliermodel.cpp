// The outlier browser's SQL-paged model over a real project file with a stored clustering
// run: model rules (QAbstractItemModelTester), filters and sorting done in SQL, paging.
#include <QAbstractItemModelTester>
#include <QtTest>

#include "OutlierTableModel.h"
#include "TestSupport.h"
#include "corpus/Import.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

class TestOutlierModel : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString project_;
    qint64 runId_ = 0;

private slots:
    void initTestCase() {
        project_ = dir_.filePath(QStringLiteral("o.dlproj"));
        auto store = dl::Store::create(project_.toStdString()).value();
        dl::NullProgress np;
        dl::CancelToken ct;
        // 600 "law" sentences and 400 "it" sentences; the digit-bearing law ones land in the it cluster.
        QByteArray law, it;
        for (int i = 0; i < 600; ++i) law += (i % 3 == 0 ? "Article " + QByteArray::number(i) + " applies" : "the court shall decide case " + QByteArray(1, char('a' + i % 26)) + QByteArray::number(i % 7 == 0)) + " x" + QByteArray::number(i) + "\n";
        for (int i = 0; i < 400; ++i) it += "click the button number " + QByteArray::number(i) + "\n";
        for (auto [name, text] : {std::pair{QStringLiteral("law.en"), law}, std::pair{QStringLiteral("it.en"), it}}) {
            dl::ImportParams p;
            p.srcPath = dltest::writeFile(dir_, name, text);
            p.labelSource = dl::LabelSource::FromFilename;
            p.corpus = "c";
            dl::runImport(p, *store, np, ct).value();
        }
        auto labels = dl::corpusLabels(*store, dl::findCorpus(*store, "c")->id).value();  // domains sorted: it=0, law=1
        dl::RunResults r;
        r.sentenceIds = labels.sentenceIds;
        for (std::size_t i = 0; i < labels.sentenceIds.size(); ++i) {
            const bool isLaw = labels.domainIndex[i] == 1;
            const bool digitLaw = isLaw && i % 3 == 0;
            r.label.push_back(isLaw && !digitLaw ? 1 : 0);  // cluster 0 -> it, cluster 1 -> law
            r.prob.push_back(0.5 + double(i % 50) / 100.0);
        }
        auto tx = store->begin();
        runId_ = dl::createRun(*store, "cluster", dl::findCorpus(*store, "c")->id, std::nullopt, {{"k", 2}}).value();
        dl::writeRunResults(*store, runId_, r).value();
        dl::setRunSummary(*store, runId_, {{"domains", {"it", "law"}}, {"majority", {0, 1}}}).value();
        tx->commit().value();
    }

    void passesModelTester() {
        OutlierTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QString error;
        QVERIFY2(model.setRun(project_, runId_, &error), qPrintable(error));
        model.sort(OutlierTableModel::LengthColumn, Qt::DescendingOrder);
        model.setFilter(OutlierFilter{});
    }

    void filtersInSql_data() {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<bool>("outliersOnly");
        QTest::addColumn<int>("digits");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("rows");
        QTest::newRow("all outliers") << "" << "" << true << -1 << "" << 200;          // law sentences 0,3,6,... in the it cluster
        QTest::newRow("law -> it") << "law" << "it" << true << -1 << "" << 200;
        QTest::newRow("it -> law") << "it" << "law" << true << -1 << "" << 0;
        QTest::newRow("everything") << "" << "" << false << -1 << "" << 1000;
        QTest::newRow("without digits") << "" << "" << false << 0 << "" << 0;          // every line has x<i>
        QTest::newRow("text search") << "" << "" << false << -1 << "Article" << 200;
        QTest::newRow("like metachars are literal") << "" << "" << false << -1 << "100%" << 0;
    }
    void filtersInSql() {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(bool, outliersOnly);
        QFETCH(int, digits);
        QFETCH(QString, text);
        QFETCH(int, rows);
        OutlierTableModel model;
        QVERIFY(model.setRun(project_, runId_));
        OutlierFilter f;
        f.fromDomain = from;
        f.toDomain = to;
        f.outliersOnly = outliersOnly;
        f.digits = digits;
        f.text = text;
        model.setFilter(f);
        QCOMPARE(model.rowCount(), rows);
        for (int r = 0; r < model.rowCount(); r += 97) {
            if (!from.isEmpty()) QCOMPARE(model.index(r, OutlierTableModel::DomainColumn).data().toString(), from);
            if (outliersOnly)
                QVERIFY(model.index(r, OutlierTableModel::DomainColumn).data() != model.index(r, OutlierTableModel::MappedColumn).data());
        }
    }

    void sortsAcrossPages() {
        OutlierTableModel model;
        QVERIFY(model.setRun(project_, runId_));
        OutlierFilter f;
        f.outliersOnly = false;
        model.setFilter(f);
        model.sort(OutlierTableModel::ProbabilityColumn, Qt::DescendingOrder);
        QLocale::setDefault(QLocale::c());
        double previous = 2.0;
        // Rows far apart live on different pages: order holds across them.
        for (int r : {0, 1, 255, 256, 600, 999}) {
            const double p = model.index(r, OutlierTableModel::ProbabilityColumn).data().toString().toDouble();
            QVERIFY(p <= previous);
            previous = p;
        }
        QVERIFY(model.index(999, 0).data(OutlierTableModel::SentenceIdRole).toLongLong() > 0);
        QCOMPARE(model.rowsAsText({0}).count(QLatin1Char('\t')), 5);
    }

    void refusesNonClusterRun() {
        OutlierTableModel model;
        QString error;
        QVERIFY(!model.setRun(project_, 999, &error));
        QVERIFY(error.contains(QStringLiteral("No run 999")));
    }
};

QTEST_MAIN(TestOutlierModel)
#include "tst_outliermodel.moc"
