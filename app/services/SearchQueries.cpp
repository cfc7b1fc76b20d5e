#include "SearchQueries.h"

#include <algorithm>

#include "reports/SentenceQuery.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "store/TextSearch.h"

namespace {

// Texts and domains of `ids` (in that order), with their place on the map.
dl::Expected<QVector<SearchHit>> hitsFor(dl::Store& store, const std::vector<std::int64_t>& ids, const RowsById& rows) {
    auto sentences = dl::sentencesById(store, ids);
    if (!sentences) return std::unexpected(sentences.error());
    QHash<qint64, const dl::Sentence*> byId;
    for (const auto& s : *sentences) byId.insert(s.id, &s);
    QVector<SearchHit> hits;
    for (auto id : ids) {
        SearchHit h;
        h.sentenceId = id;
        if (const auto* s = byId.value(id)) {
            h.domain = QString::fromStdString(s->domain);
            h.text = QString::fromStdString(s->src);
        }
        h.onMap = rowOfSentence(rows, id) >= 0;
        hits.append(h);
    }
    return hits;
}

QPointF pointOf(const ScatterData& map, qint64 row) { return {map.x[row], map.y[row]}; }

}  // namespace

RowsById rowsById(const QVector<qint64>& ids) {
    RowsById rows;
    rows.reserve(std::size_t(ids.size()));
    for (qsizetype i = 0; i < ids.size(); ++i) rows.emplace_back(ids[i], i);
    std::sort(rows.begin(), rows.end());
    return rows;
}

qint64 rowOfSentence(const RowsById& rows, qint64 sentenceId) {
    auto it = std::lower_bound(rows.begin(), rows.end(), std::pair<qint64, qint64>(sentenceId, -1));
    return it != rows.end() && it->first == sentenceId ? it->second : -1;
}

dl::Expected<TextSearchResult> readTextSearch(const QString& projectPath, qint64 runId, const QString& words,
                                              const ScatterData& map, std::shared_ptr<const RowsById> rows, int listed,
                                              int drawn) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    TextSearchResult r;
    auto status = dl::textIndexStatus(**store);
    if (!status) return std::unexpected(status.error());
    if (!status->current) {
        r.indexStale = true;
        return r;
    }
    auto run = dl::getRun(**store, runId);
    if (!run) return std::unexpected(run.error());
    auto found = dl::searchText(**store, run->corpusId, words.toStdString(), std::max(listed, drawn));
    if (!found) return std::unexpected(found.error());
    r.total = found->total;
    const std::vector<std::int64_t> first(
        found->sentenceIds.begin(),
        found->sentenceIds.begin() + std::min<std::ptrdiff_t>(listed, std::ptrdiff_t(found->sentenceIds.size())));
    auto hits = hitsFor(**store, first, *rows);
    if (!hits) return std::unexpected(hits.error());
    r.hits = std::move(*hits);
    for (std::size_t i = 0; i < found->sentenceIds.size() && r.points.size() < drawn; ++i)
        if (const qint64 row = rowOfSentence(*rows, found->sentenceIds[i]); row >= 0)
            r.points.append(pointOf(map, row));
    return r;
}

JobRunner::Body makeTextIndexJob(const QString& projectPath) {
    return [projectPath](dl::ProgressSink& progress, const dl::CancelToken& cancel) -> dl::Status {
        auto store = dl::Store::open(projectPath.toStdString());
        if (!store) return std::unexpected(store.error());
        auto indexed = dl::updateTextIndex(**store, progress, cancel);
        if (!indexed) return std::unexpected(indexed.error());
        progress.info("Full-text index: " + std::to_string(*indexed) + " sentences indexed.");
        return {};
    };
}

JobRunner::Body makeNeighbourJob(const QString& projectPath, qint64 runId, const QString& sentence, int k,
                                 const ScatterData& map, std::shared_ptr<const RowsById> rows,
                                 std::shared_ptr<NeighbourResult> out, std::shared_ptr<dl::SentenceQueryCache> cache) {
    return [=](dl::ProgressSink& progress, const dl::CancelToken& cancel) -> dl::Status {
        auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
        if (!store) return std::unexpected(store.error());
        dl::SentenceQueryParams p;
        p.runId = runId;
        p.texts = {sentence.toStdString()};
        p.k = k;
        auto r = dl::querySentences(p, **store, progress, cancel, cache.get());
        if (!r) return std::unexpected(r.error());
        const auto& placed = r->sentences.front();
        out->sentence = sentence;
        out->placed = placed.placed;
        out->at = QPointF(placed.x, placed.y);
        out->note = QString::fromStdString(r->note);
        out->searched = r->searched;
        std::vector<std::int64_t> ids;
        for (const auto& n : placed.neighbours) ids.push_back(n.sentenceId);
        auto hits = hitsFor(**store, ids, *rows);
        if (!hits) return std::unexpected(hits.error());
        for (qsizetype i = 0; i < hits->size(); ++i) {
            (*hits)[i].cosine = placed.neighbours[std::size_t(i)].cosine;
            if (const qint64 row = rowOfSentence(*rows, (*hits)[i].sentenceId); row >= 0)
                out->points.append(pointOf(map, row));
        }
        out->hits = std::move(*hits);
        return {};
    };
}
