#include "select/DomainClassifier.h"

// The parts of the libtorch C++ API used here, not all of <torch/torch.h> (docs/build-time.md).
#include <torch/cuda.h>
#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>
#include <torch/optim/adam.h>
#include <torch/serialize/archive.h>
#include <torch/utils.h>
#include <cstdint>

#include <algorithm>
#include <iterator>
#include <memory>
#include <numeric>
#include <random>
#include <sstream>

#include "common/SplitMix.h"
#include "jobs/RunJob.h"

namespace dl {

nlohmann::json DomainHeadReport::toJson() const {
    return {{"positives", positives},
            {"negatives", negatives},
            {"rounds", rounds},
            {"shared_negatives", sharedNegatives},
            {"held_out", heldOut.toJson()},
            {"final_loss", finalLoss},
            {"device", device}};
}

std::vector<std::int64_t> preRankedNegativeCandidates(const std::vector<double>& cosine,
                                                      const std::vector<char>& excluded, double fraction) {
    std::vector<std::int64_t> ids(cosine.size());
    std::iota(ids.begin(), ids.end(), 0);
    const auto ranking = rankByScore(cosine, ids);
    const auto start = static_cast<std::size_t>(std::llround(double(ranking.size()) * (1.0 - fraction)));
    std::vector<std::int64_t> out;
    for (std::size_t i = start; i < ranking.size(); ++i)
        if (!excluded[ranking[i]]) out.push_back(ranking[i]);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::int64_t> lowestCosineRows(const std::vector<double>& cosine, const std::vector<char>& excluded,
                                           std::int64_t count) {
    std::vector<std::int64_t> rows;
    for (std::size_t i = 0; i < cosine.size(); ++i)
        if (!excluded[i]) rows.push_back(std::int64_t(i));
    const auto take = static_cast<std::size_t>(std::clamp<std::int64_t>(count, 0, std::int64_t(rows.size())));
    std::partial_sort(rows.begin(), rows.begin() + std::ptrdiff_t(take), rows.end(),
                      [&](std::int64_t a, std::int64_t b) {
                          const double ca = cosine[std::size_t(a)], cb = cosine[std::size_t(b)];
                          return ca < cb || (ca == cb && a < b);
                      });
    rows.resize(take);
    std::sort(rows.begin(), rows.end());
    return rows;
}

namespace {

struct HeadImpl : torch::nn::Module {
    HeadImpl(int dim, int hidden) {
        if (hidden > 0) {
            fc1 = register_module("fc1", torch::nn::Linear(dim, hidden));
            out = register_module("out", torch::nn::Linear(hidden, 1));
        } else {
            out = register_module("out", torch::nn::Linear(dim, 1));
        }
    }
    torch::Tensor forward(torch::Tensor x) {
        if (fc1) x = torch::relu(fc1->forward(x));
        return out->forward(x).squeeze(-1);
    }
    torch::nn::Linear fc1{nullptr}, out{nullptr};
};

}  // namespace

namespace {

// One round's negatives: the rows the options' rule takes from `ranking` (Domain-Cosine in the
// first round, the previous classifier's probability after it), as many as wanted.
std::vector<std::int64_t> negativeRows(const std::vector<double>& ranking, const std::vector<char>& excluded,
                                       const DomainHeadOptions& o, std::int64_t seedRows, std::int64_t poolRows,
                                       bool ranked, std::mt19937_64& rng) {
    std::vector<std::int64_t> candidates;
    if (o.lowestNegatives > 0) return lowestCosineRows(ranking, excluded, o.lowestNegatives);
    if (o.preRanking || ranked) {
        candidates = preRankedNegativeCandidates(ranking, excluded, o.negativePoolFraction);
    } else {
        for (std::int64_t i = 0; i < poolRows; ++i)
            if (!excluded[i]) candidates.push_back(i);
    }
    const auto wanted = static_cast<std::size_t>(std::llround(double(seedRows) * o.negativesPerPositive));
    std::shuffle(candidates.begin(), candidates.end(), rng);
    candidates.resize(std::min(candidates.size(), wanted));
    return candidates;
}

// a ascending: how many rows of b it holds.
std::int64_t sharedRows(const std::vector<std::int64_t>& a, std::vector<std::int64_t> b) {
    std::sort(b.begin(), b.end());
    std::vector<std::int64_t> both;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
    return std::int64_t(both.size());
}

// P(in-domain) of `rows` (n x dim on the CPU) under `head`, in chunks (cancellable).
std::vector<double> headProbabilities(HeadImpl& head, const torch::Tensor& rows, std::int64_t n,
                                      const torch::Device& device, ProgressSink* progress, const CancelToken& cancel) {
    std::vector<double> out(static_cast<std::size_t>(n));
    const std::int64_t chunk = 65536;
    for (std::int64_t start = 0; start < n; start += chunk) {
        cancel.throwIfCancelled();
        const auto m = std::min(chunk, n - start);
        // The sigmoid in double: in float it is exactly 1 from a logit of about 17 on, and a
        // confident classifier (a second round) ties hundreds of rows there, ranked by id.
        auto p = torch::sigmoid(head.forward(rows.narrow(0, start, m).to(device)).to(torch::kCPU, torch::kFloat64))
                     .contiguous();
        std::copy(p.data_ptr<double>(), p.data_ptr<double>() + m, out.begin() + start);
        if (progress) progress->progress(start + m, n);
    }
    return out;
}

}  // namespace

Expected<DomainHeadResult> trainDomainHead(const float* seed, std::int64_t seedRows, const float* pool,
                                           std::int64_t poolRows, int dim, const std::vector<double>& cosine,
                                           const std::vector<char>& excluded, const DomainHeadOptions& o,
                                           ProgressSink& progress, const CancelToken& cancel,
                                           std::span<const float> applyTo) {
    if (seedRows < 4) return fail("The seed set needs at least 4 sentences to train a classifier.");
    if (o.rounds < 1) return fail("The domain classifier needs at least one round.");
    std::mt19937_64 rng(o.seed);
    torch::manual_seed(o.seed);
    const torch::Device device = torch::cuda::is_available() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
    const auto cpu = torch::TensorOptions().dtype(torch::kFloat32);
    auto seedT = torch::from_blob(const_cast<float*>(seed), {seedRows, dim}, cpu);
    auto poolT = torch::from_blob(const_cast<float*>(pool), {poolRows, dim}, cpu);
    DomainHeadResult result;
    result.report.positives = seedRows;
    result.report.rounds = o.rounds;
    result.report.device = device.is_cuda() ? "cuda" : "cpu";

    std::vector<double> ranking = cosine;  // what the round's negatives are taken from
    std::unique_ptr<HeadImpl> head;
    for (int round = 0; round < o.rounds; ++round) {
        const auto candidates = negativeRows(ranking, excluded, o, seedRows, poolRows, round > 0, rng);
        if (candidates.size() < 2) return fail("The pool is too small to sample negatives from.");
        if (round > 0) result.report.sharedNegatives.push_back(sharedRows(result.negativesPerRound.back(), candidates));
        result.negativesPerRound.push_back(candidates);
        std::sort(result.negativesPerRound.back().begin(), result.negativesPerRound.back().end());

        auto negIdx = torch::tensor(candidates, torch::kInt64);
        auto negT = poolT.index_select(0, negIdx);
        auto x = torch::cat({seedT, negT}).to(device);
        auto y = torch::cat({torch::ones({seedRows}), torch::zeros({negT.size(0)})}).to(device);

        // Held-out split, stratified: the same fraction of each class.
        std::vector<std::int64_t> train, test;
        auto split = [&](std::int64_t begin, std::int64_t end) {
            std::vector<std::int64_t> rows(end - begin);
            std::iota(rows.begin(), rows.end(), begin);
            std::shuffle(rows.begin(), rows.end(), rng);
            const auto nTest = static_cast<std::size_t>(std::llround(double(rows.size()) * o.heldOutFraction));
            test.insert(test.end(), rows.begin(), rows.begin() + nTest);
            train.insert(train.end(), rows.begin() + nTest, rows.end());
        };
        split(0, seedRows);
        split(seedRows, seedRows + negT.size(0));

        head = std::make_unique<HeadImpl>(dim, o.hidden);
        head->to(device);
        torch::optim::Adam optimizer(head->parameters(), torch::optim::AdamOptions(o.learningRate));
        result.report.negatives = negT.size(0);
        progress.stage(o.rounds == 1 ? std::string("Training the domain classifier")
                                     : "Training the domain classifier, round " + std::to_string(round + 1) + " of " +
                                           std::to_string(o.rounds));
        for (int epoch = 0; epoch < o.epochs; ++epoch) {
            cancel.throwIfCancelled();
            std::shuffle(train.begin(), train.end(), rng);
            double lossSum = 0;
            int batches = 0;
            for (std::size_t b = 0; b < train.size(); b += o.batchSize) {
                const std::vector<std::int64_t> rows(train.begin() + b,
                                                     train.begin() + std::min(train.size(), b + o.batchSize));
                auto idx = torch::tensor(rows, torch::kInt64).to(device);
                optimizer.zero_grad();
                auto loss = torch::binary_cross_entropy_with_logits(head->forward(x.index_select(0, idx)),
                                                                    y.index_select(0, idx));
                loss.backward();
                optimizer.step();
                lossSum += loss.item<double>();
                ++batches;
            }
            result.report.finalLoss = batches ? lossSum / batches : 0.0;
            progress.progress(epoch + 1, o.epochs);
        }

        torch::NoGradGuard noGrad;
        head->eval();
        if (!test.empty()) {
            auto idx = torch::tensor(test, torch::kInt64).to(device);
            auto pred = (torch::sigmoid(head->forward(x.index_select(0, idx))) > 0.5).to(torch::kCPU);
            auto truth = y.index_select(0, idx).to(torch::kCPU);
            std::vector<char> sel(test.size()), rel(test.size());
            for (std::size_t i = 0; i < test.size(); ++i) {
                sel[i] = pred[i].item<bool>();
                rel[i] = truth[i].item<float>() > 0.5f;
            }
            result.report.heldOut = evaluateSelection(sel, rel);
        }
        if (round + 1 < o.rounds) ranking = headProbabilities(*head, poolT, poolRows, device, nullptr, cancel);
    }

    torch::NoGradGuard noGrad;
    progress.stage("Scoring the pool");
    const std::int64_t scoreRows = applyTo.empty() ? poolRows : std::int64_t(applyTo.size()) / dim;
    auto scoreT = applyTo.empty() ? poolT : torch::from_blob(const_cast<float*>(applyTo.data()), {scoreRows, dim}, cpu);
    result.probability = headProbabilities(*head, scoreT, scoreRows, device, &progress, cancel);
    std::ostringstream weights;
    torch::serialize::OutputArchive archive;
    head->to(torch::kCPU);
    head->save(archive);
    archive.save_to(weights);
    const std::string bytes = weights.str();
    result.weights.assign(bytes.begin(), bytes.end());
    return result;
}

std::uint64_t ensembleMemberSeed(std::uint64_t seedValue, int member) {
    if (member == 0) return seedValue;
    // splitmix64 of (seed, member): distinct, well-spread seeds for the other members.
    return splitMix64(seedValue + std::uint64_t(member) * kSplitMixGamma);
}

Expected<DomainHeadResult> trainDomainHeadEnsemble(int members, const float* seed, std::int64_t seedRows,
                                                   const float* pool, std::int64_t poolRows, int dim,
                                                   const std::vector<double>& cosine, const std::vector<char>& excluded,
                                                   const DomainHeadOptions& options, ProgressSink& progress,
                                                   const CancelToken& cancel, std::span<const float> applyTo) {
    members = std::max(1, members);
    DomainHeadResult first;
    std::vector<double> sum;
    for (int member = 0; member < members; ++member) {
        cancel.throwIfCancelled();
        if (members > 1)
            progress.stage("Training classifier " + std::to_string(member + 1) + " of " + std::to_string(members));
        DomainHeadOptions o = options;
        o.seed = ensembleMemberSeed(options.seed, member);
        auto head =
            trainDomainHead(seed, seedRows, pool, poolRows, dim, cosine, excluded, o, progress, cancel, applyTo);
        if (!head) return std::unexpected(head.error());
        if (member == 0) {
            sum = head->probability;
            first = std::move(*head);
            continue;
        }
        for (std::size_t i = 0; i < sum.size(); ++i) sum[i] += head->probability[i];
        first.memberWeights.push_back(std::move(head->weights));
    }
    if (members > 1)
        for (auto& v : sum) v /= double(members);
    first.probability = std::move(sum);
    return first;
}

Expected<std::vector<double>> applyDomainHead(std::span<const char> weights, int dim, int hidden, const float* rows,
                                              std::int64_t rowCount, const CancelToken& cancel) {
    HeadImpl head(dim, hidden);
    try {
        std::istringstream in(std::string(weights.begin(), weights.end()));
        torch::serialize::InputArchive archive;
        archive.load_from(in);
        head.load(archive);
    } catch (const std::exception& e) {
        return fail("The stored domain classifier cannot be loaded (" + withoutBacktrace(e.what()) +
                    "); was the run made with another hidden size or embedding dimension?");
    }
    torch::NoGradGuard noGrad;
    head.eval();
    const auto cpu = torch::TensorOptions().dtype(torch::kFloat32);
    auto x = torch::from_blob(const_cast<float*>(rows), {rowCount, dim}, cpu);
    std::vector<double> out(static_cast<std::size_t>(rowCount));
    const std::int64_t chunk = 65536;  // as trainDomainHead scores the pool
    for (std::int64_t start = 0; start < rowCount; start += chunk) {
        cancel.throwIfCancelled();
        const auto n = std::min(chunk, rowCount - start);
        auto p = torch::sigmoid(head.forward(x.narrow(0, start, n)).to(torch::kFloat64)).contiguous();  // as above
        std::copy(p.data_ptr<double>(), p.data_ptr<double>() + n, out.begin() + start);
    }
    return out;
}

}  // namespace dl
