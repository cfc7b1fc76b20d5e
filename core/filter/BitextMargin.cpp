#include "filter/BitextMargin.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include <Eigen/Core>

#include "common/Parallel.h"

namespace dl {
namespace {

using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Unit rows in place; a zero or non-finite row becomes zero. Returns how many were.
std::int64_t normaliseRows(std::vector<float>& v, std::int64_t n, int dim, std::vector<char>& zero) {
    std::int64_t zeros = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        float* row = v.data() + i * dim;
        double s = 0;
        for (int c = 0; c < dim; ++c) s += double(row[c]) * row[c];
        if (!(s > 0) || !std::isfinite(s)) {
            std::fill(row, row + dim, 0.0f);
            zero[std::size_t(i)] = 1;
            ++zeros;
            continue;
        }
        const float inv = float(1.0 / std::sqrt(s));
        for (int c = 0; c < dim; ++c) row[c] *= inv;
    }
    return zeros;
}

// For every row of a, the mean of its k highest cosines with the rows of b (both unit, n x dim):
// one task per row block of a, every column block of b multiplied in turn, a top-k per row.
Status knnMeans(const std::vector<float>& a, const std::vector<float>& b, std::int64_t n, int dim, int k,
                std::int64_t block, int threads, const CancelToken& cancel, std::vector<float>& out) {
    out.assign(std::size_t(n), 0.0f);
    const std::int64_t blocks = (n + block - 1) / block;
    return parallelBlocks(blocks, threads, &cancel, [&](std::int64_t t, int) {
        const std::int64_t r0 = t * block, r1 = std::min(n, r0 + block);
        const Eigen::Map<const RowMatrix> rows(a.data() + r0 * dim, r1 - r0, dim);
        // top[i * k .. i * k + k): row i's best cosines so far, ascending (the smallest first).
        std::vector<float> top(std::size_t((r1 - r0) * k), -std::numeric_limits<float>::infinity());
        RowMatrix s;
        for (std::int64_t c0 = 0; c0 < n; c0 += block) {
            if (cancel.isCancelled()) return;
            const std::int64_t c1 = std::min(n, c0 + block);
            const Eigen::Map<const RowMatrix> cols(b.data() + c0 * dim, c1 - c0, dim);
            s.noalias() = rows * cols.transpose();
            for (std::int64_t i = 0; i < s.rows(); ++i) {
                float* best = top.data() + i * k;
                for (std::int64_t j = 0; j < s.cols(); ++j) {
                    const float v = s(i, j);
                    if (!(v > best[0])) continue;
                    int at = 0;  // insert v, dropping the smallest
                    while (at + 1 < k && best[at + 1] < v) {
                        best[at] = best[at + 1];
                        ++at;
                    }
                    best[at] = v;
                }
            }
        }
        for (std::int64_t i = 0; i < r1 - r0; ++i) {
            double sum = 0;
            for (int j = 0; j < k; ++j) sum += top[std::size_t(i * k + j)];
            out[std::size_t(r0 + i)] = float(sum / k);
        }
    });
}

}  // namespace

Expected<MarginResult> ratioMargins(std::vector<float> src, std::vector<float> tgt, int dim, const MarginOptions& o,
                                    const CancelToken& cancel) {
    if (dim <= 0 || src.size() != tgt.size() || src.size() % std::size_t(dim) != 0)
        return fail("bitext margin: the source and target vectors do not agree in size.");
    if (o.k < 1) return usageError("--margin-k must be at least 1.");
    const auto n = static_cast<std::int64_t>(src.size() / std::size_t(dim));
    MarginResult out;
    if (n == 0) return out;
    const int k = int(std::min<std::int64_t>(o.k, n));
    const std::int64_t block = std::max<std::int64_t>(16, o.blockRows);
    std::vector<char> zero(std::size_t(n), 0);
    out.zeroVectors = normaliseRows(src, n, dim, zero);
    std::vector<char> zeroTgt(std::size_t(n), 0);
    out.zeroVectors += normaliseRows(tgt, n, dim, zeroTgt);
    for (std::int64_t i = 0; i < n; ++i) zero[std::size_t(i)] |= zeroTgt[std::size_t(i)];
    if (cancel.isCancelled()) return cancelled();
    if (auto s = knnMeans(src, tgt, n, dim, k, block, o.threads, cancel, out.knnSrc); !s)
        return std::unexpected(s.error());
    if (cancel.isCancelled()) return cancelled();
    if (auto s = knnMeans(tgt, src, n, dim, k, block, o.threads, cancel, out.knnTgt); !s)
        return std::unexpected(s.error());
    if (cancel.isCancelled()) return cancelled();
    out.margin.assign(std::size_t(n), 0.0f);
    out.cosine.assign(std::size_t(n), 0.0f);
    for (std::int64_t i = 0; i < n; ++i) {
        const auto u = std::size_t(i);
        double c = 0;
        for (int d = 0; d < dim; ++d)
            c += double(src[u * std::size_t(dim) + std::size_t(d)]) * tgt[u * std::size_t(dim) + std::size_t(d)];
        out.cosine[u] = float(c);
        const double denom = (double(out.knnSrc[u]) + double(out.knnTgt[u])) / 2;
        if (zero[u] || !(denom > 0)) continue;
        out.margin[u] = float(c / denom);
    }
    return out;
}

}  // namespace dl
