#pragma once
// The sampling mixture lambda over training, read back for the views (Pham et al. 2022, Fig. 2):
// from a schedule file of `mixture schedule`, the `train.json` or MDAC state of `mixture train`
// / `mixture step`, or an external trainer's log. The log format (docs/mixture.md, "Trajectory
// logs") is JSON Lines, one object per line:
//   {"step": 2000, "lambda": {"law": 0.4, "medical": 0.6}}
// "step" (an integer >= 0) may be replaced by "session" (the lines of `mixture step --json`
// appended to a file are accepted as they are); every line uses the same key, in increasing
// order, and names the same groups as the first; weights are finite, >= 0 and sum to 1 within
// kLogWeightSumTolerance (a log prints rounded values; they are renormalised). Blank lines and
// lines starting with '#' are skipped; other keys are ignored. Every byte is untrusted: an error
// names the file and the line.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "jobs/Progress.h"

namespace dl {

inline constexpr double kLogWeightSumTolerance = 1e-3;
inline constexpr std::int64_t kMaxTrajectoryPoints = 1'000'000;
inline constexpr std::size_t kMaxTrajectoryGroups = 4096;
inline constexpr std::int64_t kMaxTrajectoryFileBytes = 256LL << 20;

struct LambdaTrajectory {
    std::string x = "step";           // what x counts: "step" or "session"
    std::vector<std::string> groups;  // as the source orders them (sorted for JSON objects)
    std::vector<double> xs;           // increasing
    std::vector<std::vector<double>> lambda;  // [point][group], each a distribution
    double end = 0;                   // where the last point's lambda stops (>= xs.back())
    std::string source;               // "log", "schedule", "mdac-state", "train"
};

// An external trainer's log (the format above). `what` names it in errors.
Expected<LambdaTrajectory> parseTrajectoryLog(std::string_view text, const std::string& what,
                                              const CancelToken& cancel);
// A JSON document of ours: a schedule file ({kind, steps, schedule: [{step, lambda}]}), a
// `mixture train` report (train.json: the MDAC/DDS trajectory at session * session_steps, else
// lambda at each evaluation) or an MDAC state file ({trajectory: [{session, lambda}]}).
Expected<LambdaTrajectory> trajectoryFromJson(const nlohmann::json& j, const std::string& what);
// A file of either kind: a single JSON object that is one of ours, else a log.
Expected<LambdaTrajectory> readLambdaTrajectory(const std::string& path, const CancelToken& cancel);

}  // namespace dl
