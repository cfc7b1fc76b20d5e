// Gaussian mixture EM and k-means on tensors (see Gmm.h).
//
// Numerics, and why they are fast:
// - The data are centred once (the likelihood is shift invariant; means are shifted back).
// - One pass over the rows per EM iteration does the E-step with the current parameters
//   and accumulates the M-step's sufficient statistics at the same time (same sequence of
//   parameters as scikit-learn's e_step/m_step loop).
// - For full covariances every row's quadratic form goes through z = vech(x xᵀ)
//   (d(d+1)/2 products): (x-μ)ᵀP(x-μ) = zᵀq(P) - 2xᵀPμ + μᵀPμ, so the E-step is one GEMM
//   Z·Q over all components and the M-step's second moments are one GEMM Rᵀ·Z: half the
//   flops of scikit-learn's per-component (X-μ)·L products, with no N×d temporaries per
//   component. Diag uses z = x∘x, spherical z = |x|². Tied needs no z: its M-step second
//   moment Σ x xᵀ is the same every iteration (computed once), and the shared quadratic
//   form xᵀPx is a row sum of (X·P)∘X.
// - Data in host memory (not tied) take GmmTilePass instead of the tensor ops: the same
//   formulation fused per cache-sized tile of rows (z built once per tile, SIMD micro-kernels
//   for Z'·Q' and Rᵀ·Z', own threads over fixed row blocks, thread-count independent). The
//   tensor path below stays for CUDA data and tied covariances.
// - Parameter updates (k small d×d Cholesky/inverses) are done on the host with Eigen.
#include "analysis/Gmm.h"

#include <Eigen/Dense>
#include <cstdint>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>

#include "analysis/LloydImpl.h"
#include "analysis/StatsReducer.h"
#include "analysis/TensorImpl.h"
#include "common/SplitMix.h"
#include "jobs/RunJob.h"
#include "kernels/GmmTilePass.h"

namespace dl {

std::int64_t GmmModel::parameterCount() const {
    const std::int64_t kk = k, dd = dim;
    std::int64_t cov = 0;
    switch (covariance) {
    case CovarianceType::Full: cov = kk * dd * (dd + 1) / 2; break;
    case CovarianceType::Diag: cov = kk * dd; break;
    case CovarianceType::Tied: cov = dd * (dd + 1) / 2; break;
    case CovarianceType::Spherical: cov = kk; break;
    }
    return cov + dd * kk + kk - 1;
}

namespace {

using RowMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
constexpr double kEps = std::numeric_limits<double>::epsilon();

// Parameters in centred coordinates, host side.
struct Params {
    std::vector<double> weights;  // k
    RowMat means;                 // k x d
    std::vector<double> cov;      // layout of GmmModel::covariances
    std::vector<double> prec;     // precisions, same layout
    std::vector<double> logDet;   // k: log det of the precision Cholesky factor
};

// The data mean over every process's rows (one process: the original two-pass mean).
at::Tensor globalMean(const at::Tensor& x, StatsReducer& red, std::int64_t nAll) {
    if (red.size() == 1) return x.to(at::kDouble).mean(0);
    at::Tensor s = x.to(at::kDouble).sum(0);
    reduceTensor(s, red);
    return s / static_cast<double>(nAll);
}

// One E-step pass and the statistics for the next M-step run over this process's rows; the
// statistics are then summed over the processes (StatsReducer), so every process runs the
// same M-step. Labels etc. of predict() are of this process's rows.
class Engine {
public:
    Engine(const at::Tensor& x, CovarianceType type, int k, std::int64_t chunk, StatsReducer& red, std::int64_t nAll)
        : type_(type), k_(k), n_(x.size(0)), nAll_(nAll), d_(static_cast<int>(x.size(1))), red_(red) {
        opts_ = x.options();
        mean_ = globalMean(x, red_, nAll_);
        xc_ = (x - mean_.to(x.scalar_type())).contiguous();
        switch (type_) {
        case CovarianceType::Full:
        case CovarianceType::Tied: m_ = d_ * (d_ + 1) / 2; break;
        case CovarianceType::Diag: m_ = d_; break;
        case CovarianceType::Spherical: m_ = 1; break;
        }
        if (m_ > 1 && m_ != d_) {
            std::vector<std::int64_t> I, J;
            for (int i = 0; i < d_; ++i)
                for (int j = i; j < d_; ++j) I.push_back(i), J.push_back(j);
            idxI_ = at::tensor(I, at::TensorOptions().dtype(at::kLong)).to(x.device());
            idxJ_ = at::tensor(J, at::TensorOptions().dtype(at::kLong)).to(x.device());
        }
        chunk_ = chunk > 0 ? chunk : std::max<std::int64_t>(512, (std::int64_t{1} << 21) / std::max(m_, d_));
        tilePath_ = xc_.is_cpu() && type_ != CovarianceType::Tied;
        if (tilePath_) {
            tileModel_.kind = type_ == CovarianceType::Full   ? GmmFeatureKind::Full
                              : type_ == CovarianceType::Diag ? GmmFeatureKind::Diag
                                                              : GmmFeatureKind::Spherical;
            tileModel_.d = d_;
            tileModel_.k = k_;
        }
    }

