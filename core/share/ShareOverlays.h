#pragma once
// The runs drawn over a shared map besides its cluster run (ShareMap.h): a selection run (its
// score as a "colour by" layer, and the threshold figure: the score distribution with the cut,
// the selected share per true domain, the run's own figures) and a filter run (removed/kept as
// a layer, and the ledger: per-rule counts, the removed share per domain, examples of removed
// sentences with the sentence each duplicates). Private to share/; plain C++, reads only.
#include <cstdint>
#include <string>
#include <vector>

#include "common/Error.h"
#include "share/SharePage.h"
#include "store/Runs.h"

namespace dl {
class Store;
}

namespace dl::share_detail {

// The map an overlay is drawn on: every point of the cluster run, and the sample on screen.
struct MapContext {
    std::int64_t clusterRunId = 0;
    std::int64_t corpusId = 0;
    const std::vector<std::int64_t>* ids = nullptr;       // sentence id per run point (all of them)
    const std::vector<std::int32_t>* domainIndex = nullptr;  // per run point; empty = unlabelled
    const std::vector<std::string>* domains = nullptr;
    const std::vector<std::int64_t>* kept = nullptr;       // the run points on the page, ascending
};

// Each adds one layer to `page` and one panel to page.meta ("selections" / "filters"). With
// `skipUnrelated`, a run that saw none of the map's sentences is left out (returns false);
// without, that is a usage error.
Expected<bool> addSelectionOverlay(Store& store, const RunInfo& run, const MapContext& map, bool skipUnrelated,
                                   SharePageData& page);
Expected<bool> addFilterOverlay(Store& store, const RunInfo& run, const MapContext& map, bool skipUnrelated,
                                SharePageData& page);

}  // namespace dl::share_detail
