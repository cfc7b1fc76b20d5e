#pragma once
// Shared data plumbing of the selection jobs: seed/pool subsets and embedding rows.
#include <cstdint>
#include <string>
#include <vector>

#include "common/Error.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"

namespace dl {

class Store;

// The sentences of a corpus: all ("CORPUS"), those of one domain ("CORPUS:DOMAIN"), or a
// seeded random sample of N of them ("CORPUS:DOMAIN:N", a small seed set drawn from a pool;
// the sampled sentences then count as leaked and leave the ranking).
struct CorpusSubset {
    CorpusInfo corpus;
    std::string domain;                  // "" = all
    std::vector<std::int64_t> positions; // corpus positions (embedding rows)
    std::vector<std::int64_t> ids;       // sentence ids
    std::vector<std::string> src, tgt;   // tgt only when withTarget
};

// The default seed of the "CORPUS:DOMAIN:N" sample (SelectParams::seedSampleSeed overrides it;
// the value used is stored in the run's parameters).
inline constexpr std::uint64_t kDefaultSeedSampleSeed = 0x5eed;

Expected<CorpusSubset> loadCorpusSubset(Store& store, const std::string& spec, bool withTarget,
                                        std::uint64_t sampleSeed = kDefaultSeedSampleSeed);
// The N of a "CORPUS:DOMAIN:N" spec (0 when the spec asks for no sample).
std::int64_t seedSampleSize(const std::string& spec);

// Copies the given rows of an embedding matrix into a dense row-major block.
std::vector<float> gatherRows(const EmbeddingMatrix& m, const std::vector<std::int64_t>& positions);

}  // namespace dl
