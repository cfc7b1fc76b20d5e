#include "MapValues.h"

#include <QFileInfo>
#include <QHash>
#include <QObject>

#include <algorithm>
#include <cmath>
#include <vector>

#include "SearchQueries.h"
#include "store/Runs.h"
#include "store/Statement.h"
#include "store/Store.h"
#include "store/Tags.h"

namespace {

using Field = MapValueSource::Field;

const char* column(Field f) {
    switch (f) {
    case Field::Score: return "score";
    case Field::Probability: return "prob";
    case Field::LogLikelihood: return "loglik";
    case Field::Removed: return "1.0";  // a filter run's rows are its removed sentences
    case Field::Tag: return "1.0";
    case Field::Length:
    case Field::Lambda: break;  // not from the project (lambdaMapValues)
    }
    return "src_tokens";
}

// Whether run `runId` stored any non-NULL value in `col` (the first row decides for runs
// that store one for every sentence; a run without any is scanned once, off the GUI thread).
dl::Expected<bool> hasColumn(dl::Store& store, qint64 runId, const char* col) {
    auto q =
        store.prepare(std::string("SELECT 1 FROM run_results WHERE run_id = ?1 AND ") + col + " IS NOT NULL LIMIT 1");
    if (!q) return std::unexpected(q.error());
    q->bind(1, std::int64_t(runId));
    return q->step();
}

}  // namespace

dl::Expected<QList<MapValueSource>> readMapValueSources(const QString& projectPath, qint64 clusterRunId) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto cluster = dl::getRun(**store, clusterRunId);
    if (!cluster) return std::unexpected(cluster.error());
    auto runs = dl::listRuns(**store);
    if (!runs) return std::unexpected(runs.error());
    std::sort(runs->begin(), runs->end(), [](const auto& a, const auto& b) { return a.id > b.id; });
    QList<MapValueSource> out;
    for (const auto& run : *runs) {
        if (run.corpusId != cluster->corpusId) continue;
        const qint64 id = run.id;
        if (run.kind == dl::RunKind::Select) {
            const QString method = QString::fromStdString(run.params.value("method", std::string("?")));
            out.append({id, Field::Score, QObject::tr("Run #%1 %2: score").arg(id).arg(method), {}, {}});
            auto prob = hasColumn(**store, id, "prob");
            if (!prob) return std::unexpected(prob.error());
            if (*prob)
                out.append({id,
                            Field::Probability,
                            QObject::tr("Run #%1 %2: classifier probability").arg(id).arg(method),
                            {},
                            {}});
        } else if (run.kind == dl::RunKind::Cluster) {
            out.append({id, Field::Probability, QObject::tr("Run #%1 GMM: max responsibility").arg(id), {}, {}});
            out.append({id, Field::LogLikelihood, QObject::tr("Run #%1 GMM: log-likelihood").arg(id), {}, {}});
        } else if (run.kind == dl::RunKind::Filter) {
            const QString kind = QString::fromStdString(run.params.value("kind", std::string("?")));
            out.append({id, Field::Removed, QObject::tr("Run #%1 filter %2: removed").arg(id).arg(kind), {}, {}});
            out.append(
                {id, Field::Score, QObject::tr("Run #%1 filter %2: score of the removed").arg(id).arg(kind), {}, {}});
        }
    }
    auto tags = dl::corpusTags(**store, cluster->corpusId);
    if (!tags) return std::unexpected(tags.error());
    for (const auto& [tag, sentences] : *tags) {
        const QString name = QString::fromStdString(tag);
        out.append({0, Field::Tag, QObject::tr("Tag “%1” (%2 sentences)").arg(name).arg(sentences), name, {}});
    }
    out.append({0, Field::Length, QObject::tr("Sentence length (tokens)"), {}, {}});
    return out;
}

