#pragma once
// SipHash-2-4 with a 128-bit output (Aumasson & Bernstein; the reference siphash.c with
// outlen 16): a keyed hash whose outputs cannot be made to collide without the key. Used where
// equal hashes are taken for equal texts (the import's duplicate rule), with a random key per
// process (randomSipKey) so that no input can be crafted against it.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace dl {

struct Hash128 {
    std::uint64_t lo = 0, hi = 0;
    friend bool operator==(const Hash128&, const Hash128&) = default;
};

struct SipKey {
    std::uint64_t k0 = 0, k1 = 0;
};

// 16 bytes from std::random_device.
SipKey randomSipKey();
Hash128 sipHash128(const SipKey& key, const void* data, std::size_t size);
inline Hash128 sipHash128(const SipKey& key, std::string_view s) { return sipHash128(key, s.data(), s.size()); }

}  // namespace dl
