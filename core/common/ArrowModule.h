#pragma once
// The loader of libdomainlens_arrow.so (core/corpus/arrow_module, C ABI in common/ArrowModuleAbi.h): the
// Parquet / Arrow reader and the Parquet writer, kept out of domainlens_core, the executables
// and the Python module so that pyarrow's libparquet (and the OpenSSL it bundles and exports)
// is loaded only when a Parquet or HF-dataset path is used, and then with RTLD_LOCAL |
// RTLD_DEEPBIND (ARCHITECTURE.md, known traps). Where it is looked for: $DOMAINLENS_ARROW_MODULE
// (when set, the only place), next to the executable, the install path, the build path.
#include <cstdint>
#include <string>

#include "common/ArrowModuleAbi.h"
#include "common/Error.h"

namespace dl {

struct ArrowModuleApi {
    std::string path;
    dl_arrow_reader* (*readerOpen)(const char*, const char* const*, int, const char*, const char*,
                                   const char*) = nullptr;
    int (*readerNext)(dl_arrow_reader*, dl_arrow_row*) = nullptr;
    const char* (*readerError)(const dl_arrow_reader*) = nullptr;
    int64_t (*readerBytesRead)(const dl_arrow_reader*) = nullptr;
    void (*readerPosition)(const dl_arrow_reader*, int*, int64_t*) = nullptr;
    void (*readerFree)(dl_arrow_reader*) = nullptr;
    dl_parquet_writer* (*writerOpen)(const char*, int, int, int64_t, dl_parquet_write_fn, void*) = nullptr;
    int (*writerAdd)(dl_parquet_writer*, const dl_parquet_row*) = nullptr;
    int (*writerFinish)(dl_parquet_writer*) = nullptr;
    const char* (*writerError)(const dl_parquet_writer*) = nullptr;
    void (*writerFree)(dl_parquet_writer*) = nullptr;
};

// Loads the module on the first call (once per process); an error says which files were tried
// and why each failed (absent; or dlopen's message, e.g. pyarrow's libparquet missing).
Expected<const ArrowModuleApi*> arrowModule();

}  // namespace dl
