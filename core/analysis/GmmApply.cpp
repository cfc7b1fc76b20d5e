// E-step of a stored mixture, as scikit-learn's _estimate_log_gaussian_prob: per component the
// Cholesky factor of the precision, y = (x - mu)·P_chol, log N = -(d log 2π + |y|²)/2 + log det P_chol.
#include "analysis/GmmApply.h"

#include <Eigen/Dense>
#include <cstdint>

#include <cmath>
#include <numbers>

#include "analysis/TensorImpl.h"

namespace dl {

namespace {

using RowMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
constexpr std::int64_t kChunk = 65536;

// Precision Cholesky factors (full/tied: d x d upper-triangular per matrix; diag: d per
// component; spherical: 1 per component) and their log-determinants, one per component.
Status precisionCholesky(const GmmModel& m, std::vector<double>& factors, std::vector<double>& logDet) {
    const int d = m.dim, k = m.k;
    logDet.assign(std::size_t(k), 0.0);
    const std::string hint = " The stored mixture is damaged or was not fitted with this covariance type.";
    if (m.covariance == CovarianceType::Full || m.covariance == CovarianceType::Tied) {
        const int mats = m.covariance == CovarianceType::Full ? k : 1;
        factors.resize(std::size_t(mats) * d * d);
        for (int j = 0; j < mats; ++j) {
            Eigen::Map<const RowMat> cov(m.covariances.data() + std::size_t(j) * d * d, d, d);
            Eigen::LLT<Eigen::MatrixXd> llt{Eigen::MatrixXd(cov)};
            if (llt.info() != Eigen::Success)
                return fail("Gaussian component " + std::to_string(j) +
                            " has a covariance that is not positive definite." + hint);
            const Eigen::MatrixXd lower = llt.matrixL();
            const Eigen::MatrixXd precChol =
                lower.triangularView<Eigen::Lower>().solve(Eigen::MatrixXd::Identity(d, d)).transpose();
            Eigen::Map<RowMat>(factors.data() + std::size_t(j) * d * d, d, d) = precChol;
            const double ld = precChol.diagonal().array().log().sum();
            if (m.covariance == CovarianceType::Full) logDet[std::size_t(j)] = ld;
            else std::fill(logDet.begin(), logDet.end(), ld);
        }
        return {};
    }
    factors.resize(m.covariances.size());
    for (std::size_t i = 0; i < factors.size(); ++i) {
        if (!(m.covariances[i] > 0)) return fail("Gaussian component has a zero or negative variance." + hint);
        factors[i] = 1.0 / std::sqrt(m.covariances[i]);
    }
    for (int j = 0; j < k; ++j) {
        if (m.covariance == CovarianceType::Diag)
            for (int a = 0; a < d; ++a) logDet[std::size_t(j)] += std::log(factors[std::size_t(j) * d + a]);
        else logDet[std::size_t(j)] = d * std::log(factors[std::size_t(j)]);
    }
    return {};
}

}  // namespace

Expected<GmmAssignment> applyGmm(const GmmModel& m, const DataMatrix& x, const CancelToken& cancel) {
    if (x.cols() != m.dim)
        return usageError("The mixture was fitted on " + std::to_string(m.dim) + " dimensions, the data have " +
                          std::to_string(x.cols()) + ".");
    if (m.k < 1 || m.weights.size() != std::size_t(m.k) || m.means.size() != std::size_t(m.k) * m.dim)
        return fail("The stored mixture is incomplete (weights or means missing).");
    std::vector<double> factors, logDet;
    if (auto s = precisionCholesky(m, factors, logDet); !s) return std::unexpected(s.error());
    const int d = m.dim, k = m.k;
    const at::Tensor& t = x.d->t;
    const auto opts = t.options().dtype(at::kDouble);
    const at::Tensor means = hostTensor(m.means, {k, d}).to(t.device());
    const at::Tensor chol = hostTensor(factors, {std::int64_t(factors.size())}).to(t.device());
    std::vector<double> offset(static_cast<std::size_t>(k));
    for (int j = 0; j < k; ++j)
        offset[std::size_t(j)] =
            -0.5 * d * std::log(2 * std::numbers::pi) + logDet[std::size_t(j)] + std::log(m.weights[std::size_t(j)]);
    const at::Tensor c = hostTensor(offset, {1, k}).to(t.device());
    const std::int64_t n = x.rows();
    at::Tensor resp = at::empty({n, k}, opts), ll = at::empty({n}, opts);
    for (std::int64_t s = 0; s < n; s += kChunk) {
        if (cancel.isCancelled()) return cancelled();
        const std::int64_t len = std::min(kChunk, n - s);
        const at::Tensor xb = t.narrow(0, s, len).to(at::kDouble);
        at::Tensor w = at::empty({len, k}, opts);
        for (int j = 0; j < k; ++j) {
            at::Tensor diff = xb - means[j];
            at::Tensor y;
            switch (m.covariance) {
            case CovarianceType::Full:
                y = at::mm(diff, chol.narrow(0, std::int64_t(j) * d * d, std::int64_t(d) * d).view({d, d}));
                break;
            case CovarianceType::Tied: y = at::mm(diff, chol.view({d, d})); break;
            case CovarianceType::Diag: y = diff * chol.narrow(0, std::int64_t(j) * d, d); break;
            case CovarianceType::Spherical: y = diff * chol[j]; break;
            }
            w.select(1, j).copy_(y.pow(2).sum(1).mul(-0.5));
        }
        w.add_(c);
        at::Tensor lpn = at::logsumexp(w, {1}, true);
        resp.narrow(0, s, len).copy_((w - lpn).exp());
        ll.narrow(0, s, len).copy_(lpn.squeeze(1));
    }
    GmmAssignment out;
    auto [mx, am] = resp.max(1);
    auto lab = am.to(at::kCPU).to(at::kInt).contiguous();
    out.labels.assign(lab.data_ptr<std::int32_t>(), lab.data_ptr<std::int32_t>() + n);
    out.maxProb = toVec(mx);
    out.logLik = toVec(ll);
    out.responsibilities = toVec(resp);
    return out;
}

}  // namespace dl
