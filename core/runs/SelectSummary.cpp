#include "runs/SelectSummary.h"

#include "runs/SummaryJson.h"

#include <cstdint>

namespace dl {

namespace {

using json = nlohmann::json;
using summary_json::read;

template <class T>
void readOptional(const json& j, std::string_view key, std::optional<T>& out) {
    if (auto it = j.find(key); it != j.end()) out = it->template get<T>();
}
template <class T>
void writeOptional(json& j, const char* key, const std::optional<T>& value) {
    if (value) j[key] = *value;
}

}  // namespace

json toJson(const SelectEmbeddings& e) {
    return {{"set", e.set}, {"model", e.model}, {"layer", e.layer}, {"pooling", e.pooling}};
}

json SelectSummary::toJson() const {
    json j = {{"method", method},      {"pool", pool},         {"seed", seed},
              {"pool_size", poolSize}, {"selected", selected}, {"cut", cut}};
    writeOptional(j, "seed_size", seedSize);
    writeOptional(j, "leaked", leaked);
    writeOptional(j, "excluded", excluded);
    if (filterRun) j["filter"] = {{"run", *filterRun}, {"excluded", filterExcluded.value_or(0)}};
    writeOptional(j, "report", report);
    if (embeddings) j["embeddings"] = dl::toJson(*embeddings);
    writeOptional(j, "parallel", parallel);
    writeOptional(j, "pairs", pairs);
    writeOptional(j, "adaptive_layer", adaptiveLayer);
    writeOptional(j, "score_quantiles", scoreQuantiles);
    if (alignment)
        j["alignment"] = {{"pairs", alignment->pairs},
                          {"languages", alignment->languages},
                          {"pair_cosine_before", alignment->pairCosineBefore},
                          {"pair_cosine_after", alignment->pairCosineAfter}};
    writeOptional(j, "encoder", encoder);
    writeOptional(j, "adapted_sets", adaptedSets);
    writeOptional(j, "applied_from_run", appliedFromRun);
    return j;
}

Expected<SelectSummary> SelectSummary::fromJson(const json& j, std::int64_t runId) {
    return summary_json::readSummary<SelectSummary>(j, runId, [&](SelectSummary& s) {
        read(j, "method", s.method);
        read(j, "pool", s.pool);
        read(j, "seed", s.seed);
        read(j, "pool_size", s.poolSize);
        read(j, "selected", s.selected);
        if (auto it = j.find("cut"); it != j.end()) s.cut = *it;
        readOptional(j, "seed_size", s.seedSize);
        readOptional(j, "leaked", s.leaked);
        readOptional(j, "excluded", s.excluded);
        if (auto it = j.find("filter"); it != j.end()) {
            readOptional(*it, "run", s.filterRun);
            readOptional(*it, "excluded", s.filterExcluded);
        }
        readOptional(j, "report", s.report);
        if (auto it = j.find("embeddings"); it != j.end()) {
            SelectEmbeddings e;
            read(*it, "set", e.set);
            read(*it, "model", e.model);
            read(*it, "layer", e.layer);
            read(*it, "pooling", e.pooling);
            s.embeddings = e;
        }
        readOptional(j, "parallel", s.parallel);
        readOptional(j, "pairs", s.pairs);
        readOptional(j, "adaptive_layer", s.adaptiveLayer);
        readOptional(j, "score_quantiles", s.scoreQuantiles);
        if (auto it = j.find("alignment"); it != j.end()) {
            CrossLingualAlignment a;
            read(*it, "pairs", a.pairs);
            read(*it, "languages", a.languages);
            read(*it, "pair_cosine_before", a.pairCosineBefore);
            read(*it, "pair_cosine_after", a.pairCosineAfter);
            s.alignment = a;
        }
        readOptional(j, "encoder", s.encoder);
        readOptional(j, "adapted_sets", s.adaptedSets);
        readOptional(j, "applied_from_run", s.appliedFromRun);
    });
}

}  // namespace dl
