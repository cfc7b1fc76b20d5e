#include "filter/NearDup.h"

#include <utf8proc.h>
#include <cstdint>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <numeric>

#include "common/Parallel.h"
#include "common/SipHash.h"
#include "common/SplitMix.h"
#include "common/UnionFind.h"

namespace dl {

namespace {

// The seeds of the permutation family: a splitmix64 stream from the run's seed.
std::vector<std::uint64_t> permutationSeeds(int permutations, std::uint64_t seed) {
    std::vector<std::uint64_t> seeds(static_cast<std::size_t>(std::max(permutations, 0)));
    std::uint64_t state = seed;
    for (auto& s : seeds) s = splitMix64(state += kSplitMixGamma);
    return seeds;
}

SipKey shingleKey(std::uint64_t seed) { return SipKey{splitMix64(seed ^ 0x5348494e474c4531ULL), splitMix64(seed + 1)}; }

// Punctuation (P*), symbols (S*), separators (Z*) and controls (Cc): utf8proc numbers the
// categories Pc..Zp contiguously.
bool isSeparator(utf8proc_int32_t cp) {
    const auto c = utf8proc_category(cp);
    return (c >= UTF8PROC_CATEGORY_PC && c <= UTF8PROC_CATEGORY_ZP) || c == UTF8PROC_CATEGORY_CC;
}

// Byte offsets where each code point of valid UTF-8 starts, plus the end.
std::vector<std::size_t> codePointStarts(std::string_view s) {
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < s.size(); ++i)
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) starts.push_back(i);
    starts.push_back(s.size());
    return starts;
}

void sortUnique(std::vector<std::uint64_t>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

}  // namespace

Expected<ShingleSpec> parseShingleSpec(std::string_view text) {
    const auto colon = text.find(':');
    ShingleSpec spec;
    const auto kind = text.substr(0, colon);
    bool ok = colon != std::string_view::npos && (kind == "char" || kind == "word");
    if (ok) {
        spec.kind = kind == "char" ? ShingleKind::Char : ShingleKind::Word;
        const auto digits = text.substr(colon + 1);
        auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), spec.size);
        ok = ec == std::errc() && end == digits.data() + digits.size() && spec.size >= 1 && spec.size <= 32;
    }
    if (!ok)
        return usageError("--shingle must be char:K or word:K with K from 1 to 32 (got '" + std::string(text) + "').");
    return spec;
}

std::string toString(const ShingleSpec& spec) {
    return std::string(spec.kind == ShingleKind::Char ? "char:" : "word:") + std::to_string(spec.size);
}

std::string normaliseForDedup(std::string_view text) {
    std::string folded;
    utf8proc_uint8_t* mapped = nullptr;
    const auto n =
        utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()), static_cast<utf8proc_ssize_t>(text.size()),
                     &mapped, static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD));
    if (n >= 0) {
        folded.assign(reinterpret_cast<const char*>(mapped), static_cast<std::size_t>(n));
    } else {  // invalid UTF-8: ASCII case folding, the bytes otherwise as they are
        folded.assign(text);
        for (char& c : folded)
            if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    std::free(mapped);

    std::string out;
    out.reserve(folded.size());
    bool pendingSpace = false;
    const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(folded.data());
    std::size_t i = 0;
    while (i < folded.size()) {
        utf8proc_int32_t cp = 0;
        auto len = utf8proc_iterate(p + i, static_cast<utf8proc_ssize_t>(folded.size() - i), &cp);
        if (len <= 0) {  // a stray byte stays as it is
            if (pendingSpace && !out.empty()) out += ' ';
            pendingSpace = false;
            out += folded[i++];
            continue;
        }
        if (isSeparator(cp)) {
            pendingSpace = true;
        } else {
            if (pendingSpace && !out.empty()) out += ' ';
            pendingSpace = false;
            out.append(folded, i, static_cast<std::size_t>(len));
        }
        i += static_cast<std::size_t>(len);
    }
    return out;
}

