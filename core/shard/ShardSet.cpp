#include "shard/ShardSet.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <system_error>
#include <tuple>
#include "common/Brace.h"
#include "shard/ShardSpec.h"

namespace dl {

using shard_detail::brace;

namespace fs = std::filesystem;

namespace {

// Lines of a message listed whole; the rest are counted ("... and N more").
constexpr std::size_t kListedProblems = 20;

bool isManifestOf(const fs::path& p, const std::string& job) {
    const std::string name = p.filename().string();
    const std::string suffix = ".manifest.json";
    return name.size() > job.size() + suffix.size() && name.starts_with(job + "-") && name.ends_with(suffix);
}

// "<job>-<I>-of-<N>.manifest.json": I and N from the name (nullopt when it does not say).
std::optional<ShardSpec> specOfName(const fs::path& p, const std::string& job) {
    int index = -1, count = 0;
    const std::string stem = p.filename().string().substr(job.size() + 1);
    if (std::sscanf(stem.c_str(), "%d-of-%d", &index, &count) != 2) return std::nullopt;
    return ShardSpec{index, count};
}

// A shard index to re-run recovered from a file name: only one a worker could have written.
void brokenByName(const fs::path& p, const std::string& job, std::set<int>& broken) {
    const auto spec = specOfName(p, job);
    if (spec && spec->index >= 0 && spec->index < spec->count && spec->count <= kMaxShardCount)
        broken.insert(spec->index);
}

// Reads the manifests; a corrupt one is a problem for its shard (named by its file name).
void readAll(const fs::path& dir, const std::string& job, std::vector<ShardManifest>& read,
             std::vector<std::string>& messages, std::set<int>& broken) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (!entry.is_regular_file() || !isManifestOf(entry.path(), job)) continue;
        auto m = readShardManifest(entry.path());
        if (!m) {
            messages.push_back(m.error().message);
            brokenByName(entry.path(), job, broken);
            continue;
        }
        const auto named = specOfName(entry.path(), job);
        if (!named || named->index != m->shard.index || named->count != m->shard.count) {
            messages.push_back(brace("{}: fields 'shard' and 'shards' ({}) do not match the file name.",
                                     entry.path().string(), formatShardSpec(m->shard)));
            brokenByName(entry.path(), job, broken);
            continue;
        }
        read.push_back(std::move(*m));
    }
    if (ec) messages.push_back(brace("{}: cannot be listed ({}).", dir.string(), ec.message()));
}

// The --array list re-running `missing` when array task t ran shards t, t+m, ... (m < 1: one
// task per shard). Bounded by the shards listed, whatever the count or m.
std::string arrayListOf(const std::vector<ShardIndexRange>& missing, int m) {
    if (missing.empty()) return {};
    if (m < 1 || missing.back().last < m) {  // task = shard
        std::string out;
        for (const auto& r : missing)
            out += (out.empty() ? "" : ",") +
                   (r.first == r.last ? std::to_string(r.first) : brace("{}-{}", r.first, r.last));
        return out;
    }
    std::vector<int> tasks;
    for (const auto& r : missing) {
        if (std::int64_t(r.last) - r.first + 1 >= m) return brace("0-{}", m - 1);
        for (int i = r.first; i <= r.last; ++i) tasks.push_back(i % m);
    }
    return slurmArrayList(std::move(tasks));
}

// Missing: the gaps between the good shards in 0..count-1, and the broken ones beyond.
std::vector<ShardIndexRange> missingRanges(const std::map<int, ShardManifest>& byIndex, const std::set<int>& broken,
                                           int count) {
    std::vector<ShardIndexRange> missing;
    int next = 0;
    for (const auto& entry : byIndex) {
        const int index = entry.first;
        if (broken.contains(index)) continue;
        if (index > next) missing.push_back({next, index - 1});
        next = index + 1;
    }
    if (next < count) missing.push_back({next, count - 1});
    std::vector<int> beyond;
    for (int i : broken)
        if (i >= count) beyond.push_back(i);
    for (const auto& r : shardIndexRanges(std::move(beyond))) {
        if (!missing.empty() && r.first == missing.back().last + 1) missing.back().last = r.last;
        else missing.push_back(r);
    }
    return missing;
}

}  // namespace

