// ByteLevelBpeTokenizer::load: reads tokenizer.json (fast tokenizer) or vocab.json +
// merges.txt + tokenizer_config.json (slow tokenizer files) into ByteLevelBpeOptions.
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "common/JsonText.h"
#include "common/RegularFile.h"
#include "text/ByteLevelBpe.h"

namespace dl {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

Expected<json> readJsonFile(const fs::path& p) {
    if (auto s = checkRegularFile(p.string(), "The tokenizer file"); !s) return std::unexpected(s.error());
    std::ifstream in(p, std::ios::binary);
    if (!in) return fail("Cannot read " + p.string() + ".");
    bool tooDeep = false;
    auto j = parseJsonOrDiscarded(in, &tooDeep);
    if (j.is_discarded() || !j.is_object())
        return fail(p.string() + " is not a valid JSON object" + tooDeepNote(tooDeep) + ".");
    return j;
}

std::string tokenName(const json& cfg, const char* key) {
    if (!cfg.contains(key)) return {};
    const auto& v = cfg[key];
    if (v.is_string()) return v.get<std::string>();
    if (v.is_object() && v.contains("content") && v["content"].is_string()) return v["content"].get<std::string>();
    return {};
}

Expected<std::vector<std::pair<std::string, std::string>>> parseMerges(const json& m, const std::string& origin) {
    std::vector<std::pair<std::string, std::string>> merges;
    if (!m.is_array()) return fail(origin + ": model.merges is missing or not a list.");
    merges.reserve(m.size());
    for (std::size_t i = 0; i < m.size(); ++i) {
        const auto& e = m[i];
        if (e.is_string()) {  // "a b" (tokenizers < 0.20)
            const auto s = e.get<std::string>();
            const auto sp = s.find(' ');
            if (sp == std::string::npos)
                return fail(origin + ": merge " + std::to_string(i + 1) + " (\"" + s + "\") is not a pair.");
            merges.emplace_back(s.substr(0, sp), s.substr(sp + 1));
        } else if (e.is_array() && e.size() == 2 && e[0].is_string() && e[1].is_string()) {  // ["a", "b"]
            merges.emplace_back(e[0].get<std::string>(), e[1].get<std::string>());
        } else {
            return fail(origin + ": merge " + std::to_string(i + 1) + " is not a pair of strings.");
        }
    }
    return merges;
}

// The ByteLevel pre-tokenizer of tokenizer.json (alone, or inside a Sequence).
Expected<json> byteLevelPreTokenizer(const json& pt, const std::string& origin) {
    if (pt.is_object() && pt.value("type", "") == "ByteLevel") return pt;
    if (pt.is_object() && pt.value("type", "") == "Sequence" && pt.contains("pretokenizers") &&
        pt["pretokenizers"].is_array() && pt["pretokenizers"].size() == 1)
        return byteLevelPreTokenizer(pt["pretokenizers"][0], origin);
    const std::string type = pt.is_object() ? pt.value("type", "?") : "none";
    return fail(origin + ": BPE with pre_tokenizer " + type +
                " is not supported (only byte-level BPE: a ByteLevel pre-tokenizer with the GPT-2 regex).");
}

// Special tokens the post-processor puts around a single sentence.
Status readPostProcessor(const json& pp, ByteLevelBpeOptions& o, const std::string& origin) {
    if (pp.is_null()) return {};
    const std::string type = pp.value("type", "");
    auto idOf = [&](const json& pair) -> std::optional<std::int32_t> {
        if (pair.is_array() && pair.size() == 2 && pair[1].is_number_integer()) return pair[1].get<std::int32_t>();
        return std::nullopt;
    };
    if (type == "ByteLevel") return {};
    if (type == "Sequence" && pp.contains("processors") && pp["processors"].is_array()) {
        for (const auto& p : pp["processors"])
            if (auto s = readPostProcessor(p, o, origin); !s) return s;
        return {};
    }
    if (type == "RobertaProcessing" || type == "BertProcessing") {
        o.first = idOf(pp.value("cls", json()));
        o.last = idOf(pp.value("sep", json()));
        if (!o.first || !o.last)
            return fail(origin + ": post_processor " + type + " lacks its cls/sep [token, id] pairs.");
        return {};
    }
    if (type == "TemplateProcessing" && pp.contains("single") && pp["single"].is_array()) {
        bool seenA = false;
        for (const auto& piece : pp["single"]) {
            if (piece.contains("Sequence")) {
                seenA = true;
                continue;
            }
            if (!piece.contains("SpecialToken"))
                return fail(origin + ": post_processor template has an unknown piece.");
            const auto name = piece["SpecialToken"].value("id", "");
            const auto& specials = pp.value("special_tokens", json::object());
            if (!specials.contains(name) || !specials[name].contains("ids") || specials[name]["ids"].size() != 1)
                return fail(origin + ": post_processor template names special token \"" + name + "\" without one id.");
            auto& slot = seenA ? o.last : o.first;
            if (slot)
                return fail(origin + ": post_processor templates with several tokens on one side are not supported.");
            slot = specials[name]["ids"][0].get<std::int32_t>();
        }
        return {};
    }
    return fail(origin + ": post_processor " + type +
                " is not supported (ByteLevel, RobertaProcessing, TemplateProcessing).");
}

using Vocab = std::unordered_map<std::string, std::int32_t>;

std::optional<std::int32_t> lookup(const Vocab& vocab, const std::vector<AddedToken>& added, const std::string& name) {
    if (name.empty()) return std::nullopt;
    for (const auto& a : added)
        if (a.content == name) return a.id;
    if (auto it = vocab.find(name); it != vocab.end()) return it->second;
    return std::nullopt;
}

// Pad id: the configured pad token, else tokenizer.json's padding, else <pad>, else 0. GPT-2
// has no pad token; any id does since padded positions are masked out.
std::int32_t choosePad(const Vocab& vocab, const ByteLevelBpeOptions& o, const json& tokCfg, const json& tokJson) {
    if (auto id = lookup(vocab, o.addedTokens, tokenName(tokCfg, "pad_token"))) return *id;
    if (tokJson.contains("padding") && tokJson["padding"].is_object() && tokJson["padding"].contains("pad_id") &&
        tokJson["padding"]["pad_id"].is_number_integer())
        return tokJson["padding"]["pad_id"].get<std::int32_t>();
    if (auto id = lookup(vocab, o.addedTokens, "<pad>")) return *id;
    return 0;
}

Expected<ByteLevelBpeTokenizer> fromTokenizerJson(const fs::path& path, const json& tj, const json& tokCfg) {
    const std::string origin = path.string();
    const auto& m = tj["model"];
    if (!m.contains("vocab") || !m["vocab"].is_object())
        return fail(origin + ": model.vocab is missing or not an object.");
    for (const char* key : {"continuing_subword_prefix", "end_of_word_suffix"})
        if (m.contains(key) && m[key].is_string() && !m[key].get<std::string>().empty())
            return fail(origin + ": BPE with model." + key + " is not supported (byte-level BPE has none).");
    if (m.contains("dropout") && m["dropout"].is_number() && m["dropout"].get<double>() > 0)
        return fail(origin + ": BPE dropout is not supported for encoding.");
    if (m.value("byte_fallback", false)) return fail(origin + ": BPE with byte_fallback is not supported.");
    if (tj.contains("normalizer") && !tj["normalizer"].is_null())
        return fail(origin + ": byte-level BPE with a normalizer (" + tj["normalizer"].value("type", "?") +
                    ") is not supported.");
    auto pt = byteLevelPreTokenizer(tj.value("pre_tokenizer", json()), origin);
    if (!pt) return std::unexpected(pt.error());
    if (!pt->value("use_regex", true))
        return fail(origin + ": a ByteLevel pre-tokenizer without the GPT-2 regex (use_regex false) is not supported.");

    ByteLevelBpeOptions o;
    o.addPrefixSpace = pt->value("add_prefix_space", false);
    o.ignoreMerges = m.value("ignore_merges", false);
    Vocab vocab;
    for (const auto& [tok, id] : m["vocab"].items()) {
        if (!id.is_number_integer()) return fail(origin + ": the id of token \"" + tok + "\" is not an integer.");
        vocab.emplace(tok, id.get<std::int32_t>());
    }
    auto merges = parseMerges(m.value("merges", json()), origin);
    if (!merges) return std::unexpected(merges.error());
    if (tj.contains("added_tokens") && tj["added_tokens"].is_array())
        for (const auto& a : tj["added_tokens"]) {
            if (!a.contains("id") || !a["id"].is_number_integer() || !a.contains("content") ||
                !a["content"].is_string())
                return fail(origin + ": an added token lacks its id or content.");
            o.addedTokens.push_back({a["content"].get<std::string>(), a["id"].get<std::int32_t>(),
                                     a.value("lstrip", false), a.value("rstrip", false)});
        }
    if (auto s = readPostProcessor(tj.value("post_processor", json()), o, origin); !s)
        return std::unexpected(s.error());
    if (m.contains("unk_token") && m["unk_token"].is_string())
        o.unk = lookup(vocab, o.addedTokens, m["unk_token"].get<std::string>());
    o.pad = choosePad(vocab, o, tokCfg, tj);
    return ByteLevelBpeTokenizer::create(std::move(vocab), *merges, std::move(o), origin);
}

// vocab.json + merges.txt, the slow tokenizer's files; the rest from tokenizer_config.json.
Expected<ByteLevelBpeTokenizer> fromVocabAndMerges(const fs::path& dir, const json& tokCfg) {
    const auto vocabPath = dir / "vocab.json", mergesPath = dir / "merges.txt";
    if (!fs::exists(mergesPath))
        return fail("The model in " + dir.string() + " has vocab.json but no merges.txt: byte-level BPE needs both.");
    auto vj = readJsonFile(vocabPath);
    if (!vj) return std::unexpected(vj.error());
    Vocab vocab;
    for (const auto& [tok, id] : vj->items()) {
        if (!id.is_number_integer())
            return fail(vocabPath.string() + ": the id of token \"" + tok + "\" is not an integer.");
        vocab.emplace(tok, id.get<std::int32_t>());
    }
    std::ifstream in(mergesPath, std::ios::binary);
    if (!in) return fail("Cannot read " + mergesPath.string() + ".");
    std::vector<std::pair<std::string, std::string>> merges;
    std::string line;
    for (std::size_t lineNo = 1; std::getline(in, line); ++lineNo) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || (lineNo == 1 && line.starts_with("#version"))) continue;
        const auto sp = line.find(' ');
        if (sp == std::string::npos || line.find(' ', sp + 1) != std::string::npos)
            return fail(mergesPath.string() + ":" + std::to_string(lineNo) +
                        ": expected two symbols separated by a space.");
        merges.emplace_back(line.substr(0, sp), line.substr(sp + 1));
    }

    ByteLevelBpeOptions o;
    o.addPrefixSpace = tokCfg.value("add_prefix_space", false);
    if (tokCfg.contains("added_tokens_decoder") && tokCfg["added_tokens_decoder"].is_object())
        for (const auto& [key, a] : tokCfg["added_tokens_decoder"].items()) {
            std::int32_t id = -1;
            const auto r = std::from_chars(key.data(), key.data() + key.size(), id);
            if (r.ec != std::errc() || id < 0 || !a.is_object() || !a.contains("content") || !a["content"].is_string())
                return fail((dir / "tokenizer_config.json").string() + ": added_tokens_decoder entry \"" + key +
                            "\" is not an id with a content.");
            o.addedTokens.push_back(
                {a["content"].get<std::string>(), id, a.value("lstrip", false), a.value("rstrip", false)});
        }
    // The special tokens the slow tokenizer knows are matched in the text as well.
    for (const char* key :
         {"bos_token", "eos_token", "unk_token", "sep_token", "pad_token", "cls_token", "mask_token"}) {
        const auto name = tokenName(tokCfg, key);
        if (name.empty() || lookup({}, o.addedTokens, name)) continue;
        if (auto it = vocab.find(name); it != vocab.end()) o.addedTokens.push_back({name, it->second, false, false});
    }
    const std::string cls = tokCfg.value("tokenizer_class", std::string());
    const bool robertaLike = cls.find("Roberta") != std::string::npos || cls.find("Bart") != std::string::npos ||
                             cls.find("Longformer") != std::string::npos;
    if (robertaLike) {
        const auto first = tokenName(tokCfg, "cls_token"), last = tokenName(tokCfg, "sep_token");
        o.first = lookup(vocab, o.addedTokens, first.empty() ? "<s>" : first);
        o.last = lookup(vocab, o.addedTokens, last.empty() ? "</s>" : last);
        if (!o.first || !o.last)
            return fail(vocabPath.string() + " has no <s> / </s> tokens, which " + cls +
                        " puts around every sentence.");
    } else if (tokCfg.value("add_bos_token", false)) {
        o.first = lookup(vocab, o.addedTokens, tokenName(tokCfg, "bos_token"));
        if (!o.first)
            return fail(dir.string() +
                        "/tokenizer_config.json: add_bos_token is set but bos_token is not in the vocabulary.");
    }
    o.unk = lookup(vocab, o.addedTokens, tokenName(tokCfg, "unk_token"));
    o.pad = choosePad(vocab, o, tokCfg, json::object());
    return ByteLevelBpeTokenizer::create(std::move(vocab), merges, std::move(o), vocabPath.string());
}

}  // namespace

Expected<ByteLevelBpeTokenizer> ByteLevelBpeTokenizer::load(const std::string& modelDir) {
    const fs::path dir(modelDir);
    json tokCfg = json::object();
    if (fs::exists(dir / "tokenizer_config.json")) {
        auto c = readJsonFile(dir / "tokenizer_config.json");
        if (!c) return std::unexpected(c.error());
        tokCfg = std::move(*c);
    }
    const auto tokJsonPath = dir / "tokenizer.json";
    if (fs::exists(tokJsonPath)) {
        auto tj = readJsonFile(tokJsonPath);
        if (!tj) return std::unexpected(tj.error());
        if (tj->contains("model") && (*tj)["model"].is_object() && (*tj)["model"].value("type", "") == "BPE")
            return fromTokenizerJson(tokJsonPath, *tj, tokCfg);
    }
    if (fs::exists(dir / "vocab.json")) return fromVocabAndMerges(dir, tokCfg);
    return fail("No byte-level BPE tokenizer in " + modelDir +
                ": expected tokenizer.json with a BPE model, or vocab.json + merges.txt.");
}

}  // namespace dl