std::vector<std::uint64_t> shingleHashes(std::string_view s, const ShingleSpec& spec, std::uint64_t seed) {
    std::vector<std::uint64_t> out;
    if (s.empty()) return out;
    const SipKey key = shingleKey(seed);
    const auto k = static_cast<std::size_t>(spec.size);
    std::vector<std::size_t> starts;  // unit starts plus the end (char: code points; word: words)
    std::vector<std::size_t> ends;    // word: where each word ends
    if (spec.kind == ShingleKind::Char) {
        starts = codePointStarts(s);
        const std::size_t units = starts.size() - 1;
        if (units <= k) return {sipHash128(key, s).lo};
        out.reserve(units - k + 1);
        for (std::size_t i = 0; i + k <= units; ++i)
            out.push_back(sipHash128(key, s.substr(starts[i], starts[i + k] - starts[i])).lo);
    } else {
        for (std::size_t i = 0; i < s.size();) {
            const std::size_t end = std::min(s.find(' ', i), s.size());
            starts.push_back(i), ends.push_back(end);
            i = end + 1;
        }
        const std::size_t units = starts.size();
        if (units <= k) return {sipHash128(key, s).lo};
        out.reserve(units - k + 1);
        for (std::size_t i = 0; i + k <= units; ++i)
            out.push_back(sipHash128(key, s.substr(starts[i], ends[i + k - 1] - starts[i])).lo);
    }
    sortUnique(out);
    return out;
}

double exactJaccard(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b) {
    if (a.empty() && b.empty()) return 0;
    std::size_t i = 0, j = 0, common = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i] < b[j]) ++i;
        else if (b[j] < a[i]) ++j;
        else ++common, ++i, ++j;
    }
    return static_cast<double>(common) / static_cast<double>(a.size() + b.size() - common);
}

std::vector<std::uint32_t> minhashSignature(std::span<const std::uint64_t> shingles, int permutations,
                                            std::uint64_t seed) {
    const auto seeds = permutationSeeds(permutations, seed);
    std::vector<std::uint64_t> mins(seeds.size(), ~std::uint64_t{0});
    for (std::uint64_t x : shingles)
        for (std::size_t p = 0; p < seeds.size(); ++p) mins[p] = std::min(mins[p], splitMix64(x ^ seeds[p]));
    std::vector<std::uint32_t> sig(mins.size());
    for (std::size_t p = 0; p < mins.size(); ++p) sig[p] = static_cast<std::uint32_t>(mins[p]);
    return sig;
}

double minhashEstimate(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b) {
    const std::size_t n = std::min(a.size(), b.size());
    if (n == 0) return 0;
    std::size_t equal = 0;
    for (std::size_t i = 0; i < n; ++i) equal += a[i] == b[i];
    return static_cast<double>(equal) / static_cast<double>(n);
}

double lshCandidateProbability(double s, int bands, int rows) { return 1.0 - std::pow(1.0 - std::pow(s, rows), bands); }

LshRates lshRates(double t, int bands, int rows) {
    LshRates r;
    r.fnAtThreshold = 1.0 - lshCandidateProbability(t, bands, rows);
    constexpr int kSteps = 1000;  // midpoint rule
    double fp = 0, fn = 0;
    for (int i = 0; i < kSteps; ++i) {
        const double u = (i + 0.5) / kSteps;
        fp += lshCandidateProbability(u * t, bands, rows);
        fn += 1.0 - lshCandidateProbability(t + u * (1.0 - t), bands, rows);
    }
    r.fpWeight = fp / kSteps;
    r.fnWeight = t < 1.0 ? fn / kSteps : 0.0;
    return r;
}

int chooseRows(double threshold, int permutations) {
    int best = 1;
    for (int rows = 1; rows <= permutations; ++rows)
        if (permutations % rows == 0 && 1.0 - lshCandidateProbability(threshold, permutations / rows, rows) <= 0.01)
            best = rows;
    return best;
}

