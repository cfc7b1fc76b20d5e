// A large map arrives without a GUI-thread stall: ClusterExplorer::setRun prepares the
// scatter's index on its loader's pool (>= 100k points) and shows the run when it is ready;
// a newer run (or project) supersedes one still being prepared, which never appears. The
// prepared map (prepareScatter) gives the same per-point arrays, counts and picks as a map
// prepared on the GUI thread (setData).
#include <QComboBox>
#include <QSignalSpy>
#include <QtTest>

#include <random>

#include "AsyncService.h"
#include "ClusterExplorer.h"
#include "ScatterPlotView.h"

namespace {

// `n` points in 4 blobs, domains and clusters (every 7th point in another cluster).
ClusterViewData synthetic(qint64 runId, qsizetype n) {
    ClusterViewData d;
    d.runId = runId;
    d.title = QStringLiteral("Run #%1").arg(runId);
    std::mt19937 rng{quint32(runId)};
    std::normal_distribution<double> noise(0.0, 0.6);
    d.domainNames = {"a", "b", "c", "d"};
    d.clusterNames = {"c0", "c1", "c2", "c3"};
    d.scatter.categoryNames = d.domainNames;
    for (qsizetype i = 0; i < n; ++i) {
        const int blob = int(i % 4);
        d.scatter.x.append(3.0 * (blob % 2) + noise(rng));
        d.scatter.y.append(3.0 * (blob / 2) + noise(rng));
        d.scatter.category.append(blob);
        d.scatter.ids.append(1000 + i);
        d.clusterLabels.append(i % 7 == 0 ? (blob + 1) % 4 : blob);
    }
    d.majority = {0, 1, 2, 3};
    d.labelled = false;  // no confusion matrix to fill: the map is what is tested
    return d;
}

}  // namespace

class TestClusterMap : public QObject {
    Q_OBJECT
private slots:
    void largeMapArrivesAsynchronously() {
        AsyncService async;
        ClusterExplorer explorer(async);
        QSignalSpy shown(&explorer, &ClusterExplorer::runShown);
        explorer.setRun(synthetic(7, 300000));
        QCOMPARE(shown.count(), 0);  // being prepared on the pool: nothing shown yet
        QCOMPARE(explorer.runId(), qint64(0));
        QVERIFY(shown.wait(20000));
        QCOMPARE(shown.count(), 1);
        QCOMPARE(shown.at(0).at(0).toLongLong(), qint64(7));
        QCOMPARE(explorer.runId(), qint64(7));
        QCOMPARE(explorer.scatter()->data().x.size(), 300000);
        QCOMPARE(explorer.scatter()->prepared()->index.size(), qint64(300000));
        // Unlabelled: coloured by cluster, prepared with the read; the domain colouring too.
        const auto map = explorer.scatter()->prepared();
        QVERIFY(map->categories.builtFrom(explorer.scatter()->data().category));
        QCOMPARE(map->alternatives.size(), 1);
    }

    void newerRunSupersedesOneBeingPrepared_data() {
        QTest::addColumn<qsizetype>("secondPoints");
        QTest::newRow("large after large") << qsizetype(300000);
        QTest::newRow("small after large") << qsizetype(2000);  // shown at once
    }
    void newerRunSupersedesOneBeingPrepared() {
        QFETCH(qsizetype, secondPoints);
        AsyncService async;
        ClusterExplorer explorer(async);
        QSignalSpy shown(&explorer, &ClusterExplorer::runShown);
        explorer.setRun(synthetic(1, 400000));
        explorer.setRun(synthetic(2, secondPoints));
        QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 20000);
        QCOMPARE(shown.at(0).at(0).toLongLong(), qint64(2));
        QTest::qWait(1500);  // the first preparation finishes meanwhile; it must stay unseen
        QCOMPARE(shown.count(), 1);
        QCOMPARE(explorer.runId(), qint64(2));
        QCOMPARE(explorer.scatter()->data().x.size(), secondPoints);
    }

    void projectSwitchSupersedesThePreparation() {
        AsyncService async;
        ClusterExplorer explorer(async);
        explorer.setProject(QStringLiteral("/nonexistent/a.dlproj"));
        QSignalSpy shown(&explorer, &ClusterExplorer::runShown);
        explorer.setRun(synthetic(3, 300000));
        explorer.setProject(QStringLiteral("/nonexistent/b.dlproj"));
        QTest::qWait(2500);
        QCOMPARE(shown.count(), 0);
        QCOMPARE(explorer.runId(), qint64(0));
    }

    void preparedMapIsShownAtOnce() {
        ClusterViewData d = synthetic(4, 300000);
        ClusterExplorer::prepareMap(d);  // as MainWindow does with the read
        QVERIFY(d.map);
        AsyncService async;
        ClusterExplorer explorer(async);
        QSignalSpy shown(&explorer, &ClusterExplorer::runShown);
        explorer.setRun(d);
        QCOMPARE(shown.count(), 1);
        QCOMPARE(explorer.scatter()->prepared(), d.map);
        // "Colour by" true domain: the other prepared categorisation, no new one.
        explorer.colourBy()->setCurrentIndex(0);
        QVERIFY(d.map->categorisation(explorer.scatter()->data().category) != nullptr);
    }

    // The per-point arrays of a prepared map equal a brute-force pass, and a view shown with
    // setPrepared behaves as one shown with setData (counts, picks).
    void preparedEqualsDirect() {
        const ClusterViewData d = synthetic(5, 20000);
        const auto map = prepareScatter(d.scatter, {d.clusterLabels});
        const ScatterIndex& index = map->index;
        QCOMPARE(index.size(), qint64(20000));
        const auto* clusters = map->categorisation(d.clusterLabels);
        QVERIFY(clusters && clusters->sorted);
        QVector<qint64> counts(4, 0);
        for (qint64 p = 0; p < index.size(); ++p) {
            const qint64 row = index.original(p);
            QCOMPARE(int((*map->categories.sorted)[size_t(p)]), d.scatter.category[row]);
            QCOMPARE(int((*clusters->sorted)[size_t(p)]), d.clusterLabels[row]);
            ++counts[d.clusterLabels[row]];
        }
        QCOMPARE(clusters->counts, counts);
        QVERIFY(map->categorisation(QVector<int>(d.clusterLabels.begin(), d.clusterLabels.end())) ==
                nullptr);  // a copy is not it

        ScatterPlotView direct, prepared;
        direct.setData(d.scatter);
        prepared.setPrepared(map);
        const QRectF r(0.5, 0.5, 2.0, 2.0);
        direct.selectInRect(r);
        prepared.selectInRect(r);
        QVERIFY(!direct.selectedIds().isEmpty());
        QCOMPARE(prepared.selectedIds(), direct.selectedIds());
        QCOMPARE(prepared.viewRange(), direct.viewRange());

        // Ranks sorted off the GUI thread apply to their own map only.
        QVector<qint32> ranks(20000);
        for (qint32 i = 0; i < 20000; ++i) ranks[i] = i;
        prepared.setCutSize(100);
        prepared.setCutSortedRanks(prepareScatter(d.scatter), sortRanks(index, ranks));  // another map
        QVERIFY(!prepared.cutShown());
        prepared.setCutSortedRanks(map, sortRanks(index, ranks));
        QVERIFY(prepared.cutShown());
        QCOMPARE(prepared.cutCount(), qint64(100));
    }
};

QTEST_MAIN(TestClusterMap)
#include "tst_clustermap.moc"
