#include "analysis/ClusterTerms.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <utility>

namespace dl {

namespace {
// Length of the UTF-8 sequence at text[i] and whether it is part of a word: ASCII letters and
// digits, and every non-ASCII character except Latin-1 punctuation/symbols (U+0080–U+00BF,
// ×, ÷) and the punctuation and symbol blocks U+2000–U+2BFF, U+3000–U+303F (dashes, curly
// quotes, bullets, arrows…). Invalid bytes are one-byte non-word characters.
std::pair<std::size_t, bool> scan(std::string_view text, std::size_t i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) return {1, (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')};
    const std::size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    if (len == 1 || i + len > text.size()) return {1, false};
    char32_t cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
    for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    const bool word =
        !(cp < 0xC0 || cp == 0xD7 || cp == 0xF7 || (cp >= 0x2000 && cp <= 0x2BFF) || (cp >= 0x3000 && cp <= 0x303F));
    return {len, word};
}

// Lower-cases ASCII and the Latin-1 capitals U+00C0–U+00DE (UTF-8 C3 80–C3 9E, not × = C3 97).
void lowerInPlace(std::string& w) {
    for (std::size_t i = 0; i < w.size(); ++i) {
        auto c = static_cast<unsigned char>(w[i]);
        if (c >= 'A' && c <= 'Z') w[i] = char(c + 32);
        else if (c == 0xC3 && i + 1 < w.size()) {
            const auto d = static_cast<unsigned char>(w[i + 1]);
            if (d >= 0x80 && d <= 0x9E && d != 0x97) w[i + 1] = char(d + 0x20);
            ++i;
        }
    }
}

bool digitsOnly(const std::string& w) {
    return std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Characters, not bytes: a two-byte "é" is one.
std::size_t characters(const std::string& w) {
    return std::size_t(
        std::count_if(w.begin(), w.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}
}  // namespace

std::vector<std::string> wordsOf(std::string_view text) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < text.size()) {
        for (auto [len, word] = scan(text, i); !word;) {
            i += len;
            if (i >= text.size()) break;
            std::tie(len, word) = scan(text, i);
        }
        std::size_t j = i;
        while (j < text.size()) {
            const auto [len, word] = scan(text, j);
            if (!word) break;
            j += len;
        }
        if (j > i) {
            std::string w(text.substr(i, j - i));
            lowerInPlace(w);
            out.push_back(std::move(w));
        }
        i = j;
    }
    return out;
}

std::unordered_set<std::string> parseStopWords(std::string_view text) {
    std::unordered_set<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.remove_suffix(1);
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
        if (!line.empty() && line.front() != '#') {
            std::string w(line);
            lowerInPlace(w);
            out.insert(std::move(w));
        }
        start = end + 1;
    }
    return out;
}

ClusterTermCounter::ClusterTermCounter(int clusters, std::unordered_set<std::string> stopWords)
    : stop_(std::move(stopWords)),
      tf_(std::size_t(std::max(0, clusters))),
      words_(std::size_t(std::max(0, clusters)), 0) {}

void ClusterTermCounter::add(int cluster, std::string_view text) {
    if (cluster < 0 || cluster >= int(tf_.size())) return;
    for (auto& w : wordsOf(text)) {
        if (characters(w) < 2 || digitsOnly(w) || stop_.contains(w)) continue;
        ++words_[std::size_t(cluster)];
        ++total_[w];
        ++tf_[std::size_t(cluster)][std::move(w)];
    }
}

std::vector<std::vector<ClusterTerm>> ClusterTermCounter::top(int top) const {
    std::int64_t all = 0;
    for (auto n : words_) all += n;
    const double meanWords = tf_.empty() ? 0.0 : double(all) / double(tf_.size());
    std::vector<std::vector<ClusterTerm>> out(tf_.size());
    for (std::size_t c = 0; c < tf_.size(); ++c) {
        auto& terms = out[c];
        for (const auto& [t, n] : tf_[c]) {
            const double idf = std::log(1.0 + meanWords / double(total_.at(t)));
            terms.push_back({t, double(n) / double(words_[c]) * idf});
        }
        std::sort(terms.begin(), terms.end(), [](const ClusterTerm& a, const ClusterTerm& b) {
            return a.weight != b.weight ? a.weight > b.weight : a.term < b.term;
        });
        if (int(terms.size()) > top) terms.resize(std::size_t(std::max(0, top)));
    }
    return out;
}

}  // namespace dl
