#pragma once
// The network of one encoder architecture family behind TransformerEncoder (internal to
// core/encode): BERT-style post-LN encoders (BERT, DistilBERT, RoBERTa/XLM-R, MPNet) in
// BertNet.cpp, GPT-2 (decoder-only, pre-LN, causal) in Gpt2Net.cpp. torch types are only
// forward-declared here: core headers stay free of torch (ARCHITECTURE.md).
// A net is immutable after loading except through parameters() (fine-tuning); forward() is
// const and may run on several threads at once (the encoder's inference workers).
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/Error.h"
#include "encode/ModelConfig.h"

namespace at {
class Tensor;
}

namespace dl {

// What the linear layers' GEMMs compute in. Native: the weights' dtype (float32, or fp16
// with NetPlacement::half). Bf16: bf16 weights and inputs, float32 accumulation. Int8:
// int8 weights per output channel, inputs quantised per call (dynamic quantisation), CPU
// only. Embeddings, layer norm, softmax, attention and activations stay float32 in both.
enum class GemmPrecision { Native, Bf16, Int8 };

struct NetPlacement {
    bool cuda = false;  // weights on CUDA device 0, else CPU
    bool half = false;  // fp16 weights (CUDA), else float32
    GemmPrecision gemm = GemmPrecision::Native;
};

class EncoderNet {
public:
    virtual ~EncoderNet() = default;
    // The hidden states [B, T, H] (the weights' dtype, on their device) with the requested
    // indices, ascending and each <= loadedLayers(): 0 = embedding output, i = after layer i
    // (as transformers' output_hidden_states; GPT-2's last one is after ln_f).
    // ids: int64 [B, T] on the CPU; mask: int64 0/1 [B, T], 1 for real tokens, right-padded.
    virtual std::vector<at::Tensor> forward(const at::Tensor& ids, const at::Tensor& mask,
                                            std::span<const int> hiddenStates) const = 0;
    // Every weight tensor, so that fine-tuning can swap in trainable copies.
    virtual std::vector<at::Tensor*> parameters() = 0;
    virtual int loadedLayers() const = 0;
};

// Reads the weights of the embeddings and layers 1..layers of cfg's architecture from
// modelDir's safetensors and places them. vocabNeeded: the tokenizer's size, checked against
// the embedding table.
Expected<std::unique_ptr<EncoderNet>> loadEncoderNet(const ModelConfig& cfg, const std::string& modelDir, int layers,
                                                     std::int64_t vocabNeeded, NetPlacement where);

// The per-family loaders loadEncoderNet dispatches to.
Expected<std::unique_ptr<EncoderNet>> loadBertNet(const ModelConfig& cfg, const std::string& modelDir, int layers,
                                                  std::int64_t vocabNeeded, NetPlacement where);
Expected<std::unique_ptr<EncoderNet>> loadGpt2Net(const ModelConfig& cfg, const std::string& modelDir, int layers,
                                                  std::int64_t vocabNeeded, NetPlacement where);

}  // namespace dl
