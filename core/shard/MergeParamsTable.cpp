// The parameters of `merge` (MergeParams), declared once. Defaults are the struct's
// initialisers; the shard folder is the command's argument.
#include "shard/MergeJob.h"

#include <algorithm>
#include <cstdint>
#include <iterator>

namespace dl {

// "" (the one stage whose shards are in the folder) or a stage that writes shards.
Status checkMergeJob(std::string_view job) {
    if (job.empty() || std::find(std::begin(kShardJobs), std::end(kShardJobs), job) != std::end(kShardJobs)) return {};
    return usageError("--job must be encode, assign, score or filter, got '" + std::string(job) + "'");
}

const ParamTable<MergeParams>& mergeParamTable() {
    static const ParamTable<MergeParams> table = [] {
        using M = MergeParams;
        ParamTable<M> t;
        t.field(param("job", "encode, assign, score or filter.")
                    .shownAs("JOB")
                    .textCheckedBy(checkMergeJob)
                    .defaultShownAs("the only stage whose shards are in DIR"),
                &M::job);
        t.add(
            param("array-size",
                  "Slurm array size the shards ran with (task t ran shards t, t+M, ...): the --array list "
                  "of a re-run then names tasks.")
                .ofKind(ParamKind::Int)
                .between(1, 1 << 30)
                .shownAs("M")
                .defaultShownAs("one task per shard"),
            [](const M& p) { return p.arraySize ? ParamValue(std::int64_t(*p.arraySize)) : ParamValue(); },
            [](M& p, const ParamValue& v) {
                p.arraySize.reset();
                if (const auto* n = std::get_if<std::int64_t>(&v)) p.arraySize = static_cast<int>(*n);
            });
        return t;
    }();
    return table;
}

}  // namespace dl