namespace {

// What one pass keeps per text: the shingle sets of the sides it compares, and the band keys.
struct Prepared {
    std::vector<std::vector<std::uint64_t>> src, tgt;
    std::vector<std::uint64_t> srcKeys, tgtKeys;  // band-major: keys[band * n + i]
};

void bandKeys(const std::vector<std::uint32_t>& sig, int bands, int rows, std::size_t n, std::size_t i,
              std::vector<std::uint64_t>& keys) {
    for (int b = 0; b < bands; ++b) {
        std::uint64_t h = splitMix64(static_cast<std::uint64_t>(b) + 0x42414e44ULL);
        for (int r = 0; r < rows; ++r)
            h = splitMix64(
                h ^ sig[static_cast<std::size_t>(b) * static_cast<std::size_t>(rows) + static_cast<std::size_t>(r)]);
        keys[static_cast<std::size_t>(b) * n + i] = h;
    }
}

constexpr std::int64_t kRowsPerTask = 512;  // rows (or removals) per parallel task
constexpr std::size_t kSmallBucket = 50;  // all pairs up to this bucket size
constexpr std::size_t kMaxLeaders = 50;   // larger buckets: members against up to 50 leaders

struct Verifier {
    const Prepared& prep;
    const NearDupOptions& opt;
    bool parallelSides;
    // The pair's similarity by the sides rule, and whether it is a duplicate.
    std::pair<bool, double> operator()(std::size_t i, std::size_t j) const {
        const double s = exactJaccard(prep.src[i], prep.src[j]);
        if (!parallelSides) return {!prep.src[i].empty() && s >= opt.threshold, s};
        const double t = exactJaccard(prep.tgt[i], prep.tgt[j]);
        if (opt.sides == SidesRule::Both) {
            const double m = std::min(s, t);
            return {m >= opt.threshold, m};
        }
        const double m = std::max(s, t);
        return {m >= opt.threshold, m};
    }
};

std::uint64_t pairKey(std::size_t i, std::size_t j) {
    if (i > j) std::swap(i, j);
    return (static_cast<std::uint64_t>(i) << 32) | static_cast<std::uint64_t>(j);
}

// The candidate pairs of one band of one side.
void bandCandidates(const std::vector<std::uint64_t>& keys, const std::vector<char>& usable, std::size_t n, int band,
                    const Verifier& verify, std::vector<std::uint64_t>& out, const CancelToken& cancel) {
    std::vector<std::pair<std::uint64_t, std::uint32_t>> rows;
    rows.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        if (usable[i]) rows.emplace_back(keys[static_cast<std::size_t>(band) * n + i], static_cast<std::uint32_t>(i));
    std::sort(rows.begin(), rows.end());
    for (std::size_t a = 0; a < rows.size();) {
        std::size_t b = a + 1;
        while (b < rows.size() && rows[b].first == rows[a].first) ++b;
        const std::size_t m = b - a;
        if (m <= kSmallBucket) {
            for (std::size_t x = a; x < b; ++x)
                for (std::size_t y = x + 1; y < b; ++y) out.push_back(pairKey(rows[x].second, rows[y].second));
        } else {
            std::vector<std::uint32_t> leaders;
            for (std::size_t x = a; x < b; ++x) {
                if ((x & 0xff) == 0 && cancel.isCancelled()) return;
                bool matched = false;
                for (std::uint32_t l : leaders)
                    if (verify(l, rows[x].second).first) {
                        out.push_back(pairKey(l, rows[x].second));
                        matched = true;
                        break;
                    }
                if (!matched && leaders.size() < kMaxLeaders) leaders.push_back(rows[x].second);
            }
        }
        a = b;
    }
    sortUnique(out);
}

Status checkNearDupInput(std::span<const DedupText> texts, const NearDupOptions& opt) {
    if (!(opt.threshold > 0 && opt.threshold <= 1)) return usageError("--threshold must be in (0, 1].");
    if (opt.permutations < 1 || opt.bands < 1 || opt.permutations % opt.bands != 0)
        return usageError("--bands must divide --permutations (bands * rows = permutations).");
    if (texts.size() >= (std::size_t{1} << 32)) return fail("The near-duplicate filter takes at most 2^32 - 1 texts.");
    return {};
}

bool parallelSidesOf(std::span<const DedupText> texts, const NearDupOptions& opt) {
    bool hasTarget = false;
    for (const auto& t : texts) hasTarget = hasTarget || !t.tgt.empty();
    return hasTarget && opt.sides != SidesRule::Src;
}

// Steps 2 to 4 of the pass on prepared band keys, usable flags and shingle sets (every text's,
// or at least those of every text that shares a bucket with another: the candidates').
Expected<NearDupResult> groupNearDuplicates(std::span<const DedupText> texts, const Prepared& prep,
                                            const std::vector<char>& srcUsable, const std::vector<char>& tgtUsable,
                                            bool parallelSides, const NearDupOptions& opt, const CancelToken& cancel) {
    const std::size_t n = texts.size();
    NearDupResult result;
    for (std::size_t i = 0; i < n; ++i)
        result.emptyTexts +=
            parallelSides && opt.sides == SidesRule::Either ? !srcUsable[i] && !tgtUsable[i] : !srcUsable[i];
    Status st;

    // 2. Candidates: per band (and side) in parallel, each band's pairs sorted and unique
    // (bandCandidates), merged into the distinct pairs in band order as the bands finish, so
    // that at most one band per worker waits besides the merged set.
    const Verifier verify{prep, opt, parallelSides};
    const int sideCount = parallelSides && opt.sides == SidesRule::Either ? 2 : 1;
    std::vector<std::uint64_t> candidates, merged;
    st = parallelOrderedFold(
        static_cast<std::int64_t>(opt.bands) * sideCount, opt.threads, &cancel,
        [] { return std::vector<std::uint64_t>(); },
        [&](std::vector<std::uint64_t>& band, std::int64_t job) {
            const bool tgtSide = job >= opt.bands;
            band.clear();
            bandCandidates(tgtSide ? prep.tgtKeys : prep.srcKeys, tgtSide ? tgtUsable : srcUsable, n,
                           static_cast<int>(job % opt.bands), verify, band, cancel);
        },
        [&](std::vector<std::uint64_t>& band, std::int64_t) {
            merged.clear();
            merged.reserve(candidates.size() + band.size());
            std::merge(candidates.begin(), candidates.end(), band.begin(), band.end(), std::back_inserter(merged));
            merged.erase(std::unique(merged.begin(), merged.end()), merged.end());
            candidates.swap(merged);
        });
    if (!st) return std::unexpected(st.error());
    std::vector<std::uint64_t>().swap(merged);
    if (cancel.isCancelled()) return cancelled();
    result.candidatePairs = static_cast<std::int64_t>(candidates.size());

    // 3. Verification by exact Jaccard, in parallel.
    std::vector<char> isDup(candidates.size());
    const std::int64_t pairBlocks = (static_cast<std::int64_t>(candidates.size()) + 4095) / 4096;
    st = parallelBlocks(pairBlocks, opt.threads, &cancel, [&](std::int64_t block, int) {
        const auto from = static_cast<std::size_t>(block) * 4096;
        for (std::size_t c = from; c < std::min(candidates.size(), from + 4096); ++c)
            isDup[c] = verify(candidates[c] >> 32, candidates[c] & 0xffffffffu).first;
    });
    if (!st) return std::unexpected(st.error());

    // 4. Groups by union-find; one kept member per group.
    UnionFind<std::uint32_t> uf(n);
    for (std::size_t c = 0; c < candidates.size(); ++c) {
        if ((c & 0xffff) == 0 && cancel.isCancelled()) return cancelled();
        if (!isDup[c]) continue;
        ++result.verifiedPairs;
        uf.unite(static_cast<std::uint32_t>(candidates[c] >> 32),
                 static_cast<std::uint32_t>(candidates[c] & 0xffffffffu));
    }
    std::vector<std::uint32_t> kept(n), size(n, 0);
    auto length = [&](std::size_t i) { return texts[i].src.size() + texts[i].tgt.size(); };
    for (std::size_t i = 0; i < n; ++i) {
        const auto r = uf.find(static_cast<std::uint32_t>(i));
        if (size[r]++ == 0) kept[r] = static_cast<std::uint32_t>(i);
        else if (opt.keep == KeepRule::Longest && length(i) > length(kept[r])) kept[r] = static_cast<std::uint32_t>(i);
    }
    for (std::size_t i = 0; i < n; ++i) {
        const auto r = uf.find(static_cast<std::uint32_t>(i));
        if (size[r] < 2) continue;
        if (r == i) ++result.groups;
        if (kept[r] != i) result.removed.push_back({static_cast<std::int64_t>(i), kept[r], 0.0});
    }
    st = parallelBlocks(
        (static_cast<std::int64_t>(result.removed.size()) + kRowsPerTask - 1) / kRowsPerTask, opt.threads, &cancel,
        [&](std::int64_t block, int) {
            const auto from = static_cast<std::size_t>(block * kRowsPerTask);
            for (std::size_t k = from; k < std::min(result.removed.size(), from + kRowsPerTask); ++k) {
                auto& r = result.removed[k];
                r.similarity = verify(static_cast<std::size_t>(r.index), static_cast<std::size_t>(r.keptIndex)).second;
            }
        });
    if (!st) return std::unexpected(st.error());
    return result;
}

}  // namespace

