// Threshold ↔ top-k sync of the score histogram (QSignalSpy), the ranking it relies on
// against brute force, and precision/recall/F1 against counts done by hand.
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSpinBox>
#include <QtTest>

#include <qcustomplot.h>

#include <algorithm>
#include <random>

#include "ScoreHistogramView.h"
#include "ScoreRanking.h"

namespace {
QVector<double> randomScores(int n, unsigned seed, bool withTies) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> g(0.3, 0.2);
    QVector<double> s;
    for (int i = 0; i < n; ++i) {
        double v = g(rng);
        if (withTies) v = std::round(v * 20) / 20;  // many equal scores
        s.append(v);
    }
    return s;
}

qint64 bruteCount(const QVector<double>& s, double t, bool higher) {
    return std::count_if(s.begin(), s.end(), [&](double v) { return higher ? v >= t : v <= t; });
}

double bruteKth(QVector<double> s, qint64 k, bool higher) {
    std::sort(s.begin(), s.end(), [&](double a, double b) { return higher ? a > b : a < b; });
    return s[k - 1];
}
}  // namespace

class TestScoreHistogram : public QObject {
    Q_OBJECT
private slots:
    void rankingMatchesBruteForce_data() {
        QTest::addColumn<bool>("higherIsBetter");
        QTest::addColumn<bool>("ties");
        QTest::newRow("higher, distinct") << true << false;
        QTest::newRow("higher, ties") << true << true;
        QTest::newRow("lower, distinct") << false << false;
        QTest::newRow("lower, ties") << false << true;
    }
    void rankingMatchesBruteForce() {
        QFETCH(bool, higherIsBetter);
        QFETCH(bool, ties);
        const QVector<double> s = randomScores(5000, 5, ties);
        ScoreRanking r;
        r.setScores(s, higherIsBetter);
        std::mt19937 rng(9);
        std::uniform_real_distribution<double> u(-0.5, 1.1);
        for (int i = 0; i < 50; ++i) {
            const double t = u(rng);
            QCOMPARE(r.countAtThreshold(t), bruteCount(s, t, higherIsBetter));
        }
        for (qint64 k : {qint64(1), qint64(17), qint64(2500), qint64(4999), qint64(5000)}) {
            const double t = r.thresholdForTopK(k);
            QCOMPARE(t, bruteKth(s, k, higherIsBetter));
            // The k-th score selects at least k (more only with ties).
            QVERIFY(r.countAtThreshold(t) >= k);
            if (!ties) QCOMPARE(r.countAtThreshold(t), k);
        }
        QCOMPARE(r.countAtThreshold(r.thresholdForTopK(0)), qint64(0));
        QCOMPARE(r.topIndices(3).size(), 3);
        QCOMPARE(s[r.topIndices(1).first()], bruteKth(s, 1, higherIsBetter));
    }

