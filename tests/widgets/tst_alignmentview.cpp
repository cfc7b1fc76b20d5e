// The cross-lingual alignment view with synthetic pairs: both panels drawn (every point), a
// pair joined in both panels on hover (QSignalSpy on pairHovered, mouse moved onto a point),
// its sentences shown, nothing joined away from the points, saved as PNG/SVG/PDF.
#include <QtTest>

#include <qcustomplot.h>

#include "AlignmentView.h"

namespace {
AlignmentData pairs(int n) {
    AlignmentData d;
    d.title = QStringLiteral("synthetic");
    d.languageA = QStringLiteral("en");
    d.languageB = QStringLiteral("de");
    for (int i = 0; i < n; ++i) {
        d.beforeA.append(QPointF(i, 0));
        d.beforeB.append(QPointF(i, 10));  // far apart before
        d.afterA.append(QPointF(i, 5));
        d.afterB.append(QPointF(i + 0.2, 5.2));  // close after
        d.textsA.append(QStringLiteral("sentence %1").arg(i));
        d.textsB.append(QStringLiteral("Satz %1").arg(i));
    }
    return d;
}
}  // namespace

class TestAlignmentView : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
private slots:
    void hoverJoinsThePair_data() {
        QTest::addColumn<bool>("inBefore");
        QTest::addColumn<bool>("sideB");
        QTest::addColumn<int>("pair");
        QTest::newRow("before, language A") << true << false << 3;
        QTest::newRow("after, language B") << false << true << 7;
    }
    void hoverJoinsThePair() {
        QFETCH(bool, inBefore);
        QFETCH(bool, sideB);
        QFETCH(int, pair);
        AlignmentView view;
        view.resize(1000, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setData(pairs(10));
        QCOMPARE(view.beforePlot()->graph(0)->dataCount(), 10);
        QCOMPARE(view.afterPlot()->graph(1)->dataCount(), 10);
        QCustomPlot* plot = inBefore ? view.beforePlot() : view.afterPlot();
        plot->replot();
        const auto& points = inBefore ? (sideB ? view.data().beforeB : view.data().beforeA)
                                      : (sideB ? view.data().afterB : view.data().afterA);
        const QPoint at(int(plot->xAxis->coordToPixel(points[pair].x())),
                        int(plot->yAxis->coordToPixel(points[pair].y())));
        QSignalSpy hovered(&view, &AlignmentView::pairHovered);
        QTest::mouseMove(plot, at);
        QTRY_COMPARE(hovered.count(), 1);
        QCOMPARE(hovered.first().first().toInt(), pair);
        QCOMPARE(view.highlightedPair(), pair);
        // The joining line in BOTH panels goes from the pair's A point to its B point.
        for (auto* p : {view.beforePlot(), view.afterPlot()}) {
            QCPItemLine* line = nullptr;
            for (int i = 0; i < p->itemCount(); ++i)
                if (auto* l = qobject_cast<QCPItemLine*>(p->item(i))) line = l;
            QVERIFY(line && line->visible());
            const bool b = p == view.beforePlot();
            QCOMPARE(line->start->coords(), (b ? view.data().beforeA : view.data().afterA)[pair]);
            QCOMPARE(line->end->coords(), (b ? view.data().beforeB : view.data().afterB)[pair]);
        }
        view.highlightPair(-1);
        QCOMPARE(view.highlightedPair(), -1);
        for (const char* suffix : {"png", "svg", "pdf"}) {
            const QString path = tmp_.filePath(QStringLiteral("alignment.%1").arg(QLatin1String(suffix)));
            QString error;
            QVERIFY2(view.save(path, &error), qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
    }

    void messageClearsThePanels() {
        AlignmentView view;
        // No legend of unnamed graphs ("Graph 1", "Graph 2") before a run names the languages.
        QVERIFY(!view.beforePlot()->legend->visible());
        view.setData(pairs(4));
        QVERIFY(view.beforePlot()->legend->visible());
        QCOMPARE(view.beforePlot()->graph(0)->name(), QStringLiteral("en"));
        view.setMessage(QStringLiteral("not a cross-lingual run"));
        QVERIFY(!view.beforePlot()->legend->visible());
        QCOMPARE(view.beforePlot()->graph(0)->dataCount(), 0);
        QCOMPARE(view.highlightedPair(), -1);
        view.highlightPair(2);  // no data: nothing to join
        QCOMPARE(view.highlightedPair(), -1);
    }
};

QTEST_MAIN(TestAlignmentView)
#include "tst_alignmentview.moc"
