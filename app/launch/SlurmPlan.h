#pragma once
// What `domainlens-cli slurm` submits: one sbatch array script for a sharded stage and one
// merge script that runs after it (--dependency=afterany, because afterok never fires once a
// single task failed; the merge itself checks the manifests). Plain text generation, no I/O,
// so the scripts can be printed (--dry-run), written and tested alike.
#include <string>
#include <string_view>
#include <vector>

#include "common/Error.h"

namespace dl {

struct SlurmPlan {
    std::string cli;       // absolute path of domainlens-cli on the compute nodes
    std::string project;   // absolute path of the project (shared filesystem)
    std::string stage;     // encode | score | assign
    std::vector<std::string> stageArgs;  // passed to the worker as they are (RUN, --model ...)
    std::string outDir;    // absolute folder of the shard files (the workers' --out)
    int shards = 1;        // N
    int arraySize = 1;     // M tasks; task t runs shards t, t+M, ... (shardsOfArrayTask)
    std::string partition;  // empty = the cluster's default
    std::string time;       // empty = the partition's default limit
    std::string scriptDir() const;  // outDir/slurm: scripts and logs
    std::string logDir() const;     // outDir/slurm/logs
    std::string arrayScriptPath() const;
    std::string mergeScriptPath() const;
};

// Slurm's default MaxArraySize is 1001 (task ids 0..1000): the default array size stays below it.
constexpr int kDefaultMaxArrayTasks = 1000;

// Checks the plan's numbers and names (stage, N >= 1, 1 <= M <= N, absolute paths, no line
// break in a path or argument: every one of them is written into a script line).
Status validateSlurmPlan(const SlurmPlan& plan);

// The array script: `sbatch --array=0-(M-1)` by default; a resubmission with
// `--array=<list>` overrides the range on the command line and runs only those tasks.
// Each task runs its shards one after another; a failed shard does not stop the others
// and makes the task fail. Finished shards are skipped by the workers themselves.
std::string slurmArrayScript(const SlurmPlan& plan);
// The merge script: `domainlens-cli merge PROJECT DIR`.
std::string slurmMergeScript(const SlurmPlan& plan);

// POSIX shell single-quoting: 'it'\''s' (safe for any byte string without NUL).
std::string shellQuote(std::string_view text);

// One value of an #SBATCH line, as sbatch's own parser reads it back: double-quoted, with '\\',
// '"' and '#' escaped by a backslash.
std::string sbatchQuote(std::string_view text);
// A path as the literal part of an sbatch filename pattern (--output): '%' doubled.
std::string sbatchLiteralFilename(std::string_view path);

// The job id in `sbatch --parsable` output ("1234" or "1234;cluster", maybe with a newline).
Expected<std::string> parseSbatchJobId(std::string_view output);

}  // namespace dl
