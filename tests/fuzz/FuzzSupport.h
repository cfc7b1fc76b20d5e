#pragma once
// Helpers shared by the libFuzzer targets: the parsers under test read files, so each input
// is written to a scratch folder that lives as long as the process (one per fuzzer process,
// so parallel fuzzers never share files). Not part of core; never linked into the app.
#include <time.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace dlfuzz {

// A private folder under $TMPDIR (or /tmp), removed at exit.
inline const std::filesystem::path& scratchDir() {
    static const std::filesystem::path dir = [] {
        const char* base = std::getenv("TMPDIR");
        std::string templ = std::string(base && *base ? base : "/tmp") + "/dlfuzz-XXXXXX";
        if (!mkdtemp(templ.data())) std::abort();
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(scratchDir(), ec);
        });
        return std::filesystem::path(templ);
    }();
    return dir;
}

// Writes the bytes to scratchDir()/name and returns the full path.
inline std::string writeFile(const std::string& name, std::string_view bytes) {
    const auto path = scratchDir() / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) std::abort();
    return path.string();
}

inline void removeFile(const std::string& name) {
    std::error_code ec;
    std::filesystem::remove(scratchDir() / name, ec);
}

// Runs f and aborts (a finding, like a crash) when it takes longer than `seconds` of this
// thread's CPU time: for work that must stay near linear in its input (tokenization; issue #23,
// class 7), so that a slow input is caught long before libFuzzer's own per-input timeout. CPU
// time, not wall time: a 0.16 s input once "took 2.22 s" on a loaded machine (a long run at
// nice 19 beside a build) and was reported as a finding; the thread's own clock does not count
// the time other processes held the core. f must run on the calling thread.
template <class F>
void withinBudget(const char* what, F&& f, double seconds = 1.0) {
    const auto threadSeconds = [] {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
    };
    const double t0 = threadSeconds();
    f();
    const double took = threadSeconds() - t0;
    if (took > seconds) {
        std::fprintf(stderr, "%s took %.2f s of CPU (budget %.2f s)\n", what, took, seconds);
        std::abort();
    }
}

inline std::string_view asView(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

}  // namespace dlfuzz
