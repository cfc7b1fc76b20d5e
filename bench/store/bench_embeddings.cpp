// Reading a corpus's embeddings back into one matrix (issue: 1.5M x 384 in < 5 s).
// Writes N x D random vectors as float16 chunks of 4,096 rows into a fresh project (as the
// encode job does), then times loadEmbeddings. usage: bench_embeddings PROJECT [N] [D]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include <sys/resource.h>

#include "store/Embeddings.h"
#include "store/Store.h"

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_embeddings PROJECT [N=1500000] [D=384]\n");
        return 2;
    }
    const std::string path = argv[1];
    const std::int64_t n = argc > 2 ? std::atoll(argv[2]) : 1500000;
    const int d = argc > 3 ? std::atoi(argv[3]) : 384;
    auto store = dl::Store::create(path);
    if (!store) {
        std::fprintf(stderr, "%s\n", store.error().message.c_str());
        return 1;
    }
    auto& s = **store;
    s.exec("INSERT INTO corpora(name) VALUES('bench')").value();
    const auto corpus = s.lastInsertId();
    auto set =
        dl::ensureEmbeddingSet(s, {"bench-model", -1, "mean", dl::Side::Source, false}, d, dl::StorageType::Float16)
            .value();
    std::mt19937 rng(1);
    std::normal_distribution<float> normal(0.f, 0.3f);
    const std::int64_t chunk = 4096;
    std::vector<float> rows(chunk * d);
    const auto t0 = std::chrono::steady_clock::now();
    for (std::int64_t first = 0; first < n; first += chunk) {
        const auto count = std::min(chunk, n - first);
        for (std::int64_t i = 0; i < count * d; ++i) rows[i] = normal(rng);
        auto tx = s.begin().value();
        dl::appendEmbeddings(s, set.id, corpus, first, count, {rows.data(), std::size_t(count * d)}).value();
        tx.commit().value();
    }
    const double write = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    store->reset();
    auto again = dl::Store::open(path, dl::OpenMode::ReadOnly).value();
    const auto t1 = std::chrono::steady_clock::now();
    auto m = dl::loadEmbeddings(*again, set.id, corpus);
    const double read = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
    if (!m) {
        std::fprintf(stderr, "%s\n", m.error().message.c_str());
        return 1;
    }
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    std::printf("{\"rows\":%lld,\"dim\":%d,\"write_seconds\":%.2f,\"read_seconds\":%.2f,\"peak_rss_mb\":%.0f}\n",
                static_cast<long long>(m->rows), m->dim, write, read, ru.ru_maxrss / 1024.0);
    return 0;
}
