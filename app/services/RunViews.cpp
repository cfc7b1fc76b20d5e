#include "RunViews.h"

#include <QObject>

#include <cmath>
#include <map>

#include "ErrorText.h"
#include "analysis/Metrics.h"
#include "export/Export.h"
#include "runs/ClusterRunChecks.h"
#include "runs/ClusterSummary.h"
#include "runs/ClusterSweepSummary.h"
#include "runs/RunBlobs.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Statement.h"
#include "store/Store.h"

namespace {}  // namespace

dl::Expected<ClusterViewData> readClusterView(const QString& projectPath, qint64 runId, const dl::CancelToken& cancel) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto run = dl::getRun(**store, runId);
    if (!run) return std::unexpected(run.error());
    if (run->kind == dl::RunKind::Assign) return readAssignView(projectPath, runId, cancel);
    if (run->kind != dl::RunKind::Cluster)
        return dl::fail("Run " + std::to_string(runId) + " is not a clustering run.");
    auto xy = dl::getRunArray<float>(**store, runId, dl::blobs::kPca2d);
    auto ids = dl::getRunArray<std::int64_t>(**store, runId, dl::blobs::kSentenceIds);
    if (!xy || !ids) return dl::fail("Run " + std::to_string(runId) + " has no 2-D projection stored.");
    auto domainIndex = dl::getRunArray<std::int32_t>(**store, runId, dl::blobs::kDomainIndex);
    if (cancel.isCancelled()) return dl::cancelled();
    auto results = dl::readRunResults(**store, runId);
    if (!results) return std::unexpected(results.error());
    if (cancel.isCancelled()) return dl::cancelled();
    auto summary = dl::ClusterSummary::fromJson(run->summary, runId);
    if (!summary) return std::unexpected(summary.error());
    const dl::ClusterSummary& s = *summary;
    // Every stored number below becomes an index, a size or a loop bound (runs/ClusterRunChecks.h).
    const auto n = std::int64_t(ids->size());
    if (auto ok = dl::checkClusterCount(s.k, n, runId); !ok) return std::unexpected(ok.error());
    if (auto ok = dl::checkMapCoordinates(*xy, *ids, runId); !ok) return std::unexpected(ok.error());
    if (auto ok = dl::checkClusterLabels(results->label, results->sentenceIds, s.k, runId); !ok)
        return std::unexpected(ok.error());
    if (domainIndex && std::int64_t(domainIndex->size()) != n)
        return dl::storedDataInvalid(
            runId, dl::blobs::kDomainIndex,
            "holds " + std::to_string(domainIndex->size()) + " values for " + std::to_string(n) + " sentences");
    ClusterViewData d;
    d.runId = runId;
    for (const auto& name : s.domains) d.domainNames << QString::fromStdString(name);
    const int k = s.k;
    const std::vector<int>& majority = s.majority;
    for (int c = 0; c < k; ++c) {
        const int m = c < int(majority.size()) ? majority[c] : -1;
        d.majority << m;
        d.clusterNames << (m >= 0 && m < d.domainNames.size() ? QStringLiteral("c%1 → %2").arg(c).arg(d.domainNames[m])
                                                              : QStringLiteral("c%1").arg(c));
    }
    std::map<std::int64_t, int> labelOf;
    for (std::size_t i = 0; i < results->sentenceIds.size(); ++i) {
        labelOf[results->sentenceIds[i]] = results->label[i];
        if (i % 65536 == 0 && cancel.isCancelled()) return dl::cancelled();
    }
    d.scatter.x.resize(n);
    d.scatter.y.resize(n);
    d.scatter.ids = QVector<qint64>(ids->begin(), ids->end());
    d.scatter.category.resize(n);
    d.clusterLabels.resize(n);
    for (std::int64_t i = 0; i < n; ++i) {
        d.scatter.x[i] = (*xy)[2 * i];
        d.scatter.y[i] = (*xy)[2 * i + 1];
        // A domain index outside the names draws as "uncategorised", as a row without a domain.
        const int domain = domainIndex ? (*domainIndex)[i] : -1;
        d.scatter.category[i] = domain >= 0 && domain < d.domainNames.size() ? domain : -1;
        auto it = labelOf.find((*ids)[i]);
        d.clusterLabels[i] = it == labelOf.end() ? -1 : it->second;
    }
    d.scatter.categoryNames = d.domainNames;
    auto means = dl::getRunArray<double>(**store, runId, dl::blobs::kMeans2d);
    auto covs = dl::getRunArray<double>(**store, runId, dl::blobs::kCovs2d);
    if (means && covs && int(means->size()) == 2 * k && int(covs->size()) == 4 * k)
        for (int c = 0; c < k; ++c)
            d.ellipses.push_back(
                {(*means)[2 * c], (*means)[2 * c + 1], (*covs)[4 * c], (*covs)[4 * c + 1], (*covs)[4 * c + 3], c});
    d.labelled = s.labelled;
    if (d.labelled && !s.confusion.empty()) {
        d.confusion.rowNames = d.domainNames;
        d.confusion.colNames = d.clusterNames;
        for (const auto& row : s.confusion) d.confusion.counts << QVector<qint64>(row.begin(), row.end());
        d.metrics = QObject::tr("Purity %1 ± %2 % · NMI %3 · ARI %4 · random baseline %5 % (%6 seeds)")
                        .arg(100 * s.purity.mean, 0, 'f', 2)
                        .arg(100 * s.purity.std, 0, 'f', 2)
                        .arg(s.nmi.mean, 0, 'f', 3)
                        .arg(s.ari.mean, 0, 'f', 3)
                        .arg(100 * s.randomPurity.mean, 0, 'f', 2)
                        .arg(s.perSeed.size());
    }
    d.title = QObject::tr("Run #%1: k = %2, %3 covariance, %4 sentences")
                  .arg(QString::number(runId), QString::number(k), QString::fromStdString(s.covariance),
                       QString::number(n));  // one pass: stored text is never read as a placeholder
    return d;
}

