#pragma once
// Where encoder models come from: the models scripts/install-model.sh installs under
// ${XDG_DATA_HOME:-~/.local/share}/domainlens/models/NAME (all-mpnet-base-v2, the default;
// all-MiniLM-L6-v2; multilingual-e5-small), other model directories beside them, and the
// user's Hugging Face cache (${HF_HUB_CACHE:-${HF_HOME:-~/.cache/huggingface}/hub}/
// models--ORG--NAME/snapshots/REV). Also what the Encode dialog shows about each: languages,
// dimension, size on disk and the speed last measured by an encode.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "common/DataDirs.h"
#include "common/Error.h"

namespace dl {

struct ModelEntry {
    std::string name;       // shown to users: "all-MiniLM-L6-v2", "org/name", a folder name
    std::string path;       // the model directory ("" for a known model not installed)
    std::string modelType;  // config.json's model_type
    std::string source;     // "default", "data-dir", "hf-cache", "path", "installable"
    bool supported = false; // an architecture this build can run, with its weights
    bool installed = true;  // false: a known model that scripts/install-model.sh can install
    std::string languages;  // e.g. "English", "~100 languages"; "" = unknown
    int dim = 0;            // hidden size (0 = unknown)
    std::int64_t sizeBytes = 0;        // files in the directory (0 when not installed)
    double sentencesPerSecond = 0;     // measured by the last encode with it (0 = never)
    std::string speedDevice;           // where that was measured ("cpu" / "cuda")
};

// The models scripts/install-model.sh NAME installs, by short name.
struct KnownModel {
    std::string name, languages, note;
    int dim = 0;
    std::int64_t approxBytes = 0;  // on disk once installed
    // The layer `encode` pools when none is asked for: the one that found domains best on
    // ../shared/data (docs/clustering.md); -1 = the last layer.
    int defaultLayer = -1;
    // The layers `encode` averages into its one set when no layer is asked for (encode
    // --layer-mean; docs/clustering.md "Layer means at the worst split"); empty = defaultLayer alone.
    std::vector<int> defaultLayerMean = {};
};
const std::vector<KnownModel>& knownModels();

// The model `encode` uses without --model: the installable model that finds domains best
// (docs/clustering.md: purity 91.8 vs 71.3 for all-MiniLM-L6-v2 at k = 5), at ~6x its cost.
inline constexpr const char* kDefaultModelName = "all-mpnet-base-v2";

// The layer to pool for a model when the user names none: its KnownModel::defaultLayer when
// `modelName` is a known short name, else -1 (the last layer, the paper's choice).
int recommendedLayer(const std::string& modelName);
// The layers to average for a model when the user names no layer: its KnownModel::defaultLayerMean
// when `modelName` is a known short name, else none (recommendedLayer alone).
std::vector<int> recommendedLayerMean(const std::string& modelName);

std::string defaultModelDir();  // modelsDataDir() (common/DataDirs.h)/kDefaultModelName
std::string hfHubCacheDir();

// Models in the data dir and the HF cache (those with a config.json), default first.
std::vector<ModelEntry> listModels();
// listModels() plus the known models that are not installed (installed = false), last.
std::vector<ModelEntry> listModelsWithInstallable();

// "" = the default model; an existing directory; an HF id ("org/name") found in the cache;
// or a short name / the name of a directory in modelsDataDir(). Fails with what was tried
// (and, for a known model not installed, the install command).
Expected<ModelEntry> resolveModel(const std::string& spec);

// The prompts a model wants prepended (config_sentence_transformers.json: "prompts",
// "default_prompt_name"), e.g. multilingual-E5's "query: " / "passage: ".
struct ModelPrompts {
    std::map<std::string, std::string> prompts;  // name -> text
    std::string defaultName;                     // "" = none
};
ModelPrompts modelPrompts(const std::string& modelDir);
// The prompt to use for a request: "" = the model's default (none if it has none), "none",
// or a prompt name of the model. Returns {name, text}; name "" = no prompt.
Expected<std::pair<std::string, std::string>> resolvePrompt(const std::string& modelDir, const std::string& request);

// Encoding speed, kept per model directory in modelsDataDir()/../model-speeds.json (written
// after an encode; best effort: a failure to write is ignored).
void recordModelSpeed(const std::string& modelDir, double sentencesPerSecond, const std::string& device);

}  // namespace dl