    int d() const { return d_; }
    std::int64_t n() const { return n_; }        // this process's rows
    std::int64_t nAll() const { return nAll_; }  // every process's rows
    StatsReducer& reducer() const { return red_; }
    const at::Tensor& centred() const { return xc_; }
    std::vector<double> dataMean() const { return toVec(mean_); }

    // z-features of a chunk of centred rows.
    at::Tensor features(const at::Tensor& xb) {
        switch (type_) {
        case CovarianceType::Diag: return xb * xb;
        case CovarianceType::Spherical: return (xb * xb).sum(1, true);
        case CovarianceType::Tied: return xb;  // xᵀPx via (X·P)∘X; second moments are constant
        default:
            if (xb.is_cpu()) {  // a plain loop is ~10x faster than two index_selects on CPU
                at::Tensor z = at::empty({xb.size(0), m_}, xb.options());
                if (xb.scalar_type() == at::kDouble) vechRows<double>(xb, z);
                else vechRows<float>(xb, z);
                return z;
            }
            return xb.index_select(1, idxI_).mul_(xb.index_select(1, idxJ_));
        }
    }
    template <class T>
    void vechRows(const at::Tensor& xb, at::Tensor& z) const {
        const at::Tensor xc = xb.contiguous();
        const T* x = xc.data_ptr<T>();
        T* out = z.data_ptr<T>();
        const std::int64_t rows = xc.size(0);
        for (std::int64_t r = 0; r < rows; ++r) {
            const T* xr = x + r * d_;
            T* zr = out + r * m_;
            for (int i = 0; i < d_; ++i) {
                const T a = xr[i];
                for (int j = i; j < d_; ++j) *zr++ = a * xr[j];
            }
        }
    }

    struct Stats {
        at::Tensor nk, m1, s;  // k; k x d; k x m (tied: m)
        at::Tensor lpnSum;     // scalar double
    };

    // E-step tensors from host parameters: wlp = Z·Q + X·L + c.
    void prepare(const Params& p) {
        RowMat Q = RowMat::Zero(m_, type_ == CovarianceType::Tied ? 1 : k_);
        RowMat L(d_, k_);
        std::vector<double> c(static_cast<std::size_t>(k_));
        const double base = -0.5 * d_ * std::log(2 * std::numbers::pi);
        for (int j = 0; j < k_; ++j) {
            Eigen::VectorXd mu = p.means.row(j).transpose();
            Eigen::VectorXd Pmu;
            double quad = 0;
            if (type_ == CovarianceType::Full || type_ == CovarianceType::Tied) {
                const double* P = p.prec.data() + (type_ == CovarianceType::Full ? std::size_t(j) * d_ * d_ : 0);
                Eigen::Map<const RowMat> Pm(P, d_, d_);
                Pmu = Pm * mu;
                quad = mu.dot(Pmu);
                if (j == 0 || type_ == CovarianceType::Full) {
                    int r = 0;
                    for (int a = 0; a < d_; ++a)
                        for (int b = a; b < d_; ++b, ++r)
                            Q(r, type_ == CovarianceType::Full ? j : 0) = -0.5 * (a == b ? 1.0 : 2.0) * Pm(a, b);
                }
            } else if (type_ == CovarianceType::Diag) {
                Eigen::Map<const Eigen::VectorXd> pr(p.prec.data() + std::size_t(j) * d_, d_);
                Pmu = pr.cwiseProduct(mu);
                quad = mu.dot(Pmu);
                for (int a = 0; a < d_; ++a) Q(a, j) = -0.5 * pr[a];
            } else {
                const double pr = p.prec[std::size_t(j)];
                Pmu = pr * mu;
                quad = pr * mu.squaredNorm();
                Q(0, j) = -0.5 * pr;
            }
            L.col(j) = Pmu;
            c[std::size_t(j)] = base - 0.5 * quad + p.logDet[std::size_t(j)] + std::log(p.weights[std::size_t(j)]);
        }
        if (tilePath_) {
            tileModel_.q.assign(Q.data(), Q.data() + Q.size());
            tileModel_.l.assign(L.data(), L.data() + L.size());
            tileModel_.c = c;
        }
        auto dt = opts_;
        // copy=true: from_blob memory is local (to() alone would alias it for a CPU double tensor)
        Q_ = at::from_blob(Q.data(), {Q.rows(), Q.cols()}, at::TensorOptions().dtype(at::kDouble)).to(dt, false, true);
        L_ = at::from_blob(L.data(), {d_, k_}, at::TensorOptions().dtype(at::kDouble)).to(dt, false, true);
        c_ = at::from_blob(c.data(), {1, k_}, at::TensorOptions().dtype(at::kDouble)).to(dt, false, true);
        if (type_ == CovarianceType::Tied)  // -P/2 for the shared quadratic form
            halfP_ = at::from_blob(const_cast<double*>(p.prec.data()), {d_, d_}, at::TensorOptions().dtype(at::kDouble))
                         .to(dt, false, true)
                         .mul_(-0.5);
    }

