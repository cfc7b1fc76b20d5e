#include "runs/ClusterRunChecks.h"

#include <cstdint>
#include <string>

#include "common/FiniteRows.h"
#include "runs/RunBlobs.h"

namespace dl {

std::unexpected<Error> storedDataInvalid(std::int64_t runId, std::string_view item, std::string_view what) {
    const std::string id = std::to_string(runId);
    return fail(ErrorCode::StoredDataInvalid, {id, std::string(item)},
                "Run " + id + "'s stored '" + std::string(item) + "' " + std::string(what) + " (damaged project?).");
}

Status checkClusterCount(int k, std::int64_t rows, std::int64_t runId) {
    if (k < 1 || k > kMaxClusters)
        return storedDataInvalid(runId, "summary",
                                 "gives k = " + std::to_string(k) + "; a cluster run has 1 to " +
                                     std::to_string(kMaxClusters) + " clusters");
    if (rows >= 0 && k > rows)
        return storedDataInvalid(
            runId, "summary",
            "gives k = " + std::to_string(k) + " clusters for " + std::to_string(rows) + " sentences");
    return {};
}

Status checkMapCoordinates(std::span<const float> xy, std::span<const std::int64_t> ids, std::int64_t runId) {
    if (xy.size() != 2 * ids.size())
        return storedDataInvalid(runId, blobs::kPca2d,
                                 "holds " + std::to_string(xy.size()) + " values for " + std::to_string(ids.size()) +
                                     " sentences (two each)");
    if (const auto row = firstNonFiniteRow(xy, 2))
        return storedDataInvalid(
            runId, blobs::kPca2d,
            "holds a coordinate that is not a finite number for sentence " + std::to_string(ids[*row]));
    return {};
}

Status checkClusterLabels(std::span<const std::int32_t> labels, std::span<const std::int64_t> ids, int k,
                          std::int64_t runId) {
    for (std::size_t i = 0; i < labels.size(); ++i)
        if (labels[i] < 0 || labels[i] >= k)
            return storedDataInvalid(runId, blobs::kLabels,
                                     "gives sentence " + (i < ids.size() ? std::to_string(ids[i]) : std::string("?")) +
                                         " the cluster " + std::to_string(labels[i]) +
                                         "; the run has k = " + std::to_string(k));
    return {};
}

}  // namespace dl
