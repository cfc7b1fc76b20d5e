#pragma once
// The mixture export's plan, computed without a project: the weight of each group (user
// weights normalised, else lambda_alpha of the sizes, Pham et al. 2022) and, when a sample is
// asked for, which sentences it draws (integer quotas by largest remainder, so it has exactly
// sampleSize rows; with or without replacement, from ExportParams::seed).
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/CancelToken.h"
#include "common/Error.h"
#include "export/Export.h"

namespace dl {

struct MixturePlan {
    std::map<std::string, double> weights;                // group -> weight (sums to 1)
    std::unordered_map<std::int64_t, std::int64_t> drawn;  // sentence id -> times drawn
    std::map<std::string, std::int64_t> drawnPerGroup;    // group -> sampled rows
};

// The largest --size a mixture sample may have on this machine: the export keeps one 4-byte
// index per copy to shuffle them (half the physical memory), and indices are 32-bit.
std::int64_t mixtureSampleBound();

// sizes: rows per group; membership: (sentence id, group) in corpus order. The draws poll
// `cancel` (a huge --size with replacement is user-sized work).
Expected<MixturePlan> planMixture(const ExportParams& p, const std::map<std::string, std::int64_t>& sizes,
                                  const std::vector<std::pair<std::int64_t, std::string>>& membership,
                                  const CancelToken& cancel);

}  // namespace dl
