// The map as the workbench, on a small real project (MapFixture.h): colouring the map by any
// run's per-sentence values, read off the GUI thread; the Selection tab's cut on the map,
// live, and the map's picks as undoable include/exclude decisions.
#include <QComboBox>
#include <QtTest>

#include "ClusterExplorer.h"
#include "MapCutBar.h"
#include "ScoreHistogramView.h"
#include "SelectionExplorer.h"
#include "SelectionOnMap.h"
#include "DecisionWriter.h"
#include <QPushButton>
#include <QSlider>
#include <QUndoStack>
#include "MapFixture.h"
#include "MapValues.h"
#include "RunViews.h"
#include "ScatterPlotView.h"

class TestMapViews : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    mapfixture::Project p_;

private slots:
    void initTestCase() {
        DLTEST_REQUIRE_SHARED_DATA();
        p_ = mapfixture::make(dir_);
    }

    void valueSourcesListTheCorpusRuns() {
        const auto sources = readMapValueSources(p_.path, p_.clusterRun).value();
        using F = MapValueSource::Field;
        const QList<QPair<qint64, F>> expected{{p_.classifierRun, F::Score}, {p_.classifierRun, F::Probability},
                                               {p_.cosineRun, F::Score},     {p_.clusterRun, F::Probability},
                                               {p_.clusterRun, F::LogLikelihood}, {0, F::Length}};
        QCOMPARE(sources.size(), expected.size());
        for (int i = 0; i < sources.size(); ++i) {
            QCOMPARE(sources[i].runId, expected[i].first);
            QVERIFY(sources[i].field == expected[i].second);
            QVERIFY(!sources[i].label.isEmpty());
        }
    }

    void valuesFollowTheMapsOrder() {
        // Ids in reverse order plus one unknown id: values follow the ids; the unknown is NaN.
        QVector<qint64> ids;
        for (auto it = p_.ids.rbegin(); it != p_.ids.rend(); ++it) ids << *it;
        ids << 999999;
        const auto scores = readMapValues(p_.path, {p_.cosineRun, MapValueSource::Field::Score, {}}, ids).value();
        QCOMPARE(scores.size(), ids.size());
        for (qsizetype i = 0; i + 1 < ids.size(); ++i) {
            const std::size_t row = p_.ids.size() - 1 - std::size_t(i);
            QCOMPARE(scores[i], mapfixture::score(0, row, p_.domain[row]));
        }
        QVERIFY(std::isnan(scores.last()));
        const auto lengths = readMapValues(p_.path, {0, MapValueSource::Field::Length, {}}, ids).value();
        for (qsizetype i = 0; i + 1 < ids.size(); ++i) QVERIFY(lengths[i] >= 1);
        QVERIFY(std::isnan(lengths.last()));
    }

    void explorerColoursTheMapByAValue() {
        ClusterExplorer explorer;
        explorer.resize(1200, 700);
        explorer.setProject(p_.path);
        QSignalSpy sources(&explorer, &ClusterExplorer::valueSourcesShown);
        explorer.setRun(readClusterView(p_.path, p_.clusterRun).value());
        QVERIFY(sources.wait(10000));
        QCOMPARE(sources.at(0).at(0).toInt(), 6);
        QCOMPARE(explorer.scatter()->colorMode(), ScatterPlotView::ColorMode::Category);
        // Choosing the cosine run's score in "Colour by" colours the map by it.
        QSignalSpy shown(&explorer, &ClusterExplorer::valuesShown);
        const int item = explorer.colourBy()->findText(explorer.valueSources()[2].label);
        QVERIFY(item > 0);
        explorer.colourBy()->setCurrentIndex(item);
        QVERIFY(shown.wait(10000));
        QCOMPARE(shown.at(0).at(0).toString(), explorer.valueSources()[2].label);
        QCOMPARE(explorer.scatter()->colorMode(), ScatterPlotView::ColorMode::Value);
        const auto& d = explorer.scatter()->data();
        QCOMPARE(d.value.size(), d.ids.size());
        for (qsizetype i = 0; i < d.ids.size(); ++i) {
            const auto row = std::size_t(std::find(p_.ids.begin(), p_.ids.end(), d.ids[i]) - p_.ids.begin());
            QCOMPARE(d.value[i], mapfixture::score(0, row, p_.domain[row]));
        }
        // Back to a category: the colour bar goes, the legend returns.
        explorer.colourBy()->setCurrentIndex(1);
        QCOMPARE(explorer.scatter()->colorMode(), ScatterPlotView::ColorMode::Category);
    }

    void linkMapsRanksLikeBruteForce() {
        // Run ids sorted; ranks by a permutation; the map holds some of them and others.
        const QVector<qint64> runIds{2, 3, 5, 8, 13, 21};
        const QVector<qint64> indexAtRank{4, 0, 5, 2, 1, 3};  // rank r -> index into runIds
        const QVector<qint64> mapIds{21, 1, 13, 2, 99, 5};
        const auto link = SelectionOnMap::computeLink(mapIds, runIds, indexAtRank);
        for (qsizetype row = 0; row < mapIds.size(); ++row) {
            const qsizetype index = runIds.indexOf(mapIds[row]);
            const qint32 expected = index < 0 ? -1 : qint32(indexAtRank.indexOf(index));
            QCOMPARE(link.rankPerRow[row], expected);
        }
        QCOMPARE(link.ranked, qint64(4));
        QVERIFY(std::is_sorted(link.rowOfId.begin(), link.rowOfId.end()));
    }

    void cutMovesLiveOnTheMapAndPicksAreUndoableDecisions() {
        ClusterExplorer map;
        SelectionExplorer selection;
        SelectionOnMap link(&map, &selection);
        map.setProject(p_.path);
        selection.setProject(p_.path);
        QSignalSpy linked(&link, &SelectionOnMap::linked);
        map.setRun(readClusterView(p_.path, p_.clusterRun).value());
        selection.setRun(readSelectionView(p_.path, p_.cosineRun).value());
        QTRY_VERIFY_WITH_TIMEOUT(!linked.isEmpty() && linked.last().at(0).toLongLong() == qint64(p_.ids.size()), 10000);
        ScatterPlotView* scatter = map.scatter();
        QVERIFY(scatter->cutShown());
        QCOMPARE(scatter->cutCount(), qint64(60));  // the stored cut
        // Moving the Selection tab's top-k or threshold highlights at once.
        QSignalSpy highlight(scatter, &ScatterPlotView::cutChanged);
        selection.histogram()->setTopK(25);
        QCOMPARE(highlight.size(), 1);
        QCOMPARE(highlight.last().at(0).toLongLong(), qint64(25));
        const double t = selection.histogram()->ranking().thresholdForTopK(90);
        selection.histogram()->setThreshold(t);
        QVERIFY(highlight.size() >= 2);
        QCOMPARE(highlight.last().at(0).toLongLong(), selection.histogram()->topK());
        QCOMPARE(map.cutBar()->k(), selection.histogram()->topK());
        // The map's own slider drives the Selection tab.
        map.cutBar()->slider()->setValue(40);
        QCOMPARE(selection.histogram()->topK(), qint64(40));
        QCOMPARE(scatter->cutCount(), qint64(40));
        // Lasso the koran blob (domain 0, scores ~0: never in the top 40), include it.
        scatter->selectInPolygon(QPolygonF{{-1.5, -1.5}, {1.5, -1.5}, {1.5, 1.5}, {-1.5, 1.5}});
        const qint64 picked = scatter->selectedRows().size();
        QCOMPARE(picked, qint64(60));
        QVERIFY(map.cutBar()->includeButton()->isEnabled());
        QSignalSpy saved(&selection, &SelectionExplorer::decisionsSaved);
        map.cutBar()->includeButton()->click();
        QCOMPARE(selection.undoStack()->count(), 1);
        QCOMPARE(scatter->cutCount(), qint64(40 + picked));
        for (qint64 id : scatter->selectedIds()) QCOMPARE(selection.decision(id), std::optional<bool>(true));
        QVERIFY(saved.wait(10000));
        // Undo takes them out of the cut again, redo puts them back.
        selection.undoStack()->undo();
        QCOMPARE(scatter->cutCount(), qint64(40));
        QVERIFY(!selection.decision(scatter->selectedIds().first()).has_value());
        selection.undoStack()->redo();
        QCOMPARE(scatter->cutCount(), qint64(40 + picked));
        // Excluding picked medical sentences that are in the cut takes them out.
        scatter->selectInPolygon(QPolygonF{{6.5, 2.5}, {9.5, 2.5}, {9.5, 5.5}, {6.5, 5.5}});
        const qint64 medical = scatter->selectedRows().size();
        map.cutBar()->excludeButton()->click();
        QCOMPARE(scatter->cutCount(), qint64(picked));  // the 40 best are medical: all excluded
        QCOMPARE(medical, qint64(60));
        QTRY_VERIFY_WITH_TIMEOUT(selection.writer()->pending() == 0, 10000);
        // The decisions are in the project: a fresh read of the run has them.
        const auto reread = readSelectionView(p_.path, p_.cosineRun).value();
        QCOMPARE(reread.decisions.size(), qsizetype(120));
    }
};

QTEST_MAIN(TestMapViews)
#include "tst_mapviews.moc"
