// Confusion matrix model/view and the CSV helper with synthetic counts.
#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QStandardItemModel>
#include <QTableView>
#include <QtTest>

#include <random>

#include "ConfusionMatrixModel.h"
#include "ConfusionMatrixView.h"
#include "LineElidingHeaderView.h"
#include "TableExport.h"

namespace {
ConfusionData sample() {
    ConfusionData d;
    d.rowNames = {QStringLiteral("law"), QStringLiteral("medical"), QStringLiteral("it"), QStringLiteral("empty")};
    d.colNames = {QStringLiteral("c0 → law"), QString::fromUtf8("c1 → medical"), QStringLiteral("c2 → it")};
    d.counts = {{900, 50, 50}, {10, 480, 10}, {0, 25, 225}, {0, 0, 0}};
    return d;
}
}  // namespace

class TestConfusionView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void modelPassesTester() {
        ConfusionMatrixModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setConfusion(sample());
        model.setConfusion({});
        ConfusionData ragged = sample();
        ragged.counts[1].resize(1);  // short row reads as zeros, never out of bounds
        model.setConfusion(ragged);
        QCOMPARE(model.data(model.index(1, 2), ConfusionMatrixModel::CountRole).toLongLong(), qint64(0));
        model.setConfusion(sample());
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), 3);
    }

    void rowPercentagesAndTotals_data() {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("col");
        QTest::newRow("law/law") << 0 << 0;
        QTest::newRow("law/medical") << 0 << 1;
        QTest::newRow("medical/medical") << 1 << 1;
        QTest::newRow("it/law") << 2 << 0;
        QTest::newRow("empty row") << 3 << 2;
    }
    void rowPercentagesAndTotals() {
        QFETCH(int, row);
        QFETCH(int, col);
        const ConfusionData d = sample();
        ConfusionMatrixModel model;
        model.setConfusion(d);
        qint64 rowSum = 0, colSum = 0;
        for (qint64 n : d.counts[row]) rowSum += n;
        for (const auto& r : d.counts) colSum += r[col];
        const qint64 n = d.counts[row][col];
        const QModelIndex idx = model.index(row, col);
        QCOMPARE(idx.data(ConfusionMatrixModel::CountRole).toLongLong(), n);
        QCOMPARE(idx.data(Qt::EditRole).toLongLong(), n);
        QCOMPARE(idx.data(ConfusionMatrixModel::RowFractionRole).toDouble(), rowSum ? double(n) / double(rowSum) : 0.0);
        QCOMPARE(idx.data(ConfusionMatrixModel::ColumnFractionRole).toDouble(),
                 colSum ? double(n) / double(colSum) : 0.0);
        QCOMPARE(model.rowTotal(row), rowSum);
        const auto maxIt = std::max_element(d.counts[row].begin(), d.counts[row].end());
        QCOMPARE(idx.data(ConfusionMatrixModel::IsRowMaximumRole).toBool(),
                 rowSum > 0 && maxIt - d.counts[row].begin() == col);
        QVERIFY(model.headerData(row, Qt::Vertical).toString().contains(QLocale().toString(rowSum)));
    }

    // Named clusters head their column on short lines (id, words, domain); CSV keeps the name.
    void columnHeadersOnLines_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("shown");
        QTest::newRow("words and domain")
            << QString::fromUtf8("c3 patient · dose → medical") << QString::fromUtf8("c3\npatient · dose\n→ medical");
        QTest::newRow("domain only") << QString::fromUtf8("c0 → law") << QString::fromUtf8("c0\n→ law");
        QTest::newRow("words only") << QString::fromUtf8("c2 file · dialog") << QString::fromUtf8("c2\nfile · dialog");
        QTest::newRow("bare id") << QStringLiteral("c5") << QStringLiteral("c5");
    }
    void columnHeadersOnLines() {
        QFETCH(QString, name);
        QFETCH(QString, shown);
        ConfusionData d;
        d.rowNames = {QStringLiteral("law")};
        d.colNames = {name};
        d.counts = {{3}};
        ConfusionMatrixModel model;
        model.setConfusion(d);
        QCOMPARE(model.headerData(0, Qt::Horizontal, Qt::DisplayRole).toString(), shown);
        QCOMPARE(model.headerData(0, Qt::Horizontal, Qt::EditRole).toString(), name);
    }

    // A cluster column's label is three lines; each is elided on its own at the section's width,
    // keeping its start (QHeaderView clipped the joined label on both sides: "cle · regulat").
    void headerLinesElideEachOnItsOwn_data() {
        QTest::addColumn<QString>("label");
        QTest::addColumn<int>("widthInChars");
        QTest::newRow("fits") << QString::fromUtf8("c3\npatient · dose\n→ medical") << 40;
        QTest::newRow("middle line too long")
            << QString::fromUtf8("c3\narticle · regulation · commission\n→ law") << 12;
        QTest::newRow("every line too long") << QString::fromUtf8("c12345678901\nnumber · one · two\n→ subtitles") << 6;
        QTest::newRow("one line") << QStringLiteral("a rather long single line") << 8;
    }
    void headerLinesElideEachOnItsOwn() {
        QFETCH(QString, label);
        QFETCH(int, widthInChars);
        const QFontMetrics metrics(QApplication::font());
        const int width = metrics.horizontalAdvance(QLatin1Char('x')) * widthInChars;
        const QStringList in = label.split(QLatin1Char('\n'));
        const QStringList out = LineElidingHeaderView::elideEachLine(label, metrics, width).split(QLatin1Char('\n'));
        QCOMPARE(out.size(), in.size());
        for (int i = 0; i < in.size(); ++i) {
            QVERIFY2(metrics.horizontalAdvance(out[i]) <= width, qPrintable(out[i]));
            if (metrics.horizontalAdvance(in[i]) <= width) {
                QCOMPARE(out[i], in[i]);  // a line that fits is left as it is
            } else {
                QVERIFY2(out[i].endsWith(QChar(0x2026)), qPrintable(out[i]));
                QVERIFY2(in[i].startsWith(out[i].chopped(1)), qPrintable(out[i]));  // keeps its start
            }
        }
        ConfusionMatrixView view;
        QVERIFY(dynamic_cast<LineElidingHeaderView*>(view.table()->horizontalHeader()));
    }

    void clickEmitsCell() {
        ConfusionMatrixView view;
        view.resize(700, 400);
        view.setConfusion(sample());
        view.setMetricsText(QStringLiteral("Purity 0.912 · NMI 0.804 · ARI 0.771"));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy spy(&view, &ConfusionMatrixView::cellActivated);
        QTableView* table = view.table();
        const QRect r = table->visualRect(view.model()->index(2, 1));
        QVERIFY(r.isValid());
        QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::NoModifier, r.center());
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toInt(), 2);
        QCOMPARE(spy.at(0).at(1).toInt(), 1);
        QVERIFY(view.metricsText().contains(QStringLiteral("NMI")));
    }

    void csvExportRoundTrips() {
        ConfusionMatrixView view;
        const ConfusionData d = sample();
        view.setConfusion(d);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("confusion.csv"));
        QString error;
        QVERIFY2(view.saveCsv(path, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QStringList> rows = TableExport::parse(QString::fromUtf8(f.readAll()));
        QCOMPARE(rows.size(), d.rowNames.size() + 1);
        QCOMPARE(rows[0], QStringList{QString()} + d.colNames);
        for (int r = 0; r < d.rowNames.size(); ++r) {
            QCOMPARE(rows[r + 1][0], d.rowNames[r]);  // raw names, not the two-line header text
            for (int c = 0; c < d.colNames.size(); ++c) QCOMPARE(rows[r + 1][c + 1].toLongLong(), d.counts[r][c]);
        }
    }

    void csvQuoting_data() {
        QTest::addColumn<QString>("field");
        QTest::addColumn<bool>("quoted");
        QTest::newRow("plain") << "law" << false;
        QTest::newRow("comma") << "a, b" << true;
        QTest::newRow("quote") << "He said \"hi\"" << true;
        QTest::newRow("newline") << "two\nlines" << true;
        QTest::newRow("crlf") << "two\r\nlines" << true;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("spaces kept") << "  padded  " << false;
        QTest::newRow("unicode") << QString::fromUtf8("c3 → Übersetzung") << false;
        QTest::newRow("only quotes") << "\"\"" << true;
    }
    void csvQuoting() {
        QFETCH(QString, field);
        QFETCH(bool, quoted);
        const QString q = TableExport::quote(field);
        QCOMPARE(q.startsWith(QLatin1Char('"')), quoted);
        if (quoted) {
            // Inside the quotes every quote is doubled (RFC 4180, 2.7).
            const QString inner = q.mid(1, q.size() - 2);
            QCOMPARE(inner.count(QLatin1Char('"')), field.count(QLatin1Char('"')) * 2);
        }
        // Round trip through a model: the field survives in every position of a row.
        QStandardItemModel model(2, 3);
        model.setHorizontalHeaderLabels({field, QStringLiteral("x"), field});
        for (int r = 0; r < 2; ++r)
            for (int c = 0; c < 3; ++c) model.setItem(r, c, new QStandardItem(c == 1 ? QString::number(r) : field));
        const QString csv = TableExport::toCsv(model);
        QVERIFY(csv.endsWith(QLatin1String("\r\n")));
        const QList<QStringList> rows = TableExport::parse(csv);
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows[0], (QStringList{field, QStringLiteral("x"), field}));
        QCOMPARE(rows[2], (QStringList{field, QStringLiteral("1"), field}));
    }

    void savesImage_data() {
        QTest::addColumn<QString>("suffix");
        QTest::newRow("png") << "png";
        QTest::newRow("svg") << "svg";
        QTest::newRow("pdf") << "pdf";
    }
    void savesImage() {
        QFETCH(QString, suffix);
        ConfusionMatrixView view;
        view.resize(700, 400);
        view.setConfusion(sample());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.") + suffix);
        QString error;
        QVERIFY2(view.saveImage(path, &error), qPrintable(error));
        QVERIFY(QFileInfo(path).size() > 500);
    }
};

QTEST_MAIN(TestConfusionView)
#include "tst_confusionview.moc"
