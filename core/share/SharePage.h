#pragma once
// The page of `share` (ShareMap.h): the HTML, its one inline style and script, and the
// Content-Security-Policy that allows exactly those two by hash. Private to share/.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace dl::share_detail {

// What the page shows. The per-point arrays travel as one base64 block of little-endian binary
// (x, y, then each layer as float32; cluster and domain as int16), which the page reads into
// typed arrays: at 1.5M points that is 18 MB decoded in milliseconds, where a JSON array of
// numbers took seconds to parse. The sentences come last in the file, after the script, so the
// map is drawn while the browser still parses them.
struct SharePageData {
    // title, provenance, metrics, total, sampleRule, domains, clusters, ellipses, confusion,
    // layers ([{name, kind: "score"|"filter", run}]), selections, filters; `n` is added here.
    nlohmann::json meta;
    std::vector<float> x, y;
    std::vector<std::int16_t> cluster, domain;  // -1 = no label
    // One value per point per layer: a selection's score, or 1 removed / 0 kept for a filter
    // run; NaN = the run did not see the point.
    std::vector<std::vector<float>> layers;
    std::vector<std::string> texts;  // the points' sentences, in point order
};

// JSON text safe inside <script type="application/json">: '<', '>' and '&' as \u escapes,
// so no sentence can close the block or open a tag.
std::string jsonForScriptBlock(const nlohmann::json& data);

std::string base64(std::span<const std::uint8_t> bytes);

// The whole index.html.
std::string renderSharePage(const SharePageData& data);

}  // namespace dl::share_detail
