#include "OutlierQueries.h"

#include <QHash>

#include "runs/ClusterRunChecks.h"
#include "runs/RunBlobs.h"
#include "store/Statement.h"
#include "store/Store.h"

namespace {

// Every SQL text below is put together in one QString::arg(a, b, ...) call: a chained .arg()
// would read a '%1' inside an inserted label as its own placeholder (labels are user data).
QString sqlQuote(const QString& s) {
    QString q = s;
    q.replace(QLatin1Char('\''), QStringLiteral("''"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

QString text(const dl::Statement& q, int col) {
    const auto t = q.text(col);
    return QString::fromUtf8(t.data(), qsizetype(t.size()));
}

}  // namespace

QString OutlierQuery::mappedCaseFor(const QVector<int>& majority, const QStringList& domains) {
    QString sql = QStringLiteral("CASE r.label");
    for (int c = 0; c < majority.size(); ++c)
        if (majority[c] >= 0 && majority[c] < domains.size())
            sql += QStringLiteral(" WHEN %1 THEN %2").arg(QString::number(c), sqlQuote(domains[majority[c]]));
    return sql + QStringLiteral(" ELSE '' END");
}

QString OutlierQuery::whereClause() const {
    const QString mapped = mappedCase.isEmpty() ? QStringLiteral("''") : mappedCase;
    QStringList w{QStringLiteral("r.run_id = %1").arg(runId)};
    if (!filter.fromDomain.isEmpty()) w << QStringLiteral("s.domain = %1").arg(sqlQuote(filter.fromDomain));
    if (!filter.toDomain.isEmpty()) w << QStringLiteral("(%1) = %2").arg(mapped, sqlQuote(filter.toDomain));
    if (filter.outliersOnly) w << QStringLiteral("s.domain <> '' AND s.domain <> (%1)").arg(mapped);
    if (filter.digits == 1) w << QStringLiteral("s.src GLOB '*[0-9]*'");
    if (filter.digits == 0) w << QStringLiteral("s.src NOT GLOB '*[0-9]*'");
    if (filter.minTokens > 0) w << QStringLiteral("s.src_tokens >= %1").arg(filter.minTokens);
    if (filter.maxTokens > 0) w << QStringLiteral("s.src_tokens <= %1").arg(filter.maxTokens);
    if (filter.cluster >= 0) w << QStringLiteral("r.label = %1").arg(filter.cluster);
    if (!filter.text.isEmpty()) {
        QString like = filter.text;
        like.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
            .replace(QLatin1Char('%'), QStringLiteral("\\%"))
            .replace(QLatin1Char('_'), QStringLiteral("\\_"));
        w << QStringLiteral("s.src LIKE %1 ESCAPE '\\'").arg(sqlQuote(QLatin1Char('%') + like + QLatin1Char('%')));
    }
    return w.join(QStringLiteral(" AND "));
}

dl::Expected<QVector<qint64>> readOutlierIds(dl::Store& store, const OutlierQuery& query,
                                             const dl::CancelToken& cancel) {
    static const char* orderBy[] = {"s.src", "s.domain", "r.label", "mapped", "r.prob", "s.src_tokens"};
    const int key =
        query.sortKey >= 0 && query.sortKey <= OutlierQuery::ByLength ? query.sortKey : OutlierQuery::ByProbability;
    const QString sql = QStringLiteral(
                            "SELECT s.id, %1 AS mapped FROM run_results r JOIN sentences s ON s.id = r.sentence_id "
                            "WHERE %2 ORDER BY %3 %4, s.id")
                            .arg(query.mappedCase.isEmpty() ? QStringLiteral("''") : query.mappedCase,
                                 query.whereClause(), QLatin1String(orderBy[key]),
                                 query.order == Qt::AscendingOrder ? QStringLiteral("ASC") : QStringLiteral("DESC"));
    auto q = store.prepare(sql.toStdString());
    if (!q) return std::unexpected(q.error());
    QVector<qint64> ids;
    for (;;) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        ids.push_back(q->int64(0));
        if (ids.size() % 4096 == 0 && cancel.isCancelled()) return dl::cancelled();
    }
    return ids;
}

dl::Expected<QVector<OutlierRow>> readOutlierRows(dl::Store& store, const OutlierQuery& query,
                                                  const QVector<qint64>& ids, const dl::CancelToken& cancel) {
    QVector<OutlierRow> rows(ids.size());
    if (ids.isEmpty()) return rows;
    QHash<qint64, qsizetype> slot;
    slot.reserve(ids.size());
    for (qsizetype i = 0; i < ids.size(); ++i) slot.insert(ids[i], i);
    constexpr qsizetype kChunk = 500;
    for (qsizetype from = 0; from < ids.size(); from += kChunk) {
        if (cancel.isCancelled()) return dl::cancelled();
        QString in;
        for (qsizetype i = from; i < std::min(ids.size(), from + kChunk); ++i) {
            if (i > from) in += QLatin1Char(',');
            in += QString::number(ids[i]);
        }
        // Primary-key lookups on run_results(run_id, sentence_id) and sentences(id).
        const QString sql = QStringLiteral(
                                "SELECT s.id, s.src, s.domain, r.label, %1, r.prob, s.src_tokens "
                                "FROM run_results r JOIN sentences s ON s.id = r.sentence_id "
                                "WHERE r.run_id = %2 AND r.sentence_id IN (%3)")
                                .arg(query.mappedCase.isEmpty() ? QStringLiteral("''") : query.mappedCase,
                                     QString::number(query.runId), in);
        auto q = store.prepare(sql.toStdString());
        if (!q) return std::unexpected(q.error());
        for (;;) {
            auto row = q->step();
            if (!row) return std::unexpected(row.error());
            if (!*row) break;
            const qint64 id = q->int64(0);
            auto it = slot.constFind(id);
            if (it == slot.constEnd()) continue;
            const std::int64_t label = q->int64(3);
            if (query.k > 0 && (label < 0 || label >= query.k))  // shown as a cluster that does not exist
                return dl::storedDataInvalid(query.runId, dl::blobs::kLabels,
                                             "gives sentence " + std::to_string(id) + " the cluster " +
                                                 std::to_string(label) +
                                                 "; the run has k = " + std::to_string(query.k));
            rows[*it] = OutlierRow{id, text(*q, 1), text(*q, 2), text(*q, 4), int(label), q->real(5), int(q->int64(6))};
        }
    }
    for (qsizetype i = 0; i < ids.size(); ++i)
        if (rows[i].id != ids[i])
            return dl::fail("Sentence " + std::to_string(ids[i]) + " of run " + std::to_string(query.runId) +
                            " is no longer in the project " + store.path() + ".");
    return rows;
}
