#include "MethodComparison.h"

#include <QLocale>
#include <QObject>

#include <algorithm>
#include <cmath>
#include <optional>
#include <unordered_map>

#include "runs/ClusterRunChecks.h"
#include "runs/ClusterSweepSummary.h"
#include "runs/RunBlobs.h"
#include "select/MethodOverlap.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace {

struct LoadedRun {
    dl::RankedRun ranked;
    std::vector<std::int64_t> ranks;  // per position
    qint64 storedCut = 0;
};

// Rank and score of a sentence in a run, found by id (sorted ids: readRunResults order).
struct Lookup {
    const LoadedRun& run;
    std::pair<qint64, double> operator()(std::int64_t id) const {
        const auto& ids = run.ranked.ids;
        auto it = std::lower_bound(ids.begin(), ids.end(), id);
        if (it == ids.end() || *it != id) return {-1, NAN};
        const auto at = std::size_t(it - ids.begin());
        return {run.ranks[at], run.ranked.scores[at]};
    }
};

QVector<KeptDroppedRow> keptList(const LoadedRun& a, const LoadedRun& b, qint64 k, int limit) {
    QVector<KeptDroppedRow> out;
    for (auto id : dl::keptByANotB(a.ranked, b.ranked, k)) {
        if (out.size() >= limit) break;
        const auto [ra, sa] = Lookup{a}(id);
        const auto [rb, sb] = Lookup{b}(id);
        out.append({id, ra, rb, sa, sb});
    }
    return out;
}

// The pool's newest map: a clustering run's, or an assign run's (a cluster model applied to a
// big corpus in shards: the only map such a corpus has; or explore's assign run while it grows:
// the chunks stored so far, in parts). Both store blobs::kPca2d and blobs::kSentenceIds. Read
// in one snapshot: explore may store a chunk or join the parts meanwhile.
dl::Status readMap(dl::Store& store, std::int64_t corpusId, MethodComparisonData& d) {
    auto snapshot = store.beginRead();
    if (!snapshot) return std::unexpected(snapshot.error());
    d.poolCorpusId = corpusId;
    std::optional<dl::RunInfo> latest;
    for (dl::RunKind kind : {dl::RunKind::Cluster, dl::RunKind::Assign}) {
        auto runs = dl::listRuns(store, kind);
        if (!runs) return std::unexpected(runs.error());
        for (const auto& r : *runs)
            if (r.corpusId == corpusId && (!latest || r.id > latest->id)) latest = r;
    }
    if (!latest) return {};
    std::vector<std::int64_t> parts;
    if (latest->kind == dl::RunKind::Assign) {
        // (an assign run of `assign` in shards stores whole blobs: no parts, or no summary yet)
        if (auto summary = dl::AssignSummary::fromJson(latest->summary, latest->id)) parts = summary->parts;
    }
    auto xy = dl::getRunArrayParts<float>(store, latest->id, dl::blobs::kPca2d, parts);
    auto ids = dl::getRunArrayParts<std::int64_t>(store, latest->id, dl::blobs::kSentenceIds, parts);
    // No map beside the ranks when the stored one is damaged (a NaN position crashed the painter).
    if (!xy || !ids || !dl::checkMapCoordinates(*xy, *ids, latest->id)) return {};
    d.mapRun = latest->id;
    d.mapTitle = QObject::tr("Map of clustering run #%1").arg(latest->id);
    const auto n = qsizetype(ids->size());
    d.map = ScatterData{};
    d.map.x.resize(n);
    d.map.y.resize(n);
    d.map.ids = QVector<qint64>(ids->begin(), ids->end());
    for (qsizetype i = 0; i < n; ++i) d.map.x[i] = (*xy)[2 * i], d.map.y[i] = (*xy)[2 * i + 1];
    return {};
}

// Each map point's bit mask of the runs whose top k hold it, and the map's categories.
void maskMap(MethodComparisonData& d) {
    d.mapMask.resize(d.map.ids.size());
    for (qsizetype p = 0; p < d.map.ids.size(); ++p) d.mapMask[p] = d.topMask.value(d.map.ids[p], 0);
    methodMapCategories(d.mapMask, d.labels, -1, d.map.category, d.map.categoryNames);
}

}  // namespace

