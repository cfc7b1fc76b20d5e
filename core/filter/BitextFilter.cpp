#include "filter/BitextFilter.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>

#include <utf8proc.h>

#include "common/Parallel.h"

namespace dl {
namespace {

constexpr int kScoreHistogramBins = 20;
constexpr std::int64_t kScoreBlock = 512;
constexpr int kMaxRepeatUnit = 4;

bool isSpaceByte(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

std::vector<std::string_view> words(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && isSpaceByte(text[i])) ++i;
        const std::size_t start = i;
        while (i < text.size() && !isSpaceByte(text[i])) ++i;
        if (i > start) out.push_back(text.substr(start, i - start));
    }
    return out;
}

// Code points (a byte that is not UTF-8 counts as one), and of those the non-space ones and
// the letters or combining marks among them.
struct CharCounts {
    std::int64_t chars = 0, nonSpace = 0, letters = 0;
};
CharCounts countChars(std::string_view text) {
    CharCounts c;
    const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
    std::size_t i = 0;
    while (i < text.size()) {
        utf8proc_int32_t cp = 0;
        const auto len = utf8proc_iterate(p + i, static_cast<utf8proc_ssize_t>(text.size() - i), &cp);
        ++c.chars;
        if (len <= 0) {  // a stray byte: a character that is neither a space nor a letter
            ++c.nonSpace;
            ++i;
            continue;
        }
        i += static_cast<std::size_t>(len);
        const auto cat = utf8proc_category(cp);
        const bool space = cat == UTF8PROC_CATEGORY_ZS || cat == UTF8PROC_CATEGORY_ZL || cat == UTF8PROC_CATEGORY_ZP ||
                           (cp < 0x80 && isSpaceByte(static_cast<char>(cp)));
        if (space) continue;
        ++c.nonSpace;
        if (cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_ME) ++c.letters;  // L* and M*
    }
    return c;
}

double ratio(std::int64_t a, std::int64_t b) {
    return double(std::max(a, b)) / double(std::max<std::int64_t>(std::min(a, b), 1));
}

std::string asciiLower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// The digits 1-9 in order, leaving out numeric character references (&#160;, and "& #160;" as
// tokenised corpora such as KDE4 spell them): they are escaped characters, not numerals.
std::string nonZeroDigits(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size() && out.size() < kMaxNumerals; ++i) {
        if (text[i] == '#' && i + 1 < text.size() && isDigit(text[i + 1]) &&
            ((i >= 1 && text[i - 1] == '&') || (i >= 2 && text[i - 1] == ' ' && text[i - 2] == '&'))) {
            std::size_t j = i + 1;
            while (j < text.size() && isDigit(text[j])) ++j;
            if (j < text.size() && text[j] == ';') {
                i = j;
                continue;
            }
        }
        if (text[i] >= '1' && text[i] <= '9') out += text[i];
    }
    return out;
}

// The share of passing pairs and a histogram over a range that shows the threshold and all but
// the top 1% of the scores.
nlohmann::json ruleDetails(const std::vector<float>& scores, double threshold, bool isMax,
                           const std::function<bool(float)>& fails) {
    std::vector<float> sorted(scores);
    std::sort(sorted.begin(), sorted.end());
    double lo = threshold, hi = threshold;
    if (!sorted.empty()) {
        lo = std::min<double>(lo, sorted.front());
        hi = std::max<double>(hi, sorted[std::size_t(0.99 * double(sorted.size() - 1))]);
    }
    if (!(hi > lo)) hi = lo + 1;
    std::vector<std::int64_t> bins(kScoreHistogramBins, 0);
    std::int64_t passing = 0;
    for (float s : scores) {
        const int bin = std::clamp(int((s - lo) / (hi - lo) * kScoreHistogramBins), 0, kScoreHistogramBins - 1);
        ++bins[std::size_t(bin)];
        if (!fails(s)) ++passing;
    }
    return {{"threshold", threshold},
            {"direction", isMax ? "max" : "min"},
            {"lo", lo},
            {"hi", hi},
            {"histogram", bins},
            {"threshold_percentile", scores.empty() ? 0.0 : 100.0 * double(passing) / double(scores.size())}};
}

}  // namespace

