#pragma once
// Where encoder models come from: the default model that scripts/setup installs
// (${XDG_DATA_HOME:-~/.local/share}/domainlens/models/all-MiniLM-L6-v2), other model
// directories beside it, and the user's Hugging Face cache
// (${HF_HUB_CACHE:-${HF_HOME:-~/.cache/huggingface}/hub}/models--ORG--NAME/snapshots/REV).
#include <string>
#include <vector>

#include "common/Error.h"

namespace dl {

struct ModelEntry {
    std::string name;       // shown to users and used in embedding keys: "all-MiniLM-L6-v2", "org/name"
    std::string path;       // the model directory
    std::string modelType;  // config.json's model_type
    std::string source;     // "default", "data-dir", "hf-cache", "path"
    bool supported = false; // an architecture this build can run, with model.safetensors
};

inline constexpr const char* kDefaultModelName = "all-MiniLM-L6-v2";

std::string modelsDataDir();    // ${XDG_DATA_HOME:-~/.local/share}/domainlens/models
std::string defaultModelDir();  // modelsDataDir()/all-MiniLM-L6-v2
std::string hfHubCacheDir();

// Models in the data dir and the HF cache (those with a config.json), default first.
std::vector<ModelEntry> listModels();

// "" = the default model; an existing directory; an HF id ("org/name") found in the cache;
// or the name of a directory in modelsDataDir(). Fails with what was tried.
Expected<ModelEntry> resolveModel(const std::string& spec);

}  // namespace dl
