#include "mixture/MixtureWeights.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>

#include "common/AtomicFile.h"

namespace dl {

Status checkWeights(const Weights& w, const std::vector<std::string>& groups, const std::string& what) {
    if (w.empty()) return usageError(what + ": the mixture has no groups.");
    double sum = 0;
    for (const auto& [g, v] : w) {
        if (!groups.empty() && std::find(groups.begin(), groups.end(), g) == groups.end())
            return usageError(what + ": unknown group '" + g + "'.");
        if (!std::isfinite(v) || v < 0)
            return usageError(what + ": the weight of '" + g + "' must be a finite number >= 0.");
        sum += v;
    }
    if (std::abs(sum - 1.0) > kWeightSumTolerance) {
        std::ostringstream s;
        s.precision(12);
        s << what << ": the weights sum to " << sum << ", not 1.";
        return usageError(s.str());
    }
    return {};
}

Weights uniformWeights(const std::vector<std::string>& groups) {
    Weights w;
    for (const auto& g : groups) w[g] = 1.0 / double(groups.size());
    return w;
}

Expected<Weights> weightsOn(const std::vector<std::string>& groups, const std::vector<std::string>& chosen) {
    if (chosen.empty()) return usageError("Name at least one target group.");
    Weights w;
    for (const auto& g : groups) w[g] = 0.0;
    for (const auto& c : chosen) {
        if (!w.count(c)) return usageError("Unknown group '" + c + "'.");
        w[c] += 1.0 / double(chosen.size());
    }
    return w;
}

Expected<Weights> normalisedWeights(const Weights& w, const std::string& what) {
    double sum = 0;
    for (const auto& [g, v] : w) {
        if (!std::isfinite(v) || v < 0)
            return usageError(what + ": the weight of '" + g + "' must be a finite number >= 0.");
        sum += v;
    }
    if (!(sum > 0)) return usageError(what + ": every weight is 0.");
    Weights out;
    for (const auto& [g, v] : w) out[g] = v / sum;
    return out;
}

Weights temperatureMixture(const GroupSizes& sizes, double alpha) {
    double total = 0, norm = 0;
    for (const auto& [g, n] : sizes) total += double(n);
    Weights w;
    for (const auto& [g, n] : sizes) {
        w[g] = n > 0 && total > 0 ? std::pow(double(n) / total, alpha) : 0.0;
        norm += w[g];
    }
    for (auto& [g, v] : w) v = norm > 0 ? v / norm : 0.0;
    return w;
}

Weights interpolateWeights(const Weights& a, const Weights& b, double s) {
    Weights out;
    for (const auto& [g, v] : a) out[g] += (1.0 - s) * v;
    for (const auto& [g, v] : b) out[g] += s * v;
    return out;
}

Weights flooredMixture(const Weights& target, const GroupSizes& sizes, double epsilon, double alpha) {
    return interpolateWeights(target, temperatureMixture(sizes, alpha), epsilon);
}

std::map<std::string, double> repetitionFactors(const Weights& w, const GroupSizes& sizes, std::int64_t steps,
                                                std::int64_t batchSize) {
    std::map<std::string, double> r;
    for (const auto& [g, n] : sizes) {
        const auto it = w.find(g);
        const double lambda = it == w.end() ? 0.0 : it->second;
        r[g] = n > 0 ? lambda * double(batchSize) * double(steps) / double(n) : 0.0;
    }
    return r;
}

std::map<std::string, std::int64_t> integerWeights(const Weights& w, std::int64_t resolution) {
    std::map<std::string, std::int64_t> out;
    for (const auto& [g, v] : w)
        if (v > 0) out[g] = std::max<std::int64_t>(1, std::llround(v * double(resolution)));
    return out;
}

std::vector<std::string> splitGroupList(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream s(text);
    std::string item;
    while (std::getline(s, item, ','))
        if (!item.empty()) out.push_back(item);
    return out;
}

Status writeJsonFile(const std::string& path, const nlohmann::json& j) {
    auto f = AtomicFile::create(path, false);
    if (!f) return std::unexpected(f.error());
    if (auto s = (*f)->write(j.dump(2) + "\n"); !s) return s;
    if (auto s = (*f)->finish(); !s) return s;
    return (*f)->commit();
}

Expected<Weights> weightsFromJson(const nlohmann::json& j, const std::string& what) {
    if (!j.is_object()) return usageError(what + ": expected an object group -> weight.");
    Weights w;
    for (const auto& [g, v] : j.items()) {
        if (!v.is_number()) return usageError(what + ": the weight of '" + g + "' is not a number.");
        w[g] = v.get<double>();
    }
    return w;
}

}  // namespace dl
