#pragma once
// Checks of a cluster or assign run's stored parts against one another, made where a stored
// number becomes an index, a size or a loop bound. A project file is untrusted input: a
// crafted k of 2*10^9 made the GUI's run view allocate without bound, a map blob shorter than
// the run's sentence ids was read out of bounds, and one NaN coordinate crashed the painter
// (docs/reliability.md, "The third crafted-input review"). Each failure is StoredDataInvalid
// {run id, the stored item}, with the English message naming the run, the item and the value.
#include <cstdint>
#include <span>
#include <string_view>

#include "common/Error.h"

namespace dl {

// StoredDataInvalid {run id, item}: "Run 7's stored 'pca2d' <what> (damaged project?)." The one
// form of the message for a run's stored summary, blob or results that contradict themselves.
std::unexpected<Error> storedDataInvalid(std::int64_t runId, std::string_view item, std::string_view what);

// The range of the cluster parameter `k` (analysis/ClusterParamsTable.cpp declares it with
// this bound), so no run this build or an earlier one wrote holds more components.
inline constexpr int kMaxClusters = 10000;

// `k` of a run's summary: 1..kMaxClusters, and no more than the `rows` the run holds (a GMM
// of k components is fitted to at least k rows); `rows` < 0: not known here.
Status checkClusterCount(int k, std::int64_t rows, std::int64_t runId);

// A run's 2-D map (`pca2d`): two finite values per sentence id.
Status checkMapCoordinates(std::span<const float> xy, std::span<const std::int64_t> ids, std::int64_t runId);

// A run's cluster labels (run_results.label, in the order of `ids`): each in 0..k-1.
Status checkClusterLabels(std::span<const std::int32_t> labels, std::span<const std::int64_t> ids, int k,
                          std::int64_t runId);

}  // namespace dl
