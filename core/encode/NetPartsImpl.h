#pragma once
// Private to core/encode/*Net.cpp (includes ATen): the building blocks every encoder family
// shares, so BERT-style and GPT-2 networks normalise and activate the same way.
#include <ATen/ATen.h>

#include <memory>

#include "encode/EncoderNet.h"
#include "encode/ModelConfig.h"

namespace dl::net {

struct Int8Weights;  // NetParts.cpp: the weight quantised and packed for oneDNN

// A linear layer y = x w^T + b: float32 w and b (fine-tuning swaps them for trainable
// copies), or after lowerPrecision() only the form the GEMM runs in at bf16 or int8.
// Immutable after loading; operator() may run on several threads at once.
struct Linear {
    at::Tensor w, b;                    // w: [out, in]
    at::Tensor wBf16, bBf16;            // GemmPrecision::Bf16
    std::shared_ptr<const Int8Weights> int8;  // GemmPrecision::Int8
    // x: [..., in] float32 (or half on CUDA); the result has x's dtype.
    at::Tensor operator()(const at::Tensor& x) const;
};
struct Norm {
    at::Tensor w, b;
};

// Prepares l's weight for `p` (a no-op for Native): bf16 weight and bias, or the weight
// quantised to int8 per output channel (symmetric) and packed once, activations then
// quantised per call (dynamic quantisation, oneDNN's quantized engine). The float32 weight
// and bias are dropped (they would double the memory). Throws c10::Error
// when this libtorch cannot run it; TransformerEncoder checks supportsGemmPrecision() first.
void lowerPrecision(Linear& l, GemmPrecision p);
// Whether this libtorch can run the precision on the CPU (bf16: always; int8: oneDNN's
// quantized engine is compiled in).
bool supportsGemmPrecision(GemmPrecision p);

inline at::Tensor layerNorm(const at::Tensor& x, const Norm& n, const ModelConfig& cfg) {
    return at::layer_norm(x, {cfg.hiddenSize}, n.w, n.b, cfg.layerNormEps);
}

// config.json's hidden_act: gelu (erf), relu, else the tanh approximation (gelu_new, GPT-2's;
// gelu_pytorch_tanh; gelu_fast).
inline at::Tensor activation(const at::Tensor& x, const ModelConfig& cfg) {
    if (cfg.activation == "gelu") return at::gelu(x);
    if (cfg.activation == "relu") return at::relu(x);
    return at::gelu(x, "tanh");
}

}  // namespace dl::net
