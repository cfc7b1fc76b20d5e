#pragma once
// A selection run's cut laid over the map's points, in the ScatterIndex's sorted order: a
// point is in the cut when its rank in the run is below k, unless a hand decision includes or
// excludes it. Moving k is O(1 + decisions): the renderer asks contains() per point.
// Plain data; owned by the ScatterPlotView, read by its ScatterLayer on the GUI thread.
#include <QtGlobal>

#include <cstdint>
#include <utility>
#include <vector>

class ScatterCut {
public:
    // rank per sorted position, -1 = not ranked by the run (another corpus, excluded).
    void setRanks(std::vector<int32_t> sortedRanks);
    // Hand decisions as (sorted position, include?) pairs; replaces the earlier ones.
    void setOverrides(const std::vector<std::pair<qint64, bool>>& decisions);
    void setSize(qint64 k);
    void clear();

    bool active() const { return !rank_.empty(); }
    qint64 size() const { return k_; }
    qint64 count() const { return count_; }  // points in the cut
    qint64 rankedCount() const { return ranked_; }
    bool contains(qint64 pos) const {
        const int8_t o = override_.empty() ? 0 : override_[size_t(pos)];
        if (o != 0) return o > 0;
        const int32_t r = rank_[size_t(pos)];
        return r >= 0 && r < k_;
    }

private:
    void recount();
    std::vector<int32_t> rank_;
    std::vector<qint64> below_;  // below_[r]: points ranked below r (size highest rank + 2)
    qint64 ranked_ = 0;
    std::vector<int8_t> override_;            // empty when there are no decisions
    std::vector<std::pair<qint64, bool>> decided_;
    qint64 k_ = 0, count_ = 0;
};