Expected<NearDupResult> findNearDuplicates(std::span<const DedupText> texts, const NearDupOptions& opt,
                                           const CancelToken& cancel) {
    if (auto s = checkNearDupInput(texts, opt); !s) return std::unexpected(s.error());
    const std::size_t n = texts.size();
    const int rows = opt.permutations / opt.bands;
    const bool parallelSides = parallelSidesOf(texts, opt);

    // 1. Shingles, signatures and band keys, per text in parallel.
    Prepared prep;
    prep.src.resize(n);
    prep.srcKeys.resize(n * static_cast<std::size_t>(opt.bands));
    if (parallelSides) {
        prep.tgt.resize(n);
        if (opt.sides == SidesRule::Either) prep.tgtKeys.resize(n * static_cast<std::size_t>(opt.bands));
    }
    const std::int64_t blocks = (static_cast<std::int64_t>(n) + kRowsPerTask - 1) / kRowsPerTask;
    auto st = parallelBlocks(blocks, opt.threads, &cancel, [&](std::int64_t block, int) {
        const auto from = static_cast<std::size_t>(block * kRowsPerTask);
        for (std::size_t i = from; i < std::min(n, from + kRowsPerTask); ++i) {
            prep.src[i] = shingleHashes(normaliseForDedup(texts[i].src), opt.shingle, opt.seed);
            bandKeys(minhashSignature(prep.src[i], opt.permutations, opt.seed), opt.bands, rows, n, i, prep.srcKeys);
            if (!parallelSides) continue;
            prep.tgt[i] = shingleHashes(normaliseForDedup(texts[i].tgt), opt.shingle, opt.seed);
            if (opt.sides == SidesRule::Either)
                bandKeys(minhashSignature(prep.tgt[i], opt.permutations, opt.seed), opt.bands, rows, n, i,
                         prep.tgtKeys);
        }
    });
    if (!st) return std::unexpected(st.error());
    std::vector<char> srcUsable(n), tgtUsable(parallelSides ? n : 0);
    for (std::size_t i = 0; i < n; ++i) {
        srcUsable[i] = !prep.src[i].empty();
        if (parallelSides) tgtUsable[i] = !prep.tgt[i].empty();
    }
    return groupNearDuplicates(texts, prep, srcUsable, tgtUsable, parallelSides, opt, cancel);
}

