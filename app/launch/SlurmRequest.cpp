#include "launch/SlurmRequest.h"

#include <algorithm>
#include <charconv>

#include "common/Brace.h"
#include "launch/SlurmPlan.h"

namespace dl {

using shard_detail::brace;

int SlurmRequest::effectiveArraySize() const { return arraySize.value_or(std::min(shards, kDefaultMaxArrayTasks)); }

namespace {

Expected<int> positiveInt(const std::string& option, const std::string& text) {
    int v = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size() || v < 1)
        return usageError(brace("slurm: {} expects a positive whole number (got '{}').", option, text));
    return v;
}

// "--opt value" or "--opt=value"; returns true and fills value when args[i] is that option.
Expected<bool> takeValue(const std::vector<std::string>& args, std::size_t& i, const std::string& option,
                         std::string& value) {
    const std::string& a = args[i];
    if (a.starts_with(option + "=")) {
        value = a.substr(option.size() + 1);
        return true;
    }
    if (a != option) return false;
    if (i + 1 >= args.size()) return usageError(brace("slurm: {} needs a value.", option));
    value = args[++i];
    return true;
}

// One of slurm's own value options at args[i] (consumed, stored in r): true; else false.
Expected<bool> takeOwnOption(const std::vector<std::string>& args, std::size_t& i, SlurmRequest& r) {
    for (const auto& [option, target] : {std::pair<std::string, std::string*>{"--partition", &r.partition},
                                         {"--time", &r.time},
                                         {"--out", &r.outDir}}) {
        auto took = takeValue(args, i, option, *target);
        if (!took || *took) return took;
    }
    for (const std::string option : {"--shards", "--array-size"}) {
        std::string value;
        auto took = takeValue(args, i, option, value);
        if (!took) return took;
        if (!*took) continue;
        auto n = positiveInt(option, value);
        if (!n) return std::unexpected(n.error());
        if (option == "--shards") r.shards = *n;
        else r.arraySize = *n;
        return true;
    }
    return false;
}

}  // namespace

Expected<SlurmRequest> parseSlurmRequest(const std::vector<std::string>& args) {
    SlurmRequest r;
    if (args.empty()) return usageError("slurm: name the stage to run (encode, score or assign) after PROJECT.");
    r.stage = args[0];
    if (r.stage != "encode" && r.stage != "score" && r.stage != "assign")
        return usageError(brace("slurm: the stage must be encode, score or assign (got '{}').", r.stage));
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--wait") {
            r.wait = true;
            continue;
        }
        if (a == "--dry-run") {
            r.dryRun = true;
            continue;
        }
        if (a == "--shard" || a.starts_with("--shard="))
            return usageError("slurm: --shard is set per array task; give the number of shards with --shards N.");
        auto took = takeOwnOption(args, i, r);
        if (!took) return std::unexpected(took.error());
        if (!*took) r.stageArgs.push_back(a);
    }
    if (r.shards < 1) return usageError("slurm: --shards N is required.");
    if (r.arraySize && *r.arraySize > r.shards)
        return usageError(brace("slurm: --array-size {} is larger than --shards {}.", *r.arraySize, r.shards));
    return r;
}

}  // namespace dl
