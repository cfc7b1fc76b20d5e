#pragma once
// Disjoint sets over the row numbers 0 .. n-1 (path halving, the smaller root wins a union, so
// every set's root is its lowest member): the near-duplicate and semantic-duplicate filters group
// their pairs with it. Not thread-safe: callers merge into it under their own lock.
#include <algorithm>
#include <cstddef>
#include <numeric>
#include <vector>

namespace dl {

template <class Index>
class UnionFind {
public:
    explicit UnionFind(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), Index{0}); }

    Index find(Index x) {
        while (at(x) != x) x = at(x) = at(at(x));
        return x;
    }

    void unite(Index a, Index b) {
        a = find(a), b = find(b);
        if (a != b) at(std::max(a, b)) = std::min(a, b);
    }

private:
    Index& at(Index x) { return parent_[static_cast<std::size_t>(x)]; }
    std::vector<Index> parent_;
};

}  // namespace dl
