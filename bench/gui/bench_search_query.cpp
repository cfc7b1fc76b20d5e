// Search-tab look-up latency at corpus scale (issue 13 follow-up; bench/gui/RESULTS.md): the
// first look-up of a cluster run's neighbours reads the whole embedding set from the project,
// later ones reuse the worker's SentenceQueryCache and cost only the encode and the GEMM.
//
//   bench_search_query PROJECT --model DIR [--corpus NAME] [--queries Q]
//
// PROJECT must hold a corpus (default "pool", e.g. bench_gui_stall's synthetic 1.5M project;
// work on a copy: this adds to it). When it has no set of DIR's model yet, random vectors
// (dim of the model, float16, seeded) are stored for every sentence as if encoded with that
// model, with a cluster run whose stored model maps them onto a 2-D map (PCA axes = the first
// two dimensions, a one-component GMM): no encode of 1.5M sentences needed. Each round times
// one look-up without a cache (the old path), then the first and a second look-up with one.
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>
#include <fstream>
#include <random>
#include <string>

#include "analysis/ClusterModel.h"
#include "encode/ModelIdentity.h"
#include "reports/SentenceQuery.h"
#include "reports/SentenceQueryCache.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace {

std::string loadAverage() {
    std::ifstream in("/proc/loadavg");
    std::string a, b, c;
    in >> a >> b >> c;
    return a + " " + b + " " + c;
}

// The cluster run over `setId` (made once), or why not.
dl::Expected<std::int64_t> ensureRun(dl::Store& store, const std::string& modelDir, std::int64_t corpusId,
                                     std::int64_t rows) {
    auto hash = dl::modelContentHash(modelDir);
    if (!hash) return std::unexpected(hash.error());
    dl::EmbeddingKey key;
    key.model = "bench-search";
    key.modelHash = *hash;
    key.precision = "fp32";
    std::ifstream config(modelDir + "/config.json");
    const std::string text((std::istreambuf_iterator<char>(config)), {});
    const auto at = text.find("\"hidden_size\"");
    if (at == std::string::npos) return dl::fail("No hidden_size in " + modelDir + "/config.json.");
    const int dim = std::stoi(text.substr(text.find(':', at) + 1));
    auto set = dl::ensureEmbeddingSet(store, key, dim, dl::StorageType::Float16, modelDir);
    if (!set) return std::unexpected(set.error());
    if (auto runs = dl::listRuns(store, dl::RunKind::Cluster); runs)
        for (const auto& r : *runs)
            if (r.params.value("bench", "") == "search") return r.id;
    auto done = dl::encodedCount(store, set->id, corpusId);
    if (!done) return std::unexpected(done.error());
    std::mt19937 rng(7);
    std::normal_distribution<float> normal;
    const std::int64_t chunk = 4096;
    std::vector<float> block(std::size_t(chunk) * std::size_t(dim));
    for (std::int64_t first = *done; first < rows; first += chunk) {
        const std::int64_t n = std::min(chunk, rows - first);
        for (auto& v : block) v = normal(rng);
        auto tx = store.begin();
        if (!tx) return std::unexpected(tx.error());
        if (auto s = dl::appendEmbeddings(store, set->id, corpusId, first, n, {block.data(), std::size_t(n * dim)}); !s)
            return std::unexpected(s.error());
        if (auto s = tx->commit(); !s) return std::unexpected(s.error());
    }
    dl::ClusterModel m;
    m.embeddingSet = set->id;
    m.pca.inputDim = dim;
    m.pca.components = 2;
    m.pca.fitRows = rows;
    m.pca.mean.assign(std::size_t(dim), 0.0);
    m.pca.axes.assign(std::size_t(2 * dim), 0.0);
    m.pca.axes[0] = m.pca.axes[std::size_t(dim) + 1] = 1.0;
    m.pca.explainedVariance = {1.0, 1.0};
    m.pca.explainedVarianceRatio = {1.0 / dim, 1.0 / dim};
    m.gmm.covariance = dl::CovarianceType::Diag;
    m.gmm.k = 1;
    m.gmm.dim = 2;
    m.gmm.weights = {1.0};
    m.gmm.means = {0.0, 0.0};
    m.gmm.covariances = {1.0, 1.0};
    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());
    auto run = dl::createRun(store, dl::RunKind::Cluster, corpusId, set->id, {{"bench", "search"}, {"k", 1}});
    if (!run) return std::unexpected(run.error());
    if (auto s = dl::storeClusterModel(store, *run, m); !s) return std::unexpected(s.error());
    if (auto s = tx->commit(); !s) return std::unexpected(s.error());
    return *run;
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QCommandLineParser cli;
    cli.addPositionalArgument(QStringLiteral("project"),
                              QStringLiteral("project with a corpus (a copy: vectors are added)"));
    cli.addOption(
        {QStringLiteral("model"), QStringLiteral("model directory the stored vectors claim"), QStringLiteral("DIR")});
    cli.addOption(
        {QStringLiteral("corpus"), QStringLiteral("corpus name"), QStringLiteral("NAME"), QStringLiteral("pool")});
    cli.addOption({QStringLiteral("queries"), QStringLiteral("rounds"), QStringLiteral("Q"), QStringLiteral("3")});
    cli.process(app);
    if (cli.positionalArguments().size() != 1 || !cli.isSet(QStringLiteral("model"))) cli.showHelp(2);
    const std::string path = cli.positionalArguments().first().toStdString(),
                      model = cli.value(QStringLiteral("model")).toStdString();
    auto store = dl::Store::open(path);
    if (!store) return std::fprintf(stderr, "%s\n", store.error().message.c_str()), 1;
    auto corpus = dl::findCorpus(**store, cli.value(QStringLiteral("corpus")).toStdString());
    if (!corpus) return std::fprintf(stderr, "%s\n", corpus.error().message.c_str()), 1;
    QElapsedTimer t;
    t.start();
    auto run = ensureRun(**store, model, corpus->id, corpus->sentences);
    if (!run) return std::fprintf(stderr, "%s\n", run.error().message.c_str()), 1;
    std::printf("project %s: %lld sentences, run %lld (ready in %lld ms), load %s\n", path.c_str(),
                (long long)corpus->sentences, (long long)*run, (long long)t.elapsed(), loadAverage().c_str());
    store.value().reset();

    dl::NullProgress np;
    dl::CancelToken ct;
    const char* sentences[] = {"The court shall rule on the appeal.", "Click the icon to open the settings dialog.",
                               "Take two tablets a day after meals."};
    auto lookUp = [&](int round, dl::SentenceQueryCache* cache) -> long long {
        auto s = dl::Store::open(path, dl::OpenMode::ReadOnly);  // as the Search tab's job does
        if (!s) return -1;
        dl::SentenceQueryParams p;
        p.runId = *run;
        p.texts = {sentences[round % 3]};
        QElapsedTimer q;
        q.start();
        auto r = dl::querySentences(p, **s, np, ct, cache);
        if (!r) return std::fprintf(stderr, "%s\n", r.error().message.c_str()), -1;
        return q.elapsed();
    };
    for (int round = 0; round < cli.value(QStringLiteral("queries")).toInt(); ++round) {
        const long long uncached = lookUp(round, nullptr);
        dl::SentenceQueryCache cache;
        const long long first = lookUp(round, &cache);
        const long long second = lookUp(round + 1, &cache);
        std::printf("round %d: no cache %lld ms, first with cache %lld ms, second %lld ms (%.2f GB held), load %s\n",
                    round, uncached, first, second, double(cache.heldBytes()) / 1e9, loadAverage().c_str());
    }
    return 0;
}
