// DataMatrix (tensor on the job's device) and PCA.
#include "analysis/Pca.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>

#include "analysis/PcaCovariance.h"
#include "analysis/PcaProjection.h"
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

// PCA lives in PcaCovariance.cpp (one blocked XᵀX pass, blocked projection).
Expected<PcaModel> fitPca(const DataMatrix& x, const PcaParams& params, const CancelToken& cancel) {
    return fitPcaCovariance(x, params, cancel);
}

Expected<DataMatrix> projectPca(const PcaModel& model, const DataMatrix& x, const CancelToken& cancel) {
    return projectPcaBlocked(model, x, cancel);
}

}  // namespace dl
