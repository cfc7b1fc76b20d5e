// The Search tab's widgets with synthetic data: the hit list model (QAbstractItemModelTester,
// cosines shown and exported raw, matches without a cosine, CSV through TableExport) and the
// search marks on a scatter (every mark drawn, outside the legend, cleared).
#include <QAbstractItemModelTester>
#include <QtTest>

#include <qcustomplot.h>

#include "ScatterMarks.h"
#include "ScatterPlotView.h"
#include "SearchHitModel.h"
#include "TableExport.h"

class TestSearchViews : public QObject {
    Q_OBJECT
private slots:
    void hitModel_data() {
        QTest::addColumn<bool>("neighbours");
        QTest::addColumn<int>("count");
        QTest::addColumn<qint64>("total");
        QTest::newRow("neighbours") << true << 5 << qint64(5);
        QTest::newRow("matches, cut") << false << 3 << qint64(1200);
        QTest::newRow("nothing found") << false << 0 << qint64(0);
    }
    void hitModel() {
        QFETCH(bool, neighbours);
        QFETCH(int, count);
        QFETCH(qint64, total);
        SearchHitModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QVector<SearchHit> hits;
        for (int i = 0; i < count; ++i) {
            SearchHit h;
            h.sentenceId = 100 + i;
            if (neighbours) h.cosine = 1.0 - 0.125 * i;
            h.domain = i % 2 ? QStringLiteral("law") : QStringLiteral("it");
            h.text = QStringLiteral("Sentence, \"%1\"").arg(i);
            h.onMap = i != 1;
            hits.append(h);
        }
        model.setHits(hits, total);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), count);
        QCOMPARE(model.total(), total);
        for (int i = 0; i < count; ++i) {
            QCOMPARE(model.index(i, SearchHitModel::RankColumn).data().toInt(), i + 1);
            QCOMPARE(model.index(i, 0).data(SearchHitModel::SentenceIdRole).toLongLong(), qint64(100 + i));
            const QVariant cos = model.index(i, SearchHitModel::CosineColumn).data(Qt::EditRole);
            QCOMPARE(cos.isValid(), neighbours);
            if (neighbours) QCOMPARE(cos.toDouble(), 1.0 - 0.125 * i);
            QCOMPARE(model.index(i, SearchHitModel::TextColumn).data(SearchHitModel::TextRole).toString(),
                     hits[i].text);
            QCOMPARE(
                model.index(i, SearchHitModel::TextColumn).data(Qt::ToolTipRole).toString().contains(QLatin1Char('\n')),
                i == 1);
        }
        // CSV: a header, one row per hit, texts quoted, raw cosines.
        const auto rows = TableExport::parse(TableExport::toCsv(model));
        QCOMPARE(rows.size(), count + 1);
        for (int i = 0; i < count; ++i) {
            QCOMPARE(rows[i + 1][SearchHitModel::TextColumn], hits[i].text);
            QCOMPARE(rows[i + 1][SearchHitModel::CosineColumn],
                     neighbours ? QString::number(1.0 - 0.125 * i) : QString());
        }
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void marksOnTheMap_data() {
        QTest::addColumn<int>("neighbours");
        QTest::addColumn<int>("matches");
        QTest::newRow("a sentence and its neighbours") << 20 << 0;
        QTest::newRow("many full-text matches") << 0 << 50000;
    }
    void marksOnTheMap() {
        QFETCH(int, neighbours);
        QFETCH(int, matches);
        ScatterPlotView view;
        view.resize(600, 400);
        ScatterData data;
        for (int i = 0; i < 1000; ++i) {
            data.x.append(i % 37);
            data.y.append(i % 41);
            data.category.append(i % 3);
        }
        data.categoryNames = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
        view.setData(data);
        const int legendBefore = view.plot()->legend->itemCount();
        ScatterMarks marks(view.plot());
        QVector<QPointF> n, m;
        for (int i = 0; i < neighbours; ++i) n.append(QPointF(i, 40 - i));  // descending x: sorted for QCPGraph
        for (int i = 0; i < matches; ++i) m.append(QPointF(i % 37, (i * 7) % 41));
        marks.setQueries({QPointF(3, 4)});
        marks.setNeighbours(n);
        marks.setMatches(m);
        QCOMPARE(marks.queryCount(), 1);
        QCOMPARE(marks.neighbourCount(), neighbours);
        QCOMPARE(marks.matchCount(), matches);
        QCOMPARE(view.plot()->legend->itemCount(), legendBefore);
        view.replotNow();
        QImage before = view.plot()->toPixmap(600, 400).toImage();
        marks.clear();
        QCOMPARE(marks.queryCount() + marks.neighbourCount() + marks.matchCount(), 0);
        view.replotNow();
        QVERIFY(view.plot()->toPixmap(600, 400).toImage() != before);  // the marks were drawn
    }
};

QTEST_MAIN(TestSearchViews)
#include "tst_searchviews.moc"
