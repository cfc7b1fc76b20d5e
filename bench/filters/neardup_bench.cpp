// bench_neardup FILE [SAMPLE] [SHINGLE]: MinHash-LSH (core/filter/NearDup) against exact Jaccard
// by brute force over all pairs of the first SAMPLE lines of FILE (one sentence per line), at
// thresholds 0.7, 0.8 and 0.85 with the banding the filter chooses (128 permutations), and at
// the MinHash-estimate-only decision a tool without verification makes. Prints one JSON line
// per threshold (bench/filters/RESULTS.md).
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "filter/NearDup.h"

using namespace dl;

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_neardup FILE [SAMPLE] [char:5|word:3]\n");
        return 2;
    }
    const std::size_t sample = argc > 2 ? std::stoul(argv[2]) : 5000;
    const ShingleSpec spec = argc > 3 ? parseShingleSpec(argv[3]).value() : ShingleSpec{};
    std::ifstream in(argv[1]);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l) && lines.size() < sample;) lines.push_back(l);
    const std::size_t n = lines.size();
    std::vector<std::vector<std::uint64_t>> sets(n);
    for (std::size_t i = 0; i < n; ++i) sets[i] = shingleHashes(normaliseForDedup(lines[i]), spec, 1);
    // Brute force: every pair's exact Jaccard, kept when >= 0.5 (the lowest threshold's reach).
    struct Pair {
        std::uint32_t i, j;
        double jaccard;
    };
    std::vector<Pair> close;
    const auto t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            if (!sets[i].empty()) {
                const double s = exactJaccard(sets[i], sets[j]);
                if (s >= 0.5) close.push_back({std::uint32_t(i), std::uint32_t(j), s});
            }
    const double bruteSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::vector<DedupText> texts(n);
    for (std::size_t i = 0; i < n; ++i) texts[i] = {lines[i], {}};
    std::vector<std::vector<std::uint32_t>> sigs(n);
    for (std::size_t i = 0; i < n; ++i) sigs[i] = minhashSignature(sets[i], 128, 1);
    for (double t : {0.7, 0.8, 0.85, 0.9}) {
        NearDupOptions opt;
        opt.threshold = t;
        opt.shingle = spec;
        const int rows = chooseRows(t, 128);
        opt.bands = 128 / rows;
        CancelToken cancel;
        const auto s0 = std::chrono::steady_clock::now();
        auto r = findNearDuplicates(texts, opt, cancel).value();
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count();
        // Groups of the filter: removed -> kept; a pair is joined when both map to one kept text.
        std::vector<std::uint32_t> group(n);
        std::iota(group.begin(), group.end(), 0u);
        for (const auto& rm : r.removed) group[std::size_t(rm.index)] = std::uint32_t(rm.keptIndex);
        std::int64_t truePairs = 0, joined = 0, estimateTrue = 0, estimateFound = 0, estimateRight = 0;
        for (const auto& p : close) {
            const bool dup = p.jaccard >= t;
            truePairs += dup;
            joined += dup && group[p.i] == group[p.j];
        }
        // The MinHash-estimate decision (no exact verification) over the same close pairs plus
        // every pair the estimate puts above t: computed over all pairs of the sample.
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i + 1; j < n; ++j) {
                if (sets[i].empty()) continue;
                const bool est = minhashEstimate(sigs[i], sigs[j]) >= t;
                if (!est) continue;
                ++estimateFound;
                estimateRight += exactJaccard(sets[i], sets[j]) >= t;
            }
        for (const auto& p : close) estimateTrue += p.jaccard >= t && minhashEstimate(sigs[p.i], sigs[p.j]) >= t;
        // Removal precision: removed texts whose twin is at >= t exactly (transitive groups can
        // join texts below t through a chain).
        std::int64_t directTwins = 0;
        for (const auto& rm : r.removed) directTwins += rm.similarity >= t;
        rusage ru{};
        getrusage(RUSAGE_SELF, &ru);
        nlohmann::json j = {
            {"threshold", t},
            {"shingle", toString(spec)},
            {"sentences", n},
            {"bands", opt.bands},
            {"rows", rows},
            {"fn_at_threshold_expected", lshRates(t, opt.bands, rows).fnAtThreshold},
            {"true_pairs", truePairs},
            {"pair_recall", truePairs ? double(joined) / double(truePairs) : 1.0},
            {"removed", r.removed.size()},
            {"removed_twin_at_or_above_t", directTwins},
            {"candidate_pairs", r.candidatePairs},
            {"verified_pairs", r.verifiedPairs},
            {"estimate_only_recall", truePairs ? double(estimateTrue) / double(truePairs) : 1.0},
            {"estimate_only_precision", estimateFound ? double(estimateRight) / double(estimateFound) : 1.0},
            {"seconds_lsh", seconds},
            {"seconds_brute_force_exact", bruteSeconds},
            {"max_rss_mib", ru.ru_maxrss / 1024.0}};
        std::printf("%s\n", j.dump().c_str());
    }
    return 0;
}
