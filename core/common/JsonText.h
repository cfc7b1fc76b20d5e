#pragma once
// JSON documents from files a user hands over (untrusted): a syntax error names the line and
// column, a file above its size limit is refused before it is read. Used by the mixture files
// (mixture/MixtureWeights.h) and the filter pipelines (filter/FilterPipeline.h).
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "common/Error.h"

namespace dl {

// 1-based line and column of byte offset `at` (0-based) in `text`.
std::pair<std::int64_t, std::int64_t> lineAndColumn(const std::string& text, std::size_t at);
// A JSON document; a syntax error says "<what>: malformed JSON at line L, column C: ...".
Expected<nlohmann::json> parseJsonText(const std::string& text, const std::string& what);
// A regular file's JSON (parseJsonText naming the path); maxBytes > 0: a larger file is refused.
Expected<nlohmann::json> readJsonFile(const std::string& path, std::uint64_t maxBytes = 0);
// The file's text, refused above maxBytes (> 0) before it is read.
Expected<std::string> readTextFile(const std::string& path, std::uint64_t maxBytes = 0);

}  // namespace dl
