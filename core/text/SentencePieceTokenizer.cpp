#include "text/SentencePieceTokenizer.h"

#include <dlfcn.h>
#include <cstdint>

#include <filesystem>
#include <fstream>
#include <mutex>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "common/DynamicModule.h"
#include "common/JsonText.h"

// Set by CMake on this unit only (the module's CMakeLists.txt); absent in a build without it.
#ifndef DOMAINLENS_SPM_INSTALL_PATH
#define DOMAINLENS_SPM_INSTALL_PATH nullptr
#endif
#ifndef DOMAINLENS_SPM_BUILD_PATH
#define DOMAINLENS_SPM_BUILD_PATH nullptr
#endif

namespace dl {
namespace {

struct SpmApi {
    void* lib = nullptr;
    std::string path;
    int (*abiVersion)() = nullptr;
    void* (*load)(const char*, char*, int) = nullptr;
    void (*free)(void*) = nullptr;
    int (*pieceSize)(void*) = nullptr;
    int (*unkId)(void*) = nullptr;
    int (*idToPiece)(void*, int, char*, int) = nullptr;
    int (*encode)(void*, const char*, int, int*, int) = nullptr;
    int (*train)(const char* const*, const char* const*, int, char*, int) = nullptr;  // optional
};

Expected<const SpmApi*> api() {
    static std::once_flag once;
    static SpmApi api;
    static std::string error;
    std::call_once(once, [] {
        const ModuleSpec spec{"libdomainlens_spm.so", "DOMAINLENS_SPM_MODULE", DOMAINLENS_SPM_INSTALL_PATH,
                              DOMAINLENS_SPM_BUILD_PATH, false};
        auto loaded =
            loadModule(spec, "Cannot find the SentencePiece module libdomainlens_spm.so (set DOMAINLENS_SPM_MODULE).");
        if (!loaded) {
            error = loaded.error().message;
            return;
        }
        void* lib = loaded->handle;
        const std::string& p = loaded->path;
        api.lib = lib;
        api.path = p;
        api.abiVersion = reinterpret_cast<int (*)()>(dlsym(lib, "dl_spm_abi_version"));
        api.load = reinterpret_cast<void* (*)(const char*, char*, int)>(dlsym(lib, "dl_spm_load"));
        api.free = reinterpret_cast<void (*)(void*)>(dlsym(lib, "dl_spm_free"));
        api.pieceSize = reinterpret_cast<int (*)(void*)>(dlsym(lib, "dl_spm_piece_size"));
        api.unkId = reinterpret_cast<int (*)(void*)>(dlsym(lib, "dl_spm_unk_id"));
        api.idToPiece = reinterpret_cast<int (*)(void*, int, char*, int)>(dlsym(lib, "dl_spm_id_to_piece"));
        api.encode = reinterpret_cast<int (*)(void*, const char*, int, int*, int)>(dlsym(lib, "dl_spm_encode"));
        api.train = reinterpret_cast<int (*)(const char* const*, const char* const*, int, char*, int)>(
            dlsym(lib, "dl_spm_train"));
        if (!api.abiVersion || !api.load || !api.free || !api.pieceSize || !api.unkId || !api.idToPiece ||
            !api.encode || api.abiVersion() != 1) {
            error = "The SentencePiece module " + p + " lacks the expected functions (version mismatch?).";
            dlclose(lib);
            api = SpmApi{};
        }
    });
    if (!api.lib) return fail(error);
    return &api;
}

}  // namespace

Expected<std::string> SentencePieceTokenizer::modulePath() {
    auto a = api();
    if (!a) return std::unexpected(a.error());
    return (*a)->path;
}

Status SentencePieceTokenizer::train(const std::vector<std::pair<std::string, std::string>>& options) {
    auto a = api();
    if (!a) return std::unexpected(a.error());
    if (!(*a)->train) return fail("The SentencePiece module " + (*a)->path + " cannot train (an older build).");
    std::vector<const char*> keys, values;
    for (const auto& [k, v] : options) {
        keys.push_back(k.c_str());
        values.push_back(v.c_str());
    }
    char err[512] = {0};
    if ((*a)->train(keys.data(), values.data(), static_cast<int>(keys.size()), err, sizeof err) != 0)
        return fail(std::string("SentencePiece training failed: ") + err);
    return {};
}

SentencePieceTokenizer::~SentencePieceTokenizer() {
    if (handle_) {
        if (auto a = api()) (*a)->free(handle_);
    }
}

Expected<std::unique_ptr<SentencePieceTokenizer>> SentencePieceTokenizer::load(const std::string& spmModel,
                                                                               const std::string& tokenizerJson) {
    auto a = api();
    if (!a) return std::unexpected(a.error());
    const SpmApi& f = **a;
    char err[512] = {0};
    void* h = f.load(spmModel.c_str(), err, sizeof err);
    if (!h) return fail("Cannot load the SentencePiece model " + spmModel + ": " + err);
    std::unique_ptr<SentencePieceTokenizer> t(new SentencePieceTokenizer());
    t->handle_ = h;
    const int n = f.pieceSize(h);
    const int spmUnk = f.unkId(h);
    t->map_.resize(static_cast<std::size_t>(n));

    bool mapped = false;
    if (!tokenizerJson.empty() && std::filesystem::exists(tokenizerJson)) {
        std::ifstream in(tokenizerJson, std::ios::binary);
        bool tooDeep = false;
        nlohmann::json j = parseJsonOrDiscarded(in, &tooDeep);
        if (j.is_discarded()) return fail("Cannot parse " + tokenizerJson + tooDeepNote(tooDeep) + ".");
        const auto& model = j.value("model", nlohmann::json::object());
        if (model.value("type", "") == "Unigram" && model.contains("vocab") && model["vocab"].is_array()) {
            std::unordered_map<std::string, std::int32_t> vocab;
            std::int32_t id = 0;
            for (const auto& e : model["vocab"]) vocab.emplace(e.at(0).get<std::string>(), id++);
            if (j.contains("added_tokens"))
                for (const auto& e : j["added_tokens"])
                    vocab.insert_or_assign(e.value("content", ""), e.value("id", 0));
            t->vocabSize_ = static_cast<std::int64_t>(vocab.size());
            auto find = [&](const char* s, std::int32_t fallback) {
                auto it = vocab.find(s);
                return it == vocab.end() ? fallback : it->second;
            };
            // An integer only: get<int32_t>() of 1e30 is UB (found by tests/fuzz).
            t->unk_ = model.contains("unk_id") && model["unk_id"].is_number_integer()
                          ? model["unk_id"].get<std::int32_t>()
                          : find("<unk>", 3);
            t->bos_ = find("<s>", 0);
            t->eos_ = find("</s>", 2);
            t->pad_ = find("<pad>", 1);
            char buf[1024];
            for (int i = 0; i < n; ++i) {
                if (i == spmUnk || f.idToPiece(h, i, buf, sizeof buf) < 0) {
                    t->map_[static_cast<std::size_t>(i)] = t->unk_;
                    continue;
                }
                auto it = vocab.find(buf);
                t->map_[static_cast<std::size_t>(i)] = it == vocab.end() ? t->unk_ : it->second;
            }
            mapped = true;
        }
    }
    if (!mapped) {  // fairseq dictionary layout: <s>=0 <pad>=1 </s>=2 <unk>=3, pieces shifted by one
        for (int i = 0; i < n; ++i) t->map_[static_cast<std::size_t>(i)] = i == spmUnk ? 3 : i + 1;
        t->bos_ = 0;
        t->pad_ = 1;
        t->eos_ = 2;
        t->unk_ = 3;
        t->vocabSize_ = n + 2;  // + <mask>
    }
    return t;
}

std::vector<std::int32_t> SentencePieceTokenizer::tokenize(std::string_view text) const {
    const SpmApi& f = **api();  // loaded: this object exists
    std::vector<int> buf(text.size() + 16);
    int n = f.encode(handle_, text.data(), static_cast<int>(text.size()), buf.data(), static_cast<int>(buf.size()));
    if (n > static_cast<int>(buf.size())) {
        buf.resize(static_cast<std::size_t>(n));
        n = f.encode(handle_, text.data(), static_cast<int>(text.size()), buf.data(), n);
    }
    std::vector<std::int32_t> ids;
    if (n <= 0) return ids;
    ids.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const int s = buf[static_cast<std::size_t>(i)];
        ids.push_back(s >= 0 && s < static_cast<int>(map_.size()) ? map_[static_cast<std::size_t>(s)] : unk_);
    }
    return ids;
}

TokenIds SentencePieceTokenizer::encode(std::string_view text, int maxLength) const {
    return withSpecials(tokenize(text), bos_, eos_, maxLength);
}

}  // namespace dl