std::vector<ShardIndexRange> shardIndexRanges(std::vector<int> indices) {
    std::ranges::sort(indices);
    std::vector<ShardIndexRange> out;
    for (int i : indices) {
        if (!out.empty() && i <= out.back().last) continue;
        if (!out.empty() && i == out.back().last + 1) out.back().last = i;
        else out.push_back({i, i});
    }
    return out;
}

std::string describeShardRanges(const std::vector<ShardIndexRange>& ranges, std::size_t shown) {
    std::string s;
    std::int64_t more = 0;
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        const auto& r = ranges[i];
        if (i >= shown) {
            more += std::int64_t(r.last) - r.first + 1;
            continue;
        }
        s += (s.empty() ? "" : ", ") + (r.first == r.last ? std::to_string(r.first) : brace("{}-{}", r.first, r.last));
    }
    if (more > 0) s += brace(", ... and {} more", more);
    return s;
}

ShardSetProblem checkShards(const fs::path& dir, const std::string& job, std::optional<int> arraySize,
                            std::vector<ShardManifest>& valid) {
    ShardSetProblem problem;
    std::vector<ShardManifest> read;
    std::set<int> broken;
    readAll(dir, job, read, problem.messages, broken);
    if (read.empty() && broken.empty() && problem.messages.empty()) {
        problem.messages.push_back(brace("{}: no finished '{}' shards found.", dir.string(), job));
        return problem;
    }
    // The reference is the most common (count, params, model) among the valid manifests.
    std::map<std::tuple<int, std::string, std::string>, int> votes;
    for (const auto& m : read) ++votes[{m.shard.count, m.paramsHash, m.modelHash}];
    auto ref = std::ranges::max_element(votes, {}, [](const auto& kv) { return kv.second; });
    const int count = ref == votes.end() ? 0 : std::get<0>(ref->first);
    problem.shardCount = count;
    std::map<int, ShardManifest> byIndex;
    for (auto& m : read) {
        if (std::tuple(m.shard.count, m.paramsHash, m.modelHash) != ref->first) {
            problem.messages.push_back(
                brace("{}: shard {} of {} made with other parameters, model or shard count "
                      "than the rest ({} shards, parameters {}).",
                      manifestPath(dir, job, m.shard).string(), m.shard.index, m.shard.count, count,
                      std::get<1>(ref->first).substr(0, 12)));
            broken.insert(m.shard.index);
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
    problem.missing = missingRanges(byIndex, broken, count);
    for (const auto& r : problem.missing) problem.missingCount += std::int64_t(r.last) - r.first + 1;
    problem.arrayList = arrayListOf(problem.missing, arraySize.value_or(count));
    for (auto& [index, manifest] : byIndex)
        if (!broken.contains(index)) valid.push_back(std::move(manifest));
    return problem;
}

Expected<std::vector<ShardManifest>> collectShards(const fs::path& dir, const std::string& job,
                                                   std::optional<int> arraySize) {
    std::vector<ShardManifest> valid;
    ShardSetProblem problem = checkShards(dir, job, arraySize, valid);
    if (problem.missing.empty() && problem.messages.empty()) return valid;
    std::string text;
    if (!problem.missing.empty()) {
        // A list of more ranges than a message shows: the whole array again (finished shards are skipped).
        const bool whole = std::ranges::count(problem.arrayList, ',') + 1 > std::ptrdiff_t(kListedProblems);
        const int m = arraySize.value_or(std::max(problem.shardCount, problem.missing.back().last + 1));
        text = brace("{} shard(s) of '{}' missing or invalid in {}: {}. Re-run {} with --array={}.",
                     problem.missingCount, job, dir.string(), describeShardRanges(problem.missing, kListedProblems),
                     whole ? "the whole array (finished shards are skipped)" : "only them",
                     whole ? brace("0-{}", m - 1) : problem.arrayList);
    }
    for (std::size_t i = 0; i < problem.messages.size() && i < kListedProblems; ++i)
        text += (text.empty() ? "" : "\n  ") + problem.messages[i];
    if (problem.messages.size() > kListedProblems)
        text += brace("\n  ... and {} more problem(s).", problem.messages.size() - kListedProblems);
    return fail(text);
}

}  // namespace dl
