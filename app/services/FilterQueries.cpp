#include "FilterQueries.h"

#include "ProjectQueries.h"
#include "runs/FilterSummary.h"
#include "store/Removals.h"
#include "store/Runs.h"
#include "store/Statement.h"
#include "store/Store.h"

namespace {

// Sentences of the corpus per group (a domain, a cluster) and those of them the filter kept.
// `sql` selects (group, all, kept) with ?1 = the filter run and ?2 = the grouping's key.
dl::Expected<QList<ShareRow>> shares(dl::Store& store, const char* sql, std::int64_t filterRun, std::int64_t key,
                                     const QString& prefix, const dl::CancelToken& cancel) {
    auto q = store.prepare(sql);
    if (!q) return std::unexpected(q.error());
    q->bind(1, filterRun).bind(2, key);
    QList<ShareRow> out;
    while (true) {
        if (cancel.isCancelled()) return dl::cancelled();
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        ShareRow r;
        r.name = q->isNull(0) ? QString() : prefix + QString::fromUtf8(q->text(0).data(), qsizetype(q->text(0).size()));
        r.before = q->int64(1);
        r.after = q->int64(2);
        out << r;
    }
    return out;
}

// The cluster run whose clusters the composition counts: the one semantic-dup used, else the
// corpus's latest cluster or assign run (0 = none).
dl::Expected<std::int64_t> compositionClusterRun(dl::Store& store, const dl::RunInfo& run,
                                                 const dl::FilterSummary& summary) {
    if (summary.details.is_object())
        if (const auto it = summary.details.find("cluster_run"); it != summary.details.end() && it->is_number_integer())
            return it->get<std::int64_t>();
    auto q = store.prepare(
        "SELECT id FROM runs WHERE corpus_id = ?1 AND kind IN ('cluster', 'assign') ORDER BY id DESC LIMIT 1");
    if (!q) return std::unexpected(q.error());
    q->bind(1, run.corpusId);
    auto row = q->step();
    if (!row) return std::unexpected(row.error());
    return *row ? q->int64(0) : std::int64_t{0};
}

double numberAt(const nlohmann::json& params, const char* key) {
    const auto it = params.find(key);
    return it != params.end() && it->is_number() ? it->get<double>() : qQNaN();
}

}  // namespace

dl::Expected<FilterViewData> readFilterView(const QString& projectPath, qint64 runId, const dl::CancelToken& cancel) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto run = dl::getRun(**store, runId);
    if (!run) return std::unexpected(run.error());
    if (run->kind != dl::RunKind::Filter)
        return std::unexpected(dl::usageError("Run " + std::to_string(runId) + " is not a filter run."));
    auto summary = dl::FilterSummary::fromJson(run->summary, runId);
    if (!summary) return std::unexpected(summary.error());
    FilterViewData d;
    d.runId = runId;
    d.kind = QString::fromStdString(run->params.value("kind", std::string()));
    d.corpus = QString::fromStdString(summary->corpus);
    d.parameters = paramsInWords(run->params);
    d.sentences = summary->sentences;
    d.kept = summary->kept;
    d.removed = summary->removed;
    for (const auto& r : summary->rules)
        d.rules << FilterRuleRow{QString::fromStdString(r.rule), r.input, r.kept, r.removed, r.failed, r.groups};

    auto domains = shares(**store,
                          "SELECT s.domain, count(*), count(*) - count(r.sentence_id) FROM sentences s "
                          "LEFT JOIN run_results r ON r.run_id = ?1 AND r.sentence_id = s.id "
                          "WHERE s.corpus_id = ?2 GROUP BY s.domain ORDER BY count(*) DESC, s.domain",
                          runId, run->corpusId, QString(), cancel);
    if (!domains) return std::unexpected(domains.error());
    d.domains = std::move(*domains);
    auto clusterRun = compositionClusterRun(**store, *run, *summary);
    if (!clusterRun) return std::unexpected(clusterRun.error());
    if (*clusterRun > 0) {
        auto clusters = shares(**store,
                               "SELECT c.label, count(*), count(*) - count(r.sentence_id) FROM run_results c "
                               "LEFT JOIN run_results r ON r.run_id = ?1 AND r.sentence_id = c.sentence_id "
                               "WHERE c.run_id = ?2 AND c.label IS NOT NULL GROUP BY c.label ORDER BY c.label",
                               runId, *clusterRun, QObject::tr("Cluster "), cancel);
        if (!clusters) return std::unexpected(clusters.error());
        d.clusterRun = *clusterRun;
        d.clusters = std::move(*clusters);
    }

    // The one score each removal of these kinds carries, and the threshold it crossed.
    if (d.kind == QLatin1String("near-dup") || d.kind == QLatin1String("decontaminate")) {
        d.threshold = numberAt(run->params, "threshold");
        d.scoreLabel = QObject::tr("Jaccard similarity to the kept twin");
    } else if (d.kind == QLatin1String("semantic-dup")) {
        d.threshold = 1.0 - numberAt(run->params, "eps");
        d.scoreLabel = QObject::tr("Cosine to the kept twin");
    } else if (d.kind == QLatin1String("langid")) {
        d.threshold = numberAt(run->params, "min_prob");
        d.scoreLabel = QObject::tr("Probability of the expected language");
    }
    if (!d.scoreLabel.isEmpty()) {
        auto q = (*store)->prepare("SELECT score FROM run_results WHERE run_id = ?1 AND score IS NOT NULL");
        if (!q) return std::unexpected(q.error());
        q->bind(1, std::int64_t{runId});
        while (true) {
            if (cancel.isCancelled()) return dl::cancelled();
            auto row = q->step();
            if (!row) return std::unexpected(row.error());
            if (!*row) break;
            d.removedScores << q->real(0);
        }
        d.ranking.setScores(d.removedScores, d.kind != QLatin1String("langid"));
    }
    return d;
}

