#pragma once
// Per-sentence values the map (the clustering scatter) can be coloured by: the sentence
// length, and whatever the project's runs of the same corpus stored per sentence —
// selection scores, classifier probabilities, GMM max responsibilities and log-likelihoods,
// what a filter run removed (1 removed, 0 kept) and its score (removed sentences only), and
// the sentences' free tags (1 tagged, 0 not; store/Tags.h).
// Both functions open their own read-only connection: run them off the GUI thread.
#include <QList>
#include <QPair>
#include <QString>
#include <QVector>

#include "MixtureViewData.h"
#include "common/Error.h"

struct MapValueSource {
    enum class Field { Length, Score, Probability, LogLikelihood, Removed, Tag, Lambda };
    qint64 runId = 0;  // 0 for the sentence length (no run)
    Field field = Field::Length;
    QString label;     // colour bar title, e.g. "Run #4 cosine: score"
    QString tag;       // Field::Tag: the tag; Field::Lambda: "lambda_t", "lambda_0" or "final"
    QString mixture;   // Field::Lambda: the kit, training folder or MDAC state (readMixtureView)
    bool operator==(const MapValueSource& o) const {
        return runId == o.runId && field == o.field && tag == o.tag && mixture == o.mixture;
    }
};

// What a mixture over the clusters of cluster run `runId` (MixtureViewData::clusterRun) lets the
// map be coloured by: lambda^t, lambda_0 and, when a trajectory was read, its last lambda.
QList<MapValueSource> lambdaValueSources(const MixtureViewData& mixture, const QString& path, qint64 runId);
// Per point, the weight `which` ("lambda_t", "lambda_0", "final") of its cluster's group "c<j>"
// (`clusters`: the map's cluster per point); NaN where the cluster is not a group of the mixture.
QVector<double> lambdaMapValues(const MixtureViewData& mixture, const QString& which, const QVector<int>& clusters);

// What the map of clustering run `clusterRunId` can be coloured by (its corpus's runs, newest
// first, then the sentence length).
dl::Expected<QList<MapValueSource>> readMapValueSources(const QString& projectPath, qint64 clusterRunId);

// The values of `source` for the sentences `ids` (the map's points, in its order); NaN where
// a sentence has none (not in that run's pool, or excluded from its ranking). Removed: 1 for a
// sentence the filter run removed, 0 for every other point.
// A filter run's links on the map: (row of a removed sentence, row of the kept sentence it
// duplicates) for the pairs whose both ends are points of the map (`ids`, in its order); at most
// `limit` (the first by removed sentence id). Runs without twins (langid, bitext) have none.
dl::Expected<QVector<QPair<qint64, qint64>>> readFilterLinks(const QString& projectPath, qint64 filterRunId,
                                                             const QVector<qint64>& ids, int limit);

dl::Expected<QVector<double>> readMapValues(const QString& projectPath, const MapValueSource& source,
                                            const QVector<qint64>& ids);
