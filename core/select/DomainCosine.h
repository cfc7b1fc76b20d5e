#pragma once
// Domain-Cosine (Aharoni & Goldberg 2020, section 4): the query is the mean of the seed
// vectors; each pool sentence scores its cosine similarity to it. The query is the method's
// whole fitted model: a selection run stores it, so `score --shard` applies it to any rows.
#include <cstdint>
#include <vector>

namespace dl {

// Rows are `dim` floats each, row-major. Returns one cosine per pool row.
std::vector<double> cosineToSeedMean(const float* seed, std::int64_t seedRows, const float* pool, std::int64_t poolRows,
                                     int dim);

// The unit-length mean of the seed rows (accumulated in double): the Domain-Cosine query.
std::vector<double> seedQuery(const float* seed, std::int64_t seedRows, int dim);
// Cosine of each row to a query made by seedQuery (float arithmetic, as cosineToSeedMean).
std::vector<double> cosineToQuery(const std::vector<double>& query, const float* rows, std::int64_t rowCount, int dim);

}  // namespace dl
