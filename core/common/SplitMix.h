#pragma once
// splitmix64's output function (Steele, Lea & Flood 2014; the finaliser of Java's
// SplittableRandom): a bijective 64-bit mix whose outputs are well spread even for
// neighbouring inputs. Used to derive seeds and per-row sampling decisions from (seed, index)
// without shared generator state; stable across builds, so stored runs stay reproducible.
#include <cstdint>

namespace dl {

// Golden-ratio increment of the splitmix64 stream (state += kSplitMixGamma, then mix).
inline constexpr std::uint64_t kSplitMixGamma = 0x9E3779B97F4A7C15ULL;

inline constexpr std::uint64_t splitMix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace dl
