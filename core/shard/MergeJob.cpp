#include "shard/MergeJob.h"

#include <chrono>
#include <cstdint>
#include <set>

#include "common/Brace.h"
#include "jobs/RunJob.h"
#include "runs/RunBlobs.h"
#include "shard/MergeSteps.h"
#include "shard/ShardSet.h"
#include "shard/ShardSpec.h"
#include "shard/ShardWork.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace dl {

using shard_detail::brace;
namespace fs = std::filesystem;

namespace {

// The stages whose files ("<job>-<I>-of-<N>.*") lie in dir.
std::set<std::string> jobsIn(const fs::path& dir) {
    std::set<std::string> jobs;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string name = e.path().filename().string();
        for (std::string_view job : kShardJobs)
            if (name.starts_with(std::string(job) + "-") && name.find("-of-") != std::string::npos) jobs.emplace(job);
    }
    return jobs;
}

Expected<std::string> chooseJob(const MergeParams& p) {
    std::error_code ec;
    if (!fs::is_directory(p.dir, ec)) return fail(brace("{}: no such folder.", p.dir.string()));
    if (!p.job.empty()) {
        if (auto s = checkMergeJob(p.job); !s) return std::unexpected(s.error());
        return p.job;
    }
    const auto jobs = jobsIn(p.dir);
    if (jobs.empty())
        return fail(brace("{}: no shard files found (expected encode-, assign-, score- or filter-I-of-N files).",
                          p.dir.string()));
    if (jobs.size() > 1) {
        std::string list;
        for (const auto& j : jobs) list += (list.empty() ? "" : ", ") + j;
        return usageError(brace("{} holds shards of several stages ({}); name one with --job.", p.dir.string(), list));
    }
    return *jobs.begin();
}

// The corpus the shards were made from must be this project's, unchanged.
Expected<CorpusInfo> shardCorpus(Store& store, const fs::path& dir, const std::vector<ShardManifest>& shards) {
    const auto& params = shards.front().params;
    const std::string name = params.value("corpus", std::string());
    auto corpus = findCorpus(store, name);
    if (!corpus) return std::unexpected(corpus.error());
    if (params.value("corpus_id", std::int64_t(-1)) != corpus->id ||
        params.value("corpus_sentences", std::int64_t(-1)) != corpus->sentences)
        return fail(
            brace("{}: the shards were made from corpus '{}' with {} sentences (id {}); this project's corpus of that "
                  "name has {} (id {}). Were they made from another project?",
                  (dir / shards.front().dataFile).string(), name, params.value("corpus_sentences", std::int64_t(-1)),
                  params.value("corpus_id", std::int64_t(-1)), corpus->sentences, corpus->id));
    std::int64_t rows = 0;
    for (const auto& s : shards) rows += s.rows;
    if (rows != corpus->sentences)
        return fail(brace("The shards hold {} rows but corpus '{}' has {} sentences.", rows, name, corpus->sentences));
    return corpus;
}

// Each shard was made from this project's rows: its row count is its range's, and the digest of
// those rows (id, source, target) read from the project is the one the worker recorded. Shards
// of another project, or of a corpus re-imported since, fail here even when names, ids and sizes match.
Status checkShardRows(Store& store, const MergeInput& in, ProgressSink& progress, const CancelToken& cancel) {
    progress.stage("Checking the shards' rows against corpus '" + in.corpus.name + "'");
    std::int64_t done = 0;
    for (const auto& shard : in.shards) {
        cancel.throwIfCancelled();
        const auto [first, last] = shardRowRange(shard.shard, in.corpusIds.size());
        const fs::path manifest = manifestPath(in.dir, shard.job, shard.shard);
        if (static_cast<std::int64_t>(last - first) != shard.rows)
            return fail(brace("{}: {} rows, but shard {} of this corpus has {}.", manifest.string(), shard.rows,
                              formatShardSpec(shard.shard), last - first));
        auto digest = digestRows(store, in.corpus, static_cast<std::int64_t>(first), shard.rows, cancel);
        if (!digest) return std::unexpected(digest.error());
        if (*digest != shard.rowsSha256)
            return fail(
                brace("{}: field 'rows_sha256' does not match this project's sentences at positions {}..{} of "
                      "corpus '{}': the shard was made from another project or a re-imported corpus (same "
                      "names, ids and sizes, other texts). Re-run the shards on this project.",
                      manifest.string(), first + 1, last, in.corpus.name));
        done += shard.rows;
        progress.progress(done, in.corpus.sentences);
    }
    return {};
}

