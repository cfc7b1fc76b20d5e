// libFuzzer target: config.json / tokenizer_config.json / model.safetensors.index.json of
// arbitrary bytes (the JSON a user's model folder brings). The same bytes go to all three
// files so one corpus exercises the three readers.
#include <cstdint>

#include "FuzzSupport.h"
#include "encode/ModelConfig.h"
#include "encode/SafeTensors.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto bytes = dlfuzz::asView(data, size);
    dlfuzz::writeFile("config.json", bytes);
    dlfuzz::writeFile("tokenizer_config.json", bytes);
    if (auto c = dl::loadModelConfig(dlfuzz::scratchDir().string()); c) {
        // What the encoder relies on once a config is accepted.
        if (c->hiddenSize <= 0 || c->numLayers <= 0 || c->numHeads <= 0 || c->hiddenSize % c->numHeads != 0)
            std::abort();
    }
    dlfuzz::writeFile("model.safetensors.index.json", bytes);
    (void)dl::SafeTensorsModel::openDir(dlfuzz::scratchDir().string());
    dlfuzz::removeFile("model.safetensors.index.json");
    return 0;
}
