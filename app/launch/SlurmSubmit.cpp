#include "launch/SlurmSubmit.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "common/AtomicFile.h"
#include "common/Brace.h"
#include "shard/ShardSet.h"

extern char** environ;

namespace dl {

using shard_detail::brace;
namespace fs = std::filesystem;

std::optional<std::string> findOnPath(std::string_view name, std::string_view pathList) {
    if (name.find('/') != std::string_view::npos)
        return ::access(std::string(name).c_str(), X_OK) == 0 ? std::optional<std::string>(name) : std::nullopt;
    std::size_t start = 0;
    while (start <= pathList.size()) {
        std::size_t end = pathList.find(':', start);
        if (end == std::string_view::npos) end = pathList.size();
        const std::string dir(pathList.substr(start, end - start));
        const std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + std::string(name);
        struct stat st {};
        if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        start = end + 1;
    }
    return std::nullopt;
}

namespace {

// Reads both pipes until both are closed (poll: neither can fill up and block the child).
void drain(int outFd, int errFd, std::string& out, std::string& err) {
    pollfd fds[2] = {{outFd, POLLIN, 0}, {errFd, POLLIN, 0}};
    std::string* sinks[2] = {&out, &err};
    int open = 2;
    char buf[4096];
    while (open > 0) {
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
            if (n > 0) {
                sinks[i]->append(buf, static_cast<std::size_t>(n));
            } else if (n == 0 || errno != EINTR) {
                ::close(fds[i].fd);
                fds[i].fd = -1;
                --open;
            }
        }
    }
}

Expected<std::string> sbatchSubmit(const std::string& sbatch, std::vector<std::string> options,
                                   const std::string& script, int* exitCode) {
    std::vector<std::string> argv{sbatch, "--parsable"};
    argv.insert(argv.end(), options.begin(), options.end());
    argv.push_back(script);
    auto res = runProcess(argv);
    if (!res) return std::unexpected(res.error());
    if (exitCode) *exitCode = res->exitCode;
    auto id = parseSbatchJobId(res->out);
    if (!id)
        return fail(
            brace("sbatch {} failed (exit {}): {}", script, res->exitCode, res->err.empty() ? res->out : res->err));
    if (!exitCode && res->exitCode != 0)
        return fail(brace("sbatch {} failed (exit {}): {}", script, res->exitCode, res->err));
    return id;
}

}  // namespace

Expected<ProcessOutput> runProcess(const std::vector<std::string>& argv) {
    if (argv.empty()) return fail("runProcess: no command.");
    int outPipe[2], errPipe[2];
    if (::pipe2(outPipe, O_CLOEXEC) != 0) return fail(brace("cannot create a pipe: {}", std::strerror(errno)));
    if (::pipe2(errPipe, O_CLOEXEC) != 0) {
        ::close(outPipe[0]), ::close(outPipe[1]);
        return fail(brace("cannot create a pipe: {}", std::strerror(errno)));
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1);
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = -1;
    const int rc = ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(outPipe[1]), ::close(errPipe[1]);
    if (rc != 0) {
        ::close(outPipe[0]), ::close(errPipe[0]);
        return fail(brace("cannot run {}: {}", argv[0], std::strerror(rc)));
    }
    ProcessOutput res;
    drain(outPipe[0], errPipe[0], res.out, res.err);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    res.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return res;
}

Expected<SlurmSubmission> submitSlurmPlan(const SlurmPlan& plan, const std::string& sbatch, bool wait) {
    if (auto s = validateSlurmPlan(plan); !s) return std::unexpected(s.error());
    std::error_code ec;
    fs::create_directories(plan.logDir(), ec);
    if (ec) return fail(brace("{}: cannot be created ({}).", plan.logDir(), ec.message()));
    // Exclusive temporaries, never through a planted link (common/AtomicFile.h); rwxr-x---.
    for (const auto& [path, text] : {std::pair{plan.arrayScriptPath(), slurmArrayScript(plan)},
                                     std::pair{plan.mergeScriptPath(), slurmMergeScript(plan)}})
        if (auto s = writeFileAtomically(path, text, 0750); !s) return std::unexpected(s.error());
    SlurmSubmission sub;
    auto arrayId = sbatchSubmit(sbatch, {}, plan.arrayScriptPath(), nullptr);
    if (!arrayId) return std::unexpected(arrayId.error());
    sub.arrayJobId = *arrayId;
    std::vector<std::string> mergeOptions{"--dependency=afterany:" + sub.arrayJobId, "--kill-on-invalid-dep=yes"};
    if (wait) mergeOptions.push_back("--wait");
    int mergeExit = 0;
    auto mergeId = sbatchSubmit(sbatch, mergeOptions, plan.mergeScriptPath(), &mergeExit);
    if (!mergeId) return std::unexpected(mergeId.error());
    sub.mergeJobId = *mergeId;
    sub.waited = wait;
    sub.mergeExitCode = wait ? mergeExit : -1;
    return sub;
}

std::string slurmFailureReport(const SlurmPlan& plan) {
    std::vector<ShardManifest> valid;
    const ShardSetProblem problem = checkShards(plan.outDir, plan.stage, plan.arraySize, valid);
    // Missing = every shard of 0..N-1 without a valid manifest (checkShards cannot know N
    // when no shard finished at all), plus the ones it found broken.
    std::vector<bool> done(static_cast<std::size_t>(plan.shards), false);
    for (const auto& m : valid)
        if (m.shard.count == plan.shards && m.shard.index >= 0 && m.shard.index < plan.shards)
            done[static_cast<std::size_t>(m.shard.index)] = true;
    for (const auto& r : problem.missing)
        for (int i = std::max(r.first, 0); i <= r.last && i < plan.shards; ++i)
            done[static_cast<std::size_t>(i)] = false;
    std::vector<int> missing, tasks;
    for (int i = 0; i < plan.shards; ++i)
        if (!done[static_cast<std::size_t>(i)]) missing.push_back(i), tasks.push_back(i % plan.arraySize);
    std::string text;
    if (!missing.empty()) {
        text += brace("{} of {} shard(s) of '{}' missing or invalid: {}.\n", missing.size(), plan.shards, plan.stage,
                      describeShardRanges(shardIndexRanges(missing)));
        text += brace("Re-run only them, then merge:\n  sbatch --array={} {}\n  sbatch {}\n", slurmArrayList(tasks),
                      shellQuote(plan.arrayScriptPath()), shellQuote(plan.mergeScriptPath()));
    } else {
        text += brace("Every shard is present; the merge itself failed. Re-run it: sbatch {}\n",
                      shellQuote(plan.mergeScriptPath()));
    }
    for (const auto& m : problem.messages) text += "  " + m + "\n";
    text += brace("Logs: {}\n", plan.logDir());
    return text;
}

}  // namespace dl
