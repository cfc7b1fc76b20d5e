#pragma once
// The page of `share` (ShareMap.h): the HTML, its one inline style and script, and the
// Content-Security-Policy that allows exactly those two by hash. Private to share/.
#include <string>

#include <nlohmann/json.hpp>

namespace dl::share_detail {

// JSON text safe inside <script type="application/json">: '<', '>' and '&' as \u escapes,
// so no sentence can close the block or open a tag.
std::string jsonForScriptBlock(const nlohmann::json& data);

// The whole index.html for `data` (title, provenance, points, ellipses, confusion).
std::string renderSharePage(const nlohmann::json& data);

}  // namespace dl::share_detail
