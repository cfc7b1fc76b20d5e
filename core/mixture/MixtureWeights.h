#pragma once
// Mixtures over groups (domains or clusters) as Pham, Crego & Yvon 2022 use them: a weight per
// group that sums to 1. The named mixtures (uniform lambda_0, empirical lambda_1, one or two
// target domains), the floored initialisation lambda* = (1-eps) lambda^t + eps lambda_alpha,
// the repetition factor of each group, OpenNMT-py's weighted corpora, and the checks every
// mixture read from a user passes (known groups, non-negative, sums to 1). JSON files read here
// report a syntax error with its line number.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "common/JsonText.h"

namespace dl {

using Weights = std::map<std::string, double>;  // group -> weight
using GroupSizes = std::map<std::string, std::int64_t>;

// How far from 1 a mixture's sum may be (weights printed with 9 digits pass).
inline constexpr double kWeightSumTolerance = 1e-6;

// Every weight finite and >= 0, every group in `groups` (when not empty), the sum 1 within
// kWeightSumTolerance. A usage error naming `what` ("lambda_t") and the offending group.
Status checkWeights(const Weights& w, const std::vector<std::string>& groups, const std::string& what);

// lambda_0: 1/n on each group.
Weights uniformWeights(const std::vector<std::string>& groups);
// 1/|chosen| on each chosen group (one domain: 1[d = d_t]; two domains: 1/2 each); the others 0.
// A usage error names a chosen group that is not in `groups`.
Expected<Weights> weightsOn(const std::vector<std::string>& groups, const std::vector<std::string>& chosen);
// w / sum(w); a usage error when the sum is not positive.
Expected<Weights> normalisedWeights(const Weights& w, const std::string& what);
// lambda_alpha(g) = q_g^alpha / sum q^alpha with q_g = N_g/N (alpha = 1: lambda_s, the empirical mixture).
Weights temperatureMixture(const GroupSizes& sizes, double alpha);
// lambda* = (1 - eps) lambda^t + eps lambda_alpha: every non-empty group keeps at least
// eps * lambda_alpha(g) (Pham et al. §5.5: with a uniform or target-only start a small cluster
// begins low and never recovers).
Weights flooredMixture(const Weights& target, const GroupSizes& sizes, double epsilon, double alpha);
// (1 - s) a + s b over the union of groups.
Weights interpolateWeights(const Weights& a, const Weights& b, double s);

// r_g = lambda_g * B * T / N_g: how many times group g's training shard is seen after T steps
// of B sentences when sampled with lambda (0 for an empty group).
std::map<std::string, double> repetitionFactors(const Weights& w, const GroupSizes& sizes, std::int64_t steps,
                                                std::int64_t batchSize);

// OpenNMT-py's integer corpus weights (examples taken from each corpus per round of its
// weighted sampling): round(lambda_g * resolution), at least 1 for a positive weight; groups
// of weight 0 are left out (OpenNMT-py cannot take them).
std::map<std::string, std::int64_t> integerWeights(const Weights& w, std::int64_t resolution);

// "a,b" -> {"a", "b"} (empty items skipped): the groups named on a command line.
std::vector<std::string> splitGroupList(const std::string& text);

// parseJsonText, readJsonFile: common/JsonText.h.
// `j` (indented, a final newline) under a temporary name, renamed into place (common/AtomicFile).
Status writeJsonFile(const std::string& path, const nlohmann::json& j);
// An object group -> number, as weights (not checked: see checkWeights).
Expected<Weights> weightsFromJson(const nlohmann::json& j, const std::string& what);

}  // namespace dl
