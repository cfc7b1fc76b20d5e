#include "store/Removals.h"

#include "store/Statement.h"
#include "store/Store.h"

#include <cstdint>

namespace dl {

Status writeRemovals(Store& store, std::int64_t runId, std::span<const Removal> removals) {
    auto q = store.prepare(
        "INSERT INTO run_results(run_id, sentence_id, label, score, prob) VALUES(?1, ?2, nullif(?3, 0), ?4, ?5)");
    if (!q) return std::unexpected(q.error());
    for (const auto& r : removals) {
        q->bind(1, runId).bind(2, r.sentenceId).bind(3, r.keptId).bind(4, r.similarity).bind(5, double(r.rule));
        if (auto s = q->run(); !s) return s;
    }
    return {};
}

Expected<std::unordered_set<std::int64_t>> removedSentenceIds(Store& store, std::int64_t runId) {
    auto q = store.prepare("SELECT sentence_id FROM run_results WHERE run_id = ?1");
    if (!q) return std::unexpected(q.error());
    q->bind(1, runId);
    std::unordered_set<std::int64_t> ids;
    while (true) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        ids.insert(q->int64(0));
    }
    return ids;
}

Expected<FilterExclusion> filterExclusion(Store& store, std::int64_t runId, std::int64_t corpusId,
                                          const std::string& corpusName, const std::string& option) {
    const std::string name = option + ": run " + std::to_string(runId);
    auto run = getRun(store, runId);
    if (!run && run.error().code == ErrorCode::UnknownRun)
        return usageError(option + ": no run " + std::to_string(runId) + " in the project (see `runs`).");
    if (!run) return std::unexpected(run.error());
    if (run->kind != RunKind::Filter)
        return usageError(name + " is a " + toString(run->kind) + " run, not a filter run.");
    if (run->corpusId != corpusId) return usageError(name + " filtered another corpus than '" + corpusName + "'.");
    auto removed = removedSentenceIds(store, run->id);
    if (!removed) return std::unexpected(removed.error());
    // A step of a filter pipeline saw only what its earlier steps kept: theirs go too.
    if (const auto after = run->params.find("after_runs"); after != run->params.end() && after->is_array())
        for (const auto& id : *after) {
            if (!id.is_number_integer()) return fail("Filter run " + std::to_string(run->id) + ": bad after_runs.");
            auto earlier = getRun(store, id.get<std::int64_t>());
            if (!earlier) return std::unexpected(earlier.error());
            if (earlier->kind != RunKind::Filter || earlier->corpusId != corpusId)
                return fail("Filter run " + std::to_string(run->id) + " names run " + std::to_string(earlier->id) +
                            " as an earlier step, which is not a filter run of '" + corpusName + "'.");
            auto more = removedSentenceIds(store, earlier->id);
            if (!more) return std::unexpected(more.error());
            removed->insert(more->begin(), more->end());
        }
    return FilterExclusion{std::move(*run), std::move(*removed)};
}

Expected<std::vector<RemovalRow>> removalPage(Store& store, std::int64_t runId, std::int64_t afterId,
                                              std::int64_t limit) {
    auto q = store.prepare(
        "SELECT r.sentence_id, r.label, r.score, s.position, s.src, coalesce(s.tgt, ''), k.position, k.src, "
        "coalesce(k.tgt, ''), coalesce(r.prob, 0) FROM run_results r JOIN sentences s ON s.id = r.sentence_id "
        "LEFT JOIN sentences k ON k.id = r.label WHERE r.run_id = ?1 AND r.sentence_id > ?2 "
        "ORDER BY r.sentence_id LIMIT ?3");
    if (!q) return std::unexpected(q.error());
    q->bind(1, runId).bind(2, afterId).bind(3, limit);
    std::vector<RemovalRow> rows;
    while (true) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        RemovalRow r;
        r.removal = {q->int64(0), q->isNull(1) ? 0 : q->int64(1), q->isNull(2) ? 0.0 : q->real(2), 0};
        // A rule index from the file: only small whole numbers are one (anything else reads as 0).
        if (const double rule = q->real(9); rule >= 0 && rule < 1024) r.removal.rule = static_cast<int>(rule);
        r.position = q->int64(3);
        r.src = std::string(q->text(4));
        r.tgt = std::string(q->text(5));
        r.keptPosition = q->isNull(6) ? -1 : q->int64(6);
        r.keptSrc = q->isNull(7) ? std::string() : std::string(q->text(7));
        r.keptTgt = std::string(q->text(8));
        rows.push_back(std::move(r));
    }
    return rows;
}

}  // namespace dl
