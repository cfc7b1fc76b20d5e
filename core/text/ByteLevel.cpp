#include "text/ByteLevel.h"

#include <array>

#include <utf8proc.h>

namespace dl {
namespace {

enum class CharClass { Letter, Number, Space, Other };

struct CodePoint {
    char32_t c;
    std::size_t pos, len;  // byte span in the text
};

CharClass classify(char32_t c) {
    if (isUnicodeWhitespace(c)) return CharClass::Space;
    switch (utf8proc_category(static_cast<utf8proc_int32_t>(c))) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO: return CharClass::Letter;
    case UTF8PROC_CATEGORY_ND:
    case UTF8PROC_CATEGORY_NL:
    case UTF8PROC_CATEGORY_NO: return CharClass::Number;
    default: return CharClass::Other;
    }
}

std::vector<CodePoint> decode(std::string_view text) {
    std::vector<CodePoint> out;
    out.reserve(text.size());
    const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
    std::size_t pos = 0;
    while (pos < text.size()) {
        utf8proc_int32_t cp = 0;
        auto n = utf8proc_iterate(p + pos, static_cast<utf8proc_ssize_t>(text.size() - pos), &cp);
        if (n <= 0) {  // invalid byte: one "other" character (U+FFFD is category So)
            cp = 0xFFFD;
            n = 1;
        }
        out.push_back({static_cast<char32_t>(cp), pos, static_cast<std::size_t>(n)});
        pos += static_cast<std::size_t>(n);
    }
    return out;
}

// Length (in code points, 0 = none) of a contraction 's 't 're 've 'm 'll 'd at i.
std::size_t contractionAt(const std::vector<CodePoint>& cps, std::size_t i) {
    if (cps[i].c != U'\'' || i + 1 >= cps.size()) return 0;
    const char32_t a = cps[i + 1].c;
    if (a == U's' || a == U't' || a == U'm' || a == U'd') return 2;
    if (i + 2 < cps.size()) {
        const char32_t b = cps[i + 2].c;
        if ((a == U'r' && b == U'e') || (a == U'v' && b == U'e') || (a == U'l' && b == U'l')) return 3;
    }
    return 0;
}

std::array<std::string, 256> makeByteMap() {
    // GPT-2's bytes_to_unicode(): printable Latin-1 bytes map to themselves, the others to
    // U+0100 upwards in byte order.
    std::array<std::string, 256> map;
    int next = 0;
    for (int b = 0; b < 256; ++b) {
        const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
        const auto cp = static_cast<utf8proc_int32_t>(printable ? b : 256 + next++);
        utf8proc_uint8_t buf[4];
        const auto n = utf8proc_encode_char(cp, buf);
        map[static_cast<std::size_t>(b)].assign(reinterpret_cast<const char*>(buf), static_cast<std::size_t>(n));
    }
    return map;
}

const std::array<std::string, 256>& byteMap() {
    static const auto map = makeByteMap();
    return map;
}

}  // namespace

bool isUnicodeWhitespace(char32_t c) {
    switch (c) {
    case 0x09:
    case 0x0A:
    case 0x0B:
    case 0x0C:
    case 0x0D:
    case 0x20:
    case 0x85:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000: return true;
    default: return c >= 0x2000 && c <= 0x200A;
    }
}

std::vector<std::string_view> splitGpt2Words(std::string_view text) {
    const auto cps = decode(text);
    const std::size_t n = cps.size();
    std::vector<std::string_view> words;
    auto emit = [&](std::size_t from, std::size_t to) {  // code points [from, to)
        const std::size_t b = cps[from].pos, e = cps[to - 1].pos + cps[to - 1].len;
        words.push_back(text.substr(b, e - b));
    };
    std::size_t i = 0;
    while (i < n) {
        if (const auto k = contractionAt(cps, i)) {
            emit(i, i + k);
            i += k;
            continue;
        }
        // " ?\p{L}+", " ?\p{N}+", " ?[^\s\p{L}\p{N}]+": an optional ASCII space, then a run of one class.
        std::size_t j = i;
        if (cps[i].c == U' ' && i + 1 < n && classify(cps[i + 1].c) != CharClass::Space) j = i + 1;
        const CharClass cls = classify(cps[j].c);
        if (cls != CharClass::Space) {
            std::size_t e = j + 1;
            while (e < n && classify(cps[e].c) == cls) ++e;
            emit(i, e);
            i = e;
            continue;
        }
        // "\s+(?!\S)" then "\s+": a whitespace run gives up its last character when a
        // non-space follows (so that " word" stays together), unless it is that one character.
        std::size_t e = i;
        while (e < n && classify(cps[e].c) == CharClass::Space) ++e;
        if (e < n && e - i >= 2) --e;
        emit(i, e);
        i = e;
    }
    return words;
}

std::string byteLevelEncode(std::string_view word) {
    const auto& map = byteMap();
    std::string out;
    out.reserve(word.size() * 2);
    for (const char ch : word) out += map[static_cast<unsigned char>(ch)];
    return out;
}

std::vector<std::string> byteLevelSymbols(std::string_view word) {
    const auto& map = byteMap();
    std::vector<std::string> out;
    out.reserve(word.size());
    for (const char ch : word) out.push_back(map[static_cast<unsigned char>(ch)]);
    return out;
}

}  // namespace dl