    at::Tensor weightedLogProb(const at::Tensor& xb, const at::Tensor& z) {
        at::Tensor w = at::addmm(c_, xb, L_);
        if (type_ == CovarianceType::Tied) w.add_((at::mm(xb, halfP_) * xb).sum(1, true));  // z is xb here
        else if (Q_.size(1) == 1) w.add_(at::mm(z, Q_));
        else w.addmm_(z, Q_);
        return w;
    }

    Stats newStats() {
        auto dt = opts_.dtype(at::kDouble);
        Stats s;
        s.nk = at::zeros({k_}, opts_);
        s.m1 = at::zeros({k_, d_}, opts_);
        s.s = type_ == CovarianceType::Tied ? at::zeros({m_}, opts_) : at::zeros({k_, m_}, opts_);
        s.lpnSum = at::zeros({}, dt);
        return s;
    }
    void accumulate(Stats& st, const at::Tensor& r, const at::Tensor& xb, const at::Tensor& z) {
        st.nk += r.sum(0);
        st.m1.addmm_(r.t(), xb);
        if (type_ != CovarianceType::Tied) st.s.addmm_(r.t(), z);  // tied: tiedSecondMoment()
    }

    // Tied: the M-step's Σ vech(x xᵀ) does not depend on the responsibilities, so it is
    // computed once (blocked XᵀX), not per iteration from N x d(d+1)/2 features.
    const at::Tensor& tiedSecondMoment() {
        if (!tiedS_.defined()) {
            at::Tensor g = at::zeros({d_, d_}, opts_);
            for (std::int64_t s = 0; s < n_; s += chunk_) {
                at::Tensor xb = xc_.narrow(0, s, std::min(chunk_, n_ - s));
                g.addmm_(xb.t(), xb);
            }
            at::Tensor tri = at::triu_indices(d_, d_, 0, at::TensorOptions().dtype(at::kLong).device(g.device()));
            tiedS_ = g.flatten().index_select(0, tri[0] * d_ + tri[1]);  // vech order: (0,0), (0,1), ..., (1,1), ...
            reduceTensor(tiedS_, red_);
        }
        return tiedS_;
    }

    // One EM pass: E-step with p, statistics for the next M-step.
    Stats emPass(const Params& p, const CancelToken& cancel) {
        prepare(p);
        if (tilePath_) return tiledEmPass(cancel);
        Stats st = newStats();
        for (std::int64_t s = 0; s < n_; s += chunk_) {
            cancel.throwIfCancelled();
            at::Tensor xb = xc_.narrow(0, s, std::min(chunk_, n_ - s));
            at::Tensor z = features(xb);
            at::Tensor w = weightedLogProb(xb, z);
            at::Tensor lpn = at::logsumexp(w, {1}, true);
            st.lpnSum += lpn.sum().to(at::kDouble);
            at::Tensor r = (w - lpn).exp_();
            accumulate(st, r, xb, z);
        }
        reduce(st);
        if (type_ == CovarianceType::Tied) st.s = tiedSecondMoment().clone();
        return st;
    }

