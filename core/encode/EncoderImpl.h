#pragma once
// TransformerEncoder's private state, shared by its two translation units
// (TransformerEncoder.cpp: loading, batching, pooling; EncoderFineTune.cpp: Domain-Finetune).
// Internal to core/encode; torch types only forward-declared.
#include <memory>
#include <span>
#include <vector>

#include "encode/EncoderNet.h"
#include "encode/TransformerEncoder.h"
#include "text/Tokenizer.h"

namespace dl {

struct TransformerEncoder::Impl {
    ModelConfig cfg;
    EncoderOptions opt;
    std::unique_ptr<Tokenizer> tokenizer;
    int maxLength = 512;
    int layer = 0;  // hidden-state index encode() pools
    NetPlacement where;
    std::string precision;  // resolved: fp32 / fp16 / bf16 / int8
    std::unique_ptr<EncoderNet> net;

    // Pooled vectors [B, H] (float32, CPU) of the given hidden states (ascending indices)
    // for one padded batch: ids int64 [B, T], mask int64 0/1 [B, T].
    std::vector<at::Tensor> pooled(const at::Tensor& ids, const at::Tensor& mask, std::span<const int> states,
                                   Pooling pooling) const;
};

}  // namespace dl
