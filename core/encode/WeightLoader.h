#pragma once
// Finds, checks and converts the tensors of one checkpoint for an encoder network: the name
// under the checkpoint's prefix (bert., roberta., transformer., ...), the shape config.json
// implies, float32. Errors name the file(s) and the tensor. Internal to core/encode.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "common/Error.h"

namespace at {
class Tensor;
}

namespace dl {

class SafeTensorsModel;

class WeightLoader {
public:
    // Picks the first prefix under which `probe` exists; fails naming the architecture.
    static Expected<WeightLoader> find(const SafeTensorsModel& m, std::initializer_list<const char*> prefixes,
                                       const std::string& probe, std::string arch);

    // dst = the tensor prefix+name (the first of several spellings that exists), float32.
    Status load(at::Tensor& dst, const std::string& name, std::vector<std::int64_t> shape) const;
    Status loadAny(at::Tensor& dst, std::initializer_list<std::string> names, std::vector<std::int64_t> shape) const;
    // The shape of prefix+name, empty when absent.
    std::vector<std::int64_t> shapeOf(const std::string& name) const;
    bool has(const std::string& name) const;
    std::string describe() const;  // the checkpoint file(s)

private:
    WeightLoader(const SafeTensorsModel& m, std::string prefix, std::string arch)
        : m_(&m), prefix_(std::move(prefix)), arch_(std::move(arch)) {}
    const SafeTensorsModel* m_;  // not owned; outlives the loader
    std::string prefix_;
    std::string arch_;
};

}  // namespace dl
