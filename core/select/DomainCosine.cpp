#include "select/DomainCosine.h"

#include <Eigen/Dense>
#include <cstdint>

#include <cmath>

namespace dl {

namespace {
using RowMajor = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
}

std::vector<double> seedQuery(const float* seed, std::int64_t seedRows, int dim) {
    const Eigen::Map<const RowMajor> s(seed, seedRows, dim);
    // Accumulate the mean in double: 2000 float rows lose digits otherwise.
    Eigen::VectorXd query = s.cast<double>().colwise().mean().transpose();
    const double qn = query.norm();
    query /= qn > 0 ? qn : 1.0;
    return {query.data(), query.data() + query.size()};
}

std::vector<double> cosineToQuery(const std::vector<double>& query, const float* rows, std::int64_t rowCount, int dim) {
    const Eigen::Map<const RowMajor> p(rows, rowCount, dim);
    const Eigen::VectorXf q = Eigen::Map<const Eigen::VectorXd>(query.data(), dim).cast<float>();
    const Eigen::VectorXf dots = p * q;
    const Eigen::VectorXf norms = p.rowwise().norm();
    std::vector<double> out(static_cast<std::size_t>(rowCount));
    // A zero row scores 0; a row with NaN keeps its NaN score (runSelect refuses it by name).
    for (std::int64_t i = 0; i < rowCount; ++i) out[i] = norms[i] == 0 ? 0.0 : double(dots[i]) / double(norms[i]);
    return out;
}

std::vector<double> cosineToSeedMean(const float* seed, std::int64_t seedRows, const float* pool, std::int64_t poolRows,
                                     int dim) {
    return cosineToQuery(seedQuery(seed, seedRows, dim), pool, poolRows, dim);
}

}  // namespace dl
