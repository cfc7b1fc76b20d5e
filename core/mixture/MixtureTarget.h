#pragma once
// Target mixtures lambda^t (Pham et al. 2022, §5.1-5.5): uniform (multi-domain), one or two
// groups (domain adaptation), and two unsupervised ones:
//  - from an in-domain dev set V of an unseen domain, under a stored cluster model:
//      lambda^t(c) = 1/|V| sum_{x in V} gamma_c(x),
//    gamma the GMM responsibilities (analysis/ClusterModel's applyClusterModel, the code
//    `assign` uses), V imported and encoded into the cluster run's embedding set(s);
//  - from a selection run: lambda^t(g) ∝ sum_{x in g} P(in|x). Where the run stores a
//    probability (classifier heads, the Invitation posterior) that is P(in|x); otherwise the
//    score is turned into one by its empirical CDF over the pool, P(in|x) = #{y: s(y) <= s(x)}/n
//    (higher score = more in-domain for every method; monotone and scale-free, not calibrated).
#include <cstdint>
#include <string>
#include <vector>

#include "common/Error.h"
#include "jobs/Progress.h"
#include "mixture/MixtureParams.h"
#include "mixture/MixtureWeights.h"

namespace dl {

class Store;

// The column means of a rows x k row-major matrix: lambda^t(c_j) = mean_i gamma_ij.
Weights meanResponsibilities(const std::vector<double>& responsibilities, std::int64_t rows, int k);

// P(in|x) from a selection run's scores (NaN = excluded -> 0): the empirical CDF described above.
std::vector<double> scoreCdf(const std::vector<double>& scores);

struct TargetResult {
    Weights lambda;
    nlohmann::json provenance;  // how it was made (kind, runs, corpus, transform)
};

// `mixture target`: lambda^t as the parameters say; `run` is the cluster run (by cluster).
Expected<TargetResult> computeTarget(const MixtureTargetParams& p, std::optional<std::int64_t> run, Store& store,
                                     const CancelToken& cancel);

// {"lambda_t": ..., "provenance": ...}: what `mixture target --out FILE` writes.
nlohmann::json targetJson(const TargetResult& r);
// `mixture target` (the CLI and the GUI's Target Mixture): computeTarget, then targetJson
// written atomically to p.out when it names a file.
Expected<TargetResult> runMixtureTarget(const MixtureTargetParams& p, std::optional<std::int64_t> run, Store& store,
                                        const CancelToken& cancel);

}  // namespace dl
