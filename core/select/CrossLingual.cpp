#include "select/CrossLingual.h"

// The parts of the libtorch C++ API used here, not all of <torch/torch.h> (docs/build-time.md).
#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/functional/normalization.h>
#include <torch/optim/adam.h>
#include <torch/serialize/archive.h>
#include <torch/utils.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <sstream>

#include "analysis/Pca.h"
#include "analysis/Gmm.h"
#include "encode/EncodeJob.h"
#include "runs/RunBlobs.h"
#include "select/DomainCosine.h"
#include "select/Ranking.h"
#include "select/SelectData.h"
#include "store/Runs.h"
#include "store/Store.h"
#include "jobs/RunJob.h"

namespace dl {

namespace {

struct AdaptiveLayerImpl : torch::nn::Module {
    AdaptiveLayerImpl(int dim, int hidden) {
        fc1 = register_module("fc1", torch::nn::Linear(dim, hidden));
        fc2 = register_module("fc2", torch::nn::Linear(hidden, dim));
    }
    torch::Tensor forward(torch::Tensor x) { return fc2->forward(torch::relu(fc1->forward(x))); }
    torch::nn::Linear fc1{nullptr}, fc2{nullptr};
};

torch::Tensor maskTensor(const std::vector<char>& mask, std::int64_t n) {
    std::vector<std::uint8_t> m(mask.begin(), mask.end());
    return torch::from_blob(m.data(), {n, n}, torch::kUInt8).to(torch::kBool).clone();
}

// Symmetric InfoNCE on torch tensors; `negatives` is n x n bool.
torch::Tensor infoNce(const torch::Tensor& a, const torch::Tensor& b, const torch::Tensor& negatives, double tau) {
    const auto n = a.size(0);
    auto sim = torch::matmul(torch::nn::functional::normalize(a, torch::nn::functional::NormalizeFuncOptions().dim(1)),
                             torch::nn::functional::normalize(b, torch::nn::functional::NormalizeFuncOptions().dim(1)).t()) /
               tau;
    auto allowed = negatives.logical_or(torch::eye(n, torch::TensorOptions().dtype(torch::kBool).device(a.device())));
    const auto minusInf = -std::numeric_limits<float>::infinity();
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
    auto coords = (std::get<0>(svd).narrow(1, 0, 2) * std::get<1>(svd).narrow(0, 0, 2)).to(torch::kFloat32).contiguous();
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

std::vector<char> contrastiveNegativeMask(const std::vector<std::int32_t>& clusters, bool allNegatives) {
    const std::size_t n = clusters.size();
    std::vector<char> m(n * n, 0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) m[i * n + j] = i != j && (allNegatives || clusters[i] != clusters[j]);
    return m;
}

double infoNceLoss(const std::vector<float>& a, const std::vector<float>& b, int n, int dim, const std::vector<char>& negativeMask,
                   double temperature) {
    auto ta = torch::from_blob(const_cast<float*>(a.data()), {n, dim}, torch::kFloat32).to(torch::kFloat64);
    auto tb = torch::from_blob(const_cast<float*>(b.data()), {n, dim}, torch::kFloat32).to(torch::kFloat64);
    return infoNce(ta, tb, maskTensor(negativeMask, n), temperature).item<double>();
}

// The parameters as the table stores them, then the training settings no option sets.
nlohmann::json CrossLingualParams::toJson() const {
    nlohmann::json j = crossLingualParamTable().toJson(*this);
    j["batch_size"] = batchSize;
    j["patience"] = patience;
    j["learning_rate"] = learningRate;
    j["classifier"] = classifier.toJson();
    if (const auto n = seedSampleSize(seed); n > 0) j["seed_sample"]["size"] = n;
    return j;
}

// The body of runCrossLingual; may throw (cancel from deep loops, libtorch errors).
static Expected<CrossLingualResult> crossLingualBody(const CrossLingualParams& p, Store& store, ProgressSink& progress,
                                             const CancelToken& cancel) {
    if (p.parallel.empty()) return usageError("Cross-lingual selection needs a parallel corpus (--parallel).");
    if (p.clusters < 1) return usageError("The number of clusters must be at least 1.");
    progress.stage("Reading seed, pool and parallel corpus");
    auto seed = loadCorpusSubset(store, p.seed, false, p.seedSampleSeed);
    if (!seed) return std::unexpected(seed.error());
    auto pool = loadCorpusSubset(store, p.pool, false);
    if (!pool) return std::unexpected(pool.error());
    auto parallel = loadCorpusSubset(store, p.parallel, true);
    if (!parallel) return std::unexpected(parallel.error());
    if (!parallel->corpus.parallel)
        return usageError("The corpus '" + parallel->corpus.name + "' is monolingual; --parallel needs line-aligned pairs.");
    // Orientation: side A is the seed's language. Swap when the parallel corpus runs B -> A.
    Side sideA = Side::Source, sideB = Side::Target;
    const auto& seedLang = seed->corpus.srcLang;
    if (!seedLang.empty() && seedLang == parallel->corpus.tgtLang && seedLang != parallel->corpus.srcLang) std::swap(sideA, sideB);
    const std::string langB = sideB == Side::Target ? parallel->corpus.tgtLang : parallel->corpus.srcLang;
    if (!pool->corpus.srcLang.empty() && !langB.empty() && pool->corpus.srcLang != langB)
        progress.info("Warning: the pool is '" + pool->corpus.srcLang + "' but the parallel corpus pairs '" + seedLang + "' with '" +
                      langB + "'.");

    // Embeddings, encoded on demand with one model.
    auto encode = [&](const CorpusInfo& c, Side side) -> Expected<EmbeddingMatrix> {
        EncodeParams ep;
        ep.model = p.model;
        ep.corpus = c.name;
        ep.side = side;
        auto r = runEncode(ep, store, progress, cancel);
        if (!r) return std::unexpected(r.error());
        return loadEmbeddings(store, r->setId, c.id);
    };
    auto seedM = encode(seed->corpus, Side::Source);
    if (!seedM) return std::unexpected(seedM.error());
    auto poolM = encode(pool->corpus, Side::Source);
    if (!poolM) return std::unexpected(poolM.error());
    auto parA = encode(parallel->corpus, sideA);
    if (!parA) return std::unexpected(parA.error());
    auto parB = encode(parallel->corpus, sideB);
    if (!parB) return std::unexpected(parB.error());
    const int dim = seedM->dim;
    const auto seedRows = gatherRows(*seedM, seed->positions);
    const auto poolRows = gatherRows(*poolM, pool->positions);
    const auto aRows = gatherRows(*parA, parallel->positions);
    const auto bRows = gatherRows(*parB, parallel->positions);
    const auto pairs = std::int64_t(parallel->positions.size());
    if (pairs < 2 * p.batchSize) return fail("The parallel corpus has " + std::to_string(pairs) + " pairs; at least " +
                                             std::to_string(2 * p.batchSize) + " are needed to train the adaptive layer.");

    // Clusters of the A side (GMM after PCA 50, as in the clustering view) decide the negatives.
    std::vector<std::int32_t> clusters(pairs, 0);
    if (p.clusters > 1) {
        progress.stage("Clustering the parallel corpus (k = " + std::to_string(p.clusters) + ")");
        auto x = DataMatrix::fromFloat(aRows, pairs, dim);
        if (!x) return std::unexpected(x.error());
        auto pca = fitPca(*x, {std::min(50, dim), p.pcaMaxFitRows, p.seedValue}, cancel);
        if (!pca) return std::unexpected(pca.error());
        if (pca->fitRows < pairs)
            progress.info("PCA fitted on a random sample of " + std::to_string(pca->fitRows) + " of " + std::to_string(pairs) +
                          " pairs (--pca-sample; sample seed " + std::to_string(p.seedValue) + ").");
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
        clusters = fit->labels;
    }

    // Train g with InfoNCE; early stopping on held-out pairs.
    progress.stage("Training the adaptive layer");
    torch::manual_seed(p.seedValue);
    std::mt19937_64 rng(p.seedValue);
    std::vector<std::int64_t> order(pairs);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    const auto heldOut = std::max<std::int64_t>(p.batchSize, std::llround(double(pairs) * p.heldOutFraction));
    std::vector<std::int64_t> test(order.begin(), order.begin() + heldOut), train(order.begin() + heldOut, order.end());
    auto A = torch::from_blob(const_cast<float*>(aRows.data()), {pairs, dim}, torch::kFloat32);
    auto B = torch::from_blob(const_cast<float*>(bRows.data()), {pairs, dim}, torch::kFloat32);
    AdaptiveLayerImpl g(dim, p.hidden);
    torch::optim::Adam optimizer(g.parameters(), torch::optim::AdamOptions(p.learningRate));
    const bool allNegatives = p.clusters <= 1;
    auto batchLoss = [&](const std::vector<std::int64_t>& rows) {
        std::vector<std::int32_t> c(rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) c[i] = clusters[rows[i]];
        auto idx = torch::tensor(rows, torch::kInt64);
        return infoNce(g.forward(A.index_select(0, idx)), g.forward(B.index_select(0, idx)),
                       maskTensor(contrastiveNegativeMask(c, allNegatives), std::int64_t(rows.size())), p.temperature);
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
    const double initialLoss = best;
    std::vector<char> bestState = saveModule(g);
    int sinceBest = 0, epochs = 0;
    nlohmann::json curve = nlohmann::json::array({best});
    for (int epoch = 0; epoch < p.maxEpochs && sinceBest < p.patience; ++epoch, ++epochs) {
        cancel.throwIfCancelled();
        std::shuffle(train.begin(), train.end(), rng);
        for (std::size_t b = 0; b + p.batchSize <= train.size(); b += p.batchSize) {
            optimizer.zero_grad();
            auto loss = batchLoss({train.begin() + b, train.begin() + b + p.batchSize});
            loss.backward();
            optimizer.step();
        }
        const double l = heldOutLoss();
        curve.push_back(l);
        if (l < best - 1e-6) {
            best = l;
            bestState = saveModule(g);
            sinceBest = 0;
        } else {
            ++sinceBest;
        }
        progress.progress(epoch + 1, p.maxEpochs);
    }
    {
        std::istringstream is(std::string(bestState.begin(), bestState.end()));
        torch::serialize::InputArchive archive;
        archive.load_from(is);
        g.load(archive);
    }
    g.eval();

    // The alignment view: held-out pairs (never trained on) before and after g, each in one
    // PCA of both languages, with the mean cosine of a sentence and its translation.
    std::vector<std::int64_t> shown(test.begin(), test.begin() + std::ptrdiff_t(std::min(test.size(), kAlignmentPairs)));
    std::vector<std::int64_t> shownIds;
    for (auto i : shown) shownIds.push_back(parallel->ids[std::size_t(i)]);
    std::vector<float> alignedBefore, alignedAfter;
    CrossLingualAlignment alignment;
    {
        torch::NoGradGuard noGrad;
        const auto idx = torch::tensor(shown, torch::kInt64);
        const auto a0 = A.index_select(0, idx), b0 = B.index_select(0, idx);
        const auto a1 = g.forward(a0), b1 = g.forward(b0);
        alignedBefore = jointPca2(a0, b0);
        alignedAfter = jointPca2(a1, b1);
        const std::string langA = sideA == Side::Target ? parallel->corpus.tgtLang : parallel->corpus.srcLang;
        alignment = {std::int64_t(shown.size()), {langA, langB}, torch::cosine_similarity(a0, b0, 1).mean().item<double>(),
                     torch::cosine_similarity(a1, b1, 1).mean().item<double>()};
    }

    // Classifier c on g(seed) vs the A sentences least like the seed; applied to g(pool).
    const auto gSeed = applyLayer(g, seedRows, dim);
    const auto gA = applyLayer(g, aRows, dim);
    const auto gPool = applyLayer(g, poolRows, dim);
    const auto cosine = cosineToSeedMean(gSeed.data(), std::int64_t(seed->positions.size()), gA.data(), pairs, dim);
    DomainHeadOptions co = p.classifier;
    co.seed = p.seedValue;
    co.preRanking = true;
    auto head = trainDomainHead(gSeed.data(), std::int64_t(seed->positions.size()), gA.data(), pairs, dim, cosine,
                                std::vector<char>(pairs, 0), co, progress, cancel, gPool);
    if (!head) return std::unexpected(head.error());

    const std::size_t n = pool->positions.size();
    const auto& scores = head->probability;
    const auto ranking = rankByScore(scores, pool->ids);
    std::vector<char> selected;
    nlohmann::json cut;
    if (p.top) {
        selected = selectTopK(ranking, n, *p.top);
        cut = {{"top", *p.top}};
    } else {
        const double t = p.threshold.value_or(0.5);
        selected = selectThreshold(scores, t);
        cut = {{"threshold", t}};
        if (!p.threshold) cut["default"] = "positive: p >= 0.5";
    }
    CrossLingualResult out;
    out.poolSize = std::int64_t(n);
    out.seedSize = std::int64_t(seed->positions.size());
    out.pairs = pairs;
    out.selected = std::count(selected.begin(), selected.end(), 1);
    // The score CDF over the pool (the paper's Fig. 6), at 101 quantiles.
    std::vector<double> sorted = scores;
    std::sort(sorted.begin(), sorted.end());
    nlohmann::json quantiles = nlohmann::json::array();
    for (int q = 0; q <= 100; ++q) quantiles.push_back(sorted[std::min(n - 1, std::size_t(double(q) / 100.0 * double(n - 1)))]);
    SelectSummary& summary = out.summary;
    summary.method = "cross-lingual";
    summary.pool = pool->corpus.name;
    summary.seed = p.seed;
    summary.parallel = parallel->corpus.name;
    summary.poolSize = out.poolSize;
    summary.seedSize = out.seedSize;
    summary.pairs = pairs;
    summary.selected = out.selected;
    summary.cut = cut;
    summary.leaked = 0;
    summary.adaptiveLayer = nlohmann::json{{"epochs", epochs}, {"held_out_loss", best}, {"initial_held_out_loss", initialLoss},
                                           {"loss_curve", curve}, {"clusters", p.clusters}};
    summary.report = head->report.toJson();
    summary.scoreQuantiles = quantiles;
    summary.alignment = alignment;
    RunResults results;
    results.sentenceIds = pool->ids;
    results.score = scores;
    results.prob = scores;
    results.label.assign(selected.begin(), selected.end());
    progress.stage("Saving the selection");
    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());
    auto runId = createRun(store, RunKind::Select, pool->corpus.id, std::nullopt, p.toJson());
    if (!runId) return std::unexpected(runId.error());
    if (auto s = writeRunResults(store, *runId, results); !s) return std::unexpected(s.error());
    if (auto s = setRunSummary(store, *runId, out.summary.toJson()); !s) return std::unexpected(s.error());
    const auto gBytes = bestState;
    if (auto s = putRunBlob(store, *runId, blobs::kAdaptiveLayer, std::as_bytes(std::span<const char>(gBytes))); !s)
        return std::unexpected(s.error());
    if (auto s = putRunBlob(store, *runId, blobs::kClassifier, std::as_bytes(std::span<const char>(head->weights))); !s)
        return std::unexpected(s.error());
    for (auto s : {putRunArray(store, *runId, blobs::kAlignmentPairIds, std::span<const std::int64_t>(shownIds)),
                   putRunArray(store, *runId, blobs::kAlignmentBefore, std::span<const float>(alignedBefore)),
                   putRunArray(store, *runId, blobs::kAlignmentAfter, std::span<const float>(alignedAfter))})
        if (!s) return std::unexpected(s.error());
    cancel.throwIfCancelled();
    if (auto s = tx->commit(); !s) return std::unexpected(s.error());
    out.runId = *runId;
    return out;
}

// The job boundary: exceptions (cancel, c10::Error) become dl::Error; the transaction rolls back.
Expected<CrossLingualResult> runCrossLingual(const CrossLingualParams& p, Store& store, ProgressSink& progress,
                                             const CancelToken& cancel) {
    return runJob<CrossLingualResult>([&] { return crossLingualBody(p, store, progress, cancel); });
}

}  // namespace dl
