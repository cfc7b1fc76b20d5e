// k-means (Lloyd on tensors, k-means++ seeding on the host with Eigen); split out of Gmm.cpp.
#include "analysis/Gmm.h"

#include <Eigen/Dense>
#include <cstdint>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

#include "analysis/LloydImpl.h"
#include "analysis/TensorImpl.h"
#include "jobs/RunJob.h"

namespace dl {

namespace {
using RowMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

at::Tensor hostDoubleContig(const at::Tensor& t) { return hostDouble(t); }

}  // namespace

Status checkFitData(const DataMatrix& x, int k, const char* what) {
    if (!x.d || x.rows() == 0) return usageError(std::string(what) + " needs data, but there are no rows.");
    if (k < 1) return usageError(std::string(what) + " needs at least one component (k = " + std::to_string(k) + ").");
    if (k > x.rows())
        return usageError(std::string(what) + " with k = " + std::to_string(k) +
                          " needs at least k rows, but there are " + std::to_string(x.rows()) + ".");
    if (!x.allFinite())
        return fail("The data contain NaN or infinite values; " + std::string(what) + " is not possible.");
    return {};
}

namespace {

// Mean per-feature variance of the rows of all processes (one process: the original two-pass
// variance; several: from summed moments, the rows being centred on the global mean already).
double meanVariance(const at::Tensor& xc, StatsReducer& red) {
    if (red.size() == 1) return xc.to(at::kDouble).var(0, false).mean().item<double>();
    at::Tensor xd = xc.to(at::kDouble);
    at::Tensor m = at::cat({xd.sum(0), (xd * xd).sum(0), at::full({1}, double(xc.size(0)), xd.options())});
    reduceTensor(m, red);
    const std::int64_t d = xc.size(1);
    const double n = m[2 * d].item<double>();
    at::Tensor mean = m.narrow(0, 0, d) / n;
    return (m.narrow(0, d, d) / n - mean * mean).mean().item<double>();
}

// The `count` rows farthest from their centres over all processes (values + rows, gathered on
// every process through one sum of per-process slots), largest first.
at::Tensor farthestRows(const at::Tensor& xc, const at::Tensor& mind, std::int64_t count, StatsReducer& red) {
    if (red.size() == 1) return xc.index_select(0, std::get<1>(mind.topk(count)));
    const std::int64_t d = xc.size(1), take = std::min<std::int64_t>(count, xc.size(0));
    auto [val, idx] = mind.topk(take);
    const auto f64 = at::TensorOptions().dtype(at::kDouble);
    at::Tensor slots = at::zeros({red.size(), count, d + 1}, f64);  // [distance, row...] per process
    at::Tensor valid = at::zeros({red.size(), count}, f64);
    at::Tensor mine = slots[red.rank()].narrow(0, 0, take);
    mine.select(1, 0).copy_(val.to(at::kCPU, at::kDouble));
    mine.narrow(1, 1, d).copy_(xc.index_select(0, idx).to(at::kCPU, at::kDouble));
    valid[red.rank()].narrow(0, 0, take).fill_(1.0);
    red.sum({slots.data_ptr<double>(), static_cast<std::size_t>(slots.numel())});
    red.sum({valid.data_ptr<double>(), static_cast<std::size_t>(valid.numel())});
    at::Tensor flat = slots.reshape({-1, d + 1});
    at::Tensor score = at::where(valid.flatten() > 0, flat.select(1, 0),
                                 at::full_like(flat.select(1, 0), -std::numeric_limits<double>::infinity()));
    at::Tensor pick = std::get<1>(score.topk(count));
    return flat.index_select(0, pick).narrow(1, 1, d).to(xc.options());
}

}  // namespace

LloydResult lloyd(const at::Tensor& xc, at::Tensor centers, int maxIter, double tol, const CancelToken& cancel) {
    LocalReducer local;
    return lloyd(xc, std::move(centers), maxIter, tol, cancel, local);
}

LloydResult lloyd(const at::Tensor& xc, at::Tensor centers, int maxIter, double tol, const CancelToken& cancel,
                  StatsReducer& red) {
    const std::int64_t n = xc.size(0), chunk = 65536;
    const std::int64_t k = centers.size(0);
    at::Tensor xsq = (xc * xc).sum(1);
    at::Tensor labels = at::full({n}, -1, xc.options().dtype(at::kLong));
    at::Tensor old = labels.clone();
    at::Tensor mind = at::empty({n}, xc.options());
    // scikit-learn: tol scaled by the mean per-feature variance.
    const double tolAbs = meanVariance(xc, red) * tol;
    auto assign = [&](const at::Tensor& c) {
        at::Tensor csq = (c * c).sum(1);
        for (std::int64_t s = 0; s < n; s += chunk) {
            cancel.throwIfCancelled();
            const std::int64_t len = std::min(chunk, n - s);
            at::Tensor d2 = at::addmm(csq.unsqueeze(0), xc.narrow(0, s, len), c.t(), 1.0, -2.0)
                                .add_(xsq.narrow(0, s, len).unsqueeze(1));
            auto [mn, am] = d2.min(1);
            labels.narrow(0, s, len).copy_(am);
            mind.narrow(0, s, len).copy_(mn);
        }
    };
    bool strict = false;
    int it = 0;
    for (it = 0; it < maxIter; ++it) {
        assign(centers);
        at::Tensor sums = at::zeros_like(centers).index_add_(0, labels, xc);
        at::Tensor counts = at::bincount(labels, {}, k).to(xc.scalar_type());
        reduceTensor(sums, red);
        reduceTensor(counts, red);
        at::Tensor fresh = sums / counts.clamp_min(1).unsqueeze(1);
        at::Tensor empty = (counts == 0).nonzero().flatten();
        if (empty.numel() > 0)  // relocate empty clusters to the farthest points
            fresh.index_copy_(0, empty, farthestRows(xc, mind, empty.numel(), red));
        const double shift = (fresh - centers).pow(2).sum().item<double>();
        centers = fresh;
        double changed = at::equal(labels, old) ? 0.0 : 1.0;
        red.sum({&changed, 1});
        if (changed == 0) {
            strict = true;
            ++it;
            break;
        }
        if (shift <= tolAbs) {
            ++it;
            break;
        }
        old.copy_(labels);
    }
    if (!strict) assign(centers);
    double inertia = 0;
    for (std::int64_t s = 0; s < n; s += chunk) {
        const std::int64_t len = std::min(chunk, n - s);
        inertia += (xc.narrow(0, s, len) - centers.index_select(0, labels.narrow(0, s, len)))
                       .pow(2)
                       .sum()
                       .to(at::kDouble)
                       .item<double>();
    }
    red.sum({&inertia, 1});
    return {centers, labels, inertia, std::max(it, 1)};
}

at::Tensor seedCenters(const at::Tensor& xc, int k, std::uint64_t seed) {
    at::Tensor h = hostDoubleContig(xc);
    auto c = kmeansPlusPlus(h.data_ptr<double>(), h.size(0), static_cast<int>(h.size(1)), k, seed);
    return hostTensor(c, {k, h.size(1)}).to(xc.options());
}

namespace {

Expected<KMeansFit> kmeansImpl(const at::Tensor& x, const KMeansParams& params, const CancelToken& cancel) {
    const int d = static_cast<int>(x.size(1));
    at::Tensor mean = x.to(at::kDouble).mean(0).to(x.scalar_type());
    at::Tensor xc = x - mean;
    std::mt19937_64 rng(params.seed);
    LloydResult best;
    bool have = false;
    const int runs = params.initialCenters.empty() ? std::max(1, params.nInit) : 1;
    for (int r = 0; r < runs; ++r) {
        at::Tensor init;
        if (!params.initialCenters.empty()) {
            if (params.initialCenters.size() != std::size_t(params.k) * d)
                return usageError("Initial k-means centres must be k x d = " + std::to_string(params.k) + " x " +
                                  std::to_string(d) + " values.");
            init = hostTensor(params.initialCenters, {params.k, d}).to(x.options()) - mean;
        } else {
            init = seedCenters(xc, params.k, rng());
        }
        auto res = lloyd(xc, init, params.maxIter, params.tol, cancel);
        if (!have || res.inertia < best.inertia) best = std::move(res), have = true;
    }
    KMeansFit fit;
    fit.centers = toVec(best.centers + mean);
    auto lab = best.labels.to(at::kCPU).to(at::kInt).contiguous();
    fit.labels.assign(lab.data_ptr<std::int32_t>(), lab.data_ptr<std::int32_t>() + lab.numel());
    fit.inertia = best.inertia;
    fit.iterations = best.iterations;
    return fit;
}

}  // namespace

std::vector<double> kmeansPlusPlus(const double* data, std::int64_t rows, int cols, int k, std::uint64_t seed) {
    Eigen::Map<const RowMat> X(data, rows, cols);
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> uni(0.0, 1.0);
    const int trials = 2 + static_cast<int>(std::log(static_cast<double>(k)));
    RowMat centers(k, cols);
    std::uniform_int_distribution<std::int64_t> first(0, rows - 1);
    centers.row(0) = X.row(first(rng));
    Eigen::VectorXd closest = (X.rowwise() - centers.row(0)).rowwise().squaredNorm();
    double pot = closest.sum();
    Eigen::VectorXd cum(rows), cand(rows), bestD(rows);
    for (int c = 1; c < k; ++c) {
        std::partial_sum(closest.data(), closest.data() + rows, cum.data());
        double bestPot = std::numeric_limits<double>::infinity();
        std::int64_t bestId = 0;
        for (int t = 0; t < trials; ++t) {
            const double v = uni(rng) * pot;
            std::int64_t id = std::upper_bound(cum.data(), cum.data() + rows, v) - cum.data();
            id = std::min<std::int64_t>(id, rows - 1);
            cand = (X.rowwise() - X.row(id)).rowwise().squaredNorm().cwiseMin(closest);
            const double p = cand.sum();
            if (p < bestPot) bestPot = p, bestId = id, bestD = cand;
        }
        centers.row(c) = X.row(bestId);
        closest = bestD;
        pot = bestPot;
    }
    return {centers.data(), centers.data() + centers.size()};
}

Expected<KMeansFit> fitKMeans(const DataMatrix& x, const KMeansParams& params, const CancelToken& cancel) {
    if (auto s = checkFitData(x, params.k, "k-means"); !s) return std::unexpected(s.error());
    return runJob<KMeansFit>([&]() { return kmeansImpl(x.d->t, params, cancel); });
}

}  // namespace dl