std::string_view bitextRuleName(BitextRule rule) {
    switch (rule) {
    case BitextRule::Length: return "bitext:length";
    case BitextRule::CharRatio: return "bitext:length-ratio-chars";
    case BitextRule::TokenRatio: return "bitext:length-ratio-tokens";
    case BitextRule::Alpha: return "bitext:alpha";
    case BitextRule::Repeat: return "bitext:repetition";
    case BitextRule::Copy: return "bitext:copy";
    case BitextRule::Numerals: return "bitext:numerals";
    case BitextRule::Margin: return "bitext:margin";
    }
    return {};
}

double repeatedTokenShare(std::string_view text) {
    const std::string lower = asciiLower(text);
    const auto tok = words(lower);
    if (tok.size() < 2) return 0;
    std::size_t best = 0;
    for (std::size_t n = 1; n <= kMaxRepeatUnit && n < tok.size(); ++n) {
        std::size_t same = 0;
        for (std::size_t i = n; i < tok.size(); ++i) same += tok[i] == tok[i - n] ? 1 : 0;
        best = std::max(best, same);
    }
    return double(best) / double(tok.size());
}

double nonZeroNumeralSimilarity(std::string_view a, std::string_view b) {
    const std::string x = nonZeroDigits(a), y = nonZeroDigits(b);
    if (x.empty() && y.empty()) return 1;
    if (x.empty() || y.empty()) return 0;
    // Longest common subsequence, one row at a time.
    std::vector<std::uint16_t> prev(y.size() + 1, 0), cur(y.size() + 1, 0);
    for (char cx : x) {
        for (std::size_t j = 1; j <= y.size(); ++j)
            cur[j] = cx == y[j - 1] ? std::uint16_t(prev[j - 1] + 1) : std::max(prev[j], cur[j - 1]);
        std::swap(prev, cur);
    }
    return 2.0 * prev[y.size()] / double(x.size() + y.size());
}

double letterShare(std::string_view text) {
    const auto c = countChars(text);
    return c.nonSpace == 0 ? 0.0 : double(c.letters) / double(c.nonSpace);
}

BitextScores scoreBitextPair(std::string_view src, std::string_view tgt) {
    BitextScores s;
    const auto ws = words(src), wt = words(tgt);
    s.words = float(std::max(ws.size(), wt.size()));
    s.minSideWords = int(std::min<std::size_t>(std::min(ws.size(), wt.size()), 1 << 30));
    s.tokenRatio = float(ratio(std::int64_t(ws.size()), std::int64_t(wt.size())));
    const auto cs = countChars(src), ct = countChars(tgt);
    s.charRatio = float(ratio(cs.chars, ct.chars));
    s.alpha = float(std::min(cs.nonSpace ? double(cs.letters) / double(cs.nonSpace) : 0.0,
                             ct.nonSpace ? double(ct.letters) / double(ct.nonSpace) : 0.0));
    s.repeat = float(std::max(repeatedTokenShare(src), repeatedTokenShare(tgt)));
    const std::string ns = normaliseForDedup(src), nt = normaliseForDedup(tgt);
    if (ns == nt) s.copy = 1;
    else {
        const ShingleSpec spec;  // char:5
        s.copy = float(exactJaccard(shingleHashes(ns, spec, 1), shingleHashes(nt, spec, 1)));
    }
    s.numerals = float(nonZeroNumeralSimilarity(src, tgt));
    return s;
}

float bitextScore(const BitextScores& s, BitextRule rule) {
    switch (rule) {
    case BitextRule::Length: return s.words;
    case BitextRule::CharRatio: return s.charRatio;
    case BitextRule::TokenRatio: return s.tokenRatio;
    case BitextRule::Alpha: return s.alpha;
    case BitextRule::Repeat: return s.repeat;
    case BitextRule::Copy: return s.copy;
    case BitextRule::Numerals: return s.numerals;
    case BitextRule::Margin: return s.margin;
    }
    return 0;
}

bool bitextFails(const BitextScores& s, BitextRule rule, const BitextOptions& o) {
    switch (rule) {
    case BitextRule::Length: return s.minSideWords < o.minWords || s.words > float(o.maxWords);
    case BitextRule::CharRatio: return s.charRatio > o.maxCharRatio;
    case BitextRule::TokenRatio: return s.tokenRatio > o.maxTokenRatio;
    case BitextRule::Alpha: return s.alpha < o.minAlpha;
    case BitextRule::Repeat: return s.repeat > o.maxRepeat;
    case BitextRule::Copy: return s.copy >= o.maxCopy;
    case BitextRule::Numerals: return s.numerals < o.minNumerals;
    case BitextRule::Margin: return o.minMargin > 0 && s.margin < o.minMargin;
    }
    return false;
}

