#include "text/ByteLevelBpe.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>

#include <utf8proc.h>

#include "text/ByteLevel.h"

namespace dl {
namespace {

// Byte offset where the whitespace at the end of s begins (s.size() when none).
std::size_t trailingWhitespaceStart(std::string_view s) {
    const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(s.data());
    std::size_t pos = 0, keep = 0;
    while (pos < s.size()) {
        utf8proc_int32_t cp = 0;
        auto n = utf8proc_iterate(p + pos, static_cast<utf8proc_ssize_t>(s.size() - pos), &cp);
        if (n <= 0) n = 1, cp = 0xFFFD;
        pos += static_cast<std::size_t>(n);
        if (!isUnicodeWhitespace(static_cast<char32_t>(cp))) keep = pos;
    }
    return keep;
}

// Byte length of the whitespace at the start of s.
std::size_t leadingWhitespaceEnd(std::string_view s) {
    const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(s.data());
    std::size_t pos = 0;
    while (pos < s.size()) {
        utf8proc_int32_t cp = 0;
        const auto n = utf8proc_iterate(p + pos, static_cast<utf8proc_ssize_t>(s.size() - pos), &cp);
        if (n <= 0 || !isUnicodeWhitespace(static_cast<char32_t>(cp))) break;
        pos += static_cast<std::size_t>(n);
    }
    return pos;
}

}  // namespace

Expected<ByteLevelBpeTokenizer> ByteLevelBpeTokenizer::create(
    std::unordered_map<std::string, std::int32_t> vocab, const std::vector<std::pair<std::string, std::string>>& merges,
    ByteLevelBpeOptions options, const std::string& origin) {
    if (vocab.empty()) return fail(origin + ": the BPE vocabulary is empty.");
    ByteLevelBpeTokenizer t;
    std::int64_t maxId = -1;
    for (auto& [tok, id] : vocab) {
        if (id < 0) return fail(origin + ": token \"" + tok + "\" has a negative id.");
        maxId = std::max<std::int64_t>(maxId, id);
        t.vocab_.emplace(tok, id);
    }
    for (const auto& a : options.addedTokens) {
        if (a.content.empty()) return fail(origin + ": an added token has empty content.");
        maxId = std::max<std::int64_t>(maxId, a.id);
    }
    t.vocabSize_ = maxId + 1;
    for (std::size_t r = 0; r < merges.size(); ++r) {
        const auto& [a, b] = merges[r];
        if (a.empty() || b.empty())
            return fail(origin + ": merge " + std::to_string(r + 1) + " is not a pair of symbols.");
        // The first occurrence of a pair wins, as in HF's merge table.
        t.ranks_.emplace(a + " " + b, static_cast<std::int32_t>(r));
    }
    // Longest first, so that "<s>" cannot shadow "<s>x" (HF matches leftmost-longest).
    std::stable_sort(options.addedTokens.begin(), options.addedTokens.end(),
                     [](const AddedToken& x, const AddedToken& y) { return x.content.size() > y.content.size(); });
    t.options_ = std::move(options);
    return t;
}

std::int32_t ByteLevelBpeTokenizer::idOf(std::string_view token) const {
    auto it = vocab_.find(token);
    if (it != vocab_.end()) return it->second;
    for (const auto& a : options_.addedTokens)
        if (a.content == token) return a.id;
    return -1;
}

void ByteLevelBpeTokenizer::pieceWord(std::string_view word, std::vector<std::int32_t>& out) const {
    const std::string mapped = byteLevelEncode(word);
    if (options_.ignoreMerges)
        if (auto it = vocab_.find(mapped); it != vocab_.end()) {
            out.push_back(it->second);
            return;
        }
    // Merge the lowest-ranked adjacent pair (leftmost among equals) until none is left, as
    // HF tokenizers' Word::merge_all does it: the symbols form a linked list and the candidate
    // merges wait in a priority queue ordered by (rank, position), so a word of n bytes costs
    // O(n log n), not the O(n^2) of rescanning every pair after each merge (a 200 KB word took
    // minutes). A queued merge is dropped when either side has changed since it was queued.
    struct Symbol {
        std::string text;
        std::ptrdiff_t prev = -1, next = -1;
        bool alive = true;
    };
    std::vector<Symbol> sym;
    {
        auto pieces = byteLevelSymbols(word);
        sym.reserve(pieces.size());
        for (std::size_t i = 0; i < pieces.size(); ++i)
            sym.push_back({std::move(pieces[i]), static_cast<std::ptrdiff_t>(i) - 1,
                           i + 1 < pieces.size() ? static_cast<std::ptrdiff_t>(i) + 1 : -1, true});
    }
    std::string key;
    const auto rankOf = [&](std::ptrdiff_t left) -> std::int32_t {
        const std::ptrdiff_t right = sym[static_cast<std::size_t>(left)].next;
        if (right < 0) return -1;
        key.assign(sym[static_cast<std::size_t>(left)].text)
            .append(" ")
            .append(sym[static_cast<std::size_t>(right)].text);
        auto it = ranks_.find(key);
        return it == ranks_.end() ? -1 : it->second;
    };
    using Merge = std::pair<std::int32_t, std::ptrdiff_t>;  // (rank, left symbol); smallest first
    std::priority_queue<Merge, std::vector<Merge>, std::greater<>> queue;
    const auto offer = [&](std::ptrdiff_t left) {
        if (left < 0) return;
        if (const auto r = rankOf(left); r >= 0) queue.emplace(r, left);
    };
    for (std::ptrdiff_t i = 0; i + 1 < static_cast<std::ptrdiff_t>(sym.size()); ++i) offer(i);
    while (!queue.empty()) {
        const auto [rank, left] = queue.top();
        queue.pop();
        Symbol& l = sym[static_cast<std::size_t>(left)];
        if (!l.alive || l.next < 0 || rankOf(left) != rank) continue;  // stale: a side was merged since
        Symbol& r = sym[static_cast<std::size_t>(l.next)];
        l.text += r.text;
        r.alive = false;
        l.next = r.next;
        if (l.next >= 0) sym[static_cast<std::size_t>(l.next)].prev = left;
        offer(l.prev);
        offer(left);
    }
    for (const auto& s : sym) {
        if (!s.alive) continue;
        if (auto it = vocab_.find(s.text); it != vocab_.end()) out.push_back(it->second);
        else if (options_.unk) out.push_back(*options_.unk);
        // else: HF's BPE without an unk token drops the symbol too.
    }
}

void ByteLevelBpeTokenizer::tokenizeSpan(std::string_view text, std::vector<std::int32_t>& out,
                                         std::size_t limit) const {
    if (text.empty()) return;
    std::string prefixed;
    if (options_.addPrefixSpace && text.front() != ' ') {
        prefixed.reserve(text.size() + 1);
        prefixed.append(" ").append(text);
        text = prefixed;
    }
    for (const auto word : splitGpt2Words(text)) {
        if (out.size() > limit) return;  // enough pieces to fill and truncate: the rest is never used
        pieceWord(word, out);
    }
}

std::vector<std::int32_t> ByteLevelBpeTokenizer::tokenize(std::string_view text, std::size_t limit) const {
    std::vector<std::int32_t> out;
    // Cut the added tokens out of the raw text; the spans between them are tokenized apart.
    std::size_t segStart = 0, pos = 0;
    while (pos < text.size() && out.size() <= limit) {
        const AddedToken* hit = nullptr;
        for (const auto& a : options_.addedTokens)
            if (text.compare(pos, a.content.size(), a.content) == 0) {
                hit = &a;
                break;
            }
        if (!hit) {
            ++pos;
            continue;
        }
        std::string_view before = text.substr(segStart, pos - segStart);
        if (hit->lstrip) before = before.substr(0, trailingWhitespaceStart(before));
        tokenizeSpan(before, out, limit);
        if (out.size() > limit) return out;
        out.push_back(hit->id);
        pos += hit->content.size();
        if (hit->rstrip) pos += leadingWhitespaceEnd(text.substr(pos));
        segStart = pos;
    }
    if (out.size() <= limit) tokenizeSpan(text.substr(segStart), out, limit);
    return out;
}

TokenIds ByteLevelBpeTokenizer::encode(std::string_view text, int maxLength) const {
    // Only as many pieces as maxLength can use (plus one, to know that it truncated): the pieces
    // of a word never depend on the words after it, so a long line costs what is kept.
    std::vector<std::int32_t> pieces =
        tokenize(text, maxLength > 0 ? static_cast<std::size_t>(maxLength) : std::numeric_limits<std::size_t>::max());
    if (options_.first && options_.last)
        return withSpecials(std::move(pieces), *options_.first, *options_.last, maxLength);
    // One or no special token: HF keeps the beginning too.
    const std::size_t specials = (options_.first ? 1u : 0u) + (options_.last ? 1u : 0u);
    TokenIds r;
    if (maxLength > 0 && pieces.size() + specials > static_cast<std::size_t>(maxLength)) {
        r.truncated = true;
        pieces.resize(
            static_cast<std::size_t>(std::max<std::int64_t>(0, maxLength - static_cast<std::int64_t>(specials))));
    }
    if (options_.first) r.ids.push_back(*options_.first);
    r.ids.insert(r.ids.end(), pieces.begin(), pieces.end());
    if (options_.last) r.ids.push_back(*options_.last);
    return r;
}

}  // namespace dl