namespace {

// What the run's summary says about how it departs from its paper and which text it scored
// (contrast's sides); the stored JSON is read defensively (a project file is untrusted input).
QString selectionReportNote(const nlohmann::json& summary) {
    QString note;
    if (!summary.is_object() || !summary.contains("report") || !summary["report"].is_object()) return note;
    const auto& report = summary["report"];
    auto text = [](const nlohmann::json& j, const char* key) {
        return j.is_object() && j.contains(key) && j[key].is_string()
                   ? QString::fromStdString(j[key].get<std::string>())
                   : QString();
    };
    const QString sides = text(report, "sides");
    if (sides == QLatin1String("src+tgt")) note += QObject::tr(", both sides (bilingual contrast)");
    else if (sides == QLatin1String("tgt")) note += QObject::tr(", target side");
    if (report.contains("departures") && report["departures"].is_array())
        for (const auto& d : report["departures"])
            if (!text(d, "what").isEmpty())
                note += QObject::tr("; departs from the paper: %1 = %2 (paper: %3)")
                            .arg(text(d, "what"), text(d, "here"), text(d, "paper"));
    return note;
}

}  // namespace

dl::Expected<SelectionViewData> readSelectionView(const QString& projectPath, qint64 runId) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto run = dl::getRun(**store, runId);
    if (!run) return std::unexpected(run.error());
    if (run->kind != dl::RunKind::Select) return dl::fail("Run " + std::to_string(runId) + " is not a selection run.");
    auto results = dl::readRunResults(**store, runId);
    if (!results) return std::unexpected(results.error());
    SelectionViewData d;
    d.runId = runId;
    d.method = QString::fromStdString(run->params.value("method", std::string("?")));
    const auto seed = QString::fromStdString(run->params.value("seed", std::string()));
    if (seed.contains(QLatin1Char(':'))) d.inDomain = seed.section(QLatin1Char(':'), 1, 1);
    // Sentences excluded from the ranking (seed sentences found in the pool: NaN score) were
    // never candidates; the panel shows the ranked ones only.
    for (std::size_t i = 0; i < results->score.size(); ++i) {
        if (std::isnan(results->score[i])) {
            ++d.excluded;
            continue;
        }
        d.scores << results->score[i];
        d.ids << results->sentenceIds[i];
        d.storedCut += results->label[i] == 1;
    }
    if (!d.inDomain.isEmpty()) {
        std::map<std::int64_t, bool> rel;
        auto st = dl::forEachSentence(**store, run->corpusId, 0, [&](const dl::Sentence& s) {
            rel[s.id] = QString::fromStdString(s.domain) == d.inDomain;
            return true;
        });
        if (!st) return std::unexpected(st.error());
        for (auto id : d.ids) d.relevant << rel[id];
    }
    d.ranking.setScores(d.scores, true);
    d.ranking.setLabels(d.relevant);
    // A failed read of the decisions is an error, not "no decisions": export applies them.
    auto decided = dl::overrides(**store, runId);
    if (!decided) return std::unexpected(decided.error());
    for (const auto& [id, included] : *decided) d.decisions.insert(id, included);
    d.title = QObject::tr("Run #%1: %2, seed %3").arg(runId).arg(d.method, seed);
    if (d.excluded) d.title += QObject::tr(" (%1 seed sentences found in the pool are not ranked)").arg(d.excluded);
    d.title += selectionReportNote(run->summary);
    return d;
}

