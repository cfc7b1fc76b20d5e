// PCA fit: covariance in one blocked pass, then the LAPACK eigen-decomposition.
#include "analysis/PcaCovariance.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>

#include "analysis/GramAccumulatorImpl.h"
#include "analysis/GramPass.h"
#include "analysis/Pca.h"
#include "analysis/RowBlockVisit.h"
#include "analysis/TensorImpl.h"
#include "common/Half.h"

namespace dl {

namespace {

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

// The float64 mean of the first block's rows: the shift that keeps Σyyᵀ - n·ȳȳᵀ from cancelling.
template <class T>
std::vector<double> leadingMean(const T* x, std::int64_t rows, int dim) {
    const std::int64_t m = std::min(rows, kPcaBlockRows);
    std::vector<double> mean(static_cast<std::size_t>(dim), 0.0);
    for (std::int64_t r = 0; r < m; ++r)
        for (int c = 0; c < dim; ++c) {
            const T v = x[static_cast<std::size_t>(r) * dim + c];
            if constexpr (std::is_same_v<T, float>) mean[std::size_t(c)] += v;
            else mean[std::size_t(c)] += halfToFloat(v);
        }
    for (double& v : mean) v /= static_cast<double>(std::max<std::int64_t>(m, 1));
    return mean;
}

Expected<PcaModel> modelFromPass(const GramPass& pass, const PcaParams& params) {
    RowMoments m = momentsOf(pass);
    auto model = pcaFromCovariance(std::move(m.mean), m.cov, m.rows, params.components);
    if (model) model->precision = params.precision;
    return model;
}

// Feeds row blocks (float32 or float16, all rows or the sampled ones) to one Gram pass, made
// when the first block arrives (its mean is the shift).
class GramFeeder {
public:
    GramFeeder(int dim, const PcaParams& params) : dim_(dim), params_(params) {}
    template <class T>
    Status add(const T* x, std::int64_t rows, const CancelToken& cancel) {
        if (rows == 0) return {};
        if (!pass_)
            pass_ = std::make_unique<GramPass>(dim_, gramPrecisionFor(params_.precision), leadingMean(x, rows, dim_),
                                               params_.threads);
        return pass_->add(x, rows, cancel);
    }
    // Rows `picked` (ascending, relative to x) of a block, gathered into a buffer first.
    template <class T>
    Status addPicked(const T* x, const std::vector<std::int64_t>& picked, const CancelToken& cancel) {
        std::vector<T>& buf = buffer<T>();
        buf.resize(picked.size() * static_cast<std::size_t>(dim_));
        for (std::size_t i = 0; i < picked.size(); ++i)
            std::copy_n(x + static_cast<std::size_t>(picked[i]) * dim_, dim_, buf.data() + i * dim_);
        return add(buf.data(), static_cast<std::int64_t>(picked.size()), cancel);
    }
    Expected<PcaModel> model() const {
        if (!pass_ || pass_->count() < 2) return usageError("PCA needs at least 2 rows.");
        return modelFromPass(*pass_, params_);
    }

private:
    template <class T>
    std::vector<T>& buffer() {
        if constexpr (std::is_same_v<T, float>) return floats_;
        else return halves_;
    }
    int dim_;
    PcaParams params_;
    std::unique_ptr<GramPass> pass_;
    std::vector<float> floats_;
    std::vector<std::uint16_t> halves_;
};

Expected<PcaModel> modelFromCovariance(const GramAccumulator& acc, const PcaParams& params) {
    std::vector<double> mean, cov;
    acc.finish(mean, cov);
    return pcaFromCovariance(std::move(mean), cov, acc.count(), params.components);
}

// The torch path: CUDA or float64 matrices (float32 Gram per block on the matrix's device).
Expected<PcaModel> fitWithTorch(const at::Tensor& t, const PcaParams& params, const CancelToken& cancel) {
    const std::int64_t n = t.size(0);
    const int dim = static_cast<int>(t.size(1));
    GramAccumulator acc(dim);
    const std::int64_t m = fitRowCount(n, params);
    try {
        if (m == n) {
            for (std::int64_t s = 0; s < n; s += kPcaBlockRows) {
                if (cancel.isCancelled()) return cancelled();
                acc.add(t.narrow(0, s, std::min(kPcaBlockRows, n - s)));
            }
        } else {  // gather the sample block by block: no copy of all sampled rows at once
            const auto idx = sampleRows(n, m, params.seed);
            for (std::int64_t s = 0; s < m; s += kPcaBlockRows) {
                if (cancel.isCancelled()) return cancelled();
                const std::int64_t len = std::min(kPcaBlockRows, m - s);
                std::vector<std::int64_t> part(idx.begin() + s, idx.begin() + s + len);
                acc.add(t.index_select(0, at::tensor(part, at::TensorOptions().dtype(at::kLong)).to(t.device())));
            }
        }
    } catch (const std::exception& e) {
        return fail(std::string("PCA failed: ") + e.what());
    }
    return modelFromCovariance(acc, params);
}

// The rows of a block of `len` rows starting at `first` that the sample picked (relative to
// first); `next` walks the sorted sample.
std::vector<std::int64_t> pickedIn(const std::vector<std::int64_t>& idx, std::size_t& next, std::int64_t first,
                                   std::int64_t len) {
    std::vector<std::int64_t> local;
    while (next < idx.size() && idx[next] < first + len) local.push_back(idx[next++] - first);
    return local;
}

}  // namespace

Expected<PcaModel> fitPcaCovariance(const DataMatrix& x, const PcaParams& params, const CancelToken& cancel) {
    const std::int64_t n = x.rows();
    const int dim = x.cols();
    if (auto s = checkShape(n, dim, params); !s) return std::unexpected(s.error());
    const at::Tensor& t = x.d->t;
    if (!hostFloatKernelPath(t)) return fitWithTorch(t, params, cancel);
    const float* p = t.data_ptr<float>();
    const std::int64_t m = fitRowCount(n, params);
    GramFeeder feeder(dim, params);
    if (m == n) {
        if (auto st = feeder.add(p, n, cancel); !st) return std::unexpected(st.error());
    } else {
        const auto idx = sampleRows(n, m, params.seed);
        std::size_t next = 0;
        for (std::int64_t s = 0; s < n; s += kPcaBlockRows) {
            const std::int64_t len = std::min(kPcaBlockRows, n - s);
            const auto local = pickedIn(idx, next, s, len);
            if (auto st = feeder.addPicked(p + static_cast<std::size_t>(s) * dim, local, cancel); !st)
                return std::unexpected(st.error());
        }
    }
    auto model = feeder.model();
    if (model) model->fitRows = m;
    return model;
}

Expected<PcaModel> fitPcaCovariance(RowBlockSource& rows, const PcaParams& params, const CancelToken& cancel) {
    const std::int64_t n = rows.rows();
    const int dim = rows.cols();
    if (auto s = checkShape(n, dim, params); !s) return std::unexpected(s.error());
    if (auto s = checkGramWidth(dim); !s) return std::unexpected(s.error());
    const std::int64_t m = fitRowCount(n, params);
    GramFeeder feeder(dim, params);
    if (m == n) {
        const Status st = withAllRows(rows, [&](const auto* block, std::int64_t, std::int64_t len) {
            if (cancel.isCancelled()) return Status(cancelled());
            return feeder.add(block, len, cancel);
        });
        if (!st) return std::unexpected(st.error());
        auto model = feeder.model();
        if (model) model->fitRows = m;
        return model;
    }
    const auto idx = sampleRows(n, m, params.seed);
    std::size_t next = 0;
    std::vector<float> buf;
    for (std::int64_t s = 0; s < n; s += kPcaBlockRows) {
        if (cancel.isCancelled()) return cancelled();
        const std::int64_t len = std::min(kPcaBlockRows, n - s);
        const auto local = pickedIn(idx, next, s, len);
        if (local.empty()) continue;
        const Status st =
            withRowBlock(rows, s, len, buf, [&](const auto* block) { return feeder.addPicked(block, local, cancel); });
        if (!st) return std::unexpected(st.error());
    }
    auto model = feeder.model();
    if (model) model->fitRows = m;
    return model;
}

}  // namespace dl
