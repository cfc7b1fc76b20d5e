#pragma once
// Gaussian mixture by EM and k-means (Lloyd), following scikit-learn's GaussianMixture and
// KMeans step for step so that, from the same starting point, both give the same lower
// bound and labels. Heavy steps run on the data's device; d×d algebra uses Eigen.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/DataMatrix.h"
#include "common/Error.h"
#include "jobs/Progress.h"

namespace dl {

enum class CovarianceType { Full, Diag, Spherical, Tied };
std::optional<CovarianceType> parseCovarianceType(std::string_view name);  // full|diag|spherical|tied
std::string covarianceTypeName(CovarianceType type);

enum class GmmInit { KMeans, Random };
std::optional<GmmInit> parseGmmInit(std::string_view name);  // kmeans|random
std::string gmmInitName(GmmInit init);

// Explicit starting point (scikit-learn's weights_init / means_init / precisions_init).
// precisions layout by covariance type: full k·d·d, tied d·d, diag k·d, spherical k.
struct GmmStart {
    std::vector<double> weights;     // k
    std::vector<double> means;       // k·d row-major
    std::vector<double> precisions;  // inverse covariances
};

struct GmmParams {
    int k = 5;
    CovarianceType covariance = CovarianceType::Full;
    double tol = 1e-3;        // on the change of the mean log-likelihood lower bound
    double regCovar = 1e-6;   // added to covariance diagonals
    int maxIter = 100;
    int nInit = 1;            // restarts; the best lower bound wins
    GmmInit init = GmmInit::KMeans;
    std::uint64_t seed = 0;
    std::optional<GmmStart> start;  // overrides init (then nInit is 1)
    std::int64_t chunkRows = 0;     // 0 = automatic
    // k-means++ seeds from a seeded sample of about this many rows (a row's membership depends
    // on the seed and its global index only); 0 = from all rows. Lloyd then runs on all rows.
    std::int64_t initSampleRows = 0;
};

struct GmmModel {
    CovarianceType covariance = CovarianceType::Full;
    int k = 0;
    int dim = 0;
    std::vector<double> weights;      // k
    std::vector<double> means;        // k·d
    std::vector<double> covariances;  // layout as GmmStart::precisions
    std::int64_t parameterCount() const;
};

struct GmmFit {
    GmmModel model;
    double lowerBound = 0;  // scikit-learn's lower_bound_: mean log-likelihood at the last E-step
    std::vector<double> lowerBounds;  // per iteration of the best restart
    int iterations = 0;
    bool converged = false;
    double meanLogLikelihood = 0;  // with the final parameters (scikit-learn's score(X))
    double bic = 0;
    double aic = 0;
    std::vector<std::int32_t> labels;  // argmax responsibility (final E-step)
    std::vector<double> maxProb;       // that responsibility
    std::vector<double> logLik;        // per-sample log p(x)
    std::vector<double> clusterSizes;  // soft counts (sum of responsibilities) per component
};

// Errors: N = 0, k < 1 or k > N, non-finite data, singular covariance (message suggests
// reg_covar), bad start shapes. Polls `cancel` per EM iteration and per chunk.
Expected<GmmFit> fitGmm(const DataMatrix& x, const GmmParams& params, ProgressSink& progress,
                        const CancelToken& cancel);

class StatsReducer;
// The same fit with the rows spread over processes (GMM EM over MPI): x holds this process's
// contiguous rows (rank order = global row order) and `reducer` sums the E-step statistics (and
// the k-means initialisation's) every iteration, so every process runs the same M-step and
// gets the same model, lower bound and iterations. labels / maxProb / logLik are of all rows,
// on rank 0 only (empty elsewhere). With LocalReducer it is exactly the fit above.
Expected<GmmFit> fitGmm(const DataMatrix& x, const GmmParams& params, StatsReducer& reducer, ProgressSink& progress,
                        const CancelToken& cancel);

struct KMeansParams {
    int k = 5;
    int maxIter = 300;
    double tol = 1e-4;  // relative to the mean per-feature variance, as scikit-learn
    int nInit = 1;
    std::uint64_t seed = 0;
    std::vector<double> initialCenters;  // k·d; empty = greedy k-means++ seeding
};

struct KMeansFit {
    std::vector<double> centers;  // k·d
    std::vector<std::int32_t> labels;
    double inertia = 0;
    int iterations = 0;
};

Expected<KMeansFit> fitKMeans(const DataMatrix& x, const KMeansParams& params, const CancelToken& cancel);

// Greedy k-means++ (scikit-learn's variant: 2 + ln k local trials), on the host with Eigen.
std::vector<double> kmeansPlusPlus(const double* data, std::int64_t rows, int cols, int k, std::uint64_t seed);

}  // namespace dl
