#include "common/ArrowModule.h"

#include <dlfcn.h>

#include "common/DynamicModule.h"

// Set by CMake on this unit only (the module's CMakeLists.txt); absent in a build without it.
#ifndef DOMAINLENS_ARROW_INSTALL_PATH
#define DOMAINLENS_ARROW_INSTALL_PATH nullptr
#endif
#ifndef DOMAINLENS_ARROW_BUILD_PATH
#define DOMAINLENS_ARROW_BUILD_PATH nullptr
#endif

namespace dl {

namespace {

template <class F>
bool bindSymbol(void* lib, const char* name, F& out) {
    out = reinterpret_cast<F>(dlsym(lib, name));
    return out != nullptr;
}

// The module's functions, or why there are none.
struct Loaded {
    ArrowModuleApi api;
    std::string error;
};

Loaded load() {
    Loaded out;
    auto module = loadModule(ModuleSpec{"libdomainlens_arrow.so", "DOMAINLENS_ARROW_MODULE",
                                        DOMAINLENS_ARROW_INSTALL_PATH, DOMAINLENS_ARROW_BUILD_PATH, true},
                             "Parquet and Hugging Face datasets need the module libdomainlens_arrow.so and the "
                             "Arrow C++ libraries of the pinned pyarrow wheel (scripts/setup.sh, then rebuild; "
                             "docs/parquet.md); it cannot be loaded (set DOMAINLENS_ARROW_MODULE to choose one).");
    if (!module) return Loaded{{}, module.error().message};
    void* lib = module->handle;
    ArrowModuleApi& api = out.api;
    int (*abiVersion)() = nullptr;
    const bool all = bindSymbol(lib, "dl_arrow_abi_version", abiVersion) &&
                     bindSymbol(lib, "dl_arrow_reader_open", api.readerOpen) &&
                     bindSymbol(lib, "dl_arrow_reader_next", api.readerNext) &&
                     bindSymbol(lib, "dl_arrow_reader_error", api.readerError) &&
                     bindSymbol(lib, "dl_arrow_reader_bytes_read", api.readerBytesRead) &&
                     bindSymbol(lib, "dl_arrow_reader_position", api.readerPosition) &&
                     bindSymbol(lib, "dl_arrow_reader_free", api.readerFree) &&
                     bindSymbol(lib, "dl_parquet_writer_open", api.writerOpen) &&
                     bindSymbol(lib, "dl_parquet_writer_add", api.writerAdd) &&
                     bindSymbol(lib, "dl_parquet_writer_finish", api.writerFinish) &&
                     bindSymbol(lib, "dl_parquet_writer_error", api.writerError) &&
                     bindSymbol(lib, "dl_parquet_writer_free", api.writerFree);
    if (!all || abiVersion() != DL_ARROW_ABI_VERSION) {
        out.error = "The Parquet module " + module->path + " does not have the expected functions (ABI version " +
                    std::to_string(DL_ARROW_ABI_VERSION) + "; " +
                    (all ? "it has " + std::to_string(abiVersion()) : std::string("some are missing")) +
                    "): rebuild it with this DomainLens.";
        dlclose(lib);
        return Loaded{{}, out.error};
    }
    api.path = module->path;
    return out;
}

}  // namespace

Expected<const ArrowModuleApi*> arrowModule() {
    static const Loaded loaded = load();  // once per process (a thread-safe static)
    if (loaded.api.path.empty()) return fail(loaded.error);
    return &loaded.api;
}

}  // namespace dl
