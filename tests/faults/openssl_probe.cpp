// LD_PRELOAD'ed into domainlens-cli and domainlens by the tests openssl_after_parquet_*: before
// main and again after it, what any user of the system's libcrypto does first (Python's _hashlib
// lists the digests; Qt's OpenSSL TLS backend initialises the library) and a SHA-256. With
// pyarrow's libparquet (which exports its bundled OpenSSL) ahead of the system libcrypto in the
// process's global scope, libcrypto's internal calls bind to the bundled copy and the process
// dies by SIGSEGV (in OPENSSL_LH_doall_arg, at the listing or at exit's cleanup); since
// libparquet lives in libdomainlens_arrow.so (RTLD_LOCAL | RTLD_DEEPBIND), neither binds to the
// other, also after an import --parquet loaded it.
#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace {

// 0, or the exit status to end with (3: no libcrypto, 4: a wrong digest).
int useLibcrypto() {
    void* crypto = dlopen("libcrypto.so.3", RTLD_NOW);
    if (!crypto) {
        std::fprintf(stderr, "openssl_probe: %s\n", dlerror());
        return 3;
    }
    using DoAll = void (*)(void*, void (*)(void*, void*), void*);
    using Md = const void* (*)();
    using Digest = int (*)(const void*, std::size_t, unsigned char*, unsigned int*, const void*, void*);
    auto doAll = reinterpret_cast<DoAll>(dlsym(crypto, "EVP_MD_do_all_provided"));
    auto sha256 = reinterpret_cast<Md>(dlsym(crypto, "EVP_sha256"));
    auto digest = reinterpret_cast<Digest>(dlsym(crypto, "EVP_Digest"));
    if (!doAll || !sha256 || !digest) return 3;
    int listed = 0;
    doAll(
        nullptr, [](void*, void* n) { ++*static_cast<int*>(n); }, &listed);
    unsigned char out[64] = {};
    unsigned int size = 0;
    // SHA-256("abc") begins ba 78 16 bf.
    if (digest("abc", 3, out, &size, sha256(), nullptr) != 1 || size != 32 || out[0] != 0xba || out[1] != 0x78 ||
        listed == 0) {
        std::fprintf(stderr, "openssl_probe: wrong digest\n");
        return 4;
    }
    return 0;
}

__attribute__((constructor)) void beforeMain() {
    if (const int rc = useLibcrypto()) std::exit(rc);
}

// Again at exit, after the command ran (and, for import --parquet, loaded libdomainlens_arrow.so
// and pyarrow's libparquet): the system libcrypto must still bind to itself.
__attribute__((destructor)) void afterMain() {
    if (const int rc = useLibcrypto()) _exit(rc);  // exit() is running: leave at once
    std::fprintf(stderr, "openssl_probe: after main: ok\n");
}

}  // namespace
