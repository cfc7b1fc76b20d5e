// The sharded path at 10M sentences on one machine (docs/scale.md; run.sh drives it). Each
// subcommand is one worker or one merge step, so /usr/bin/time -v measures it alone:
//   synth REF_PROJECT DIR N SHARDS SIGMA   N vectors = the real vectors of REF_PROJECT's latest
//                                          set, repeated, + Gaussian noise (SIGMA), as float16
//                                          shard files DIR/vectors-I-of-N.dlshard
//   stats DIR I SHARDS                     PCA moment statistics of one shard
//   fit DIR K PCA SAMPLE                   PCA from the summed statistics + GMM on a seeded sample
//   assign DIR I SHARDS                    PCA projection + GMM E-step of one shard
//   merge PROJECT DIR SHARDS ROWS          the first ROWS vectors and labels into PROJECT (one
//                                          transaction; PROJECT holds ROWS sentences, one corpus)
//   em DIR ROWS K PCA ITERS                time per EM iteration over ROWS projected rows
//   encode-shards PROJECT CORPUS REF_PROJECT DIR SHARDS
//                                          real encode shards (ShardOutput: data file, PCA moments,
//                                          manifest) for corpus CORPUS of PROJECT, as `encode
//                                          --shard I/N --out DIR` writes them, with REF_PROJECT's
//                                          real vectors (a vector of the row's own domain, cycling)
//                                          + noise in place of the encoder; `merge` imports them
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <string>

#include "analysis/Gmm.h"
#include "analysis/GmmApply.h"
#include "analysis/MomentStats.h"
#include "analysis/Pca.h"
#include "common/Half.h"
#include "jobs/Progress.h"
#include "shard/ShardFile.h"
#include "shard/ShardSpec.h"
#include "shard/ShardWork.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace fs = std::filesystem;
using namespace dl;

