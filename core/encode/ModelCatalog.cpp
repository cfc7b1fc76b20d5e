#include "encode/ModelCatalog.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

namespace dl {
namespace fs = std::filesystem;
namespace {

std::string envOr(const char* name, const std::string& fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::string(v) : fallback;
}

std::string home() { return envOr("HOME", "/tmp"); }

ModelEntry describe(const fs::path& dir, std::string name, std::string source) {
    ModelEntry e;
    e.name = std::move(name);
    e.path = dir.string();
    e.source = std::move(source);
    std::ifstream in(dir / "config.json", std::ios::binary);
    auto j = nlohmann::json::parse(in, nullptr, false);
    if (!j.is_discarded() && j.is_object()) e.modelType = j.value("model_type", std::string());
    static const char* known[] = {"bert", "megatron-bert", "distilbert", "roberta", "xlm-roberta", "camembert"};
    const bool weights = fs::exists(dir / "model.safetensors") || fs::exists(dir / "model.safetensors.index.json");
    e.supported = weights && std::find(std::begin(known), std::end(known), e.modelType) != std::end(known);
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

std::string modelsDataDir() {
    return envOr("XDG_DATA_HOME", home() + "/.local/share") + "/domainlens/models";
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
        const fs::path d = fs::absolute(spec, ec);
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
        if (fs::exists(d / "config.json", ec)) return describe(d, spec, spec == kDefaultModelName ? "default" : "data-dir");
        tried += ", " + d.string() + " (absent)";
    }
    return fail("Cannot find the model " + spec + ": tried " + tried + ".");
}

}  // namespace dl