dl::Expected<QVector<double>> readMapValues(const QString& projectPath, const MapValueSource& source,
                                            const QVector<qint64>& ids) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    std::string sql;
    std::int64_t key = source.runId;
    if (source.field == Field::Length) {
        // The corpus of the first point: the map shows one corpus.
        if (ids.isEmpty()) return QVector<double>{};
        sql =
            "SELECT id, src_tokens FROM sentences WHERE corpus_id = (SELECT corpus_id FROM sentences WHERE id = ?1) "
            "ORDER BY id";
        key = ids.front();
    } else if (source.field == Field::Tag) {
        sql = "SELECT sentence_id, 1.0 FROM sentence_tags WHERE tag = ?1 ORDER BY sentence_id";
    } else {
        sql = std::string("SELECT sentence_id, ") + column(source.field) +
              " FROM run_results WHERE run_id = ?1 ORDER BY sentence_id";
    }
    auto q = (*store)->prepare(sql);
    if (!q) return std::unexpected(q.error());
    if (source.field == Field::Tag) q->bind(1, std::string_view(source.tag.toStdString()));
    else q->bind(1, key);
    std::vector<std::int64_t> keys;
    std::vector<double> values;
    for (;;) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        keys.push_back(q->int64(0));
        values.push_back(q->isNull(1) ? NAN : q->real(1));
    }
    // Keys come sorted by sentence id: a binary search per point, whatever the map's order.
    const bool flag = source.field == Field::Removed || source.field == Field::Tag;  // 0 for every other point
    QVector<double> out(ids.size(), flag ? 0.0 : NAN);
    for (qsizetype i = 0; i < ids.size(); ++i) {
        auto it = std::lower_bound(keys.begin(), keys.end(), std::int64_t(ids[i]));
        if (it != keys.end() && *it == ids[i]) out[i] = values[std::size_t(it - keys.begin())];
    }
    return out;
}

dl::Expected<QVector<QPair<qint64, qint64>>> readFilterLinks(const QString& projectPath, qint64 filterRunId,
                                                             const QVector<qint64>& ids, int limit) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto q = (*store)->prepare(
        "SELECT sentence_id, label FROM run_results WHERE run_id = ?1 AND label IS NOT NULL ORDER BY sentence_id");
    if (!q) return std::unexpected(q.error());
    q->bind(1, std::int64_t(filterRunId));
    const RowsById rows = rowsById(ids);
    QVector<QPair<qint64, qint64>> out;
    while (out.size() < limit) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        const qint64 removed = rowOfSentence(rows, q->int64(0)), kept = rowOfSentence(rows, q->int64(1));
        if (removed >= 0 && kept >= 0) out.append({removed, kept});
    }
    return out;
}

QList<MapValueSource> lambdaValueSources(const MixtureViewData& mixture, const QString& path, qint64 runId) {
    if (runId <= 0 || mixture.clusterRun != runId) return {};
    const QString name = QFileInfo(mixture.kit.isEmpty() ? path : mixture.kit).fileName();
    const auto any = [&](double MixtureGroupRow::*field) {
        return std::any_of(mixture.groups.begin(), mixture.groups.end(),
                           [field](const MixtureGroupRow& r) { return std::isfinite(r.*field); });
    };
    QList<MapValueSource> out;
    if (any(&MixtureGroupRow::lambdaT))
        out.append({runId, Field::Lambda, QObject::tr("Mixture %1: λ^t of the cluster").arg(name),
                    QStringLiteral("lambda_t"), path});
    if (any(&MixtureGroupRow::lambda0))
        out.append({runId, Field::Lambda, QObject::tr("Mixture %1: λ_0 of the cluster").arg(name),
                    QStringLiteral("lambda_0"), path});
    if (any(&MixtureGroupRow::lambdaFinal))
        out.append({runId, Field::Lambda, QObject::tr("Mixture %1: last λ of the trajectory").arg(name),
                    QStringLiteral("final"), path});
    return out;
}

QVector<double> lambdaMapValues(const MixtureViewData& mixture, const QString& which, const QVector<int>& clusters) {
    // The weight of each cluster j from its group "c<j>", looked up once per cluster.
    QHash<int, double> byCluster;
    for (const auto& r : mixture.groups) {
        if (!r.name.startsWith(QLatin1Char('c'))) continue;
        bool ok = false;
        const int j = r.name.mid(1).toInt(&ok);
        if (!ok || j < 0 || QStringLiteral("c%1").arg(j) != r.name) continue;
        byCluster.insert(j, which == QLatin1String("lambda_t")   ? r.lambdaT
                            : which == QLatin1String("lambda_0") ? r.lambda0
                                                                 : r.lambdaFinal);
    }
    QVector<double> out(clusters.size(), NAN);
    for (qsizetype i = 0; i < clusters.size(); ++i) out[i] = byCluster.value(clusters[i], NAN);
    return out;
}
