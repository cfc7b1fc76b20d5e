#include "select/CrossLingual.h"

// The parts of the libtorch C++ API used here, not all of <torch/torch.h> (docs/build-time.md).
// c10's string_view and Exception first: libtorch 1.13's ATen/PadNd.h uses c10::string_view and
// TORCH_CHECK without including them, which the ATen PCH hides and a build without PCH
// (scripts/gpu-build.sh) meets.
#include <c10/util/Exception.h>
#include <c10/util/string_view.h>
#include <torch/nn/functional/normalization.h>
#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>
#include <torch/optim/adam.h>
#include <torch/serialize/archive.h>
#include <torch/utils.h>
#include <cstdint>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <sstream>

#include "analysis/Gmm.h"
#include "analysis/Pca.h"
#include "encode/EncodeJob.h"
#include "encode/ModelCatalog.h"
#include "jobs/RunJob.h"
#include "runs/RunBlobs.h"
#include "select/DomainCosine.h"
#include "select/Ranking.h"
#include "select/SelectData.h"
#include "store/Embeddings.h"
#include "store/Removals.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace dl {

namespace {

// g: fc2(relu(fc1(x))) (Vu et al.'s 2-layer network), or x + that with fc2 starting at zero
// (residual: the identity until the contrastive loss moves it). The parameters are the same, so a
// stored g is read back with the kind from the run's parameters.
struct AdaptiveLayerImpl : torch::nn::Module {
    AdaptiveLayerImpl(int dim, int hidden, bool residualLayer = false) : residual(residualLayer) {
        fc1 = register_module("fc1", torch::nn::Linear(dim, hidden));
        fc2 = register_module("fc2", torch::nn::Linear(hidden, dim));
        if (residual) {
            torch::NoGradGuard noGrad;
            fc2->weight.zero_();
            fc2->bias.zero_();
        }
    }
    torch::Tensor forward(torch::Tensor x) {
        auto y = fc2->forward(torch::relu(fc1->forward(x)));
        return residual ? x + y : y;
    }
    torch::nn::Linear fc1{nullptr}, fc2{nullptr};
    bool residual = false;
};

// A fresh g with the training seed's initialisation (torch's global generator seeded first).
std::shared_ptr<AdaptiveLayerImpl> newAdaptiveLayer(int dim, int hidden, AdaptiveLayerKind kind, std::uint64_t seed) {
    torch::manual_seed(seed);
    return std::make_shared<AdaptiveLayerImpl>(dim, hidden, kind == AdaptiveLayerKind::Residual);
}

torch::Tensor maskTensor(const std::vector<char>& mask, std::int64_t n) {
    std::vector<std::uint8_t> m(mask.begin(), mask.end());
    return torch::from_blob(m.data(), {n, n}, torch::kUInt8).to(torch::kBool).clone();
}

// InfoNCE on torch tensors; `negatives` is n x n bool.
torch::Tensor infoNce(const torch::Tensor& a, const torch::Tensor& b, const torch::Tensor& negatives, double tau,
                      InfoNceForm form) {
    const auto n = a.size(0);
    auto sim =
        torch::matmul(torch::nn::functional::normalize(a, torch::nn::functional::NormalizeFuncOptions().dim(1)),
                      torch::nn::functional::normalize(b, torch::nn::functional::NormalizeFuncOptions().dim(1)).t()) /
        tau;
    const auto minusInf = -std::numeric_limits<float>::infinity();
    if (form == InfoNceForm::Eq1) {
        // Vu et al. Eq. 1: x -> y only, the denominator over the negatives alone (the printed
        // "exp(sim)/tau" read as exp(sim / tau), as in SimCLR which the paper follows). A row
        // without a negative in the batch contributes nothing.
        auto neg = sim.masked_fill(negatives.logical_not(), minusInf);
        auto has = negatives.any(1);
        auto perRow = -(sim.diagonal() - torch::logsumexp(neg, 1));
        auto kept = perRow.masked_select(has);
        return kept.numel() > 0 ? kept.mean() : perRow.sum() * 0;
    }
    auto allowed = negatives.logical_or(torch::eye(n, torch::TensorOptions().dtype(torch::kBool).device(a.device())));
    auto ab = sim.masked_fill(allowed.logical_not(), minusInf);
    auto ba = sim.t().masked_fill(allowed.t().logical_not(), minusInf);
    auto lossAb = -(ab.diagonal() - torch::logsumexp(ab, 1));
    auto lossBa = -(ba.diagonal() - torch::logsumexp(ba, 1));
    return (lossAb.mean() + lossBa.mean()) / 2;
}

std::vector<float> applyLayer(AdaptiveLayerImpl& g, const std::vector<float>& x, int dim) {
    torch::NoGradGuard noGrad;
    const auto n = std::int64_t(x.size()) / dim;
    auto in = torch::from_blob(const_cast<float*>(x.data()), {n, dim}, torch::kFloat32);
    auto out = g.forward(in).contiguous();
    return std::vector<float>(out.data_ptr<float>(), out.data_ptr<float>() + n * dim);
}

// Both languages' vectors in one 2-D PCA (Vu et al. Figs. 3-4): rows 0..m-1 are side A,
// m..2m-1 side B; row-major (x, y) pairs.
std::vector<float> jointPca2(const torch::Tensor& a, const torch::Tensor& b) {
    auto x = torch::cat({a, b}).to(torch::kFloat64);
    x = x - x.mean(0, true);
    auto svd = torch::linalg_svd(x, false);
    auto coords =
        (std::get<0>(svd).narrow(1, 0, 2) * std::get<1>(svd).narrow(0, 0, 2)).to(torch::kFloat32).contiguous();
    return {coords.data_ptr<float>(), coords.data_ptr<float>() + coords.numel()};
}

constexpr std::size_t kAlignmentPairs = 500;  // held-out pairs kept for the alignment view

std::vector<char> saveModule(torch::nn::Module& m) {
    std::ostringstream os;
    torch::serialize::OutputArchive archive;
    m.save(archive);
    archive.save_to(os);
    const std::string s = os.str();
    return {s.begin(), s.end()};
}

}  // namespace

