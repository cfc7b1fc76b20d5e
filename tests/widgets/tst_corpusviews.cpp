// Corpus overview model, jobs panel and import dialog with synthetic data (no project), and the
// bound on the texts the item models hand a view.
#include <QAbstractItemModelTester>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QtTest>

#include "BoundaryModel.h"
#include "CorpusOverlapModel.h"
#include "CorpusTreeModel.h"
#include "ImportDialog.h"
#include "JobsPanel.h"
#include "ParamFields.h"
#include "SearchHitModel.h"
#include "TestSupport.h"

class TestCorpusViews : public QObject {
    Q_OBJECT
private:
    static QList<CorpusSummary> sample() {
        CorpusSummary a{QStringLiteral("test"),
                        QStringLiteral("en"),
                        QStringLiteral("de"),
                        1000,
                        true,
                        1000,
                        {{QStringLiteral("it"), 250}, {QStringLiteral("law"), 750}}};
        CorpusSummary b{QStringLiteral("pool"), QStringLiteral("en"), QString(), 3, false, 0, {{QString(), 3}}};
        return {a, b};
    }

    static QVector<CorpusOverlapRow> overlapSample() {
        return {{QStringLiteral("train"), QStringLiteral("dev"), QStringLiteral("train"), QStringLiteral("dev"), 5000,
                 2000, 1210, 1090, 1000, true},
                {QStringLiteral("train"), QStringLiteral("web"), QStringLiteral("train"), QStringLiteral("train"), 5000,
                 400, 0, 0, 0, false},
                {QStringLiteral("test"), QStringLiteral("web"), QStringLiteral("test"), QStringLiteral("train"), 0, 400,
                 0, 0, 0, true}};
    }

private slots:
    void overlapModelPassesTester() {
        CorpusOverlapModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(overlapSample());
        model.setRows({});
        model.setRows(overlapSample());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(CorpusOverlapModel::ColumnCount));
    }

    // Under the corpus tree the overlap table says why it is empty (issue #25 item 4): no corpus,
    // or a single corpus (no pair); with two or more corpora there is a pair and no message.
    void overlapEmptyTextSaysWhy_data() {
        QTest::addColumn<int>("corpora");
        QTest::addColumn<QString>("contains");
        QTest::newRow("none") << 0 << "No corpus yet";
        QTest::newRow("single") << 1 << "single corpus";
        QTest::newRow("a pair") << 2 << "";
        QTest::newRow("three") << 3 << "";
    }
    void overlapEmptyTextSaysWhy() {
        QFETCH(int, corpora);
        QFETCH(QString, contains);
        const QString text = CorpusOverlapModel::emptyText(corpora);
        if (contains.isEmpty()) QVERIFY(text.isEmpty());
        else QVERIFY2(text.contains(contains), qPrintable(text));
    }

    void overlapModelShowsCounts_data() {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("shown");
        QTest::addColumn<QVariant>("raw");
        QTest::newRow("train name") << 0 << int(CorpusOverlapModel::CorpusA) << "train"
                                    << QVariant(QStringLiteral("train"));
        QTest::newRow("dev role shown") << 0 << int(CorpusOverlapModel::CorpusB) << "dev (dev)"
                                        << QVariant(QStringLiteral("dev"));
        QTest::newRow("dev in train") << 0 << int(CorpusOverlapModel::BInA) << QLocale::c().toString(qint64(1090))
                                      << QVariant(qint64(1090));
        QTest::newRow("share of dev") << 0 << int(CorpusOverlapModel::BShare) << "54.50%" << QVariant(0.545);
        QTest::newRow("share of train") << 0 << int(CorpusOverlapModel::AShare) << "24.20%" << QVariant(0.242);
        QTest::newRow("distinct") << 0 << int(CorpusOverlapModel::Distinct) << QLocale::c().toString(qint64(1000))
                                  << QVariant(qint64(1000));
        QTest::newRow("leak flagged") << 0 << int(CorpusOverlapModel::Flag) << "train vs dev/test: overlap"
                                      << QVariant(true);
        QTest::newRow("train pair unflagged") << 1 << int(CorpusOverlapModel::Flag) << "" << QVariant(false);
        QTest::newRow("clean held-out pair")
            << 2 << int(CorpusOverlapModel::Flag) << "train vs dev/test: clean" << QVariant(true);
        QTest::newRow("empty side: 0%") << 2 << int(CorpusOverlapModel::AShare) << "0.00%" << QVariant(0.0);
    }
    void overlapModelShowsCounts() {
        QFETCH(int, row);
        QFETCH(int, column);
        QFETCH(QString, shown);
        QFETCH(QVariant, raw);
        QLocale::setDefault(QLocale::c());
        CorpusOverlapModel model;
        model.setRows(overlapSample());
        const auto idx = model.index(row, column);
        QCOMPARE(model.data(idx).toString(), shown);
        if (raw.typeId() == QMetaType::Double)
            QVERIFY(qAbs(model.data(idx, Qt::EditRole).toDouble() - raw.toDouble()) < 1e-12);
        else QCOMPARE(model.data(idx, Qt::EditRole), raw);
        // Only a train vs dev/test pair that overlaps is drawn in the warning colour.
        QCOMPARE(model.data(idx, Qt::ForegroundRole).isValid(), row == 0);
    }

    void modelPassesTester() {
        CorpusTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCorpora(sample());
        model.setCorpora({});
        model.setCorpora(sample());
        QCOMPARE(model.rowCount(), 2);
    }

    void modelShowsCountsAndShares_data() {
        QTest::addColumn<int>("corpus");
        QTest::addColumn<int>("domain");  // -1 = the corpus row
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("expected");
        QTest::newRow("corpus name") << 0 << -1 << int(CorpusTreeModel::NameColumn) << "test";
        QTest::newRow("languages") << 0 << -1 << int(CorpusTreeModel::LanguagesColumn) << QString::fromUtf8("en → de");
        QTest::newRow("monolingual") << 1 << -1 << int(CorpusTreeModel::LanguagesColumn) << "en";
        QTest::newRow("domain share") << 0 << 1 << int(CorpusTreeModel::ShareColumn) << "75.0%";
        QTest::newRow("unlabelled") << 1 << 0 << int(CorpusTreeModel::NameColumn) << "(unlabelled)";
        QTest::newRow("not encoded") << 1 << -1 << int(CorpusTreeModel::EncodedColumn) << "not encoded";
    }
    void modelShowsCountsAndShares() {
        QFETCH(int, corpus);
        QFETCH(int, domain);
        QFETCH(int, column);
        QFETCH(QString, expected);
        QLocale::setDefault(QLocale::c());
        CorpusTreeModel model;
        model.setCorpora(sample());
        QModelIndex idx = model.index(corpus, column);
        if (domain >= 0) idx = model.index(domain, column, model.index(corpus, 0));
        QCOMPARE(idx.data().toString(), expected);
        QCOMPARE(idx.data(CorpusTreeModel::CorpusNameRole).toString(), sample()[corpus].name);
    }

    // A 10 MB domain label (or corpus name, or sentence) is handed to a view cut to 1,000
    // characters and "…": the style shapes the whole string to elide it on every repaint, which
    // kept the GUI thread busy ~16 s. The tooltip is bounded too; the models' own roles
    // (lookups, CSV export) keep the full text.
    void longTextsAreBoundedForDisplay_data() {
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("text");
        const QString big(10'000'000, QLatin1Char('x'));
        QString pairs(999, QLatin1Char('y'));
        while (pairs.size() < 3000) pairs += QString::fromUtf8("\xF0\x9F\x98\x80");  // U+1F600, a surrogate pair
        for (const char* where :
             {"domain label", "corpus name", "search hit text", "search hit domain", "boundary text"})
            QTest::newRow(qPrintable(QStringLiteral("10 MB %1").arg(QLatin1String(where))))
                << QString::fromLatin1(where) << big;
        QTest::newRow("pair at the bound") << "domain label" << pairs;
        QTest::newRow("1000 characters") << "domain label" << QString(1000, QLatin1Char('z'));
        QTest::newRow("short") << "search hit text" << QStringLiteral("a short sentence");
    }
    void longTextsAreBoundedForDisplay() {
        QFETCH(QString, where);
        QFETCH(QString, text);
        const qsizetype bound = 1000;
        CorpusTreeModel tree;
        SearchHitModel hits;
        BoundaryModel boundary;
        QModelIndex idx;
        int fullRole = Qt::EditRole;
        if (where == QLatin1String("domain label") || where == QLatin1String("corpus name")) {
            QList<CorpusSummary> corpora = sample();
            if (where == QLatin1String("corpus name")) corpora[0].name = text;
            else corpora[0].domains[0].name = text;
            tree.setCorpora(corpora);
            idx = tree.index(0, CorpusTreeModel::NameColumn);
            fullRole = CorpusTreeModel::CorpusNameRole;
            if (where == QLatin1String("domain label")) {
                idx = tree.index(0, CorpusTreeModel::NameColumn, idx);
                fullRole = CorpusTreeModel::DomainNameRole;
            }
        } else if (where.startsWith(QLatin1String("search hit"))) {
            SearchHit h;
            h.sentenceId = 1;
            h.cosine = 0.5;
            h.onMap = true;
            (where.endsWith(QLatin1String("domain")) ? h.domain : h.text) = text;
            hits.setHits({h}, 1);
            idx = hits.index(
                0, where.endsWith(QLatin1String("domain")) ? SearchHitModel::DomainColumn : SearchHitModel::TextColumn);
        } else {
            boundary.setRows({BoundaryRow{1, 0.5, text, false}});
            idx = boundary.index(0, BoundaryModel::TextColumn);
        }
        QVERIFY(idx.isValid());
        const QString shown = idx.data(Qt::DisplayRole).toString();
        if (text.size() <= bound) {
            QCOMPARE(shown, text);
        } else {
            QVERIFY2(shown.size() <= bound + 1, qPrintable(QString::number(shown.size())));
            QVERIFY(shown.endsWith(QChar(0x2026)));
            QVERIFY(text.startsWith(shown.chopped(1)));
            QVERIFY2(!shown.chopped(1).back().isHighSurrogate(), "half a surrogate pair before the ellipsis");
        }
        const QString tip = idx.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.size() <= 2 * bound + 100, qPrintable(QString::number(tip.size())));
        QCOMPARE(idx.data(fullRole).toString().size(), text.size());
    }

    void jobsPanelFollowsAJob() {
        JobsPanel panel;
        QSignalSpy cancel(&panel, &JobsPanel::cancelRequested);
        QVERIFY(!panel.cancelEnabled());
        panel.onJobStarted(1, QStringLiteral("Import medical.en"));
        QCOMPARE(panel.currentTitle(), QStringLiteral("Import medical.en"));
        QVERIFY(panel.cancelEnabled());
        panel.onJobProgress(1, 50, 100);
        auto* bar = panel.findChild<QProgressBar*>();
        QCOMPARE(bar->value(), 500);
        auto* button = panel.findChild<QPushButton*>();
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(cancel.count(), 1);
        QVERIFY(!panel.cancelEnabled());
        panel.onJobFinished(1, JobOutcomeKind::Cancelled, QString());
        QVERIFY(panel.currentTitle().isEmpty());
    }

    void importDialogPairsSiblingFiles() {
        QTemporaryDir dir;
        dltest::writeFile(dir, QStringLiteral("medical.en"), "Take one tablet.\n");
        dltest::writeFile(dir, QStringLiteral("medical.de"), "Nehmen Sie eine Tablette.\n");
        ImportDialog dialog(importParamFields());
        dialog.setSourceFile(dir.filePath(QStringLiteral("medical.en")));
        const auto r = dialog.request().values;
        QCOMPARE(r.value(QStringLiteral("tgt")).toString(), dir.filePath(QStringLiteral("medical.de")));
        QCOMPARE(r.value(QStringLiteral("domain-from-filename")).toBool(), true);  // the label from the file name
        QVERIFY(!r.contains(QStringLiteral("domain")) && !r.value(QStringLiteral("domain-from-column")).toBool());
        QVERIFY(!r.value(QStringLiteral("keep-duplicates")).toBool());  // duplicates dropped
        QCOMPARE(ImportDialog::previewLines(r.value(QStringLiteral("src")).toString(), 5),
                 QStringList{QStringLiteral("Take one tablet.")});
    }
};

QTEST_MAIN(TestCorpusViews)
#include "tst_corpusviews.moc"
