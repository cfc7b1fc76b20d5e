// PCA: covariance in one blocked pass, Eigen eigen-decomposition, blocked projection.
#include "analysis/PcaCovariance.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <random>

#include "analysis/GramAccumulatorImpl.h"
#include "analysis/TensorImpl.h"

namespace dl {

// Axes = the leading eigenvectors of the covariance; sign as scikit-learn's
// svd_flip(u_based_decision=False): the largest-magnitude entry of each axis is positive.
Expected<PcaModel> pcaFromCovariance(std::vector<double> mean, const std::vector<double>& cov, std::int64_t rows,
                                     int components) {
    const int dim = static_cast<int>(mean.size());
    if (cov.size() != mean.size() * mean.size()) return fail("PCA: the covariance does not match the mean's dimension.");
    if (components < 1 || components > dim)
        return usageError("PCA components must be between 1 and the dimension " + std::to_string(dim) + " (got " +
                          std::to_string(components) + ").");
    const bool finite = std::all_of(cov.begin(), cov.end(), [](double v) { return std::isfinite(v); }) &&
                        std::all_of(mean.begin(), mean.end(), [](double v) { return std::isfinite(v); });
    if (!finite) return fail("The data contain NaN or infinite values (or values too large to square); PCA is not possible.");
    using RowMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    Eigen::MatrixXd C = Eigen::Map<const RowMat>(cov.data(), dim, dim);
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(C);
    if (es.info() != Eigen::Success) return fail("PCA: the eigen-decomposition did not converge.");
    const Eigen::VectorXd& ev = es.eigenvalues();  // ascending
    const double total = std::max(ev.sum(), 0.0);
    PcaModel model;
    model.inputDim = dim;
    model.components = components;
    model.fitRows = rows;
    model.mean = std::move(mean);
    model.axes.resize(static_cast<std::size_t>(components) * dim);
    for (int c = 0; c < components; ++c) {
        const int col = dim - 1 - c;
        Eigen::VectorXd v = es.eigenvectors().col(col);
        Eigen::Index arg = 0;
        v.cwiseAbs().maxCoeff(&arg);
        if (v[arg] < 0) v = -v;
        for (int j = 0; j < dim; ++j) model.axes[static_cast<std::size_t>(c) * dim + j] = v[j];
        const double var = std::max(ev[col], 0.0);
        model.explainedVariance.push_back(var);
        model.explainedVarianceRatio.push_back(total > 0 ? var / total : 0.0);
    }
    return model;
}

namespace {

// Rows per block: 8192 x 384 float32 = 12 MB, large enough for GEMM efficiency, small
// enough for the cache and for float32 rounding within a block.
constexpr std::int64_t kBlock = 8192;

Status checkShape(std::int64_t n, int dim, const PcaParams& params) {
    if (n < 2) return usageError("PCA needs at least 2 rows (got " + std::to_string(n) + ").");
    if (params.components < 1 || params.components > dim)
        return usageError("PCA components must be between 1 and the dimension " + std::to_string(dim) + " (got " +
                          std::to_string(params.components) + ").");
    return {};
}

// Sorted random sample of m of n rows (partial Fisher-Yates; the same rows as before for a seed).
std::vector<std::int64_t> sampleRows(std::int64_t n, std::int64_t m, std::uint64_t seed) {
    std::vector<std::int64_t> idx(static_cast<std::size_t>(n));
    std::iota(idx.begin(), idx.end(), 0);
    std::mt19937_64 rng(seed);
    for (std::int64_t i = 0; i < m; ++i) {
        std::uniform_int_distribution<std::int64_t> pick(i, n - 1);
        std::swap(idx[static_cast<std::size_t>(i)], idx[static_cast<std::size_t>(pick(rng))]);
    }
    idx.resize(static_cast<std::size_t>(m));
    std::sort(idx.begin(), idx.end());
    return idx;
}

std::int64_t fitRowCount(std::int64_t n, const PcaParams& params) {
    return params.maxFitRows > 0 && n > params.maxFitRows ? std::max<std::int64_t>(params.maxFitRows, 2) : n;
}

Expected<PcaModel> modelFromCovariance(const GramAccumulator& acc, const PcaParams& params) {
    std::vector<double> mean, cov;
    acc.finish(mean, cov);
    return pcaFromCovariance(std::move(mean), cov, acc.count(), params.components);
}

at::Tensor hostFloatRows(const float* p, std::int64_t rows, int cols) {
    return at::from_blob(const_cast<float*>(p), {rows, cols}, at::TensorOptions().dtype(at::kFloat));
}


// Visits `rows` in blocks of kBlock as float32 tensors (the source's own memory when it has
// the rows in place, else one reused buffer), checking for cancel between blocks. `visit`
// gets the first row's index and the block; it may throw (the callers' try blocks catch).
Status forEachRowBlock(RowBlockSource& rows, const CancelToken& cancel,
                       const std::function<void(std::int64_t, const at::Tensor&)>& visit) {
    const std::int64_t n = rows.rows();
    const int dim = rows.cols();
    at::Tensor buf = at::empty({std::min(kBlock, std::max<std::int64_t>(n, 1)), dim}, at::TensorOptions().dtype(at::kFloat));
    for (std::int64_t s = 0; s < n; s += kBlock) {
        if (cancel.isCancelled()) return cancelled();
        const std::int64_t len = std::min(kBlock, n - s);
        if (const float* p = rows.inPlace(s)) {
            visit(s, hostFloatRows(p, len, dim));
        } else {
            if (auto st = rows.read(s, len, buf.data_ptr<float>()); !st) return std::unexpected(st.error());
            visit(s, buf.narrow(0, 0, len));
        }
    }
    return {};
}

}  // namespace

Expected<PcaModel> fitPcaCovariance(const DataMatrix& x, const PcaParams& params, const CancelToken& cancel) {
    const std::int64_t n = x.rows();
    const int dim = x.cols();
    if (auto s = checkShape(n, dim, params); !s) return std::unexpected(s.error());
    const at::Tensor& t = x.d->t;
    GramAccumulator acc(dim);
    const std::int64_t m = fitRowCount(n, params);
    try {
        if (m == n) {
            for (std::int64_t s = 0; s < n; s += kBlock) {
                if (cancel.isCancelled()) return cancelled();
                acc.add(t.narrow(0, s, std::min(kBlock, n - s)));
            }
        } else {  // gather the sample block by block: no copy of all sampled rows at once
            const auto idx = sampleRows(n, m, params.seed);
            for (std::int64_t s = 0; s < m; s += kBlock) {
                if (cancel.isCancelled()) return cancelled();
                const std::int64_t len = std::min(kBlock, m - s);
                std::vector<std::int64_t> part(idx.begin() + s, idx.begin() + s + len);
                acc.add(t.index_select(0, at::tensor(part, at::TensorOptions().dtype(at::kLong)).to(t.device())));
            }
        }
    } catch (const std::exception& e) {
        return fail(std::string("PCA failed: ") + e.what());
    }
    return modelFromCovariance(acc, params);
}

Expected<PcaModel> fitPcaCovariance(RowBlockSource& rows, const PcaParams& params, const CancelToken& cancel) {
    const std::int64_t n = rows.rows();
    const int dim = rows.cols();
    if (auto s = checkShape(n, dim, params); !s) return std::unexpected(s.error());
    GramAccumulator acc(dim);
    const std::int64_t m = fitRowCount(n, params);
    const auto idx = m < n ? sampleRows(n, m, params.seed) : std::vector<std::int64_t>{};
    std::size_t nextSample = 0;
    try {
        auto visited = forEachRowBlock(rows, cancel, [&](std::int64_t s, const at::Tensor& block) {
            if (m == n) return acc.add(block);
            std::vector<std::int64_t> local;  // sampled rows inside this block
            while (nextSample < idx.size() && idx[nextSample] < s + block.size(0)) local.push_back(idx[nextSample++] - s);
            if (!local.empty()) acc.add(block.index_select(0, at::tensor(local, at::TensorOptions().dtype(at::kLong))));
        });
        if (!visited) return std::unexpected(visited.error());
    } catch (const std::exception& e) {
        return fail(std::string("PCA failed: ") + e.what());
    }
    return modelFromCovariance(acc, params);
}

namespace {

struct Projector {
    at::Tensor axesT, meanProj;  // d x c in the input's dtype; 1 x c (mean · axesᵀ) in the output's
    Projector(const PcaModel& model, at::ScalarType input, const at::TensorOptions& out) {
        const auto dopt = at::TensorOptions().dtype(at::kDouble);
        at::Tensor axes = at::from_blob(const_cast<double*>(model.axes.data()), {model.components, model.inputDim}, dopt);
        at::Tensor mean = at::from_blob(const_cast<double*>(model.mean.data()), {1, model.inputDim}, dopt);
        meanProj = at::mm(mean, axes.t()).to(out);  // in float64, then the output dtype
        axesT = axes.t().contiguous().to(out.dtype(input));
    }
    // dst = block · axesᵀ - mean · axesᵀ (products in the block's dtype).
    void apply(const at::Tensor& block, at::Tensor dst) const {
        const at::Tensor b = block.to(axesT.device());
        if (dst.scalar_type() == b.scalar_type()) at::mm_out(dst, b, axesT);
        else dst.copy_(at::mm(b, axesT));
        dst.sub_(meanProj);
    }
};

}  // namespace

Expected<DataMatrix> projectPcaBlocked(const PcaModel& model, const DataMatrix& x, const CancelToken& cancel) {
    if (x.cols() != model.inputDim)
        return usageError("PCA was fitted on " + std::to_string(model.inputDim) + " dimensions, data have " +
                          std::to_string(x.cols()) + ".");
    const at::Tensor& t = x.d->t;
    try {
        Projector proj(model, t.scalar_type(), t.options());
        at::Tensor out = at::empty({x.rows(), model.components}, t.options());
        for (std::int64_t s = 0; s < x.rows(); s += kBlock) {
            if (cancel.isCancelled()) return cancelled();
            const std::int64_t len = std::min(kBlock, x.rows() - s);
            proj.apply(t.narrow(0, s, len), out.narrow(0, s, len));
        }
        return wrapTensor(out);
    } catch (const std::exception& e) {
        return fail(std::string("PCA projection failed: ") + e.what());
    }
}

Expected<DataMatrix> projectPcaBlocked(const PcaModel& model, RowBlockSource& rows, Precision precision, bool cuda,
                                       const CancelToken& cancel) {
    if (rows.cols() != model.inputDim)
        return usageError("PCA was fitted on " + std::to_string(model.inputDim) + " dimensions, data have " +
                          std::to_string(rows.cols()) + ".");
    const std::int64_t n = rows.rows();
    try {
        // float32 products (the rows are float32), output in the requested precision.
        const auto work = at::TensorOptions().dtype(precision == Precision::Float64 ? at::kDouble : at::kFloat);
        Projector proj(model, at::kFloat, work);
        at::Tensor out = at::empty({n, model.components}, work);
        auto visited = forEachRowBlock(rows, cancel,
                                       [&](std::int64_t s, const at::Tensor& block) { proj.apply(block, out.narrow(0, s, block.size(0))); });
        if (!visited) return std::unexpected(visited.error());
        if (cuda && at::hasCUDA()) out = out.to(at::kCUDA);
        return wrapTensor(out);
    } catch (const std::exception& e) {
        return fail(std::string("PCA projection failed: ") + e.what());
    }
}

}  // namespace dl
