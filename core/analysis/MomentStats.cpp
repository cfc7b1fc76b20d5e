#include "analysis/MomentStats.h"

#include <Eigen/Dense>
#include <cstdint>

#include <algorithm>

#include "analysis/Pca.h"
#include "analysis/PcaCovariance.h"
#include "common/Brace.h"

namespace dl {

using shard_detail::brace;

namespace {
using RowMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using FloatRows = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
constexpr std::int64_t kBlock = 4096;  // rows cast to float64 at a time
}  // namespace

MomentStats MomentStats::zeros(int dim) {
    MomentStats s;
    s.dim = dim;
    s.sum.assign(static_cast<std::size_t>(dim), 0.0);
    s.outer.assign(static_cast<std::size_t>(dim) * dim, 0.0);
    return s;
}

void MomentStats::addRows(const float* rows, std::int64_t rowCount) {
    Eigen::Map<RowMat> o(outer.data(), dim, dim);
    Eigen::Map<Eigen::VectorXd> s(sum.data(), dim);
    Eigen::MatrixXd lower = Eigen::MatrixXd::Zero(dim, dim);
    for (std::int64_t first = 0; first < rowCount; first += kBlock) {
        const std::int64_t n = std::min(kBlock, rowCount - first);
        const Eigen::MatrixXd x = Eigen::Map<const FloatRows>(rows + first * dim, n, dim).cast<double>();
        s += x.colwise().sum().transpose();
        lower.selfadjointView<Eigen::Lower>().rankUpdate(x.transpose());
    }
    o += lower.selfadjointView<Eigen::Lower>().toDenseMatrix();
    count += rowCount;
}

Status MomentStats::merge(const MomentStats& other) {
    if (other.dim != dim)
        return fail(brace("PCA statistics of {} and {} dimensions cannot be summed.", dim, other.dim));
    count += other.count;
    for (std::size_t i = 0; i < sum.size(); ++i) sum[i] += other.sum[i];
    for (std::size_t i = 0; i < outer.size(); ++i) outer[i] += other.outer[i];
    return {};
}

void MomentStats::meanCovariance(std::vector<double>& mean, std::vector<double>& cov) const {
    const double n = static_cast<double>(count);
    mean.resize(sum.size());
    for (std::size_t i = 0; i < sum.size(); ++i) mean[i] = sum[i] / n;
    cov.resize(outer.size());
    const auto d = static_cast<std::size_t>(dim);
    for (std::size_t a = 0; a < d; ++a)
        for (std::size_t b = 0; b < d; ++b) cov[a * d + b] = (outer[a * d + b] - n * mean[a] * mean[b]) / (n - 1);
}

Expected<PcaModel> pcaFromMoments(const MomentStats& stats, int components) {
    if (stats.count < 2) return usageError(brace("PCA needs at least 2 rows (got {}).", stats.count));
    std::vector<double> mean, cov;
    stats.meanCovariance(mean, cov);
    return pcaFromCovariance(std::move(mean), cov, stats.count, components);
}

}  // namespace dl
