#include "encode/SafeTensors.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cstdint>

#include <bit>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "common/Bounded.h"
#include "common/Half.h"
#include "common/JsonText.h"
#include "common/RegularFile.h"

namespace dl {

std::string_view dtypeName(TensorDType t) {
    switch (t) {
    case TensorDType::F32: return "F32";
    case TensorDType::F16: return "F16";
    case TensorDType::BF16: return "BF16";
    case TensorDType::F64: return "F64";
    case TensorDType::I64: return "I64";
    case TensorDType::I32: return "I32";
    case TensorDType::I16: return "I16";
    case TensorDType::I8: return "I8";
    case TensorDType::U8: return "U8";
    case TensorDType::Bool: return "BOOL";
    }
    return "?";
}

std::size_t dtypeSize(TensorDType t) {
    switch (t) {
    case TensorDType::F64:
    case TensorDType::I64: return 8;
    case TensorDType::F32:
    case TensorDType::I32: return 4;
    case TensorDType::F16:
    case TensorDType::BF16:
    case TensorDType::I16: return 2;
    default: return 1;
    }
}

std::int64_t TensorEntry::numel() const {
    std::int64_t n = 1;
    for (auto d : shape) n *= d;
    return n;
}

namespace {
bool parseDType(const std::string& s, TensorDType& out) {
    static const std::pair<const char*, TensorDType> table[] = {
        {"F32", TensorDType::F32}, {"F16", TensorDType::F16},  {"BF16", TensorDType::BF16}, {"F64", TensorDType::F64},
        {"I64", TensorDType::I64}, {"I32", TensorDType::I32},  {"I16", TensorDType::I16},   {"I8", TensorDType::I8},
        {"U8", TensorDType::U8},   {"BOOL", TensorDType::Bool}};
    for (const auto& [name, t] : table)
        if (s == name) {
            out = t;
            return true;
        }
    return false;
}
}  // namespace

SafeTensorsFile::~SafeTensorsFile() {
    if (map_) munmap(const_cast<std::byte*>(map_), mapSize_);
}

Expected<std::unique_ptr<SafeTensorsFile>> SafeTensorsFile::open(const std::string& path) {
    // A FIFO or device named as weights neither blocks the open nor gets mapped.
    auto opened = openRegularFile(path, "The weight file");
    if (!opened) return std::unexpected(opened.error());
    const int fd = *opened;
    struct stat st {};
    if (fstat(fd, &st) != 0) {
        ::close(fd);
        return fail("Cannot read " + path + ".");
    }
    const auto size = static_cast<std::size_t>(st.st_size);
    if (size < 8) {
        ::close(fd);
        return fail(path + " is not a safetensors file (too short).");
    }
    void* m = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);
    if (m == MAP_FAILED) return fail("Cannot map " + path + " into memory: " + std::strerror(errno) + ".");
    std::unique_ptr<SafeTensorsFile> f(new SafeTensorsFile());
    f->path_ = path;
    f->map_ = static_cast<const std::byte*>(m);
    f->mapSize_ = size;

    std::uint64_t headerLen = 0;
    std::memcpy(&headerLen, f->map_, 8);
    if constexpr (std::endian::native == std::endian::big) headerLen = std::byteswap(headerLen);
    if (headerLen > size - 8 || headerLen > (100u << 20))
        return fail(path + " is not a safetensors file (header length " + std::to_string(headerLen) +
                    " does not fit the file of " + std::to_string(size) + " bytes).");
    f->dataStart_ = 8 + headerLen;
    const auto* hp = reinterpret_cast<const char*>(f->map_ + 8);
    bool tooDeep = false;
    auto header = parseJsonOrDiscarded(std::string_view(hp, static_cast<std::size_t>(headerLen)), &tooDeep);
    if (header.is_discarded() || !header.is_object())
        return fail(path + ": the safetensors header is not a JSON object" + tooDeepNote(tooDeep) + ".");
    const std::uint64_t dataSize = size - f->dataStart_;
    for (const auto& [name, v] : header.items()) {
        if (name == "__metadata__") {
            if (v.is_object())
                for (const auto& [k, mv] : v.items())
                    if (mv.is_string()) f->metadata_[k] = mv.get<std::string>();
            continue;
        }
        const std::string where = path + ", tensor " + name;
        if (!v.is_object() || !v.contains("dtype") || !v.contains("shape") || !v.contains("data_offsets") ||
            !v["dtype"].is_string() || !v["shape"].is_array() || !v["data_offsets"].is_array() ||
            v["data_offsets"].size() != 2)
            return fail(where + ": malformed header entry.");
        TensorEntry e;
        e.name = name;
        if (!parseDType(v["dtype"].get<std::string>(), e.dtype))
            return fail(where + ": unsupported dtype " + v["dtype"].get<std::string>() + ".");
        std::uint64_t count = 1;
        for (const auto& d : v["shape"]) {
            if (!d.is_number_unsigned() && !(d.is_number_integer() && d.get<std::int64_t>() >= 0))
                return fail(where + ": bad shape.");
            const auto dim = d.get<std::uint64_t>();
            const auto product = checkedMul(count, dim);
            if (!product || *product > (std::uint64_t{1} << 62)) return fail(where + ": shape overflows.");
            count = *product;
            e.shape.push_back(static_cast<std::int64_t>(dim));
        }
        // count * dtypeSize must not wrap: [2^61] F64 with offsets [0, 0] would pass the size check (found by
        // tests/fuzz).
        const auto tensorBytes = checkedMul(count, static_cast<std::uint64_t>(dtypeSize(e.dtype)));
        if (!tensorBytes) return fail(where + ": shape overflows.");
        const auto& off = v["data_offsets"];
        if (!off[0].is_number_unsigned() || !off[1].is_number_unsigned()) return fail(where + ": bad data_offsets.");
        e.begin = off[0].get<std::uint64_t>();
        e.end = off[1].get<std::uint64_t>();
        if (e.begin > e.end || !fitsWithin(e.begin, e.end - e.begin, dataSize))
            return fail(where + ": data offsets [" + std::to_string(e.begin) + ", " + std::to_string(e.end) +
                        ") lie outside the data section of " + std::to_string(dataSize) + " bytes (truncated file?).");
        if (e.end - e.begin != *tensorBytes)
            return fail(where + ": " + std::to_string(e.end - e.begin) + " bytes do not match its shape and dtype " +
                        std::string(dtypeName(e.dtype)) + ".");
        f->tensors_.emplace(name, std::move(e));
    }
    return f;
}

