#include "text/WordPiece.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <limits>

#include <utf8proc.h>

#include "common/RegularFile.h"
#include "text/ByteLevel.h"  // isUnicodeWhitespace: the White_Space set HF tokenizers use

namespace dl {
namespace {

utf8proc_category_t category(char32_t c) { return utf8proc_category(static_cast<utf8proc_int32_t>(c)); }

// BertNormalizer's is_control: \t \n \r are whitespace; everything of category C* is control.
bool isControl(char32_t c) {
    if (c == '\t' || c == '\n' || c == '\r') return false;
    switch (category(c)) {
    case UTF8PROC_CATEGORY_CC:
    case UTF8PROC_CATEGORY_CF:
    case UTF8PROC_CATEGORY_CS:
    case UTF8PROC_CATEGORY_CO:
    case UTF8PROC_CATEGORY_CN: return true;
    default: return false;
    }
}

bool isPunctuation(char32_t c) {
    if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)) return true;
    switch (category(c)) {
    case UTF8PROC_CATEGORY_PC:
    case UTF8PROC_CATEGORY_PD:
    case UTF8PROC_CATEGORY_PS:
    case UTF8PROC_CATEGORY_PE:
    case UTF8PROC_CATEGORY_PI:
    case UTF8PROC_CATEGORY_PF:
    case UTF8PROC_CATEGORY_PO: return true;
    default: return false;
    }
}

bool isChinese(char32_t c) {
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF) ||
           (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

void decodeUtf8(std::string_view text, std::u32string& out) {
    out.clear();
    const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
    auto left = static_cast<utf8proc_ssize_t>(text.size());
    while (left > 0) {
        utf8proc_int32_t cp = 0;
        utf8proc_ssize_t n = utf8proc_iterate(p, left, &cp);
        if (n <= 0) {  // invalid byte: U+FFFD (dropped by clean_text), skip one byte
            cp = 0xFFFD;
            n = 1;
        }
        out.push_back(static_cast<char32_t>(cp));
        p += n;
        left -= n;
    }
}

void appendUtf8(char32_t c, std::string& out) {
    utf8proc_uint8_t buf[4];
    auto n = utf8proc_encode_char(static_cast<utf8proc_int32_t>(c), buf);
    out.append(reinterpret_cast<const char*>(buf), static_cast<std::size_t>(n));
}

// The normalised code points of a sentence (BertNormalizer in HF tokenizers' order:
// clean text, CJK padding, strip accents, lowercase).
std::u32string normalize(std::string_view text, const WordPieceOptions& o) {
    std::u32string in, out;
    decodeUtf8(text, in);
    out.reserve(in.size() + 8);
    for (char32_t c : in) {
        if (o.cleanText) {
            if (c == 0 || c == 0xFFFD || isControl(c)) continue;
            if (isUnicodeWhitespace(c)) c = ' ';
        }
        if (o.handleChineseChars && isChinese(c)) {
            out.push_back(' ');
            out.push_back(c);
            out.push_back(' ');
        } else {
            out.push_back(c);
        }
    }
    if (o.stripAccents.value_or(o.lowercase)) {
        std::u32string stripped;
        stripped.reserve(out.size());
        for (char32_t c : out) {
            if (c < 0x80) {
                stripped.push_back(c);
                continue;
            }
            utf8proc_int32_t buf[32];
            int last = 0;
            auto n = utf8proc_decompose_char(static_cast<utf8proc_int32_t>(c), buf, 32,
                                             static_cast<utf8proc_option_t>(UTF8PROC_DECOMPOSE), &last);
            if (n < 0 || n > 32) {
                stripped.push_back(c);
                continue;
            }
            for (utf8proc_ssize_t i = 0; i < n; ++i)
                if (category(static_cast<char32_t>(buf[i])) != UTF8PROC_CATEGORY_MN)
                    stripped.push_back(static_cast<char32_t>(buf[i]));
        }
        out.swap(stripped);
    }
    if (o.lowercase) {
        std::u32string lower;
        lower.reserve(out.size());
        for (char32_t c : out) {
            if (c < 0x80) {
                lower.push_back(c >= 'A' && c <= 'Z' ? c + 32 : c);
            } else if (c == 0x130) {  // full lower-case mapping of 'İ' (Rust's char::to_lowercase)
                lower.push_back('i');
                lower.push_back(0x307);
            } else {
                lower.push_back(static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(c))));
            }
        }
        out.swap(lower);
    }
    return out;
}

}  // namespace

Expected<WordPieceTokenizer> WordPieceTokenizer::fromVocabFile(const std::string& path, WordPieceOptions options) {
    if (auto s = checkRegularFile(path, "The WordPiece vocabulary"); !s) return std::unexpected(s.error());
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("Cannot open the WordPiece vocabulary " + path + ".");
    std::vector<std::string> tokens;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        tokens.push_back(line);
    }
    // A trailing empty line is not a token (HF strips the final newline).
    while (!tokens.empty() && tokens.back().empty()) tokens.pop_back();
    return fromVocab(std::move(tokens), std::move(options), path);
}

