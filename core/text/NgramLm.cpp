#include "text/NgramLm.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <unordered_map>

#include "common/AtomicFile.h"

namespace dl {

namespace {

constexpr std::uint32_t kUnk = 0, kBos = 1, kEos = 2;

struct Gram {
    std::array<std::uint32_t, NgramLm::kMaxOrder> w{};
    std::uint8_t n = 0;
    bool operator==(const Gram& o) const { return n == o.n && std::equal(w.begin(), w.begin() + n, o.w.begin()); }
};

struct GramHash {
    std::size_t operator()(const Gram& g) const {
        std::uint64_t h = 1469598103934665603ull ^ g.n;
        for (int i = 0; i < g.n; ++i) {
            h ^= g.w[i];
            h *= 1099511628211ull;
            h ^= h >> 29;
        }
        return static_cast<std::size_t>(h);
    }
};

Gram makeGram(const std::uint32_t* first, int n) {
    Gram g;
    g.n = static_cast<std::uint8_t>(n);
    std::copy(first, first + n, g.w.begin());
    return g;
}

struct ContextStats {
    double den = 0;            // sum of (adjusted) counts of n-grams with this context
    std::int64_t n1 = 0, n2 = 0, n3 = 0;  // how many of them have count 1, 2, >= 3
};

bool isPunct(unsigned char c) { return std::ispunct(c) != 0; }

}  // namespace

NgramLm::Discounts kneserNeyDiscounts(std::int64_t n1, std::int64_t n2, std::int64_t n3, std::int64_t n4) {
    const NgramLm::Discounts fallback{0.5, 1.0, 1.5};  // KenLM's --discount_fallback values
    if (n1 <= 0 || n2 <= 0) return fallback;  // degenerate counts-of-counts (tiny data)
    const double y = double(n1) / (double(n1) + 2.0 * double(n2));
    // D_k must lie in (0, k]. Low-variety data (few sentences repeated, so many n-grams seen
    // exactly 3 or 4 times) pushes the closed form below 0. Clamping it to 0 was the cause of
    // zero probabilities: a context whose continuations all fall in that count class keeps no
    // mass to back off with (gamma = 0), so every unseen continuation got p = 0. Such a
    // discount takes its fallback value instead, as KenLM does with --discount_fallback.
    auto valid = [](double d, double k) { return d > 0.0 && d <= k ? d : -1.0; };
    NgramLm::Discounts d = fallback;
    d.d1 = valid(1.0 - 2.0 * y * double(n2) / double(n1), 1.0);
    d.d2 = n3 > 0 ? valid(2.0 - 3.0 * y * double(n3) / double(n2), 2.0) : -1.0;
    d.d3 = (n3 > 0 && n4 > 0) ? valid(3.0 - 4.0 * y * double(n4) / double(n3), 3.0) : -1.0;
    if (d.d1 < 0) d.d1 = fallback.d1;
    if (d.d2 < 0) d.d2 = fallback.d2;
    if (d.d3 < 0) d.d3 = fallback.d3;
    return d;
}

struct NgramLm::Impl {
    int order = 4;
    std::unordered_map<std::string, std::uint32_t> ids;
    std::vector<std::string> words;  // id -> word
    // Per order n (index n-1): adjusted counts of n-grams and statistics of their contexts.
    std::vector<std::unordered_map<Gram, double, GramHash>> counts;
    std::vector<std::unordered_map<Gram, ContextStats, GramHash>> contexts;
    std::vector<Discounts> discounts;
    double uniform = 0;  // 1 / |V|