Expected<std::vector<float>> applyStoredAdaptiveLayer(std::span<const std::byte> state, const std::vector<float>& rows,
                                                      int dim, int hidden, AdaptiveLayerKind kind) {
    if (kind == AdaptiveLayerKind::None) return usageError("A run without an adaptive layer stores no g.");
    if (dim < 1 || hidden < 1 || rows.size() % std::size_t(dim) != 0)
        return fail("The adaptive layer's shape (" + std::to_string(dim) + " -> " + std::to_string(hidden) +
                    ") does not fit the vectors.");
    try {
        AdaptiveLayerImpl g(dim, hidden, kind == AdaptiveLayerKind::Residual);
        std::istringstream is(std::string(reinterpret_cast<const char*>(state.data()), state.size()));
        torch::serialize::InputArchive archive;
        archive.load_from(is);
        g.load(archive);
        g.eval();
        return applyLayer(g, rows, dim);
    } catch (const std::exception& e) {
        return fail(std::string("The stored adaptive layer cannot be read: ") + e.what());
    }
}

std::vector<char> initialAdaptiveLayerState(int dim, int hidden, AdaptiveLayerKind kind, std::uint64_t seed) {
    return saveModule(*newAdaptiveLayer(dim, hidden, kind, seed));
}

std::vector<double> smoothOverNeighbours(const std::vector<float>& rows, int dim, const std::vector<double>& score,
                                         int k, std::uint64_t seed, const CancelToken& cancel) {
    const auto n = std::int64_t(score.size());
    if (k < 1 || n < 2 || dim < 1 || std::int64_t(rows.size()) != n * dim) return score;
    torch::NoGradGuard noGrad;
    namespace F = torch::nn::functional;
    const auto x = F::normalize(torch::from_blob(const_cast<float*>(rows.data()), {n, dim}, torch::kFloat32),
                                F::NormalizeFuncOptions().dim(1));
    // The rows neighbours are searched among: all, or a seeded sample of kPoolNeighbourRows.
    std::vector<std::int64_t> ref(static_cast<std::size_t>(n));
    std::iota(ref.begin(), ref.end(), 0);
    if (n > kPoolNeighbourRows) {
        std::mt19937_64 rng(seed);
        std::shuffle(ref.begin(), ref.end(), rng);
        ref.resize(std::size_t(kPoolNeighbourRows));
        std::sort(ref.begin(), ref.end());
    }
    std::vector<std::int64_t> columnOf(static_cast<std::size_t>(n), -1);
    for (std::size_t c = 0; c < ref.size(); ++c) columnOf[std::size_t(ref[c])] = std::int64_t(c);
    const auto refIndex = torch::tensor(ref, torch::kInt64);
    const auto refRows = x.index_select(0, refIndex);
    const auto refScore = torch::tensor(score, torch::kFloat64).index_select(0, refIndex);
    // A row that is itself a reference row has one candidate fewer.
    const auto kk = std::min<std::int64_t>(k, std::int64_t(ref.size()) - 1);
    if (kk < 1) return score;
    constexpr std::int64_t kChunk = 1024;
    std::vector<double> out(score.size());
    for (std::int64_t first = 0; first < n; first += kChunk) {
        cancel.throwIfCancelled();
        const auto m = std::min(kChunk, n - first);
        auto sim = torch::matmul(x.narrow(0, first, m), refRows.t());
        std::vector<std::int64_t> selfRow, selfColumn;
        for (std::int64_t i = 0; i < m; ++i)
            if (const auto c = columnOf[std::size_t(first + i)]; c >= 0) {
                selfRow.push_back(i);
                selfColumn.push_back(c);
            }
        if (!selfRow.empty())
            sim.index_put_({torch::tensor(selfRow, torch::kInt64), torch::tensor(selfColumn, torch::kInt64)},
                           -std::numeric_limits<float>::infinity());
        const auto nearest = std::get<1>(sim.topk(kk, 1));
        const auto mean = refScore.index({nearest}).mean(1).contiguous();
        const double* mp = mean.data_ptr<double>();
        for (std::int64_t i = 0; i < m; ++i)
            out[std::size_t(first + i)] = 0.5 * score[std::size_t(first + i)] + 0.5 * mp[i];
    }
    return out;
}

std::vector<char> contrastiveNegativeMask(const std::vector<std::int32_t>& clusters, bool allNegatives) {
    const std::size_t n = clusters.size();
    std::vector<char> m(n * n, 0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) m[i * n + j] = i != j && (allNegatives || clusters[i] != clusters[j]);
    return m;
}

