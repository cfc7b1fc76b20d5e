#include "shard/ShardSpec.h"

#include <algorithm>
#include <charconv>
#include "common/Brace.h"
#include "common/RowRange.h"

namespace dl {

using shard_detail::brace;

namespace {

bool parseInt(std::string_view s, int& out) {
    if (s.empty()) return false;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && ptr == s.data() + s.size();
}

}  // namespace

Expected<ShardSpec> parseShardSpec(std::string_view text) {
    const auto slash = text.find('/');
    ShardSpec spec;
    if (slash == std::string_view::npos || !parseInt(text.substr(0, slash), spec.index) ||
        !parseInt(text.substr(slash + 1), spec.count))
        return usageError(brace("--shard: expected I/N (for example 0/4), got '{}'.", text));
    if (spec.count < 1) return usageError(brace("--shard {}: N must be at least 1.", text));
    if (spec.count > kMaxShardCount)
        return usageError(brace("--shard {}: N must be at most {}.", text, kMaxShardCount));
    if (spec.index < 0 || spec.index >= spec.count)
        return usageError(
            brace("--shard {}: I must be between 0 and {} (shards are numbered from 0).", text, spec.count - 1));
    return spec;
}

std::string formatShardSpec(const ShardSpec& spec) { return brace("{}/{}", spec.index, spec.count); }

std::pair<std::size_t, std::size_t> shardRowRange(const ShardSpec& spec, std::size_t rows) {
    return contiguousPart(spec.index, spec.count, rows);
}

std::vector<int> shardsOfArrayTask(int task, int arraySize, int shardCount) {
    std::vector<int> shards;
    if (arraySize < 1 || task < 0) return shards;
    for (int i = task; i < shardCount; i += arraySize) shards.push_back(i);
    return shards;
}

std::string slurmArrayList(std::vector<int> taskIds) {
    std::ranges::sort(taskIds);
    const auto [first, last] = std::ranges::unique(taskIds);
    taskIds.erase(first, last);
    std::string out;
    for (std::size_t i = 0; i < taskIds.size();) {
        std::size_t j = i;
        while (j + 1 < taskIds.size() && taskIds[j + 1] == taskIds[j] + 1) ++j;
        if (!out.empty()) out += ',';
        out += j == i ? std::to_string(taskIds[i]) : brace("{}-{}", taskIds[i], taskIds[j]);
        i = j + 1;
    }
    return out;
}

std::string shardFileStem(const std::string& job, const ShardSpec& spec) {
    return brace("{}-{}-of-{}", job, spec.index, spec.count);
}

}  // namespace dl
