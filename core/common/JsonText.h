#pragma once
// JSON documents from files a user hands over (untrusted): a syntax error names the line and
// column, a file above its size limit is refused before it is read. Used by the mixture files
// (mixture/MixtureWeights.h) and the filter pipelines (filter/FilterPipeline.h).
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "common/JsonDepth.h"

namespace dl {

// nlohmann::json::parse(text, nullptr, false), except that a document nested deeper than
// kMaxJsonDepth is discarded too (is_discarded()); *tooDeep (when given) tells the two apart.
nlohmann::json parseJsonOrDiscarded(std::string_view text, bool* tooDeep = nullptr);
// The same for the rest of a stream (read into memory first).
nlohmann::json parseJsonOrDiscarded(std::istream& in, bool* tooDeep = nullptr);
// " (nested deeper than 128 levels)" when tooDeep, else "": for the messages of the callers.
std::string tooDeepNote(bool tooDeep);

// 1-based line and column of byte offset `at` (0-based) in `text`.
std::pair<std::int64_t, std::int64_t> lineAndColumn(const std::string& text, std::size_t at);
// A JSON document; a syntax error says "<what>: malformed JSON at line L, column C: ...", a
// document nested deeper than kMaxJsonDepth "<what>: JSON nested deeper than 128 levels".
Expected<nlohmann::json> parseJsonText(const std::string& text, const std::string& what);
// A regular file's JSON (parseJsonText naming the path); maxBytes > 0: a larger file is refused.
Expected<nlohmann::json> readJsonFile(const std::string& path, std::uint64_t maxBytes = 0);
// A regular file's text (checkRegularFile naming it `what`). maxBytes > 0: a larger file is
// refused before it is read, and no more than maxBytes + 1 bytes are ever read (a file that
// grows meanwhile is refused too): "<path> has more than N bytes; a <what> is read only up to
// that size."
Expected<std::string> readTextFile(const std::string& path, std::uint64_t maxBytes = 0, std::string_view what = "file");

}  // namespace dl
