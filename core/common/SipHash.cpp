#include "common/SipHash.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <random>

namespace dl {
namespace {

struct State {
    std::uint64_t v0, v1, v2, v3;
    void round() {
        v0 += v1;
        v1 = std::rotl(v1, 13);
        v1 ^= v0;
        v0 = std::rotl(v0, 32);
        v2 += v3;
        v3 = std::rotl(v3, 16);
        v3 ^= v2;
        v0 += v3;
        v3 = std::rotl(v3, 21);
        v3 ^= v0;
        v2 += v1;
        v1 = std::rotl(v1, 17);
        v1 ^= v2;
        v2 = std::rotl(v2, 32);
    }
};

std::uint64_t load64(const unsigned char* p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];  // little-endian on any host
    return v;
}

}  // namespace

SipKey randomSipKey() {
    std::random_device rd;
    const auto word = [&] { return (std::uint64_t{rd()} << 32) ^ std::uint64_t{rd()}; };
    return {word(), word()};
}

Hash128 sipHash128(const SipKey& key, const void* data, std::size_t size) {
    const auto* in = static_cast<const unsigned char*>(data);
    State s{0x736f6d6570736575ull ^ key.k0, 0x646f72616e646f6dull ^ key.k1, 0x6c7967656e657261ull ^ key.k0,
            0x7465646279746573ull ^ key.k1};
    s.v1 ^= 0xee;  // 128-bit output
    const std::size_t full = size - size % 8;
    for (std::size_t i = 0; i < full; i += 8) {
        const std::uint64_t m = load64(in + i);
        s.v3 ^= m;
        s.round();
        s.round();
        s.v0 ^= m;
    }
    std::uint64_t b = std::uint64_t{size} << 56;
    for (std::size_t i = 0; i < size % 8; ++i) b |= std::uint64_t{in[full + i]} << (8 * i);
    s.v3 ^= b;
    s.round();
    s.round();
    s.v0 ^= b;
    s.v2 ^= 0xee;
    for (int i = 0; i < 4; ++i) s.round();
    Hash128 out;
    out.lo = s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
    s.v1 ^= 0xdd;
    for (int i = 0; i < 4; ++i) s.round();
    out.hi = s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
    return out;
}

}  // namespace dl
