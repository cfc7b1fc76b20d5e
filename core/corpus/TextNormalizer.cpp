#include "corpus/TextNormalizer.h"

#include <utf8proc.h>

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace dl {

namespace {

// A code point that NFC leaves alone whatever surrounds it: combining class 0, no
// canonical decomposition (or a precomposed letter below U+0300, all of which are NFC),
// no part in any composition pair, not a Hangul jamo (composed algorithmically). A string
// made only of such code points is already NFC, so utf8proc_NFC (which allocates and
// decomposes every line) is skipped: the common case for European text. Checked
// exhaustively against utf8proc_NFC for every code point (tests/core/corpus).
bool nfcStable(utf8proc_int32_t cp) {
    if (cp < 0x300) return true;
    if (cp >= 0x1100 && cp < 0x1200) return false;
    const utf8proc_property_t* p = utf8proc_get_property(cp);
    if (p->combining_class != 0 || p->comb_index != UINT16_MAX || p->comp_exclusion) return false;
    return !(p->decomp_seqindex != UINT16_MAX && p->decomp_type == 0);
}

enum class Scan { Nfc, MaybeNotNfc, Invalid };

// One pass: UTF-8 validity and the NFC quick check. `bad` = first invalid byte.
Scan scanLine(const std::string& s, std::size_t& bad) {
    Scan result = Scan::Nfc;
    const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(s.data());
    const std::size_t n = s.size();
    for (std::size_t i = 0; i < n;) {
        if (p[i] < 0x80) {
            ++i;
            continue;
        }
        utf8proc_int32_t cp = 0;
        const auto len = utf8proc_iterate(p + i, static_cast<utf8proc_ssize_t>(n - i), &cp);
        if (len <= 0) {
            bad = i;
            return Scan::Invalid;
        }
        if (result == Scan::Nfc && !nfcStable(cp)) result = Scan::MaybeNotNfc;
        i += static_cast<std::size_t>(len);
    }
    return result;
}

// Length of a valid UTF-8 sequence starting at i, or 0 when invalid.
std::size_t validSequence(const std::string& s, std::size_t i) {
    const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(s.data() + i);
    utf8proc_int32_t cp = 0;
    const auto n = utf8proc_iterate(p, static_cast<utf8proc_ssize_t>(s.size() - i), &cp);
    return n > 0 ? static_cast<std::size_t>(n) : 0;
}

bool isSpaceAt(const std::string& s, std::size_t i, std::size_t& len) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n') {
        len = 1;
        return true;
    }
    if (c < 0x80) return false;
    utf8proc_int32_t cp = 0;
    const auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(s.data() + i),
                                    static_cast<utf8proc_ssize_t>(s.size() - i), &cp);
    if (n <= 0) return false;
    const auto cat = utf8proc_category(cp);
    if (cat == UTF8PROC_CATEGORY_ZS || cp == 0xFEFF || cp == 0x200B) {  // spaces, BOM, zero-width space
        len = static_cast<std::size_t>(n);
        return true;
    }
    return false;
}

void trim(std::string& s) {
    std::size_t start = 0, len = 0;
    while (start < s.size() && isSpaceAt(s, start, len)) start += len;
    std::size_t end = s.size();
    while (end > start) {
        // Step back to the start of the previous code point.
        std::size_t b = end - 1;
        while (b > start && (static_cast<unsigned char>(s[b]) & 0xC0) == 0x80) --b;
        if (!isSpaceAt(s, b, len) || b + len != end) break;
        end = b;
    }
    if (start > 0 || end < s.size()) s = s.substr(start, end - start);
}

}  // namespace

std::optional<std::size_t> findInvalidUtf8(const std::string& text) {
    for (std::size_t i = 0; i < text.size();) {
        if (static_cast<unsigned char>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        const std::size_t n = validSequence(text, i);
        if (n == 0) return i;
        i += n;
    }
    return std::nullopt;
}

NormalizeOutcome normalizeLine(std::string& text, bool replaceInvalid) {
    NormalizeOutcome out;
    std::size_t bad = 0;
    Scan scan = scanLine(text, bad);
    if (scan == Scan::Invalid) {
        if (!replaceInvalid) {
            out.ok = false;
            out.invalidByteOffset = bad;
            return out;
        }
        std::string fixed;
        fixed.reserve(text.size() + 8);
        for (std::size_t i = 0; i < text.size();) {
            if (static_cast<unsigned char>(text[i]) < 0x80) {
                fixed.push_back(text[i++]);
                continue;
            }
            const std::size_t n = validSequence(text, i);
            if (n == 0) {
                fixed += "\xEF\xBF\xBD";
                ++out.replacements;
                ++i;
            } else {
                fixed.append(text, i, n);
                i += n;
            }
        }
        text.swap(fixed);
        scan = Scan::MaybeNotNfc;
    }
    if (scan == Scan::MaybeNotNfc) {
        utf8proc_uint8_t* nfc = utf8proc_NFC(reinterpret_cast<const utf8proc_uint8_t*>(text.c_str()));
        if (nfc) {
            text.assign(reinterpret_cast<const char*>(nfc));
            std::free(nfc);
        }
    }
    trim(text);
    return out;
}

namespace {

// 0x80 in every byte of w that equals c, 0 elsewhere (exact: no carries between bytes).
constexpr std::uint64_t bytesEqual(std::uint64_t w, unsigned char c) {
    constexpr std::uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
    const std::uint64_t x = w ^ (0x0101010101010101ull * c);
    return ~(((x & low7) + low7) | x | low7);
}

}  // namespace

int countTokens(const std::string& text) {
    // A token starts at a byte that is not ' ' or '\t' and follows one that is (or the start).
    // Eight bytes at a time on little-endian machines (2% of an import's time byte by byte).
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    int count = 0;
    bool prevSpace = true;
    std::size_t i = 0;
    if constexpr (std::endian::native == std::endian::little) {
        constexpr std::uint64_t high = 0x8080808080808080ull;
        for (; i + 8 <= n; i += 8) {
            std::uint64_t w;
            std::memcpy(&w, p + i, 8);
            const std::uint64_t space = bytesEqual(w, ' ') | bytesEqual(w, '\t');
            const std::uint64_t before = (space << 8) | (prevSpace ? 0x80u : 0u);  // byte k-1's flag moved to byte k
            // One flag bit per byte (bit 7): add the bytes up by multiplication (no popcnt
            // instruction in the baseline x86-64 target; the libgcc call cost more than the scan).
            count += static_cast<int>((((~space & high & before) >> 7) * 0x0101010101010101ull) >> 56);
            prevSpace = (space >> 63) != 0;
        }
    }
    for (; i < n; ++i) {
        const bool space = p[i] == ' ' || p[i] == '\t';
        if (!space && prevSpace) ++count;
        prevSpace = space;
    }
    return count;
}

}  // namespace dl
