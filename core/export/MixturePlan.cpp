#include "export/MixturePlan.h"

#include "common/Quotas.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include <unistd.h>

namespace dl {

namespace {

Expected<std::map<std::string, double>> mixtureWeights(const ExportParams& p,
                                                       const std::map<std::string, std::int64_t>& sizes) {
    if (p.weights.empty()) return temperatureWeights(sizes, p.alpha);
    std::map<std::string, double> weights;
    double total = 0;
    for (const auto& [g, n] : sizes) {
        auto it = p.weights.find(g);
        weights[g] = it == p.weights.end() ? 0.0 : it->second;
        if (!std::isfinite(weights[g]) || weights[g] < 0)  // NaN would flow on into every quota
            return usageError("The weight of group '" + g + "' is " + std::to_string(weights[g]) +
                              "; weights must be finite and not negative.");
        total += weights[g];
    }
    for (const auto& [g, w] : p.weights)
        if (!sizes.count(g)) return usageError("There is no group '" + g + "' to weight.");
    if (total <= 0) return usageError("The user weights sum to zero.");
    for (auto& [g, w] : weights) w /= total;
    return weights;
}

// Integer quotas by largest remainder (ties by group name: the map's order), summing to exactly `size`.
std::map<std::string, std::int64_t> quotas(const std::map<std::string, double>& weights, std::int64_t size) {
    std::vector<double> w;
    for (const auto& [g, x] : weights) w.push_back(x);
    const auto q = largestRemainderQuotas(w, size);
    std::map<std::string, std::int64_t> quota;
    std::size_t i = 0;
    for (const auto& [g, x] : weights) quota[g] = q[i++];
    return quota;
}

}  // namespace

std::int64_t mixtureSampleBound() {
    const long pages = ::sysconf(_SC_PHYS_PAGES), pageSize = ::sysconf(_SC_PAGE_SIZE);
    const double memory = pages > 0 && pageSize > 0 ? double(pages) * double(pageSize) : 4e9;
    const double byMemory = memory / 2 / sizeof(std::uint32_t);
    return static_cast<std::int64_t>(std::min(byMemory, double(std::numeric_limits<std::uint32_t>::max())));
}

Expected<MixturePlan> planMixture(const ExportParams& p, const std::map<std::string, std::int64_t>& sizes,
                                  const std::vector<std::pair<std::int64_t, std::string>>& membership,
                                  const CancelToken& cancel) {
    MixturePlan plan;
    auto weights = mixtureWeights(p, sizes);
    if (!weights) return std::unexpected(weights.error());
    plan.weights = std::move(*weights);
    if (p.sampleSize <= 0) return plan;
    if (auto bound = mixtureSampleBound(); p.sampleSize > bound)
        return usageError("--size " + std::to_string(p.sampleSize) +
                          " is more copies than this machine can shuffle (at most " + std::to_string(bound) +
                          ": one 4-byte index per copy in half the physical memory); sample in several exports with "
                          "different --seed values.");

    std::mt19937_64 rng(p.seed);
    std::map<std::string, std::vector<std::int64_t>> members;
    for (const auto& [id, g] : membership) members[g].push_back(id);
    plan.drawnPerGroup = quotas(plan.weights, p.sampleSize);
    for (auto& [g, quota] : plan.drawnPerGroup) {
        auto& m = members[g];
        if (quota == 0 || m.empty()) continue;
        if (p.withReplacement) {
            std::uniform_int_distribution<std::size_t> pick(0, m.size() - 1);
            // --size is user-sized work (10^12 draws are hours): the token is polled as it goes.
            for (std::int64_t i = 0; i < quota; ++i) {
                if ((i & 0xFFFF) == 0 && cancel.isCancelled()) return cancelled();
                ++plan.drawn[m[pick(rng)]];
            }
        } else {
            if (quota > static_cast<std::int64_t>(m.size()))
                return fail("Group '" + g + "' has " + std::to_string(m.size()) +
                            " sentences but its weight asks for " + std::to_string(quota) +
                            "; sample with replacement or a smaller --size.");
            std::shuffle(m.begin(), m.end(), rng);
            for (std::int64_t i = 0; i < quota; ++i) ++plan.drawn[m[i]];
        }
    }
    return plan;
}

}  // namespace dl
