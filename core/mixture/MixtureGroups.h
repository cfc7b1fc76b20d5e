#pragma once
// The grouping a mixture is over: the domain labels of a corpus, or the clusters ("c0",
// "c1", ...) of a stored cluster run. Read once from the project; sentences without a group
// (unlabelled, or without a cluster) belong to none and are counted apart.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "common/Error.h"
#include "mixture/MixtureWeights.h"
#include "store/Corpora.h"
#include "store/Runs.h"

namespace dl {

class Store;

struct GroupedCorpus {
    CorpusInfo corpus;
    std::optional<RunInfo> run;  // the cluster run (by cluster)
    bool byCluster = false;
    std::unordered_map<std::int64_t, int> cluster;  // sentence id -> cluster (by cluster)
    std::vector<std::string> groups;                // sorted by name
    GroupSizes sizes;                               // sentences per group
    std::int64_t ungrouped = 0;

    // The group of a sentence; "" when it has none.
    std::string groupOf(const Sentence& s) const;
};

// "c<j>", the name of cluster j as a group.
std::string clusterGroup(int cluster);

// by "cluster": `run` (default the latest cluster run) and its corpus; by "domain": the
// corpus named (or the run's corpus, or the only corpus). Reads the whole corpus once.
Expected<GroupedCorpus> readGroups(Store& store, std::optional<std::int64_t> run, const std::string& by,
                                   const std::string& corpus);

}  // namespace dl
