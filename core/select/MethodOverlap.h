#pragma once
// Selection methods side by side: the top k of 2–4 selection runs over the same pool,
// compared by pairwise overlap and Jaccard, by exclusive intersections (an UpSet chart: how
// many sentences exactly this combination of methods keeps), by rank against rank, and by the
// sentences one method keeps and another drops. Plain data in, plain data out; no store.
//
// Ranking rule (as the selection panel): higher score first, ties by ascending sentence id;
// NaN scores (sentences excluded from a run) are not ranked. A top k larger than a run's
// ranked count is all of them.
#include <cstdint>
#include <vector>

#include "common/Error.h"

namespace dl {

struct RankedRun {
    std::vector<std::int64_t> ids;  // sentence ids, any order, no duplicates
    std::vector<double> scores;     // per id; higher = more in-domain; NaN = not ranked
};

// Rank of every position of `run` (0 = best), -1 for NaN scores.
std::vector<std::int64_t> ranksOf(const RankedRun& run);
// Ids of the run's top k, best first.
std::vector<std::int64_t> topK(const RankedRun& run, std::int64_t k);

struct MethodOverlap {
    int methods = 0;
    std::int64_t k = 0;
    std::vector<std::int64_t> topSize;        // per method: |top k| (≤ k)
    std::vector<std::int64_t> intersection;   // methods × methods: |top_a ∩ top_b| (diagonal = topSize)
    std::vector<double> jaccard;              // methods × methods: |∩| / |∪| (diagonal 1; 0 when both empty)
    // exclusive[mask] = sentences kept by exactly the methods whose bits are set in mask
    // (bit i = method i); size 2^methods, exclusive[0] = 0.
    std::vector<std::int64_t> exclusive;
    std::int64_t unionSize = 0;
    std::int64_t at(const std::vector<std::int64_t>& m, int a, int b) const { return m[std::size_t(a * methods + b)]; }
};
// 2–4 runs; usage error otherwise or when a run's ids and scores differ in length.
Expected<MethodOverlap> compareTopK(const std::vector<RankedRun>& runs, std::int64_t k);

// Sentences ranked by both runs, in ascending id order, with their ranks in each.
struct RankPairs {
    std::vector<std::int64_t> ids, rankA, rankB;
};
RankPairs rankPairs(const RankedRun& a, const RankedRun& b);
// Spearman's rank correlation over the pairs (ranks re-numbered within the common sentences);
// NaN for fewer than two pairs.
double spearman(const RankPairs& pairs);

// Sentences in a's top k that are not in b's top k, best (by a) first.
std::vector<std::int64_t> keptByANotB(const RankedRun& a, const RankedRun& b, std::int64_t k);

}  // namespace dl
