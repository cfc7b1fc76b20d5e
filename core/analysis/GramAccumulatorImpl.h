#pragma once
// Private to core/analysis/*.cpp (includes ATen): the float64 sums Σy and Σyyᵀ of
// y = x - shift over row blocks, for PCA's covariance in one pass over the data.
#include <ATen/ATen.h>

#include <cstdint>
#include <vector>

namespace dl {

class GramAccumulator {
public:
    explicit GramAccumulator(int dim);
    // Adds a block (rows x dim, float32 or float64, CPU or CUDA). The first block fixes the
    // shift (its mean), so later blocks are nearly centred and XᵀX - n·m·mᵀ does not cancel.
    void add(const at::Tensor& block);
    std::int64_t count() const { return n_; }
    // Mean (dim) and covariance (dim x dim, row-major, divided by n - 1), float64 on the host.
    void finish(std::vector<double>& mean, std::vector<double>& cov) const;

private:
    int dim_;
    std::int64_t n_ = 0;
    std::vector<std::pair<int, int>> panels_;  // column ranges [start, width)
    at::Tensor shift_, shiftT_, sum_, gram_, buf_;
};

}  // namespace dl