double infoNceLoss(const std::vector<float>& a, const std::vector<float>& b, int n, int dim,
                   const std::vector<char>& negativeMask, double temperature, InfoNceForm form) {
    auto ta = torch::from_blob(const_cast<float*>(a.data()), {n, dim}, torch::kFloat32).to(torch::kFloat64);
    auto tb = torch::from_blob(const_cast<float*>(b.data()), {n, dim}, torch::kFloat32).to(torch::kFloat64);
    return infoNce(ta, tb, maskTensor(negativeMask, n), temperature, form).item<double>();
}

void applyCrossLingualPreset(CrossLingualParams& p) {
    if (p.preset != CrossLingualPreset::Paper) return;
    // Vu et al. section 5.1 / Appendix A, for g and (the same hyperparameters) c.
    p.learningRate = 1e-5;
    p.batchSize = 64;
    p.maxEpochs = 20;
    p.patience = 5;
    if (p.adaptiveLayer == AdaptiveLayerKind::Auto) p.adaptiveLayer = AdaptiveLayerKind::Ffn;  // the paper's g
    p.infoNce = InfoNceForm::Eq1;
    p.clusters = 5;
    p.negatives = "lowest:500000";
    p.classifier.learningRate = 1e-5;
    p.classifier.batchSize = 64;
    p.classifier.epochs = 20;
    p.classifiers = 1;     // one classifier,
    p.poolNeighbours = 0;  // scoring each pool sentence alone
}

nlohmann::json CrossLingualEncoder::toJson() const {
    nlohmann::json j = {{"model", name},
                        {"chosen_by", byDefault ? "cross-lingual default" : "--model"},
                        {"languages", languages.empty() ? "unknown" : languages},
                        {"multilingual", multilingual ? nlohmann::json(*multilingual) : nlohmann::json(nullptr)}};
    if (!note.empty()) j["note"] = note;
    return j;
}

Expected<CrossLingualEncoder> chooseCrossLingualEncoder(const std::string& requested) {
    CrossLingualEncoder e;
    e.byDefault = requested.empty();
    e.model = e.byDefault ? std::string(kCrossLingualDefaultModel) : requested;
    auto entry = resolveModel(e.model);
    if (!entry) {
        if (!e.byDefault) return std::unexpected(entry.error());
        return fail(std::string("Cross-lingual selection encodes with ") + kCrossLingualDefaultModel +
                    " unless --model names an encoder (the best worst case of the encoders measured, "
                    "docs/crosslingual.md). " +
                    entry.error().message);
    }
    e.name = entry->name;
    e.languages = entry->languages;
    if (e.languages == "English") e.multilingual = false;
    else if (!e.languages.empty()) e.multilingual = true;
    if (e.multilingual == false)
        e.note = e.name +
                 " is English-only: text in the other language reaches it as English word pieces, and the "
                 "adaptive layer has to learn that language from the parallel corpus; " +
                 kCrossLingualDefaultModel + " (the default) has the better worst case (docs/crosslingual.md).";
    else if (e.byDefault)
        e.note = std::string(
            "The default encoder of cross-lingual selection: the best worst case over both "
            "directions and the domains measured (docs/crosslingual.md); --model names another.");
    else if (!e.multilingual) e.note = "Not a model the catalog knows: whether it is multilingual is not checked.";
    return e;
}

AdaptiveLayerKind resolveAdaptiveLayer(AdaptiveLayerKind requested, std::optional<bool> multilingual,
                                       bool keepAdapted) {
    if (requested != AdaptiveLayerKind::Auto) return requested;
    if (keepAdapted) return AdaptiveLayerKind::Residual;
    return multilingual == true ? AdaptiveLayerKind::None : AdaptiveLayerKind::Residual;
}