bool sidesNeedTargetSignatures(SidesRule sides) { return sides == SidesRule::Either; }

Expected<std::vector<std::uint32_t>> nearDupSignatures(std::span<const DedupText> texts, bool target,
                                                       const NearDupOptions& opt, const CancelToken& cancel) {
    if (auto s = checkNearDupInput(texts, opt); !s) return std::unexpected(s.error());
    const std::size_t n = texts.size(), perm = static_cast<std::size_t>(opt.permutations);
    std::vector<std::uint32_t> out(n * perm);
    const std::int64_t blocks = (static_cast<std::int64_t>(n) + kRowsPerTask - 1) / kRowsPerTask;
    auto st = parallelBlocks(blocks, opt.threads, &cancel, [&](std::int64_t block, int) {
        const auto from = static_cast<std::size_t>(block * kRowsPerTask);
        for (std::size_t i = from; i < std::min(n, from + kRowsPerTask); ++i) {
            const auto sig = minhashSignature(
                shingleHashes(normaliseForDedup(target ? texts[i].tgt : texts[i].src), opt.shingle, opt.seed),
                opt.permutations, opt.seed);
            std::copy(sig.begin(), sig.end(), out.begin() + static_cast<std::ptrdiff_t>(i * perm));
        }
    });
    if (!st) return std::unexpected(st.error());
    return out;
}

bool emptySignature(std::span<const std::uint32_t> signature) {
    return std::all_of(signature.begin(), signature.end(), [](std::uint32_t v) { return v == 0xffffffffu; });
}

