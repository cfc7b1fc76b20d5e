// bench_semdup PROJECT [REPEAT] [EPS]: the time and peak memory of semantic dedup's pass
// (core/filter/SemanticDup) on the corpus of PROJECT's latest cluster run, its vectors and
// clusters repeated REPEAT times (each copy with Gaussian noise of 0.01 per unit-vector
// component, seed 1: repeated data, heavy in duplicates), at EPS. Prints one JSON line
// (bench/filters/RESULTS.md). The work is every pair of each cluster: it depends on the cluster
// sizes, not on the noise.
#include <sys/resource.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "filter/SemanticDup.h"
#include "runs/RunBlobs.h"
#include "runs/RunKind.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Runs.h"
#include "store/Store.h"

using namespace dl;

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_semdup PROJECT [REPEAT] [EPS]\n");
        return 2;
    }
    const int repeat = argc > 2 ? std::stoi(argv[2]) : 10;
    SemDupOptions opt;
    opt.eps = argc > 3 ? std::stod(argv[3]) : 0.05;
    auto store = Store::open(argv[1]).value();
    const auto run = latestRun(*store, RunKind::Cluster).value();
    const auto m = loadEmbeddings(*store, *run.embeddingSetId, run.corpusId).value();
    const auto ids = getRunArray<std::int64_t>(*store, run.id, blobs::kSentenceIds).value();
    const auto labels = getRunArray<std::int32_t>(*store, run.id, blobs::kLabels).value();
    std::unordered_map<std::int64_t, std::int32_t> labelOf;
    for (std::size_t i = 0; i < ids.size(); ++i) labelOf[ids[i]] = labels[i];
    std::vector<std::int32_t> base;
    std::int64_t position = 0;
    forEachSentence(*store, run.corpusId, 0, [&](const Sentence& s) {
        base.push_back(labelOf.contains(s.id) ? labelOf[s.id] : -1);
        return ++position < m.rows;
    }).value();
    const std::int64_t n = m.rows * repeat;
    std::vector<float> v(std::size_t(n) * std::size_t(m.dim));
    std::vector<std::int32_t> lab(static_cast<std::size_t>(n));
    std::vector<std::int64_t> bytes(static_cast<std::size_t>(n), 1);
    std::mt19937_64 rng(1);
    std::normal_distribution<float> noise(0.0f, 0.01f);
    for (std::int64_t r = 0; r < repeat; ++r)
        for (std::int64_t i = 0; i < m.rows; ++i) {
            const auto row = r * m.rows + i;
            double norm = 0;
            for (int k = 0; k < m.dim; ++k) norm += double(m.row(i)[k]) * m.row(i)[k];
            for (int k = 0; k < m.dim; ++k)
                v[std::size_t(row * m.dim + k)] = float(m.row(i)[k] / std::sqrt(norm)) + (r ? noise(rng) : 0.0f);
            lab[std::size_t(row)] = base[std::size_t(i)];
        }
    double pairsPossible = 0;
    std::unordered_map<std::int32_t, double> sizes;
    for (auto l : lab) sizes[l] += 1;
    for (auto [l, s] : sizes) pairsPossible += l >= 0 ? s * (s - 1) / 2 : 0;
    CancelToken cancel;
    const auto t0 = std::chrono::steady_clock::now();
    auto r = findSemanticDuplicates(std::move(v), m.dim, lab, bytes, opt, cancel).value();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    nlohmann::json out = {{"rows", n},
                          {"dim", m.dim},
                          {"clusters", r.clusters},
                          {"pairs_compared", pairsPossible},
                          {"eps", opt.eps},
                          {"removed", r.removed.size()},
                          {"groups", r.groups},
                          {"pairs", r.pairs},
                          {"seconds", seconds},
                          {"cosines_per_second", pairsPossible / seconds},
                          {"peak_rss_mib", double(u.ru_maxrss) / 1024}};
    std::printf("%s\n", out.dump().c_str());
    return 0;
}