dl::Expected<SweepViewData> readSweepView(const QString& projectPath, qint64 runId) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto run = dl::getRun(**store, runId);
    if (!run) return std::unexpected(run.error());
    SweepViewData d;
    d.runId = runId;
    auto summary = dl::ClusterSweepSummary::fromJson(run->summary, runId);
    if (!summary) return std::unexpected(summary.error());
    SweepSeries bic{QStringLiteral("BIC"), {}}, aic{QStringLiteral("AIC"), {}};
    for (const auto& p : summary->points) {
        d.ks << p.k;
        bic.y << p.bic;
        aic.y << p.aic;
    }
    d.series = {bic, aic};
    return d;
}

dl::Expected<RunComparison> compareClusterRuns(const QString& projectPath, qint64 runA, qint64 runB) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto a = dl::getRun(**store, runA);
    auto b = dl::getRun(**store, runB);
    if (!a) return std::unexpected(a.error());
    if (!b) return std::unexpected(b.error());
    if (a->kind != dl::RunKind::Cluster || b->kind != dl::RunKind::Cluster)
        return dl::usageError("Both runs must be clustering runs.");
    if (a->corpusId != b->corpusId) return dl::usageError("The two runs cluster different corpora.");
    auto ra = dl::readRunResults(**store, runA);
    auto rb = dl::readRunResults(**store, runB);
    if (!ra) return std::unexpected(ra.error());
    if (!rb) return std::unexpected(rb.error());
    std::map<std::int64_t, int> labelB;
    for (std::size_t i = 0; i < rb->sentenceIds.size(); ++i) labelB[rb->sentenceIds[i]] = rb->label[i];
    auto sa = dl::ClusterSummary::fromJson(a->summary, runA);
    auto sb = dl::ClusterSummary::fromJson(b->summary, runB);
    if (!sa) return std::unexpected(sa.error());
    if (!sb) return std::unexpected(sb.error());
    const int ka = sa->k, kb = sb->k;
    RunComparison out;
    dl::Confusion cm;
    cm.domains = ka;
    cm.clusters = kb;
    cm.counts.assign(std::size_t(ka) * kb, 0);
    out.confusion.counts = QVector<QVector<qint64>>(ka, QVector<qint64>(kb, 0));
    for (std::size_t i = 0; i < ra->sentenceIds.size(); ++i) {
        auto it = labelB.find(ra->sentenceIds[i]);
        if (it == labelB.end()) continue;
        const int x = ra->label[i], y = it->second;
        if (x < 0 || y < 0 || x >= ka || y >= kb) continue;
        ++out.confusion.counts[x][y];
        ++cm.counts[std::size_t(x) * kb + y];
    }
    for (int c = 0; c < ka; ++c) out.confusion.rowNames << QObject::tr("#%1 c%2").arg(runA).arg(c);
    for (int c = 0; c < kb; ++c) out.confusion.colNames << QObject::tr("#%1 c%2").arg(runB).arg(c);
    out.metrics = QObject::tr("Run #%1 (k = %2) vs run #%3 (k = %4): NMI %5 · ARI %6 over %7 sentences")
                      .arg(runA)
                      .arg(ka)
                      .arg(runB)
                      .arg(kb)
                      .arg(dl::normalizedMutualInfo(cm), 0, 'f', 3)
                      .arg(dl::adjustedRandIndex(cm), 0, 'f', 3)
                      .arg(cm.total());
    return out;
}

