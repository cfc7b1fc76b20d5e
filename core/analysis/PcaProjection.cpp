// PCA projection: the SIMD pass on host float32/float16 rows, torch elsewhere.
#include "analysis/PcaProjection.h"

#include <algorithm>
#include <cstdint>
#include <memory>

#include "analysis/GramPass.h"
#include "analysis/Pca.h"
#include "analysis/PcaProjectionPass.h"
#include "analysis/RowBlockVisit.h"
#include "analysis/TensorImpl.h"
#include "common/HugePageBuffer.h"

namespace dl {

namespace {

struct Projector {
    at::Tensor axesT, meanProj;  // d x c in the input's dtype; 1 x c (mean · axesᵀ) in the output's
    Projector(const PcaModel& model, at::ScalarType input, const at::TensorOptions& out) {
        const auto dopt = at::TensorOptions().dtype(at::kDouble);
        at::Tensor axes =
            at::from_blob(const_cast<double*>(model.axes.data()), {model.components, model.inputDim}, dopt);
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

// A rows x cols float32 host tensor in a HugePageBuffer (pages mapped up front, huge where the
// kernel grants them, as numpy maps scikit-learn's output); at::empty when that fails or the
// tensor is small.
at::Tensor largeFloatTensor(std::int64_t rows, std::int64_t cols) {
    const std::size_t bytes = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols) * sizeof(float);
    const auto options = at::TensorOptions().dtype(at::kFloat);
    if (bytes < (std::size_t(1) << 24)) return at::empty({rows, cols}, options);
    auto buffer = HugePageBuffer::allocate(bytes);
    if (!buffer) return at::empty({rows, cols}, options);
    auto owner = std::make_unique<HugePageBuffer>(std::move(*buffer));
    HugePageBuffer* kept = owner.get();
    at::Tensor t = at::from_blob(
        kept->data(), {rows, cols}, [kept](void*) { delete kept; }, options);
    owner.release();  // from now on deleted with the tensor's storage
    return t;
}

}  // namespace

Expected<DataMatrix> projectPcaBlocked(const PcaModel& model, const DataMatrix& x, const CancelToken& cancel) {
    if (x.cols() != model.inputDim)
        return usageError("PCA was fitted on " + std::to_string(model.inputDim) + " dimensions, data have " +
                          std::to_string(x.cols()) + ".");
    const at::Tensor& t = x.d->t;
    try {
        if (hostFloatKernelPath(t)) {
            at::Tensor out = largeFloatTensor(x.rows(), model.components);
            const PcaProjectionPass pass(model);
            if (auto st = pass.project(t.data_ptr<float>(), x.rows(), out.data_ptr<float>(), cancel); !st)
                return std::unexpected(st.error());
            return wrapTensor(out);
        }
        Projector proj(model, t.scalar_type(), t.options());
        at::Tensor out = at::empty({x.rows(), model.components}, t.options());
        for (std::int64_t s = 0; s < x.rows(); s += kPcaBlockRows) {
            if (cancel.isCancelled()) return cancelled();
            const std::int64_t len = std::min(kPcaBlockRows, x.rows() - s);
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
    if (auto s = checkGramWidth(rows.cols()); !s) return std::unexpected(s.error());
    const std::int64_t n = rows.rows();
    try {
        // float32 products (the rows are float32 or float16), output in the requested precision.
        at::Tensor out = largeFloatTensor(n, model.components);
        const PcaProjectionPass pass(model);
        const Status st = withAllRows(rows, [&](const auto* block, std::int64_t first, std::int64_t len) {
            return pass.project(block, len, out.data_ptr<float>() + static_cast<std::size_t>(first) * model.components,
                                cancel);
        });
        if (!st) return std::unexpected(st.error());
        if (precision == Precision::Float64) out = out.to(at::kDouble);
        if (cuda && at::hasCUDA()) out = out.to(at::kCUDA);
        return wrapTensor(out);
    } catch (const std::exception& e) {
        return fail(std::string("PCA projection failed: ") + e.what());
    }
}

}  // namespace dl
