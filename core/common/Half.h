#pragma once
// IEEE binary16 <-> float32 conversion for embedding storage (no torch, no F16C needed), and
// bfloat16 rounding for the opt-in bfloat16 PCA.
// half -> float uses a 64K-entry table (fast enough to read 1.5M x 384 vectors in seconds).
#include <cstdint>
#include <span>

namespace dl {

std::uint16_t floatToHalf(float value);  // round to nearest even; overflow -> inf
float halfToFloat(std::uint16_t value);
void floatsToHalves(std::span<const float> in, std::span<std::uint16_t> out);
void halvesToFloats(std::span<const std::uint16_t> in, std::span<float> out);

// bfloat16: the high 16 bits of a float32, rounded to nearest even (NaN stays NaN).
std::uint16_t floatToBfloat16(float value);
float bfloat16ToFloat(std::uint16_t value);

}  // namespace dl
