#pragma once
// The learner of issue #24 (item 6): DomainLens trains a small decoder-only Transformer language
// model (libtorch, CUDA when present) over a mixture kit's training text, with a SentencePiece
// vocabulary trained on the kit's training shards, and draws each batch's groups from lambda at
// that step:
//  - static: the kit's lambda_0 throughout;
//  - a schedule file from `mixture schedule` ([{step, lambda}], piecewise constant, its steps
//    scaled to this run's); for curriculum/gradual schedules lambda is over the schedule's
//    shards, which are then what is sampled (ShardSchedule);
//  - mdac / dds: every K steps, for each group d, k simulated steps on d alone from a copy of
//    the model, reward R(d) = J^t(before) - J^t(after) (J^t the dev loss under lambda^t), or
//    (dds) the cosine of the gradients of d's batch and of J^t; the rewards go through
//    applyRewards (mixture/Mdac.h), the very code `mixture step` runs, and the state file
//    (KIT-independent, in --out) records the trajectory.
// Dev loss and perplexity per group under lambda^t every E steps and at the end; tokens/s and
// the MDAC overhead. The CancelToken is polled per step; a cancelled run leaves a checkpoint
// (weights, Adam's moments, the step, the MDAC state) that --resume continues exactly: batches
// and simulated steps draw from generators seeded by (seed, step, stream), never from a
// running generator. Torch stays in the .cpp.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "jobs/Progress.h"
#include "mixture/MixtureParams.h"
#include "mixture/MixtureSchedule.h"
#include "mixture/MixtureWeights.h"

namespace dl {

// A fixed schedule read back from PREFIX.schedule.json: entries sorted by step, the first at 0,
// each lambda a distribution over exactly `groups`.
struct LambdaSchedule {
    std::int64_t steps = 0;  // the schedule's T (its steps are scaled to the run's)
    std::vector<ScheduleEntry> entries;
};
Expected<LambdaSchedule> loadLambdaSchedule(const std::string& path, const std::vector<std::string>& groups);
// The run step at which entry i starts: floor(step_i * runSteps / steps).
std::int64_t scheduleStartStep(const LambdaSchedule& s, std::size_t entry, std::int64_t runSteps);
// The entry in force at run step t of a run of `runSteps`: the last one starting at or before t.
std::size_t scheduleEntryAt(const LambdaSchedule& s, std::int64_t step, std::int64_t runSteps);
// lambda at run step t (the entry scheduleEntryAt names).
const Weights& scheduleLambdaAt(const LambdaSchedule& s, std::int64_t step, std::int64_t runSteps);

// A schedule over the shards that `mixture schedule --kind curriculum|gradual` writes (Zhang et
// al. 2019; van der Wees et al. 2017): shard i is "shard<i>", read from the last file its entry
// lists (a plain name next to the schedule file; Moses text); each phase's lambda is over the
// shards (0 for the shards it does not use). `mixture train` samples the shards phase by phase
// and measures the dev loss on the kit's groups, as for every other schedule.
struct ShardSchedule {
    std::string kind;
    std::vector<std::string> names;  // shard0, shard1, ...
    std::vector<std::string> files;  // the text each shard is sampled from
    LambdaSchedule phases;
};
bool isShardSchedule(const nlohmann::json& j);  // an object with "shards"
// Field errors name the entry (PATH shards[3] files: ..., PATH schedule[2] (step 40) lambda: ...).
Expected<ShardSchedule> shardScheduleFromJson(const nlohmann::json& j, const std::string& path);

// The sampler's draw: `count` group indices from lambda (in the given order) with a generator
// seeded by (seed, step, stream); the same arguments give the same groups.
std::vector<int> drawGroups(const std::vector<double>& lambda, std::int64_t count, std::uint64_t seed,
                            std::int64_t step, std::uint64_t stream = 0);

// `mixture train KIT_DIR`: trains, writes --out/train.json (returned) and the checkpoint. A
// cancelled run returns cancelled() after writing its checkpoint.
Expected<nlohmann::json> runMixtureTrain(const std::string& kitDir, const MixtureTrainParams& p, ProgressSink& progress,
                                         const CancelToken& cancel);

}  // namespace dl
