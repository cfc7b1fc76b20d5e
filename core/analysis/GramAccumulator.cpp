// Blocked Σyyᵀ at the GEMM rate (see GramAccumulatorImpl.h).
//
// Why this shape: XᵀX is symmetric, so only the upper panel pairs are multiplied (3 panels
// of 128 columns for d = 384: 6 of 9 products, 2/3 of the flops), each a plain GEMM on
// strided views (no copies; BLAS threads do the work). Products of a block are in the
// block's dtype (float32 GEMMs run at twice the float64 rate), the per-block results are
// summed in float64, so float32 rounding is that of one block's sum, never of N terms.
#include "analysis/GramAccumulatorImpl.h"

namespace dl {

GramAccumulator::GramAccumulator(int dim) : dim_(dim) {
    const int panels = dim <= 192 ? 1 : (dim + 127) / 128;
    for (int p = 0; p < panels; ++p) {
        const int a = p * dim / panels, b = (p + 1) * dim / panels;
        panels_.emplace_back(a, b - a);
    }
}

void GramAccumulator::add(const at::Tensor& block) {
    if (block.size(0) == 0) return;
    if (!shift_.defined()) {
        shift_ = block.to(at::kDouble).mean(0);
        shiftT_ = shift_.to(block.scalar_type());
        sum_ = at::zeros({dim_}, shift_.options());
        gram_ = at::zeros({dim_, dim_}, shift_.options());
    }
    if (!buf_.defined() || buf_.size(0) < block.size(0) || buf_.scalar_type() != block.scalar_type())
        buf_ = at::empty({block.size(0), dim_}, block.options());
    at::Tensor y = buf_.narrow(0, 0, block.size(0));
    at::sub_out(y, block, shiftT_);
    sum_ += y.sum(0).to(at::kDouble);
    for (std::size_t i = 0; i < panels_.size(); ++i) {
        const auto [ai, wi] = panels_[i];
        at::Tensor yi = y.narrow(1, ai, wi);
        for (std::size_t j = i; j < panels_.size(); ++j) {
            const auto [aj, wj] = panels_[j];
            gram_.narrow(0, ai, wi).narrow(1, aj, wj).add_(at::mm(yi.t(), y.narrow(1, aj, wj)));
        }
    }
    n_ += block.size(0);
}

void GramAccumulator::finish(std::vector<double>& mean, std::vector<double>& cov) const {
    at::Tensor g = gram_.to(at::kCPU).clone();
    for (std::size_t i = 0; i < panels_.size(); ++i)  // mirror the upper panels
        for (std::size_t j = i + 1; j < panels_.size(); ++j) {
            const auto [ai, wi] = panels_[i];
            const auto [aj, wj] = panels_[j];
            g.narrow(0, aj, wj).narrow(1, ai, wi).copy_(g.narrow(0, ai, wi).narrow(1, aj, wj).t());
        }
    const double n = static_cast<double>(n_);
    at::Tensor my = sum_.to(at::kCPU) / n;
    at::Tensor c = ((g - at::outer(my, my) * n) / (n - 1)).contiguous();
    at::Tensor m = (shift_.to(at::kCPU) + my).contiguous();
    mean.assign(m.data_ptr<double>(), m.data_ptr<double>() + dim_);
    cov.assign(c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
}

}  // namespace dl