Status validateBitextOptions(const BitextOptions& o) {
    if (o.minWords < 0) return usageError("--min-words must be at least 0.");
    if (o.maxWords < o.minWords)
        return usageError("--max-words " + std::to_string(o.maxWords) + " is below --min-words " +
                          std::to_string(o.minWords) + ".");
    if (!(o.maxCharRatio >= 1)) return usageError("--max-char-ratio must be at least 1 (longer / shorter side).");
    if (!(o.maxTokenRatio >= 1)) return usageError("--max-token-ratio must be at least 1 (longer / shorter side).");
    for (auto [v, name] : {std::pair{o.minAlpha, "--min-alpha"}, std::pair{o.maxRepeat, "--max-repeat"},
                           std::pair{o.maxCopy, "--max-copy"}, std::pair{o.minNumerals, "--min-numerals"}})
        if (!(v >= 0 && v <= 1)) return usageError(std::string(name) + " must be in [0, 1].");
    if (!(o.minMargin >= 0 && o.minMargin <= 10)) return usageError("--margin-min must be in [0, 10].");
    if (o.marginK < 1 || o.marginK > 1000) return usageError("--margin-k must be in [1, 1000].");
    return {};
}

Expected<BitextResult> filterBitext(std::span<const DedupText> texts, const BitextOptions& o, const CancelToken& cancel,
                                    std::span<const float> margins) {
    if (auto s = validateBitextOptions(o); !s) return std::unexpected(s.error());
    const auto n = static_cast<std::int64_t>(texts.size());
    const bool margin = o.minMargin > 0;
    if (margin != !margins.empty() || (margin && margins.size() != texts.size()))
        return fail("bitext: --margin-min needs one margin per pair (and none without it).");
    const int rules = margin ? kBitextRules : kBitextTextRules;
    std::vector<BitextScores> scores(static_cast<std::size_t>(n));
    const std::int64_t blocks = (n + kScoreBlock - 1) / kScoreBlock;
    auto status = parallelBlocks(blocks, o.threads, &cancel, [&](std::int64_t block, int) {
        for (std::int64_t i = block * kScoreBlock; i < std::min(n, (block + 1) * kScoreBlock); ++i) {
            scores[std::size_t(i)] = scoreBitextPair(texts[std::size_t(i)].src, texts[std::size_t(i)].tgt);
            if (margin) scores[std::size_t(i)].margin = margins[std::size_t(i)];
        }
    });
    if (!status) return std::unexpected(status.error());
    if (cancel.isCancelled()) return cancelled();

    BitextResult out;
    for (int r = 0; r < rules; ++r) out.scores[std::size_t(r)].resize(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) {
        if ((i & 0xffff) == 0 && cancel.isCancelled()) return cancelled();
        const auto& s = scores[std::size_t(i)];
        int first = -1;
        for (int r = 0; r < rules; ++r) {
            const auto rule = static_cast<BitextRule>(r);
            out.scores[std::size_t(r)][std::size_t(i)] = bitextScore(s, rule);
            if (!bitextFails(s, rule, o)) continue;
            ++out.failed[std::size_t(r)];
            if (first < 0) first = r;
        }
        if (first < 0) continue;
        ++out.removedBy[std::size_t(first)];
        out.removed.push_back({i, first, bitextScore(s, static_cast<BitextRule>(first))});
    }
    const double thresholds[kBitextRules] = {double(o.maxWords), o.maxCharRatio, o.maxTokenRatio, o.minAlpha,
                                             o.maxRepeat,        o.maxCopy,      o.minNumerals,   o.minMargin};
    out.details = nlohmann::json::object();
    for (int r = 0; r < rules; ++r) {
        const auto rule = static_cast<BitextRule>(r);
        const bool isMax = rule != BitextRule::Alpha && rule != BitextRule::Numerals && rule != BitextRule::Margin;
        // The percentile is of the rule's score alone (Length: the upper limit, max-words).
        auto fails = [&](float v) {
            BitextScores probe;
            probe.minSideWords = o.minWords;
            probe.words = probe.charRatio = probe.tokenRatio = probe.alpha = probe.repeat = probe.copy =
                probe.numerals = probe.margin = v;
            return bitextFails(probe, rule, o);
        };
        out.details[std::string(bitextRuleName(rule))] =
            ruleDetails(out.scores[std::size_t(r)], thresholds[r], isMax, fails);
    }
    return out;
}

}  // namespace dl
