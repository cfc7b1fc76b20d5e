#pragma once
// Submits a SlurmPlan with the `sbatch` command (the cluster's own client, whatever its
// version): the array first, then the merge with --dependency=afterany:<array id>, and with
// `wait` blocks in `sbatch --wait` on the merge. Runs on the caller's thread; no threads here.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/Error.h"
#include "launch/SlurmPlan.h"

namespace dl {

// `name` found in the ':'-separated `pathList` (executable regular file), else nullopt.
std::optional<std::string> findOnPath(std::string_view name, std::string_view pathList);

struct ProcessOutput {
    int exitCode = -1;  // 128 + signal when the child died by a signal
    std::string out, err;
};
// Runs argv[0] (searched on PATH) with its stdout/stderr captured; fails only when it cannot start.
Expected<ProcessOutput> runProcess(const std::vector<std::string>& argv);

struct SlurmSubmission {
    std::string arrayJobId, mergeJobId;
    bool waited = false;
    int mergeExitCode = -1;  // the merge job's exit code (valid when waited)
};

// Writes the two scripts (and the log folder) under plan.scriptDir(), then submits them.
// `sbatch`: the executable to use (findOnPath("sbatch", ...) by the caller).
Expected<SlurmSubmission> submitSlurmPlan(const SlurmPlan& plan, const std::string& sbatch, bool wait);

// After a failed merge: which shards are missing or invalid in plan.outDir and the
// `sbatch --array=<list>` command that re-runs only them, then the merge command.
std::string slurmFailureReport(const SlurmPlan& plan);

}  // namespace dl
