#include "analysis/StatsReducer.h"

#include <cstdint>

namespace dl {

std::vector<std::int64_t> allCounts(StatsReducer& reducer, std::int64_t local) {
    std::vector<double> slots(static_cast<std::size_t>(reducer.size()), 0.0);
    slots[static_cast<std::size_t>(reducer.rank())] = static_cast<double>(local);  // exact below 2^53
    reducer.sum(slots);
    return {slots.begin(), slots.end()};
}

}  // namespace dl
