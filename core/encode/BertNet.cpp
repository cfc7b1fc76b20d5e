// Post-LN transformer encoders: BERT, DistilBERT, RoBERTa / XLM-R / CamemBERT and MPNet.
// They share one layer (self-attention + residual + LayerNorm, feed-forward + residual +
// LayerNorm) and differ in tensor names, position ids and MPNet's relative attention bias.
#include <ATen/ATen.h>
#include <cstdint>

#include <cmath>
#include <limits>
#include <utility>

#include "encode/EncoderNet.h"
#include "encode/NetPartsImpl.h"
#include "encode/SafeTensors.h"
#include "encode/WeightLoader.h"

namespace dl {
namespace {

using net::Linear;
using net::Norm;
struct Layer {
    Linear qkv;  // query (pre-scaled), key and value fused: [3H, H]
    Linear out;
    Norm attnNorm;
    Linear ff1, ff2;
    Norm outNorm;
};

// Tensor names of one layer in each family's checkpoints.
struct LayerNames {
    std::string q, k, v, out, attnNorm, ff1, ff2, outNorm;
};
LayerNames layerNames(Architecture arch, int i) {
    const std::string n = std::to_string(i);
    if (arch == Architecture::DistilBert) {
        const std::string p = "transformer.layer." + n + ".";
        return {p + "attention.q_lin", p + "attention.k_lin", p + "attention.v_lin", p + "attention.out_lin",
                p + "sa_layer_norm",   p + "ffn.lin1",        p + "ffn.lin2",        p + "output_layer_norm"};
    }
    const std::string p = "encoder.layer." + n + ".";
    if (arch == Architecture::MPNet)
        return {p + "attention.attn.q",    p + "attention.attn.k",   p + "attention.attn.v", p + "attention.attn.o",
                p + "attention.LayerNorm", p + "intermediate.dense", p + "output.dense",     p + "output.LayerNorm"};
    return {p + "attention.self.query",
            p + "attention.self.key",
            p + "attention.self.value",
            p + "attention.output.dense",
            p + "attention.output.LayerNorm",
            p + "intermediate.dense",
            p + "output.dense",
            p + "output.LayerNorm"};
}

// MPNetEncoder.relative_position_bucket, op for op (float32 log), so buckets match exactly.
at::Tensor relativeBuckets(std::int64_t T, int numBuckets, int maxDistance = 128) {
    const auto pos = at::arange(T, at::kLong);
    const at::Tensor rel = pos.unsqueeze(0) - pos.unsqueeze(1);  // memory - context: [q, k]
    at::Tensor n = -rel;
    const int half = numBuckets / 2;
    at::Tensor ret = (n < 0).to(at::kLong) * half;
    n = at::abs(n);
    const int maxExact = half / 2;
    const at::Tensor isSmall = n < maxExact;
    at::Tensor large = maxExact + (at::log(n.to(at::kFloat) / maxExact) /
                                   std::log(static_cast<double>(maxDistance) / maxExact) * (half - maxExact))
                                      .to(at::kLong);
    large = at::minimum(large, at::full_like(large, half - 1));
    return ret + at::where(isSmall, n, large);
}

class BertNet final : public EncoderNet {
public:
    explicit BertNet(const ModelConfig& cfg) : cfg_(cfg) {}
    Status load(const std::string& modelDir, int layers, std::int64_t vocabNeeded);
    void place(NetPlacement where);

    std::vector<at::Tensor> forward(const at::Tensor& ids, const at::Tensor& mask,
                                    std::span<const int> hiddenStates) const override;
    std::vector<at::Tensor*> parameters() override;
    int loadedLayers() const override { return static_cast<int>(layers_.size()); }

private:
    at::Tensor layerNorm(const at::Tensor& x, const Norm& n) const { return net::layerNorm(x, n, cfg_); }
    at::Tensor activation(const at::Tensor& x) const { return net::activation(x, cfg_); }
    at::Tensor embed(const at::Tensor& ids, const at::Tensor& mask) const;
    // Additive attention masks, broadcast onto the scores [B, nh, T, T] rather than
    // materialised at that size (B x nh x T x T floats was the largest tensor of a long batch):
    // padding [B, 1, 1, T], and MPNet's relative position bias [1, nh, T, T] (else undefined).
    std::pair<at::Tensor, at::Tensor> attentionBias(const at::Tensor& mask, std::int64_t B, std::int64_t T) const;
    Status loadLayer(const WeightLoader& w, int i);

