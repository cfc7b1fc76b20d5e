#include "ScatterCut.h"

#include <algorithm>

void ScatterCut::setRanks(std::vector<int32_t> sortedRanks) {
    rank_ = std::move(sortedRanks);
    // below_[r] = how many points rank below r: a counting pass instead of a sort (1.5M
    // ranks: a few ms on the GUI thread, not a few hundred).
    int32_t highest = -1;
    for (int32_t r : rank_) highest = std::max(highest, r);
    below_.assign(size_t(highest + 2), 0);
    ranked_ = 0;
    for (int32_t r : rank_)
        if (r >= 0) ++below_[size_t(r) + 1], ++ranked_;
    for (size_t i = 1; i < below_.size(); ++i) below_[i] += below_[i - 1];
    override_.clear();
    decided_.clear();
    recount();
}

void ScatterCut::setOverrides(const std::vector<std::pair<qint64, bool>>& decisions) {
    decided_.clear();
    override_.clear();
    if (!decisions.empty() && !rank_.empty()) override_.assign(rank_.size(), 0);
    for (const auto& [pos, include] : decisions) {
        if (pos < 0 || pos >= qint64(rank_.size())) continue;
        override_[size_t(pos)] = include ? 1 : -1;
    }
    // The last decision for a point wins; each decided point counts once.
    for (const auto& d : decisions)
        if (d.first >= 0 && d.first < qint64(override_.size()))
            decided_.emplace_back(d.first, override_[size_t(d.first)] > 0);
    std::sort(decided_.begin(), decided_.end());
    decided_.erase(std::unique(decided_.begin(), decided_.end()), decided_.end());
    recount();
}

void ScatterCut::setSize(qint64 k) {
    k_ = std::max<qint64>(0, k);
    recount();
}

void ScatterCut::clear() {
    rank_.clear();
    below_.clear();
    ranked_ = 0;
    override_.clear();
    decided_.clear();
    recount();
}

void ScatterCut::recount() {
    count_ = below_.empty() ? 0 : below_[size_t(std::min<qint64>(k_, qint64(below_.size()) - 1))];
    // Decisions move single points in or out of the rank cut.
    for (const auto& [pos, include] : decided_) {
        const int32_t r = rank_[size_t(pos)];
        const bool byRank = r >= 0 && r < k_;
        count_ += (include && !byRank) - (!include && byRank);
    }
}
