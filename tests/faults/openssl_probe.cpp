// LD_PRELOAD'ed into domainlens-cli and domainlens by the tests openssl_after_parquet_*: before
// main, what any user of the system's libcrypto does first (Python's _hashlib lists the digests;
// Qt's OpenSSL TLS backend initialises the library), then the process runs and exits as usual.
// With pyarrow's libparquet (which exports its bundled OpenSSL) ahead of the system libcrypto in
// the process's global scope, libcrypto's internal calls bind to the bundled copy and the process
// dies by SIGSEGV (in OPENSSL_LH_doall_arg, at the listing or at exit's cleanup).
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>

namespace {

__attribute__((constructor)) void useLibcrypto() {
    void* crypto = dlopen("libcrypto.so.3", RTLD_NOW);
    if (!crypto) {
        std::fprintf(stderr, "openssl_probe: %s\n", dlerror());
        std::exit(3);
    }
    using DoAll = void (*)(void*, void (*)(void*, void*), void*);
    using Md = const void* (*)();
    using Digest = int (*)(const void*, std::size_t, unsigned char*, unsigned int*, const void*, void*);
    auto doAll = reinterpret_cast<DoAll>(dlsym(crypto, "EVP_MD_do_all_provided"));
    auto sha256 = reinterpret_cast<Md>(dlsym(crypto, "EVP_sha256"));
    auto digest = reinterpret_cast<Digest>(dlsym(crypto, "EVP_Digest"));
    if (!doAll || !sha256 || !digest) std::exit(3);
    int listed = 0;
    doAll(
        nullptr, [](void*, void* n) { ++*static_cast<int*>(n); }, &listed);
    unsigned char out[64] = {};
    unsigned int size = 0;
    // SHA-256("abc") begins ba 78 16 bf.
    if (digest("abc", 3, out, &size, sha256(), nullptr) != 1 || size != 32 || out[0] != 0xba || out[1] != 0x78 ||
        listed == 0) {
        std::fprintf(stderr, "openssl_probe: wrong digest\n");
        std::exit(4);
    }
}

}  // namespace