    ModelConfig cfg_;
    at::Tensor wordEmb_, posEmb_, typeEmb_;  // typeEmb_: row 0 only, [H]
    Norm embNorm_;
    at::Tensor relBias_;  // MPNet: [buckets, heads], shared by every layer
    std::vector<Layer> layers_;
};

Status BertNet::loadLayer(const WeightLoader& w, int i) {
    const std::int64_t H = cfg_.hiddenSize, I = cfg_.intermediateSize;
    const LayerNames n = layerNames(cfg_.arch, i);
    Layer L;
    at::Tensor qw, qb, kw, kb, vw, vb;
    // Older checkpoints spell LayerNorm weights gamma/beta.
    for (auto s :
         {w.load(qw, n.q + ".weight", {H, H}), w.load(qb, n.q + ".bias", {H}), w.load(kw, n.k + ".weight", {H, H}),
          w.load(kb, n.k + ".bias", {H}), w.load(vw, n.v + ".weight", {H, H}), w.load(vb, n.v + ".bias", {H}),
          w.load(L.out.w, n.out + ".weight", {H, H}), w.load(L.out.b, n.out + ".bias", {H}),
          w.loadAny(L.attnNorm.w, {n.attnNorm + ".weight", n.attnNorm + ".gamma"}, {H}),
          w.loadAny(L.attnNorm.b, {n.attnNorm + ".bias", n.attnNorm + ".beta"}, {H}),
          w.load(L.ff1.w, n.ff1 + ".weight", {I, H}), w.load(L.ff1.b, n.ff1 + ".bias", {I}),
          w.load(L.ff2.w, n.ff2 + ".weight", {H, I}), w.load(L.ff2.b, n.ff2 + ".bias", {H}),
          w.loadAny(L.outNorm.w, {n.outNorm + ".weight", n.outNorm + ".gamma"}, {H}),
          w.loadAny(L.outNorm.b, {n.outNorm + ".bias", n.outNorm + ".beta"}, {H})})
        if (!s) return s;
    // Fold the attention scale 1/sqrt(head dim) into the query projection.
    const double scale = 1.0 / std::sqrt(static_cast<double>(H / cfg_.numHeads));
    L.qkv.w = at::cat({qw * scale, kw, vw}, 0).contiguous();
    L.qkv.b = at::cat({qb * scale, kb, vb}, 0).contiguous();
    layers_.push_back(std::move(L));
    return {};
}

Status BertNet::load(const std::string& modelDir, int layers, std::int64_t vocabNeeded) {
    auto st = SafeTensorsModel::openDir(modelDir);
    if (!st) return std::unexpected(st.error());
    // The checkpoint may carry the base model's prefix (bert., roberta., mpnet., ...).
    auto w = WeightLoader::find(
        *st, {"", "bert.", "roberta.", "distilbert.", "mpnet.", "model.", "encoder.", "0.auto_model."},
        "embeddings.word_embeddings.weight", architectureName(cfg_.arch));
    if (!w) return std::unexpected(w.error());
    const std::int64_t H = cfg_.hiddenSize;
    const auto wordShape = w->shapeOf("embeddings.word_embeddings.weight");
    if (wordShape.size() != 2 || wordShape[1] != H)
        return fail(w->describe() + ": embeddings.word_embeddings.weight does not have hidden size " +
                    std::to_string(H) + ".");
    const std::int64_t V = wordShape[0];
    if (vocabNeeded > V)
        return fail("The tokenizer of " + modelDir + " has " + std::to_string(vocabNeeded) +
                    " tokens but the model only " + std::to_string(V) + " embeddings.");
    if (auto s = w->load(wordEmb_, "embeddings.word_embeddings.weight", {V, H}); !s) return s;
    if (auto s = w->load(posEmb_, "embeddings.position_embeddings.weight", {cfg_.maxPositions, H}); !s) return s;
    if (cfg_.arch == Architecture::Bert || cfg_.arch == Architecture::Roberta) {
        at::Tensor types;
        if (auto s = w->load(types, "embeddings.token_type_embeddings.weight", {cfg_.typeVocabSize, H}); !s) return s;
        typeEmb_ = types[0].clone();
    }
    if (auto s = w->loadAny(embNorm_.w, {"embeddings.LayerNorm.weight", "embeddings.LayerNorm.gamma"}, {H}); !s)
        return s;
    if (auto s = w->loadAny(embNorm_.b, {"embeddings.LayerNorm.bias", "embeddings.LayerNorm.beta"}, {H}); !s) return s;
    if (cfg_.arch == Architecture::MPNet)
        if (auto s = w->load(relBias_, "encoder.relative_attention_bias.weight",
                             {cfg_.relativeAttentionBuckets, cfg_.numHeads});
            !s)
            return s;
    for (int i = 0; i < layers; ++i)
        if (auto s = loadLayer(*w, i); !s) return s;
    return {};
}

void BertNet::place(NetPlacement where) {
    const at::Device device = where.cuda ? at::Device(at::kCUDA, 0) : at::Device(at::kCPU);
    const auto dtype = where.half ? at::kHalf : at::kFloat;
    for (at::Tensor* t : parameters())
        if (t->defined()) *t = t->to(device, dtype).contiguous();
    for (auto& L : layers_)
        for (net::Linear* l : {&L.qkv, &L.out, &L.ff1, &L.ff2}) net::lowerPrecision(*l, where.gemm);
}

std::vector<at::Tensor*> BertNet::parameters() {
    std::vector<at::Tensor*> p = {&wordEmb_, &posEmb_, &typeEmb_, &embNorm_.w, &embNorm_.b, &relBias_};
    for (auto& L : layers_)
        for (at::Tensor* t : {&L.qkv.w, &L.qkv.b, &L.out.w, &L.out.b, &L.attnNorm.w, &L.attnNorm.b, &L.ff1.w, &L.ff1.b,
                              &L.ff2.w, &L.ff2.b, &L.outNorm.w, &L.outNorm.b})
            p.push_back(t);
    return p;
}

at::Tensor BertNet::embed(const at::Tensor& ids, const at::Tensor& mask) const {
    const auto B = ids.size(0), T = ids.size(1);
    at::Tensor positions;
    if (cfg_.arch == Architecture::Roberta || cfg_.arch == Architecture::MPNet) {
        // create_position_ids_from_input_ids: padding_idx + cumulative count of real tokens.
        positions = at::cumsum(mask, 1) * mask + cfg_.padTokenId;
    } else {
        positions =
            at::arange(T, at::TensorOptions().dtype(at::kLong).device(ids.device())).unsqueeze(0).expand({B, T});
    }
    at::Tensor x = at::embedding(wordEmb_, ids) + at::embedding(posEmb_, positions);
    if (typeEmb_.defined()) x = x + typeEmb_;
    return layerNorm(x, embNorm_);
}

std::pair<at::Tensor, at::Tensor> BertNet::attentionBias(const at::Tensor& mask, std::int64_t B, std::int64_t T) const {
    const auto dtype = wordEmb_.scalar_type();
    // lowest() + a score or bias stays finite (it rounds to lowest()): no -inf, no NaN rows.
    const float maskValue = dtype == at::kHalf ? -65504.0f : std::numeric_limits<float>::lowest();
    at::Tensor padding = ((1 - mask).to(dtype) * maskValue).view({B, 1, 1, T});
    if (!relBias_.defined()) return {padding, at::Tensor()};
    // compute_position_bias: one [heads, T, T] table from the bucketed relative positions,
    // computed once per batch and added in every layer.
    const at::Tensor buckets = relativeBuckets(T, cfg_.relativeAttentionBuckets).to(relBias_.device());
    return {padding, at::embedding(relBias_, buckets).permute({2, 0, 1}).unsqueeze(0).contiguous()};  // [1, nh, T, T]
}

std::vector<at::Tensor> BertNet::forward(const at::Tensor& idsCpu, const at::Tensor& maskCpu,
                                         std::span<const int> hiddenStates) const {
    const auto B = idsCpu.size(0), T = idsCpu.size(1);
    const std::int64_t H = cfg_.hiddenSize, nh = cfg_.numHeads, dh = H / nh;
    const at::Tensor ids = idsCpu.to(wordEmb_.device());
    const at::Tensor mask = maskCpu.to(wordEmb_.device());
    std::vector<at::Tensor> out;
    auto next = hiddenStates.begin();
    at::Tensor x = embed(ids, mask);
    if (next != hiddenStates.end() && *next == 0) out.push_back(x), ++next;
    const auto [padding, positionBias] = attentionBias(mask, B, T);
    for (int i = 0; next != hiddenStates.end() && i < loadedLayers(); ++i) {
        const Layer& L = layers_[static_cast<std::size_t>(i)];
        const at::Tensor qkv = L.qkv(x).view({B, T, 3, nh, dh}).permute({2, 0, 3, 1, 4});  // [3, B, nh, T, dh]
        const at::Tensor q = qkv[0].reshape({B * nh, T, dh});  // already scaled (see loadLayer)
        const at::Tensor k = qkv[1].reshape({B * nh, T, dh});
        const at::Tensor v = qkv[2].reshape({B * nh, T, dh});
        // The scores' only copy, masked in place; softmax makes the second [B, nh, T, T].
        at::Tensor scores = at::bmm(q, k.transpose(1, 2)).view({B, nh, T, T});
        if (positionBias.defined()) scores.add_(positionBias);
        scores.add_(padding);
        at::Tensor probs = at::softmax(scores, -1).view({B * nh, T, T});
        scores = at::Tensor();
        const at::Tensor ctx = at::bmm(probs, v).view({B, nh, T, dh}).permute({0, 2, 1, 3}).reshape({B, T, H});
        probs = at::Tensor();
        x = layerNorm(L.out(ctx).add_(x), L.attnNorm);
        x = layerNorm(L.ff2(activation(L.ff1(x))).add_(x), L.outNorm);
        if (*next == i + 1) out.push_back(x), ++next;
    }
    return out;
}

}  // namespace

Expected<std::unique_ptr<EncoderNet>> loadBertNet(const ModelConfig& cfg, const std::string& modelDir, int layers,
                                                  std::int64_t vocabNeeded, NetPlacement where) {
    auto net = std::make_unique<BertNet>(cfg);
    if (auto s = net->load(modelDir, layers, vocabNeeded); !s) return std::unexpected(s.error());
    net->place(where);
    return std::unique_ptr<EncoderNet>(std::move(net));
}

}  // namespace dl
