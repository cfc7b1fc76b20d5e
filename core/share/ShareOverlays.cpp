#include "share/ShareOverlays.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "runs/FilterSummary.h"
#include "runs/RunKind.h"
#include "runs/SelectSummary.h"
#include "store/Removals.h"

namespace dl::share_detail {
namespace {

constexpr float kNotSeen = std::numeric_limits<float>::quiet_NaN();
constexpr int kHistogramBins = 40;
constexpr std::int64_t kLedgerExamples = 12;

std::unexpected<Error> unrelated(const RunInfo& run, const MapContext& map, const char* what) {
    return usageError(std::string(what) + " run " + std::to_string(run.id) + " saw none of cluster run " +
                      std::to_string(map.clusterRunId) + "'s sentences (another corpus?).");
}

// Per true domain: how many of the map run's sentences the overlay saw, and how many it marked.
nlohmann::json byDomain(const MapContext& map, const std::unordered_map<std::int64_t, bool>& marked) {
    nlohmann::json rows = nlohmann::json::array();
    if (map.domainIndex->empty()) return rows;
    std::vector<std::int64_t> seen(map.domains->size(), 0), hit(map.domains->size(), 0);
    for (std::size_t i = 0; i < map.ids->size(); ++i) {
        const int d = (*map.domainIndex)[i];
        if (d < 0 || std::size_t(d) >= seen.size()) continue;
        auto it = marked.find((*map.ids)[i]);
        if (it == marked.end()) continue;
        ++seen[std::size_t(d)];
        if (it->second) ++hit[std::size_t(d)];
    }
    for (std::size_t d = 0; d < seen.size(); ++d)
        rows.push_back({{"domain", (*map.domains)[d]}, {"seen", seen[d]}, {"marked", hit[d]}});
    return rows;
}

// The score distribution of the whole pool in equal-width bins, selected and not, and the cut:
// the lowest selected score (what a threshold on this run's scores would reproduce).
nlohmann::json thresholdFigure(const RunResults& r) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo, cut = lo;
    for (std::size_t i = 0; i < r.score.size(); ++i) {
        if (!std::isfinite(r.score[i])) continue;
        lo = std::min(lo, r.score[i]);
        hi = std::max(hi, r.score[i]);
        if (i < r.label.size() && r.label[i] == 1) cut = std::min(cut, r.score[i]);
    }
    if (!(hi >= lo)) return nullptr;
    const double width = hi > lo ? (hi - lo) / kHistogramBins : 1.0;
    std::vector<std::int64_t> selected(kHistogramBins, 0), other(kHistogramBins, 0);
    for (std::size_t i = 0; i < r.score.size(); ++i) {
        if (!std::isfinite(r.score[i])) continue;
        const int bin = std::clamp(int((r.score[i] - lo) / width), 0, kHistogramBins - 1);
        (i < r.label.size() && r.label[i] == 1 ? selected : other)[std::size_t(bin)]++;
    }
    return {{"lo", lo},
            {"hi", hi},
            {"cut", std::isfinite(cut) ? nlohmann::json(cut) : nlohmann::json()},
            {"selected", selected},
            {"other", other}};
}

// The run's own figures in one line: a classifier's held-out precision/recall, departures.
std::string reportLine(const SelectSummary& s) {
    std::string line;
    if (!s.report) return line;
    if (auto h = s.report->find("held_out"); h != s.report->end() && h->is_object() && h->contains("precision")) {
        char b[160];
        std::snprintf(b, sizeof b, "Held-out classifier: precision %.3f, recall %.3f, F1 %.3f.",
                      h->value("precision", 0.0), h->value("recall", 0.0), h->value("f1", 0.0));
        line += b;
    }
    if (auto d = s.report->find("departures"); d != s.report->end() && d->is_array())
        for (const auto& item : *d)
            if (item.is_string())
                line += (line.empty() ? "" : " ") + std::string("Departure from the paper: ") + item.get<std::string>();
    return line;
}

}  // namespace

