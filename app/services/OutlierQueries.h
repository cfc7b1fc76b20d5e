#pragma once
// The SQL behind the outlier browser, as plain functions over a Store (no QObject), so the
// model can run them off the GUI thread. A filter + sort becomes one "snapshot" query that
// returns the matching sentence ids in display order (its size is the row count: no separate
// COUNT(*)); pages are then read by primary key (run_id, sentence_id) for the ids a page
// holds, so scrolling to row 1,000,000 costs the same as row 0 (no OFFSET scans).
#include <QString>
#include <QStringList>
#include <QVector>
#include <Qt>

#include "common/Error.h"
#include "jobs/Progress.h"

namespace dl {
class Store;
}

struct OutlierFilter {
    QString fromDomain;      // true domain ("" = any)
    QString toDomain;        // mapped domain of the assigned cluster ("" = any)
    bool outliersOnly = true;  // true domain differs from the mapped one
    int digits = -1;         // -1 any, 1 with digits, 0 without
    int minTokens = 0, maxTokens = 0;  // 0 = no bound
    QString text;            // substring of the sentence
    int cluster = -1;        // -1 any
};

struct OutlierRow {
    qint64 id = 0;
    QString text, domain, mapped;
    int cluster = -1;
    double prob = 0;
    int tokens = 0;
};

// Everything a query needs, copied by value to the reader thread.
struct OutlierQuery {
    enum SortKey { BySentence, ByDomain, ByCluster, ByMapped, ByProbability, ByLength };
    qint64 runId = 0;
    int k = 0;           // the run's clusters: a stored label outside 0..k-1 fails the read (0: not checked)
    QString mappedCase;  // SQL CASE mapping a cluster label to its domain's name
    OutlierFilter filter;
    int sortKey = ByProbability;
    Qt::SortOrder order = Qt::AscendingOrder;

    // Builds mappedCase from the run's majority mapping (cluster -> domain index).
    static QString mappedCaseFor(const QVector<int>& majority, const QStringList& domains);
    QString whereClause() const;
};

// Matching sentence ids in display order (ties broken by id). A set `cancel` stops the read
// early (dl::cancelled()); it is polled between rows, so SQLite's sort itself runs to its end.
dl::Expected<QVector<qint64>> readOutlierIds(dl::Store& store, const OutlierQuery& query,
                                             const dl::CancelToken& cancel = {});
// The rows of `ids` (of the query's run), in the order of `ids`; `cancel` is polled per chunk.
dl::Expected<QVector<OutlierRow>> readOutlierRows(dl::Store& store, const OutlierQuery& query,
                                                  const QVector<qint64>& ids, const dl::CancelToken& cancel = {});
