#pragma once
// Private to core/analysis/*.cpp: visiting the rows of a RowBlockSource for the PCA passes,
// in place where the source holds them in memory, else block by block through a buffer.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "analysis/RowBlockSource.h"
#include "common/Error.h"

namespace dl {

// Rows per block read through a buffer: 8192 x 384 float32 = 12 MB, large enough for GEMM
// efficiency, small enough for the cache and for float32 rounding within a block.
inline constexpr std::int64_t kPcaBlockRows = 8192;

// Calls use(rows) with rows [first, first + len) of `source` where they lie (float16 or float32
// in place), else read into `buf` as float32; the rows' type is the argument's.
template <class Use>
Status withRowBlock(RowBlockSource& source, std::int64_t first, std::int64_t len, std::vector<float>& buf, Use&& use) {
    if (const std::uint16_t* h = source.inPlaceHalf(first)) return use(h);
    if (const float* f = source.inPlace(first)) return use(f);
    buf.resize(static_cast<std::size_t>(len) * source.cols());
    if (auto st = source.read(first, len, buf.data()); !st) return st;
    return use(static_cast<const float*>(buf.data()));
}

// Calls use(rows, first, len) for all rows of `source`: once when they lie in memory (the
// passes then start their threads once, and no pass ends on a partly used last round),
// else block by block (kPcaBlockRows rows read into a buffer).
template <class Use>
Status withAllRows(RowBlockSource& source, Use&& use) {
    const std::int64_t n = source.rows();
    if (source.inPlaceHalf(0) || source.inPlace(0)) {
        std::vector<float> unused;
        return withRowBlock(source, 0, n, unused, [&](const auto* rows) { return use(rows, std::int64_t(0), n); });
    }
    std::vector<float> buf;
    for (std::int64_t s = 0; s < n; s += kPcaBlockRows) {
        const std::int64_t len = std::min(kPcaBlockRows, n - s);
        if (auto st = withRowBlock(source, s, len, buf, [&](const auto* rows) { return use(rows, s, len); }); !st)
            return st;
    }
    return {};
}

}  // namespace dl