dl::Expected<MethodComparisonData> readMethodComparison(const QString& projectPath,
                                                        const MethodComparisonRequest& request,
                                                        const dl::CancelToken& cancel) {
    const int m = int(request.runIds.size());
    if (m < 2 || m > 4) return dl::usageError("Choose 2 to 4 selection runs to compare.");
    if (request.pairA == request.pairB || request.pairA < 0 || request.pairB < 0 || request.pairA >= m ||
        request.pairB >= m)
        return dl::usageError("Choose two different runs for the rank-vs-rank view.");
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    MethodComparisonData d;
    d.request = request;
    std::vector<LoadedRun> runs(static_cast<std::size_t>(m));
    std::int64_t corpusId = 0;
    for (int i = 0; i < m; ++i) {
        if (cancel.isCancelled()) return dl::cancelled();
        const qint64 id = request.runIds[i];
        auto run = dl::getRun(**store, id);
        if (!run) return std::unexpected(run.error());
        if (run->kind != dl::RunKind::Select)
            return dl::usageError("Run " + std::to_string(id) + " is not a selection run.");
        if (i == 0) corpusId = run->corpusId;
        else if (run->corpusId != corpusId)
            return dl::usageError("Run " + std::to_string(id) + " selects from another pool than run " +
                                  std::to_string(request.runIds[0]) + ".");
        auto results = dl::readRunResults(**store, id);
        if (!results) return std::unexpected(results.error());
        LoadedRun& r = runs[std::size_t(i)];
        r.ranked.ids = std::move(results->sentenceIds);
        r.ranked.scores = std::move(results->score);
        r.storedCut = std::count(results->label.begin(), results->label.end(), 1);
        r.ranks = dl::ranksOf(r.ranked);
        d.labels << QStringLiteral("#%1 %2").arg(id).arg(
            QString::fromStdString(run->params.value("method", std::string("?"))));
    }
    qint64 k = request.k;
    if (k <= 0) {
        k = runs.front().storedCut;
        for (const auto& r : runs) k = std::min(k, r.storedCut);
    }
    d.k = k;
    if (cancel.isCancelled()) return dl::cancelled();
    std::vector<dl::RankedRun> ranked;
    for (const auto& r : runs) ranked.push_back(r.ranked);
    auto overlap = dl::compareTopK(ranked, k);
    if (!overlap) return std::unexpected(overlap.error());
    for (int i = 0; i < m; ++i)
        d.upset.sets << QObject::tr("%1 (%2)").arg(d.labels[i], QLocale().toString(overlap->topSize[std::size_t(i)]));
    d.upset.exclusive = QVector<qint64>(overlap->exclusive.begin(), overlap->exclusive.end());
    for (int a = 0; a < m; ++a)
        for (int b = a + 1; b < m; ++b) {
            const qint64 both = overlap->at(overlap->intersection, a, b);
            d.pairs.append({d.labels[a], d.labels[b], both, overlap->topSize[std::size_t(a)] - both,
                            overlap->topSize[std::size_t(b)] - both, overlap->jaccard[std::size_t(a * m + b)],
                            dl::spearman(dl::rankPairs(ranked[std::size_t(a)], ranked[std::size_t(b)]))});
        }
    d.summary = QObject::tr("Top %1 of each run · %2 sentences kept by at least one, %3 by all")
                    .arg(QLocale().toString(k), QLocale().toString(overlap->unionSize),
                         QLocale().toString(overlap->exclusive.back()));

    // Rank against rank for the chosen pair; colour = which of the two keeps it.
    if (cancel.isCancelled()) return dl::cancelled();
    const auto& A = runs[std::size_t(request.pairA)];
    const auto& B = runs[std::size_t(request.pairB)];
    const auto pairs = dl::rankPairs(A.ranked, B.ranked);
    d.rankScatter.categoryNames = {QObject::tr("kept by both"), QObject::tr("only %1").arg(d.labels[request.pairA]),
                                   QObject::tr("only %1").arg(d.labels[request.pairB])};
    for (std::size_t i = 0; i < pairs.ids.size(); ++i) {
        const bool inA = pairs.rankA[i] < k, inB = pairs.rankB[i] < k;
        d.rankScatter.x.append(double(pairs.rankA[i] + 1));
        d.rankScatter.y.append(double(pairs.rankB[i] + 1));
        d.rankScatter.ids.append(pairs.ids[i]);
        d.rankScatter.category.append(inA && inB ? 0 : inA ? 1 : inB ? 2 : -1);
    }
    d.keptByA = keptList(A, B, k, request.keptListLimit);
    d.keptByB = keptList(B, A, k, request.keptListLimit);

    if (cancel.isCancelled()) return dl::cancelled();
    for (int i = 0; i < m; ++i)
        for (auto id : dl::topK(ranked[std::size_t(i)], k)) d.topMask[id] |= quint8(1u << i);
    if (auto s = readMap(**store, corpusId, d); !s) return std::unexpected(s.error());
    if (!d.map.ids.isEmpty()) {
        maskMap(d);
    }
    return d;
}

dl::Expected<MethodComparisonData> readMethodMap(const QString& projectPath, MethodComparisonData data,
                                                 const dl::CancelToken& cancel) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    if (cancel.isCancelled()) return dl::cancelled();
    if (auto s = readMap(**store, data.poolCorpusId, data); !s) return std::unexpected(s.error());
    if (!data.map.ids.isEmpty()) maskMap(data);
    return data;
}

void methodMapCategories(const QVector<quint8>& mask, const QStringList& labels, int mode, QVector<int>& category,
                         QStringList& names) {
    names.clear();
    category.resize(mask.size());
    if (mode >= 0) {
        names << QObject::tr("in the top k of %1").arg(labels.value(mode));
        for (qsizetype p = 0; p < mask.size(); ++p) category[p] = (mask[p] >> mode & 1u) ? 0 : -1;
        return;
    }
    // One category per combination that occurs (mask - 1), named by its methods.
    const int m = int(labels.size());
    for (quint32 bits = 1; bits < (1u << m); ++bits) {
        QStringList in;
        for (int i = 0; i < m; ++i)
            if (bits >> i & 1u) in << labels[i];
        names << (in.size() == 1   ? QObject::tr("only %1").arg(in.front())
                  : in.size() == m ? QObject::tr("all methods")
                                   : in.join(QStringLiteral(" ∩ ")));
    }
    for (qsizetype p = 0; p < mask.size(); ++p) category[p] = int(mask[p]) - 1;
}