    std::uint32_t id(const std::string& w) const {
        if (w == "<s>") return kBos;
        if (w == "</s>") return kEos;
        auto it = ids.find(w);
        return it == ids.end() ? kUnk : it->second;
    }
    double discount(int n, double c) const {
        const auto& d = discounts[n - 1];
        return c >= 3 ? d.d3 : c >= 2 ? d.d2 : c >= 1 ? d.d1 : 0.0;
    }
    double gamma(int n, const ContextStats& s) const {
        const auto& d = discounts[n - 1];
        return (d.d1 * double(s.n1) + d.d2 * double(s.n2) + d.d3 * double(s.n3)) / s.den;
    }
    // Interpolated probability of w after the `len` ids ending at `ctxEnd`.
    double prob(const std::uint32_t* ctxEnd, int len, std::uint32_t w) const {
        double p = uniform;
        Gram key;
        for (int n = 1; n <= order; ++n) {
            const int h = n - 1;
            if (h > len) break;
            key.n = static_cast<std::uint8_t>(h);
            std::copy(ctxEnd - h, ctxEnd, key.w.begin());
            auto ctx = contexts[n - 1].find(key);
            if (ctx == contexts[n - 1].end()) break;  // longer contexts are unseen too
            key.n = static_cast<std::uint8_t>(n);
            key.w[h] = w;
            auto c = counts[n - 1].find(key);
            const double a = c == counts[n - 1].end() ? 0.0 : c->second;
            p = std::max(a - discount(n, a), 0.0) / ctx->second.den + gamma(n, ctx->second) * p;
        }
        return p;
    }
};

NgramLm::NgramLm(std::unique_ptr<Impl> impl) : d(std::move(impl)) {}
NgramLm::NgramLm(NgramLm&&) noexcept = default;
NgramLm& NgramLm::operator=(NgramLm&&) noexcept = default;
NgramLm::~NgramLm() = default;

int NgramLm::order() const { return d->order; }
std::size_t NgramLm::vocabularySize() const { return d->words.size() - 1; }  // minus <s>
NgramLm::Discounts NgramLm::discounts(int n) const { return d->discounts.at(n - 1); }

Expected<NgramLm> NgramLm::train(const std::vector<std::vector<std::string>>& sentences, const Options& options) {
    if (options.order < 1 || options.order > kMaxOrder)
        return usageError("The n-gram order must be from 1 to " + std::to_string(kMaxOrder) + ".");
    if (sentences.empty()) return fail("Cannot train a language model on no sentences.");
    auto impl = std::make_unique<Impl>();
    impl->order = options.order;
    impl->words = {"<unk>", "<s>", "</s>"};
    auto addWord = [&](const std::string& w) {
        if (w == "<s>" || w == "</s>" || w == "<unk>") return;
        if (impl->ids.emplace(w, static_cast<std::uint32_t>(impl->words.size())).second) impl->words.push_back(w);
    };
    if (options.vocabulary) {
        std::vector<std::string> sorted(options.vocabulary->begin(), options.vocabulary->end());
        std::sort(sorted.begin(), sorted.end());  // deterministic ids
        for (const auto& w : sorted) addWord(w);
    } else {
        for (const auto& s : sentences)
            for (const auto& w : s) addWord(w);
    }
    const int N = options.order;
    std::vector<std::unordered_map<Gram, double, GramHash>> raw(N);
    std::vector<std::uint32_t> seq;
    for (const auto& s : sentences) {
        seq.assign(1, kBos);
        for (const auto& w : s) seq.push_back(impl->id(w));
        seq.push_back(kEos);
        for (int i = 1; i < static_cast<int>(seq.size()); ++i)
            for (int n = 1; n <= std::min(N, i + 1); ++n) raw[n - 1][makeGram(seq.data() + i - n + 1, n)] += 1.0;
    }
    // Adjusted counts: the highest order keeps raw counts; a lower-order n-gram counts its
    // distinct left extensions (continuation count), unless it starts with <s> (no left context).
    impl->counts.resize(N);
    impl->counts[N - 1] = raw[N - 1];
    for (int n = N - 1; n >= 1; --n) {
        auto& adjusted = impl->counts[n - 1];
        for (const auto& [g, c] : raw[n - 1])
            if (g.w[0] == kBos) adjusted[g] = c;
        for (const auto& [g, c] : raw[n]) {  // each (n+1)-gram is one left extension of its suffix
            Gram suffix = makeGram(g.w.data() + 1, n);
            if (suffix.w[0] != kBos) adjusted[suffix] += 1.0;
        }
    }
    impl->discounts.resize(N);
    impl->contexts.resize(N);
    for (int n = 1; n <= N; ++n) {
        std::int64_t t[5] = {0, 0, 0, 0, 0};
        for (const auto& [g, a] : impl->counts[n - 1]) {
            const auto k = static_cast<std::int64_t>(a);
            if (k >= 1 && k <= 4) ++t[k];
        }
        impl->discounts[n - 1] = kneserNeyDiscounts(t[1], t[2], t[3], t[4]);
        for (const auto& [g, a] : impl->counts[n - 1]) {
            auto& s = impl->contexts[n - 1][makeGram(g.w.data(), n - 1)];
            s.den += a;
            if (a >= 3) ++s.n3;
            else if (a >= 2) ++s.n2;
            else ++s.n1;
        }
    }
    impl->uniform = 1.0 / static_cast<double>(impl->words.size() - 1);
    return NgramLm(std::move(impl));
}

double NgramLm::logProb(const std::vector<std::string>& context, const std::string& word) const {
    std::vector<std::uint32_t> ctx;
    for (const auto& w : context) ctx.push_back(d->id(w));
    // Context before <s> is meaningless: keep what follows the last <s>.
    auto bos = std::find(ctx.rbegin(), ctx.rend(), kBos);
    if (bos != ctx.rend()) ctx.erase(ctx.begin(), bos.base() - 1);
    const int len = std::min<int>(static_cast<int>(ctx.size()), d->order - 1);
    return std::log(d->prob(ctx.data() + ctx.size(), len, d->id(word)));
}

double NgramLm::sentenceLogProb(const std::vector<std::string>& tokens) const {
    std::vector<std::uint32_t> seq(1, kBos);
    for (const auto& w : tokens) seq.push_back(d->id(w));
    seq.push_back(kEos);
    double total = 0;
    for (int i = 1; i < static_cast<int>(seq.size()); ++i)
        total += std::log(d->prob(seq.data() + i, std::min(i, d->order - 1), seq[i]));
    return total;
}

double NgramLm::crossEntropy(const std::vector<std::string>& tokens) const {
    return -sentenceLogProb(tokens) / std::log(2.0) / static_cast<double>(tokens.size() + 1);
}

Status NgramLm::writeArpa(const std::string& path) const {
    auto file = AtomicFile::create(path, false);  // exclusive temporary, renamed in at the end
    if (!file) return std::unexpected(file.error());
    {
        std::ostringstream out;  // handed to the file once per n-gram order
        const int N = d->order;
        std::vector<std::vector<Gram>> entries(N);
        // Unigrams: every vocabulary word (unseen ones get only back-off mass), plus <s>.
        for (std::uint32_t w = 0; w < d->words.size(); ++w) entries[0].push_back(makeGram(&w, 1));
        for (int n = 2; n <= N; ++n)
            for (const auto& [g, a] : d->counts[n - 1]) entries[n - 1].push_back(g);
        out << "\n\\data\\\n";
        for (int n = 1; n <= N; ++n) out << "ngram " << n << "=" << entries[n - 1].size() << "\n";
        char buf[64];
        for (int n = 1; n <= N; ++n) {
            auto& list = entries[n - 1];
            std::sort(list.begin(), list.end(), [](const Gram& a, const Gram& b) {
                return std::lexicographical_compare(a.w.begin(), a.w.begin() + a.n, b.w.begin(), b.w.begin() + b.n);
            });
            out << "\n\\" << n << "-grams:\n";
            for (const auto& g : list) {
                const double p = g.w[n - 1] == kBos ? 0.0 : d->prob(g.w.data() + n - 1, n - 1, g.w[n - 1]);
                std::snprintf(buf, sizeof buf, "%.6f", p > 0 ? std::log10(p) : -99.0);
                out << buf << '\t';
                for (int i = 0; i < n; ++i) out << (i ? " " : "") << d->words[g.w[i]];
                if (n < N) {
                    auto ctx = d->contexts[n].find(g);
                    if (ctx != d->contexts[n].end()) {
                        std::snprintf(buf, sizeof buf, "%.6f", std::log10(d->gamma(n + 1, ctx->second)));
                        out << '\t' << buf;
                    }
                }
                out << '\n';
            }
            if (auto s = (*file)->write(out.str()); !s) return s;
            out.str({});
        }
        out << "\n\\end\\\n";
        if (auto s = (*file)->write(out.str()); !s) return s;
    }
    return (*file)->commit();
}

std::vector<std::string> wordTokens(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        if (!cur.empty()) out.push_back(std::move(cur));
        cur.clear();
    };
    for (unsigned char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            flush();
        } else if (c < 0x80 && isPunct(c)) {
            flush();
            out.emplace_back(1, static_cast<char>(c));
        } else {
            cur.push_back(c < 0x80 ? static_cast<char>(std::tolower(c)) : static_cast<char>(c));
        }
    }
    flush();
    return out;
}

}  // namespace dl
