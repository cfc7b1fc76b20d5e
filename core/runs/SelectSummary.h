#pragma once
// The summary stored with a selection run (runs.summary of RunKind::Select) as a struct, with
// its JSON in one place. Three writers fill it: select/SelectJob (every method but
// cross-lingual), select/CrossLingual, and shard/MergeResults (a selection's model applied in
// shards); the Runs list, export, the alignment view and the CLI read it. A field a writer
// does not set is not stored (std::nullopt). The keys are the stored format.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"

namespace dl {

// The embedding set a selection scored (methods on embeddings).
struct SelectEmbeddings {
    std::int64_t set = 0;
    std::string model;
    int layer = 0;
    std::string pooling;
};
nlohmann::json toJson(const SelectEmbeddings& e);

// The alignment sample of a cross-lingual selection (the blobs kAlignment*).
struct CrossLingualAlignment {
    std::int64_t pairs = 0;
    std::vector<std::string> languages;  // side A (the seed's), side B (the pool's)
    double pairCosineBefore = 0, pairCosineAfter = 0;
};

struct SelectSummary {
    std::string method, pool, seed;
    std::int64_t poolSize = 0, selected = 0;
    std::optional<std::int64_t> seedSize, leaked, excluded;
    // select --filter RUN: the filter run and how many pool sentences it left out of the candidates.
    std::optional<std::int64_t> filterRun, filterExcluded;
    nlohmann::json cut =
        nlohmann::json::object();  // {"top": K} | {"threshold": T} | ... (select/SelectJob cutSelection)
    std::optional<nlohmann::json> report;           // the method's own report
    std::optional<SelectEmbeddings> embeddings;
    // Cross-lingual selections:
    std::optional<std::string> parallel;
    std::optional<std::int64_t> pairs;
    std::optional<nlohmann::json> adaptiveLayer, scoreQuantiles;
    std::optional<CrossLingualAlignment> alignment;
    // The encoder a cross-lingual run used and why ({"model", "chosen_by": "--model" |
    // "cross-lingual default", "languages", "multilingual": true | false | null, "note"}).
    std::optional<nlohmann::json> encoder;
    // Vu et al.'s Fig. 4: the embedding sets holding g(x), the adapted vectors, one per
    // corpus side ([{"set", "corpus", "side"}]).
    std::optional<nlohmann::json> adaptedSets;
    // A selection's model applied in shards: the run it came from.
    std::optional<std::int64_t> appliedFromRun;

    nlohmann::json toJson() const;
    // Missing keys keep the defaults; a key of the wrong type is an error (StoredDataInvalid).
    static Expected<SelectSummary> fromJson(const nlohmann::json& j, std::int64_t runId);
};

}  // namespace dl
