#pragma once
// The summary stored with a merge record (runs.summary of RunKind::Merge: shards merged into
// the project, shard/MergeJob), with its JSON in one place. An encode merge also records the
// embedding set it filled and the summed PCA statistics (blobs kMoment*) that `cluster
// --pca-from-merge` reads (analysis/MergedMoments). The keys are the stored format.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"

namespace dl {

struct MergePcaStatistics {
    std::int64_t count = 0;  // rows summed
    int dim = 0;
    std::vector<std::string> blobs;  // where they are stored (blobs::kMomentCount, ...)
};

struct MergeSummary {
    std::string job;  // the shard job: encode, assign or score
    std::string corpus;
    std::optional<std::int64_t> embeddingSet, vectorsAdded;  // encode
    std::optional<MergePcaStatistics> pcaStatistics;         // encode
    int shards = 0;
    std::int64_t rows = 0;
    std::optional<std::int64_t> run;  // assign / score: the run made from the shards

    nlohmann::json toJson() const;
    static Expected<MergeSummary> fromJson(const nlohmann::json& j, std::int64_t runId);
};

}  // namespace dl
