#include "common/DynamicModule.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

namespace dl {

namespace {

std::vector<std::string> candidatePaths(const ModuleSpec& spec) {
    namespace fs = std::filesystem;
    std::vector<std::string> out;
    if (const char* env = std::getenv(spec.envVar); env && *env) {
        out.emplace_back(env);
        if (spec.envOnly) return out;
    }
    std::error_code ec;
    auto exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const auto dir = exe.parent_path();
        out.push_back((dir / spec.fileName).string());
        // PREFIX/bin (the GUI, domainlens-cli) and PREFIX/libexec/domainlens (domainlens-cli-full).
        for (const auto& prefix : {dir / "..", dir / ".." / ".."})
            for (const char* lib : {"lib", "lib64", "lib/x86_64-linux-gnu"})
                out.push_back((prefix / lib / "domainlens" / spec.fileName).lexically_normal().string());
    }
    if (spec.installPath) out.emplace_back(spec.installPath);
    if (spec.buildPath) out.emplace_back(spec.buildPath);
    return out;
}

}  // namespace

Expected<LoadedModule> loadModule(const ModuleSpec& spec, const std::string& notFound) {
    std::string tried;
    for (const auto& p : candidatePaths(spec)) {
        std::error_code ec;
        if (!std::filesystem::exists(p, ec)) {
            tried += "\n  " + p + " (absent)";
            continue;
        }
        // ASan/UBSan abort on RTLD_DEEPBIND; their builds (fuzzers, build-asan) define DOMAINLENS_NO_DEEPBIND.
#ifdef DOMAINLENS_NO_DEEPBIND
        void* lib = dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL);
#else
        void* lib = dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
#endif
        if (!lib) {
            const char* e = dlerror();
            tried += "\n  " + p + " (" + (e ? e : "dlopen failed") + ")";
            continue;
        }
        return LoadedModule{lib, p};
    }
    return fail(notFound + " Tried:" + tried);
}

}  // namespace dl