    // The same pass on host rows through GmmTilePass (statistics in double).
    Stats tiledEmPass(const CancelToken& cancel) {
        const GmmPassStats r = xc_.scalar_type() == at::kDouble
                                   ? gmmTilePass(xc_.data_ptr<double>(), n_, tileModel_, 0, cancel)
                                   : gmmTilePass(xc_.data_ptr<float>(), n_, tileModel_, 0, cancel);
        return statsOf(r);
    }
    Stats statsOf(const GmmPassStats& r) {
        Stats st;
        st.nk = hostTensor(r.nk, {k_});
        st.m1 = hostTensor(r.m1, {k_, d_});
        st.s = hostTensor(r.s, {k_, m_});
        st.lpnSum = at::scalar_tensor(r.lpnSum, at::TensorOptions().dtype(at::kDouble));
        reduce(st);
        return st;
    }

    // Statistics of hard responsibilities (k-means labels of this process's rows).
    Stats labelPass(const at::Tensor& labels, const CancelToken& cancel) {
        if (!tilePath_)
            return respPass([&](std::int64_t s, std::int64_t len) { return at::one_hot(labels.narrow(0, s, len), k_); },
                            cancel);
        const at::Tensor lab = labels.to(at::kCPU, at::kLong).contiguous();
        const std::int64_t* l = lab.data_ptr<std::int64_t>();
        return statsOf(xc_.scalar_type() == at::kDouble
                           ? gmmTileLabelPass(xc_.data_ptr<double>(), n_, tileModel_, l, 0, cancel)
                           : gmmTileLabelPass(xc_.data_ptr<float>(), n_, tileModel_, l, 0, cancel));
    }

    void reduce(Stats& st) {
        reduceTensor(st.nk, red_);
        reduceTensor(st.m1, red_);
        if (type_ != CovarianceType::Tied) reduceTensor(st.s, red_);
        reduceTensor(st.lpnSum, red_);
    }

    // Statistics from given responsibilities (initialisation). respOf(start, len) -> len x k.
    template <class F>
    Stats respPass(F&& respOf, const CancelToken& cancel) {
        Stats st = newStats();
        for (std::int64_t s = 0; s < n_; s += chunk_) {
            cancel.throwIfCancelled();
            const std::int64_t len = std::min(chunk_, n_ - s);
            at::Tensor xb = xc_.narrow(0, s, len);
            at::Tensor r = respOf(s, len).to(opts_);
            accumulate(st, r, xb, features(xb));
        }
        reduce(st);
        if (type_ == CovarianceType::Tied) st.s = tiedSecondMoment().clone();
        return st;
    }

    // Final E-step: labels, max responsibility, log-likelihood per row; returns mean loglik.
    double predict(const Params& p, std::vector<std::int32_t>& labels, std::vector<double>& maxProb,
                   std::vector<double>& logLik, std::vector<double>& sizes, const CancelToken& cancel) {
        prepare(p);
        if (tilePath_) return tiledPredict(labels, maxProb, logLik, sizes, cancel);
        at::Tensor lab = at::empty({n_}, opts_.dtype(at::kLong));
        at::Tensor mp = at::empty({n_}, opts_.dtype(at::kDouble));
        at::Tensor ll = at::empty({n_}, opts_.dtype(at::kDouble));
        at::Tensor nk = at::zeros({k_}, opts_.dtype(at::kDouble));
        for (std::int64_t s = 0; s < n_; s += chunk_) {
            cancel.throwIfCancelled();
            const std::int64_t len = std::min(chunk_, n_ - s);
            at::Tensor xb = xc_.narrow(0, s, len);
            at::Tensor w = weightedLogProb(xb, features(xb)).to(at::kDouble);
            at::Tensor lpn = at::logsumexp(w, {1}, true);
            auto [mx, am] = w.max(1);
            lab.narrow(0, s, len).copy_(am);
            mp.narrow(0, s, len).copy_((mx - lpn.squeeze(1)).exp());
            ll.narrow(0, s, len).copy_(lpn.squeeze(1));
            nk += (w - lpn).exp().sum(0);
        }
        auto labH = lab.to(at::kCPU).to(at::kInt).contiguous();
        labels.assign(labH.data_ptr<std::int32_t>(), labH.data_ptr<std::int32_t>() + n_);
        maxProb = toVec(mp);
        logLik = toVec(ll);
        reduceTensor(nk, red_);
        sizes = toVec(nk);
        return meanLogLik(logLik);
    }

