#include "corpus/ArrowModule.h"

#include <dlfcn.h>

#include <mutex>

#include "common/DynamicModule.h"

namespace dl {

namespace {

template <class F>
bool bindSymbol(void* lib, const char* name, F& out) {
    out = reinterpret_cast<F>(dlsym(lib, name));
    return out != nullptr;
}

}  // namespace

Expected<const ArrowModuleApi*> arrowModule() {
    static std::once_flag once;
    static ArrowModuleApi api;
    static std::string error;
    std::call_once(once, [] {
        const ModuleSpec spec{"libdomainlens_arrow.so", "DOMAINLENS_ARROW_MODULE",
#ifdef DOMAINLENS_ARROW_INSTALL_PATH
                              DOMAINLENS_ARROW_INSTALL_PATH,
#else
                              nullptr,
#endif
#ifdef DOMAINLENS_ARROW_BUILD_PATH
                              DOMAINLENS_ARROW_BUILD_PATH,
#else
                              nullptr,
#endif
                              true};
        auto loaded = loadModule(spec,
                                 "Parquet and Hugging Face datasets need the module libdomainlens_arrow.so and the "
                                 "Arrow C++ libraries of the pinned pyarrow wheel (scripts/setup.sh, then rebuild; "
                                 "docs/parquet.md); it cannot be loaded (set DOMAINLENS_ARROW_MODULE to choose one).");
        if (!loaded) {
            error = loaded.error().message;
            return;
        }
        void* lib = loaded->handle;
        int (*abiVersion)() = nullptr;
        const bool all =
            bindSymbol(lib, "dl_arrow_abi_version", abiVersion) && bindSymbol(lib, "dl_arrow_reader_open", api.readerOpen) &&
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
            error = "The Parquet module " + loaded->path + " does not have the expected functions (ABI version " +
                    std::to_string(DL_ARROW_ABI_VERSION) + "; " +
                    (all ? "it has " + std::to_string(abiVersion()) : std::string("some are missing")) +
                    "): rebuild it with this DomainLens.";
            dlclose(lib);
            api = ArrowModuleApi{};
            return;
        }
        api.path = loaded->path;
    });
    if (api.path.empty()) return fail(error);
    return &api;
}

}  // namespace dl
