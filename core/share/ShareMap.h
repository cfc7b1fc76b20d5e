#pragma once
// `domainlens-cli share`: a map you can send. One self-contained index.html (no server, no
// network: a Content-Security-Policy forbids every fetch, and the page's only script and style
// are allowed by their SHA-256) holding a cluster run's 2-D PCA map, its points coloured by
// true domain or cluster (density at overview: colours averaged per pixel, opacity by count),
// the component ellipses, the cluster names, the confusion matrix and the run's provenance;
// selection runs add their score as a colouring and their threshold figure, filter runs what
// they removed and their ledger (ShareOverlays.h). Sentences are data, never markup: they
// travel as JSON inside a non-executed <script type="application/json"> block with '<', '>'
// and '&' escaped, and the page puts them on screen with textContent only.
// Plain C++ (no Qt); reads the project, writes DIR/index.html through AtomicFile.
#include <cstdint>
#include <string>
#include <vector>

#include "common/CancelToken.h"
#include "common/Error.h"
#include "jobs/ParamTable.h"

namespace dl {

class Store;

struct ShareParams {
    std::int64_t runId = 0;          // a cluster run; 0 = the latest
    // Selection runs (their scores colour the map; threshold figures) and filter runs (what
    // they removed; ledgers), in the order given.
    std::vector<std::int64_t> overlayRuns;
    bool skipUnrelatedOverlays = false;  // an overlay run that saw none of the points is left out
                                         // (the GUI's "the selection on screen"), not an error
    bool latestFilter = false;  // also the latest filter run of the map's corpus, if any (the GUI)
    std::string outDir;  // the folder that receives index.html
    std::int64_t sampleSize = 100000;  // points on the map; 0 = all (stratified by cluster, see below)
    int seed = 1;  // the sample's seed
    bool force = false;  // replace an existing index.html
};

// The parameters of `share`, declared once (share/ShareMap.cpp).
const ParamTable<ShareParams>& shareParamTable();

struct ShareSummary {
    std::int64_t runId = 0;
    std::int64_t points = 0;  // on the map
    std::int64_t total = 0;  // in the run
    std::string path;  // DIR/index.html
    std::int64_t bytes = 0;
};

// The sample when the run has more than sampleSize points: every cluster keeps a share of the
// sample proportional to its size (largest remainder) but at least min(its size, 20) points,
// so a small cluster stays visible; members are drawn uniformly within the cluster (seeded).
// Returns the kept point indices in ascending order.
std::vector<std::int64_t> stratifiedSample(const std::vector<std::int32_t>& clusterOfPoint, int k,
                                           std::int64_t sampleSize, std::uint64_t seed);

Expected<ShareSummary> writeShareMap(Store& store, const ShareParams& params, const CancelToken& cancel);

}  // namespace dl
