#pragma once
// A shard's data file: a few named arrays (sentence ids, float16 vectors, labels, scores,
// moment sums), each behind a small header, in one little-endian binary file:
//   "DLSHARD1" | u32 version | u32 0 | array* ;  array = u16 name length | name | u8 dtype |
//   7 bytes 0 | i64 rows | i64 cols | rows*cols values
// Written under "<name>.tmp" and renamed into place by finish(), which returns the SHA-256 of
// the bytes (computed while writing) for the manifest: a half-written shard never carries the
// final name. Thread affinity: one writer/reader per thread.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/AtomicFile.h"
#include "common/Error.h"

namespace dl {

enum class ShardDType : std::uint8_t { F16 = 1, F32 = 2, F64 = 3, I32 = 4, I64 = 5 };
std::size_t shardDTypeSize(ShardDType type);

class ShardFileWriter {
public:
    // Opens a temporary file beside `path` (common/AtomicFile: exclusive, never through a link;
    // a killed run's leftover is removed).
    static Expected<std::unique_ptr<ShardFileWriter>> create(const std::filesystem::path& path);
    ~ShardFileWriter();  // removes the temporary file unless finish() succeeded
    ShardFileWriter(const ShardFileWriter&) = delete;
    ShardFileWriter& operator=(const ShardFileWriter&) = delete;

    // Starts an array of rows x cols values; its bytes follow through append().
    Status begin(const std::string& name, ShardDType type, std::int64_t rows, std::int64_t cols);
    Status append(std::span<const std::byte> bytes);
    template <class T>
    Status array(const std::string& name, ShardDType type, std::int64_t rows, std::int64_t cols,
                 std::span<const T> values) {
        if (auto s = begin(name, type, rows, cols); !s) return s;
        return append(std::as_bytes(values));
    }
    // Checks the last array is complete, flushes, renames into place; returns the SHA-256.
    Expected<std::string> finish();

private:
    explicit ShardFileWriter(std::filesystem::path path);
    Status write(const void* data, std::size_t size);
    Status checkComplete() const;
    std::filesystem::path path_;
    std::unique_ptr<AtomicFile> file_;
    std::int64_t expected_ = 0, written_ = 0;  // bytes of the current array
    bool finished_ = false;
};

struct ShardArray {
    std::string name;
    ShardDType type = ShardDType::F64;
    std::int64_t rows = 0, cols = 0;
    std::uint64_t offset = 0;  // of the first value in the file
};

class ShardFileReader {
public:
    // Reads the array headers; a truncated or foreign file fails naming the file.
    static Expected<ShardFileReader> open(const std::filesystem::path& path);
    const std::filesystem::path& path() const { return path_; }
    // The array `name` with this type and shape (rows/cols < 0: any); the error names file and array.
    Expected<ShardArray> find(const std::string& name, ShardDType type, std::int64_t rows = -1,
                              std::int64_t cols = -1) const;
    // Rows [first, first + count) of an array, raw values into `out` (count * cols * size bytes).
    Status read(const ShardArray& array, std::int64_t first, std::int64_t count, void* out) const;
    template <class T>
    Expected<std::vector<T>> readAll(const std::string& name, ShardDType type, std::int64_t rows = -1,
                                     std::int64_t cols = -1) const {
        auto a = find(name, type, rows, cols);
        if (!a) return std::unexpected(a.error());
        std::vector<T> out(static_cast<std::size_t>(a->rows * a->cols));
        if (auto s = read(*a, 0, a->rows, out.data()); !s) return std::unexpected(s.error());
        return out;
    }

private:
    std::filesystem::path path_;
    std::vector<ShardArray> arrays_;
};

}  // namespace dl