    void precisionRecallByHand() {
        // Scores 10..1, relevant = {10, 9, 7, 4}: top 3 = {10, 9, 8} → 2 relevant of 3, of 4.
        const QVector<double> s{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        QVector<bool> rel(10, false);
        for (int v : {10, 9, 7, 4}) rel[v - 1] = true;
        ScoreRanking r;
        r.setScores(s);
        r.setLabels(rel);
        for (qint64 k = 1; k <= 10; ++k) {
            int hits = 0;
            for (int v = 10; v > 10 - k; --v) hits += rel[v - 1];
            const auto st = r.statsForTopK(k);
            QCOMPARE(st.relevantSelected, qint64(hits));
            QCOMPARE(st.precision, double(hits) / double(k));
            QCOMPARE(st.recall, double(hits) / 4.0);
            const double f1 = hits ? 2.0 * hits / (k + 4.0) : 0.0;  // 2PR/(P+R) = 2·hits/(k + relevant)
            QVERIFY(std::abs(st.f1 - f1) < 1e-12);
        }
        QCOMPARE(r.prCurve(10).size(), 10);
        QCOMPARE(r.prCurve(10).last(), QPointF(1.0, 0.4));
        // Borderline around k = 3: last in (8), first out (7), then 9, 6, …
        const QVector<qint64> b = r.borderline(3, 4);
        QCOMPARE(b, (QVector<qint64>{7, 6, 8, 5}));  // original indices of scores 8, 7, 9, 6
    }

    void setThresholdUpdatesTopK() {
        const QVector<double> s = randomScores(20000, 1, false);
        ScoreHistogramView view;
        view.setScores(s);
        QSignalSpy tSpy(&view, &ScoreHistogramView::thresholdChanged);
        QSignalSpy kSpy(&view, &ScoreHistogramView::topKChanged);
        view.setThreshold(0.45);
        QCOMPARE(tSpy.count(), 1);
        QCOMPARE(tSpy.at(0).at(0).toDouble(), 0.45);
        QCOMPARE(kSpy.count(), 1);
        const qint64 expected = bruteCount(s, 0.45, true);
        QCOMPARE(kSpy.at(0).at(0).toLongLong(), expected);
        QCOMPARE(view.topK(), expected);
        QCOMPARE(view.findChild<QSpinBox*>()->value(), int(expected));
        // Same threshold again: nothing changes, nothing is emitted (no feedback loop).
        view.setThreshold(0.45);
        QCOMPARE(tSpy.count(), 1);
        QCOMPARE(kSpy.count(), 1);
    }

    void setTopKUpdatesThreshold_data() {
        QTest::addColumn<bool>("higherIsBetter");
        QTest::newRow("higher is better") << true;
        QTest::newRow("lower is better") << false;
    }
    void setTopKUpdatesThreshold() {
        QFETCH(bool, higherIsBetter);
        const QVector<double> s = randomScores(10000, 2, false);
        ScoreHistogramView view;
        view.setScores(s, higherIsBetter);
        QSignalSpy tSpy(&view, &ScoreHistogramView::thresholdChanged);
        QSignalSpy kSpy(&view, &ScoreHistogramView::topKChanged);
        // Through the spin box, as a user would.
        view.findChild<QSpinBox*>()->setValue(1234);
        QCOMPARE(kSpy.count(), 1);
        QCOMPARE(kSpy.at(0).at(0).toLongLong(), qint64(1234));
        QCOMPARE(tSpy.count(), 1);
        QCOMPARE(tSpy.at(0).at(0).toDouble(), bruteKth(s, 1234, higherIsBetter));
        QCOMPARE(bruteCount(s, view.threshold(), higherIsBetter), qint64(1234));
        view.setTopK(0);
        QCOMPARE(bruteCount(s, view.threshold(), higherIsBetter), qint64(0));
        view.setTopK(99999999);  // clamped to all
        QCOMPARE(view.topK(), qint64(s.size()));
    }

    void draggingTheLineUpdatesTopK() {
        const QVector<double> s = randomScores(20000, 3, false);
        ScoreHistogramView view;
        view.resize(900, 400);
        view.setScores(s);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCustomPlot* plot = view.histogramPlot();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        QSignalSpy tSpy(&view, &ScoreHistogramView::thresholdChanged);
        QSignalSpy kSpy(&view, &ScoreHistogramView::topKChanged);
        const double y = plot->axisRect()->center().y();
        auto send = [&](QEvent::Type type, double x, Qt::MouseButtons buttons) {
            const QPointF pos(x, y);
            QMouseEvent ev(type, pos, plot->mapToGlobal(pos), Qt::LeftButton, buttons, Qt::NoModifier);
            QCoreApplication::sendEvent(plot, &ev);
        };
        const double start = plot->xAxis->coordToPixel(view.threshold());
        const double target = plot->xAxis->coordToPixel(0.2);
        send(QEvent::MouseButtonPress, start, Qt::LeftButton);
        send(QEvent::MouseMove, (start + target) / 2, Qt::LeftButton);
        send(QEvent::MouseMove, target, Qt::LeftButton);
        send(QEvent::MouseButtonRelease, target, Qt::NoButton);
        QVERIFY(tSpy.count() >= 2);
        const double t = tSpy.last().at(0).toDouble();
        // Within a pixel of where the mouse was released.
        const double pixel = plot->xAxis->range().size() / plot->axisRect()->width();
        QVERIFY2(std::abs(t - 0.2) <= pixel, qPrintable(QString::number(t)));
        QCOMPARE(view.topK(), bruteCount(s, t, true));
        QCOMPARE(kSpy.last().at(0).toLongLong(), bruteCount(s, t, true));
        QCOMPARE(view.findChild<QSpinBox*>()->value(), int(bruteCount(s, t, true)));
        // After release, moving the mouse no longer drags.
        const int before = tSpy.count();
        send(QEvent::MouseMove, target + 40, Qt::NoButton);
        QCOMPARE(tSpy.count(), before);
    }

    void summaryShowsLiveStats() {
        QVector<double> s;
        QVector<bool> rel;
        for (int i = 0; i < 1000; ++i) s.append(i), rel.append(i % 2 == 0);
        ScoreHistogramView view;
        view.setScores(s);
        view.setLabels(rel);
        QVERIFY(view.prPlot()->isVisibleTo(&view));
        view.setTopK(100);  // scores 999..900: 50 even
        const auto st = view.stats();
        QCOMPARE(st.relevantSelected, qint64(50));
        QVERIFY(view.summaryText().contains(QLocale().toString(0.5, 'f', 3)));
        QVERIFY(view.summaryText().contains(QLocale().toString(0.1, 'f', 3)));  // recall 50/500
        view.setLabels({});
        QVERIFY(!view.prPlot()->isVisibleTo(&view));
        QVERIFY(!view.summaryText().contains(QLocale().toString(0.5, 'f', 3)));
    }

    void emptyScoresAreHarmless() {
        ScoreHistogramView view;
        view.setScores(randomScores(100, 4, false));
        view.setScores({});
        QCOMPARE(view.topK(), qint64(0));
        view.setThreshold(0.3);
        view.setTopK(5);
        QCOMPARE(view.topK(), qint64(0));
        QCOMPARE(view.summaryText(), QStringLiteral("No scores"));
    }

    // "No domain labels in this pool" only where there is a pool: not before a run (the
    // Selection tab of a project without one said it), nor after an empty one.
    void noLabelsNoteOnlyWithScores() {
        ScoreHistogramView view;
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto* note = view.findChild<QLabel*>(QStringLiteral("noLabels"));
        QVERIFY(note);
        QVERIFY(!note->isVisible());
        view.setScores(randomScores(100, 5, false));
        QVERIFY(note->isVisible());
        QVector<bool> relevant(100, false);
        for (int i = 0; i < 30; ++i) relevant[i] = true;
        view.setLabels(relevant);
        QVERIFY(!note->isVisible());  // the precision-recall pane instead
        view.setScores({});
        QVERIFY(!note->isVisible());
    }

    void tiesAreReported() {
        const QVector<double> s{0.9, 0.8, 0.8, 0.8, 0.1};
        ScoreHistogramView view;
        view.setScores(s);
        view.setTopK(2);
        QCOMPARE(view.threshold(), 0.8);
        QCOMPARE(view.topK(), qint64(2));  // the user's k is kept…
        QVERIFY(view.summaryText().contains(QStringLiteral("2 tie")));  // …and the 2 extra ties are said
        QString error;
        QTemporaryDir dir;
        QVERIFY2(view.saveHistogram(dir.filePath(QStringLiteral("h.png")), &error), qPrintable(error));
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("h.png"))).size() > 1000);
    }
};

QTEST_MAIN(TestScoreHistogram)
#include "tst_scorehistogram.moc"