const TensorEntry* SafeTensorsFile::find(std::string_view name) const {
    auto it = tensors_.find(name);
    return it == tensors_.end() ? nullptr : &it->second;
}

std::span<const std::byte> SafeTensorsFile::bytes(const TensorEntry& e) const {
    return {map_ + dataStart_ + e.begin, static_cast<std::size_t>(e.end - e.begin)};
}

Expected<std::vector<float>> SafeTensorsFile::toFloat32(const TensorEntry& e) const {
    const auto raw = bytes(e);
    const auto n = static_cast<std::size_t>(e.numel());
    std::vector<float> out(n);
    switch (e.dtype) {
    case TensorDType::F32:
        if (n > 0) std::memcpy(out.data(), raw.data(), n * 4);  // empty: data() may be null (UB for memcpy)
        break;
    case TensorDType::F64:
        for (std::size_t i = 0; i < n; ++i) {
            double d;
            std::memcpy(&d, raw.data() + i * 8, 8);
            out[i] = static_cast<float>(d);
        }
        break;
    case TensorDType::F16: {
        std::vector<std::uint16_t> h(n);
        if (n > 0) std::memcpy(h.data(), raw.data(), n * 2);
        halvesToFloats(h, out);
        break;
    }
    case TensorDType::BF16:
        for (std::size_t i = 0; i < n; ++i) {
            std::uint16_t b;
            std::memcpy(&b, raw.data() + i * 2, 2);
            const std::uint32_t bits = static_cast<std::uint32_t>(b) << 16;
            std::memcpy(&out[i], &bits, 4);
        }
        break;
    default:
        return fail(path_ + ", tensor " + e.name + ": dtype " + std::string(dtypeName(e.dtype)) +
                    " is not a floating-point type.");
    }
    return out;
}

Expected<SafeTensorsModel> SafeTensorsModel::openDir(const std::string& modelDir) {
    namespace fs = std::filesystem;
    SafeTensorsModel m;
    const fs::path dir(modelDir);
    if (fs::exists(dir / "model.safetensors")) {
        auto f = SafeTensorsFile::open((dir / "model.safetensors").string());
        if (!f) return std::unexpected(f.error());
        m.files_.push_back(std::move(*f));
        return m;
    }
    const auto index = dir / "model.safetensors.index.json";
    if (fs::exists(index)) {
        std::ifstream in(index, std::ios::binary);
        auto j = parseJsonOrDiscarded(in);
        if (j.is_discarded() || !j.contains("weight_map") || !j["weight_map"].is_object())
            return fail(index.string() + " has no weight_map.");
        std::set<std::string> shards;
        for (const auto& [_, file] : j["weight_map"].items()) {
            if (!file.is_string())  // get<std::string>() would throw (found by tests/fuzz)
                return fail(index.string() + ": the weight_map values must be file names.");
            shards.insert(file.get<std::string>());
        }
        for (const auto& s : shards) {
            if (s.find('/') != std::string::npos || s.find("..") != std::string::npos)
                return fail(index.string() + " names a shard outside the model directory: " + s + ".");
            auto f = SafeTensorsFile::open((dir / s).string());
            if (!f) return std::unexpected(f.error());
            m.files_.push_back(std::move(*f));
        }
        return m;
    }
    if (fs::exists(dir / "pytorch_model.bin"))
        return fail("The model in " + modelDir +
                    " only has pytorch_model.bin; DomainLens reads model.safetensors (convert it with "
                    "transformers: model.save_pretrained(dir, safe_serialization=True)).");
    return fail("No model.safetensors in " + modelDir + ".");
}

SafeTensorsModel::Found SafeTensorsModel::find(std::string_view name) const {
    for (const auto& f : files_)
        if (const auto* e = f->find(name)) return {f.get(), e};
    return {};
}

std::vector<std::string> SafeTensorsModel::names() const {
    std::vector<std::string> out;
    for (const auto& f : files_)
        for (const auto& [n, _] : f->tensors()) out.push_back(n);
    return out;
}

std::string SafeTensorsModel::describe() const {
    if (files_.size() == 1) return files_[0]->path();
    std::string s;
    for (const auto& f : files_) s += (s.empty() ? "" : ", ") + f->path();
    return s;
}

}  // namespace dl
