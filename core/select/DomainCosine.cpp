#include "select/DomainCosine.h"

#include <Eigen/Dense>

#include <cmath>

namespace dl {

std::vector<double> cosineToSeedMean(const float* seed, std::int64_t seedRows, const float* pool, std::int64_t poolRows,
                                     int dim) {
    using RowMajor = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    const Eigen::Map<const RowMajor> s(seed, seedRows, dim), p(pool, poolRows, dim);
    // Accumulate the mean in double: 2000 float rows lose digits otherwise.
    Eigen::VectorXd query = s.cast<double>().colwise().mean().transpose();
    const double qn = query.norm();
    const Eigen::VectorXf q = (query / (qn > 0 ? qn : 1.0)).cast<float>();
    const Eigen::VectorXf dots = p * q;
    const Eigen::VectorXf norms = p.rowwise().norm();
    std::vector<double> out(poolRows);
    for (std::int64_t i = 0; i < poolRows; ++i) out[i] = norms[i] > 0 ? double(dots[i]) / double(norms[i]) : 0.0;
    return out;
}

}  // namespace dl
