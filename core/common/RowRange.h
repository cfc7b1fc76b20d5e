#pragma once
// Contiguous, balanced partitions of a row range: part I of N covers rows [first, last), the
// parts never overlap, together cover every row, and differ in size by at most one. Shared by
// the shards (shard/ShardSpec: shard I of N) and by cluster --mpi (rank r of R reads its share),
// so both split a corpus the same way without the analysis stage depending on shard/.
#include <cstddef>
#include <utility>

namespace dl {

// Rows [first, last) of `rows` that part `part` of `parts` covers; part in [0, parts), parts >= 1.
// 128-bit products would only matter past 2^32 parts x 2^32 rows; 64-bit arithmetic is enough.
inline std::pair<std::size_t, std::size_t> contiguousPart(int part, int parts, std::size_t rows) {
    const auto n = static_cast<unsigned long long>(rows);
    const auto first = n * static_cast<unsigned long long>(part) / static_cast<unsigned long long>(parts);
    const auto last = n * static_cast<unsigned long long>(part + 1) / static_cast<unsigned long long>(parts);
    return {static_cast<std::size_t>(first), static_cast<std::size_t>(last)};
}

}  // namespace dl
