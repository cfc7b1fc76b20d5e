#pragma once
// Names for the clusters of a clustering run, kept in the project: the automatic ones — the
// most distinctive words of each cluster by c-TF-IDF (ClusterTerms.h) over the corpus's
// source sentences, stop words of the corpus language removed — in the run blob
// "cluster_terms", and the user's own names in "cluster_names" (an edit is stored and wins
// over the words). Both are JSON; no schema change.
#include <cstdint>
#include <map>
#include <string>
#include <unordered_set>
#include <vector>

#include "analysis/ClusterTerms.h"
#include "common/Error.h"
#include "jobs/Progress.h"

namespace dl {

class Store;

struct ClusterNames {
    bool computed = false;                        // the terms were computed for this run
    std::string language;                         // the corpus language whose stop words were removed
    std::vector<std::vector<ClusterTerm>> terms;  // per cluster, heaviest first
    std::map<int, std::string> userNames;         // cluster -> the user's name
    // The user's name, else the top `words` terms joined by " · ", else "".
    std::string label(int cluster, int words = 3) const;
};

// The source language of the run's corpus (may be empty when unknown).
Expected<std::string> runLanguage(Store& store, std::int64_t runId);

// Computes and stores (one transaction) the top `top` terms of every cluster of the clustering
// run `runId`; the user's names stay. A job: cancellable, errors as values.
Expected<ClusterNames> nameClusters(Store& store, std::int64_t runId, const std::unordered_set<std::string>& stopWords,
                                    int top, ProgressSink& progress, const CancelToken& cancel);

Expected<ClusterNames> readClusterNames(Store& store, std::int64_t runId);

// Stores the user's name of `cluster` (empty = back to the automatic words). Caller owns the
// transaction.
Status setClusterName(Store& store, std::int64_t runId, int cluster, const std::string& name);

}  // namespace dl
