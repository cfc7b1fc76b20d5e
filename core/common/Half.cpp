#include "common/Half.h"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace dl {

namespace {

float decodeHalf(std::uint16_t h) {
    const std::uint32_t sign = (h & 0x8000u) << 16;
    std::uint32_t exp = (h >> 10) & 0x1f;
    std::uint32_t mant = h & 0x3ffu;
    std::uint32_t bits;
    if (exp == 0) {
        if (mant == 0) {
            bits = sign;
        } else {  // subnormal: normalise
            int e = -1;
            do {
                ++e;
                mant <<= 1;
            } while ((mant & 0x400u) == 0);
            bits = sign | ((127 - 15 - e) << 23) | ((mant & 0x3ffu) << 13);
        }
    } else if (exp == 31) {
        bits = sign | 0x7f800000u | (mant << 13);
    } else {
        bits = sign | ((exp + 127 - 15) << 23) | (mant << 13);
    }
    return std::bit_cast<float>(bits);
}

const std::array<float, 65536>& halfTable() {
    static const auto table = [] {
        std::array<float, 65536> t{};
        for (std::uint32_t i = 0; i < 65536; ++i) t[i] = decodeHalf(static_cast<std::uint16_t>(i));
        return t;
    }();
    return table;
}

}  // namespace

std::uint16_t floatToHalf(float value) {
    const std::uint32_t x = std::bit_cast<std::uint32_t>(value);
    const std::uint32_t sign = (x >> 16) & 0x8000u;
    const std::uint32_t absx = x & 0x7fffffffu;
    if (absx >= 0x7f800000u) return static_cast<std::uint16_t>(sign | 0x7c00u | (absx > 0x7f800000u ? 0x200u : 0));
    if (absx >= 0x477ff000u) return static_cast<std::uint16_t>(sign | 0x7c00u);  // overflow -> inf
    if (absx < 0x38800000u) {                                                   // subnormal or zero
        if (absx < 0x33000000u) return static_cast<std::uint16_t>(sign);
        const std::uint32_t e = absx >> 23;
        std::uint32_t mant = (absx & 0x7fffffu) | 0x800000u;
        const std::uint32_t shift = 126 - e;  // 14 + (113 - e) - 1
        std::uint32_t half = mant >> (shift);
        const std::uint32_t rem = mant & ((1u << shift) - 1);
        const std::uint32_t mid = 1u << (shift - 1);
        if (rem > mid || (rem == mid && (half & 1u))) ++half;
        return static_cast<std::uint16_t>(sign | half);
    }
    std::uint32_t half = ((absx >> 13) - (112u << 10));
    const std::uint32_t rem = absx & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (half & 1u))) ++half;
    return static_cast<std::uint16_t>(sign | half);
}

float halfToFloat(std::uint16_t value) { return halfTable()[value]; }

void floatsToHalves(std::span<const float> in, std::span<std::uint16_t> out) {
    for (std::size_t i = 0; i < in.size(); ++i) out[i] = floatToHalf(in[i]);
}

void halvesToFloats(std::span<const std::uint16_t> in, std::span<float> out) {
    const auto& t = halfTable();
    for (std::size_t i = 0; i < in.size(); ++i) out[i] = t[in[i]];
}

std::uint16_t floatToBfloat16(float value) {
    const auto bits = std::bit_cast<std::uint32_t>(value);
    if ((bits & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>((bits >> 16) | 0x40u);  // quiet NaN
    return static_cast<std::uint16_t>((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
}

float bfloat16ToFloat(std::uint16_t value) { return std::bit_cast<float>(std::uint32_t(value) << 16); }

}  // namespace dl
