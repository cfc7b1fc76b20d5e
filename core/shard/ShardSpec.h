#pragma once
// Which part of a corpus one worker of a sharded stage handles: shard I of N is a contiguous
// range of the corpus's sentence ids (sorted), so shards never overlap and together cover
// every sentence, whatever N is. Slurm array task t runs the shards i = t, t + M, t + 2M...
// (M = array size), so N may exceed the cluster's MaxArraySize.
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/Error.h"

namespace dl {

// The most shards of one stage a worker writes (`--shard I/N`, `slurm --shards N`) and a
// manifest may claim: a count from a file above it is refused, never used to size anything.
inline constexpr int kMaxShardCount = 1'000'000;

struct ShardSpec {
    int index = 0;  // 0-based, < count
    int count = 1;
};

// "I/N" with 0 <= I < N <= kMaxShardCount; the error names the field and what was wrong.
Expected<ShardSpec> parseShardSpec(std::string_view text);
std::string formatShardSpec(const ShardSpec& spec);

// Rows [first, last) of `rows` sorted ids that shard `spec` covers (balanced to within one row).
std::pair<std::size_t, std::size_t> shardRowRange(const ShardSpec& spec, std::size_t rows);

// The shards that array task `task` of an array of `arraySize` tasks runs: task, task + M, ...
std::vector<int> shardsOfArrayTask(int task, int arraySize, int shardCount);

// Slurm's --array list for these task ids, ranges compressed: {0,1,2,5,7,8} -> "0-2,5,7-8".
std::string slurmArrayList(std::vector<int> taskIds);

// File names inside a shard folder: "<job>-<I>-of-<N>.<ext>".
std::string shardFileStem(const std::string& job, const ShardSpec& spec);

}  // namespace dl
