#pragma once
// The CLI front (app/CMakeLists.txt; ARCHITECTURE.md section 1 and the known trap "libtorch's
// start-up"): domainlens-cli holds the commands that never touch a model and hands every other
// command line to domainlens-cli-full. Main thread, before QCoreApplication exists.

namespace dlcli {

// True when this binary runs the command line itself: `--version`, or a command compiled into it.
bool frontHolds(int argc, char** argv);

// Replaces this process with domainlens-cli-full, the same argv (execv: same PID, so exit codes,
// signals and output are the full binary's). Ctrl+C or SIGTERM that arrives in between stays
// pending and reaches the full binary's handlers. Returns only when that cannot be done: then it
// has printed why and the result is the exit code.
int runInFullBinary(char** argv);

}  // namespace dlcli
