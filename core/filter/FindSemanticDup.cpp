// `filter --kind semantic-dup`: SemDeDup within the clusters of a cluster run (SemanticDup.h).
#include "filter/FilterSteps.h"

#include <cstdint>
#include <unordered_map>

#include "filter/SemanticDup.h"
#include "runs/RunBlobs.h"
#include "runs/RunKind.h"
#include "store/Embeddings.h"
#include "store/Runs.h"

namespace dl {

// The cluster run semantic-dup works on: --cluster-run, else the corpus's latest. Without one,
// the error says which command is missing (encode, or cluster).
Expected<RunInfo> clusterRunFor(const FilterParams& p, Store& store, const CorpusInfo& corpus) {
    if (p.clusterRun > 0) {
        auto run = getRun(store, p.clusterRun);
        if (!run) return std::unexpected(run.error());
        if (run->kind != RunKind::Cluster || run->corpusId != corpus.id)
            return usageError("--cluster-run " + std::to_string(p.clusterRun) + " is not a cluster run of corpus " +
                              corpus.name + ".");
        return run;
    }
    auto runs = listRuns(store, RunKind::Cluster);
    if (!runs) return std::unexpected(runs.error());
    std::optional<RunInfo> latest;
    for (auto& r : *runs)
        if (r.corpusId == corpus.id && (!latest || r.id > latest->id)) latest = std::move(r);
    if (latest) return *latest;
    auto sets = listEmbeddingSets(store);
    if (!sets) return std::unexpected(sets.error());
    for (const auto& set : *sets) {
        auto n = encodedCount(store, set.id, corpus.id);
        if (n && *n > 0)
            return usageError("Corpus " + corpus.name +
                              " has no cluster run: run `domainlens-cli cluster PROJECT --corpus " + corpus.name +
                              "` first (--kind semantic-dup compares vectors within clusters).");
    }
    return usageError("Corpus " + corpus.name + " is not encoded yet: run `domainlens-cli encode PROJECT --corpus " +
                      corpus.name + "` and then `cluster` before --kind semantic-dup.");
}

Expected<FilterFindings> findSemanticDup(const FilterParams& p, Store& store, const FilterInput& in, FilterSummary& s,
                                         const CancelToken& cancel) {
    auto run = clusterRunFor(p, store, in.corpus);
    if (!run) return std::unexpected(run.error());
    if (!run->embeddingSetId)
        return usageError("Cluster run " + std::to_string(run->id) + " names no embedding set (was it deleted?): run " +
                          "`domainlens-cli encode` and `cluster` again.");
    auto vectors = loadEmbeddings(store, *run->embeddingSetId, in.corpus.id);
    if (!vectors) return std::unexpected(vectors.error());
    if (vectors->rows != in.corpus.sentences)
        return usageError("Corpus " + in.corpus.name + " is encoded up to " + std::to_string(vectors->rows) + " of " +
                          std::to_string(in.corpus.sentences) +
                          " sentences: run `domainlens-cli encode` to finish it.");
    if (in.positions.size() != std::size_t(vectors->rows)) {  // what earlier pipeline steps left: their rows
        std::vector<float> rows;
        rows.reserve(in.positions.size() * std::size_t(vectors->dim));
        for (const auto pos : in.positions) {
            if (pos < 0 || pos >= vectors->rows)
                return fail("Corpus " + in.corpus.name + ": a position has no vector.");
            rows.insert(rows.end(), vectors->row(pos), vectors->row(pos) + vectors->dim);
        }
        vectors->data = std::move(rows);
        vectors->rows = std::int64_t(in.positions.size());
    }
    auto ids = getRunArray<std::int64_t>(store, run->id, blobs::kSentenceIds);
    if (!ids) return std::unexpected(ids.error());
    auto clusterLabels = getRunArray<std::int32_t>(store, run->id, blobs::kLabels);
    if (!clusterLabels) return std::unexpected(clusterLabels.error());
    if (ids->size() != clusterLabels->size())
        return fail("Cluster run " + std::to_string(run->id) + " has " + std::to_string(ids->size()) +
                    " sentence ids but " + std::to_string(clusterLabels->size()) + " labels.");
    std::unordered_map<std::int64_t, std::size_t> index;
    for (std::size_t i = 0; i < in.ids.size(); ++i) index.emplace(in.ids[i], i);
    std::vector<std::int32_t> labels(in.ids.size(), -1);  // sentences the run did not cluster never match
    for (std::size_t i = 0; i < ids->size(); ++i)
        if (auto it = index.find((*ids)[i]); it != index.end()) labels[it->second] = (*clusterLabels)[i];
    std::vector<std::int64_t> bytes(in.ids.size());
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = std::int64_t(in.src[i].size() + in.tgt[i].size());
    SemDupOptions opt;
    opt.eps = p.eps;
    opt.keep = p.keep;
    opt.threads = p.threads;
    auto found = findSemanticDuplicates(std::move(vectors->data), vectors->dim, labels, bytes, opt, cancel);
    if (!found) return std::unexpected(found.error());
    FilterFindings out;
    out.embeddingSetId = run->embeddingSetId;
    for (const auto& r : found->removed)
        out.removals.push_back(
            {in.ids[static_cast<std::size_t>(r.index)], in.ids[static_cast<std::size_t>(r.keptIndex)], r.cosine, 0});
    s.removed = static_cast<std::int64_t>(found->removed.size());
    s.kept = s.sentences - s.removed;
    s.rules.push_back({.rule = "semantic-dup",
                       .input = s.sentences,
                       .kept = s.kept,
                       .removed = s.removed,
                       .groups = found->groups,
                       .candidatePairs = found->pairs,
                       .verifiedPairs = found->pairs,
                       .emptyTexts = found->zeroVectors});
    s.details = {{"cluster_run", run->id},
                 {"embedding_set", *run->embeddingSetId},
                 {"eps", p.eps},
                 {"min_cosine", 1.0 - p.eps},
                 {"clusters", found->clusters},
                 {"keep", std::string(keepRuleName(p.keep))}};
    return out;
}

}  // namespace dl
