#include "shard/ShardSet.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <system_error>
#include <tuple>
#include "common/Brace.h"

namespace dl {

using shard_detail::brace;

namespace fs = std::filesystem;

namespace {

bool isManifestOf(const fs::path& p, const std::string& job) {
    const std::string name = p.filename().string();
    const std::string suffix = ".manifest.json";
    return name.size() > job.size() + suffix.size() && name.starts_with(job + "-") && name.ends_with(suffix);
}

std::string joinInts(const std::vector<int>& v) {
    std::string s;
    for (int x : v) s += (s.empty() ? "" : ", ") + std::to_string(x);
    return s;
}

// Reads the manifests; a corrupt one is a problem for its shard (named by its file name).
void readAll(const fs::path& dir, const std::string& job, std::vector<ShardManifest>& read,
             std::vector<std::string>& messages, std::vector<int>& broken) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (!entry.is_regular_file() || !isManifestOf(entry.path(), job)) continue;
        auto m = readShardManifest(entry.path());
        if (m) {
            read.push_back(std::move(*m));
            continue;
        }
        messages.push_back(m.error().message);
        // "<job>-<I>-of-<N>.manifest.json": recover I so the shard is re-run.
        int index = -1, count = 0;
        const std::string stem = entry.path().filename().string().substr(job.size() + 1);
        if (std::sscanf(stem.c_str(), "%d-of-%d", &index, &count) == 2 && index >= 0) broken.push_back(index);
    }
    if (ec) messages.push_back(brace("{}: cannot be listed ({}).", dir.string(), ec.message()));
}

}  // namespace

ShardSetProblem checkShards(const fs::path& dir, const std::string& job, std::optional<int> arraySize,
                            std::vector<ShardManifest>& valid) {
    ShardSetProblem problem;
    std::vector<ShardManifest> read;
    std::vector<int> broken;
    readAll(dir, job, read, problem.messages, broken);
    if (read.empty() && broken.empty()) {
        problem.messages.push_back(brace("{}: no finished '{}' shards found.", dir.string(), job));
        return problem;
    }
    // The reference is the most common (count, params, model) among the valid manifests.
    std::map<std::tuple<int, std::string, std::string>, int> votes;
    for (const auto& m : read) ++votes[{m.shard.count, m.paramsHash, m.modelHash}];
    auto ref = std::ranges::max_element(votes, {}, [](const auto& kv) { return kv.second; });
    const int count = ref == votes.end() ? 0 : std::get<0>(ref->first);
    std::map<int, ShardManifest> byIndex;
    for (auto& m : read) {
        if (std::tuple(m.shard.count, m.paramsHash, m.modelHash) != ref->first) {
            problem.messages.push_back(
                brace("{}: shard {} of {} made with other parameters, model or shard count "
                      "than the rest ({} shards, parameters {}).",
                      manifestPath(dir, job, m.shard).string(), m.shard.index, m.shard.count, count,
                      std::get<1>(ref->first).substr(0, 12)));
            broken.push_back(m.shard.index);
            continue;
        }
        byIndex.emplace(m.shard.index, std::move(m));
    }
    // Overlapping id ranges mean two different splits of the corpus were mixed.
    const ShardManifest* previous = nullptr;
    for (const auto& [index, m] : byIndex) {
        if (m.rows == 0) continue;
        if (previous && m.firstId <= previous->lastId)
            problem.messages.push_back(brace("shards {} and {} overlap (ids {}..{} and {}..{}).", previous->shard.index,
                                             index, previous->firstId, previous->lastId, m.firstId, m.lastId));
        previous = &m;
    }
    for (int i = 0; i < count; ++i)
        if (!byIndex.contains(i) || std::ranges::find(broken, i) != broken.end()) problem.missing.push_back(i);
    for (int i : broken)
        if (i >= count && std::ranges::find(problem.missing, i) == problem.missing.end()) problem.missing.push_back(i);
    std::ranges::sort(problem.missing);
    if (!problem.missing.empty()) {
        const int m = arraySize.value_or(count);
        std::vector<int> tasks;
        for (int i : problem.missing) tasks.push_back(m > 0 ? i % m : i);
        problem.arrayList = slurmArrayList(tasks);
    }
    for (auto& [index, manifest] : byIndex)
        if (std::ranges::find(problem.missing, index) == problem.missing.end()) valid.push_back(std::move(manifest));
    return problem;
}

Expected<std::vector<ShardManifest>> collectShards(const fs::path& dir, const std::string& job,
                                                   std::optional<int> arraySize) {
    std::vector<ShardManifest> valid;
    ShardSetProblem problem = checkShards(dir, job, arraySize, valid);
    if (problem.missing.empty() && problem.messages.empty()) return valid;
    std::string text;
    if (!problem.missing.empty())
        text = brace("{} shard(s) of '{}' missing or invalid in {}: {}. Re-run only them with --array={}.",
                     problem.missing.size(), job, dir.string(), joinInts(problem.missing), problem.arrayList);
    for (const auto& line : problem.messages) text += (text.empty() ? "" : "\n  ") + line;
    return fail(text);
}

}  // namespace dl
