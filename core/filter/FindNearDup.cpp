// `filter --kind near-dup`: MinHash LSH near-duplicates (NearDup.h) as removals naming the kept twin.
#include "filter/FilterSteps.h"

#include <cstdint>

namespace dl {

// The LSH banding of near-dup and decontaminate, and its expected error rates, in the summary.
void recordBanding(const FilterParams& p, FilterSummary& s) {
    s.bands = p.bands;
    s.rows = p.permutations / p.bands;
    const auto rates = lshRates(p.threshold, s.bands, s.rows);
    s.fnAtThreshold = rates.fnAtThreshold;
    s.fnWeight = rates.fnWeight;
    s.fpWeight = rates.fpWeight;
}

// The near-duplicate options of near-dup and decontaminate, from the table's values.
NearDupOptions nearDupOptions(const FilterParams& p) {
    NearDupOptions opt;
    opt.threshold = p.threshold;
    opt.shingle = *parseShingleSpec(p.shingle);  // checked by validateFilterParams
    opt.permutations = p.permutations;
    opt.bands = p.bands;
    opt.sides = p.sides;
    opt.keep = p.keep;
    opt.seed = p.seed;
    opt.threads = p.threads;
    return opt;
}

FilterFindings nearDupFindings(const FilterParams& p, const FilterInput& in, const NearDupResult& found,
                               FilterSummary& s) {
    FilterFindings out;
    out.removals.reserve(found.removed.size());
    for (const auto& r : found.removed)
        out.removals.push_back({in.ids[static_cast<std::size_t>(r.index)],
                                in.ids[static_cast<std::size_t>(r.keptIndex)], r.similarity, 0});
    s.removed = static_cast<std::int64_t>(found.removed.size());
    s.kept = s.sentences - s.removed;
    s.rules.push_back({std::string(filterKindName(p.kind)), s.sentences, s.kept, s.removed, found.groups,
                       found.candidatePairs, found.verifiedPairs, found.emptyTexts});
    recordBanding(p, s);
    return out;
}

Expected<FilterFindings> findNearDup(const FilterParams& p, const FilterInput& in, FilterSummary& s,
                                     const CancelToken& cancel) {
    auto found = findNearDuplicates(textsOf(in), nearDupOptions(p), cancel);
    if (!found) return std::unexpected(found.error());
    return nearDupFindings(p, in, *found, s);
}

}  // namespace dl
