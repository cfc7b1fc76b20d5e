#pragma once
// `merge PROJECT DIR`: brings a folder of finished shards into the project, verified.
// Before anything is written: every manifest 0..N-1 present and valid (checksums of the data
// files), all of one job, parameters and model, id ranges without overlap, the corpus the
// shards name present with the same id and size, and the shards' ids equal to the corpus's.
// A gap fails naming the missing shards and the Slurm --array list that re-runs only them; a
// corrupt shard fails naming its file. Then ONE transaction imports:
//   encode -> the vectors into the embedding set (rows the set already has are skipped), and
//             the summed PCA statistics as a "merge" run's blobs (moment_count/sum/outer);
//   assign -> a run of kind "assign" (labels, max responsibility, log-likelihood; blobs
//             "responsibilities" rows x k and "pca2d" rows x 2, the rows on the cluster
//             run's map, in sentence-id order);
//   score  -> a run of kind "select" (scores, the source run's cut applied to all of them);
//   filter -> ONE run of kind "filter" (near-dup: every shard's MinHash signatures banded
//             together, the candidates verified on the project's texts: the unsharded run).
// Every merge also records a "merge" run (job, shards, parameters hash, model hash).
//
// Copy or reference: merge COPIES the shards' vectors into the project: one self-contained
// file that the desktop opens, copies and backs up, at the cost of the copy (disk twice, an
// I/O-bound single-writer transaction). The line (docs/scale.md) is about 2·10^7 vectors
// (15 GB at 384-d, 31 GB at 768-d float16): below it the copy takes minutes and the vectors
// sit in the workstation's page cache; above it the workbench needs only per-sentence results
// (labels, responsibilities, scores: ~30 bytes a sentence) while the vectors are read again
// only by cluster-side stages, which read shard files anyway, so the project should keep a
// reference to each shard file (path, size, SHA-256 from its manifest) instead of its bytes.
// Referencing is not implemented yet: beyond that size keep DIR, merge `assign`/`score`
// results (small), and skip merging the encode shards.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/MomentStats.h"
#include "common/Error.h"
#include "jobs/ParamTable.h"
#include "jobs/Progress.h"
#include "runs/MergeSummary.h"

namespace dl {

class Store;

// The stages that write shards ("<job>-<I>-of-<N>.*"), and the check of --job against them.
inline constexpr std::string_view kShardJobs[] = {"encode", "assign", "score", "filter"};
Status checkMergeJob(std::string_view job);

struct MergeParams {
    std::filesystem::path dir;
    std::string job;                // "" = the one job whose shards are in dir
    std::optional<int> arraySize;   // the Slurm array size the shards ran with (task t ran t, t+M, ...)
};

// merge's parameters declared once (shard/MergeParamsTable.cpp); the folder is the command's argument.
const ParamTable<MergeParams>& mergeParamTable();

struct MergeResult {
    std::string job;
    int shards = 0;
    std::int64_t rows = 0;          // rows imported (encode: new vectors)
    std::int64_t runId = 0;         // the assign/select run created (0 for encode)
    std::int64_t embeddingSet = 0;  // encode: the set filled
    std::int64_t mergeRunId = 0;    // the "merge" record
    std::optional<std::int64_t> removed;  // filter: the sentences the filter run removed
    MergeSummary summary;  // as stored (toJson())
    std::optional<MomentStats> moments;  // encode: the summed PCA statistics of every shard
};

// Shards incomplete or damaged: fails with the message described above; the project is unchanged.
Expected<MergeResult> runMerge(const MergeParams& params, Store& store, ProgressSink& progress,
                               const CancelToken& cancel);

}  // namespace dl
