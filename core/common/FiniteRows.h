#pragma once
// The first row of a row-major block that holds a value that is not a finite number (NaN or
// infinity): the one check encode applies to its batches (encode/EncodePlan.h
// checkFiniteVectors) and merge to the vectors and results read back from shard files.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <span>

namespace dl {

template <class T>
std::optional<std::size_t> firstNonFiniteRow(std::span<const T> values, std::size_t cols) {
    const auto bad = std::find_if(values.begin(), values.end(), [](T v) { return !std::isfinite(v); });
    if (bad == values.end()) return std::nullopt;
    return static_cast<std::size_t>(bad - values.begin()) / std::max<std::size_t>(cols, 1);
}

}  // namespace dl
