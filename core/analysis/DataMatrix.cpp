// DataMatrix (tensor on the job's device) and PCA.
#include "analysis/DataMatrix.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "analysis/TensorImpl.h"

namespace dl {

DataMatrix::DataMatrix() = default;
DataMatrix::~DataMatrix() = default;
DataMatrix::DataMatrix(const DataMatrix&) = default;
DataMatrix& DataMatrix::operator=(const DataMatrix&) = default;
DataMatrix::DataMatrix(DataMatrix&&) noexcept = default;
DataMatrix& DataMatrix::operator=(DataMatrix&&) noexcept = default;

bool cudaAvailable() { return at::hasCUDA(); }

namespace {

at::ScalarType scalarType(Precision p) { return p == Precision::Float64 ? at::kDouble : at::kFloat; }

template <class T>
Expected<DataMatrix> fromHost(std::span<const T> data, std::int64_t rows, int cols, Precision precision, bool cuda,
                              at::ScalarType src) {
    if (rows < 0 || cols <= 0 || static_cast<std::int64_t>(data.size()) != rows * cols)
        return usageError("Matrix data does not match its shape (" + std::to_string(rows) + " x " +
                          std::to_string(cols) + ", " + std::to_string(data.size()) + " values).");
    try {
        auto host = at::from_blob(const_cast<T*>(data.data()), {rows, cols}, at::TensorOptions().dtype(src));
        at::Tensor t = host.to(scalarType(precision), /*non_blocking=*/false, /*copy=*/true);
        if (cuda && at::hasCUDA()) t = t.to(at::kCUDA);
        return wrapTensor(t);
    } catch (const std::bad_alloc&) {
        return fail("Out of memory for a " + std::to_string(rows) + " x " + std::to_string(cols) + " matrix.");
    } catch (const std::exception& e) {
        return fail(std::string("Could not create the data matrix: ") + e.what());
    }
}

constexpr std::int64_t kChunk = 65536;

}  // namespace

Expected<DataMatrix> DataMatrix::fromFloat(std::span<const float> data, std::int64_t rows, int cols,
                                           Precision precision, bool cuda) {
    return fromHost(data, rows, cols, precision, cuda, at::kFloat);
}
Expected<DataMatrix> DataMatrix::fromDouble(std::span<const double> data, std::int64_t rows, int cols,
                                            Precision precision, bool cuda) {
    return fromHost(data, rows, cols, precision, cuda, at::kDouble);
}

DataMatrix DataMatrix::to(Precision precision) const {
    if (!d || this->precision() == precision) return *this;
    return wrapTensor(d->t.to(scalarType(precision)));
}

std::int64_t DataMatrix::rows() const { return d ? d->t.size(0) : 0; }
int DataMatrix::cols() const { return d ? static_cast<int>(d->t.size(1)) : 0; }
Precision DataMatrix::precision() const {
    return d && d->t.scalar_type() == at::kFloat ? Precision::Float32 : Precision::Float64;
}
bool DataMatrix::onCuda() const { return d && d->t.is_cuda(); }
bool DataMatrix::allFinite() const {
    if (!d || d->t.numel() == 0) return true;
    return at::isfinite(d->t).all().item<bool>();
}
std::vector<double> DataMatrix::toDouble() const {
    if (!d) return {};
    auto h = hostDouble(d->t);
    return {h.data_ptr<double>(), h.data_ptr<double>() + h.numel()};
}
std::vector<float> DataMatrix::columnsToFloat(int firstCols) const {
    if (!d) return {};
    firstCols = std::min(firstCols, cols());
    auto h = d->t.narrow(1, 0, firstCols).to(at::kCPU, at::kFloat).contiguous();
    return {h.data_ptr<float>(), h.data_ptr<float>() + h.numel()};
}

Expected<PcaModel> fitPca(const DataMatrix& x, const PcaParams& params, const CancelToken& cancel) {
    const std::int64_t n = x.rows();
    const int dim = x.cols();
    if (n < 2) return usageError("PCA needs at least 2 rows (got " + std::to_string(n) + ").");
    if (params.components < 1 || params.components > dim)
        return usageError("PCA components must be between 1 and the dimension " + std::to_string(dim) + " (got " +
                          std::to_string(params.components) + ").");
    if (!x.allFinite()) return fail("The data contain NaN or infinite values; PCA is not possible.");
    const at::Tensor& t = x.d->t;
    // Rows to fit on: all, or a sorted random sample.
    at::Tensor sample;
    std::int64_t m = n;
    if (params.maxFitRows > 0 && n > params.maxFitRows) {
        m = std::max<std::int64_t>(params.maxFitRows, 2);
        std::vector<std::int64_t> idx(static_cast<std::size_t>(n));
        std::iota(idx.begin(), idx.end(), 0);
        std::mt19937_64 rng(params.seed);
        for (std::int64_t i = 0; i < m; ++i) {  // partial Fisher-Yates
            std::uniform_int_distribution<std::int64_t> pick(i, n - 1);
            std::swap(idx[static_cast<std::size_t>(i)], idx[static_cast<std::size_t>(pick(rng))]);
        }
        idx.resize(static_cast<std::size_t>(m));
        std::sort(idx.begin(), idx.end());
        sample = at::tensor(idx, at::TensorOptions().dtype(at::kLong)).to(t.device());
    }
    const at::Tensor src = sample.defined() ? t.index_select(0, sample) : t;  // gathered once
    auto rowsOf = [&](std::int64_t from, std::int64_t len) { return src.narrow(0, from, len); };
    // Mean, then centred scatter matrix, accumulated in float64. Float32 data: each chunk's
    // sums/products in float32 (twice the GEMM speed), chunk results added in float64.
    auto opts = t.options().dtype(at::kDouble);
    const bool f32 = t.scalar_type() == at::kFloat;
    at::Tensor sum = at::zeros({dim}, opts);
    for (std::int64_t s = 0; s < m; s += kChunk) {
        cancel.throwIfCancelled();
        at::Tensor c = rowsOf(s, std::min(kChunk, m - s));
        sum += f32 ? c.sum(0).to(at::kDouble) : c.sum(0);
    }
    at::Tensor mean = sum / static_cast<double>(m);
    at::Tensor meanT = mean.to(t.scalar_type());
    at::Tensor scatter = at::zeros({dim, dim}, opts);
    for (std::int64_t s = 0; s < m; s += kChunk) {
        cancel.throwIfCancelled();
        at::Tensor c = rowsOf(s, std::min(kChunk, m - s)) - meanT;
        if (f32) scatter += at::mm(c.t(), c).to(at::kDouble);
        else scatter.addmm_(c.t(), c);
    }
    at::Tensor cov = hostDouble(scatter / static_cast<double>(m - 1));
    Eigen::MatrixXd C = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
        cov.data_ptr<double>(), dim, dim);
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(C);
    if (es.info() != Eigen::Success) return fail("PCA: the eigen-decomposition did not converge.");
    const Eigen::VectorXd& ev = es.eigenvalues();  // ascending
    const double total = std::max(ev.sum(), 0.0);

