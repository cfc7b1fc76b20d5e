#pragma once
// The command line of `domainlens-cli slurm PROJECT STAGE <stage args...> --shards N ...`:
// slurm's own options are taken out wherever they stand, everything else goes to the stage's
// workers unchanged (so new stage options need no change here).
#include <optional>
#include <string>
#include <vector>

#include "common/Error.h"

namespace dl {

struct SlurmRequest {
    std::string stage;                   // encode | score | assign
    std::vector<std::string> stageArgs;  // in their order
    int shards = 0;
    std::optional<int> arraySize;        // default min(N, kDefaultMaxArrayTasks)
    std::string partition, time, outDir;
    bool wait = false, dryRun = false;
    int effectiveArraySize() const;
};

// args: what follows PROJECT. Usage errors name the option; --shard/--out of the stage
// itself are refused (slurm sets them per task).
Expected<SlurmRequest> parseSlurmRequest(const std::vector<std::string>& args);

}  // namespace dl