Expected<bool> addSelectionOverlay(Store& store, const RunInfo& run, const MapContext& map, bool skipUnrelated,
                                   SharePageData& page) {
    auto summary = SelectSummary::fromJson(run.summary, run.id);
    if (!summary) return std::unexpected(summary.error());
    auto results = readRunResults(store, run.id);
    if (!results) return std::unexpected(results.error());
    std::unordered_map<std::int64_t, std::size_t> row;
    std::unordered_map<std::int64_t, bool> selected;
    for (std::size_t r = 0; r < results->sentenceIds.size() && r < results->score.size(); ++r) {
        row[results->sentenceIds[r]] = r;
        selected[results->sentenceIds[r]] = r < results->label.size() && results->label[r] == 1;
    }
    std::vector<float> values;
    values.reserve(map.kept->size());
    std::size_t scored = 0;
    for (auto i : *map.kept) {
        auto it = row.find((*map.ids)[std::size_t(i)]);
        const double s = it == row.end() ? std::nan("") : results->score[it->second];
        values.push_back(std::isfinite(s) ? float(s) : kNotSeen);
        scored += std::isfinite(s) ? 1 : 0;
    }
    if (scored == 0) {
        if (skipUnrelated) return false;
        return unrelated(run, map, "Selection");
    }
    const std::string name = "score of selection run #" + std::to_string(run.id) + " (" + summary->method + ")";
    page.layers.push_back(std::move(values));
    page.meta["layers"].push_back({{"name", name}, {"kind", "score"}, {"run", run.id}});
    page.meta["selections"].push_back({{"run", run.id},
                                       {"name", name},
                                       {"pool", summary->pool},
                                       {"seed", summary->seed},
                                       {"poolSize", summary->poolSize},
                                       {"selected", summary->selected},
                                       {"cut", summary->cut.dump()},
                                       {"report", reportLine(*summary)},
                                       {"histogram", thresholdFigure(*results)},
                                       {"byDomain", byDomain(map, selected)}});
    return true;
}

Expected<bool> addFilterOverlay(Store& store, const RunInfo& run, const MapContext& map, bool skipUnrelated,
                                SharePageData& page) {
    if (run.corpusId != map.corpusId) {
        if (skipUnrelated) return false;
        return unrelated(run, map, "Filter");
    }
    auto summary = FilterSummary::fromJson(run.summary, run.id);
    if (!summary) return std::unexpected(summary.error());
    auto removed = removedSentenceIds(store, run.id);
    if (!removed) return std::unexpected(removed.error());
    auto examples = removalPage(store, run.id, 0, kLedgerExamples);
    if (!examples) return std::unexpected(examples.error());
    std::vector<float> values;
    values.reserve(map.kept->size());
    std::int64_t removedOnMap = 0;
    for (auto i : *map.kept) {
        const bool gone = removed->contains((*map.ids)[std::size_t(i)]);
        values.push_back(gone ? 1.0f : 0.0f);
        removedOnMap += gone ? 1 : 0;
    }
    std::unordered_map<std::int64_t, bool> marked;
    for (auto id : *map.ids) marked[id] = removed->contains(id);
    nlohmann::json rules = nlohmann::json::array(), shown = nlohmann::json::array();
    for (const auto& r : summary->rules)
        rules.push_back(
            {{"rule", r.rule}, {"input", r.input}, {"kept", r.kept}, {"removed", r.removed}, {"groups", r.groups}});
    for (const auto& e : *examples)
        shown.push_back({{"removed", e.src}, {"kept", e.keptSrc}, {"similarity", e.removal.similarity}});
    const std::string name = "removed by filter run #" + std::to_string(run.id);
    page.layers.push_back(std::move(values));
    page.meta["layers"].push_back({{"name", name}, {"kind", toString(RunKind::Filter)}, {"run", run.id}});
    page.meta["filters"].push_back({{"run", run.id},
                                    {"name", name},
                                    {"params", run.params.dump()},
                                    {"sentences", summary->sentences},
                                    {"kept", summary->kept},
                                    {"removed", summary->removed},
                                    {"removedOnMap", removedOnMap},
                                    {"rules", rules},
                                    {"byDomain", byDomain(map, marked)},
                                    {"examples", shown}});
    return true;
}

}  // namespace dl::share_detail
