#include "runs/ClusterRunChecks.h"

#include <cmath>
#include <string>

#include "common/FiniteRows.h"
#include "runs/RunBlobs.h"

namespace dl {

namespace {

std::unexpected<Error> invalid(std::int64_t runId, std::string_view item, const std::string& what) {
    const std::string id = std::to_string(runId);
    return fail(ErrorCode::StoredDataInvalid, {id, std::string(item)},
                "Run " + id + "'s stored '" + std::string(item) + "' " + what + " (damaged project?).");
}

}  // namespace

Status checkClusterCount(int k, std::int64_t rows, std::int64_t runId) {
    if (k < 1 || k > kMaxClusters)
        return invalid(runId, "summary",
                       "gives k = " + std::to_string(k) + "; a cluster run has 1 to " + std::to_string(kMaxClusters) +
                           " clusters");
    if (rows >= 0 && k > rows)
        return invalid(runId, "summary",
                       "gives k = " + std::to_string(k) + " clusters for " + std::to_string(rows) + " sentences");
    return {};
}

Status checkMapCoordinates(std::span<const float> xy, std::span<const std::int64_t> ids, std::int64_t runId) {
    if (xy.size() != 2 * ids.size())
        return invalid(runId, blobs::kPca2d,
                       "holds " + std::to_string(xy.size()) + " values for " + std::to_string(ids.size()) +
                           " sentences (two each)");
    if (const auto row = firstNonFiniteRow(xy, 2))
        return invalid(runId, blobs::kPca2d,
                       "holds a coordinate that is not a finite number for sentence " + std::to_string(ids[*row]));
    return {};
}

Status checkClusterLabels(std::span<const std::int32_t> labels, std::span<const std::int64_t> ids, int k,
                          std::int64_t runId) {
    for (std::size_t i = 0; i < labels.size(); ++i)
        if (labels[i] < 0 || labels[i] >= k)
            return invalid(runId, blobs::kLabels,
                           "gives sentence " + (i < ids.size() ? std::to_string(ids[i]) : std::string("?")) +
                               " the cluster " + std::to_string(labels[i]) + "; the run has k = " + std::to_string(k));
    return {};
}

}  // namespace dl