dl::Expected<RemovalPage> readRemovalPage(const QString& projectPath, qint64 runId, qint64 afterSentenceId, int limit) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    // One row more than asked: whether a page follows.
    auto rows = dl::removalPage(**store, runId, afterSentenceId, std::int64_t(limit) + 1);
    if (!rows) return std::unexpected(rows.error());
    RemovalPage page;
    page.atEnd = rows->size() <= std::size_t(limit);
    if (!page.atEnd) rows->pop_back();
    page.rows.reserve(qsizetype(rows->size()));
    for (const auto& r : *rows) {
        RemovalEntry e;
        e.sentenceId = r.removal.sentenceId;
        e.position = r.position;
        e.rule = r.removal.rule;
        e.score = r.removal.similarity;
        e.src = QString::fromStdString(r.src);
        e.tgt = QString::fromStdString(r.tgt);
        e.keptId = r.removal.keptId;
        e.keptPosition = r.keptPosition;
        e.keptSrc = QString::fromStdString(r.keptSrc);
        e.keptTgt = QString::fromStdString(r.keptTgt);
        page.rows << e;
    }
    return page;
}

dl::Expected<QVector<BoundaryRow>> readBoundary(const QString& projectPath, qint64 runId, double threshold,
                                                bool higherRemoves, int perSide, const dl::CancelToken& cancel) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    // Past the threshold: >= (duplicates) or <= (langid); short of it: the rest. Nearest first.
    static constexpr const char* kSide[2][2] = {
        {"r.score > ?2 ORDER BY r.score ASC", "r.score <= ?2 ORDER BY r.score DESC"},   // lower removes
        {"r.score < ?2 ORDER BY r.score DESC", "r.score >= ?2 ORDER BY r.score ASC"}};  // higher removes
    QVector<BoundaryRow> out;
    for (const bool past : {false, true}) {
        if (cancel.isCancelled()) return dl::cancelled();
        auto q =
            (*store)->prepare(std::string("SELECT r.sentence_id, r.score, s.src FROM run_results r JOIN sentences s "
                                          "ON s.id = r.sentence_id WHERE r.run_id = ?1 AND r.score IS NOT NULL AND ") +
                              kSide[higherRemoves ? 1 : 0][past ? 1 : 0] + ", r.sentence_id LIMIT ?3");
        if (!q) return std::unexpected(q.error());
        q->bind(1, std::int64_t{runId}).bind(2, threshold).bind(3, std::int64_t{perSide});
        while (true) {
            auto row = q->step();
            if (!row) return std::unexpected(row.error());
            if (!*row) break;
            const auto text = q->text(2);
            out << BoundaryRow{q->int64(0), q->real(1), QString::fromUtf8(text.data(), qsizetype(text.size())), past};
        }
    }
    return out;
}
