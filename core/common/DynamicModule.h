#pragma once
// The modules DomainLens dlopen's instead of linking (ARCHITECTURE.md, known traps): a library
// whose dependencies clash with the rest of the process (SentencePiece's bundled protobuf,
// pyarrow's bundled OpenSSL) lives in a MODULE with a C ABI and is loaded with
// RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND, so neither side binds to the other's symbols
// (ASan builds, DOMAINLENS_NO_DEEPBIND, load without DEEPBIND: ASan aborts on it).
// Where a module is looked for, in order: $envVar; next to the executable and in the
// lib/domainlens folders of PREFIX, for an executable in PREFIX/bin or PREFIX/libexec/domainlens
// (so a package installed under any prefix finds its modules); the install path; the build path.
#include <string>

#include "common/Error.h"

namespace dl {

struct ModuleSpec {
    const char* fileName = nullptr;     // "libdomainlens_spm.so"
    const char* envVar = nullptr;       // "DOMAINLENS_SPM_MODULE"
    const char* installPath = nullptr;  // may be null
    const char* buildPath = nullptr;    // may be null
    // True: a set $envVar is the only place tried (an explicit choice is not second-guessed).
    bool envOnly = false;
};

struct LoadedModule {
    void* handle = nullptr;
    std::string path;
};

// The first candidate that dlopen's, or an error that lists each path tried and why it failed
// (absent, or dlopen's message: e.g. a dependency that is missing).
Expected<LoadedModule> loadModule(const ModuleSpec& spec, const std::string& notFound);

}  // namespace dl
