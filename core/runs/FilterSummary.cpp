#include "runs/FilterSummary.h"

#include "runs/SummaryJson.h"

#include <cstdint>

namespace dl {

using json = nlohmann::json;
using summary_json::read;

json FilterSummary::toJson() const {
    json r = json::array();
    for (const auto& c : rules)
        r.push_back({{"rule", c.rule},
                     {"input", c.input},
                     {"kept", c.kept},
                     {"removed", c.removed},
                     {"groups", c.groups},
                     {"candidate_pairs", c.candidatePairs},
                     {"verified_pairs", c.verifiedPairs},
                     {"empty_texts", c.emptyTexts},
                     {"failed", c.failed}});
    json out = {{"corpus", corpus}, {"sentences", sentences}, {"kept", kept}, {"removed", removed},
                {"rules", r},       {"seconds", seconds}};
    if (bands > 0)
        out["lsh"] = {{"bands", bands},
                      {"rows", rows},
                      {"fn_at_threshold", fnAtThreshold},
                      {"fn_weight", fnWeight},
                      {"fp_weight", fpWeight}};
    if (!details.is_null()) out["details"] = details;
    return out;
}

Expected<FilterSummary> FilterSummary::fromJson(const json& j, std::int64_t runId) {
    return summary_json::readSummary<FilterSummary>(j, runId, [&](FilterSummary& s) {
        read(j, "corpus", s.corpus);
        read(j, "sentences", s.sentences);
        read(j, "kept", s.kept);
        read(j, "removed", s.removed);
        read(j, "seconds", s.seconds);
        if (auto it = j.find("rules"); it != j.end())
            for (const auto& c : it->get<json::array_t>()) {
                FilterRuleCounts rc;
                read(c, "rule", rc.rule);
                read(c, "input", rc.input);
                read(c, "kept", rc.kept);
                read(c, "removed", rc.removed);
                read(c, "groups", rc.groups);
                read(c, "candidate_pairs", rc.candidatePairs);
                read(c, "verified_pairs", rc.verifiedPairs);
                read(c, "empty_texts", rc.emptyTexts);
                read(c, "failed", rc.failed);
                s.rules.push_back(rc);
            }
        if (auto it = j.find("lsh"); it != j.end()) {
            read(*it, "bands", s.bands);
            read(*it, "rows", s.rows);
            read(*it, "fn_at_threshold", s.fnAtThreshold);
            read(*it, "fn_weight", s.fnWeight);
            read(*it, "fp_weight", s.fpWeight);
        }
        if (auto it = j.find("details"); it != j.end() && it->is_object()) s.details = *it;
    });
}

}  // namespace dl
