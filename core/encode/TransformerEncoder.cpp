#include "encode/TransformerEncoder.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <c10/core/InferenceMode.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <numeric>
#include <random>

#include "encode/SafeTensors.h"
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

struct Linear {
    at::Tensor w, b;
    at::Tensor operator()(const at::Tensor& x) const { return at::linear(x, w, b); }
};
struct Norm {
    at::Tensor w, b;
};
struct Layer {
    Linear qkv;  // query, key and value fused: [3H, H]
    Linear out;
    Norm attnNorm;
    Linear ff1, ff2;
    Norm outNorm;
};

// Finds and checks the tensors of one model.
class WeightLoader {
public:
    WeightLoader(const SafeTensorsModel& m, std::string prefix, std::string arch)
        : m_(m), prefix_(std::move(prefix)), arch_(std::move(arch)) {}

    Expected<at::Tensor> get(const std::string& name, std::vector<std::int64_t> shape) const {
        return getAny({name}, std::move(shape));
    }
    // First of several spellings (LayerNorm.weight / LayerNorm.gamma in older checkpoints).
    Expected<at::Tensor> getAny(std::initializer_list<std::string> names, std::vector<std::int64_t> shape) const {
        for (const auto& n : names) {
            auto f = m_.find(prefix_ + n);
            if (!f.entry) continue;
            if (f.entry->shape != shape) {
                std::string want, got;
                for (auto s : shape) want += (want.empty() ? "" : "x") + std::to_string(s);
                for (auto s : f.entry->shape) got += (got.empty() ? "" : "x") + std::to_string(s);
                return fail(f.file->path() + ": tensor " + prefix_ + n + " has shape " + got + ", expected " + want +
                            " from config.json.");
            }
            auto data = f.file->toFloat32(*f.entry);
            if (!data) return std::unexpected(data.error());
            at::Tensor t = at::empty(shape, at::kFloat);
            std::memcpy(t.data_ptr<float>(), data->data(), data->size() * sizeof(float));
            return t;
        }
        return fail(m_.describe() + " has no tensor " + prefix_ + *names.begin() + " (needed by the " + arch_ +
                    " encoder).");
    }

private:
    const SafeTensorsModel& m_;
    std::string prefix_;
    std::string arch_;
};

Status assignTo(at::Tensor& dst, Expected<at::Tensor> r) {
    if (!r) return std::unexpected(r.error());
    dst = std::move(*r);
    return {};
}

}  // namespace

struct TransformerEncoder::Impl {
    ModelConfig cfg;
    EncoderOptions opt;
    std::unique_ptr<Tokenizer> tokenizer;
    int maxLength = 512;
    int layer = 0;  // hidden-state index to pool
    at::Device device = at::kCPU;
    at::ScalarType dtype = at::kFloat;

    at::Tensor wordEmb, posEmb, typeEmb;  // typeEmb: row 0 only, [H]
    Norm embNorm;
    std::vector<Layer> layers;

    at::Tensor activation(const at::Tensor& x) const {
        const auto& a = cfg.activation;
        if (a == "gelu") return at::gelu(x);
        if (a == "relu") return at::relu(x);
        return at::gelu(x, "tanh");  // gelu_new, gelu_pytorch_tanh, gelu_fast
    }
    at::Tensor layerNorm(const at::Tensor& x, const Norm& n) const {
        return at::layer_norm(x, {cfg.hiddenSize}, n.w, n.b, cfg.layerNormEps);
    }

    Status loadWeights(const std::string& modelDir);
    // Pooled vectors [B, H] (float32, CPU) for a padded batch.
    at::Tensor forward(const at::Tensor& ids, const at::Tensor& mask) const;
};

