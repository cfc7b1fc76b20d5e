#include "mixture/Mdac.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>

namespace dl {

namespace {

const char* const kFormat = "domainlens-mdac-state";

std::vector<double> inGroupOrder(const Weights& w, const std::vector<std::string>& groups) {
    std::vector<double> out;
    for (const auto& g : groups) out.push_back(w.count(g) ? w.at(g) : 0.0);
    return out;
}

Weights asWeights(const std::vector<double>& v, const std::vector<std::string>& groups) {
    Weights w;
    for (std::size_t i = 0; i < groups.size(); ++i) w[groups[i]] = v[i];
    return w;
}

}  // namespace

std::string rewardName(MdacReward r) { return r == MdacReward::Gain ? "gain" : "dds"; }

std::vector<double> mdacLambda(const std::vector<double>& psi, double beta) {
    std::vector<double> l(psi.size());
    double s = 0;
    for (std::size_t i = 0; i < psi.size(); ++i) s += l[i] = std::pow(std::abs(psi[i]), beta);
    for (auto& v : l) v /= s;
    return l;
}

std::vector<std::vector<double>> mdacJacobian(const std::vector<double>& psi, double beta) {
    const auto lambda = mdacLambda(psi, beta);
    double s = 0;
    for (double p : psi) s += std::pow(std::abs(p), beta);
    const std::size_t n = psi.size();
    std::vector<std::vector<double>> jac(n, std::vector<double>(n));
    for (std::size_t j = 0; j < n; ++j) {
        const double a = beta * std::pow(std::abs(psi[j]), beta - 1) / s;
        for (std::size_t d = 0; d < n; ++d) jac[d][j] = a * ((d == j ? 1.0 : 0.0) - lambda[d]);
    }
    return jac;
}

std::vector<double> mdacStep(const std::vector<double>& psi, const std::vector<double>& rewards, double beta,
                             double lr) {
    const auto jac = mdacJacobian(psi, beta);
    std::vector<double> out = psi;
    for (std::size_t j = 0; j < psi.size(); ++j) {
        double g = 0;
        for (std::size_t d = 0; d < psi.size(); ++d) g += rewards[d] * jac[d][j];
        out[j] += lr * g;
    }
    double top = 0;
    for (double p : out) top = std::max(top, std::abs(p));
    for (double& p : out) p = std::max(std::abs(p), kPsiFloor * top);
    return out;
}

std::vector<double> mdacPsiFor(const std::vector<double>& lambda, double beta) {
    std::vector<double> psi;
    for (double l : lambda) psi.push_back(std::pow(l, 1.0 / beta));
    return psi;
}

std::vector<double> softmax(const std::vector<double>& phi) {
    double top = -INFINITY;
    for (double x : phi) top = std::max(top, x);
    std::vector<double> out;
    double s = 0;
    for (double x : phi) s += out.emplace_back(std::exp(x - top));
    for (double& x : out) x /= s;
    return out;
}

void ddsStep(DdsActor& a, const std::vector<double>& rewards, double lr) {
    constexpr double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    const auto lambda = softmax(a.phi);
    double total = 0;
    for (double r : rewards) total += r;
    ++a.t;
    const double c1 = 1 - std::pow(b1, double(a.t)), c2 = 1 - std::pow(b2, double(a.t));
    for (std::size_t j = 0; j < a.phi.size(); ++j) {
        const double g = -(rewards[j] - lambda[j] * total);
        a.m[j] = b1 * a.m[j] + (1 - b1) * g;
        a.v[j] = b2 * a.v[j] + (1 - b2) * g * g;
        a.phi[j] -= lr * (a.m[j] / c1) / (std::sqrt(a.v[j] / c2) + eps);
    }
}

Weights MdacState::lambda() const { return asWeights(mdacLambda(psi, config.beta), groups); }

nlohmann::json MdacState::toJson() const {
    return {{"format", kFormat},
            {"version", 1},
            {"groups", groups},
            {"beta", config.beta},
            {"lr", config.lr},
            {"updates", config.updates},
            {"reward", rewardName(config.reward)},
            {"psi", asWeights(psi, groups)},
            {"dds", config.reward == MdacReward::Cosine ? nlohmann::json{{"phi", asWeights(dds.phi, groups)},
                                                                         {"adam_m", asWeights(dds.m, groups)},
                                                                         {"adam_v", asWeights(dds.v, groups)},
                                                                         {"adam_t", dds.t}}
                                                        : nlohmann::json()},
            {"lambda", lambda()},
            {"lambda_t", target},
            {"lambda_0", initial},
            {"session", session},
            {"trajectory", trajectory}};
}

Expected<MdacState> MdacState::fromJson(const nlohmann::json& j, const std::string& what) {
    auto bad = [&](const std::string& why) { return usageError(what + ": not an MDAC state (" + why + ")."); };
    if (!j.is_object() || j.value("format", "") != kFormat) return bad("format");
    try {
        MdacState s;
        s.groups = j.at("groups").get<std::vector<std::string>>();
        s.config.beta = j.at("beta").get<double>();
        s.config.lr = j.at("lr").get<double>();
        s.config.updates = j.at("updates").get<int>();
        const auto reward = j.at("reward").get<std::string>();
        if (reward != "gain" && reward != "dds") return bad("reward '" + reward + "'");
        s.config.reward = reward == "gain" ? MdacReward::Gain : MdacReward::Cosine;
        auto psi = weightsFromJson(j.at("psi"), what + " psi");
        if (!psi) return std::unexpected(psi.error());
        if (psi->size() != s.groups.size()) return bad("psi and groups differ");
        s.psi = inGroupOrder(*psi, s.groups);
        for (double p : s.psi)
            if (!(std::isfinite(p) && p > 0)) return bad("psi must be finite and positive");
        if (s.config.reward == MdacReward::Cosine) {
            if (!j.contains("dds") || !j["dds"].is_object())
                return bad(
                    "a DDS state without its softmax/Adam actor, written before DDS followed Wang et al.'s "
                    "update; start it again with --init");
            const auto& d = j["dds"];
            auto phi = weightsFromJson(d.at("phi"), what + " dds.phi");
            auto m = weightsFromJson(d.at("adam_m"), what + " dds.adam_m");
            auto v = weightsFromJson(d.at("adam_v"), what + " dds.adam_v");
            if (!phi || !m || !v) return bad("dds: phi, adam_m and adam_v map each group to a number");
            if (phi->size() != s.groups.size() || m->size() != s.groups.size() || v->size() != s.groups.size())
                return bad("dds: phi, adam_m, adam_v and groups differ");
            s.dds.phi = inGroupOrder(*phi, s.groups);
            s.dds.m = inGroupOrder(*m, s.groups);
            s.dds.v = inGroupOrder(*v, s.groups);
            s.dds.t = d.at("adam_t").get<std::int64_t>();
            for (std::size_t i = 0; i < s.groups.size(); ++i)
                if (!std::isfinite(s.dds.phi[i]) || !std::isfinite(s.dds.m[i]) || !(s.dds.v[i] >= 0) ||
                    !std::isfinite(s.dds.v[i]))
                    return bad("dds: non-finite phi or Adam moments");
            if (s.dds.t < 0) return bad("dds: adam_t must be >= 0");
        }
        auto t = weightsFromJson(j.at("lambda_t"), what + " lambda_t");
        if (!t) return std::unexpected(t.error());
        s.target = *t;
        auto i = weightsFromJson(j.at("lambda_0"), what + " lambda_0");
        if (!i) return std::unexpected(i.error());
        s.initial = *i;
        s.session = j.at("session").get<std::int64_t>();
        s.trajectory = j.at("trajectory");
        if (!s.trajectory.is_array()) return bad("trajectory");
        return s;
    } catch (const nlohmann::json::exception& e) {
        return bad(e.what());
    }
}

Expected<MdacState> startMdac(const Weights& initial, const Weights& target, const MdacConfig& config) {
    if (!(config.beta > 0) || !std::isfinite(config.beta)) return usageError("--beta must be positive.");
    if (!(config.lr > 0) || !std::isfinite(config.lr)) return usageError("--lr must be positive.");
    if (config.updates < 1) return usageError("--updates must be at least 1.");
    MdacState s;
    for (const auto& [g, w] : initial) s.groups.push_back(g);
    if (auto st = checkWeights(initial, {}, "lambda_0"); !st) return std::unexpected(st.error());
    if (auto st = checkWeights(target, s.groups, "lambda_t"); !st) return std::unexpected(st.error());
    for (const auto& [g, w] : initial)
        if (!(w > 0))
            return usageError("lambda_0: group '" + g +
                              "' starts at 0 and could never be sampled (psi = 0 does not move); use a floored "
                              "initialisation (--init floored).");
    s.config = config;
    s.initial = initial;
    s.target = target;
    s.psi = mdacPsiFor(inGroupOrder(initial, s.groups), config.beta);
    if (config.reward == MdacReward::Cosine) {
        for (const auto& g : s.groups) s.dds.phi.push_back(std::log(initial.at(g)));  // softmax(phi) = lambda_0
        s.dds.m.assign(s.groups.size(), 0.0);
        s.dds.v.assign(s.groups.size(), 0.0);
    }
    s.trajectory.push_back({{"session", 0}, {"lambda", s.lambda()}});
    return s;
}

Status applyRewards(MdacState& state, const nlohmann::json& j, const std::string& what) {
    if (!j.is_object() || !j.contains("rewards"))
        return usageError(what + ": expected {\"rewards\": {group: reward, ...}}.");
    if (j.contains("session")) {
        if (!j["session"].is_number_integer()) return usageError(what + ": \"session\" must be a whole number.");
        const auto n = j["session"].get<std::int64_t>();
        if (n != state.session + 1)
            return usageError(what + ": rewards of session " + std::to_string(n) + ", but the state expects session " +
                              std::to_string(state.session + 1) +
                              (n <= state.session ? " (these rewards were already applied)." : "."));
    }
    auto r = weightsFromJson(j["rewards"], what + " rewards");
    if (!r) return std::unexpected(r.error());
    for (const auto& [g, v] : *r) {
        if (std::find(state.groups.begin(), state.groups.end(), g) == state.groups.end())
            return usageError(what + ": reward for unknown group '" + g + "'.");
        if (!std::isfinite(v)) return usageError(what + ": the reward of '" + g + "' is not finite.");
        if (state.config.reward == MdacReward::Cosine && std::abs(v) > 1.0 + 1e-9)
            return usageError(what + ": the DDS reward of '" + g + "' is a cosine and must lie in [-1, 1].");
    }
    for (const auto& g : state.groups)
        if (!r->count(g)) return usageError(what + ": no reward for group '" + g + "'.");
    const auto rewards = inGroupOrder(*r, state.groups);
    if (state.config.reward == MdacReward::Cosine) {
        for (int i = 0; i < state.config.updates; ++i) ddsStep(state.dds, rewards, state.config.lr);
        auto psi = mdacPsiFor(softmax(state.dds.phi), state.config.beta);
        double top = 0;
        for (double x : psi) top = std::max(top, x);
        for (double& x : psi) x = std::max(x, kPsiFloor * top);  // as MDAC's: no group vanishes for good
        state.psi = psi;
    } else {
        for (int i = 0; i < state.config.updates; ++i)
            state.psi = mdacStep(state.psi, rewards, state.config.beta, state.config.lr);
    }
    ++state.session;
    state.trajectory.push_back({{"session", state.session}, {"rewards", *r}, {"lambda", state.lambda()}});
    return {};
}

Expected<MdacState> loadMdacState(const std::string& path) {
    auto j = readJsonFile(path);
    if (!j) return std::unexpected(j.error());
    return MdacState::fromJson(*j, path);
}

Status saveMdacState(const MdacState& state, const std::string& path) { return writeJsonFile(path, state.toJson()); }

namespace {

Expected<MdacState> startFromKit(const std::string& statePath, const MixtureStepParams& p) {
    std::error_code ec;
    if (std::filesystem::exists(statePath, ec))
        return usageError(statePath + " already exists; --init starts a new state.");
    auto m = readJsonFile(p.init);
    if (!m) return std::unexpected(m.error());
    if (!m->is_object() || !m->contains("lambda_0") || !m->contains("lambda_t"))
        return usageError(p.init + " has no lambda_0 and lambda_t (a kit's mixture.json).");
    auto init = weightsFromJson((*m)["lambda_0"], p.init + " lambda_0");
    if (!init) return std::unexpected(init.error());
    auto target = weightsFromJson((*m)["lambda_t"], p.init + " lambda_t");
    if (!target) return std::unexpected(target.error());
    const MdacConfig config{p.beta, p.lr, int(p.updates), p.reward == "dds" ? MdacReward::Cosine : MdacReward::Gain};
    return startMdac(*init, *target, config);
}

}  // namespace

Expected<MdacState> runMixtureStep(const std::string& statePath, const MixtureStepParams& p) {
    if (statePath.empty()) return usageError("Name the MDAC state file.");
    if (p.init.empty() && p.rewards.empty()) return usageError("--rewards FILE is required (or --init).");
    auto state = p.init.empty() ? loadMdacState(statePath) : startFromKit(statePath, p);
    if (!state) return std::unexpected(state.error());
    if (!p.rewards.empty()) {
        auto r = readJsonFile(p.rewards);
        if (!r) return std::unexpected(r.error());
        if (auto s = applyRewards(*state, *r, p.rewards); !s) return std::unexpected(s.error());
    }
    if (auto s = saveMdacState(*state, statePath); !s) return std::unexpected(s.error());
    return state;
}

}  // namespace dl
