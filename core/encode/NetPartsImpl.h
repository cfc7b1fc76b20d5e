#pragma once
// Private to core/encode/*Net.cpp (includes ATen): the building blocks every encoder family
// shares, so BERT-style and GPT-2 networks normalise and activate the same way.
#include <ATen/ATen.h>

#include "encode/ModelConfig.h"

namespace dl::net {

struct Linear {
    at::Tensor w, b;  // w: [out, in]
    at::Tensor operator()(const at::Tensor& x) const { return at::linear(x, w, b); }
};
struct Norm {
    at::Tensor w, b;
};

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
