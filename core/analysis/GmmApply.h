#pragma once
// Applying a fitted Gaussian mixture to new rows (scikit-learn's predict / predict_proba /
// score_samples): the E-step alone, with the stored weights, means and covariances. This is
// how `assign --shard` labels the shards of a corpus with a cluster run's model; on the rows
// the model was fitted on it gives the run's own labels, and log-likelihoods equal to ~1e-9.
#include <cstdint>
#include <vector>

#include "analysis/DataMatrix.h"
#include "analysis/Gmm.h"
#include "common/Error.h"

namespace dl {

struct GmmAssignment {
    std::vector<std::int32_t> labels;      // argmax responsibility
    std::vector<double> maxProb;           // that responsibility
    std::vector<double> logLik;            // log p(x) per row
    std::vector<double> responsibilities;  // rows x k, row-major
};

// x must have model.dim columns. Computes in float64 on x's device, in chunks; polls `cancel`
// per chunk. Fails on a covariance that is not positive definite.
Expected<GmmAssignment> applyGmm(const GmmModel& model, const DataMatrix& x, const CancelToken& cancel);

}  // namespace dl