namespace {

// prepare: seed, pool and parallel corpus read, oriented (side A = the seed's language) and
// encoded with one model; the rows each step uses.
// An embedding set the run read: g of it is stored as an adapted set (Vu et al. Fig. 4).
struct SourceSet {
    EmbeddingSetInfo set;
    CorpusInfo corpus;
};

struct CrossLingualInputs {
    CrossLingualEncoder encoder;
    std::vector<SourceSet> sources;  // seed, pool, parallel A, parallel B (each corpus side once)
    CorpusSubset seed, pool, parallel;
    Side sideA = Side::Source, sideB = Side::Target;
    std::string langA, langB;
    int dim = 0;
    std::int64_t pairs = 0;
    std::vector<float> seedRows, poolRows, aRows, bRows;  // row-major, dim columns
    std::int64_t filteredOut = 0;  // --filter: pool sentences left out
};

// --filter RUN: the pool's rows the filter run removed are taken out (positions, ids, text);
// returns how many.
Expected<std::int64_t> dropFilteredRows(const CrossLingualParams& p, Store& store, CorpusSubset& pool) {
    if (!p.filterRun) return 0;
    auto found = filterExclusion(store, *p.filterRun, pool.corpus.id, pool.corpus.name);
    if (!found) return std::unexpected(found.error());
    std::size_t kept = 0;
    for (std::size_t i = 0; i < pool.ids.size(); ++i) {
        if (found->removed.contains(pool.ids[i])) continue;
        if (kept != i) {
            pool.ids[kept] = pool.ids[i];
            pool.positions[kept] = pool.positions[i];
            if (i < pool.src.size()) pool.src[kept] = std::move(pool.src[i]);
            if (i < pool.tgt.size()) pool.tgt[kept] = std::move(pool.tgt[i]);
        }
        ++kept;
    }
    const auto out = std::int64_t(pool.ids.size() - kept);
    if (kept == 0)
        return usageError("--filter: run " + std::to_string(*p.filterRun) + " removed every sentence of the pool '" +
                          pool.corpus.name + "'.");
    pool.ids.resize(kept);
    pool.positions.resize(kept);
    if (pool.src.size() > kept) pool.src.resize(kept);
    if (pool.tgt.size() > kept) pool.tgt.resize(kept);
    return out;
}

Expected<CrossLingualInputs> prepareCrossLingual(const CrossLingualParams& p, Store& store, ProgressSink& progress,
                                                 const CancelToken& cancel) {
    if (p.parallel.empty()) return usageError("Cross-lingual selection needs a parallel corpus (--parallel).");
    if (p.clusters < 1) return usageError("The number of clusters must be at least 1.");
    progress.stage("Reading seed, pool and parallel corpus");
    // The pool and --filter first: a filter run that does not fit is refused before anything else.
    auto pool = loadCorpusSubset(store, p.pool, false);
    if (!pool) return std::unexpected(pool.error());
    const auto filteredOut = dropFilteredRows(p, store, *pool);
    if (!filteredOut) return std::unexpected(filteredOut.error());
    auto encoder = chooseCrossLingualEncoder(p.model);
    if (!encoder) return std::unexpected(encoder.error());
    if (encoder->multilingual == false) progress.info("Warning: " + encoder->note);
    auto seed = loadCorpusSubset(store, p.seed, false, p.seedSampleSeed);
    if (!seed) return std::unexpected(seed.error());
    if (*filteredOut)
        progress.info(std::to_string(*filteredOut) + " pool sentences removed by filter run " +
                      std::to_string(*p.filterRun) + " are left out.");
    auto parallel = loadCorpusSubset(store, p.parallel, true);
    if (!parallel) return std::unexpected(parallel.error());
    if (!parallel->corpus.parallel)
        return usageError("The corpus '" + parallel->corpus.name +
                          "' is monolingual; --parallel needs line-aligned pairs.");
    CrossLingualInputs in;
    in.filteredOut = *filteredOut;
    in.encoder = std::move(*encoder);
    // Orientation: side A is the seed's language. Swap when the parallel corpus runs B -> A.
    const auto& seedLang = seed->corpus.srcLang;
    if (!seedLang.empty() && seedLang == parallel->corpus.tgtLang && seedLang != parallel->corpus.srcLang)
        std::swap(in.sideA, in.sideB);
    in.langA = in.sideA == Side::Target ? parallel->corpus.tgtLang : parallel->corpus.srcLang;
    in.langB = in.sideB == Side::Target ? parallel->corpus.tgtLang : parallel->corpus.srcLang;
    if (!pool->corpus.srcLang.empty() && !in.langB.empty() && pool->corpus.srcLang != in.langB)
        progress.info("Warning: the pool is '" + pool->corpus.srcLang + "' but the parallel corpus pairs '" + seedLang +
                      "' with '" + in.langB + "'.");

    // Embeddings, encoded on demand with one model.
    auto encode = [&](const CorpusInfo& c, Side side) -> Expected<EmbeddingMatrix> {
        EncodeParams ep;
        ep.model = in.encoder.model;
        ep.corpus = c.name;
        ep.side = side;
        auto r = runEncode(ep, store, progress, cancel);
        if (!r) return std::unexpected(r.error());
        auto set = embeddingSet(store, r->setId);
        if (!set) return std::unexpected(set.error());
        if (std::none_of(in.sources.begin(), in.sources.end(),
                         [&](const SourceSet& s) { return s.set.id == set->id && s.corpus.id == c.id; }))
            in.sources.push_back({*set, c});
        return loadEmbeddings(store, r->setId, c.id);
    };
    auto seedM = encode(seed->corpus, Side::Source);
    if (!seedM) return std::unexpected(seedM.error());
    auto poolM = encode(pool->corpus, Side::Source);
    if (!poolM) return std::unexpected(poolM.error());
    auto parA = encode(parallel->corpus, in.sideA);
    if (!parA) return std::unexpected(parA.error());
    auto parB = encode(parallel->corpus, in.sideB);
    if (!parB) return std::unexpected(parB.error());
    in.dim = seedM->dim;
    in.seedRows = gatherRows(*seedM, seed->positions);
    in.poolRows = gatherRows(*poolM, pool->positions);
    in.aRows = gatherRows(*parA, parallel->positions);
    in.bRows = gatherRows(*parB, parallel->positions);
    in.pairs = std::int64_t(parallel->positions.size());
    if (in.pairs < 2 * p.batchSize)
        return fail("The parallel corpus has " + std::to_string(in.pairs) + " pairs; at least " +
                    std::to_string(2 * p.batchSize) + " are needed to train the adaptive layer.");
    in.seed = std::move(*seed);
    in.pool = std::move(*pool);
    in.parallel = std::move(*parallel);
    return in;
}

// Clusters of the A side (GMM after PCA 50, as in the clustering view) decide the negatives;
// all zero (one cluster) when --clusters 1.
Expected<std::vector<std::int32_t>> clusterPairs(const CrossLingualParams& p, const CrossLingualInputs& in,
                                                 ProgressSink& progress, const CancelToken& cancel) {
    const std::int64_t pairs = in.pairs;
    const int dim = in.dim;
    if (p.clusters <= 1) return std::vector<std::int32_t>(std::size_t(pairs), 0);
    progress.stage("Clustering the parallel corpus (k = " + std::to_string(p.clusters) + ")");
    auto x = DataMatrix::fromFloat(in.aRows, pairs, dim);
    if (!x) return std::unexpected(x.error());
    auto pca = fitPca(*x, {std::min(50, dim), p.pcaMaxFitRows, p.seedValue}, cancel);
    if (!pca) return std::unexpected(pca.error());
    if (pca->fitRows < pairs)
        progress.info("PCA fitted on a random sample of " + std::to_string(pca->fitRows) + " of " +
                      std::to_string(pairs) + " pairs (--pca-sample; sample seed " + std::to_string(p.seedValue) +
                      ").");
    std::vector<double> projected(pairs * pca->components);
    const auto xd = x->toDouble();
    for (std::int64_t i = 0; i < pairs; ++i)
        for (int c = 0; c < pca->components; ++c) {
            double s = 0;
            for (int k = 0; k < dim; ++k) s += (xd[i * dim + k] - pca->mean[k]) * pca->axes[c * dim + k];
            projected[i * pca->components + c] = s;
        }
    auto z = DataMatrix::fromDouble(projected, pairs, pca->components);
    if (!z) return std::unexpected(z.error());
    GmmParams gp;
    gp.k = p.clusters;
    gp.seed = p.seedValue;
    auto fit = fitGmm(*z, gp, progress, cancel);
    if (!fit) return std::unexpected(fit.error());
    return std::move(fit->labels);
}

// The adaptive layer g after training (the best held-out state loaded), and how it went.
struct TrainedLayer {
    std::shared_ptr<AdaptiveLayerImpl> g;
    std::vector<char> bestState;        // g's parameters as stored with the run
    std::vector<std::int64_t> heldOut;  // pair rows never trained on (the alignment view's)
    double initialLoss = 0, bestLoss = 0;
    int epochs = 0;
    nlohmann::json curve = nlohmann::json::array();  // held-out loss before and after each epoch
};

// Train g with InfoNCE on the pairs (negatives from other clusters); early stopping on held-out pairs.
TrainedLayer trainAdaptiveLayer(const CrossLingualParams& p, const CrossLingualInputs& in,
                                const std::vector<std::int32_t>& clusters, ProgressSink& progress,
                                const CancelToken& cancel) {
    const std::int64_t pairs = in.pairs;
    const int dim = in.dim;
    TrainedLayer out;
    progress.stage("Training the adaptive layer");
    out.g = newAdaptiveLayer(dim, p.hidden, p.adaptiveLayer, p.seedValue);
    std::mt19937_64 rng(p.seedValue);
    std::vector<std::int64_t> order(pairs);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    const auto heldOut = std::max<std::int64_t>(p.batchSize, std::llround(double(pairs) * p.heldOutFraction));
    out.heldOut.assign(order.begin(), order.begin() + heldOut);
    std::vector<std::int64_t> train(order.begin() + heldOut, order.end());
    const auto& test = out.heldOut;
    auto A = torch::from_blob(const_cast<float*>(in.aRows.data()), {pairs, dim}, torch::kFloat32);
    auto B = torch::from_blob(const_cast<float*>(in.bRows.data()), {pairs, dim}, torch::kFloat32);
    AdaptiveLayerImpl& g = *out.g;
    torch::optim::Adam optimizer(g.parameters(), torch::optim::AdamOptions(p.learningRate));
    const bool allNegatives = p.clusters <= 1;
    auto batchLoss = [&](const std::vector<std::int64_t>& rows) {
        std::vector<std::int32_t> c(rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) c[i] = clusters[rows[i]];
        auto idx = torch::tensor(rows, torch::kInt64);
        return infoNce(g.forward(A.index_select(0, idx)), g.forward(B.index_select(0, idx)),
                       maskTensor(contrastiveNegativeMask(c, allNegatives), std::int64_t(rows.size())), p.temperature,
                       p.infoNce);
    };
    auto heldOutLoss = [&] {
        torch::NoGradGuard noGrad;
        double sum = 0;
        int n = 0;
        for (std::size_t b = 0; b + p.batchSize <= test.size(); b += p.batchSize, ++n)
            sum += batchLoss({test.begin() + b, test.begin() + b + p.batchSize}).item<double>();
        return n ? sum / n : 0.0;
    };
    double best = heldOutLoss();
    out.initialLoss = best;
    out.bestState = saveModule(g);
    out.curve.push_back(best);
    int sinceBest = 0;
    for (int epoch = 0; epoch < p.maxEpochs && sinceBest < p.patience; ++epoch, ++out.epochs) {
        cancel.throwIfCancelled();
        std::shuffle(train.begin(), train.end(), rng);
        for (std::size_t b = 0; b + p.batchSize <= train.size(); b += p.batchSize) {
            optimizer.zero_grad();
            auto loss = batchLoss({train.begin() + b, train.begin() + b + p.batchSize});
            loss.backward();
            optimizer.step();
        }
        const double l = heldOutLoss();
        out.curve.push_back(l);
        if (l < best - 1e-6) {
            best = l;
            out.bestState = saveModule(g);
            sinceBest = 0;
        } else {
            ++sinceBest;
        }
        progress.progress(epoch + 1, p.maxEpochs);
    }
    out.bestLoss = best;
    std::istringstream is(std::string(out.bestState.begin(), out.bestState.end()));
    torch::serialize::InputArchive archive;
    archive.load_from(is);
    g.load(archive);
    g.eval();
    return out;
}

// The alignment view: held-out pairs (never trained on) before and after g, each in one PCA of
// both languages, with the mean cosine of a sentence and its translation.
struct AlignmentView {
    std::vector<std::int64_t> pairIds;
    std::vector<float> before, after;
    CrossLingualAlignment summary;
};

AlignmentView alignmentView(const CrossLingualInputs& in, const TrainedLayer& layer) {
    const auto& test = layer.heldOut;
    std::vector<std::int64_t> shown(test.begin(),
                                    test.begin() + std::ptrdiff_t(std::min(test.size(), kAlignmentPairs)));
    AlignmentView view;
    for (auto i : shown) view.pairIds.push_back(in.parallel.ids[std::size_t(i)]);
    torch::NoGradGuard noGrad;
    auto A = torch::from_blob(const_cast<float*>(in.aRows.data()), {in.pairs, in.dim}, torch::kFloat32);
    auto B = torch::from_blob(const_cast<float*>(in.bRows.data()), {in.pairs, in.dim}, torch::kFloat32);
    const auto idx = torch::tensor(shown, torch::kInt64);
    const auto a0 = A.index_select(0, idx), b0 = B.index_select(0, idx);
    const auto a1 = layer.g ? layer.g->forward(a0) : a0, b1 = layer.g ? layer.g->forward(b0) : b0;
    view.before = jointPca2(a0, b0);
    view.after = jointPca2(a1, b1);
    view.summary = {std::int64_t(shown.size()),
                    {in.langA, in.langB},
                    torch::cosine_similarity(a0, b0, 1).mean().item<double>(),
                    torch::cosine_similarity(a1, b1, 1).mean().item<double>()};
    return view;
}

// Classifier c on g(seed) vs the A sentences least like the seed (in g-space); applied to
// g(pool). Without an adaptive layer (g = identity) this is the paper's DF baseline.
Expected<DomainHeadResult> classifyPool(const CrossLingualParams& p, const CrossLingualInputs& in,
                                        const TrainedLayer& layer, ProgressSink& progress, const CancelToken& cancel) {
    const int dim = in.dim;
    const auto seedCount = std::int64_t(in.seed.positions.size());
    auto apply = [&](const std::vector<float>& rows) { return layer.g ? applyLayer(*layer.g, rows, dim) : rows; };
    const auto gSeed = apply(in.seedRows);
    const auto gA = apply(in.aRows);
    const auto gPool = apply(in.poolRows);
    const auto cosine = cosineToSeedMean(gSeed.data(), seedCount, gA.data(), in.pairs, dim);
    DomainHeadOptions co = p.classifier;
    co.seed = p.seedValue;
    co.preRanking = true;
    auto negatives = parseCrossLingualNegatives(p.negatives);
    if (!negatives) return std::unexpected(negatives.error());
    co.lowestNegatives = negatives->lowest;
    co.negativePoolFraction = negatives->fraction;
    if (negatives->lowest > in.pairs)
        progress.info("--negatives " + p.negatives + ": the parallel corpus has " + std::to_string(in.pairs) +
                      " sentences in the seed's language; all of them are the negatives.");
    // --classifiers N: every member trained like the single classifier with its own seed (its draw
    // of negatives and initialisation); the pool's score is the mean probability, the stored
    // classifier and report are member 1's.
    const std::vector<char> excluded(std::size_t(in.pairs), 0);
    auto ensemble = trainDomainHeadEnsemble(p.classifiers, gSeed.data(), seedCount, gA.data(), in.pairs, dim, cosine,
                                            excluded, co, progress, cancel, gPool);
    if (!ensemble) return std::unexpected(ensemble.error());
    DomainHeadResult first = std::move(*ensemble);
    std::vector<double> sum = std::move(first.probability);
    first.memberWeights.clear();
    // --pool-neighbours K: the pool's own structure, in its own language's space.
    if (p.poolNeighbours > 0) {
        progress.stage("Averaging scores over pool neighbours");
        sum = smoothOverNeighbours(in.poolRows, dim, sum, p.poolNeighbours, p.seedValue, cancel);
    }
    first.probability = std::move(sum);
    return first;
}

// The cut: --top K, else --threshold T (default: positive, p >= 0.5).
std::pair<std::vector<char>, nlohmann::json> cutCrossLingual(const CrossLingualParams& p,
                                                             const std::vector<double>& scores,
                                                             const std::vector<std::int64_t>& ids) {
    if (p.top) return {selectTopK(rankByScore(scores, ids), scores.size(), *p.top), {{"top", *p.top}}};
    const double t = p.threshold.value_or(0.5);
    nlohmann::json cut = {{"threshold", t}};
    if (!p.threshold) cut["default"] = "positive: p >= 0.5";
    return {selectThreshold(scores, t), cut};
}

// The score CDF over the pool (the paper's Fig. 6), at 101 quantiles.
nlohmann::json scoreQuantiles(std::vector<double> sorted) {
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    nlohmann::json quantiles = nlohmann::json::array();
    for (int q = 0; q <= 100; ++q)
        quantiles.push_back(sorted[std::min(n - 1, std::size_t(double(q) / 100.0 * double(n - 1)))]);
    return quantiles;
}

SelectSummary summariseCrossLingual(const CrossLingualParams& p, const CrossLingualInputs& in,
                                    const CrossLingualResult& out, const TrainedLayer& layer,
                                    const DomainHeadResult& head, const nlohmann::json& cut,
                                    const AlignmentView& view) {
    SelectSummary summary;
    summary.method = "cross-lingual";
    summary.pool = in.pool.corpus.name;
    summary.seed = p.seed;
    summary.parallel = in.parallel.corpus.name;
    summary.poolSize = out.poolSize;
    summary.seedSize = out.seedSize;
    summary.pairs = in.pairs;
    summary.selected = out.selected;
    summary.cut = cut;
    summary.leaked = 0;
    if (p.filterRun) {
        summary.filterRun = *p.filterRun;
        summary.filterExcluded = in.filteredOut;
    }
    summary.adaptiveLayer = nlohmann::json{{"kind", !layer.g            ? "none"
                                                    : layer.g->residual ? "residual"
                                                                        : "ffn"},
                                           {"infonce", p.infoNce == InfoNceForm::Eq1 ? "eq1" : "symmetric"},
                                           {"epochs", layer.epochs},
                                           {"held_out_loss", layer.bestLoss},
                                           {"initial_held_out_loss", layer.initialLoss},
                                           {"loss_curve", layer.curve},
                                           {"clusters", p.clusters}};
    summary.report = head.report.toJson();
    summary.scoreQuantiles = scoreQuantiles(head.probability);
    summary.alignment = view.summary;
    summary.encoder = in.encoder.toJson();
    if (!in.sources.empty()) {
        const auto& k = in.sources.front().set;  // the seed's set
        summary.embeddings = SelectEmbeddings{k.id, k.key.model, k.key.layer, k.key.pooling};
    }
    return summary;
}

// Vu et al.'s Fig. 4: g(x) of every corpus side the run read, each kept as an embedding set of its
// own ("derived:run N:g(MODEL)", float32), so `cluster --embedding-set` and the map can use the
// adapted space per language. Inside the caller's transaction; returns [{"set", "corpus", "side"}].
Expected<nlohmann::json> storeAdaptedSets(Store& store, std::int64_t runId, const CrossLingualInputs& in,
                                          AdaptiveLayerImpl& g, const CancelToken& cancel) {
    constexpr std::int64_t kChunkRows = 4096;
    nlohmann::json out = nlohmann::json::array();
    for (const auto& src : in.sources) {
        EmbeddingKey key = src.set.key;
        key.model = std::string(kDerivedSetPrefix) + "run " + std::to_string(runId) + ":g(" + src.set.key.model + ")";
        key.modelHash.clear();
        auto set = ensureEmbeddingSet(store, key, in.dim, StorageType::Float32);
        if (!set) return std::unexpected(set.error());
        auto existing = encodedCount(store, set->id, src.corpus.id);
        if (!existing) return std::unexpected(existing.error());
        if (*existing != 0)
            return fail("The embedding set '" + key.model + "' already holds vectors of '" + src.corpus.name +
                        "' (left by an earlier run with this number); nothing was stored.");
        auto m = loadEmbeddings(store, src.set.id, src.corpus.id);
        if (!m) return std::unexpected(m.error());
        for (std::int64_t first = 0; first < m->rows; first += kChunkRows) {
            cancel.throwIfCancelled();
            const auto rows = std::min(kChunkRows, m->rows - first);
            const std::vector<float> part(m->data.begin() + first * in.dim, m->data.begin() + (first + rows) * in.dim);
            if (auto s = appendEmbeddings(store, set->id, src.corpus.id, first, rows, applyLayer(g, part, in.dim)); !s)
                return std::unexpected(s.error());
        }
        out.push_back({{"set", set->id}, {"corpus", src.corpus.name}, {"side", sideName(src.set.key.side)}});
    }
    return out;
}

// persist: the run, its scores and decisions, g, the classifier, the alignment view and the
// adapted sets, in one transaction.
Expected<std::int64_t> persistCrossLingual(Store& store, const CrossLingualParams& p, const CrossLingualInputs& in,
                                           CrossLingualResult& out, const std::vector<char>& selected,
                                           const TrainedLayer& layer, const DomainHeadResult& head,
                                           const AlignmentView& view, const CancelToken& cancel) {
    RunResults results;
    results.sentenceIds = in.pool.ids;
    results.score = head.probability;
    results.prob = head.probability;
    results.label.assign(selected.begin(), selected.end());
    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());
    auto runId = createRun(store, RunKind::Select, in.pool.corpus.id, std::nullopt, p.toJson());
    if (!runId) return std::unexpected(runId.error());
    if (auto s = writeRunResults(store, *runId, results); !s) return std::unexpected(s.error());
    if (layer.g && p.keepAdapted) {
        auto sets = storeAdaptedSets(store, *runId, in, *layer.g, cancel);
        if (!sets) return std::unexpected(sets.error());
        out.summary.adaptedSets = std::move(*sets);
    }
    if (auto s = setRunSummary(store, *runId, out.summary.toJson()); !s) return std::unexpected(s.error());
    if (layer.g)
        if (auto s =
                putRunBlob(store, *runId, blobs::kAdaptiveLayer, std::as_bytes(std::span<const char>(layer.bestState)));
            !s)
            return std::unexpected(s.error());
    if (auto s = putRunBlob(store, *runId, blobs::kClassifier, std::as_bytes(std::span<const char>(head.weights))); !s)
        return std::unexpected(s.error());
    for (auto s : {putRunArray(store, *runId, blobs::kAlignmentPairIds, std::span<const std::int64_t>(view.pairIds)),
                   putRunArray(store, *runId, blobs::kAlignmentBefore, std::span<const float>(view.before)),
                   putRunArray(store, *runId, blobs::kAlignmentAfter, std::span<const float>(view.after))})
        if (!s) return std::unexpected(s.error());
    cancel.throwIfCancelled();
    if (auto s = tx->commit(); !s) return std::unexpected(s.error());
    return *runId;
}

