// GPT-2 as a sentence encoder (Aharoni & Goldberg's Table 1 row): decoder-only, causal
// self-attention, learned absolute positions, pre-LN blocks, a final ln_f. Checkpoints store
// the projections as Conv1D ([in, out], y = x W + b); they are transposed once at load.
// GPT-2 has no pad token: batches are right-padded and the mask keeps padded keys out
// (causality already keeps real queries off later padded keys); pooling ignores padded rows.
#include <ATen/ATen.h>
#include <cstdint>

#include <cmath>
#include <limits>

#include "encode/EncoderNet.h"
#include "encode/NetPartsImpl.h"
#include "encode/SafeTensors.h"
#include "encode/WeightLoader.h"

namespace dl {
namespace {

using net::Linear;  // Gpt2Net: w is the Conv1D weight transposed
using net::Norm;
struct Block {
    Norm ln1;
    Linear qkv;  // c_attn, query rows pre-scaled
    Linear proj;
    Norm ln2;
    Linear fc, fcProj;
};

class Gpt2Net final : public EncoderNet {
public:
    explicit Gpt2Net(const ModelConfig& cfg) : cfg_(cfg) {}
    Status load(const std::string& modelDir, int layers, std::int64_t vocabNeeded);
    void place(NetPlacement where);

    std::vector<at::Tensor> forward(const at::Tensor& ids, const at::Tensor& mask,
                                    std::span<const int> hiddenStates) const override;
    std::vector<at::Tensor*> parameters() override;
    int loadedLayers() const override { return static_cast<int>(blocks_.size()); }

private:
    at::Tensor layerNorm(const at::Tensor& x, const Norm& n) const { return net::layerNorm(x, n, cfg_); }
    at::Tensor activation(const at::Tensor& x) const { return net::activation(x, cfg_); }
    Status loadConv1D(const WeightLoader& w, Linear& dst, const std::string& name, std::int64_t in, std::int64_t out);
    Status loadBlock(const WeightLoader& w, int i);

