// The PCA model of a covariance matrix (declared in PcaCovariance.h): LAPACK eigen-decomposition,
// scikit-learn's sign rule.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>

#include "analysis/Pca.h"
#include "analysis/PcaCovariance.h"
#include "analysis/TensorImpl.h"

namespace dl {

// Axes = the leading eigenvectors of the covariance; sign as scikit-learn's
// svd_flip(u_based_decision=False): the largest-magnitude entry of each axis is positive.
Expected<PcaModel> pcaFromCovariance(std::vector<double> mean, const std::vector<double>& cov, std::int64_t rows,
                                     int components) {
    const int dim = static_cast<int>(mean.size());
    if (cov.size() != mean.size() * mean.size())
        return fail("PCA: the covariance does not match the mean's dimension.");
    if (components < 1 || components > dim)
        return usageError("PCA components must be between 1 and the dimension " + std::to_string(dim) + " (got " +
                          std::to_string(components) + ").");
    const bool finite = std::all_of(cov.begin(), cov.end(), [](double v) { return std::isfinite(v); }) &&
                        std::all_of(mean.begin(), mean.end(), [](double v) { return std::isfinite(v); });
    if (!finite)
        return fail("The data contain NaN or infinite values (or values too large to square); PCA is not possible.");
    // LAPACK's divide and conquer (syevd, through ATen: what scipy.linalg.eigh runs for
    // scikit-learn): 12 ms for 384 x 384 here, against 78 ms for Eigen's SelfAdjointEigenSolver.
    at::Tensor values, vectors;  // ascending; eigenvectors in columns
    try {
        const at::Tensor c =
            at::from_blob(const_cast<double*>(cov.data()), {dim, dim}, at::TensorOptions().dtype(at::kDouble));
        std::tie(values, vectors) = at::linalg_eigh(c);
        vectors = vectors.contiguous();
    } catch (const std::exception&) {
        return fail("PCA: the eigen-decomposition did not converge.");
    }
    const double* ev = values.data_ptr<double>();
    const double* evec = vectors.data_ptr<double>();  // row-major: evec[j·dim + col] is entry j of eigenvector col
    double total = 0;
    for (int i = 0; i < dim; ++i) total += ev[i];
    total = std::max(total, 0.0);
    PcaModel model;
    model.inputDim = dim;
    model.components = components;
    model.fitRows = rows;
    model.mean = std::move(mean);
    model.axes.resize(static_cast<std::size_t>(components) * dim);
    for (int c = 0; c < components; ++c) {
        const int col = dim - 1 - c;
        int arg = 0;  // the first largest-magnitude entry
        for (int j = 1; j < dim; ++j)
            if (std::fabs(evec[std::size_t(j) * dim + col]) > std::fabs(evec[std::size_t(arg) * dim + col])) arg = j;
        const double sign = evec[std::size_t(arg) * dim + col] < 0 ? -1.0 : 1.0;
        for (int j = 0; j < dim; ++j)
            model.axes[static_cast<std::size_t>(c) * dim + j] = sign * evec[std::size_t(j) * dim + col];
        const double var = std::max(ev[col], 0.0);
        model.explainedVariance.push_back(var);
        model.explainedVarianceRatio.push_back(total > 0 ? var / total : 0.0);
    }
    return model;
}

}  // namespace dl
