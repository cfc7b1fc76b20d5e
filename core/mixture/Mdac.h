#pragma once
// MDAC (Pham, Crego & Yvon 2022, §3-4.4) as a component any trainer can drive: the sampling
// mixture lambda(psi) = psi^beta / sum psi^beta (beta = 2, the paper's "spherical softmax")
// and the REINFORCE update of psi from per-group rewards R(d):
//   psi_j <- psi_j + lr * sum_d R(d) dlambda_d/dpsi_j
//          = psi_j + lr * (beta psi_j^(beta-1) / S) * (R(j) - sum_d lambda_d R(d)),
// applied `updates` times per session with the session's rewards (100 in the paper, 20 with
// automatic clusters; lr 0.001). Rewards are the trainer's: the gain in target-weighted dev
// loss J^t after k steps on group d alone (MDAC), or the cosine between the gradient of group
// d and that of J^t (DDS, Wang et al. 2020b). The state (psi, the trajectory) lives in a JSON
// file written atomically, so a trainer can stop and resume: `mixture step STATE --rewards FILE`.
//
// DDS is updated as Wang et al.'s code does it (github.com/cindyxinyiwang/multiDDS, trainer.py
// update_language_sampler, data actor "base"), which Pham et al. §4.3 say they re-implemented
// "without any change in the choices of parameterization and hyper-parameters": lambda =
// softmax(phi) and `updates` Adam steps (beta1 0.9, beta2 0.999, eps 1e-8, torch's defaults; the
// moments kept across sessions) on the loss -sum_d R(d) log lambda_d, i.e. along
// dL/dphi_j = -(R(j) - lambda_j sum_d R(d)); the original's lr is 1e-4 with 200 steps. Adam
// divides by the running scale of that gradient, so DDS's lambda does not depend on the scale of
// its rewards (cosines up to 1) — only on their signs and consistency — while MDAC's plain
// REINFORCE step is proportional to its rewards (dev-loss gains of ~0.01-0.1 nats). Both run
// `updates` steps of `lr` per session; mdacStep above is MDAC's, ddsStep below DDS's.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "mixture/MixtureParams.h"
#include "mixture/MixtureWeights.h"

namespace dl {

enum class MdacReward { Gain, Cosine };  // MDAC's dev-loss gain, DDS's gradient cosine
std::string rewardName(MdacReward r);    // "gain" / "dds"

// psi is kept at or above kPsiFloor * max(psi) after each update, so that every lambda stays
// positive (an update can drive a psi_j through 0 when lr * reward is large; with beta = 2 the
// sign of psi does not matter to lambda, the floor keeps a group from vanishing for good).
inline constexpr double kPsiFloor = 1e-6;

// lambda(psi) = psi^beta / sum psi^beta, psi > 0.
std::vector<double> mdacLambda(const std::vector<double>& psi, double beta);
// J[d][j] = dlambda_d / dpsi_j = (beta psi_j^(beta-1) / S) (delta_dj - lambda_d).
std::vector<std::vector<double>> mdacJacobian(const std::vector<double>& psi, double beta);
// One REINFORCE step: psi + lr * J^T R (then the floor).
std::vector<double> mdacStep(const std::vector<double>& psi, const std::vector<double>& rewards, double beta,
                             double lr);
// psi with lambda(psi) = lambda: psi_d = lambda_d^(1/beta).
std::vector<double> mdacPsiFor(const std::vector<double>& lambda, double beta);

// DDS's actor: lambda = softmax(phi) and Adam's moments, kept across sessions.
struct DdsActor {
    std::vector<double> phi, m, v;
    std::int64_t t = 0;  // Adam steps taken
};
std::vector<double> softmax(const std::vector<double>& phi);
// One Adam step on -sum_d R(d) log softmax(phi)_d with step size lr.
void ddsStep(DdsActor& a, const std::vector<double>& rewards, double lr);

struct MdacConfig {
    double beta = 2.0;
    double lr = 0.001;
    int updates = 100;  // REINFORCE steps per session (the paper: 100; 20 for automatic clusters)
    MdacReward reward = MdacReward::Gain;
};

struct MdacState {
    std::vector<std::string> groups;  // sorted
    MdacConfig config;
    std::vector<double> psi;  // per group (DDS: lambda^(1/beta) of the actor's softmax)
    DdsActor dds;             // DDS only
    Weights target;           // lambda^t the trainer's rewards are measured under
    Weights initial;          // lambda_0
    std::int64_t session = 0;  // sessions whose rewards were applied
    nlohmann::json trajectory = nlohmann::json::array();  // [{session, lambda[, rewards]}]

    Weights lambda() const;
    nlohmann::json toJson() const;
    static Expected<MdacState> fromJson(const nlohmann::json& j, const std::string& what);
};

// A new state starting at `initial` (psi = initial^(1/beta)); every initial weight must be > 0
// (psi = 0 never moves). The trajectory starts with session 0 and lambda_0.
Expected<MdacState> startMdac(const Weights& initial, const Weights& target, const MdacConfig& config);

// Applies one session's rewards: {"rewards": {group: R}, "session": n (optional)}. Every group
// needs a reward; an unknown group, a missing one, a non-finite value, a cosine outside [-1, 1]
// (DDS) or a session number other than the next one is a usage error. Appends the new lambda
// (and the rewards) to the trajectory.
Status applyRewards(MdacState& state, const nlohmann::json& rewards, const std::string& what);

// The state file, read and written whole; writing goes through AtomicFile (temporary + rename).
Expected<MdacState> loadMdacState(const std::string& path);
Status saveMdacState(const MdacState& state, const std::string& path);

// `mixture step STATE` (the CLI and the GUI's MDAC Step): with p.init, a new state from a kit's
// mixture.json (its lambda_0 and lambda_t; `statePath` must not exist yet), else the state read
// from `statePath` (p.rewards is then required); then p.rewards applied when given, and the
// state saved atomically. Nothing is written when any of it fails.
Expected<MdacState> runMixtureStep(const std::string& statePath, const MixtureStepParams& p);

}  // namespace dl
