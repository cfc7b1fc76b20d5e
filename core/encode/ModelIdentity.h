#pragma once
// What identifies the vectors an encoder produces: the model's content (its weights,
// config and tokenizer files), not the name of its folder, plus the numeric precision the
// forward pass runs in. Embedding sets are keyed by this, so two different models in
// folders named alike never share vectors and a re-downloaded copy of the same model
// reuses what is encoded.
#include <string>

#include "common/Error.h"

namespace dl {

// SHA-256 over the sorted (file name, SHA-256 of the file) pairs of the files that decide
// the vectors: config.json, the weights (*.safetensors, model.safetensors.index.json) and
// the tokenizer files present. Hashing is full-content (collision-safe); file digests are
// cached in ${XDG_CACHE_HOME:-~/.cache}/domainlens/model-digests.json keyed by the file's
// canonical path, size and modification time, so a model is read in full only once.
// Thread-safe (the cache file is rewritten atomically; a lost update only costs a re-hash).
Expected<std::string> modelContentHash(const std::string& modelDir);

// The precision the encoder computes in for a device request (auto | cpu | cuda) and a
// precision request, as TransformerEncoder runs it: "" or "auto" = the device's default (fp16
// on CUDA, fp32 on the CPU); fp32, bf16 and int8 as asked (int8 runs on the CPU, with device
// auto too). A request that is not one of these names comes back unchanged: check it first.
// auto stays fp32 on CPUs with AVX512_BF16 too: bf16 vectors of all-mpnet-base-v2 (the default
// model) fell to cosine 0.99972 to fp32 on the held-out split, short of the 0.9999 bar
// (bench/encode/RESULTS.md, "Default precision").
std::string encoderPrecision(const std::string& device, const std::string& requested = "");
// Usage error unless `requested` is "", auto, fp32, bf16 or int8, or int8 is asked of CUDA.
Status checkPrecision(const std::string& requested, const std::string& device = "auto");

}  // namespace dl
