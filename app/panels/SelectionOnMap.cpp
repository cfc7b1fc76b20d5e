#include "SelectionOnMap.h"

#include <algorithm>

#include "AsyncService.h"
#include "ClusterExplorer.h"
#include "MapCutBar.h"
#include "ScatterPlotView.h"
#include "ScoreHistogramView.h"
#include "SelectionExplorer.h"

SelectionOnMap::SelectionOnMap(AsyncService& async, ClusterExplorer* map, SelectionExplorer* selection, QObject* parent)
    : QObject(parent), map_(map), selection_(selection), async_(async) {
    connect(map_, &ClusterExplorer::runShown, this, &SelectionOnMap::relink);
    connect(selection_, &SelectionExplorer::runShown, this, &SelectionOnMap::relink);
    connect(selection_->histogram(), &ScoreHistogramView::topKChanged, this, &SelectionOnMap::setK);
    connect(selection_, &SelectionExplorer::decisionsApplied, this, &SelectionOnMap::applyDecisions);
    MapCutBar* bar = map_->cutBar();
    // The map's slider drives the histogram, which comes back through topKChanged.
    connect(bar, &MapCutBar::kChanged, selection_->histogram(), &ScoreHistogramView::setTopK);
    connect(bar, &MapCutBar::shownToggled, this, [this](bool shown) {
        showCut(shown);
        if (shown) applyDecisions();
    });
    connect(bar, &MapCutBar::decideRequested, this, [this](int d) {
        decidePicked(d == MapCutBar::Reset ? std::nullopt : std::optional<bool>(d == MapCutBar::Include));
    });
    connect(map_->scatter(), &ScatterPlotView::cutChanged, bar, &MapCutBar::setInCut);
    connect(map_->scatter(), &ScatterPlotView::selectionChanged, bar,
            [bar](const QVector<qint64>& ids) { bar->setPickedCount(ids.size()); });
}

SelectionOnMap::Link SelectionOnMap::computeLink(const QVector<qint64>& mapIds, const QVector<qint64>& runIds,
                                                 const QVector<qint64>& indexAtRank) {
    Link link;
    // The run's ids are in sentence-id order (as read); rank of each of them first.
    std::vector<std::pair<qint64, qint32>> rankOfId(size_t(runIds.size()));
    for (qsizetype i = 0; i < runIds.size(); ++i) rankOfId[size_t(i)] = {runIds[i], -1};
    for (qsizetype r = 0; r < indexAtRank.size(); ++r) rankOfId[size_t(indexAtRank[r])].second = qint32(r);
    std::sort(rankOfId.begin(), rankOfId.end());
    link.rankPerRow.fill(-1, mapIds.size());
    link.rowOfId.reserve(size_t(mapIds.size()));
    for (qsizetype row = 0; row < mapIds.size(); ++row) {
        link.rowOfId.emplace_back(mapIds[row], row);
        auto it = std::lower_bound(rankOfId.begin(), rankOfId.end(), std::pair<qint64, qint32>{mapIds[row], -1});
        if (it == rankOfId.end() || it->first != mapIds[row] || it->second < 0) continue;
        link.rankPerRow[row] = it->second;
        ++link.ranked;
    }
    std::sort(link.rowOfId.begin(), link.rowOfId.end());
    return link;
}

void SelectionOnMap::relink() {
    const auto& run = selection_->run();
    const auto& ranking = selection_->histogram()->ranking();
    if (map_->runId() <= 0 || run.runId <= 0 || ranking.size() != run.ids.size()) {
        async_.invalidate(this, QStringLiteral("link"));
        rankPerRow_.clear();
        sortedRanks_.clear();
        rankMap_.reset();
        rowOfId_.clear();
        ranked_ = 0;
        map_->scatter()->setCutRanks({});
        map_->cutBar()->setRun(QString(), 0, 0);
        return;
    }
    QVector<qint64> indexAtRank(ranking.size());
    for (qint64 r = 0; r < ranking.size(); ++r) indexAtRank[r] = ranking.indexAtRank(r);
    async_.load<Link>(
        this, QStringLiteral("link"),
        [mapIds = map_->scatter()->data().ids, runIds = run.ids, indexAtRank,
         map = map_->scatter()->prepared()]() -> dl::Expected<Link> {
            Link link = computeLink(mapIds, runIds, indexAtRank);
            link.sortedRanks = sortRanks(map->index, link.rankPerRow);
            return link;
        },
        [this, title = tr("run #%1 %2").arg(run.runId).arg(run.method), map = map_->scatter()->prepared()](Link link) {
            rankPerRow_ = std::move(link.rankPerRow);
            sortedRanks_ = std::move(link.sortedRanks);
            rankMap_ = map;
            rowOfId_ = std::move(link.rowOfId);
            ranked_ = link.ranked;
            const qint64 k = selection_->histogram()->topK();
            map_->cutBar()->setRun(title, ranked_, k);
            map_->scatter()->setCutSize(k);
            showCut(ranked_ > 0 && map_->cutBar()->cutShown());
            applyDecisions();
            emit linked(ranked_);
        });
}

void SelectionOnMap::showCut(bool shown) {
    if (shown && rankMap_ == map_->scatter()->prepared()) map_->scatter()->setCutSortedRanks(rankMap_, sortedRanks_);
    else map_->scatter()->setCutRanks({});
}

void SelectionOnMap::setK(qint64 k) {
    map_->cutBar()->setK(k);
    map_->scatter()->setCutSize(k);
}

void SelectionOnMap::applyDecisions() {
    if (!map_->scatter()->cutShown()) return;
    QVector<QPair<qint64, bool>> rows;
    const auto& decided = selection_->decisions();
    for (auto it = decided.begin(); it != decided.end(); ++it) {
        auto at = std::lower_bound(rowOfId_.begin(), rowOfId_.end(), std::pair<qint64, qint64>{it.key(), -1});
        if (at != rowOfId_.end() && at->first == it.key()) rows.append({at->second, it.value()});
    }
    map_->scatter()->setCutDecisions(rows);
}

int SelectionOnMap::decidePicked(std::optional<bool> state) {
    QVector<qint64> ids;
    const auto& mapIds = map_->scatter()->data().ids;
    for (qint64 row : map_->scatter()->selectedRows())
        if (row < rankPerRow_.size() && rankPerRow_[row] >= 0) ids << mapIds[row];
    if (!ids.isEmpty()) selection_->decide(ids, state);
    return int(ids.size());
}