    PcaModel model;
    model.inputDim = dim;
    model.components = params.components;
    model.fitRows = m;
    auto meanHost = hostDouble(mean);
    model.mean.assign(meanHost.data_ptr<double>(), meanHost.data_ptr<double>() + dim);
    model.axes.resize(static_cast<std::size_t>(params.components) * dim);
    for (int c = 0; c < params.components; ++c) {
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

Expected<DataMatrix> projectPca(const PcaModel& model, const DataMatrix& x, const CancelToken& cancel) {
    if (x.cols() != model.inputDim)
        return usageError("PCA was fitted on " + std::to_string(model.inputDim) + " dimensions, data have " +
                          std::to_string(x.cols()) + ".");
    const at::Tensor& t = x.d->t;
    auto opts = t.options();
    at::Tensor mean = at::from_blob(const_cast<double*>(model.mean.data()), {model.inputDim},
                                    at::TensorOptions().dtype(at::kDouble))
                          .to(opts);
    at::Tensor axes = at::from_blob(const_cast<double*>(model.axes.data()), {model.components, model.inputDim},
                                    at::TensorOptions().dtype(at::kDouble))
                          .to(opts);
    at::Tensor out = at::empty({x.rows(), model.components}, opts);
    at::Tensor axesT = axes.t().contiguous();
    for (std::int64_t s = 0; s < x.rows(); s += kChunk) {
        cancel.throwIfCancelled();
        const std::int64_t len = std::min(kChunk, x.rows() - s);
        auto dst = out.narrow(0, s, len);
        at::mm_out(dst, t.narrow(0, s, len) - mean, axesT);
    }
    return wrapTensor(out);
}

}  // namespace dl