// The body of runCrossLingual; may throw (cancel from deep loops, libtorch errors).
// prepare (read, orient, encode) / compute (clusters, g, classifier, cut; no Store) / persist.
Expected<CrossLingualResult> crossLingualBody(const CrossLingualParams& params, Store& store, ProgressSink& progress,
                                              const CancelToken& cancel) {
    auto in = prepareCrossLingual(params, store, progress, cancel);
    if (!in) return std::unexpected(in.error());
    // --adaptive-layer auto resolved for the encoder; the run keeps the request in its parameters
    // and the resolved kind (with the reason) in its summary.
    CrossLingualParams p = params;
    p.adaptiveLayer = resolveAdaptiveLayer(params.adaptiveLayer, in->encoder.multilingual, params.keepAdapted);
    if (params.adaptiveLayer == AdaptiveLayerKind::Auto)
        progress.info("Adaptive layer: " + std::string(adaptiveLayerName(p.adaptiveLayer)) +
                      (p.adaptiveLayer == AdaptiveLayerKind::None
                           ? " (auto: the encoder is multilingual, so the classifier reads its aligned vectors; "
                             "--adaptive-layer ffn trains Vu et al.'s g)"
                           : " (auto: the encoder is not known to be multilingual, or --keep-adapted asks for g)"));
    TrainedLayer layer;
    if (p.adaptiveLayer != AdaptiveLayerKind::None) {
        auto clusters = clusterPairs(p, *in, progress, cancel);
        if (!clusters) return std::unexpected(clusters.error());
        layer = trainAdaptiveLayer(p, *in, *clusters, progress, cancel);
    } else {
        // The DF baseline: no g; the held-out pairs of the alignment view drawn as g's would be.
        std::mt19937_64 rng(p.seedValue);
        std::vector<std::int64_t> order(std::size_t(in->pairs));
        std::iota(order.begin(), order.end(), 0);
        std::shuffle(order.begin(), order.end(), rng);
        order.resize(std::min<std::size_t>(order.size(), kAlignmentPairs));
        layer.heldOut = std::move(order);
    }
    const AlignmentView view = alignmentView(*in, layer);
    if (p.classifiers != 1 || p.poolNeighbours != 0)
        progress.info(
            "Scoring: the mean of " + std::to_string(p.classifiers) + " classifier(s)" +
            (p.poolNeighbours > 0 ? ", each pool sentence averaged with its " + std::to_string(p.poolNeighbours) +
                                        " nearest pool sentences"
                                  : std::string()) +
            " (--classifiers 1 --pool-neighbours 0 scores as Vu et al.: one classifier, each sentence alone)");
    auto head = classifyPool(p, *in, layer, progress, cancel);
    if (!head) return std::unexpected(head.error());
    const auto [selected, cut] = cutCrossLingual(p, head->probability, in->pool.ids);
    CrossLingualResult out;
    out.poolSize = std::int64_t(in->pool.positions.size());
    out.seedSize = std::int64_t(in->seed.positions.size());
    out.pairs = in->pairs;
    out.selected = std::count(selected.begin(), selected.end(), 1);
    out.summary = summariseCrossLingual(p, *in, out, layer, *head, cut, view);
    (*out.summary.adaptiveLayer)["requested"] = adaptiveLayerName(params.adaptiveLayer);
    progress.stage("Saving the selection");
    // The parameters as requested (auto stays auto: the summary says what it resolved to).
    auto runId = persistCrossLingual(store, params, *in, out, selected, layer, *head, view, cancel);
    if (!runId) return std::unexpected(runId.error());
    out.runId = *runId;
    return out;
}

}  // namespace

Expected<CrossLingualResult> runCrossLingual(const CrossLingualParams& params, Store& store, ProgressSink& progress,
                                             const CancelToken& cancel) {
    CrossLingualParams p = params;
    applyCrossLingualPreset(p);
    if (auto negatives = parseCrossLingualNegatives(p.negatives); !negatives) return std::unexpected(negatives.error());
    return runJob<CrossLingualResult>([&] { return crossLingualBody(p, store, progress, cancel); });
}

}  // namespace dl
