#include "encode/TransformerEncoder.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <c10/core/InferenceMode.h>
#include <cstdint>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <numeric>

#include "common/Parallel.h"
#include "encode/EncoderImpl.h"
#include "encode/InferenceWorkers.h"
#include "encode/ModelIdentity.h"
#include "encode/NetPartsImpl.h"
#include "text/Tokenizer.h"

namespace dl {

Expected<Pooling> parsePooling(const std::string& name) {
    if (name == "mean") return Pooling::Mean;
    if (name == "cls") return Pooling::Cls;
    if (name == "max") return Pooling::Max;
    return usageError("Unknown pooling \"" + name + "\" (use mean, cls or max).");
}

std::string poolingName(Pooling p) {
    switch (p) {
    case Pooling::Mean: return "mean";
    case Pooling::Cls: return "cls";
    case Pooling::Max: return "max";
    }
    return "?";
}

void EncodeStats::add(const EncodeStats& o) {
    sentences += o.sentences;
    tokens += o.tokens;
    paddedTokens += o.paddedTokens;
    truncated += o.truncated;
    batches += o.batches;
    tokenizeSeconds += o.tokenizeSeconds;
    forwardSeconds += o.forwardSeconds;
}

namespace {

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

at::Tensor pool(const at::Tensor& hiddenAnyDtype, const at::Tensor& mask, Pooling pooling, bool normalize) {
    const at::Tensor hidden = hiddenAnyDtype.to(at::kFloat);
    const at::Tensor m = mask.to(hidden.device(), at::kFloat).unsqueeze(-1);  // [B, T, 1]
    at::Tensor pooled;
    switch (pooling) {
    case Pooling::Mean: pooled = (hidden * m).sum(1) / m.sum(1).clamp_min(1e-9); break;
    case Pooling::Cls: pooled = hidden.select(1, 0); break;
    case Pooling::Max: pooled = std::get<0>(hidden.masked_fill(m == 0, -1e9).max(1)); break;
    }
    if (normalize) pooled = pooled / pooled.norm(2, {1}, true).clamp_min(1e-12);
    return pooled.to(at::kCPU).contiguous();
}

}  // namespace

std::vector<at::Tensor> TransformerEncoder::Impl::pooled(const at::Tensor& ids, const at::Tensor& mask,
                                                         std::span<const int> states, Pooling pooling) const {
    std::vector<at::Tensor> out;
    for (const at::Tensor& h : net->forward(ids, mask, states)) out.push_back(pool(h, mask, pooling, opt.normalize));
    return out;
}

TransformerEncoder::TransformerEncoder() : d(std::make_unique<Impl>()) {}
TransformerEncoder::~TransformerEncoder() = default;

Expected<std::unique_ptr<TransformerEncoder>> TransformerEncoder::load(const std::string& modelDir,
                                                                       const EncoderOptions& options) {
    auto cfg = loadModelConfig(modelDir);
    if (!cfg) return std::unexpected(cfg.error());
    std::unique_ptr<TransformerEncoder> enc(new TransformerEncoder());
    Impl& d = *enc->d;
    d.cfg = *cfg;
    d.opt = options;
    const int L = cfg->numLayers;
    if (options.layer > L || options.layer < -(L + 1))
        return usageError("Layer " + std::to_string(options.layer) + " does not exist: the model in " + modelDir +
                          " has " + std::to_string(L) + " layers (use 0.." + std::to_string(L) +
                          ", or -1 for the last).");
    d.layer = options.layer < 0 ? L + 1 + options.layer : options.layer;
    d.maxLength = options.maxLength > 0 ? std::min(options.maxLength, cfg->maxLength) : cfg->maxLength;
    if (d.maxLength < 2) return usageError("The maximum length must be at least 2 tokens.");
    if (options.batchTokens < 1 || options.maxBatch < 1) return usageError("The batch size must be positive.");

    if (auto s = checkPrecision(options.precision, options.device); !s) return std::unexpected(s.error());
    if (options.device == "cuda") {
        if (!at::hasCUDA()) return fail("CUDA was requested but libtorch sees no CUDA device.");
        d.where.cuda = true;
    } else if (options.device == "auto") {
        d.where.cuda = at::hasCUDA() && options.precision != "int8";
    } else if (options.device != "cpu") {
        return usageError("Unknown device \"" + options.device + "\" (use auto, cpu or cuda).");
    }
    d.precision = encoderPrecision(d.where.cuda ? "cuda" : "cpu", options.precision);
    d.where.half = d.precision == "fp16";
    if (d.precision == "bf16") d.where.gemm = GemmPrecision::Bf16;
    if (d.precision == "int8") d.where.gemm = GemmPrecision::Int8;
    if (!net::supportsGemmPrecision(d.where.gemm))
        return fail("This libtorch has no int8 engine (oneDNN's quantized engine): use --precision fp32 or bf16.");
    if (options.threads > 0) at::set_num_threads(options.threads);

    limitRetainedMemory();
    auto tok = loadTokenizer(modelDir);
    if (!tok) return std::unexpected(tok.error());
    d.tokenizer = std::move(*tok);
    try {
        c10::InferenceMode guard;
        auto net = loadEncoderNet(d.cfg, modelDir, d.layer, d.tokenizer->vocabSize(), d.where);
        if (!net) return std::unexpected(net.error());
        d.net = std::move(*net);
    } catch (const std::exception& e) {
        return fail("Cannot load the model in " + modelDir + ": " + e.what());
    }
    return enc;
}

int TransformerEncoder::dim() const { return d->cfg.hiddenSize; }
const ModelConfig& TransformerEncoder::config() const { return d->cfg; }
const EncoderOptions& TransformerEncoder::options() const { return d->opt; }
const Tokenizer& TransformerEncoder::tokenizer() const { return *d->tokenizer; }
int TransformerEncoder::maxLength() const { return d->maxLength; }
int TransformerEncoder::resolvedLayer() const { return d->layer; }
std::string TransformerEncoder::device() const { return d->where.cuda ? "cuda" : "cpu"; }
std::string TransformerEncoder::precision() const { return d->precision; }

Status TransformerEncoder::encode(std::span<const std::string> texts, std::vector<float>& out, EncodeStats* stats,
                                  const CancelToken* cancel) {
    std::vector<std::vector<float>> outs;
    auto s = encodeLayers(texts, {d->layer}, d->opt.pooling, outs, stats, cancel);
    if (s) out = std::move(outs[0]);
    return s;
}

Status TransformerEncoder::encodeIds(const std::vector<std::vector<std::int32_t>>& ids, std::vector<float>& out,
                                     EncodeStats* stats, const CancelToken* cancel) {
    std::vector<std::vector<float>> outs;
    auto s = encodeIdsLayers(ids, {d->layer}, d->opt.pooling, outs, stats, cancel);
    if (s) out = std::move(outs[0]);
    return s;
}

Status TransformerEncoder::encodeLayers(std::span<const std::string> texts, const std::vector<int>& layers,
                                        Pooling pooling, std::vector<std::vector<float>>& out, EncodeStats* stats,
                                        const CancelToken* cancel) {
    const auto t0 = Clock::now();
    std::vector<std::vector<std::int32_t>> ids(texts.size());
    std::vector<char> truncated(texts.size(), 0);
    const int maxLen = d->maxLength;
    const Tokenizer& tok = *d->tokenizer;
    // Tokenizers are const and thread-safe: blocks of sentences on as many threads as libtorch's
    // intra-op pool has (at::get_num_threads: the encoder's thread option when given). The token
    // is polled per sentence: a chunk takes milliseconds with a real vocabulary, but a long line
    // and a crafted model's files took minutes before the vocabulary bounds of text/Tokenizer.h.
    constexpr std::int64_t kTokenizeBlock = 64;
    const auto count = static_cast<std::int64_t>(texts.size());
    auto tokenizeBlock = [&](std::int64_t block, int) {
        for (std::int64_t i = block * kTokenizeBlock; i < std::min(count, (block + 1) * kTokenizeBlock); ++i) {
            if (cancel && cancel->isCancelled()) return;
            auto r = tok.encode(texts[static_cast<std::size_t>(i)], maxLen);
            ids[static_cast<std::size_t>(i)] = std::move(r.ids);
            truncated[static_cast<std::size_t>(i)] = r.truncated ? 1 : 0;
        }
    };
    const std::int64_t blocks = (count + kTokenizeBlock - 1) / kTokenizeBlock;
    if (auto st = parallelBlocks(blocks, at::get_num_threads(), cancel, tokenizeBlock); !st) return st;
    EncodeStats local;
    local.tokenizeSeconds = secondsSince(t0);
    local.truncated = std::count(truncated.begin(), truncated.end(), 1);
    auto s = encodeIdsLayers(ids, layers, pooling, out, &local, cancel);
    if (stats) stats->add(local);
    return s;
}

Status TransformerEncoder::encodeIdsLayers(const std::vector<std::vector<std::int32_t>>& ids,
                                           const std::vector<int>& layers, Pooling pooling,
                                           std::vector<std::vector<float>>& out, EncodeStats* stats,
                                           const CancelToken* cancel) {
    const auto t0 = Clock::now();
    // Resolve the requested layers to the distinct hidden states one forward pass yields.
    const int L = d->cfg.numLayers, loaded = d->net->loadedLayers();
    if (layers.empty()) return usageError("No layer requested.");
    std::vector<int> resolved;
    for (int l : layers) {
        const int r = l < 0 ? L + 1 + l : l;
        if (r < 0 || r > L)
            return usageError("Layer " + std::to_string(l) + " does not exist: the model has " + std::to_string(L) +
                              " layers.");
        if (r > loaded)
            return usageError("Layer " + std::to_string(l) + " was not loaded: this encoder was loaded up to layer " +
                              std::to_string(loaded) + " (load it with layer -1 to pool any layer).");
        resolved.push_back(r);
    }
    std::vector<int> states = resolved;
    std::sort(states.begin(), states.end());
    states.erase(std::unique(states.begin(), states.end()), states.end());
    std::vector<std::size_t> slot(resolved.size());  // out[j] <- states[slot[j]]
    for (std::size_t j = 0; j < resolved.size(); ++j)
        slot[j] =
            static_cast<std::size_t>(std::lower_bound(states.begin(), states.end(), resolved[j]) - states.begin());

    const std::size_t n = ids.size();
    const auto H = static_cast<std::size_t>(d->cfg.hiddenSize);
    out.assign(layers.size(), std::vector<float>(n * H, 0.0f));
    EncodeStats local;
    local.sentences = static_cast<std::int64_t>(n);
    // Longest first, so that each batch's padding is small and its length known up front.
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return ids[a].size() > ids[b].size(); });
    // Two workers each hold a batch in flight: each gets half the token budget, so that the
    // memory of the activations stays what one worker's batch needs.
    const WorkerPlan plan = planWorkers(d->opt.threads, d->opt.workers, d->where.cuda);
    // The budget counts tokens of a model 384 wide (MiniLM); a wider one's batches hold
    // proportionally fewer, so that the activations in flight stay the same size
    // (all-mpnet-base-v2, 768 wide: its peak RSS went from 2.3 to 1.3 GB, RESULTS.md, Memory).
    const std::int64_t budget = std::max<std::int64_t>(
        1, d->opt.batchTokens * 384 / std::max<std::int64_t>(384, d->cfg.hiddenSize) / plan.workers);
    // Attention scores grow with T^2 (B x heads x T x T floats, twice: scores and softmax):
    // a batch of long sentences holds no more of them than the budget would at T =
    // kAttentionSpan (at T = 256 and budget 8,192: 8 sentences, not 32). Shorter batches are
    // cut by the token budget alone, so typical sentences batch as before.
    constexpr std::int64_t kAttentionSpan = 64;
    struct Batch {
        std::size_t pos, count;
        std::int64_t T;
    };
    std::vector<Batch> batches;
    for (std::size_t pos = 0; pos < n;) {
        const auto T = static_cast<std::int64_t>(std::max<std::size_t>(ids[order[pos]].size(), 1));
        const std::int64_t rows =
            std::min({budget / T, budget * kAttentionSpan / (T * T), std::int64_t{d->opt.maxBatch}});
        const std::size_t count = std::min(n - pos, static_cast<std::size_t>(std::max<std::int64_t>(1, rows)));
        batches.push_back({pos, count, T});
        for (std::size_t r = 0; r < count; ++r) local.tokens += static_cast<std::int64_t>(ids[order[pos + r]].size());
        local.paddedTokens += static_cast<std::int64_t>(count) * T;
        pos += count;
    }
    local.batches = static_cast<std::int64_t>(batches.size());
    // Each batch writes its own rows of out: the workers never touch the same memory.
    auto runBatch = [&](std::size_t b) {
        const auto [pos, count, T] = batches[b];
        const auto B = static_cast<std::int64_t>(count);
        at::Tensor idT = at::full({B, T}, d->tokenizer->padId(), at::kLong);
        at::Tensor maskT = at::zeros({B, T}, at::kLong);
        auto* ip = idT.data_ptr<std::int64_t>();
        auto* mp = maskT.data_ptr<std::int64_t>();
        for (std::size_t r = 0; r < count; ++r) {
            const auto& row = ids[order[pos + r]];
            for (std::size_t c = 0; c < row.size(); ++c) {
                ip[r * static_cast<std::size_t>(T) + c] = row[c];
                mp[r * static_cast<std::size_t>(T) + c] = 1;
            }
        }
        const auto pooled = d->pooled(idT, maskT, states, pooling);
        for (std::size_t j = 0; j < layers.size(); ++j) {
            const float* src = pooled[slot[j]].data_ptr<float>();
            for (std::size_t r = 0; r < count; ++r)
                std::memcpy(out[j].data() + order[pos + r] * H, src + r * H, sizeof(float) * H);
        }
    };
    if (auto s = runOnWorkers(batches.size(), plan, cancel, runBatch); !s) return s;
    local.forwardSeconds = secondsSince(t0);
    if (stats) stats->add(local);
    return {};
}

}  // namespace dl
