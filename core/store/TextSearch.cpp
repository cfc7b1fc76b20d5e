#include "store/TextSearch.h"

#include <algorithm>
#include <cstdint>

#include "store/Statement.h"
#include "store/Store.h"

namespace dl {

namespace {

constexpr std::int64_t kIndexBatch = 20000;  // sentences per INSERT (cancel and progress between)

Expected<std::int64_t> scalar(Store& store, const std::string& sql, std::int64_t bound = -1) {
    auto q = store.prepare(sql);
    if (!q) return std::unexpected(q.error());
    if (bound >= 0) q->bind(1, bound);
    auto row = q->step();
    if (!row) return std::unexpected(row.error());
    return *row && !q->isNull(0) ? q->int64(0) : 0;
}

// The index holds every sentence with id <= maxId (rows of them) when `present`; a deletion
// of sentences removes the state (schema trigger), so a present state means rows were only added.
struct IndexedState {
    bool present = false;
    std::int64_t maxId = 0, rows = 0;
};

Expected<IndexedState> indexedState(Store& store) {
    auto q = store.prepare("SELECT max_id, rows FROM text_index_state WHERE id = 1");
    if (!q) return std::unexpected(q.error());
    auto row = q->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return IndexedState{};
    return IndexedState{true, q->int64(0), q->int64(1)};
}

}  // namespace

Expected<TextIndexStatus> textIndexStatus(Store& store) {
    auto state = indexedState(store);
    if (!state) return std::unexpected(state.error());
    auto total = scalar(store, "SELECT count(*) FROM sentences");
    if (!total) return std::unexpected(total.error());
    auto maxId = scalar(store, "SELECT max(id) FROM sentences");
    if (!maxId) return std::unexpected(maxId.error());
    return TextIndexStatus{state->rows, *total, state->present && state->rows == *total && state->maxId == *maxId};
}

Expected<std::int64_t> updateTextIndex(Store& store, ProgressSink& progress, const CancelToken& cancel) {
    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());
    auto state = indexedState(store);
    if (!state) return std::unexpected(state.error());
    if (!state->present) {  // never built, or sentences went away: start again
        if (auto s = store.exec("INSERT INTO sentence_text(sentence_text) VALUES('delete-all')"); !s)
            return std::unexpected(s.error());
        *state = {};
    }
    auto todo = scalar(store, "SELECT count(*) FROM sentences WHERE id > ?", state->maxId);
    if (!todo) return std::unexpected(todo.error());
    progress.stage("Indexing the sentences for full-text search");
    auto next = store.prepare("SELECT max(id) FROM (SELECT id FROM sentences WHERE id > ?1 ORDER BY id LIMIT ?2)");
    auto insert = store.prepare(
        "INSERT INTO sentence_text(rowid, src, tgt) SELECT id, src, tgt FROM sentences WHERE id > ?1 AND id <= ?2");
    if (!next) return std::unexpected(next.error());
    if (!insert) return std::unexpected(insert.error());
    std::int64_t done = 0, from = state->maxId;
    while (done < *todo) {
        if (cancel.isCancelled()) return cancelled();  // the transaction rolls back
        next->reset();
        next->bind(1, from).bind(2, kIndexBatch);
        auto row = next->step();
        if (!row) return std::unexpected(row.error());
        const std::int64_t to = next->int64(0);
        insert->bind(1, from).bind(2, to);
        if (auto s = insert->run(); !s) return std::unexpected(s.error());
        done += std::min(kIndexBatch, *todo - done);
        from = to;
        progress.progress(done, *todo);
    }
    auto rows = scalar(store, "SELECT count(*) FROM sentences");
    if (!rows) return std::unexpected(rows.error());
    auto record = store.prepare("INSERT OR REPLACE INTO text_index_state(id, max_id, rows) VALUES(1, ?, ?)");
    if (!record) return std::unexpected(record.error());
    record->bind(1, std::max(from, state->maxId)).bind(2, *rows);
    if (auto s = record->run(); !s) return std::unexpected(s.error());
    if (auto s = tx->commit(); !s) return std::unexpected(s.error());
    return *todo;
}

std::string ftsQuery(std::string_view text) {
    std::string out, word;
    auto flush = [&] {
        if (word.empty()) return;
        const bool prefix = word.size() > 1 && word.back() == '*';
        if (prefix) word.pop_back();
        if (!out.empty()) out += ' ';
        out += '"';
        for (char c : word) out += c == '"' ? std::string("\"\"") : std::string(1, c);
        out += prefix ? "\"*" : "\"";
        word.clear();
    };
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') flush();
        else word += c;
    }
    flush();
    return out;
}

Expected<TextMatches> searchText(Store& store, std::int64_t corpusId, std::string_view text, std::int64_t limit) {
    const std::string query = ftsQuery(text);
    if (query.empty()) return fail(ErrorCode::EmptyQuery, {}, "Type a word to search for.", ErrorKind::Usage);
    auto status = textIndexStatus(store);
    if (!status) return std::unexpected(status.error());
    if (!status->current)
        return fail(ErrorCode::TextIndexStale, {},
                    "The full-text index is not up to date; it is brought up to date before a search.");
    auto q = store.prepare(
        "SELECT s.id FROM sentence_text JOIN sentences s ON s.id = sentence_text.rowid "
        "WHERE sentence_text MATCH ?1 AND s.corpus_id = ?2 ORDER BY s.id");
    if (!q) return std::unexpected(q.error());
    q->bind(1, std::string_view(query)).bind(2, corpusId);
    TextMatches m;
    for (;;) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        if (m.total++ < limit) m.sentenceIds.push_back(q->int64(0));
    }
    return m;
}

}  // namespace dl
