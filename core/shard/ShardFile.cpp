#include "shard/ShardFile.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <system_error>

#include "common/Bounded.h"
#include "common/Brace.h"
#include "common/RegularFile.h"
#include "common/Sha256.h"

namespace dl {

using shard_detail::brace;
namespace fs = std::filesystem;

static_assert(std::endian::native == std::endian::little, "shard files are little-endian; add byte swapping here");

namespace {
constexpr char kMagic[8] = {'D', 'L', 'S', 'H', 'A', 'R', 'D', '1'};
constexpr std::uint32_t kVersion = 1;
constexpr std::int64_t kMaxDim = std::int64_t{1} << 40;  // rows or cols beyond this is a damaged header
}  // namespace

std::size_t shardDTypeSize(ShardDType type) {
    switch (type) {
    case ShardDType::F16: return 2;
    case ShardDType::F32:
    case ShardDType::I32: return 4;
    case ShardDType::F64:
    case ShardDType::I64: return 8;
    }
    return 0;
}

ShardFileWriter::ShardFileWriter(fs::path path) : path_(std::move(path)) {}

ShardFileWriter::~ShardFileWriter() = default;  // the AtomicFile removes an unfinished temporary

Expected<std::unique_ptr<ShardFileWriter>> ShardFileWriter::create(const fs::path& path) {
    std::unique_ptr<ShardFileWriter> w(new ShardFileWriter(path));
    auto file = AtomicFile::create(path.string(), false);
    if (!file) return std::unexpected(file.error());
    w->file_ = std::move(*file);
    const std::uint32_t header[2] = {kVersion, 0};
    if (auto s = w->write(kMagic, sizeof kMagic); !s) return std::unexpected(s.error());
    if (auto s = w->write(header, sizeof header); !s) return std::unexpected(s.error());
    return w;
}

Status ShardFileWriter::write(const void* data, std::size_t size) {
    return file_->write(std::string_view(static_cast<const char*>(data), size));
}

Status ShardFileWriter::checkComplete() const {
    if (written_ != expected_)
        return fail(
            brace("Internal error: shard array has {} of {} bytes in {}.", written_, expected_, path_.string()));
    return {};
}

Status ShardFileWriter::begin(const std::string& name, ShardDType type, std::int64_t rows, std::int64_t cols) {
    if (auto s = checkComplete(); !s) return s;
    if (name.empty() || name.size() > 255 || rows < 0 || cols < 0)
        return fail(brace("Internal error: bad shard array '{}' ({} x {}).", name, rows, cols));
    const auto len = static_cast<std::uint16_t>(name.size());
    const std::uint8_t typeAndPad[8] = {static_cast<std::uint8_t>(type), 0, 0, 0, 0, 0, 0, 0};
    const std::int64_t shape[2] = {rows, cols};
    for (const Status& s : {write(&len, sizeof len), write(name.data(), name.size()),
                            write(typeAndPad, sizeof typeAndPad), write(shape, sizeof shape)})
        if (!s) return s;
    expected_ = rows * cols * static_cast<std::int64_t>(shardDTypeSize(type));
    written_ = 0;
    return {};
}

Status ShardFileWriter::append(std::span<const std::byte> bytes) {
    if (written_ + static_cast<std::int64_t>(bytes.size()) > expected_)
        return fail(brace("Internal error: more bytes than the shard array holds in {}.", path_.string()));
    written_ += static_cast<std::int64_t>(bytes.size());
    return write(bytes.data(), bytes.size());
}

Expected<std::string> ShardFileWriter::finish() {
    if (auto s = checkComplete(); !s) return std::unexpected(s.error());
    if (auto s = file_->commit(); !s) return std::unexpected(s.error());
    finished_ = true;
    return file_->sha256();
}

Expected<ShardFileReader> ShardFileReader::open(const fs::path& path) {
    if (auto s = checkRegularFile(path.string(), "The shard data file"); !s) return std::unexpected(s.error());
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(brace("{}: cannot be read.", path.string()));
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec) return fail(brace("{}: cannot be read ({}).", path.string(), ec.message()));
    char magic[8] = {};
    std::uint32_t header[2] = {};
    in.read(magic, sizeof magic).read(reinterpret_cast<char*>(header), sizeof header);
    if (!in || std::memcmp(magic, kMagic, sizeof magic) != 0)
        return fail(brace("{}: not a DomainLens shard data file.", path.string()));
    if (header[0] > kVersion)
        return fail(brace("{}: shard data version {} is newer than this DomainLens reads ({}).", path.string(),
                          header[0], kVersion));
    ShardFileReader r;
    r.path_ = path;
    std::uint64_t pos = sizeof magic + sizeof header;
    while (pos < size) {
        std::uint16_t len = 0;
        in.seekg(static_cast<std::streamoff>(pos)).read(reinterpret_cast<char*>(&len), sizeof len);
        ShardArray a;
        a.name.resize(len);
        std::uint8_t typeAndPad[8] = {};
        std::int64_t shape[2] = {};
        in.read(a.name.data(), len).read(reinterpret_cast<char*>(typeAndPad), sizeof typeAndPad);
        in.read(reinterpret_cast<char*>(shape), sizeof shape);
        a.type = static_cast<ShardDType>(typeAndPad[0]);
        a.rows = shape[0];
        a.cols = shape[1];
        a.offset = pos + sizeof len + len + sizeof typeAndPad + sizeof shape;
        if (!in || shardDTypeSize(a.type) == 0 || a.rows < 0 || a.cols < 0 || a.rows > kMaxDim || a.cols > kMaxDim)
            return fail(brace("{}: damaged array header at byte {}.", path.string(), pos));
        // rows x cols x size is checked, not wrapped: a wrapped product moved `pos` backwards and
        // the loop never ended (issue #23).
        const auto bytes = checkedBytes(a.rows, a.cols, shardDTypeSize(a.type));
        if (!bytes || !fitsWithin(a.offset, *bytes, size))
            return fail(brace("{}: truncated (array '{}' of {} x {} values needs more bytes than the file's {}).",
                              path.string(), a.name, a.rows, a.cols, size));
        pos = a.offset + *bytes;
        r.arrays_.push_back(std::move(a));
    }
    return r;
}

