#pragma once
// The Selection tab's cut on the Clusters tab's map, live: the map fades every sentence the
// selection run does not keep at the current k (hand decisions included), in step with the
// histogram's threshold / top-k and with the map's own cut bar; and the sentences picked on
// the map with the rectangle or lasso become include/exclude decisions of the run, on the
// Selection tab's undo stack.
// Linking a pair of runs maps the run's ranking onto the map's points on the window's AsyncService
// (O(n log n)); afterwards moving k is O(1) plus a redraw.
// Thread affinity: GUI thread. The AsyncService and the two explorers outlive it.
#include <QObject>
#include <QVector>

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

class AsyncService;
class ClusterExplorer;
class SelectionExplorer;
struct ScatterPrepared;

class SelectionOnMap : public QObject {
    Q_OBJECT
public:
    SelectionOnMap(AsyncService& async, ClusterExplorer* map, SelectionExplorer* selection, QObject* parent = nullptr);

    // Maps the shown selection run onto the shown map (call after either changed).
    void relink();
    qint64 rankedOnMap() const { return ranked_; }
    // Decides the sentences picked on the map that the run ranks; returns how many.
    int decidePicked(std::optional<bool> state);

    // Ranks of the run's sentences at the map's points (-1 = not ranked) and (id, row) pairs
    // sorted by id. Plain data: runs on any thread.
    struct Link {
        QVector<qint32> rankPerRow;
        std::vector<std::pair<qint64, qint64>> rowOfId;
        qint64 ranked = 0;
        std::vector<int32_t> sortedRanks;  // rankPerRow in the map's index order (4M points: not on the GUI thread)
    };
    static Link computeLink(const QVector<qint64>& mapIds, const QVector<qint64>& runIds,
                            const QVector<qint64>& indexAtRank);

signals:
    void linked(qint64 rankedOnMap);

private:
    void applyDecisions();
    void setK(qint64 k);
    void showCut(bool shown);  // the linked ranks on the map, or no cut
    ClusterExplorer* map_;
    SelectionExplorer* selection_;
    AsyncService& async_;  // the window's; outlives this panel
    std::vector<std::pair<qint64, qint64>> rowOfId_;
    QVector<qint32> rankPerRow_;
    std::vector<int32_t> sortedRanks_;                // of rankMap_
    std::shared_ptr<const ScatterPrepared> rankMap_;  // the map the ranks were sorted for
    qint64 ranked_ = 0;
};
