// The outlier browser's SQL-paged model over a real project file with a stored clustering
// run: model rules (QAbstractItemModelTester), filters and sorting done in SQL, paging by key
// off the GUI thread (rows arrive later; a later filter supersedes an earlier one).
#include <QAbstractItemModelTester>
#include <QtTest>

#include "AsyncService.h"
#include "DisplayText.h"
#include "OutlierTableModel.h"
#include "TableExport.h"
#include "TestSupport.h"
#include "corpus/Import.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

class TestOutlierModel : public QObject {
    Q_OBJECT
private:
    // Waits until the snapshot for the latest request is shown.
    static bool settle(OutlierTableModel& model) {
        return QTest::qWaitFor([&] { return !model.isLoading(); }, 20000);
    }
    // Reads a cell, waiting for its page to arrive from the reader thread.
    static QVariant cell(OutlierTableModel& model, int row, int column, int role = Qt::DisplayRole) {
        model.index(row, column).data(role);  // queues the page
        if (!QTest::qWaitFor([&] { return model.rowLoaded(row); }, 20000)) return {};
        return model.index(row, column).data(role);
    }
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
        for (int i = 0; i < 600; ++i)
            law += (i % 3 == 0 ? "Article " + QByteArray::number(i) + " applies"
                               : "the court shall decide case " + QByteArray(1, char('a' + i % 26)) +
                                     QByteArray::number(i % 7 == 0)) +
                   " x" + QByteArray::number(i) + "\n";
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
        runId_ = dl::createRun(*store, dl::RunKind::Cluster, dl::findCorpus(*store, "c")->id, std::nullopt, {{"k", 2}})
                     .value();
        dl::writeRunResults(*store, runId_, r).value();
        dl::setRunSummary(*store, runId_, {{"domains", {"it", "law"}}, {"majority", {0, 1}}, {"k", 2}}).value();
        tx->commit().value();
    }

    void passesModelTester() {
        AsyncService async;
        OutlierTableModel model(async);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QString error;
        QVERIFY2(model.setRun(project_, runId_, &error), qPrintable(error));
        QVERIFY(settle(model));
        model.sort(OutlierTableModel::LengthColumn, Qt::DescendingOrder);
        model.setFilter(OutlierFilter{});
        QVERIFY(settle(model));
        for (int r = 0; r < model.rowCount(); r += 100)
            QVERIFY(cell(model, r, OutlierTableModel::SentenceColumn).isValid());
    }

    // A 20,000-character sentence or domain label (a crafted project) reached the table's
    // delegate whole, which shapes it on every repaint (review-C 6): the cells are bounded
    // (DisplayText.h), the look-up role keeps the text whole.
    void longTextsAreBoundedForDisplay() {
        QTemporaryDir tmp;
        const QString copy = tmp.filePath(QStringLiteral("long.dlproj"));
        QVERIFY(QFile::copy(project_, copy));
        const QString longText = QString(20000, QLatin1Char('x'));
        {
            auto store = dl::Store::open(copy.toStdString()).value();
            const std::string sql = "UPDATE sentences SET src = '" + longText.toStdString() + "', domain = '" +
                                    longText.toStdString() + "' WHERE id = (SELECT MIN(id) FROM sentences);";
            QVERIFY(store->exec(sql).has_value());
        }
        AsyncService async;
        OutlierTableModel model(async);
        QString error;
        QVERIFY2(model.setRun(copy, runId_, &error), qPrintable(error));
        OutlierFilter filter;
        filter.outliersOnly = false;
        filter.text = QStringLiteral("xxxxxxxxxx");
        model.setFilter(filter);
        QVERIFY(settle(model));
        QCOMPARE(model.rowCount(), 1);
        for (int column : {int(OutlierTableModel::SentenceColumn), int(OutlierTableModel::DomainColumn)}) {
            const QString shown = cell(model, 0, column).toString();
            QVERIFY2(shown.size() <= DisplayText::kDisplayChars + 1, qPrintable(QString::number(shown.size())));
            QVERIFY(shown.endsWith(QChar(0x2026)));
            QVERIFY(cell(model, 0, column, Qt::ToolTipRole).toString().size() < 2 * DisplayText::kTooltipChars);
        }
        QCOMPARE(cell(model, 0, OutlierTableModel::SentenceColumn, OutlierTableModel::SentenceTextRole).toString(),
                 longText);
    }

    void filtersInSql_data() {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<bool>("outliersOnly");
        QTest::addColumn<int>("digits");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("rows");
        QTest::newRow("all outliers") << ""
                                      << "" << true << -1 << "" << 200;  // law sentences 0,3,6,... in the it cluster
        QTest::newRow("law -> it") << "law"
                                   << "it" << true << -1 << "" << 200;
        QTest::newRow("it -> law") << "it"
                                   << "law" << true << -1 << "" << 0;
        QTest::newRow("everything") << ""
                                    << "" << false << -1 << "" << 1000;
        QTest::newRow("without digits") << ""
                                        << "" << false << 0 << "" << 0;  // every line has x<i>
        QTest::newRow("text search") << ""
                                     << "" << false << -1 << "Article" << 200;
        QTest::newRow("like metachars are literal") << ""
                                                    << "" << false << -1 << "100%" << 0;
    }
    void filtersInSql() {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(bool, outliersOnly);
        QFETCH(int, digits);
        QFETCH(QString, text);
        QFETCH(int, rows);
        AsyncService async;
        OutlierTableModel model(async);
        QVERIFY(model.setRun(project_, runId_));
        OutlierFilter f;
        f.fromDomain = from;
        f.toDomain = to;
        f.outliersOnly = outliersOnly;
        f.digits = digits;
        f.text = text;
        QSignalSpy counted(&model, &OutlierTableModel::countChanged);
        model.setFilter(f);
        QVERIFY(settle(model));
        QCOMPARE(model.rowCount(), rows);
        QCOMPARE(counted.last().at(0).toInt(), rows);
        for (int r = 0; r < model.rowCount(); r += 97) {
            if (!from.isEmpty()) QCOMPARE(cell(model, r, OutlierTableModel::DomainColumn).toString(), from);
            if (outliersOnly)
                QVERIFY(cell(model, r, OutlierTableModel::DomainColumn) !=
                        cell(model, r, OutlierTableModel::MappedColumn));
        }
    }

    void sortsAcrossPages() {
        AsyncService async;
        OutlierTableModel model(async);
        QVERIFY(model.setRun(project_, runId_));
        OutlierFilter f;
        f.outliersOnly = false;
        model.setFilter(f);
        model.sort(OutlierTableModel::ProbabilityColumn, Qt::DescendingOrder);
        QVERIFY(settle(model));
        QCOMPARE(model.rowCount(), 1000);
        QLocale::setDefault(QLocale::c());
        double previous = 2.0;
        qint64 previousId = 0;
        // Rows far apart live on different pages: order holds across them (ties by id).
        for (int r : {0, 1, 255, 256, 600, 998, 999}) {
            const double p = cell(model, r, OutlierTableModel::ProbabilityColumn).toString().toDouble();
            const qint64 id = cell(model, r, 0, OutlierTableModel::SentenceIdRole).toLongLong();
            QVERIFY(p < previous || (p == previous && id > previousId));
            previous = p;
            previousId = id;
        }
        QVERIFY(model.index(999, 0).data(OutlierTableModel::SentenceIdRole).toLongLong() > 0);
        QSignalSpy copied(&model, &OutlierTableModel::rowsTextReady);
        model.requestRowsText({0, 999});
        QVERIFY(copied.wait(20000));
        const QStringList lines = copied.at(0).at(0).toString().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[0].count(QLatin1Char('\t')), 5);
    }

    // Placeholders never block: an unread row shows "Loading…" and its page arrives later.
    void dataNeverBlocks() {
        AsyncService async;
        OutlierTableModel model(async);
        QVERIFY(model.setRun(project_, runId_));
        OutlierFilter all;
        all.outliersOnly = false;
        model.setFilter(all);
        QVERIFY(settle(model));
        QVERIFY(!model.rowLoaded(700));
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QCOMPARE(model.index(700, OutlierTableModel::SentenceColumn).data().toString(),
                 OutlierTableModel::tr("Loading…"));
        QVERIFY(changed.wait(20000));
        const auto first = changed.at(0).at(0).value<QModelIndex>(), last = changed.at(0).at(1).value<QModelIndex>();
        QVERIFY(first.row() <= 700 && last.row() >= 700);
        QVERIFY(model.rowLoaded(700));
        const QString text = model.index(700, OutlierTableModel::SentenceColumn).data().toString();
        QVERIFY2(text.contains(QRegularExpression(QStringLiteral(" x\\d+$"))),
                 qPrintable(text));  // every imported line ends in x<i>
    }

    // A later filter supersedes an earlier one: only the last snapshot is shown.
    void laterFilterWins() {
        AsyncService async;
        OutlierTableModel model(async);
        QVERIFY(model.setRun(project_, runId_));
        QSignalSpy counted(&model, &OutlierTableModel::countChanged);
        OutlierFilter all;
        all.outliersOnly = false;
        OutlierFilter it;
        it.outliersOnly = false;
        it.fromDomain = QStringLiteral("it");
        model.setFilter(all);
        model.setFilter(it);
        QVERIFY(settle(model));
        QCOMPARE(model.rowCount(), 400);
        QTest::qWait(50);  // nothing older arrives afterwards
        QCOMPARE(model.rowCount(), 400);
        for (const auto& args : counted) QCOMPARE(args.at(0).toInt(), 400);
    }

    void savesEveryRowAsCsv() {
        AsyncService async;
        OutlierTableModel model(async);
        QVERIFY(model.setRun(project_, runId_));
        QVERIFY(settle(model));
        QCOMPARE(model.rowCount(), 200);
        QSignalSpy saved(&model, &OutlierTableModel::csvSaved);
        const QString path = dir_.filePath(QStringLiteral("outliers.csv"));
        model.saveCsv(path);
        QVERIFY(saved.wait(20000));
        QCOMPARE(saved.at(0).at(1).toString(), QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto rows = TableExport::parse(QString::fromUtf8(f.readAll()));
        QCOMPARE(rows.size(), 201);  // header + every row, also those never shown
        QCOMPARE(rows[0].size(), 6);
        for (int r = 1; r < rows.size(); ++r) QVERIFY(rows[r][0].startsWith(QStringLiteral("Article")));
    }

    void refusesNonClusterRun() {
        AsyncService async;
        OutlierTableModel model(async);
        QString error;
        QVERIFY(!model.setRun(project_, 999, &error));
        QCOMPARE(error, QStringLiteral("There is no run 999 in the project."));  // errorText: in the UI language
    }
};

QTEST_MAIN(TestOutlierModel)
#include "tst_outliermodel.moc"
