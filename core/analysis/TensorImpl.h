#pragma once
// Private to core/analysis/*.cpp: the tensor behind dl::DataMatrix. Includes ATen (heavy).
#include <ATen/ATen.h>

#include "analysis/DataMatrix.h"

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

inline at::Tensor hostDouble(const at::Tensor& t) { return t.to(at::kCPU, at::kDouble).contiguous(); }

}  // namespace dl
