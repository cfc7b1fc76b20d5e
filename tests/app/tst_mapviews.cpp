// The map as the workbench, on a small real project (MapFixture.h): colouring the map by any
// run's per-sentence values, read off the GUI thread; the Selection tab's cut on the map,
// live, and the map's picks as undoable include/exclude decisions; selection methods side by
// side against brute force over the fixture's scores.
#include <QComboBox>
#include <QLabel>
#include <QtTest>

#include <QAbstractItemModelTester>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QUndoStack>
#include <set>
#include "AsyncService.h"
#include "ClusterExplorer.h"
#include "ClusterNamesStore.h"
#include "ConfusionMatrixModel.h"
#include "ConfusionMatrixView.h"
#include "DecisionWriter.h"
#include "KeptDroppedModel.h"
#include "LayerSweepData.h"
#include "MapCutBar.h"
#include "MapFixture.h"
#include "MapValues.h"
#include "MethodComparison.h"
#include "MethodPairsModel.h"
#include "MethodsExplorer.h"
#include "OutlierAnalysisPanel.h"
#include "OutlierFiguresModel.h"
#include "ProjectQueries.h"
#include "RunViews.h"
#include "ScatterPlotView.h"
#include "ScoreHistogramView.h"
#include "SelectionExplorer.h"
#include "SelectionOnMap.h"
#include "SweepPlotView.h"
#include "runs/ClusterSweepSummary.h"
#include "runs/RunBlobs.h"

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
        const QList<QPair<qint64, F>> expected{{p_.classifierRun, F::Score},      {p_.classifierRun, F::Probability},
                                               {p_.cosineRun, F::Score},          {p_.clusterRun, F::Probability},
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
        const auto scores =
            readMapValues(p_.path, {p_.cosineRun, MapValueSource::Field::Score, {}, {}, {}}, ids).value();
        QCOMPARE(scores.size(), ids.size());
        for (qsizetype i = 0; i + 1 < ids.size(); ++i) {
            const std::size_t row = p_.ids.size() - 1 - std::size_t(i);
            QCOMPARE(scores[i], mapfixture::score(0, row, p_.domain[row]));
        }
        QVERIFY(std::isnan(scores.last()));
        const auto lengths = readMapValues(p_.path, {0, MapValueSource::Field::Length, {}, {}, {}}, ids).value();
        for (qsizetype i = 0; i + 1 < ids.size(); ++i) QVERIFY(lengths[i] >= 1);
        QVERIFY(std::isnan(lengths.last()));
    }

    // A run whose stored map is damaged (here a NaN coordinate, review-C 1) is refused by the
    // read; the view says so in its title instead of keeping a title that does not match it.
    void readFailureIsShownInTheTitle() {
        QTemporaryDir tmp;
        const QString copy = tmp.filePath(QStringLiteral("damaged.dlproj"));
        QVERIFY(QFile::copy(p_.path, copy));
        AsyncService async;
        ClusterExplorer explorer(async);
        explorer.setProject(copy);
        QSignalSpy shown(&explorer, &ClusterExplorer::runShown);
        explorer.setRun(readClusterView(copy, p_.clusterRun).value());
        QVERIFY(shown.count() > 0 || shown.wait(10000));
        {
            auto store = dl::Store::open(copy.toStdString()).value();
            QVERIFY(store
                        ->exec("UPDATE run_blobs SET data = x'0000C07F' || substr(data, 5) WHERE name = 'pca2d' AND "
                               "run_id = " +
                               std::to_string(p_.clusterRun) + ";")
                        .has_value());
        }
        auto title = [&] {
            QString text;
            for (auto* label : explorer.findChildren<QLabel*>())
                if (label->text().contains(QStringLiteral("cannot be shown"))) text = label->text();
            return text;
        };
        QVERIFY(title().isEmpty());
        explorer.followRun(p_.clusterRun, 0);  // reads the run again, as explore's map does
        QTRY_VERIFY_WITH_TIMEOUT(!title().isEmpty(), 10000);
        QVERIFY2(title().contains(QStringLiteral("Run %1").arg(p_.clusterRun)), qPrintable(title()));
        QVERIFY2(title().contains(QStringLiteral("pca2d")), qPrintable(title()));
    }

    void explorerColoursTheMapByAValue() {
        AsyncService async;
        ClusterExplorer explorer(async);
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
        AsyncService async;
        ClusterExplorer map(async);
        SelectionExplorer selection(async);
        SelectionOnMap link(async, &map, &selection);
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

    void methodsSideBySide() {
        const qint64 k = 70;
        // Brute force: each run's top k by (score desc, id asc) from the fixture's score rule.
        auto top = [&](int which) {
            std::vector<std::pair<double, std::int64_t>> v;
            for (std::size_t i = 0; i < p_.ids.size(); ++i)
                v.emplace_back(-mapfixture::score(which, i, p_.domain[i]), p_.ids[i]);
            std::sort(v.begin(), v.end());
            std::vector<std::int64_t> out;
            for (qint64 r = 0; r < k; ++r) out.push_back(v[std::size_t(r)].second);
            return out;
        };
        const auto a = top(0), b = top(1);
        const std::set<std::int64_t> sa(a.begin(), a.end()), sb(b.begin(), b.end());
        qint64 both = 0;
        for (auto id : a) both += sb.contains(id);
        QVERIFY(both > 0 && both < k);  // the fixture makes them differ

        MethodComparisonRequest r;
        r.runIds = {p_.cosineRun, p_.classifierRun};
        r.k = k;
        const auto d = readMethodComparison(p_.path, r).value();
        QCOMPARE(d.k, k);
        QCOMPARE(d.pairs.size(), 1);
        QCOMPARE(d.pairs[0].both, both);
        QCOMPARE(d.pairs[0].onlyA, k - both);
        QCOMPARE(d.pairs[0].jaccard, double(both) / double(2 * k - both));
        QCOMPARE(d.upset.exclusive, (QVector<qint64>{0, k - both, k - both, both}));
        QCOMPARE(d.rankScatter.x.size(), qsizetype(p_.ids.size()));
        QCOMPARE(std::count(d.rankScatter.category.begin(), d.rankScatter.category.end(), 0), both);
        QCOMPARE(d.map.ids.size(), qsizetype(p_.ids.size()));
        QCOMPARE(std::count(d.mapMask.begin(), d.mapMask.end(), quint8(3)), both);
        std::vector<std::int64_t> kept;
        for (auto id : a)
            if (!sb.contains(id)) kept.push_back(id);
        QCOMPARE(qsizetype(kept.size()), d.keptByA.size());
        for (std::size_t i = 0; i < kept.size(); ++i) QCOMPARE(d.keptByA[qsizetype(i)].id, kept[i]);
        // Runs of another kind or too few runs are refused with a message.
        r.runIds = {p_.cosineRun, p_.clusterRun};
        QVERIFY(!readMethodComparison(p_.path, r));
        r.runIds = {p_.cosineRun};
        QVERIFY(!readMethodComparison(p_.path, r));

        // The view: the project's newest selection runs compared on their own.
        AsyncService async;
        MethodsExplorer view(async);
        view.resize(1400, 800);
        QAbstractItemModelTester keptTester(view.keptModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester pairsTester(view.pairsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy shown(&view, &MethodsExplorer::comparisonShown);
        QSignalSpy texts(&view, &MethodsExplorer::keptTextsShown);
        view.setProject(p_.path);
        view.topK()->setValue(int(k));
        view.setRuns(readRuns(p_.path).value());
        QVERIFY(shown.wait(10000));
        QCOMPARE(view.checkedRuns(), (QVector<qint64>{p_.cosineRun, p_.classifierRun}));
        QCOMPARE(view.pairsModel()->rowCount(), 1);
        QVERIFY(texts.wait(10000));
        QCOMPARE(view.keptModel()->rowCount(), qsizetype(kept.size()));
        QVERIFY2(!view.keptModel()->index(0, KeptDroppedModel::Sentence).data(Qt::EditRole).toString().isEmpty(),
                 qPrintable(view.keptModel()->index(0, KeptDroppedModel::Sentence).data().toString()));
        // The map shows one method's top k on request.
        view.mapMode()->setCurrentIndex(1);
        const auto& cats = view.map()->data().category;
        QCOMPARE(std::count(cats.begin(), cats.end(), 0), qsizetype(view.comparison().k));
        view.keptDirection()->setCurrentIndex(1);
        QCOMPARE(view.keptModel()->rowCount(), view.comparison().keptByB.size());
    }

    // The outlier panel says when its read is over, also when it fails (the screenshots and
    // anyone waiting for the figures would otherwise wait for ever).
    void outlierPanelSettles_data() {
        QTest::addColumn<bool>("existing");
        QTest::newRow("the fixture's cluster run") << true;
        QTest::newRow("a missing project") << false;
    }
    void outlierPanelSettles() {
        QFETCH(bool, existing);
        AsyncService async;
        OutlierAnalysisPanel panel(async);
        QSignalSpy shown(&panel, &OutlierAnalysisPanel::figuresShown);
        panel.showRun(existing ? p_.path : dir_.filePath(QStringLiteral("missing.dlproj")), p_.clusterRun);
        QVERIFY(panel.figuresPending());
        QVERIFY(shown.wait(10000));
        QVERIFY(!panel.figuresPending());
        QCOMPARE(shown.at(0).at(0).toInt(), panel.figures()->rowCount());
        if (!existing) QCOMPARE(panel.figures()->rowCount(), 0);
    }

    // A corpus mapped only by an assign run (a cluster model applied in shards: the big-corpus
    // path) still shows each method's top k on that map, the newest map of the pool.
    void methodsMapFromAnAssignRun() {
        const QString copy = dir_.filePath(QStringLiteral("assign-map.dlproj"));
        QVERIFY(QFile::copy(p_.path, copy));
        qint64 assignRun = 0;
        std::vector<float> xy;
        {
            auto store = dl::Store::open(copy.toStdString()).value();
            const auto cluster = dl::getRun(*store, p_.clusterRun).value();
            assignRun = dl::createRun(*store, dl::RunKind::Assign, cluster.corpusId, std::nullopt, {{"k", 3}}).value();
            for (std::size_t i = 0; i < p_.ids.size(); ++i)
                xy.push_back(float(100 + i)), xy.push_back(float(-1.0 * double(i)));
            dl::putRunArray(*store, assignRun, "pca2d", std::span<const float>(xy)).value();
            dl::putRunArray(*store, assignRun, "sentence_ids", std::span<const std::int64_t>(p_.ids)).value();
        }
        MethodComparisonRequest r;
        r.runIds = {p_.cosineRun, p_.classifierRun};
        const auto d = readMethodComparison(copy, r).value();
        QVERIFY2(d.mapTitle.contains(QStringLiteral("#%1").arg(assignRun)), qPrintable(d.mapTitle));
        QCOMPARE(d.map.ids.size(), qsizetype(p_.ids.size()));
        QCOMPARE(d.map.x[1], double(xy[2]));
        QCOMPARE(d.map.y[1], double(xy[3]));
    }

    // explore's assign run while it grows (its blobs in parts, one per chunk stored): the Methods
    // view's map holds the chunks stored so far, and followRun reads it again as the next chunk
    // arrives (the comparison kept, each point's top-k mask as the whole comparison computes
    // it); a follow that finds nothing new redraws nothing.
    void methodsMapFollowsAGrowingRun() {
        const QString copy = dir_.filePath(QStringLiteral("growing-map.dlproj"));
        QVERIFY(QFile::copy(p_.path, copy));
        const auto n = p_.ids.size(), half = n / 2;
        std::vector<float> xy;
        for (std::size_t i = 0; i < n; ++i) xy.push_back(float(10 + i)), xy.push_back(float(i % 7));
        qint64 assignRun = 0;
        dl::AssignSummary summary;
        summary.k = 3;
        summary.clusterSizes = {0, 0, 0};
        auto storeChunk = [&](std::size_t from, std::size_t to) {
            auto store = dl::Store::open(copy.toStdString()).value();
            auto tx = store->begin().value();
            if (assignRun == 0) {
                const auto cluster = dl::getRun(*store, p_.clusterRun).value();
                assignRun =
                    dl::createRun(*store, dl::RunKind::Assign, cluster.corpusId, std::nullopt, {{"k", 3}}).value();
            }
            const std::vector<float> part(xy.begin() + std::ptrdiff_t(2 * from), xy.begin() + std::ptrdiff_t(2 * to));
            const std::vector<std::int64_t> ids(p_.ids.begin() + std::ptrdiff_t(from),
                                                p_.ids.begin() + std::ptrdiff_t(to));
            dl::putRunArray(*store, assignRun, dl::blobs::partName(dl::blobs::kPca2d, std::int64_t(from)),
                            std::span<const float>(part))
                .value();
            dl::putRunArray(*store, assignRun, dl::blobs::partName(dl::blobs::kSentenceIds, std::int64_t(from)),
                            std::span<const std::int64_t>(ids))
                .value();
            summary.sentences = std::int64_t(to);
            summary.parts.push_back(std::int64_t(from));
            dl::setRunSummary(*store, assignRun, summary.toJson()).value();
            tx.commit().value();
        };
        storeChunk(0, half);
        MethodComparisonRequest r;
        r.runIds = {p_.cosineRun, p_.classifierRun};
        const auto partial = readMethodComparison(copy, r).value();
        QCOMPARE(partial.mapRun, assignRun);
        QCOMPARE(partial.map.ids.size(), qsizetype(half));  // the stored chunk's rows

        AsyncService async;
        MethodsExplorer view(async);
        QSignalSpy shown(&view, &MethodsExplorer::comparisonShown);
        QSignalSpy followed(&view, &MethodsExplorer::mapFollowed);
        view.setProject(copy);
        view.setRuns(readRuns(copy).value());
        QVERIFY(shown.wait(10000));
        QCOMPARE(view.map()->data().ids.size(), qsizetype(half));
        const auto comparedPairs = view.comparison().pairs.size();
        view.followRun(assignRun);  // nothing new: nothing redrawn
        QVERIFY(!followed.wait(500));
        storeChunk(half, n);
        view.followRun(assignRun);
        QVERIFY(followed.wait(10000));
        QCOMPARE(followed.at(0).at(0).toLongLong(), assignRun);
        QCOMPARE(followed.at(0).at(1).toLongLong(), qint64(n));
        QCOMPARE(view.map()->data().ids.size(), qsizetype(n));
        QCOMPARE(view.map()->data().x[qsizetype(n - 1)], double(xy[2 * (n - 1)]));
        QCOMPARE(view.comparison().pairs.size(), comparedPairs);  // the comparison kept
        const auto whole = readMethodComparison(copy, view.comparison().request).value();
        QCOMPARE(view.comparison().mapMask, whole.mapMask);  // the masks as a whole comparison says
        QCOMPARE(view.map()->data().category, whole.map.category);
    }

    // Opening a project checks the newest 2-3 runs of the newest pool that has two or more: a
    // newer single run of another pool (a cross-lingual one) does not leave the view empty.
    void methodsCheckThePoolWithTwoRuns_data() {
        QTest::addColumn<QList<RunRow>>("runs");
        QTest::addColumn<QVector<qint64>>("checked");
        auto run = [](qint64 id, const QString& kind, const QString& pool) {
            return RunRow{id, dl::runKindFromString(kind.toStdString()).value(), {}, pool, {}, {}};
        };
        QTest::newRow("newest pool has two") << QList<RunRow>{run(1, "cluster", "a"), run(2, "select", "a"),
                                                              run(3, "select", "b"), run(4, "select", "b")}
                                             << QVector<qint64>{3, 4};
        QTest::newRow("newest pool has one") << QList<RunRow>{run(4, "select", "demo"), run(5, "select", "demo"),
                                                              run(6, "select", "demo"), run(7, "select", "demo-de")}
                                             << QVector<qint64>{4, 5, 6};
        QTest::newRow("at most three") << QList<RunRow>{run(1, "select", "a"), run(2, "select", "a"),
                                                        run(3, "select", "a"), run(4, "select", "a")}
                                       << QVector<qint64>{2, 3, 4};
        QTest::newRow("one run per pool")
            << QList<RunRow>{run(1, "select", "a"), run(2, "select", "b"), run(3, "layer-sweep", "a")}
            << QVector<qint64>{};
    }
    void methodsCheckThePoolWithTwoRuns() {
        QFETCH(QList<RunRow>, runs);
        QFETCH(QVector<qint64>, checked);
        AsyncService async;
        MethodsExplorer view(async);
        view.setRuns(runs);
        QCOMPARE(view.checkedRuns(), checked);
    }

    void stopWordListsShip() {
        QVERIFY(stopWordsFor(QStringLiteral("en")).contains("the"));
        QVERIFY(stopWordsFor(QStringLiteral("de_DE")).contains("und"));
        QVERIFY(stopWordsFor(QStringLiteral("fr")).contains("les"));
        QVERIFY(stopWordsFor(QStringLiteral("xx")).empty());
    }

    void clusterNamesOnTheMapAndInTheMatrix() {
        AsyncService async;
        ClusterExplorer map(async);
        map.setProject(p_.path);
        QSignalSpy missing(&map, &ClusterExplorer::namesMissing);
        map.setRun(readClusterView(p_.path, p_.clusterRun).value());
        QVERIFY(missing.wait(10000));
        QCOMPARE(missing.at(0).at(0).toLongLong(), p_.clusterRun);
        // The job the window runs, then the names are read again.
        dl::NullProgress np;
        dl::CancelToken ct;
        const auto status = makeNameClustersJob(p_.path, p_.clusterRun)(np, ct);
        QVERIFY2(status, status ? "" : status.error().message.c_str());
        QSignalSpy shown(&map, &ClusterExplorer::namesShown);
        map.reloadNames();
        QVERIFY(shown.wait(10000));
        const QStringList labels = map.clusterLabels();
        QCOMPARE(labels.size(), 3);
        const auto stop = stopWordsFor(QStringLiteral("en"));
        for (const QString& l : labels) {
            QVERIFY(!l.isEmpty());
            for (const QString& w : l.split(QStringLiteral(" · ")))
                QVERIFY2(!stop.contains(w.toStdString()), qPrintable(l));
        }
        QCOMPARE(map.scatter()->componentLabels(), labels);
        auto header = [&](int c) { return map.confusion()->model()->headerData(c, Qt::Horizontal).toString(); };
        QVERIFY2(header(2).contains(labels[2]), qPrintable(header(2)));
        // The user's name wins, shows at once and is stored.
        map.writeNames({{2, QStringLiteral("Medicine")}});
        QCOMPARE(map.scatter()->componentLabels()[2], QStringLiteral("Medicine"));
        QVERIFY(header(2).contains(QLatin1String("Medicine")));
        QTRY_COMPARE_WITH_TIMEOUT(QString::fromStdString(readRunClusterNames(p_.path, p_.clusterRun)->label(2)),
                                  QStringLiteral("Medicine"), 10000);
        QCOMPARE(missing.size(), 1);  // the job is asked for once per run
    }

    void layerSweepAsLines() {
        const auto d = readLayerSweepView(p_.path, p_.layerSweepRun).value();
        QCOMPARE(d.x, (QVector<double>{4, 10, 11}));  // the last layer after the highest
        QCOMPARE(d.xLabels, (QStringList{QStringLiteral("4"), QStringLiteral("10"),
                                         LayerSweepViewData{}.title.isNull() ? QObject::tr("last") : QString()}));
        QCOMPARE(d.series.size(), 3);
        QCOMPARE(d.series[0].y, (QVector<double>{0.6, 0.9, 0.7}));  // purity
        QCOMPARE(d.series[2].y, (QVector<double>{0.12, 0.31, 0.35}));  // silhouette
        QVERIFY(d.title.contains(QLatin1String("10")));
        QVERIFY(!readLayerSweepView(p_.path, p_.clusterRun));
        SweepPlotView view;
        view.setHigherIsBetter(true);
        view.setSweep(d.x, d.series);
        QCOMPARE(view.bestIndex(0), 1);
        QCOMPARE(view.bestIndex(2), 2);
    }

    // The Selection tab's title says which text a contrast scored and where the run departs
    // from its paper (the summary's report.departures), and survives a damaged report.
    void selectionTitleNamesSidesAndDepartures() {
        auto store = dl::Store::open(p_.path.toStdString()).value();
        const auto corpus = dl::getRun(*store, p_.cosineRun).value().corpusId;
        auto addRun = [&](const nlohmann::json& summary) {
            const qint64 run = dl::createRun(*store, dl::RunKind::Select, corpus, std::nullopt,
                                             {{"method", "contrast"}, {"seed", "seeds:medical"}, {"sides", "both"}})
                                   .value();
            dl::writeRunResults(*store, run, dl::readRunResults(*store, p_.cosineRun).value()).value();
            dl::setRunSummary(*store, run, summary).value();
            return readSelectionView(p_.path, run).value().title;
        };
        const QString title =
            addRun({{"report",
                     {{"sides", "src+tgt"},
                      {"departures",
                       {{{"what", "LM vocabulary"}, {"here", "seed + pool"}, {"paper", "seed"}, {"why", "bench"}}}}}}});
        QVERIFY2(title.contains(QStringLiteral("both sides")), qPrintable(title));
        QVERIFY2(title.contains(QStringLiteral("departs from the paper: LM vocabulary = seed + pool (paper: seed)")),
                 qPrintable(title));
        QVERIFY(!addRun({{"report", {{"sides", "tgt"}}}}).contains(QStringLiteral("departs")));
        QVERIFY(addRun({{"report", {{"sides", "tgt"}}}}).contains(QStringLiteral("target side")));
        // A report of the wrong shape adds nothing and breaks nothing.
        for (const nlohmann::json& bad : {nlohmann::json{{"report", 3}}, nlohmann::json{{"report", {{"sides", 1}}}},
                                          nlohmann::json{{"report", {{"departures", {1, "x", {{"what", 2}}}}}}}}) {
            const QString plain = addRun(bad);
            QVERIFY2(plain.startsWith(QStringLiteral("Run #")) && !plain.contains(QStringLiteral("departs")) &&
                         !plain.contains(QStringLiteral("side")),
                     qPrintable(plain));
        }
        QVERIFY(!readSelectionView(p_.path, p_.cosineRun).value().title.contains(QStringLiteral("departs")));
    }
};

QTEST_MAIN(TestMapViews)
#include "tst_mapviews.moc"
