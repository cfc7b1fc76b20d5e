#pragma once
// The summary stored with a filter run (runs.summary of RunKind::Filter): what the filter kept
// and removed per rule, the banding it used and the expected LSH error rates at its threshold.
// Written by filter/FilterJob, read by the CLI's `filter`/`report` and by export's manifest.
// The keys are the stored format.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"

namespace dl {

// One rule of a filter run (near-dup; langid:src and langid:tgt; later semantic dedup, ...).
struct FilterRuleCounts {
    std::string rule;  // "near-dup", "langid:src", ...
    std::int64_t input = 0, kept = 0, removed = 0;
    std::int64_t groups = 0;          // duplicate groups of two or more
    std::int64_t candidatePairs = 0;  // LSH candidates
    std::int64_t verifiedPairs = 0;   // candidates at or above the threshold
    std::int64_t emptyTexts = 0;      // sentences without a shingle (never matched)
    std::int64_t failed = 0;          // langid: the side's failures, some removed by an earlier rule
};

struct FilterSummary {
    std::string corpus;
    std::int64_t sentences = 0, kept = 0, removed = 0;
    std::vector<FilterRuleCounts> rules;
    int bands = 0, rows = 0;
    // The LSH S-curve P(s) = 1 - (1 - s^rows)^bands at the threshold t: 1 - P(t), the mean of
    // 1 - P over [t, 1] and the mean of P over [0, t) (candidates below t are verified away).
    double fnAtThreshold = 0, fnWeight = 0, fpWeight = 0;
    double seconds = 0;
    // The kind's own figures (langid: per side the expected language, the probability histogram
    // and the best guesses); null when the kind has none.
    nlohmann::json details;

    nlohmann::json toJson() const;
    static Expected<FilterSummary> fromJson(const nlohmann::json& j, std::int64_t runId);
};

}  // namespace dl
