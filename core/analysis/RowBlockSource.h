#pragma once
// Rows of a float32 matrix delivered block by block, so that PCA can read data that never
// exist as one float32 copy (float16 embeddings in the project, a caller's buffer).
// Not thread safe: one reader at a time, blocks requested in increasing row order.
#include <cstdint>
#include <memory>
#include <span>

#include "common/Error.h"

namespace dl {

class RowBlockSource {
public:
    virtual ~RowBlockSource() = default;
    virtual std::int64_t rows() const = 0;
    virtual int cols() const = 0;
    // Writes rows [first, first + count) row-major to `out` (count x cols floats).
    // `first` never decreases between calls; implementations may rely on that.
    virtual Status read(std::int64_t first, std::int64_t count, float* out) = 0;
    // The rows [first, rows()) where they already lie in memory (row-major, one after the
    // other, valid while the source lives), or nullptr when they must be read(): lets
    // in-memory data skip the copy.
    virtual const float* inPlace(std::int64_t first) const { return nullptr; }
    // The same for rows kept as IEEE float16 (the PCA passes convert them as they pack).
    virtual const std::uint16_t* inPlaceHalf(std::int64_t first) const { return nullptr; }
};

// Rows of a row-major float32 buffer the caller keeps alive (e.g. EmbeddingMatrix::data).
std::unique_ptr<RowBlockSource> floatRowBlocks(std::span<const float> data, std::int64_t rows, int cols);
// Rows of a row-major IEEE float16 buffer (the project's embedding storage), converted per block.
std::unique_ptr<RowBlockSource> halfRowBlocks(std::span<const std::uint16_t> data, std::int64_t rows, int cols);

}  // namespace dl
