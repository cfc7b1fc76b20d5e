#pragma once
// Free tags on sentences (schema 5, table sentence_tags): any number of short labels per
// sentence, set and cleared in bulk (the GUI's "Tag picked…" on the map and "Tag removed…" on
// the Cleaning tab) and read back per tag. A tag is 1 to 64 characters (UTF-8 bytes up to
// 256) without control characters; case and inner spaces are kept, the ends trimmed by callers.
// Writes: the caller owns the transaction.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/Error.h"

namespace dl {

class Store;

inline constexpr std::size_t kMaxTagBytes = 256;

// A usage error naming the tag when it is empty, too long or holds a control character.
Status checkTag(std::string_view tag);
// Tags each sentence of `ids` with `tag`; returns the ids that did not have it (what an undo
// takes away again). Unknown sentence ids are an error (the foreign key).
Expected<std::vector<std::int64_t>> addTag(Store& store, std::span<const std::int64_t> ids, std::string_view tag);
// Takes `tag` off each sentence of `ids`; returns the ids that had it.
Expected<std::vector<std::int64_t>> removeTag(Store& store, std::span<const std::int64_t> ids, std::string_view tag);
// The sentences tagged `tag`, by id; with a corpus id (> 0) only that corpus's.
Expected<std::vector<std::int64_t>> taggedSentences(Store& store, std::string_view tag, std::int64_t corpusId = 0);
// Every tag of the corpus's sentences with how many sentences carry it, by tag.
Expected<std::vector<std::pair<std::string, std::int64_t>>> corpusTags(Store& store, std::int64_t corpusId);

}  // namespace dl
