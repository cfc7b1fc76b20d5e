#include "store/Tags.h"

#include <sqlite3.h>
#include <cstdint>

#include "store/Statement.h"
#include "store/Store.h"

namespace dl {

namespace {

// A UTF-8 code point count, for the 64-character limit (the bytes are checked separately).
std::size_t codePoints(std::string_view text) {
    std::size_t n = 0;
    for (unsigned char c : text) n += (c & 0xC0) != 0x80;
    return n;
}

// Runs `sql` (?1 = sentence id, ?2 = tag) for each id; returns the ids it changed a row for.
Expected<std::vector<std::int64_t>> eachId(Store& store, const char* sql, std::span<const std::int64_t> ids,
                                           std::string_view tag) {
    if (auto s = checkTag(tag); !s) return std::unexpected(s.error());
    auto q = store.prepare(sql);
    if (!q) return std::unexpected(q.error());
    std::vector<std::int64_t> changed;
    for (const std::int64_t id : ids) {
        q->bind(1, id).bind(2, tag);
        if (auto s = q->run(); !s) return std::unexpected(s.error());
        if (sqlite3_changes(store.handle()) > 0) changed.push_back(id);
    }
    return changed;
}

}  // namespace

Status checkTag(std::string_view tag) {
    if (tag.empty()) return usageError("A tag cannot be empty.");
    if (tag.size() > kMaxTagBytes || codePoints(tag) > 64)
        return usageError("A tag has at most 64 characters: \"" + std::string(tag.substr(0, 80)) + "…\".");
    for (unsigned char c : tag)
        if (c < 0x20 || c == 0x7F) return usageError("A tag cannot hold a control character (a line break, a tab).");
    return {};
}

Expected<std::vector<std::int64_t>> addTag(Store& store, std::span<const std::int64_t> ids, std::string_view tag) {
    return eachId(store, "INSERT OR IGNORE INTO sentence_tags(sentence_id, tag) VALUES(?1, ?2)", ids, tag);
}

Expected<std::vector<std::int64_t>> removeTag(Store& store, std::span<const std::int64_t> ids, std::string_view tag) {
    return eachId(store, "DELETE FROM sentence_tags WHERE sentence_id = ?1 AND tag = ?2", ids, tag);
}

Expected<std::vector<std::int64_t>> taggedSentences(Store& store, std::string_view tag, std::int64_t corpusId) {
    auto q = corpusId > 0 ? store.prepare(
                                "SELECT t.sentence_id FROM sentence_tags t JOIN sentences s ON s.id = t.sentence_id "
                                "WHERE t.tag = ?1 AND s.corpus_id = ?2 ORDER BY t.sentence_id")
                          : store.prepare("SELECT sentence_id FROM sentence_tags WHERE tag = ?1 ORDER BY sentence_id");
    if (!q) return std::unexpected(q.error());
    q->bind(1, tag);
    if (corpusId > 0) q->bind(2, corpusId);
    std::vector<std::int64_t> out;
    while (true) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        out.push_back(q->int64(0));
    }
    return out;
}

Expected<std::vector<std::pair<std::string, std::int64_t>>> corpusTags(Store& store, std::int64_t corpusId) {
    auto q = store.prepare(
        "SELECT t.tag, count(*) FROM sentence_tags t JOIN sentences s ON s.id = t.sentence_id "
        "WHERE s.corpus_id = ?1 GROUP BY t.tag ORDER BY t.tag");
    if (!q) return std::unexpected(q.error());
    q->bind(1, corpusId);
    std::vector<std::pair<std::string, std::int64_t>> out;
    while (true) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        out.emplace_back(std::string(q->text(0)), q->int64(1));
    }
    return out;
}

}  // namespace dl
