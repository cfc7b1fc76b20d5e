#pragma once
// Verifies a folder of finished shards before a merge: every shard 0..N-1 present and valid,
// all from the same job, parameters and model, id ranges that do not overlap. On a gap the
// error names the missing shards and the Slurm --array list that re-runs only them.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/Error.h"
#include "shard/ShardManifest.h"

namespace dl {

// Shards first..last (inclusive).
struct ShardIndexRange {
    int first = 0;
    int last = 0;
    bool operator==(const ShardIndexRange&) const = default;
};

struct ShardSetProblem {
    // Shard indices absent or invalid: sorted, disjoint, non-adjacent ranges. Their size depends
    // on the manifests present, not on the count a manifest claims.
    std::vector<ShardIndexRange> missing;
    std::int64_t missingCount = 0;       // shards in `missing`
    int shardCount = 0;                  // N of the manifests that agree (0: none valid)
    std::vector<std::string> messages;   // one line per problem, naming the file
    std::string arrayList;               // Slurm --array= list re-running only the missing shards
};

// Sorted indices as ranges: {0,1,2,5} -> {0-2, 5}.
std::vector<ShardIndexRange> shardIndexRanges(std::vector<int> indices);
// "0-2, 5, 7-9" for a message: at most `shown` ranges, then "... and N more".
std::string describeShardRanges(const std::vector<ShardIndexRange>& ranges, std::size_t shown = 20);

// Reads every "<job>-*-of-*.manifest.json" in dir. arraySize: the array size the shards ran
// with (task t ran shards t, t+M, ...); without it one task per shard is assumed.
// On success the manifests come back ordered by shard index.
Expected<std::vector<ShardManifest>> collectShards(const std::filesystem::path& dir, const std::string& job,
                                                   std::optional<int> arraySize = std::nullopt);

// The same check, returning the problem in structured form (empty `missing` and `messages`
// when the set is complete) for callers that want to list it themselves.
ShardSetProblem checkShards(const std::filesystem::path& dir, const std::string& job, std::optional<int> arraySize,
                            std::vector<ShardManifest>& valid);

}  // namespace dl
