#include "encode/ModelIdentity.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <vector>

#include <ATen/Context.h>
#include <nlohmann/json.hpp>

#include "common/AtomicFile.h"
#include "common/JsonText.h"
#include "common/RegularFile.h"
#include "common/Sha256.h"

namespace dl {
namespace fs = std::filesystem;
namespace {

// The files whose content changes the vectors (besides *.safetensors).
bool decidesVectors(const std::string& name) {
    static const std::array<const char*, 11> names = {"config.json",
                                                      "model.safetensors.index.json",
                                                      "tokenizer.json",
                                                      "tokenizer_config.json",
                                                      "special_tokens_map.json",
                                                      "vocab.txt",
                                                      "vocab.json",
                                                      "merges.txt",
                                                      "sentencepiece.bpe.model",
                                                      "unigram.json",
                                                      "config_sentence_transformers.json"};
    if (name.ends_with(".safetensors")) return true;
    return std::find(names.begin(), names.end(), name) != names.end();
}

std::string cacheFile() {
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    const char* home = std::getenv("HOME");
    const std::string base = xdg && *xdg ? xdg : std::string(home && *home ? home : "/tmp") + "/.cache";
    return base + "/domainlens/model-digests.json";
}

std::mutex& cacheMutex() {
    static std::mutex m;
    return m;
}

nlohmann::json readCache(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return nlohmann::json::object();
    auto j = parseJsonOrDiscarded(in);
    return j.is_object() ? j : nlohmann::json::object();
}

void writeCache(const std::string& path, const nlohmann::json& j) {
    std::error_code ec;
    fs::create_directories(fs::path(path).parent_path(), ec);
    // A cache we cannot write only costs a re-hash next time; the temporary is exclusive and
    // never followed through a link (the cache folder may be shared, e.g. /tmp/.cache).
    (void)writeFileAtomically(path, j.dump());
}

Expected<std::string> hashFile(const fs::path& p) {
    if (auto s = checkRegularFile(p.string(), "The model file"); !s) return std::unexpected(s.error());  // no FIFO
    std::ifstream in(p, std::ios::binary);
    if (!in) return fail("Cannot read " + p.string() + " to identify the model.");
    Sha256 h;
    std::vector<char> buf(1 << 20);
    while (in) {
        in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
        if (in.gcount() > 0) h.update(buf.data(), static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) return fail("Reading " + p.string() + " failed while identifying the model.");
    return h.hexDigest();
}

// The file's digest, from the cache when path, size and mtime agree.
Expected<std::string> fileDigest(const fs::path& file, nlohmann::json& cache, bool& changed) {
    std::error_code ec;
    const fs::path real = fs::canonical(file, ec);  // HF cache files are symlinks to blobs
    const fs::path& p = ec ? file : real;
    const auto size = fs::file_size(p, ec);
    if (ec) return fail("Cannot read " + file.string() + " to identify the model: " + ec.message() + ".");
    const auto mtime = fs::last_write_time(p, ec).time_since_epoch().count();
    const std::string key = p.string();
    if (cache.contains(key) && cache[key].is_object()) {
        const auto& e = cache[key];
        if (e.value("size", std::uintmax_t(0)) == size && e.value("mtime", std::int64_t(0)) == std::int64_t(mtime) &&
            e.contains("sha256") && e["sha256"].is_string())
            return e["sha256"].get<std::string>();
    }
    auto digest = hashFile(p);
    if (!digest) return digest;
    cache[key] = {{"size", size}, {"mtime", std::int64_t(mtime)}, {"sha256", *digest}};
    changed = true;
    return digest;
}

}  // namespace

Expected<std::string> modelContentHash(const std::string& modelDir) {
    std::error_code ec;
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(modelDir, ec))
        if (decidesVectors(e.path().filename().string()) && fs::is_regular_file(e.path(), ec))
            names.push_back(e.path().filename().string());
    if (ec) return fail("Cannot list the model directory " + modelDir + ": " + ec.message() + ".");
    std::sort(names.begin(), names.end());
    if (names.empty()) return fail("The model directory " + modelDir + " has no weights, config or tokenizer files.");

    std::lock_guard lock(cacheMutex());
    const std::string cachePath = cacheFile();
    auto cache = readCache(cachePath);
    bool changed = false;
    Sha256 all;
    for (const auto& n : names) {
        auto d = fileDigest(fs::path(modelDir) / n, cache, changed);
        if (!d) return std::unexpected(d.error());
        all.update(n);
        all.update("\0", 1);
        all.update(*d);
        all.update("\n", 1);
    }
    if (changed) writeCache(cachePath, cache);
    return all.hexDigest();
}

std::string encoderPrecision(const std::string& device, const std::string& requested) {
    if (!requested.empty() && requested != "auto") return requested;
    const bool cuda = device == "cuda" || (device == "auto" && at::hasCUDA());
    return cuda ? "fp16" : "fp32";
}

Status checkPrecision(const std::string& requested, const std::string& device) {
    if (!requested.empty() && requested != "auto" && requested != "fp32" && requested != "bf16" && requested != "int8")
        return usageError("Unknown precision \"" + requested + "\" (use auto, fp32, bf16 or int8).");
    if (requested == "int8" && device == "cuda")
        return usageError("int8 runs on the CPU only: use --device cpu (or auto) with --precision int8.");
    return {};
}

}  // namespace dl
