#pragma once
// Clustering quality against true labels: confusion matrix, purity (Aharoni & Goldberg's
// definition: each cluster maps to its most frequent true domain, several clusters may map
// to one domain), NMI (arithmetic normalisation, as scikit-learn's default) and ARI.
// Rows whose true label is negative (unlabelled) are ignored everywhere.
#include <cstdint>
#include <span>
#include <vector>

namespace dl {

struct Confusion {
    int domains = 0;
    int clusters = 0;
    std::vector<std::int64_t> counts;  // domains x clusters, row-major
    std::int64_t at(int domain, int cluster) const { return counts[std::size_t(domain) * clusters + cluster]; }
    std::int64_t total() const;
};

Confusion confusionMatrix(std::span<const int> truth, std::span<const std::int32_t> clusters, int domains,
                          int nClusters);

// Majority domain per cluster (-1 for an empty cluster; ties go to the lower domain index).
std::vector<int> majorityMap(const Confusion& c);
double purity(const Confusion& c);
double normalizedMutualInfo(const Confusion& c);
double adjustedRandIndex(const Confusion& c);

struct DomainScore {
    std::int64_t relevant = 0;   // sentences of the domain
    std::int64_t predicted = 0;  // sentences in clusters mapped to the domain
    std::int64_t correct = 0;
    double precision = 0, recall = 0, f1 = 0;
};
// Per-domain precision/recall when each cluster predicts its majority domain.
std::vector<DomainScore> domainScores(const Confusion& c);

// Pearson correlation of two equally long samples (NaN when undefined).
double pearson(std::span<const double> a, std::span<const double> b);

}  // namespace dl