Status recordMerge(Store& store, const MergeInput& in, const std::string& job, MergeResult& r) {
    const auto& first = in.shards.front();
    const nlohmann::json params = {{"job", job},
                                   {"dir", fs::absolute(in.dir).string()},
                                   {"shards", first.shard.count},
                                   {"params_hash", first.paramsHash},
                                   {"model_hash", first.modelHash},
                                   {"shard_params", first.params}};
    auto runId = createRun(store, RunKind::Merge, in.corpus.id,
                           r.embeddingSet ? std::optional(r.embeddingSet) : std::nullopt, params);
    if (!runId) return std::unexpected(runId.error());
    r.mergeRunId = *runId;
    if (r.moments) {
        const std::int64_t count = r.moments->count;
        for (const Status& s :
             {putRunArray(store, *runId, blobs::kMomentCount, std::span<const std::int64_t>(&count, 1)),
              putRunArray(store, *runId, blobs::kMomentSum, std::span<const double>(r.moments->sum)),
              putRunArray(store, *runId, blobs::kMomentOuter, std::span<const double>(r.moments->outer))})
            if (!s) return s;
        r.summary.pcaStatistics = MergePcaStatistics{
            count,
            r.moments->dim,
            {std::string(blobs::kMomentCount), std::string(blobs::kMomentSum), std::string(blobs::kMomentOuter)}};
    }
    r.summary.shards = first.shard.count;
    r.summary.rows = r.rows;
    if (r.runId) r.summary.run = r.runId;
    return setRunSummary(store, *runId, r.summary.toJson());
}

Expected<MergeResult> mergeBody(const MergeParams& p, Store& store, ProgressSink& progress, const CancelToken& cancel) {
    auto job = chooseJob(p);
    if (!job) return std::unexpected(job.error());
    progress.stage("Checking the " + *job + " shards in " + p.dir.string());
    auto shards = collectShards(p.dir, *job, p.arraySize);
    if (!shards) return std::unexpected(shards.error());
    MergeInput in;
    in.dir = p.dir;
    in.shards = std::move(*shards);
    auto corpus = shardCorpus(store, in.dir, in.shards);
    if (!corpus) return std::unexpected(corpus.error());
    in.corpus = *corpus;
    auto labels = corpusLabels(store, in.corpus.id);
    if (!labels) return std::unexpected(labels.error());
    in.corpusIds = std::move(labels->sentenceIds);
    if (auto s = checkShardRows(store, in, progress, cancel); !s) return std::unexpected(s.error());

    MergeResult r;
    r.job = *job;
    r.shards = in.shards.front().shard.count;
    r.summary.job = *job;
    r.summary.corpus = in.corpus.name;
    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());
    progress.stage("Importing " + std::to_string(r.shards) + " " + *job + " shard(s)");
    const Status step = *job == "encode"   ? mergeEncode(in, store, r, progress, cancel)
                        : *job == "assign" ? mergeAssign(in, store, r, progress, cancel)
                        : *job == "filter" ? mergeFilter(in, store, r, progress, cancel)
                                           : mergeScore(in, store, r, progress, cancel);
    if (!step) return std::unexpected(step.error());
    if (auto s = recordMerge(store, in, *job, r); !s) return std::unexpected(s.error());
    cancel.throwIfCancelled();
    if (auto s = tx->commit(); !s) return std::unexpected(s.error());
    return r;
}

}  // namespace

Expected<std::pair<ShardFileReader, std::int64_t>> openShardData(const MergeInput& in, const ShardManifest& shard) {
    const auto [first, last] = shardRowRange(shard.shard, in.corpusIds.size());
    const fs::path path = in.dir / shard.dataFile;
    if (static_cast<std::int64_t>(last - first) != shard.rows)
        return fail(brace("{}: {} rows, but shard {} of this corpus has {}.", path.string(), shard.rows,
                          formatShardSpec(shard.shard), last - first));
    auto reader = ShardFileReader::open(path);
    if (!reader) return std::unexpected(reader.error());
    auto ids = reader->readAll<std::int64_t>("ids", ShardDType::I64, shard.rows, 1);
    if (!ids) return std::unexpected(ids.error());
    for (std::size_t i = 0; i < ids->size(); ++i)
        if ((*ids)[i] != in.corpusIds[first + i])
            return fail(brace("{}: row {} is sentence {}, but the corpus has sentence {} there.", path.string(), i,
                              (*ids)[i], in.corpusIds[first + i]));
    return std::pair{std::move(*reader), static_cast<std::int64_t>(first)};
}

Expected<MergeResult> runMerge(const MergeParams& params, Store& store, ProgressSink& progress,
                               const CancelToken& cancel) {
    return runJob<MergeResult>([&] { return mergeBody(params, store, progress, cancel); });
}

}  // namespace dl
