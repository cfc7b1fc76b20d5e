#pragma once
// Domain-Cosine (Aharoni & Goldberg 2020, section 4): the query is the mean of the seed
// vectors; each pool sentence scores its cosine similarity to it.
#include <cstdint>
#include <vector>

namespace dl {

// Rows are `dim` floats each, row-major. Returns one cosine per pool row.
std::vector<double> cosineToSeedMean(const float* seed, std::int64_t seedRows, const float* pool, std::int64_t poolRows,
                                     int dim);

}  // namespace dl
