#pragma once
// Private to core/analysis/*.cpp: the tensor behind dl::DataMatrix. Includes ATen (heavy).
#include <ATen/ATen.h>

#include <cstdint>
#include <vector>

#include "analysis/DataMatrix.h"
#include "kernels/GramKernels.h"

namespace dl {

struct DataMatrix::Impl {
    at::Tensor t;  // rows x cols, contiguous, kDouble or kFloat, CPU or CUDA
};

inline DataMatrix wrapTensor(at::Tensor t) {
    DataMatrix m;
    m.d = std::make_shared<DataMatrix::Impl>();
    m.d->t = t.contiguous();
    return m;
}

// Host float32 rows the SIMD passes take (CUDA and float64 data keep the torch path).
inline bool hostFloatKernelPath(const at::Tensor& t) {
    return t.device().is_cpu() && t.scalar_type() == at::kFloat && t.size(1) <= gramk::kMaxKernelDim;
}

inline at::Tensor hostDouble(const at::Tensor& t) { return t.to(at::kCPU, at::kDouble).contiguous(); }

// A float64 CPU tensor copied from host values, and back.
inline at::Tensor hostTensor(const std::vector<double>& v, std::vector<std::int64_t> shape) {
    return at::from_blob(const_cast<double*>(v.data()), shape, at::TensorOptions().dtype(at::kDouble)).clone();
}
inline std::vector<double> toVec(const at::Tensor& t) {
    auto h = hostDouble(t);
    return {h.data_ptr<double>(), h.data_ptr<double>() + h.numel()};
}

}  // namespace dl
