// Tiled GMM EM pass over host rows (see GmmTilePass.h).
//
// Per block of kGmmBlockRows rows a worker walks tiles of `tileRows` rows: features z' into a
// reused buffer, W = Z'·Q', responsibilities per row (log-sum-exp in double), S' += Rᵀ·Z'.
// The block's S' (working precision) is folded into the double total under a mutex strictly
// in block order (parallelOrderedFold); workers take blocks in increasing order, so a worker
// waits at most for the blocks before its own, which are all being computed.
#include "kernels/GmmTilePass.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>

#include "common/Parallel.h"
#include "kernels/GmmTileKernels.h"

namespace dl {

int gmmFeatureCount(GmmFeatureKind kind, int d) {
    switch (kind) {
    case GmmFeatureKind::Full: return d * (d + 1) / 2;
    case GmmFeatureKind::Diag: return d;
    case GmmFeatureKind::Spherical: return 1;
    }
    return 1;
}

namespace {

using gmmtile::kGmmLanes;

// 64-byte aligned, zero-initialised array (SIMD rows start on cache lines).
template <class T>
class AlignedArray {
public:
    explicit AlignedArray(std::size_t n) : n_(n) {
        const std::size_t bytes = (n * sizeof(T) + 63) / 64 * 64;
        p_.reset(static_cast<T*>(std::aligned_alloc(64, std::max<std::size_t>(bytes, 64))));
        if (!p_) throw std::bad_alloc();
        std::fill(p_.get(), p_.get() + n, T(0));
    }
    T* data() { return p_.get(); }
    const T* data() const { return p_.get(); }
    std::size_t size() const { return n_; }

private:
    struct Free {
        void operator()(T* p) const { std::free(p); }
    };
    std::unique_ptr<T, Free> p_;
    std::size_t n_;
};

struct Layout {
    int d = 0, k = 0, m = 0;
    int mPad = 0;      // m + d + 1 rounded up to 16
    int panels = 0;    // ceil(k / 16)
    int tileRows = 0;  // multiple of 16, tile of z' about 512 KiB
    std::size_t kp() const { return std::size_t(panels) * kGmmLanes; }
    std::size_t statsSize() const { return std::size_t(panels) * mPad * kGmmLanes; }
};

template <class T>
Layout layoutOf(const GmmEStepModel& model) {
    Layout l;
    l.d = model.d;
    l.k = model.k;
    l.m = gmmFeatureCount(model.kind, model.d);
    l.mPad = (l.m + l.d + 1 + 15) / 16 * 16;
    l.panels = (l.k + kGmmLanes - 1) / kGmmLanes;
    const std::size_t rowBytes = std::size_t(l.mPad) * sizeof(T);
    l.tileRows = static_cast<int>(std::clamp<std::size_t>((512 * 1024 / rowBytes) / 16 * 16, 16, 64));
    return l;
}

// Q' = [q; l; c; 0] in panels of 16 component lanes, padded lanes zero.
template <class T>
AlignedArray<T> packModel(const GmmEStepModel& model, const Layout& lay) {
    AlignedArray<T> q(lay.statsSize());
    for (int j = 0; j < lay.k; ++j) {
        T* col = q.data() + std::size_t(j / kGmmLanes) * lay.mPad * kGmmLanes + j % kGmmLanes;
        auto put = [&](int row, double v) { col[std::size_t(row) * kGmmLanes] = static_cast<T>(v); };
        for (int f = 0; f < lay.m; ++f) put(f, model.q[std::size_t(f) * lay.k + j]);
        for (int a = 0; a < lay.d; ++a) put(lay.m + a, model.l[std::size_t(a) * lay.k + j]);
        put(lay.m + lay.d, model.c[std::size_t(j)]);
    }
    return q;
}

// One worker's buffers, reused for every block it computes.
template <class T>
struct Scratch {
    explicit Scratch(const Layout& lay)
        : z(std::size_t(lay.tileRows) * lay.mPad + 16),
          w(lay.tileRows * lay.kp()),
          r(lay.tileRows * lay.kp()),
          s(lay.statsSize()),
          nk(std::size_t(lay.k)) {}
    AlignedArray<T> z, w, r, s;  // tile z', W, R; the block's S'
    std::vector<double> nk;      // the block's Σ r (scores pass)
    double lpnSum = 0;
};

// Log-sum-exp of one row of W in double: max + log(sum); e receives exp(w_j - max).
struct LogSumExp {
    double max = 0, sum = 0;
    double value() const { return max + std::log(sum); }
};
template <class T>
LogSumExp logSumExp(const Layout& lay, const T* wi, double* e) {
    LogSumExp l{-std::numeric_limits<double>::infinity(), 0.0};
    for (int j = 0; j < lay.k; ++j) l.max = std::max(l.max, static_cast<double>(wi[j]));
    for (int j = 0; j < lay.k; ++j) l.sum += e[j] = std::exp(static_cast<double>(wi[j]) - l.max);
    return l;
}

// Responsibilities of the tile's valid rows from W (other rows and lanes zero); Σ lpn.
template <class T>
double responsibilities(const Layout& lay, int valid, const T* w, T* r, std::vector<double>& e) {
    const std::size_t kp = lay.kp();
    double lpnSum = 0;
    std::fill(r, r + std::size_t(lay.tileRows) * kp, T(0));
    for (int i = 0; i < valid; ++i) {
        const LogSumExp l = logSumExp(lay, w + std::size_t(i) * kp, e.data());
        T* ri = r + std::size_t(i) * kp;
        for (int j = 0; j < lay.k; ++j) ri[j] = static_cast<T>(e[std::size_t(j)] / l.sum);
        lpnSum += l.value();
    }
    return lpnSum;
}

// What a pass computes per tile.
struct PassJob {
    enum Kind { EmStats, GivenLabels, Scores } kind = EmStats;
    const std::int64_t* labelsIn = nullptr;  // GivenLabels: component of each row
    std::int32_t* labels = nullptr;          // Scores: argmax component
    double* maxProb = nullptr;               // Scores: its responsibility
    double* logLik = nullptr;                // Scores: log p(x)
};

template <class T>
void scoreTile(const Layout& lay, const PassJob& job, std::int64_t row0, int valid, Scratch<T>& sc,
               std::vector<double>& e) {
    for (int i = 0; i < valid; ++i) {
        const T* wi = sc.w.data() + std::size_t(i) * lay.kp();
        const double lpn = logSumExp(lay, wi, e.data()).value();
        const auto best = std::max_element(wi, wi + lay.k) - wi;  // first maximum, as torch's max
        job.labels[row0 + i] = static_cast<std::int32_t>(best);
        job.maxProb[row0 + i] = std::exp(static_cast<double>(wi[best]) - lpn);
        job.logLik[row0 + i] = lpn;
        for (int j = 0; j < lay.k; ++j) sc.nk[std::size_t(j)] += std::exp(static_cast<double>(wi[j]) - lpn);  // as r
    }
}

template <class T>
void computeBlock(const T* x, std::int64_t begin, std::int64_t end, const Layout& lay, const T* q, GmmFeatureKind kind,
                  const PassJob& job, Scratch<T>& sc) {
    std::fill(sc.s.data(), sc.s.data() + sc.s.size(), T(0));
    std::fill(sc.nk.begin(), sc.nk.end(), 0.0);
    sc.lpnSum = 0;
    std::vector<double> e(std::size_t(lay.k));
    for (std::int64_t t = begin; t < end; t += lay.tileRows) {
        const int valid = static_cast<int>(std::min<std::int64_t>(lay.tileRows, end - t));
        gmmtile::buildFeatures(kind, x + t * lay.d, valid, lay.tileRows, lay.d, lay.mPad, sc.z.data());
        if (job.kind != PassJob::GivenLabels)
            gmmtile::eStep(sc.z.data(), lay.tileRows, lay.mPad, q, lay.panels, sc.w.data());
        if (job.kind == PassJob::Scores) {
            scoreTile(lay, job, t, valid, sc, e);
            continue;
        }
        if (job.kind == PassJob::EmStats) {
            sc.lpnSum += responsibilities(lay, valid, sc.w.data(), sc.r.data(), e);
        } else {
            std::fill(sc.r.data(), sc.r.data() + sc.r.size(), T(0));
            for (int i = 0; i < valid; ++i)
                sc.r.data()[std::size_t(i) * lay.kp() + std::size_t(job.labelsIn[t + i])] = T(1);
        }
        gmmtile::mStep(sc.z.data(), lay.tileRows, lay.mPad, sc.r.data(), lay.panels, sc.s.data());
    }
}

// Runs the job over all rows on `threads` threads; S', Σ r and Σ lpn summed in block order.
struct PassTotals {
    std::vector<double> s, nk;
    double lpnSum = 0;
};

template <class T>
PassTotals runPass(const T* x, std::int64_t rows, const GmmEStepModel& model, const PassJob& job, int threads,
                   const CancelToken& cancel, Layout& lay) {
    lay = layoutOf<T>(model);
    const AlignedArray<T> q = job.kind == PassJob::GivenLabels ? AlignedArray<T>(1) : packModel<T>(model, lay);
    PassTotals tot;
    tot.s.assign(job.kind == PassJob::Scores ? 0 : lay.statsSize(), 0.0);
    tot.nk.assign(std::size_t(lay.k), 0.0);
    const std::int64_t blocks = (rows + kGmmBlockRows - 1) / kGmmBlockRows;
    const Status run = parallelOrderedFold(
        blocks, threads, &cancel, [&] { return Scratch<T>(lay); },
        [&](Scratch<T>& sc, std::int64_t b) {
            const std::int64_t begin = b * kGmmBlockRows;
            computeBlock(x, begin, std::min(rows, begin + kGmmBlockRows), lay, q.data(), model.kind, job, sc);
        },
        [&](const Scratch<T>& sc, std::int64_t) {
            for (std::size_t i = 0; i < tot.s.size(); ++i) tot.s[i] += static_cast<double>(sc.s.data()[i]);
            for (std::size_t j = 0; j < tot.nk.size(); ++j) tot.nk[j] += sc.nk[j];
            tot.lpnSum += sc.lpnSum;
        });
    if (!run) throw CancelledException{};  // the helper's only error; this pass reports it by exception
    return tot;
}

// S' (panels of component lanes) to nk, m1, s.
GmmPassStats unpack(const Layout& lay, const std::vector<double>& total, double lpnSum) {
    GmmPassStats st;
    st.lpnSum = lpnSum;
    st.nk.resize(std::size_t(lay.k));
    st.m1.resize(std::size_t(lay.k) * lay.d);
    st.s.resize(std::size_t(lay.k) * lay.m);
    for (int j = 0; j < lay.k; ++j) {
        const double* col = total.data() + std::size_t(j / kGmmLanes) * lay.mPad * kGmmLanes + j % kGmmLanes;
        auto at = [&](int row) { return col[std::size_t(row) * kGmmLanes]; };
        for (int f = 0; f < lay.m; ++f) st.s[std::size_t(j) * lay.m + f] = at(f);
        for (int a = 0; a < lay.d; ++a) st.m1[std::size_t(j) * lay.d + a] = at(lay.m + a);
        st.nk[std::size_t(j)] = at(lay.m + lay.d);
    }
    return st;
}

}  // namespace

template <class T>
GmmPassStats gmmTilePass(const T* x, std::int64_t rows, const GmmEStepModel& model, int threads,
                         const CancelToken& cancel) {
    Layout lay;
    const PassTotals tot = runPass(x, rows, model, PassJob{}, threads, cancel, lay);
    return unpack(lay, tot.s, tot.lpnSum);
}

template <class T>
GmmPassStats gmmTileLabelPass(const T* x, std::int64_t rows, const GmmEStepModel& model, const std::int64_t* labels,
                              int threads, const CancelToken& cancel) {
    PassJob job;
    job.kind = PassJob::GivenLabels;
    job.labelsIn = labels;
    Layout lay;
    const PassTotals tot = runPass(x, rows, model, job, threads, cancel, lay);
    return unpack(lay, tot.s, 0.0);
}

template <class T>
GmmRowScores gmmTileScores(const T* x, std::int64_t rows, const GmmEStepModel& model, int threads,
                           const CancelToken& cancel) {
    GmmRowScores out;
    out.labels.resize(std::size_t(rows));
    out.maxProb.resize(std::size_t(rows));
    out.logLik.resize(std::size_t(rows));
    PassJob job;
    job.kind = PassJob::Scores;
    job.labels = out.labels.data();
    job.maxProb = out.maxProb.data();
    job.logLik = out.logLik.data();
    Layout lay;
    out.nk = runPass(x, rows, model, job, threads, cancel, lay).nk;
    return out;
}

template GmmPassStats gmmTilePass<double>(const double*, std::int64_t, const GmmEStepModel&, int, const CancelToken&);
template GmmPassStats gmmTilePass<float>(const float*, std::int64_t, const GmmEStepModel&, int, const CancelToken&);
template GmmPassStats gmmTileLabelPass<double>(const double*, std::int64_t, const GmmEStepModel&, const std::int64_t*,
                                               int, const CancelToken&);
template GmmPassStats gmmTileLabelPass<float>(const float*, std::int64_t, const GmmEStepModel&, const std::int64_t*,
                                              int, const CancelToken&);
template GmmRowScores gmmTileScores<double>(const double*, std::int64_t, const GmmEStepModel&, int, const CancelToken&);
template GmmRowScores gmmTileScores<float>(const float*, std::int64_t, const GmmEStepModel&, int, const CancelToken&);

}  // namespace dl