Expected<WordPieceTokenizer> WordPieceTokenizer::fromVocab(std::vector<std::string> tokens, WordPieceOptions options,
                                                           const std::string& origin) {
    // HF reads max_input_chars_per_word as an unsigned count; a negative one (-1 = "no limit")
    // is refused rather than wrapped to 2^64.
    if (options.maxInputCharsPerWord < 0)
        return fail(origin + ": max_input_chars_per_word is " + std::to_string(options.maxInputCharsPerWord) +
                    "; it must be a count of characters (0 or more).");
    WordPieceTokenizer t;
    t.options_ = std::move(options);
    t.tokens_ = std::move(tokens);
    for (const auto& tok : t.tokens_)
        if (tok.size() <= kMaxMatchedTokenBytes) t.longestToken_ = std::max(t.longestToken_, tok.size());
    t.index_.reserve(t.tokens_.size() * 2);
    for (std::size_t i = 0; i < t.tokens_.size(); ++i)
        t.index_.insert_or_assign(t.tokens_[i], static_cast<std::int32_t>(i));  // last duplicate wins, as in HF
    auto need = [&](const std::string& tok, std::int32_t& id) -> Status {
        id = t.idOf(tok);
        if (id < 0) return fail("The WordPiece vocabulary " + origin + " has no " + tok + " token.");
        return {};
    };
    if (auto s = need(t.options_.unkToken, t.unk_); !s) return std::unexpected(s.error());
    if (auto s = need(t.options_.clsToken, t.cls_); !s) return std::unexpected(s.error());
    if (auto s = need(t.options_.sepToken, t.sep_); !s) return std::unexpected(s.error());
    if (auto s = need(t.options_.padToken, t.pad_); !s) return std::unexpected(s.error());
    return t;
}

std::int32_t WordPieceTokenizer::idOf(std::string_view token) const {
    auto it = index_.find(token);
    return it == index_.end() ? -1 : it->second;
}

std::vector<std::string> WordPieceTokenizer::preTokenize(std::string_view text) const {
    std::vector<std::string> words;
    std::string cur;
    auto flush = [&] {
        if (!cur.empty()) words.push_back(std::move(cur));
        cur.clear();
    };
    for (char32_t c : normalize(text, options_)) {
        if (isUnicodeWhitespace(c)) {
            flush();
        } else if (isPunctuation(c)) {
            flush();
            appendUtf8(c, cur);
            flush();
        } else {
            appendUtf8(c, cur);
        }
    }
    flush();
    return words;
}

void WordPieceTokenizer::pieceWord(std::string_view word, std::vector<std::int32_t>& out) const {
    // Character boundaries (byte offsets) of the word.
    std::vector<std::size_t> bounds;
    bounds.reserve(word.size() + 1);
    for (std::size_t i = 0; i < word.size(); ++i)
        if ((static_cast<unsigned char>(word[i]) & 0xC0) != 0x80) bounds.push_back(i);
    bounds.push_back(word.size());
    const std::size_t nChars = bounds.size() - 1;
    if (nChars > static_cast<std::size_t>(options_.maxInputCharsPerWord)) {
        out.push_back(unk_);
        return;
    }
    const std::size_t mark = out.size();
    std::string candidate;
    std::size_t start = 0;
    while (start < nChars) {
        // Greedy longest match, but no candidate longer than the longest vocabulary entry: the
        // search per piece is bounded by the vocabulary, not by the word (a word of 10^5
        // characters with no length limit used to build O(n^2) candidates of O(n) bytes).
        const std::size_t prefix = start > 0 ? options_.continuingPrefix.size() : 0;
        const std::size_t room = longestToken_ > prefix ? longestToken_ - prefix : 0;
        std::size_t end = static_cast<std::size_t>(
            std::upper_bound(bounds.begin() + static_cast<std::ptrdiff_t>(start), bounds.end(), bounds[start] + room) -
            bounds.begin() - 1);
        std::int32_t found = -1;
        while (start < end) {
            candidate.clear();
            if (start > 0) candidate += options_.continuingPrefix;
            candidate.append(word.substr(bounds[start], bounds[end] - bounds[start]));
            found = idOf(candidate);
            if (found >= 0) break;
            --end;
        }
        if (found < 0) {
            out.resize(mark);
            out.push_back(unk_);
            return;
        }
        out.push_back(found);
        start = end;
    }
}

std::vector<std::int32_t> WordPieceTokenizer::tokenize(std::string_view text, std::size_t limit) const {
    std::vector<std::int32_t> ids;
    for (const auto& w : preTokenize(text)) {
        if (ids.size() > limit) break;  // enough to fill and truncate: later words are never used
        pieceWord(w, ids);
    }
    return ids;
}

TokenIds WordPieceTokenizer::encode(std::string_view text, int maxLength) const {
    return withSpecials(
        tokenize(text, maxLength > 0 ? static_cast<std::size_t>(maxLength) : std::numeric_limits<std::size_t>::max()),
        cls_, sep_, maxLength);
}

}  // namespace dl
