// TransformerEncoder::fineTuneClassifier: Domain-Finetune with the encoder trainable
// (Aharoni & Goldberg 2020, section 4), for every architecture the encoder runs.
#include <ATen/ATen.h>
#include <c10/core/GradMode.h>
#include <c10/core/InferenceMode.h>
#include <cstdint>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "encode/EncoderImpl.h"

namespace dl {

namespace {

// Pads a batch of token-id rows into [B, T] ids and a 0/1 mask.
std::pair<at::Tensor, at::Tensor> padBatch(const std::vector<const std::vector<std::int32_t>*>& rows,
                                           std::int32_t padId) {
    std::size_t T = 1;
    for (const auto* r : rows) T = std::max(T, r->size());
    const auto B = static_cast<std::int64_t>(rows.size());
    at::Tensor ids = at::full({B, static_cast<std::int64_t>(T)}, padId, at::kLong);
    at::Tensor mask = at::zeros({B, static_cast<std::int64_t>(T)}, at::kLong);
    auto* ip = ids.data_ptr<std::int64_t>();
    auto* mp = mask.data_ptr<std::int64_t>();
    for (std::size_t b = 0; b < rows.size(); ++b)
        for (std::size_t c = 0; c < rows[b]->size(); ++c) {
            ip[b * T + c] = (*rows[b])[c];
            mp[b * T + c] = 1;
        }
    return {ids, mask};
}

}  // namespace

Expected<std::vector<double>> TransformerEncoder::fineTuneClassifier(
    std::span<const std::string> positives, std::span<const std::string> negatives, std::span<const std::string> score,
    const FineTuneOptions& o, FineTuneReport* report, ProgressSink& progress, const CancelToken& cancel) {
    if (positives.size() < 4 || negatives.size() < 4)
        return fail("Fine-tuning needs at least 4 positive and 4 negative sentences.");
    if (o.epochs < 1 || o.batchSize < 1 || o.microBatch < 1)
        return usageError("Epochs, batch size and micro-batch must be positive.");
    const auto kMicroBatch = static_cast<std::size_t>(o.microBatch);
    Impl& m = *d;
    if (m.where.gemm != GemmPrecision::Native)
        return usageError("Fine-tuning trains float32 weights: load the encoder at fp32, not " + m.precision + ".");
    try {
        // The weights were loaded as inference tensors: train float32 copies of them.
        std::vector<at::Tensor> params;
        for (at::Tensor* t : m.net->parameters()) {
            if (!t->defined()) continue;
            *t = t->to(at::kFloat).clone().detach().requires_grad_(true);
            params.push_back(*t);
        }
        m.where.half = false;
        const at::Device device = m.where.cuda ? at::Device(at::kCUDA, 0) : at::Device(at::kCPU);
        const auto H = static_cast<std::int64_t>(m.cfg.hiddenSize);
        at::manual_seed(o.seed);
        at::Tensor headW = (at::randn({1, H}, at::TensorOptions().device(device)) * 0.02).requires_grad_(true);
        at::Tensor headB = at::zeros({1}, at::TensorOptions().device(device)).requires_grad_(true);
        params.push_back(headW);
        params.push_back(headB);

        // Examples: tokenised once; a stratified held-out part for the report.
        struct Example {
            std::vector<std::int32_t> ids;
            float label;
        };
        std::vector<Example> examples;
        for (const auto& t : positives) examples.push_back({m.tokenizer->encode(t, m.maxLength).ids, 1.0f});
        for (const auto& t : negatives) examples.push_back({m.tokenizer->encode(t, m.maxLength).ids, 0.0f});
        std::mt19937_64 rng(o.seed);
        std::vector<std::size_t> train, test;
        auto split = [&](std::size_t begin, std::size_t end) {
            std::vector<std::size_t> rows(end - begin);
            std::iota(rows.begin(), rows.end(), begin);
            std::shuffle(rows.begin(), rows.end(), rng);
            const auto nTest = static_cast<std::size_t>(std::llround(double(rows.size()) * o.heldOutFraction));
            test.insert(test.end(), rows.begin(), rows.begin() + nTest);
            train.insert(train.end(), rows.begin() + nTest, rows.end());
        };
        split(0, positives.size());
        split(positives.size(), examples.size());

        auto logits = [&](const std::vector<const std::vector<std::int32_t>*>& rows) {
            auto [ids, mask] = padBatch(rows, m.tokenizer->padId());
            const int state = m.layer;
            at::Tensor pooled = m.pooled(ids, mask, std::span<const int>(&state, 1), m.opt.pooling)[0].to(device);
            return at::linear(pooled, headW, headB).squeeze(-1);
        };
        // Adam, written out on ATen tensors (no torch::optim in this translation unit).
        std::vector<at::Tensor> m1, m2;
        for (auto& p : params) {
            m1.push_back(at::zeros_like(p));
            m2.push_back(at::zeros_like(p));
        }
        const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
        std::int64_t step = 0;
        const std::int64_t stepsTotal =
            o.epochs * ((static_cast<std::int64_t>(train.size()) + o.batchSize - 1) / o.batchSize);
        progress.stage("Fine-tuning the encoder");
        FineTuneReport r;
        r.positives = static_cast<std::int64_t>(positives.size());
        r.negatives = static_cast<std::int64_t>(negatives.size());
        for (int epoch = 0; epoch < o.epochs; ++epoch) {
            std::shuffle(train.begin(), train.end(), rng);
            double lossSum = 0;
            int batches = 0;
            for (std::size_t b = 0; b < train.size(); b += static_cast<std::size_t>(o.batchSize)) {
                if (cancel.isCancelled()) return cancelled();
                // One Adam step per batch; the batch's mean loss is accumulated over micro-batches
                // (each weighted by its share of the batch), so a large batch (the paper's 256)
                // fits in memory and gives the same gradient as one pass over the whole batch.
                const std::size_t end = std::min(train.size(), b + static_cast<std::size_t>(o.batchSize));
                double loss = 0;
                for (std::size_t mb = b; mb < end; mb += kMicroBatch) {
                    if (cancel.isCancelled()) return cancelled();
                    std::vector<const std::vector<std::int32_t>*> rows;
                    std::vector<float> labels;
                    for (std::size_t i = mb; i < std::min(end, mb + kMicroBatch); ++i) {
                        rows.push_back(&examples[train[i]].ids);
                        labels.push_back(examples[train[i]].label);
                    }
                    const at::Tensor y = at::tensor(labels).to(device);
                    at::Tensor part =
                        at::binary_cross_entropy_with_logits(logits(rows), y) * (double(rows.size()) / double(end - b));
                    part.backward();
                    loss += part.item<double>();
                }
                ++step;
                {
                    c10::NoGradGuard noGrad;  // c10's: ATen.h of libtorch 2.x no longer declares at::NoGradGuard
                    const double c1 = 1 - std::pow(b1, double(step)), c2 = 1 - std::pow(b2, double(step));
                    for (std::size_t i = 0; i < params.size(); ++i) {
                        auto& p = params[i];
                        if (!p.grad().defined()) continue;
                        const at::Tensor g = p.grad();
                        m1[i].mul_(b1).add_(g, 1 - b1);
                        m2[i].mul_(b2).addcmul_(g, g, 1 - b2);
                        p.addcdiv_(m1[i] / c1, (m2[i] / c2).sqrt_().add_(eps), -o.learningRate);
                        p.mutable_grad().zero_();
                    }
                }
                lossSum += loss;
                ++batches;
                progress.progress(step, stepsTotal);
            }
            r.finalLoss = batches ? lossSum / batches : 0.0;
            r.epochs = epoch + 1;
        }

        // Held-out report, then the scores; no graph from here on.
        c10::InferenceMode guard;
        r.heldOut = static_cast<std::int64_t>(test.size());
        for (std::size_t b = 0; b < test.size(); b += 64) {
            std::vector<const std::vector<std::int32_t>*> rows;
            std::vector<std::size_t> which;
            for (std::size_t i = b; i < std::min(test.size(), b + 64); ++i) {
                rows.push_back(&examples[test[i]].ids);
                which.push_back(test[i]);
            }
            const at::Tensor p = at::sigmoid(logits(rows)).to(at::kCPU);
            for (std::size_t i = 0; i < which.size(); ++i) {
                const bool sel = p[static_cast<std::int64_t>(i)].item<float>() > 0.5f,
                           rel = examples[which[i]].label > 0.5f;
                r.heldOutSelected += sel;
                r.heldOutRelevant += rel;
                r.heldOutTruePositives += sel && rel;
            }
        }
        progress.stage("Scoring with the fine-tuned encoder");
        std::vector<std::vector<std::int32_t>> ids(score.size());
        for (std::size_t i = 0; i < score.size(); ++i) ids[i] = m.tokenizer->encode(score[i], m.maxLength).ids;
        std::vector<std::size_t> order(ids.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return ids[a].size() > ids[b].size(); });
        std::vector<double> out(ids.size());
        for (std::size_t b = 0; b < order.size(); b += 64) {
            if (cancel.isCancelled()) return cancelled();
            std::vector<const std::vector<std::int32_t>*> rows;
            for (std::size_t i = b; i < std::min(order.size(), b + 64); ++i) rows.push_back(&ids[order[i]]);
            const at::Tensor p = at::sigmoid(logits(rows)).to(at::kCPU, at::kDouble).contiguous();
            for (std::size_t i = 0; i < rows.size(); ++i) out[order[b + i]] = p.data_ptr<double>()[i];
            progress.progress(static_cast<std::int64_t>(std::min(order.size(), b + 64)),
                              static_cast<std::int64_t>(order.size()));
        }
        if (report) *report = r;
        return out;
    } catch (const std::exception& e) {
        return fail(std::string("Fine-tuning failed: ") + e.what());
    }
}

}  // namespace dl
