// C API over SentencePiece, built as its own module (see CMakeLists.txt beside this file).
// Only plain C types cross the boundary; no exception escapes.
#include <sentencepiece_processor.h>
#include <sentencepiece_trainer.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <string>
#include <unordered_map>
#include <vector>

#define DL_SPM_EXPORT extern "C" __attribute__((visibility("default")))

namespace {
void copyError(const std::string& msg, char* err, int errLen) {
    if (!err || errLen <= 0) return;
    std::strncpy(err, msg.c_str(), static_cast<std::size_t>(errLen) - 1);
    err[errLen - 1] = '\0';
}
}  // namespace

DL_SPM_EXPORT int dl_spm_abi_version() { return 1; }

DL_SPM_EXPORT void* dl_spm_load(const char* path, char* err, int errLen) {
    try {
        auto* sp = new sentencepiece::SentencePieceProcessor();
        auto status = sp->Load(path);
        if (!status.ok()) {
            copyError(status.ToString(), err, errLen);
            delete sp;
            return nullptr;
        }
        return sp;
    } catch (const std::exception& e) {
        copyError(e.what(), err, errLen);
        return nullptr;
    }
}

DL_SPM_EXPORT void dl_spm_free(void* handle) { delete static_cast<sentencepiece::SentencePieceProcessor*>(handle); }

DL_SPM_EXPORT int dl_spm_piece_size(void* handle) {
    return static_cast<sentencepiece::SentencePieceProcessor*>(handle)->GetPieceSize();
}

DL_SPM_EXPORT int dl_spm_unk_id(void* handle) {
    return static_cast<sentencepiece::SentencePieceProcessor*>(handle)->unk_id();
}

// Writes the piece (UTF-8, NUL-terminated) into out; returns its length, or -1 if it does not fit.
DL_SPM_EXPORT int dl_spm_id_to_piece(void* handle, int id, char* out, int cap) {
    try {
        const std::string& p = static_cast<sentencepiece::SentencePieceProcessor*>(handle)->IdToPiece(id);
        if (static_cast<int>(p.size()) + 1 > cap) return -1;
        std::memcpy(out, p.data(), p.size());
        out[p.size()] = '\0';
        return static_cast<int>(p.size());
    } catch (...) {
        return -1;
    }
}

// Encodes text into piece ids. Returns the number of ids (may exceed cap: call again with a
// larger buffer; only min(n, cap) are written), or -1 on failure.
DL_SPM_EXPORT int dl_spm_encode(void* handle, const char* text, int len, int* out, int cap) {
    try {
        std::vector<int> ids;
        auto status = static_cast<sentencepiece::SentencePieceProcessor*>(handle)->Encode(
            std::string(text, static_cast<std::size_t>(len)), &ids);
        if (!status.ok()) return -1;
        const int n = static_cast<int>(ids.size());
        // n > 0: an empty text gives no ids and ids.data() may be null (memcpy(.., null, 0) is UB; found by
// build-asan).
        if (cap > 0 && n > 0) std::memcpy(out, ids.data(), sizeof(int) * static_cast<std::size_t>(std::min(n, cap)));
        return n;
    } catch (...) {
        return -1;
    }
}

// Trains a model with SentencePieceTrainer from `n` key/value options (input, model_prefix,
// vocab_size, ...: the trainer's flags without "--"). Returns 0, or -1 with the message in err.
// Optional in the ABI: a module without it still loads (the loader checks for it when asked).
DL_SPM_EXPORT int dl_spm_train(const char* const* keys, const char* const* values, int n, char* err, int errLen) {
    try {
        std::unordered_map<std::string, std::string> kwargs;
        for (int i = 0; i < n; ++i) kwargs[keys[i]] = values[i];
        auto status = sentencepiece::SentencePieceTrainer::Train(kwargs);
        if (!status.ok()) {
            copyError(status.ToString(), err, errLen);
            return -1;
        }
        return 0;
    } catch (const std::exception& e) {
        copyError(e.what(), err, errLen);
        return -1;
    }
}
