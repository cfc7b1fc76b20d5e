// A RowBlockSource over a caller's float32 buffer.
#include "analysis/RowBlockSource.h"

#include <cstdint>
#include <cstring>
#include <string>

#include "common/Half.h"

namespace dl {

namespace {

class FloatRowBlocks final : public RowBlockSource {
public:
    FloatRowBlocks(std::span<const float> data, std::int64_t rows, int cols) : data_(data), rows_(rows), cols_(cols) {}
    std::int64_t rows() const override { return rows_; }
    int cols() const override { return cols_; }
    Status read(std::int64_t first, std::int64_t count, float* out) override {
        if (first < 0 || count < 0 || first + count > rows_)
            return fail("Internal error: rows " + std::to_string(first) + "+" + std::to_string(count) +
                        " requested from a matrix of " + std::to_string(rows_) + " rows.");
        std::memcpy(out, data_.data() + first * cols_, static_cast<std::size_t>(count * cols_) * sizeof(float));
        return {};
    }
    const float* inPlace(std::int64_t first) const override { return data_.data() + first * cols_; }

private:
    std::span<const float> data_;
    std::int64_t rows_;
    int cols_;
};

class HalfRowBlocks final : public RowBlockSource {
public:
    HalfRowBlocks(std::span<const std::uint16_t> data, std::int64_t rows, int cols)
        : data_(data), rows_(rows), cols_(cols) {}
    std::int64_t rows() const override { return rows_; }
    int cols() const override { return cols_; }
    Status read(std::int64_t first, std::int64_t count, float* out) override {
        if (first < 0 || count < 0 || first + count > rows_)
            return fail("Internal error: rows " + std::to_string(first) + "+" + std::to_string(count) +
                        " requested from a matrix of " + std::to_string(rows_) + " rows.");
        const auto n = static_cast<std::size_t>(count * cols_);
        halvesToFloats(data_.subspan(static_cast<std::size_t>(first * cols_), n), {out, n});
        return {};
    }
    const std::uint16_t* inPlaceHalf(std::int64_t first) const override { return data_.data() + first * cols_; }

private:
    std::span<const std::uint16_t> data_;
    std::int64_t rows_;
    int cols_;
};

}  // namespace

std::unique_ptr<RowBlockSource> halfRowBlocks(std::span<const std::uint16_t> data, std::int64_t rows, int cols) {
    return std::make_unique<HalfRowBlocks>(data, rows, cols);
}

std::unique_ptr<RowBlockSource> floatRowBlocks(std::span<const float> data, std::int64_t rows, int cols) {
    return std::make_unique<FloatRowBlocks>(data, rows, cols);
}

}  // namespace dl
