// merge of `filter --shard` (shard/FilterShard.h): every shard's MinHash signatures, in corpus
// order, banded together; the candidates are verified by exact Jaccard on shingles recomputed
// from the project's texts (only theirs), grouped and kept as the unsharded pass does
// (filter/NearDup.h findNearDuplicatesFromSignatures). ONE filter run is stored, equal to the
// unsharded run of the same parameters (same removals, twins, similarities and counts).
#include <algorithm>
#include <chrono>
#include <cstdint>

#include "common/Brace.h"
#include "filter/FilterSteps.h"
#include "shard/FilterShard.h"
#include "shard/MergeSteps.h"
#include "store/Store.h"

namespace dl {

using shard_detail::brace;

Status mergeFilter(const MergeInput& in, Store& store, MergeResult& result, ProgressSink& progress,
                   const CancelToken& cancel) {
    const auto start = std::chrono::steady_clock::now();
    const auto& first = in.shards.front();
    auto p = filterParamsOfShard(first.params, (in.dir / first.dataFile).string());
    if (!p) return std::unexpected(p.error());
    if (p->corpus != in.corpus.name)
        return fail(brace("{}: the filter's corpus '{}' is not the shards' corpus '{}'.",
                          (in.dir / first.dataFile).string(), p->corpus, in.corpus.name));

    FilterPass pass;
    auto& input = pass.in;
    input.corpus = in.corpus;
    progress.stage("Reading the corpus");
    if (auto s = readSentences(store, in.corpus.id, input.ids, input.src, input.tgt, cancel, &input.positions); !s)
        return s;
    if (input.ids != in.corpusIds) return fail(brace("Corpus '{}' changed while it was read.", in.corpus.name));

    const auto n = input.ids.size(), perm = static_cast<std::size_t>(p->permutations);
    const bool target = sidesNeedTargetSignatures(p->sides);
    std::vector<std::uint32_t> srcSig(n * perm), tgtSig(target ? n * perm : 0);
    progress.stage("Reading the signatures of " + std::to_string(in.shards.size()) + " shard(s)");
    std::int64_t done = 0;
    for (const auto& shard : in.shards) {
        cancel.throwIfCancelled();
        auto data = openShardData(in, shard);
        if (!data) return std::unexpected(data.error());
        const auto& [reader, firstRow] = *data;
        const auto offset = static_cast<std::size_t>(firstRow) * perm;
        for (const auto& [name, into] : {std::pair<const char*, std::vector<std::uint32_t>*>{"signatures_src", &srcSig},
                                         {"signatures_tgt", target ? &tgtSig : nullptr}}) {
            if (!into) continue;
            auto array = reader.find(name, ShardDType::I32, shard.rows, p->permutations);
            if (!array) return std::unexpected(array.error());
            if (auto s = reader.read(*array, 0, shard.rows, into->data() + offset); !s) return s;
        }
        done += shard.rows;
        progress.progress(done, static_cast<std::int64_t>(n));
    }

    progress.stage("Banding, verifying and grouping " + std::to_string(n) + " signatures");
    auto options = nearDupOptions(*p);
    options.threads = 0;
    auto found = findNearDuplicatesFromSignatures(textsOf(input), srcSig, tgtSig, options, cancel);
    if (!found) return std::unexpected(found.error());
    auto& s = pass.summary;
    s.corpus = in.corpus.name;
    s.sentences = static_cast<std::int64_t>(n);
    pass.found = nearDupFindings(*p, input, *found, s);
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    cancel.throwIfCancelled();
    auto runId = persistFilterPass(*p, store, pass, {{"shards", first.shard.count}});
    if (!runId) return std::unexpected(runId.error());
    result.runId = *runId;
    result.rows = static_cast<std::int64_t>(n);
    result.removed = pass.summary.removed;
    return {};
}

}  // namespace dl
