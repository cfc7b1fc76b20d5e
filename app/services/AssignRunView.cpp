// readAssignView: an "assign" run (a cluster run's model applied to a corpus shard by shard,
// then merged; core/shard/MergeJob.h) shown in the Clusters view. Runs off the GUI thread.
// The map is the assign run's "pca2d" (the rows on the cluster run's axes, from the shards),
// the component ellipses are the cluster run's (same model, same axes), and the confusion
// matrix and metrics are computed here from the corpus's domain labels (assign stores none).
#include "RunViews.h"

#include <QObject>

#include <cmath>

#include "analysis/Metrics.h"
#include "runs/ClusterRunChecks.h"
#include "runs/ClusterSweepSummary.h"
#include "runs/RunBlobs.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace {

// Domain index of every row of the run, in the run's sentence-id order.
std::vector<int> domainsOfRows(const dl::CorpusLabels& labels, const std::vector<std::int64_t>& ids) {
    if (labels.sentenceIds == ids) return labels.domainIndex;  // a merged run covers the corpus in order
    std::vector<int> out(ids.size(), -1);
    for (std::size_t i = 0, j = 0; i < ids.size(); ++i) {  // both ascending
        while (j < labels.sentenceIds.size() && labels.sentenceIds[j] < ids[i]) ++j;
        if (j < labels.sentenceIds.size() && labels.sentenceIds[j] == ids[i]) out[i] = labels.domainIndex[j];
    }
    return out;
}

// Labels of the run's rows in the order of `ids` (readRunResults is ordered by sentence id too).
dl::Expected<std::vector<std::int32_t>> labelsOfRows(const dl::RunResults& r, const std::vector<std::int64_t>& ids) {
    if (r.sentenceIds != ids) return dl::fail("The run's results do not match its stored sentence ids.");
    return std::vector<std::int32_t>(r.label.begin(), r.label.end());
}

void addEllipses(dl::Store& store, std::int64_t sourceRun, int k, ClusterViewData& d) {
    auto means = dl::getRunArray<double>(store, sourceRun, dl::blobs::kMeans2d);
    auto covs = dl::getRunArray<double>(store, sourceRun, dl::blobs::kCovs2d);
    if (!means || !covs || int(means->size()) != 2 * k || int(covs->size()) != 4 * k) return;
    for (int c = 0; c < k; ++c)
        d.ellipses.push_back(
            {(*means)[2 * c], (*means)[2 * c + 1], (*covs)[4 * c], (*covs)[4 * c + 1], (*covs)[4 * c + 3], c});
}

void addConfusion(const std::vector<int>& truth, const std::vector<std::int32_t>& labels, int k, ClusterViewData& d) {
    const dl::Confusion cm = dl::confusionMatrix(truth, labels, int(d.domainNames.size()), k);
    const std::vector<int> majority = dl::majorityMap(cm);
    for (int c = 0; c < k; ++c) {
        const int m = majority[std::size_t(c)];
        d.majority << m;
        d.clusterNames << (m >= 0 ? QStringLiteral("c%1 → %2").arg(c).arg(d.domainNames[m])
                                  : QStringLiteral("c%1").arg(c));
    }
    d.labelled = cm.total() > 0;
    if (!d.labelled) return;
    d.confusion.rowNames = d.domainNames;
    d.confusion.colNames = d.clusterNames;
    for (int t = 0; t < cm.domains; ++t) {
        QVector<qint64> row;
        for (int c = 0; c < k; ++c) row << cm.at(t, c);
        d.confusion.counts << row;
    }
    d.metrics =
        QObject::tr("Purity %1 % · NMI %2 · ARI %3 over %4 labelled sentences (the cluster run's model applied)")
            .arg(100 * dl::purity(cm), 0, 'f', 2)
            .arg(dl::normalizedMutualInfo(cm), 0, 'f', 3)
            .arg(dl::adjustedRandIndex(cm), 0, 'f', 3)
            .arg(cm.total());
}

}  // namespace

dl::Expected<ClusterViewData> readAssignView(const QString& projectPath, qint64 runId, const dl::CancelToken& cancel) {
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    // one snapshot: explore may store a chunk (or join the parts) between the reads below
    auto snapshot = (*store)->beginRead();
    if (!snapshot) return std::unexpected(snapshot.error());
    auto run = dl::getRun(**store, runId);
    if (!run) return std::unexpected(run.error());
    if (run->kind != dl::RunKind::Assign) return dl::fail("Run " + std::to_string(runId) + " is not an assign run.");
    auto summary = dl::AssignSummary::fromJson(run->summary, runId);
    if (!summary) return std::unexpected(summary.error());
    // explore's assign run while it grows: the chunks stored so far, in parts
    auto xy = dl::getRunArrayParts<float>(**store, runId, dl::blobs::kPca2d, summary->parts);
    auto ids = dl::getRunArrayParts<std::int64_t>(**store, runId, dl::blobs::kSentenceIds, summary->parts);
    if (!xy || !ids || xy->size() != 2 * ids->size())
        return dl::fail(
            "Assign run " + std::to_string(runId) +
            " has no map coordinates (its shards were made before assign wrote them, or its cluster run had no PCA).");
    if (cancel.isCancelled()) return dl::cancelled();
    auto results = dl::readRunResults(**store, runId);
    if (!results) return std::unexpected(results.error());
    if (cancel.isCancelled()) return dl::cancelled();
    auto labels = labelsOfRows(*results, *ids);
    if (!labels) return std::unexpected(labels.error());
    // Stored numbers that become indexes and positions on the map (runs/ClusterRunChecks.h).
    if (auto ok = dl::checkMapCoordinates(*xy, *ids, runId); !ok) return std::unexpected(ok.error());
    if (auto ok = dl::checkClusterLabels(*labels, *ids, summary->k, runId); !ok) return std::unexpected(ok.error());
    auto corpus = dl::corpusLabels(**store, run->corpusId);
    if (!corpus) return std::unexpected(corpus.error());
    if (cancel.isCancelled()) return dl::cancelled();
    const std::vector<int> truth = domainsOfRows(*corpus, *ids);
    ClusterViewData d;
    d.runId = runId;
    for (const auto& name : corpus->domainNames) d.domainNames << QString::fromStdString(name);
    const int k = summary->k;
    const auto n = qsizetype(ids->size());
    d.scatter.x.resize(n);
    d.scatter.y.resize(n);
    d.scatter.ids = QVector<qint64>(ids->begin(), ids->end());
    d.scatter.category = QVector<int>(truth.begin(), truth.end());
    d.scatter.categoryNames = d.domainNames;
    d.clusterLabels = QVector<int>(labels->begin(), labels->end());
    for (qsizetype i = 0; i < n; ++i) {
        d.scatter.x[i] = (*xy)[std::size_t(2 * i)];
        d.scatter.y[i] = (*xy)[std::size_t(2 * i + 1)];
    }
    const std::int64_t source = summary->sourceRun;
    addEllipses(**store, source, k, d);
    addConfusion(truth, *labels, k, d);
    if (summary->parts.empty())
        d.title = QObject::tr("Run #%1: cluster run #%2 applied to %3 sentences in shards, k = %4")
                      .arg(runId)
                      .arg(source)
                      .arg(n)
                      .arg(k);
    else
        d.title = QObject::tr("Run #%1: cluster run #%2 applied to %3 of %4 sentences so far (explore), k = %5")
                      .arg(runId)
                      .arg(source)
                      .arg(n)
                      .arg(qsizetype(corpus->sentenceIds.size()))
                      .arg(k);
    return d;
}
