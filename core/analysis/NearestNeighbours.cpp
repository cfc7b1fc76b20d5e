#include "analysis/NearestNeighbours.h"

#include <ATen/ATen.h>
#include <cstdint>

#include <algorithm>
#include <cmath>
#include <queue>

namespace dl {

namespace {

// "Better" = higher cosine, then lower row: the heap's top is the worst kept neighbour.
bool better(const Neighbour& a, const Neighbour& b) {
    return a.cosine > b.cosine || (a.cosine == b.cosine && a.row < b.row);
}

struct WorseOnTop {
    bool operator()(const Neighbour& a, const Neighbour& b) const { return better(a, b); }
};
using TopK = std::priority_queue<Neighbour, std::vector<Neighbour>, WorseOnTop>;

void offer(TopK& top, int k, Neighbour candidate) {
    if (int(top.size()) < k) {
        top.push(candidate);
    } else if (better(candidate, top.top())) {
        top.pop();
        top.push(candidate);
    }
}

}  // namespace

Expected<std::vector<std::vector<Neighbour>>> nearestByCosine(RowBlockSource& rows, std::span<const float> queries,
                                                              int queryCount, const NeighbourParams& params,
                                                              ProgressSink& progress, const CancelToken& cancel) {
    const int dim = rows.cols();
    if (queryCount < 1) return fail("No query vector to compare.");
    if (params.k < 1) return usageError("The number of neighbours must be positive.");
    if (queries.size() != std::size_t(queryCount) * std::size_t(dim))
        return fail("The query vectors have " + std::to_string(queries.size() / std::size_t(queryCount)) +
                    " dimensions; the stored vectors have " + std::to_string(dim) + ".");
    // Unit query columns (dim x queries): the GEMM then gives dot(row, q) / |q|.
    at::Tensor q = at::from_blob(const_cast<float*>(queries.data()), {queryCount, dim}, at::kFloat).clone();
    const at::Tensor qNorm = q.norm(2, 1, true);
    if ((qNorm == 0).any().item<bool>()) return fail("A query vector is zero: its cosine similarity is undefined.");
    const at::Tensor qt = (q / qNorm).t().contiguous();

    auto top = std::vector<TopK>(std::size_t(queryCount));
    const std::int64_t n = rows.rows(), block = std::max<std::int64_t>(1, params.blockRows);
    std::vector<float> buffer(std::size_t(std::min(block, std::max<std::int64_t>(n, 1))) * std::size_t(dim));
    progress.progress(0, n);
    for (std::int64_t first = 0; first < n; first += block) {
        cancel.throwIfCancelled();
        const std::int64_t count = std::min(block, n - first);
        const float* data = rows.inPlace(first);
        if (!data) {
            if (auto s = rows.read(first, count, buffer.data()); !s) return std::unexpected(s.error());
            data = buffer.data();
        }
        const at::Tensor x = at::from_blob(const_cast<float*>(data), {count, dim}, at::kFloat);
        const at::Tensor dots = at::mm(x, qt);                   // count x queries
        const at::Tensor norms = x.norm(2, 1).unsqueeze(1);      // count x 1
        const at::Tensor cosine = (dots / norms).contiguous();   // zero rows: NaN, skipped below
        const float* c = cosine.data_ptr<float>();
        for (std::int64_t i = 0; i < count; ++i)
            for (int j = 0; j < queryCount; ++j) {
                const float v = c[i * queryCount + j];
                if (std::isfinite(v)) offer(top[std::size_t(j)], params.k, {first + i, v});
            }
        progress.progress(first + count, n);
    }
    auto out = std::vector<std::vector<Neighbour>>(std::size_t(queryCount));
    for (std::size_t j = 0; j < out.size(); ++j) {
        auto& list = out[j];
        while (!top[j].empty()) {
            list.push_back(top[j].top());
            top[j].pop();
        }
        std::sort(list.begin(), list.end(), better);
    }
    return out;
}

}  // namespace dl
