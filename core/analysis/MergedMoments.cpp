#include "analysis/MergedMoments.h"

#include "common/Brace.h"
#include "runs/MergeSummary.h"
#include "runs/RunBlobs.h"
#include "store/Runs.h"

#include <cstdint>

namespace dl {

using shard_detail::brace;

namespace {

Expected<MomentStats> readStats(Store& store, std::int64_t runId, int dim) {
    auto count = getRunArray<std::int64_t>(store, runId, blobs::kMomentCount);
    auto sum = getRunArray<double>(store, runId, blobs::kMomentSum);
    auto outer = getRunArray<double>(store, runId, blobs::kMomentOuter);
    if (!count || !sum || !outer || count->size() != 1 || sum->size() != std::size_t(dim) ||
        outer->size() != std::size_t(dim) * std::size_t(dim))
        return fail(brace("Merge run {}: its PCA statistics are missing or damaged.", runId));
    MomentStats m;
    m.dim = dim;
    m.count = count->front();
    m.sum = std::move(*sum);
    m.outer = std::move(*outer);
    return m;
}

}  // namespace

Expected<MergedMoments> mergedMoments(Store& store, std::int64_t setId, std::int64_t corpusId, std::int64_t sentences) {
    auto runs = listRuns(store, RunKind::Merge);
    if (!runs) return std::unexpected(runs.error());
    std::int64_t otherCount = -1;
    for (auto it = runs->rbegin(); it != runs->rend(); ++it) {  // newest first
        if (it->embeddingSetId != setId || it->corpusId != corpusId ||
            it->params.value("job", std::string()) != "encode")
            continue;
        auto summary = MergeSummary::fromJson(it->summary, it->id);
        if (!summary) return std::unexpected(summary.error());
        if (!summary->pcaStatistics) continue;
        const MergePcaStatistics& st = *summary->pcaStatistics;
        if (st.count != sentences) {
            otherCount = st.count;
            continue;
        }
        auto stats = readStats(store, it->id, st.dim);
        if (!stats) return std::unexpected(stats.error());
        return MergedMoments{it->id, std::move(*stats)};
    }
    if (otherCount >= 0)
        return fail(
            brace("The encode merges of embedding set {} hold PCA statistics of {} rows, but the corpus has {} "
                  "sentences; cluster without --pca-from-merge.",
                  setId, otherCount, sentences));
    return fail(
        brace("Embedding set {} of this corpus was not filled by an encode merge, so there are no merged PCA "
              "statistics; cluster without --pca-from-merge.",
              setId));
}

}  // namespace dl
