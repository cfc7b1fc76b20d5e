#pragma once
// The reads and the job behind the Search tab, as plain data (any thread): full-text matches
// of a clustering run's corpus, the job that brings the full-text index up to date, and the
// job that encodes a sentence on the worker and finds its nearest stored sentences. Map
// positions come from the run's own points (sentence id -> row of ScatterData).
#include <QPointF>
#include <QString>
#include <QVector>

#include <memory>
#include <utility>
#include <vector>

#include "JobRunner.h"
#include "ScatterData.h"
#include "SearchHitModel.h"
#include "common/Error.h"
#include "reports/SentenceQueryCache.h"

// (sentence id, row of the map) sorted by id: built once per shown run, then shared read-only.
using RowsById = std::vector<std::pair<qint64, qint64>>;
RowsById rowsById(const QVector<qint64>& ids);
qint64 rowOfSentence(const RowsById& rows, qint64 sentenceId);  // -1 when not on the map

struct TextSearchResult {
    bool indexStale = false;  // the index must be brought up to date first (a job)
    qint64 total = 0;         // matches in the corpus
    QVector<SearchHit> hits;  // the first ones, with texts
    QVector<QPointF> points;  // every match on the map (up to the cap)
};
// Matches of `words` in the corpus of cluster run `runId`: `listed` with texts, up to
// `drawn` positions on the map.
dl::Expected<TextSearchResult> readTextSearch(const QString& projectPath, qint64 runId, const QString& words,
                                              const ScatterData& map, std::shared_ptr<const RowsById> rows, int listed,
                                              int drawn);

// Brings the project's full-text index up to date (a write: JobRunner).
JobRunner::Body makeTextIndexJob(const QString& projectPath);

struct NeighbourResult {
    QString sentence;
    bool placed = false;
    QPointF at;                 // where the sentence lands on the map (when placed)
    QString note;               // why it is not placed
    QVector<SearchHit> hits;    // nearest stored sentences, best first
    QVector<QPointF> points;    // those of them on the map
    qint64 searched = 0;        // stored vectors compared
};
// Encodes `sentence` with the run's model and finds its `k` nearest stored sentences (JobRunner:
// the worker owns the compute device). The result is left in `out` for the job's Done callback.
// `cache` keeps the set's vectors and the encoder for the next look-up (the job runs on the
// runner's one worker, so one look-up at a time uses it); null = nothing kept.
JobRunner::Body makeNeighbourJob(const QString& projectPath, qint64 runId, const QString& sentence, int k,
                                 const ScatterData& map, std::shared_ptr<const RowsById> rows,
                                 std::shared_ptr<NeighbourResult> out,
                                 std::shared_ptr<dl::SentenceQueryCache> cache = nullptr);