Status TransformerEncoder::Impl::loadWeights(const std::string& modelDir) {
    auto st = SafeTensorsModel::openDir(modelDir);
    if (!st) return std::unexpected(st.error());
    // The checkpoint may carry the base model's prefix (bert., roberta., distilbert., ...).
    std::string prefix;
    bool found = false;
    for (const char* p : {"", "bert.", "roberta.", "distilbert.", "model.", "encoder.", "0.auto_model."}) {
        if (st->find(std::string(p) + "embeddings.word_embeddings.weight").entry) {
            prefix = p;
            found = true;
            break;
        }
    }
    const std::string archName = architectureName(cfg.arch);
    if (!found)
        return fail(st->describe() + " has no tensor embeddings.word_embeddings.weight (needed by the " + archName +
                    " encoder): is this a " + archName + " model?");
    WeightLoader w(*st, prefix, archName);
    const std::int64_t H = cfg.hiddenSize, I = cfg.intermediateSize;

    auto wordInfo = st->find(prefix + "embeddings.word_embeddings.weight").entry;
    if (wordInfo->shape.size() != 2 || wordInfo->shape[1] != H)
        return fail(st->describe() + ": embeddings.word_embeddings.weight does not have hidden size " +
                    std::to_string(H) + ".");
    const std::int64_t V = wordInfo->shape[0];
    if (tokenizer->vocabSize() > V)
        return fail("The tokenizer of " + modelDir + " has " + std::to_string(tokenizer->vocabSize()) +
                    " tokens but the model only " + std::to_string(V) + " embeddings.");

#define DL_TRY(var, expr) \
    if (auto s_ = assignTo(var, (expr)); !s_) return s_

    DL_TRY(wordEmb, w.get("embeddings.word_embeddings.weight", {V, H}));
    DL_TRY(posEmb, w.get("embeddings.position_embeddings.weight", {cfg.maxPositions, H}));
    if (cfg.arch != Architecture::DistilBert) {
        at::Tensor types;
        DL_TRY(types, w.get("embeddings.token_type_embeddings.weight", {cfg.typeVocabSize, H}));
        typeEmb = types[0].clone();
    }
    DL_TRY(embNorm.w, w.getAny({"embeddings.LayerNorm.weight", "embeddings.LayerNorm.gamma"}, {H}));
    DL_TRY(embNorm.b, w.getAny({"embeddings.LayerNorm.bias", "embeddings.LayerNorm.beta"}, {H}));

    // Only the layers up to the pooled one are needed.
    for (int i = 0; i < layer; ++i) {
        Layer L;
        at::Tensor qw, qb, kw, kb, vw, vb;
        if (cfg.arch == Architecture::DistilBert) {
            const std::string p = "transformer.layer." + std::to_string(i) + ".";
            DL_TRY(qw, w.get(p + "attention.q_lin.weight", {H, H}));
            DL_TRY(qb, w.get(p + "attention.q_lin.bias", {H}));
            DL_TRY(kw, w.get(p + "attention.k_lin.weight", {H, H}));
            DL_TRY(kb, w.get(p + "attention.k_lin.bias", {H}));
            DL_TRY(vw, w.get(p + "attention.v_lin.weight", {H, H}));
            DL_TRY(vb, w.get(p + "attention.v_lin.bias", {H}));
            DL_TRY(L.out.w, w.get(p + "attention.out_lin.weight", {H, H}));
            DL_TRY(L.out.b, w.get(p + "attention.out_lin.bias", {H}));
            DL_TRY(L.attnNorm.w, w.get(p + "sa_layer_norm.weight", {H}));
            DL_TRY(L.attnNorm.b, w.get(p + "sa_layer_norm.bias", {H}));
            DL_TRY(L.ff1.w, w.get(p + "ffn.lin1.weight", {I, H}));
            DL_TRY(L.ff1.b, w.get(p + "ffn.lin1.bias", {I}));
            DL_TRY(L.ff2.w, w.get(p + "ffn.lin2.weight", {H, I}));
            DL_TRY(L.ff2.b, w.get(p + "ffn.lin2.bias", {H}));
            DL_TRY(L.outNorm.w, w.get(p + "output_layer_norm.weight", {H}));
            DL_TRY(L.outNorm.b, w.get(p + "output_layer_norm.bias", {H}));
        } else {
            const std::string p = "encoder.layer." + std::to_string(i) + ".";
            DL_TRY(qw, w.get(p + "attention.self.query.weight", {H, H}));
            DL_TRY(qb, w.get(p + "attention.self.query.bias", {H}));
            DL_TRY(kw, w.get(p + "attention.self.key.weight", {H, H}));
            DL_TRY(kb, w.get(p + "attention.self.key.bias", {H}));
            DL_TRY(vw, w.get(p + "attention.self.value.weight", {H, H}));
            DL_TRY(vb, w.get(p + "attention.self.value.bias", {H}));
            DL_TRY(L.out.w, w.get(p + "attention.output.dense.weight", {H, H}));
            DL_TRY(L.out.b, w.get(p + "attention.output.dense.bias", {H}));
            DL_TRY(L.attnNorm.w, w.getAny({p + "attention.output.LayerNorm.weight", p + "attention.output.LayerNorm.gamma"}, {H}));
            DL_TRY(L.attnNorm.b, w.getAny({p + "attention.output.LayerNorm.bias", p + "attention.output.LayerNorm.beta"}, {H}));
            DL_TRY(L.ff1.w, w.get(p + "intermediate.dense.weight", {I, H}));
            DL_TRY(L.ff1.b, w.get(p + "intermediate.dense.bias", {I}));
            DL_TRY(L.ff2.w, w.get(p + "output.dense.weight", {H, I}));
            DL_TRY(L.ff2.b, w.get(p + "output.dense.bias", {H}));
            DL_TRY(L.outNorm.w, w.getAny({p + "output.LayerNorm.weight", p + "output.LayerNorm.gamma"}, {H}));
            DL_TRY(L.outNorm.b, w.getAny({p + "output.LayerNorm.bias", p + "output.LayerNorm.beta"}, {H}));
        }
        // Fold the attention scale 1/sqrt(head dim) into the query projection.
        const double scale = 1.0 / std::sqrt(static_cast<double>(H / cfg.numHeads));
        L.qkv.w = at::cat({qw * scale, kw, vw}, 0).contiguous();
        L.qkv.b = at::cat({qb * scale, kb, vb}, 0).contiguous();
        layers.push_back(std::move(L));
    }
#undef DL_TRY

    // Move to the compute device (fp16 on CUDA).
    auto move = [&](at::Tensor& t) {
        if (t.defined()) t = t.to(device, dtype).contiguous();
    };
    move(wordEmb);
    move(posEmb);
    move(typeEmb);
    move(embNorm.w);
    move(embNorm.b);
    for (auto& L : layers)
        for (at::Tensor* t : {&L.qkv.w, &L.qkv.b, &L.out.w, &L.out.b, &L.attnNorm.w, &L.attnNorm.b, &L.ff1.w,
                              &L.ff1.b, &L.ff2.w, &L.ff2.b, &L.outNorm.w, &L.outNorm.b})
            move(*t);
    return {};
}

