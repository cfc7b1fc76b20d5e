#include "filter/SemanticDup.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <mutex>
#include <numeric>
#include <unordered_map>

#include <Eigen/Core>

#include "common/Parallel.h"
#include "common/UnionFind.h"

namespace dl {
namespace {

using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// One task: the tile row [rowBlock] of a cluster against every tile column at or after it. The
// pairs it finds are reduced to a spanning forest (a local union-find over the rows it saw)
// before they join the global one, so what a task hands back is at most one edge per row.
struct Task {
    std::size_t cluster = 0;
    std::int64_t rowBlock = 0;
};

}  // namespace

Expected<SemDupResult> findSemanticDuplicates(std::vector<float> v, int dim, std::span<const std::int32_t> labels,
                                              std::span<const std::int64_t> bytes, const SemDupOptions& o,
                                              const CancelToken& cancel) {
    if (!(o.eps > 0 && o.eps <= 0.5)) return usageError("--eps must be in (0, 0.5] (cosine at least 1 - eps).");
    if (dim <= 0 || v.size() != labels.size() * std::size_t(dim) || bytes.size() != labels.size())
        return fail("semantic-dup: the vectors, labels and lengths do not agree in size.");
    const auto n = static_cast<std::int64_t>(labels.size());
    const std::int64_t block = std::max<std::int64_t>(16, o.blockRows);
    SemDupResult out;

    // Unit vectors; a zero row stays zero and is left out of the clusters.
    std::vector<std::int32_t> label(labels.begin(), labels.end());
    for (std::int64_t i = 0; i < n; ++i) {
        float* row = v.data() + i * dim;
        double s = 0;
        for (int k = 0; k < dim; ++k) s += double(row[k]) * row[k];
        if (!(s > 0) || !std::isfinite(s)) {
            std::fill(row, row + dim, 0.0f);
            if (label[std::size_t(i)] >= 0) ++out.zeroVectors;
            label[std::size_t(i)] = -1;
            continue;
        }
        const float inv = float(1.0 / std::sqrt(s));
        for (int k = 0; k < dim; ++k) row[k] *= inv;
    }
    if (cancel.isCancelled()) return cancelled();

    // Members per cluster, in index order.
    std::unordered_map<std::int32_t, std::size_t> slot;
    std::vector<std::vector<std::int64_t>> members;
    for (std::int64_t i = 0; i < n; ++i) {
        const auto c = label[std::size_t(i)];
        if (c < 0) continue;
        auto [it, fresh] = slot.try_emplace(c, members.size());
        if (fresh) members.emplace_back();
        members[it->second].push_back(i);
    }
    std::vector<Task> tasks;
    for (std::size_t c = 0; c < members.size(); ++c) {
        const auto m = static_cast<std::int64_t>(members[c].size());
        if (m < 2) continue;
        ++out.clusters;
        for (std::int64_t b = 0; b * block < m; ++b) tasks.push_back({c, b});
    }

    const float cut = float(1.0 - o.eps);
    UnionFind<std::int64_t> groups(static_cast<std::size_t>(n));
    std::mutex merge;
    std::int64_t pairs = 0;
    auto status = parallelBlocks(static_cast<std::int64_t>(tasks.size()), o.threads, &cancel, [&](std::int64_t t, int) {
        const auto& task = tasks[std::size_t(t)];
        const auto& idx = members[task.cluster];
        const auto m = static_cast<std::int64_t>(idx.size());
        const std::int64_t r0 = task.rowBlock * block, r1 = std::min(m, r0 + block);
        RowMatrix a(r1 - r0, dim), b;
        for (std::int64_t r = r0; r < r1; ++r)
            a.row(r - r0) = Eigen::Map<const Eigen::RowVectorXf>(v.data() + idx[std::size_t(r)] * dim, dim);
        std::unordered_map<std::int64_t, std::int64_t> local;  // a spanning forest of this task's pairs
        auto findLocal = [&](std::int64_t x) {
            auto it = local.try_emplace(x, x).first;
            while (it->second != x) {
                x = it->second;
                it = local.find(x);
            }
            return x;
        };
        std::vector<std::pair<std::int64_t, std::int64_t>> edges;
        std::int64_t found = 0;
        for (std::int64_t c0 = r0; c0 < m; c0 += block) {
            if (cancel.isCancelled()) return;
            const std::int64_t c1 = std::min(m, c0 + block);
            b.resize(c1 - c0, dim);
            for (std::int64_t r = c0; r < c1; ++r)
                b.row(r - c0) = Eigen::Map<const Eigen::RowVectorXf>(v.data() + idx[std::size_t(r)] * dim, dim);
            const RowMatrix s = a * b.transpose();
            for (std::int64_t i = 0; i < s.rows(); ++i)
                for (std::int64_t j = (c0 == r0 ? i + 1 : 0); j < s.cols(); ++j) {
                    if (s(i, j) < cut) continue;
                    ++found;
                    const auto x = findLocal(idx[std::size_t(r0 + i)]), y = findLocal(idx[std::size_t(c0 + j)]);
                    if (x == y) continue;
                    local[std::max(x, y)] = std::min(x, y);
                    edges.emplace_back(x, y);
                }
        }
        std::lock_guard lock(merge);
        pairs += found;
        for (auto [x, y] : edges) groups.unite(x, y);
    });
    if (!status) return std::unexpected(status.error());
    if (cancel.isCancelled()) return cancelled();
    out.pairs = pairs;

    // The kept member of each group.
    std::vector<double> centrality;
    if (o.keep == KeepRule::Central) {
        centrality.assign(std::size_t(n), 0.0);
        for (const auto& idx : members) {
            Eigen::VectorXd centroid = Eigen::VectorXd::Zero(dim);
            for (auto i : idx) centroid += Eigen::Map<const Eigen::VectorXf>(v.data() + i * dim, dim).cast<double>();
            for (auto i : idx)
                centrality[std::size_t(i)] =
                    Eigen::Map<const Eigen::VectorXf>(v.data() + i * dim, dim).cast<double>().dot(centroid);
        }
    }
    std::unordered_map<std::int64_t, std::int64_t> kept, size;
    for (std::int64_t i = 0; i < n; ++i) {
        if ((i & 0xffff) == 0 && cancel.isCancelled()) return cancelled();
        if (label[std::size_t(i)] < 0) continue;
        const auto root = groups.find(i);
        ++size[root];
        auto [it, fresh] = kept.try_emplace(root, i);
        if (fresh) continue;
        const auto k = it->second;
        const bool better = o.keep == KeepRule::Longest   ? bytes[std::size_t(i)] > bytes[std::size_t(k)]
                            : o.keep == KeepRule::Central ? centrality[std::size_t(i)] > centrality[std::size_t(k)]
                                                          : false;
        if (better) it->second = i;
    }
    for (const auto& [root, count] : size) out.groups += count > 1 ? 1 : 0;
    for (std::int64_t i = 0; i < n; ++i) {
        if (label[std::size_t(i)] < 0) continue;
        const auto k = kept[groups.find(i)];
        if (k == i) continue;
        const double cosine = Eigen::Map<const Eigen::VectorXf>(v.data() + i * dim, dim)
                                  .dot(Eigen::Map<const Eigen::VectorXf>(v.data() + k * dim, dim));
        out.removed.push_back({i, k, cosine});
    }
    return out;
}

}  // namespace dl