    double tiledPredict(std::vector<std::int32_t>& labels, std::vector<double>& maxProb, std::vector<double>& logLik,
                        std::vector<double>& sizes, const CancelToken& cancel) {
        GmmRowScores sc = xc_.scalar_type() == at::kDouble
                              ? gmmTileScores(xc_.data_ptr<double>(), n_, tileModel_, 0, cancel)
                              : gmmTileScores(xc_.data_ptr<float>(), n_, tileModel_, 0, cancel);
        labels = std::move(sc.labels);
        maxProb = std::move(sc.maxProb);
        logLik = std::move(sc.logLik);
        sizes = std::move(sc.nk);
        red_.sum(sizes);
        return meanLogLik(logLik);
    }
    double meanLogLik(const std::vector<double>& logLik) const {
        double total = 0;
        for (double v : logLik) total += v;
        red_.sum({&total, 1});
        return total / static_cast<double>(nAll_);
    }

    // M-step on the host (scikit-learn's _estimate_gaussian_parameters + precision Cholesky).
    Expected<Params> mStep(const Stats& st, double reg) const {
        std::vector<double> nk = toVec(st.nk), m1 = toVec(st.m1), s = toVec(st.s);
        Params p;
        p.means.resize(k_, d_);
        std::vector<double> nke(nk.size());
        double total = 0;
        for (int j = 0; j < k_; ++j) {
            nke[j] = nk[j] + 10 * kEps;
            total += nke[j];
            for (int a = 0; a < d_; ++a) p.means(j, a) = m1[std::size_t(j) * d_ + a] / nke[j];
        }
        p.weights.resize(k_);
        for (int j = 0; j < k_; ++j) p.weights[j] = nke[j] / total;
        auto unvech = [&](const double* v) {
            RowMat S(d_, d_);
            int r = 0;
            for (int a = 0; a < d_; ++a)
                for (int b = a; b < d_; ++b, ++r) S(a, b) = S(b, a) = v[r];
            return S;
        };
        switch (type_) {
        case CovarianceType::Full:
            p.cov.resize(std::size_t(k_) * d_ * d_);
            for (int j = 0; j < k_; ++j) {
                RowMat S = unvech(s.data() + std::size_t(j) * m_);
                Eigen::VectorXd mu = p.means.row(j).transpose();
                Eigen::Map<const Eigen::VectorXd> M1(m1.data() + std::size_t(j) * d_, d_);
                RowMat C = (S - mu * M1.transpose() - M1 * mu.transpose() + nk[j] * mu * mu.transpose()) / nke[j];
                C.diagonal().array() += reg;
                Eigen::Map<RowMat>(p.cov.data() + std::size_t(j) * d_ * d_, d_, d_) = C;
            }
            break;
        case CovarianceType::Tied: {
            RowMat S = unvech(s.data());
            RowMat C = S;
            for (int j = 0; j < k_; ++j) {
                Eigen::VectorXd mu = p.means.row(j).transpose();
                C -= nke[j] * mu * mu.transpose();
            }
            C /= total;
            C.diagonal().array() += reg;
            p.cov.assign(C.data(), C.data() + std::size_t(d_) * d_);
            break;
        }
        case CovarianceType::Diag:
            p.cov.resize(std::size_t(k_) * d_);
            for (int j = 0; j < k_; ++j)
                for (int a = 0; a < d_; ++a)
                    p.cov[std::size_t(j) * d_ + a] =
                        s[std::size_t(j) * d_ + a] / nke[j] - p.means(j, a) * p.means(j, a) + reg;
            break;
        case CovarianceType::Spherical:
            p.cov.resize(std::size_t(k_));
            for (int j = 0; j < k_; ++j) p.cov[j] = (s[j] / nke[j] - p.means.row(j).squaredNorm()) / d_ + reg;
            break;
        }
        if (auto st2 = computePrecisions(p, false); !st2) return std::unexpected(st2.error());
        return p;
    }