at::Tensor TransformerEncoder::Impl::forward(const at::Tensor& idsCpu, const at::Tensor& maskCpu) const {
    const auto B = idsCpu.size(0), T = idsCpu.size(1);
    const std::int64_t H = cfg.hiddenSize, nh = cfg.numHeads, dh = H / nh;
    const at::Tensor ids = idsCpu.to(device);
    const at::Tensor mask = maskCpu.to(device);  // int64 0/1, [B, T]

    at::Tensor positions;
    if (cfg.arch == Architecture::Roberta) {
        // create_position_ids_from_input_ids: padding_idx + cumulative count of real tokens.
        positions = at::cumsum(mask, 1) * mask + cfg.padTokenId;
    } else {
        positions = at::arange(T, at::TensorOptions().dtype(at::kLong).device(device)).unsqueeze(0).expand({B, T});
    }
    at::Tensor x = at::embedding(wordEmb, ids) + at::embedding(posEmb, positions);
    if (typeEmb.defined()) x = x + typeEmb;
    x = layerNorm(x, embNorm);

    const float maskValue = dtype == at::kHalf ? -65504.0f : std::numeric_limits<float>::lowest();
    // Additive attention mask, one [T, T] slice per (sentence, head), built once per batch.
    const at::Tensor addMask =
        ((1 - mask).to(dtype) * maskValue).view({B, 1, 1, T}).expand({B, nh, T, T}).reshape({B * nh, T, T});
    for (int i = 0; i < layer; ++i) {
        const Layer& L = layers[static_cast<std::size_t>(i)];
        const at::Tensor qkv = L.qkv(x).view({B, T, 3, nh, dh}).permute({2, 0, 3, 1, 4});  // [3, B, nh, T, dh]
        const at::Tensor q = qkv[0].reshape({B * nh, T, dh});  // already scaled (see loadWeights)
        const at::Tensor k = qkv[1].reshape({B * nh, T, dh});
        const at::Tensor v = qkv[2].reshape({B * nh, T, dh});
        const at::Tensor probs = at::softmax(at::baddbmm(addMask, q, k.transpose(1, 2)), -1);
        const at::Tensor ctx = at::bmm(probs, v).view({B, nh, T, dh}).permute({0, 2, 1, 3}).reshape({B, T, H});
        x = layerNorm(L.out(ctx).add_(x), L.attnNorm);
        x = layerNorm(L.ff2(activation(L.ff1(x))).add_(x), L.outNorm);
    }

    at::Tensor hidden = x.to(at::kFloat);
    const at::Tensor m = mask.to(at::kFloat).unsqueeze(-1);  // [B, T, 1]
    at::Tensor pooled;
    switch (opt.pooling) {
    case Pooling::Mean:
        pooled = (hidden * m).sum(1) / m.sum(1).clamp_min(1e-9);
        break;
    case Pooling::Cls:
        pooled = hidden.select(1, 0);
        break;
    case Pooling::Max:
        pooled = std::get<0>(hidden.masked_fill(m == 0, -1e9).max(1));
        break;
    }
    if (opt.normalize) pooled = pooled / pooled.norm(2, {1}, true).clamp_min(1e-12);
    return pooled.to(at::kCPU).contiguous();
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
                          " has " + std::to_string(L) + " layers (use 0.." + std::to_string(L) + ", or -1 for the last).");
    d.layer = options.layer < 0 ? L + 1 + options.layer : options.layer;
    d.maxLength = options.maxLength > 0 ? std::min(options.maxLength, cfg->maxLength) : cfg->maxLength;
    if (d.maxLength < 2) return usageError("The maximum length must be at least 2 tokens.");
    if (options.batchTokens < 1 || options.maxBatch < 1) return usageError("The batch size must be positive.");

    if (options.device == "cuda") {
        if (!at::hasCUDA()) return fail("CUDA was requested but libtorch sees no CUDA device.");
        d.device = at::Device(at::kCUDA, 0);
    } else if (options.device == "auto") {
        d.device = at::hasCUDA() ? at::Device(at::kCUDA, 0) : at::Device(at::kCPU);
    } else if (options.device != "cpu") {
        return usageError("Unknown device \"" + options.device + "\" (use auto, cpu or cuda).");
    }
    d.dtype = d.device.is_cuda() ? at::kHalf : at::kFloat;
    if (options.threads > 0) at::set_num_threads(options.threads);

    auto tok = loadTokenizer(modelDir);
    if (!tok) return std::unexpected(tok.error());
    d.tokenizer = std::move(*tok);
    try {
        c10::InferenceMode guard;
        if (auto s = d.loadWeights(modelDir); !s) return std::unexpected(s.error());
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
std::string TransformerEncoder::device() const { return d->device.is_cuda() ? "cuda" : "cpu"; }

Status TransformerEncoder::encode(std::span<const std::string> texts, std::vector<float>& out, EncodeStats* stats,
                                  const CancelToken* cancel) {
    const auto t0 = Clock::now();
    std::vector<std::vector<std::int32_t>> ids(texts.size());
    std::vector<char> truncated(texts.size(), 0);
    const int maxLen = d->maxLength;
    const Tokenizer& tok = *d->tokenizer;
    // Tokenizers are const and thread-safe; spread the sentences over libtorch's pool.
    at::parallel_for(0, static_cast<std::int64_t>(texts.size()), 64, [&](std::int64_t b, std::int64_t e) {
        for (std::int64_t i = b; i < e; ++i) {
            auto r = tok.encode(texts[static_cast<std::size_t>(i)], maxLen);
            ids[static_cast<std::size_t>(i)] = std::move(r.ids);
            truncated[static_cast<std::size_t>(i)] = r.truncated ? 1 : 0;
        }
    });
    EncodeStats local;
    local.tokenizeSeconds = secondsSince(t0);
    local.truncated = std::count(truncated.begin(), truncated.end(), 1);
    auto s = encodeIds(ids, out, &local, cancel);
    if (stats) stats->add(local);
    return s;
}

Status TransformerEncoder::encodeIds(const std::vector<std::vector<std::int32_t>>& ids, std::vector<float>& out,
                                     EncodeStats* stats, const CancelToken* cancel) {
    const auto t0 = Clock::now();
    const std::size_t n = ids.size();
    const int H = d->cfg.hiddenSize;
    out.assign(n * static_cast<std::size_t>(H), 0.0f);
    EncodeStats local;
    local.sentences = static_cast<std::int64_t>(n);
    // Longest first, so that each batch's padding is small and its length known up front.
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ids[a].size() > ids[b].size(); });
    try {
        c10::InferenceMode guard;
        std::size_t pos = 0;
        while (pos < n) {
            if (cancel && cancel->isCancelled()) return cancelled();
            const auto T = static_cast<std::int64_t>(std::max<std::size_t>(ids[order[pos]].size(), 1));
            std::size_t count = 1;
            while (pos + count < n && static_cast<int>(count) < d->opt.maxBatch &&
                   static_cast<std::int64_t>(count + 1) * T <= d->opt.batchTokens)
                ++count;
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
                local.tokens += static_cast<std::int64_t>(row.size());
            }
            const at::Tensor pooled = d->forward(idT, maskT);
            const float* src = pooled.data_ptr<float>();
            for (std::size_t r = 0; r < count; ++r)
                std::memcpy(out.data() + order[pos + r] * static_cast<std::size_t>(H), src + r * static_cast<std::size_t>(H),
                            sizeof(float) * static_cast<std::size_t>(H));
            local.paddedTokens += B * T;
            ++local.batches;
            pos += count;
        }
    } catch (const std::exception& e) {
        return fail(std::string("The encoder failed: ") + e.what());
    }
    local.forwardSeconds = secondsSince(t0);
    if (stats) stats->add(local);
    return {};
}