QString sentenceText(const QString& projectPath, qint64 sentenceId) {
    // A dedicated connection per call keeps this free of shared state; it is one lookup.
    static thread_local std::unique_ptr<dl::Store> store;
    static thread_local QString openPath;
    if (!store || openPath != projectPath) {
        auto s = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
        // Errors show in place of the text, never as an empty (plausible-looking) sentence.
        if (!s) return QObject::tr("⚠ cannot read sentence %1: %2").arg(sentenceId).arg(errorText(s.error()));
        store = std::move(*s);
        openPath = projectPath;
    }
    auto rows = dl::sentencesById(*store, {sentenceId});
    if (!rows) return QObject::tr("⚠ cannot read sentence %1: %2").arg(sentenceId).arg(errorText(rows.error()));
    if (rows->empty()) return QObject::tr("⚠ sentence %1 is not in the project").arg(sentenceId);
    const auto& r = rows->front();
    QString text = QString::fromStdString(r.src);
    if (!r.domain.empty()) text = QStringLiteral("[%1] ").arg(QString::fromStdString(r.domain)) + text;
    return text;
}

namespace {
QString labelled(std::string_view domain, std::string_view src) {
    QString text = QString::fromUtf8(src.data(), qsizetype(src.size()));
    if (!domain.empty())
        text = QStringLiteral("[%1] ").arg(QString::fromUtf8(domain.data(), qsizetype(domain.size()))) + text;
    return text;
}
}  // namespace

dl::Expected<QHash<qint64, QString>> sentenceTexts(const QString& projectPath, const QVector<qint64>& ids) {
    QHash<qint64, QString> out;
    if (ids.isEmpty()) return out;
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    constexpr qsizetype kChunk = 500;  // ids per statement: one IN list instead of one query per id
    for (qsizetype from = 0; from < ids.size(); from += kChunk) {
        std::string sql = "SELECT id, domain, src FROM sentences WHERE id IN (";
        for (qsizetype i = from; i < std::min(ids.size(), from + kChunk); ++i) {
            if (i > from) sql += ',';
            sql += std::to_string(ids[i]);  // integers: nothing to escape
        }
        sql += ')';
        auto q = (*store)->prepare(sql);
        if (!q) return std::unexpected(q.error());
        for (;;) {
            auto row = q->step();
            if (!row) return std::unexpected(row.error());
            if (!*row) break;
            out.insert(q->int64(0), labelled(q->text(1), q->text(2)));
        }
    }
    for (auto id : ids)
        if (!out.contains(id))
            return dl::fail("Sentence " + std::to_string(id) + " is not in the project " + projectPath.toStdString() +
                            ".");
    return out;
}
