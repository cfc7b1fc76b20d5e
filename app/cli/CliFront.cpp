#include "CliFront.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

#include "CliSupport.h"

// Set by app/CMakeLists.txt on this unit (the one place it is computed): where the installed
// full binary lies, relative to the installed front (bin/ -> libexec/domainlens/).
#ifndef DOMAINLENS_CLI_FULL_FROM_BIN
#error "DOMAINLENS_CLI_FULL_FROM_BIN: set by app/CMakeLists.txt"
#endif

namespace dlcli {

namespace {

constexpr const char* kFullName = "domainlens-cli-full";

// Next to the front (the build tree), then the installed layout.
std::vector<std::filesystem::path> fullBinaryCandidates() {
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error) return {};
    const auto dir = self.parent_path();
    return {dir / kFullName, (dir / DOMAINLENS_CLI_FULL_FROM_BIN).lexically_normal()};
}

}  // namespace

bool frontHolds(int argc, char** argv) {
    if (argc < 2) return false;  // the overview lists every command: the full binary's
    const char* name = argv[1];
    if (std::strcmp(name, "--version") == 0) return true;
    for (const auto& command : commands())
        if (command.name == QLatin1String(name)) return true;
    return false;
}

int runInFullBinary(char** argv) {
    // Blocked signals stay pending across execv; the full binary's installInterruptHandlers
    // unblocks them once its handlers are in place, so a Ctrl+C in between cancels the command
    // instead of killing the process or being lost.
    sigset_t interrupts;
    sigemptyset(&interrupts);
    sigaddset(&interrupts, SIGINT);
    sigaddset(&interrupts, SIGTERM);
    sigprocmask(SIG_BLOCK, &interrupts, nullptr);
    if (interrupted()) {  // caught by this binary's handler before the block: nothing ran yet
        std::fprintf(stderr, "domainlens-cli: Cancelled by the user.\n");
        return ExitFailed;
    }
    std::string tried;
    for (const auto& candidate : fullBinaryCandidates()) {
        ::execv(candidate.c_str(), argv);
        const int why = errno;  // execv returns only on failure
        tried += "\n  " + candidate.string() + ": " + std::strerror(why);
    }
    sigprocmask(SIG_UNBLOCK, &interrupts, nullptr);
    const std::string what = argv[1] ? "'" + std::string(argv[1]) + "'" : std::string("The overview");
    std::fprintf(stderr,
                 "domainlens-cli: %s runs in %s, which could not be started:%s\n"
                 "Reinstall DomainLens, or rebuild it (scripts/build.sh).\n",
                 what.c_str(), kFullName, tried.empty() ? " (no path)" : tried.c_str());
    return ExitFailed;
}

}  // namespace dlcli