Expected<NearDupResult> findNearDuplicatesFromSignatures(std::span<const DedupText> texts,
                                                         std::span<const std::uint32_t> srcSignatures,
                                                         std::span<const std::uint32_t> tgtSignatures,
                                                         const NearDupOptions& opt, const CancelToken& cancel) {
    if (auto s = checkNearDupInput(texts, opt); !s) return std::unexpected(s.error());
    const std::size_t n = texts.size(), perm = static_cast<std::size_t>(opt.permutations);
    const int rows = opt.permutations / opt.bands;
    const bool parallelSides = parallelSidesOf(texts, opt);
    const bool either = parallelSides && opt.sides == SidesRule::Either;
    if (srcSignatures.size() != n * perm || (either && tgtSignatures.size() != n * perm))
        return fail("Internal error: " + std::to_string(srcSignatures.size()) + " signature values for " +
                    std::to_string(n) + " texts of " + std::to_string(perm) + " permutations.");

    // 1'. Band keys and usable flags from the signatures, per text in parallel.
    Prepared prep;
    prep.srcKeys.resize(n * static_cast<std::size_t>(opt.bands));
    if (either) prep.tgtKeys.resize(n * static_cast<std::size_t>(opt.bands));
    std::vector<char> srcUsable(n), tgtUsable(parallelSides ? n : 0);
    const std::int64_t blocks = (static_cast<std::int64_t>(n) + kRowsPerTask - 1) / kRowsPerTask;
    auto st = parallelBlocks(blocks, opt.threads, &cancel, [&](std::int64_t block, int) {
        const auto from = static_cast<std::size_t>(block * kRowsPerTask);
        std::vector<std::uint32_t> sig(perm);
        for (std::size_t i = from; i < std::min(n, from + kRowsPerTask); ++i) {
            const auto src = srcSignatures.subspan(i * perm, perm);
            srcUsable[i] = !emptySignature(src);
            sig.assign(src.begin(), src.end());
            bandKeys(sig, opt.bands, rows, n, i, prep.srcKeys);
            if (!either) continue;
            const auto tgt = tgtSignatures.subspan(i * perm, perm);
            tgtUsable[i] = !emptySignature(tgt);
            sig.assign(tgt.begin(), tgt.end());
            bandKeys(sig, opt.bands, rows, n, i, prep.tgtKeys);
        }
    });
    if (!st) return std::unexpected(st.error());

    // 1''. The texts that share a bucket with another text in some band: only theirs are
    // shingled again (verification and the large buckets' leaders read nothing else).
    std::vector<char> needed(n, 0);
    const int sideCount = either ? 2 : 1;
    st = parallelOrderedFold(
        static_cast<std::int64_t>(opt.bands) * sideCount, opt.threads, &cancel,
        [] { return std::vector<std::uint32_t>(); },
        [&](std::vector<std::uint32_t>& members, std::int64_t job) {
            const bool tgtSide = job >= opt.bands;
            const auto& keys = tgtSide ? prep.tgtKeys : prep.srcKeys;
            const auto& usable = tgtSide ? tgtUsable : srcUsable;
            const auto band = static_cast<std::size_t>(job % opt.bands);
            std::vector<std::pair<std::uint64_t, std::uint32_t>> sorted;
            sorted.reserve(n);
            for (std::size_t i = 0; i < n; ++i)
                if (usable[i]) sorted.emplace_back(keys[band * n + i], static_cast<std::uint32_t>(i));
            std::sort(sorted.begin(), sorted.end());
            members.clear();
            for (std::size_t a = 0; a < sorted.size();) {
                std::size_t b = a + 1;
                while (b < sorted.size() && sorted[b].first == sorted[a].first) ++b;
                if (b - a > 1)
                    for (std::size_t x = a; x < b; ++x) members.push_back(sorted[x].second);
                a = b;
            }
        },
        [&](std::vector<std::uint32_t>& members, std::int64_t) {
            for (auto i : members) needed[i] = 1;
        });
    if (!st) return std::unexpected(st.error());
    prep.src.resize(n);
    if (parallelSides) prep.tgt.resize(n);
    st = parallelBlocks(blocks, opt.threads, &cancel, [&](std::int64_t block, int) {
        const auto from = static_cast<std::size_t>(block * kRowsPerTask);
        for (std::size_t i = from; i < std::min(n, from + kRowsPerTask); ++i) {
            if (!needed[i]) continue;
            prep.src[i] = shingleHashes(normaliseForDedup(texts[i].src), opt.shingle, opt.seed);
            if (parallelSides) prep.tgt[i] = shingleHashes(normaliseForDedup(texts[i].tgt), opt.shingle, opt.seed);
        }
    });
    if (!st) return std::unexpected(st.error());
    return groupNearDuplicates(texts, prep, srcUsable, tgtUsable, parallelSides, opt, cancel);
}

}  // namespace dl