namespace {

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
[[noreturn]] void die(const std::string& m) {
    std::fprintf(stderr, "bench_scale: %s\n", m.c_str());
    std::exit(1);
}
template <class T>
T must(Expected<T> v) {
    if (!v) die(v.error().message);
    return std::move(*v);
}
void must(Status s) {
    if (!s) die(s.error().message);
}
std::string shardPath(const std::string& dir, const std::string& kind, int i, int n) {
    return dir + "/" + kind + "-" + std::to_string(i) + "-of-" + std::to_string(n) + ".dlshard";
}
std::vector<float> readVectors(const std::string& path, int& dim) {
    auto r = must(ShardFileReader::open(path));
    auto a = must(r.find("vectors", ShardDType::F16));
    dim = static_cast<int>(a.cols);
    std::vector<std::uint16_t> h(static_cast<std::size_t>(a.rows * a.cols));
    must(r.read(a, 0, a.rows, h.data()));
    std::vector<float> f(h.size());
    halvesToFloats(h, f);
    return f;
}

struct Silent final : ProgressSink {
    void stage(std::string_view) override {}
    void progress(std::int64_t, std::int64_t) override {}
    void info(std::string_view) override {}
};

int synth(const std::string& ref, const std::string& dir, std::int64_t n, int shards, double sigma) {
    auto store = must(Store::open(ref, OpenMode::ReadOnly));
    auto corpus = must(resolveCorpus(*store, ""));
    auto set = must(latestCompleteSet(*store, corpus.id));
    auto emb = must(loadEmbeddings(*store, set.id, corpus.id));
    fs::create_directories(dir);
    // Noise from a table of 2^20 Gaussian samples at a random offset per row: 10x cheaper than
    // a fresh sample per value, and still a different perturbation for every copy of a vector.
    std::mt19937_64 rng(7);
    std::normal_distribution<float> gauss(0.0f, static_cast<float>(sigma));
    std::vector<float> table(std::size_t{1} << 20);
    for (auto& v : table) v = gauss(rng);
    const double t0 = now();
    for (int i = 0; i < shards; ++i) {
        const auto [first, last] = shardRowRange({i, shards}, static_cast<std::size_t>(n));
        const auto rows = static_cast<std::int64_t>(last - first);
        std::vector<std::uint16_t> h(static_cast<std::size_t>(rows) * emb.dim);
        std::vector<float> row(static_cast<std::size_t>(emb.dim));
        for (std::int64_t r = 0; r < rows; ++r) {
            const float* src = emb.row((static_cast<std::int64_t>(first) + r) % emb.rows);
            const float* noise = table.data() + rng() % (table.size() - static_cast<std::size_t>(emb.dim));
            for (int a = 0; a < emb.dim; ++a) row[std::size_t(a)] = src[a] + noise[a];
            floatsToHalves(row, std::span(h).subspan(static_cast<std::size_t>(r) * emb.dim, emb.dim));
        }
        auto w = must(ShardFileWriter::create(shardPath(dir, "vectors", i, shards)));
        must(w->array<std::uint16_t>("vectors", ShardDType::F16, rows, emb.dim, h));
        must(w->finish());
    }
    std::printf("synth: %lld vectors x %d from %lld real ones, %d shards, %.1f s\n", static_cast<long long>(n), emb.dim,
                static_cast<long long>(emb.rows), shards, now() - t0);
    return 0;
}

int stats(const std::string& dir, int i, int shards) {
    const double t0 = now();
    int dim = 0;
    auto v = readVectors(shardPath(dir, "vectors", i, shards), dim);
    const double tRead = now() - t0;
    MomentStats m = MomentStats::zeros(dim);
    m.addRows(v.data(), static_cast<std::int64_t>(v.size()) / dim);
    auto w = must(ShardFileWriter::create(shardPath(dir, "moments", i, shards)));
    const std::vector<double> count{static_cast<double>(m.count)};
    must(w->array<double>("count", ShardDType::F64, 1, 1, count));
    must(w->array<double>("sum", ShardDType::F64, 1, dim, m.sum));
    must(w->array<double>("outer", ShardDType::F64, dim, dim, m.outer));
    must(w->finish());
    std::printf("stats %d: %lld rows, read %.2f s, total %.2f s\n", i, static_cast<long long>(m.count), tRead,
                now() - t0);
    return 0;
}

// The model file: PCA (mean, axes) + GMM (weights, means, covariances, full).
int fit(const std::string& dir, int k, int pca, std::int64_t sample, int shards) {
    double t0 = now();
    MomentStats total;
    for (int i = 0; i < shards; ++i) {
        auto r = must(ShardFileReader::open(shardPath(dir, "moments", i, shards)));
        MomentStats m;
        m.sum = must(r.readAll<double>("sum", ShardDType::F64));
        m.dim = static_cast<int>(m.sum.size());
        m.outer = must(r.readAll<double>("outer", ShardDType::F64));
        m.count = static_cast<std::int64_t>(must(r.readAll<double>("count", ShardDType::F64))[0]);
        if (i == 0) total = MomentStats::zeros(m.dim);
        must(total.merge(m));
    }
    auto model = must(pcaFromMoments(total, pca));
    std::printf("pca from %d shard statistics (%lld rows): %.3f s\n", shards, static_cast<long long>(total.count),
                now() - t0);
    // A seeded sample: every (N / SAMPLE)-th row of each shard.
    t0 = now();
    std::vector<float> rows;
    int dim = 0;
    for (int i = 0; i < shards; ++i) {
        auto v = readVectors(shardPath(dir, "vectors", i, shards), dim);
        const std::int64_t n = static_cast<std::int64_t>(v.size()) / dim;
        const std::int64_t step = std::max<std::int64_t>(1, total.count / sample);
        for (std::int64_t r = i % step; r < n; r += step)
            rows.insert(rows.end(), v.begin() + r * dim, v.begin() + (r + 1) * dim);
    }
    const std::int64_t m = static_cast<std::int64_t>(rows.size()) / dim;
    auto x = must(DataMatrix::fromFloat(rows, m, dim));
    auto projected = must(projectPca(model, x, CancelToken{}));
    GmmParams gp;
    gp.k = k;
    Silent silent;
    auto g = must(fitGmm(projected, gp, silent, CancelToken{}));
    std::printf("gmm fit on a sample of %lld rows: %d iterations, %.1f s (with reading the sample)\n",
                static_cast<long long>(m), g.iterations, now() - t0);
    auto w = must(ShardFileWriter::create(dir + "/model.dlshard"));
    must(w->array<double>("pca_mean", ShardDType::F64, 1, dim, model.mean));
    must(w->array<double>("pca_axes", ShardDType::F64, pca, dim, model.axes));
    must(w->array<double>("weights", ShardDType::F64, 1, k, g.model.weights));
    must(w->array<double>("means", ShardDType::F64, k, pca, g.model.means));
    must(w->array<double>("covariances", ShardDType::F64, k, pca * pca, g.model.covariances));
    must(w->finish());
    return 0;
}

struct Model {
    PcaModel pca;
    GmmModel gmm;
};
Model loadModel(const std::string& dir) {
    auto r = must(ShardFileReader::open(dir + "/model.dlshard"));
    Model m;
    m.pca.mean = must(r.readAll<double>("pca_mean", ShardDType::F64));
    m.pca.axes = must(r.readAll<double>("pca_axes", ShardDType::F64));
    m.pca.inputDim = static_cast<int>(m.pca.mean.size());
    m.pca.components = static_cast<int>(m.pca.axes.size() / m.pca.mean.size());
    m.gmm.weights = must(r.readAll<double>("weights", ShardDType::F64));
    m.gmm.means = must(r.readAll<double>("means", ShardDType::F64));
    m.gmm.covariances = must(r.readAll<double>("covariances", ShardDType::F64));
    m.gmm.k = static_cast<int>(m.gmm.weights.size());
    m.gmm.dim = m.pca.components;
    m.gmm.covariance = CovarianceType::Full;
    return m;
}

int assign(const std::string& dir, int i, int shards) {
    const double t0 = now();
    const Model model = loadModel(dir);
    int dim = 0;
    auto v = readVectors(shardPath(dir, "vectors", i, shards), dim);
    const std::int64_t n = static_cast<std::int64_t>(v.size()) / dim;
    const double tRead = now() - t0;
    auto x = must(DataMatrix::fromFloat(v, n, dim));
    v = {};
    auto projected = must(projectPca(model.pca, x, CancelToken{}));
    x = {};
    auto a = must(applyGmm(model.gmm, projected, CancelToken{}));
    auto w = must(ShardFileWriter::create(shardPath(dir, "labels", i, shards)));
    must(w->array<std::int32_t>("labels", ShardDType::I32, n, 1, a.labels));
    must(w->array<double>("maxprob", ShardDType::F64, n, 1, a.maxProb));
    must(w->array<double>("loglik", ShardDType::F64, n, 1, a.logLik));
    must(w->finish());
    std::printf("assign %d: %lld rows, read %.2f s, total %.2f s\n", i, static_cast<long long>(n), tRead, now() - t0);
    return 0;
}

int merge(const std::string& project, const std::string& dir, int shards, std::int64_t rows) {
    const double t0 = now();
    auto store = must(Store::open(project));
    auto corpus = must(resolveCorpus(*store, ""));
    auto labelsOf = must(corpusLabels(*store, corpus.id));
    EmbeddingKey key;
    key.model = "bench-scale-synthetic";
    key.modelHash = "bench-scale-synthetic";
    key.layer = -1;
    auto tx = must(store->begin());
    std::int64_t done = 0;
    RunResults rr;
    std::optional<EmbeddingSetInfo> set;
    for (int i = 0; i < shards && done < rows; ++i) {
        int dim = 0;
        auto v = readVectors(shardPath(dir, "vectors", i, shards), dim);
        if (!set) set = must(ensureEmbeddingSet(*store, key, dim, StorageType::Float16, ""));
        const std::int64_t take = std::min<std::int64_t>(static_cast<std::int64_t>(v.size()) / dim, rows - done);
        must(appendEmbeddings(*store, set->id, corpus.id, done, take, std::span<const float>(v).first(take * dim)));
        auto r = must(ShardFileReader::open(shardPath(dir, "labels", i, shards)));
        auto lab = must(r.readAll<std::int32_t>("labels", ShardDType::I32));
        auto mp = must(r.readAll<double>("maxprob", ShardDType::F64));
        auto ll = must(r.readAll<double>("loglik", ShardDType::F64));
        rr.label.insert(rr.label.end(), lab.begin(), lab.begin() + take);
        rr.prob.insert(rr.prob.end(), mp.begin(), mp.begin() + take);
        rr.loglik.insert(rr.loglik.end(), ll.begin(), ll.begin() + take);
        done += take;
    }
    rr.sentenceIds.assign(labelsOf.sentenceIds.begin(), labelsOf.sentenceIds.begin() + done);
    auto run = must(createRun(*store, RunKind::Assign, corpus.id, set->id, nlohmann::json{{"bench", "scale"}}));
    must(writeRunResults(*store, run, rr));
    must(tx.commit());
    std::printf("merge: %lld vectors + labels into the project in one transaction, %.1f s\n",
                static_cast<long long>(done), now() - t0);
    return 0;
}

int em(const std::string& dir, std::int64_t rows, int k, int pca, int iters, int shards) {
    const Model model = loadModel(dir);
    std::vector<float> all;
    int dim = 0;
    for (int i = 0; i < shards && (dim == 0 || static_cast<std::int64_t>(all.size()) < rows * dim); ++i) {
        auto v = readVectors(shardPath(dir, "vectors", i, shards), dim);
        all.insert(all.end(), v.begin(), v.end());
    }
    rows = std::min<std::int64_t>(rows, static_cast<std::int64_t>(all.size()) / dim);
    auto x = must(DataMatrix::fromFloat(std::span<const float>(all).first(rows * dim), rows, dim));
    all = {};
    auto projected = must(projectPca(model.pca, x, CancelToken{}));
    // Same seed twice: 1 EM iteration, then ITERS; the difference is ITERS - 1 iterations
    // (the k-means initialisation is the same in both).
    Silent silent;
    auto timed = [&](int maxIter) {
        GmmParams gp;
        gp.k = k;
        gp.maxIter = maxIter;
        gp.tol = 0;
        const double t0 = now();
        auto g = must(fitGmm(projected, gp, silent, CancelToken{}));
        return std::pair(now() - t0, g.iterations);
    };
    const auto [t1, i1] = timed(1);
    const auto [tn, in] = timed(iters);
    std::printf(
        "em: %lld rows x %d, k = %d full: init + 1 iteration %.2f s, %d iterations %.2f s: %.3f s per iteration\n",
        static_cast<long long>(rows), pca, k, t1, in, tn, (tn - t1) / std::max(1, in - i1));
    return 0;
}

// The reference vectors grouped by domain name (one group "" for unlabelled sentences).
std::map<std::string, std::vector<const float*>> vectorsByDomain(Store& ref, const EmbeddingMatrix& emb,
                                                                 std::int64_t corpusId) {
    const auto labels = must(corpusLabels(ref, corpusId));
    std::map<std::string, std::vector<const float*>> out;
    for (std::int64_t r = 0; r < emb.rows; ++r) {
        const int d = labels.domainIndex[std::size_t(r)];
        out[d < 0 ? std::string() : labels.domainNames[std::size_t(d)]].push_back(emb.row(r));
    }
    return out;
}

int encodeShards(const std::string& project, const std::string& corpusName, const std::string& refPath,
                 const std::string& dir, int shards) {
    const double t0 = now();
    auto ref = must(Store::open(refPath, OpenMode::ReadOnly));
    const auto refCorpus = must(resolveCorpus(*ref, ""));
    const auto set = must(latestCompleteSet(*ref, refCorpus.id));
    const auto emb = must(loadEmbeddings(*ref, set.id, refCorpus.id));
    const auto byDomain = vectorsByDomain(*ref, emb, refCorpus.id);
    auto store = must(Store::open(project, OpenMode::SharedReadOnly));
    const auto corpus = must(resolveCorpus(*store, corpusName));
    const auto labels = must(corpusLabels(*store, corpus.id));
    // The parameters encodeShardParams records for this set's key.
    nlohmann::json params = corpusIdentity(corpus);
    params.update({{"job", "encode"},
                   {"side", "src"},
                   {"model", set.key.model},
                   {"model_hash", set.key.modelHash},
                   {"layer", set.key.layer},
                   {"pooling", set.key.pooling},
                   {"normalized", set.key.normalized},
                   {"precision", set.key.precision},
                   {"prefix", set.key.prefix},
                   {"storage", "f16"},
                   {"dim", emb.dim}});
    std::mt19937_64 rng(7);
    std::normal_distribution<float> gauss(0.0f, 0.01f);
    std::vector<float> table(std::size_t{1} << 20);
    for (auto& v : table) v = gauss(rng);
    std::map<std::string, std::size_t> next;  // per domain: the next reference vector
    for (int i = 0; i < shards; ++i) {
        const auto rows = must(shardRows(*store, corpus, {i, shards}));
        const auto n = static_cast<std::int64_t>(rows.ids.size());
        std::vector<float> v(static_cast<std::size_t>(n) * emb.dim);
        for (std::int64_t r = 0; r < n; ++r) {
            const int d = labels.domainIndex[std::size_t(rows.firstPosition + r)];
            const std::string domain = d < 0 ? std::string() : labels.domainNames[std::size_t(d)];
            const auto it = byDomain.contains(domain) ? byDomain.find(domain) : byDomain.begin();
            const float* src = it->second[next[it->first]++ % it->second.size()];
            const float* noise = table.data() + rng() % (table.size() - static_cast<std::size_t>(emb.dim));
            for (int a = 0; a < emb.dim; ++a) v[std::size_t(r * emb.dim + a)] = src[a] + noise[a];
        }
        std::vector<std::uint16_t> h(v.size());
        floatsToHalves(v, h);
        halvesToFloats(h, v);  // the statistics describe the stored values, as encode's do
        MomentStats m = MomentStats::zeros(emb.dim);
        m.addRows(v.data(), n);
        auto out = must(ShardOutput::open(dir, "encode", rows));
        const std::int64_t count = m.count;
        must(out.data().array("vectors", ShardDType::F16, n, emb.dim, std::span<const std::uint16_t>(h)));
        must(out.data().array("moment_count", ShardDType::I64, 1, 1, std::span<const std::int64_t>(&count, 1)));
        must(out.data().array("moment_sum", ShardDType::F64, 1, emb.dim, std::span<const double>(m.sum)));
        must(out.data().array("moment_outer", ShardDType::F64, emb.dim, emb.dim, std::span<const double>(m.outer)));
        const auto rowsSha256 = must(digestRows(*store, corpus, rows.firstPosition, n, CancelToken{}));
        must(out.finish(params, set.key.modelHash, rowsSha256));
    }
    std::printf("encode-shards: %lld rows of '%s' in %d encode shards from %lld real vectors (%zu domains), %.1f s\n",
                static_cast<long long>(corpus.sentences), corpus.name.c_str(), shards, static_cast<long long>(emb.rows),
                byDomain.size(), now() - t0);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> a(argv + 1, argv + argc);
    if (a.size() == 5 && a[0] == "synth") return synth(a[1], a[2], std::stoll(a[3]), std::stoi(a[4]), 0.01);
    if (a.size() == 4 && a[0] == "stats") return stats(a[1], std::stoi(a[2]), std::stoi(a[3]));
    if (a.size() == 6 && a[0] == "fit")
        return fit(a[1], std::stoi(a[2]), std::stoi(a[3]), std::stoll(a[4]), std::stoi(a[5]));
    if (a.size() == 4 && a[0] == "assign") return assign(a[1], std::stoi(a[2]), std::stoi(a[3]));
    if (a.size() == 5 && a[0] == "merge") return merge(a[1], a[2], std::stoi(a[3]), std::stoll(a[4]));
    if (a.size() == 6 && a[0] == "encode-shards") return encodeShards(a[1], a[2], a[3], a[4], std::stoi(a[5]));
    if (a.size() == 7 && a[0] == "em")
        return em(a[1], std::stoll(a[2]), std::stoi(a[3]), std::stoi(a[4]), std::stoi(a[5]), std::stoi(a[6]));
    std::fprintf(stderr, "usage: see the comment at the top of bench/scale/bench_scale.cpp\n");
    return 2;
}