    ModelConfig cfg_;
    at::Tensor wte_, wpe_;
    std::vector<Block> blocks_;
    Norm lnF_;  // loaded only with every block (it follows the last one)
};

Status Gpt2Net::loadConv1D(const WeightLoader& w, Linear& dst, const std::string& name, std::int64_t in,
                           std::int64_t out) {
    at::Tensor weight;
    if (auto s = w.load(weight, name + ".weight", {in, out}); !s) return s;
    if (auto s = w.load(dst.b, name + ".bias", {out}); !s) return s;
    dst.w = weight.t().contiguous();
    return {};
}

Status Gpt2Net::loadBlock(const WeightLoader& w, int i) {
    const std::int64_t H = cfg_.hiddenSize, I = cfg_.intermediateSize;
    const std::string p = "h." + std::to_string(i) + ".";
    Block b;
    for (auto s : {w.load(b.ln1.w, p + "ln_1.weight", {H}), w.load(b.ln1.b, p + "ln_1.bias", {H}),
                   loadConv1D(w, b.qkv, p + "attn.c_attn", H, 3 * H), loadConv1D(w, b.proj, p + "attn.c_proj", H, H),
                   w.load(b.ln2.w, p + "ln_2.weight", {H}), w.load(b.ln2.b, p + "ln_2.bias", {H}),
                   loadConv1D(w, b.fc, p + "mlp.c_fc", H, I), loadConv1D(w, b.fcProj, p + "mlp.c_proj", I, H)})
        if (!s) return s;
    // Fold the attention scale (1/sqrt(head dim), and 1/(layer+1) when configured) into the queries.
    double scale = 1.0 / std::sqrt(static_cast<double>(H / cfg_.numHeads));
    if (cfg_.scaleAttnByInverseLayerIdx) scale /= static_cast<double>(i + 1);
    b.qkv.w.narrow(0, 0, H).mul_(scale);
    b.qkv.b.narrow(0, 0, H).mul_(scale);
    blocks_.push_back(std::move(b));
    return {};
}

Status Gpt2Net::load(const std::string& modelDir, int layers, std::int64_t vocabNeeded) {
    auto st = SafeTensorsModel::openDir(modelDir);
    if (!st) return std::unexpected(st.error());
    auto w = WeightLoader::find(*st, {"", "transformer."}, "wte.weight", "GPT-2");
    if (!w) return std::unexpected(w.error());
    const std::int64_t H = cfg_.hiddenSize;
    const auto wteShape = w->shapeOf("wte.weight");
    if (wteShape.size() != 2 || wteShape[1] != H)
        return fail(w->describe() + ": wte.weight does not have n_embd " + std::to_string(H) + " columns.");
    if (vocabNeeded > wteShape[0])
        return fail("The tokenizer of " + modelDir + " has " + std::to_string(vocabNeeded) +
                    " tokens but the model only " + std::to_string(wteShape[0]) + " embeddings.");
    if (auto s = w->load(wte_, "wte.weight", {wteShape[0], H}); !s) return s;
    if (auto s = w->load(wpe_, "wpe.weight", {cfg_.maxPositions, H}); !s) return s;
    for (int i = 0; i < layers; ++i)
        if (auto s = loadBlock(*w, i); !s) return s;
    if (layers == cfg_.numLayers) {
        if (auto s = w->load(lnF_.w, "ln_f.weight", {H}); !s) return s;
        if (auto s = w->load(lnF_.b, "ln_f.bias", {H}); !s) return s;
    }
    return {};
}

void Gpt2Net::place(NetPlacement where) {
    const at::Device device = where.cuda ? at::Device(at::kCUDA, 0) : at::Device(at::kCPU);
    const auto dtype = where.half ? at::kHalf : at::kFloat;
    for (at::Tensor* t : parameters())
        if (t->defined()) *t = t->to(device, dtype).contiguous();
    for (auto& b : blocks_)
        for (net::Linear* l : {&b.qkv, &b.proj, &b.fc, &b.fcProj}) net::lowerPrecision(*l, where.gemm);
}

std::vector<at::Tensor*> Gpt2Net::parameters() {
    std::vector<at::Tensor*> p = {&wte_, &wpe_, &lnF_.w, &lnF_.b};
    for (auto& b : blocks_)
        for (at::Tensor* t : {&b.ln1.w, &b.ln1.b, &b.qkv.w, &b.qkv.b, &b.proj.w, &b.proj.b, &b.ln2.w, &b.ln2.b, &b.fc.w,
                              &b.fc.b, &b.fcProj.w, &b.fcProj.b})
            p.push_back(t);
    return p;
}

std::vector<at::Tensor> Gpt2Net::forward(const at::Tensor& idsCpu, const at::Tensor& maskCpu,
                                         std::span<const int> hiddenStates) const {
    const auto B = idsCpu.size(0), T = idsCpu.size(1);
    const std::int64_t H = cfg_.hiddenSize, nh = cfg_.numHeads, dh = H / nh;
    const auto device = wte_.device();
    const auto dtype = wte_.scalar_type();
    const at::Tensor ids = idsCpu.to(device);
    const at::Tensor mask = maskCpu.to(device);
    // Right padding: real tokens sit at positions 0..n-1, as transformers numbers them.
    const at::Tensor positions = at::arange(T, at::TensorOptions().dtype(at::kLong).device(device));
    at::Tensor x = at::embedding(wte_, ids) + at::embedding(wpe_, positions).unsqueeze(0);

    // Causal mask (key > query) and padded keys, additive, [B, 1, T, T]: broadcast over the
    // heads, not materialised at the scores' size.
    const float maskValue = dtype == at::kHalf ? -65504.0f : std::numeric_limits<float>::lowest();
    const at::Tensor future = at::triu(at::ones({T, T}, at::TensorOptions().dtype(at::kBool).device(device)), 1);
    const at::Tensor blocked = future.unsqueeze(0) | (mask == 0).view({B, 1, T});  // [B, T, T]
    const at::Tensor addMask = (blocked.to(dtype) * maskValue).unsqueeze(1);

    std::vector<at::Tensor> out;
    auto next = hiddenStates.begin();
    if (next != hiddenStates.end() && *next == 0) out.push_back(x), ++next;
    for (int i = 0; next != hiddenStates.end() && i < loadedLayers(); ++i) {
        const Block& b = blocks_[static_cast<std::size_t>(i)];
        const at::Tensor qkv = b.qkv(layerNorm(x, b.ln1)).view({B, T, 3, nh, dh}).permute({2, 0, 3, 1, 4});
        const at::Tensor q = qkv[0].reshape({B * nh, T, dh});
        const at::Tensor k = qkv[1].reshape({B * nh, T, dh});
        const at::Tensor v = qkv[2].reshape({B * nh, T, dh});
        at::Tensor scores = at::bmm(q, k.transpose(1, 2)).view({B, nh, T, T}).add_(addMask);
        at::Tensor probs = at::softmax(scores, -1).view({B * nh, T, T});
        scores = at::Tensor();
        const at::Tensor ctx = at::bmm(probs, v).view({B, nh, T, dh}).permute({0, 2, 1, 3}).reshape({B, T, H});
        probs = at::Tensor();
        x = x + b.proj(ctx);
        x = x + b.fcProj(activation(b.fc(layerNorm(x, b.ln2))));
        // transformers reports the last hidden state after ln_f, the others before it.
        const bool last = i + 1 == cfg_.numLayers;
        if (*next == i + 1) out.push_back(last ? layerNorm(x, lnF_) : x), ++next;
    }
    return out;
}

}  // namespace

Expected<std::unique_ptr<EncoderNet>> loadGpt2Net(const ModelConfig& cfg, const std::string& modelDir, int layers,
                                                  std::int64_t vocabNeeded, NetPlacement where) {
    auto net = std::make_unique<Gpt2Net>(cfg);
    if (auto s = net->load(modelDir, layers, vocabNeeded); !s) return std::unexpected(s.error());
    net->place(where);
    return std::unique_ptr<EncoderNet>(std::move(net));
}

}  // namespace dl
