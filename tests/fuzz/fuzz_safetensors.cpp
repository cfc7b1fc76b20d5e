// libFuzzer target: a model.safetensors file of arbitrary bytes (the 8-byte header length,
// the JSON header, the data section), opened the way the encoder opens it and every tensor
// converted to float32. Errors are fine; crashes, leaks and UB are not.
#include <cstdint>

#include "FuzzSupport.h"
#include "encode/SafeTensors.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    dlfuzz::writeFile("model.safetensors", dlfuzz::asView(data, size));
    auto model = dl::SafeTensorsModel::openDir(dlfuzz::scratchDir().string());
    if (!model) return 0;
    for (const auto& name : model->names()) {
        const auto found = model->find(name);
        if (!found.file || !found.entry) std::abort();  // names() and find() must agree
        auto values = found.file->toFloat32(*found.entry);
        if (values && values->size() != static_cast<std::size_t>(found.entry->numel())) std::abort();
    }
    return 0;
}