Expected<ShardArray> ShardFileReader::find(const std::string& name, ShardDType type, std::int64_t rows,
                                           std::int64_t cols) const {
    for (const auto& a : arrays_) {
        if (a.name != name) continue;
        if (a.type != type || (rows >= 0 && a.rows != rows) || (cols >= 0 && a.cols != cols))
            return fail(brace("{}: array '{}' has type {} and shape {} x {}, expected type {} and {} x {}.",
                              path_.string(), name, int(a.type), a.rows, a.cols, int(type), rows, cols));
        return a;
    }
    return fail(brace("{}: array '{}' is missing.", path_.string(), name));
}

Status ShardFileReader::read(const ShardArray& array, std::int64_t first, std::int64_t count, void* out) const {
    if (first < 0 || count < 0 || first > array.rows || count > array.rows - first)
        return fail(brace("Internal error: {} rows from {} outside array '{}' of {}.", count, first, array.name,
                          path_.string()));
    const auto rowBytes = static_cast<std::uint64_t>(array.cols) * shardDTypeSize(array.type);
    std::ifstream in(path_, std::ios::binary);
    in.seekg(static_cast<std::streamoff>(array.offset + static_cast<std::uint64_t>(first) * rowBytes));
    in.read(static_cast<char*>(out), static_cast<std::streamsize>(static_cast<std::uint64_t>(count) * rowBytes));
    if (!in) return fail(brace("{}: read error in array '{}'.", path_.string(), array.name));
    return {};
}

}  // namespace dl