namespace {

// Pads a batch of token-id rows into [B, T] ids and a 0/1 mask.
std::pair<at::Tensor, at::Tensor> padBatch(const std::vector<const std::vector<std::int32_t>*>& rows, std::int32_t padId) {
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

Expected<std::vector<double>> TransformerEncoder::fineTuneClassifier(std::span<const std::string> positives,
                                                                     std::span<const std::string> negatives,
                                                                     std::span<const std::string> score,
                                                                     const FineTuneOptions& o, FineTuneReport* report,
                                                                     ProgressSink& progress, const CancelToken& cancel) {
    if (positives.size() < 4 || negatives.size() < 4) return fail("Fine-tuning needs at least 4 positive and 4 negative sentences.");
    if (o.epochs < 1 || o.batchSize < 1) return usageError("Epochs and batch size must be positive.");
    Impl& m = *d;
    try {
        // The weights were loaded as inference tensors: train float32 copies of them.
        std::vector<at::Tensor*> slots = {&m.wordEmb, &m.posEmb, &m.typeEmb, &m.embNorm.w, &m.embNorm.b};
        for (auto& L : m.layers)
            for (at::Tensor* t : {&L.qkv.w, &L.qkv.b, &L.out.w, &L.out.b, &L.attnNorm.w, &L.attnNorm.b, &L.ff1.w, &L.ff1.b,
                                  &L.ff2.w, &L.ff2.b, &L.outNorm.w, &L.outNorm.b})
                slots.push_back(t);
        std::vector<at::Tensor> params;
        for (at::Tensor* t : slots) {
            if (!t->defined()) continue;
            *t = t->to(at::kFloat).clone().detach().requires_grad_(true);
            params.push_back(*t);
        }
        m.dtype = at::kFloat;
        const auto H = static_cast<std::int64_t>(m.cfg.hiddenSize);
        at::manual_seed(o.seed);
        at::Tensor headW = (at::randn({1, H}, at::TensorOptions().device(m.device)) * 0.02).requires_grad_(true);
        at::Tensor headB = at::zeros({1}, at::TensorOptions().device(m.device)).requires_grad_(true);
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
            at::Tensor pooled = m.forward(ids, mask).to(m.device);
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
        const std::int64_t stepsTotal = o.epochs * ((static_cast<std::int64_t>(train.size()) + o.batchSize - 1) / o.batchSize);
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
                std::vector<const std::vector<std::int32_t>*> rows;
                std::vector<float> labels;
                for (std::size_t i = b; i < std::min(train.size(), b + static_cast<std::size_t>(o.batchSize)); ++i) {
                    rows.push_back(&examples[train[i]].ids);
                    labels.push_back(examples[train[i]].label);
                }
                const at::Tensor y = at::tensor(labels).to(m.device);
                at::Tensor loss = at::binary_cross_entropy_with_logits(logits(rows), y);
                loss.backward();
                ++step;
                {
                    at::NoGradGuard noGrad;
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
                lossSum += loss.item<double>();
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
                const bool sel = p[static_cast<std::int64_t>(i)].item<float>() > 0.5f, rel = examples[which[i]].label > 0.5f;
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
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ids[a].size() > ids[b].size(); });
        std::vector<double> out(ids.size());
        for (std::size_t b = 0; b < order.size(); b += 64) {
            if (cancel.isCancelled()) return cancelled();
            std::vector<const std::vector<std::int32_t>*> rows;
            for (std::size_t i = b; i < std::min(order.size(), b + 64); ++i) rows.push_back(&ids[order[i]]);
            const at::Tensor p = at::sigmoid(logits(rows)).to(at::kCPU, at::kDouble).contiguous();
            for (std::size_t i = 0; i < rows.size(); ++i) out[order[b + i]] = p.data_ptr<double>()[i];
            progress.progress(static_cast<std::int64_t>(std::min(order.size(), b + 64)), static_cast<std::int64_t>(order.size()));
        }
        if (report) *report = r;
        return out;
    } catch (const std::exception& e) {
        return fail(std::string("Fine-tuning failed: ") + e.what());
    }
}

}  // namespace dl