    // From p.cov (fromPrecisions=false) or p.prec (true): fill the other side and logDet.
    Status computePrecisions(Params& p, bool fromPrecisions) const {
        p.logDet.assign(std::size_t(k_), 0.0);
        const std::string hint = " Try a larger reg_covar, fewer components, or check for duplicate/degenerate data.";
        if (type_ == CovarianceType::Full || type_ == CovarianceType::Tied) {
            const int mats = type_ == CovarianceType::Full ? k_ : 1;
            std::vector<double>& src = fromPrecisions ? p.prec : p.cov;
            std::vector<double>& dst = fromPrecisions ? p.cov : p.prec;
            dst.resize(src.size());
            for (int j = 0; j < mats; ++j) {
                Eigen::Map<const RowMat> A(src.data() + std::size_t(j) * d_ * d_, d_, d_);
                Eigen::LLT<Eigen::MatrixXd> llt(A);
                const Eigen::MatrixXd Lm = llt.matrixL();
                bool ok =
                    llt.info() == Eigen::Success && (Lm.diagonal().array() > 0).all() && Lm.diagonal().allFinite();
                if (!ok)
                    return fail("Gaussian component " + std::to_string(j) + " has a singular (not positive definite) " +
                                (fromPrecisions ? "initial precision" : "covariance") + " matrix." + hint);
                const double ld = Lm.diagonal().array().log().sum();  // log det(A)^(1/2)
                const double logDet = fromPrecisions ? ld : -ld;
                RowMat inv = llt.solve(Eigen::MatrixXd::Identity(d_, d_));
                Eigen::Map<RowMat>(dst.data() + std::size_t(j) * d_ * d_, d_, d_) = inv;
                if (type_ == CovarianceType::Full) p.logDet[std::size_t(j)] = logDet;
                else std::fill(p.logDet.begin(), p.logDet.end(), logDet);
            }
        } else {
            std::vector<double>& src = fromPrecisions ? p.prec : p.cov;
            std::vector<double>& dst = fromPrecisions ? p.cov : p.prec;
            dst.resize(src.size());
            for (std::size_t i = 0; i < src.size(); ++i) {
                if (!(src[i] > 0) || !std::isfinite(src[i]))
                    return fail("Gaussian component " +
                                std::to_string(type_ == CovarianceType::Diag ? i / std::size_t(d_) : i) +
                                " has a zero or negative variance." + hint);
                dst[i] = 1.0 / src[i];
            }
            for (int j = 0; j < k_; ++j) {
                double ld = 0;
                if (type_ == CovarianceType::Diag)
                    for (int a = 0; a < d_; ++a) ld += 0.5 * std::log(p.prec[std::size_t(j) * d_ + a]);
                else ld = 0.5 * d_ * std::log(p.prec[std::size_t(j)]);
                p.logDet[std::size_t(j)] = ld;
            }
        }
        return {};
    }

private:
    CovarianceType type_;
    int k_;
    std::int64_t n_, nAll_;
    int d_;
    StatsReducer& red_;
    int m_ = 0;
    std::int64_t chunk_ = 4096;
    at::TensorOptions opts_;
    at::Tensor mean_, xc_, idxI_, idxJ_, Q_, L_, c_, halfP_, tiedS_;
    bool tilePath_ = false;     // host rows, not tied: EM passes through GmmTilePass
    GmmEStepModel tileModel_;  // prepare()'s Q, L, c for it
};

}  // namespace

namespace {

// splitmix64: a row's place in the k-means++ seeding sample depends on (seed, global row
// index) alone, so every process picks its own sampled rows without talking to the others.
std::uint64_t mixRow(std::uint64_t seed, std::uint64_t row) { return splitMix64(seed + kSplitMixGamma * (row + 1)); }

// The rows k-means++ seeds from, on every process alike: all rows (one process, no sample:
// the centred matrix itself), else each process's share of the seeded sample (or all its
// rows) gathered from every process in global row order.
at::Tensor seedingPool(const Engine& eng, std::int64_t sampleRows, std::uint64_t seed, std::int64_t offset) {
    StatsReducer& red = eng.reducer();
    const bool sample = sampleRows > 0 && eng.nAll() > sampleRows;
    if (red.size() == 1 && !sample) return eng.centred();
    at::Tensor local = eng.centred();
    if (sample) {
        const double p = static_cast<double>(sampleRows) / static_cast<double>(eng.nAll());
        const auto threshold = static_cast<std::uint64_t>(p * 18446744073709551615.0);
        std::vector<std::int64_t> keep;
        for (std::int64_t i = 0; i < eng.n(); ++i)
            if (mixRow(seed, static_cast<std::uint64_t>(offset + i)) < threshold) keep.push_back(i);
        local = local.index_select(0, at::tensor(keep, at::TensorOptions().dtype(at::kLong)).to(local.device()));
    }
    if (red.size() == 1) return local;
    const auto counts = allCounts(red, local.size(0));
    std::int64_t before = 0, total = 0;
    for (int r = 0; r < red.size(); ++r) (r < red.rank() ? before : total) += counts[std::size_t(r)];
    total += before;
    at::Tensor all = at::zeros({total, eng.d()}, at::TensorOptions().dtype(at::kDouble));
    all.narrow(0, before, local.size(0)).copy_(local.to(at::kCPU, at::kDouble));
    red.sum({all.data_ptr<double>(), static_cast<std::size_t>(all.numel())});
    return all.to(local.options());
}

// k within the rows of all processes; finite values everywhere (each process checks its own).
Status checkDistributedData(const DataMatrix& x, int k, StatsReducer& red, std::int64_t nAll) {
    if (red.size() == 1) return checkFitData(x, k, "A Gaussian mixture");
    double bad = x.d && x.rows() > 0 && !x.allFinite() ? 1.0 : 0.0;
    red.sum({&bad, 1});
    if (k < 1 || k > nAll)
        return usageError("A Gaussian mixture with k = " + std::to_string(k) + " needs between 1 and " +
                          std::to_string(nAll) + " components (the rows of all processes).");
    if (bad > 0) return fail("The data contain NaN or infinite values; A Gaussian mixture is not possible.");
    return {};
}

// Rank 0 gets every process's values in rank order (= global row order); others nothing.
template <class T>
std::vector<T> gatherRows(const std::vector<T>& local, StatsReducer& red) {
    if (red.size() == 1) return local;
    std::vector<double> all = red.gatherToRoot(std::vector<double>(local.begin(), local.end()));
    return std::vector<T>(all.begin(), all.end());
}

}  // namespace

Expected<GmmFit> fitGmm(const DataMatrix& x, const GmmParams& params, ProgressSink& progress,
                        const CancelToken& cancel) {
    LocalReducer local;
    return fitGmm(x, params, local, progress, cancel);
}

Expected<GmmFit> fitGmm(const DataMatrix& x, const GmmParams& params, StatsReducer& red, ProgressSink& progress,
                        const CancelToken& cancel) {
    const auto counts = red.size() == 1 ? std::vector<std::int64_t>{x.rows()} : allCounts(red, x.d ? x.rows() : 0);
    std::int64_t offset = 0, nAll = 0;
    for (int r = 0; r < red.size(); ++r) (r < red.rank() ? offset : nAll) += counts[std::size_t(r)];
    nAll += offset;
    if (auto s = checkDistributedData(x, params.k, red, nAll); !s) return std::unexpected(s.error());
    if (params.maxIter < 0) return usageError("max_iter must not be negative.");
    if (params.regCovar < 0) return usageError("reg_covar must not be negative.");
    return runJob<GmmFit>([&]() -> Expected<GmmFit> {
        const int k = params.k;
        Engine eng(x.d->t, params.covariance, k, params.chunkRows, red, nAll);
        const int d = eng.d();
        const std::int64_t n = eng.nAll();
        std::vector<double> dataMean = eng.dataMean();
        std::mt19937_64 rng(params.seed);

        auto initialParams = [&]() -> Expected<Params> {
            if (params.start) {
                const auto& st = *params.start;
                std::size_t precSize = 0;
                switch (params.covariance) {
                case CovarianceType::Full: precSize = std::size_t(k) * d * d; break;
                case CovarianceType::Tied: precSize = std::size_t(d) * d; break;
                case CovarianceType::Diag: precSize = std::size_t(k) * d; break;
                case CovarianceType::Spherical: precSize = std::size_t(k); break;
                }
                if (st.weights.size() != std::size_t(k) || st.means.size() != std::size_t(k) * d ||
                    st.precisions.size() != precSize)
                    return usageError("The initial weights/means/precisions do not match k = " + std::to_string(k) +
                                      ", d = " + std::to_string(d) + " and the covariance type.");
                Params p;
                p.weights = st.weights;
                p.means = Eigen::Map<const RowMat>(st.means.data(), k, d);
                for (int j = 0; j < k; ++j)
                    for (int a = 0; a < d; ++a) p.means(j, a) -= dataMean[std::size_t(a)];
                p.prec = st.precisions;
                if (auto s = eng.computePrecisions(p, true); !s) return std::unexpected(s.error());
                return p;
            }
            Engine::Stats st;
            if (params.init == GmmInit::KMeans) {
                progress.info("Initialising with k-means");
                const std::uint64_t seedValue = rng();
                at::Tensor init = seedCenters(seedingPool(eng, params.initSampleRows, seedValue, offset), k, seedValue);
                auto res = lloyd(eng.centred(), init, 300, 1e-4, cancel, red);
                st = eng.labelPass(res.labels, cancel);
            } else {
                // One draw per value in global row order: a process skips the others' draws.
                std::uniform_real_distribution<double> uni(0.0, 1.0);
                rng.discard(static_cast<unsigned long long>(offset) * k);
                st = eng.respPass(
                    [&](std::int64_t, std::int64_t len) {
                        std::vector<double> r(static_cast<std::size_t>(len) * k);
                        for (auto& v : r) v = uni(rng);
                        at::Tensor t = hostTensor(r, {len, k});
                        return t / t.sum(1, true);
                    },
                    cancel);
                rng.discard(static_cast<unsigned long long>(n - offset - eng.n()) * k);
            }
            return eng.mStep(st, params.regCovar);
        };

        const int runs = params.start ? 1 : std::max(1, params.nInit);
        Params best;
        double bestLb = -std::numeric_limits<double>::infinity();
        std::vector<double> bestTrace;
        int bestIter = 0;
        bool bestConverged = false, have = false;
        for (int r = 0; r < runs; ++r) {
            auto p0 = initialParams();
            if (!p0) return std::unexpected(p0.error());
            Params p = std::move(*p0);
            double lb = -std::numeric_limits<double>::infinity();
            std::vector<double> trace;
            bool converged = false;
            int iter = 0;
            progress.stage(runs > 1 ? "EM (restart " + std::to_string(r + 1) + " of " + std::to_string(runs) + ")"
                                    : std::string("EM"));
            for (iter = 1; iter <= params.maxIter; ++iter) {
                cancel.throwIfCancelled();
                const double prev = lb;
                auto st = eng.emPass(p, cancel);
                lb = st.lpnSum.item<double>() / static_cast<double>(n);
                if (!std::isfinite(lb))
                    return fail("The EM lower bound became " + std::to_string(lb) +
                                " (degenerate data or components); try a larger reg_covar.");
                auto next = eng.mStep(st, params.regCovar);
                if (!next) return std::unexpected(next.error());
                p = std::move(*next);
                trace.push_back(lb);
                progress.progress(iter, params.maxIter);
                if (std::abs(lb - prev) < params.tol) {
                    converged = true;
                    break;
                }
            }
            if (iter > params.maxIter) iter = params.maxIter;
            if (!have || lb > bestLb) {
                have = true;
                bestLb = lb;
                best = std::move(p);
                bestTrace = std::move(trace);
                bestIter = iter;
                bestConverged = converged;
            }
        }
        GmmFit fit;
        fit.lowerBound = bestLb;
        fit.lowerBounds = std::move(bestTrace);
        fit.iterations = bestIter;
        fit.converged = bestConverged;
        fit.meanLogLikelihood = eng.predict(best, fit.labels, fit.maxProb, fit.logLik, fit.clusterSizes, cancel);
        fit.labels = gatherRows(fit.labels, red);
        fit.maxProb = gatherRows(fit.maxProb, red);
        fit.logLik = gatherRows(fit.logLik, red);
        GmmModel& m = fit.model;
        m.covariance = params.covariance;
        m.k = k;
        m.dim = d;
        m.weights = best.weights;
        m.means.resize(std::size_t(k) * d);
        for (int j = 0; j < k; ++j)
            for (int a = 0; a < d; ++a) m.means[std::size_t(j) * d + a] = best.means(j, a) + dataMean[std::size_t(a)];
        m.covariances = best.cov;
        const double nn = static_cast<double>(n);
        const double pc = static_cast<double>(m.parameterCount());
        fit.bic = -2 * fit.meanLogLikelihood * nn + pc * std::log(nn);
        fit.aic = -2 * fit.meanLogLikelihood * nn + 2 * pc;
        return fit;
    });
}

}  // namespace dl
