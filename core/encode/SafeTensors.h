#pragma once
// Reader for the safetensors format (Hugging Face): 8-byte little-endian header length, a
// JSON header {name: {dtype, shape, data_offsets: [begin, end]}, "__metadata__": {...}},
// then the raw little-endian tensor bytes. The file is memory-mapped; every offset, shape
// and dtype is checked against the file size before any byte is read. Sharded checkpoints
// (model.safetensors.index.json) are read through SafeTensorsModel.
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/Error.h"

namespace dl {

enum class TensorDType { F32, F16, BF16, F64, I64, I32, I16, I8, U8, Bool };
std::string_view dtypeName(TensorDType t);
std::size_t dtypeSize(TensorDType t);

struct TensorEntry {
    std::string name;
    TensorDType dtype = TensorDType::F32;
    std::vector<std::int64_t> shape;
    std::uint64_t begin = 0;  // byte offsets inside the data section
    std::uint64_t end = 0;
    std::int64_t numel() const;
};

class SafeTensorsFile {
public:
    static Expected<std::unique_ptr<SafeTensorsFile>> open(const std::string& path);
    ~SafeTensorsFile();
    SafeTensorsFile(const SafeTensorsFile&) = delete;
    SafeTensorsFile& operator=(const SafeTensorsFile&) = delete;

    const std::string& path() const { return path_; }
    const std::map<std::string, TensorEntry, std::less<>>& tensors() const { return tensors_; }
    const TensorEntry* find(std::string_view name) const;
    const std::map<std::string, std::string>& metadata() const { return metadata_; }
    // The tensor's raw bytes (inside the mapping; valid while this object lives).
    std::span<const std::byte> bytes(const TensorEntry& e) const;
    // The tensor converted to float32 (F32/F16/BF16/F64), row-major.
    Expected<std::vector<float>> toFloat32(const TensorEntry& e) const;

private:
    SafeTensorsFile() = default;
    std::string path_;
    const std::byte* map_ = nullptr;
    std::size_t mapSize_ = 0;
    std::size_t dataStart_ = 0;
    std::map<std::string, TensorEntry, std::less<>> tensors_;
    std::map<std::string, std::string> metadata_;
};

// All tensors of a model directory: model.safetensors, or the shards listed in
// model.safetensors.index.json.
class SafeTensorsModel {
public:
    static Expected<SafeTensorsModel> openDir(const std::string& modelDir);
    struct Found {
        const SafeTensorsFile* file = nullptr;
        const TensorEntry* entry = nullptr;
    };
    Found find(std::string_view name) const;
    std::vector<std::string> names() const;
    std::string describe() const;  // file name(s), for error messages

private:
    std::vector<std::shared_ptr<SafeTensorsFile>> files_;
};

}  // namespace dl
