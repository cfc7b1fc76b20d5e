#include "encode/WeightLoader.h"

#include <ATen/ATen.h>
#include <cstdint>

#include <cstring>

#include "encode/SafeTensors.h"

namespace dl {
namespace {

std::string shapeText(const std::vector<std::int64_t>& shape) {
    std::string s;
    for (auto d : shape) s += (s.empty() ? "" : "x") + std::to_string(d);
    return s.empty() ? "scalar" : s;
}

}  // namespace

Expected<WeightLoader> WeightLoader::find(const SafeTensorsModel& m, std::initializer_list<const char*> prefixes,
                                          const std::string& probe, std::string arch) {
    for (const char* p : prefixes)
        if (m.find(std::string(p) + probe).entry) return WeightLoader(m, p, std::move(arch));
    return fail(m.describe() + " has no tensor " + probe + " (needed by the " + arch + " encoder): is this a " + arch +
                " model?");
}

Status WeightLoader::load(at::Tensor& dst, const std::string& name, std::vector<std::int64_t> shape) const {
    return loadAny(dst, {name}, std::move(shape));
}

Status WeightLoader::loadAny(at::Tensor& dst, std::initializer_list<std::string> names,
                             std::vector<std::int64_t> shape) const {
    for (const auto& n : names) {
        auto f = m_->find(prefix_ + n);
        if (!f.entry) continue;
        if (f.entry->shape != shape)
            return fail(f.file->path() + ": tensor " + prefix_ + n + " has shape " + shapeText(f.entry->shape) +
                        ", expected " + shapeText(shape) + " from config.json.");
        auto data = f.file->toFloat32(*f.entry);
        if (!data) return std::unexpected(data.error());
        at::Tensor t = at::empty(shape, at::kFloat);
        std::memcpy(t.data_ptr<float>(), data->data(), data->size() * sizeof(float));
        dst = std::move(t);
        return {};
    }
    return fail(m_->describe() + " has no tensor " + prefix_ + *names.begin() + " (needed by the " + arch_ +
                " encoder).");
}

std::vector<std::int64_t> WeightLoader::shapeOf(const std::string& name) const {
    auto f = m_->find(prefix_ + name);
    return f.entry ? f.entry->shape : std::vector<std::int64_t>{};
}

bool WeightLoader::has(const std::string& name) const { return m_->find(prefix_ + name).entry != nullptr; }

std::string WeightLoader::describe() const { return m_->describe(); }

}  // namespace dl
