#include "analysis/DistributedReduce.h"

#include <Eigen/Dense>
#include <cstdint>

#include <algorithm>
#include <cmath>
#include <vector>

#include "analysis/GramPass.h"
#include "analysis/Pca.h"
#include "analysis/PcaCovariance.h"
#include "common/Parallel.h"

namespace dl {

namespace {

// Σx over all rows in float64, on all cores: each 4096-row block is summed by one thread, and
// the block sums are added in block order, so the result does not depend on the thread count.
// Blocks go in waves of kWave, which bounds the memory for their sums. No cancel token: this
// runs before the first allreduce, which every rank must reach.
std::vector<double> columnSums(const float* data, std::int64_t rowCount, int dim) {
    using FloatRows = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    constexpr std::int64_t kBlock = 4096, kWave = 256;
    const Eigen::Map<const FloatRows> x(data, rowCount, dim);
    const std::int64_t blocks = (rowCount + kBlock - 1) / kBlock;
    Eigen::VectorXd sum = Eigen::VectorXd::Zero(dim);
    Eigen::MatrixXd waveSums(dim, kWave);
    for (std::int64_t wave = 0; wave < blocks; wave += kWave) {
        const std::int64_t inWave = std::min(kWave, blocks - wave);
        const Status summed = parallelBlocks(inWave, 0, nullptr, [&](std::int64_t b, int) {
            const std::int64_t r = (wave + b) * kBlock;
            waveSums.col(b) =
                x.middleRows(r, std::min(kBlock, rowCount - r)).cast<double>().colwise().sum().transpose();
        });
        (void)summed;  // without a token the run is never cancelled; an exception is rethrown here
        for (std::int64_t b = 0; b < inWave; ++b) sum += waveSums.col(b);
    }
    return {sum.data(), sum.data() + dim};
}

}  // namespace

Expected<PcaModel> distributedPca(std::span<const float> rows, std::int64_t rowCount, int dim, int components,
                                  StatsReducer& reducer, PcaPrecision precision, const CancelToken* cancel) {
    // Two passes over this process's rows (in memory; read from the project once): the mean of
    // all rows first, then Σ(x-m)(x-m)ᵀ, so the covariance does not lose digits to Σxxᵀ - n·m·mᵀ
    // (raw moments give lower bounds that differ from the single process's by ~1e-8 relative).
    std::vector<double> first = columnSums(rows.data(), rowCount, dim);  // [Σx, n]
    first.push_back(static_cast<double>(rowCount));
    reducer.sum(first);
    const double n = first[std::size_t(dim)];
    if (n < 2) return usageError("PCA needs at least 2 rows (got " + std::to_string(static_cast<long long>(n)) + ").");
    if (auto st = checkGramWidth(dim); !st) return std::unexpected(st.error());
    std::vector<double> mean(static_cast<std::size_t>(dim));
    for (int a = 0; a < dim; ++a) mean[std::size_t(a)] = first[std::size_t(a)] / n;
    // [Σ(x-m) (dim), Σ(x-m)(x-m)ᵀ (dim x dim)]: the first term corrects the rounding of m. The
    // Gram pass computes both (y = x - shift with shift = m).
    const CancelToken never;
    GramPass pass(dim, gramPrecisionFor(precision), mean);
    if (auto st = pass.add(rows.data(), rowCount, cancel ? *cancel : never); !st) return std::unexpected(st.error());
    std::vector<double> second(static_cast<std::size_t>(dim) * (dim + 1), 0.0);
    std::copy(pass.sums().begin(), pass.sums().end(), second.begin());
    const std::vector<double> gram = pass.gram();
    std::copy(gram.begin(), gram.end(), second.begin() + dim);
    reducer.sum(second);
    if (std::ranges::any_of(second, [](double v) { return !std::isfinite(v); }))
        return fail("The data contain NaN or infinite values; PCA is not possible.");
    Eigen::Map<const Eigen::VectorXd> d(second.data(), dim);
    Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> s(second.data() + dim, dim,
                                                                                               dim);
    const Eigen::MatrixXd cov = (s - d * d.transpose() / n) / (n - 1);
    std::vector<double> meanOut(static_cast<std::size_t>(dim)), covOut(static_cast<std::size_t>(dim) * dim);
    for (int a = 0; a < dim; ++a) {
        meanOut[std::size_t(a)] = mean[std::size_t(a)] + d[a] / n;
        for (int b = 0; b < dim; ++b) covOut[std::size_t(a) * dim + b] = cov(a, b);
    }
    auto model = pcaFromCovariance(std::move(meanOut), covOut, static_cast<std::int64_t>(n), components);
    if (model) model->precision = precision;
    return model;
}

Expected<ReducedData> reduceDistributed(std::span<float> data, std::int64_t rows, int dim,
                                        const RepresentationParams& rep, const ReduceParams& params,
                                        StatsReducer& reducer, const CancelToken& cancel) {
    if (rep.standardize)
        return usageError(
            "cluster --mpi cannot standardise (--standardize needs the column statistics of all rows "
            "before the PCA); use --l2 or --whiten, or cluster without --mpi.");
    if (rep.whiten && params.pcaDims < 2) return usageError("--whiten needs --pca N with N >= 2.");
    if (rep.l2) l2NormalizeRows(data, rows, dim);
    // As reduceForClustering, step for step: the rows projected in float32, the coordinates
    // then in `precision`, so that with the same PCA the GMM sees the same data (1e-9).
    const Precision rawPrecision = params.pcaDims >= 2 ? Precision::Float32 : params.precision;
    auto x = DataMatrix::fromFloat(data, rows, dim, rawPrecision, params.cuda);
    if (!x) return std::unexpected(x.error());
    ReducedData out;
    if (params.pcaDims < 2) {
        out.x = std::move(*x);
        return out;
    }
    auto pca = params.fittedPca ? fittedPcaFor(*params.fittedPca, dim, params.pcaDims)
                                // no cancel inside: a rank leaving early would leave the others in the allreduce
                                : distributedPca(data, rows, dim, params.pcaDims, reducer,
                                                 params.pcaPrecision.value_or(PcaPrecision::Float64));
    if (!pca) return std::unexpected(pca.error());
    auto projected = projectPca(*pca, *x, cancel);
    if (!projected) return std::unexpected(projected.error());
    if (rep.whiten) {
        projected = whitenProjection(*pca, *projected);
        if (!projected) return std::unexpected(projected.error());
    }
    out.x = projected->to(params.precision);
    out.pca = std::move(*pca);
    return out;
}

}  // namespace dl
