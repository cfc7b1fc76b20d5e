#pragma once
// Sentence encoder: a Hugging Face BERT / DistilBERT / RoBERTa / XLM-R / MPNet / GPT-2 model
// run in libtorch (inference mode; the networks are in BertNet.cpp and Gpt2Net.cpp), pooled
// per sentence (mean over the attention mask — Aharoni & Goldberg's choice and the default —
// or CLS, or max) at any layer or several layers at once, optionally L2-normalised.
// Inputs are tokenized, sorted by length and cut into batches by a padded-token budget;
// results come back in input order. CUDA (fp16) when available and allowed, else CPU; the
// linear layers can run in bf16 or int8 instead (EncoderOptions::precision). Batches run on
// two inference workers on the CPU (InferenceWorkers.h).
// torch stays inside the .cpp (pimpl).
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/Error.h"
#include "encode/ModelConfig.h"
#include "jobs/Progress.h"

namespace dl {

class Tokenizer;

enum class Pooling { Mean, Cls, Max };
Expected<Pooling> parsePooling(const std::string& name);
std::string poolingName(Pooling p);

struct EncoderOptions {
    Pooling pooling = Pooling::Mean;
    // Hidden state to pool: 0 = embedding output, i = output of layer i, negative counts
    // from the end (-1 = last layer, the default).
    // Only the layers up to this one are loaded.
    int layer = -1;
    bool normalize = false;
    int maxLength = 0;                 // tokens incl. specials; 0 = the model's (512 for BERT)
    std::int64_t batchTokens = 16384;  // padded tokens in flight (split over the workers' batches)
    int maxBatch = 256;                // sentences per forward batch at most
    int threads = 0;                   // compute threads in all; 0 = libtorch's default (every core)
    int workers = 0;                   // inference workers on alternating batches; 0 = automatic
    std::string device = "auto";       // auto | cpu | cuda
    // What the linear layers compute in: "" = the device's default (fp32 on the CPU, fp16 on
    // CUDA), auto (encode's default: the same), fp32, bf16 (bf16 GEMMs) or int8 (dynamically
    // quantised GEMMs; CPU only, also with device auto). Layer norm, softmax and attention stay
    // float32. Part of the vectors' identity: see encoderPrecision() in ModelIdentity.h.
    std::string precision;
};

struct EncodeStats {
    std::int64_t sentences = 0;
    std::int64_t tokens = 0;        // real tokens (specials included)
    std::int64_t paddedTokens = 0;  // tokens the forward passes computed
    std::int64_t truncated = 0;     // sentences cut at maxLength
    std::int64_t batches = 0;
    double tokenizeSeconds = 0;
    double forwardSeconds = 0;
    void add(const EncodeStats& o);
};

// Domain-Finetune with the encoder trainable (Aharoni & Goldberg 2020, section 4): the whole
// transformer plus a logistic head on the pooled vector, binary cross-entropy, Adam.
struct FineTuneOptions {
    int epochs = 2;
    int batchSize = 16;
    double learningRate = 3e-5;
    double heldOutFraction = 0.1;
    std::uint64_t seed = 1;
    // Sentences per forward/backward pass inside a batch: a batch larger than this is
    // accumulated (the same Adam step as one pass over it, in less memory).
    int microBatch = 32;
};

struct FineTuneReport {
    std::int64_t positives = 0, negatives = 0;
    std::int64_t heldOut = 0, heldOutTruePositives = 0, heldOutSelected = 0, heldOutRelevant = 0;
    double finalLoss = 0;
    int epochs = 0;
};

class TransformerEncoder {
public:
    static Expected<std::unique_ptr<TransformerEncoder>> load(const std::string& modelDir,
                                                              const EncoderOptions& options = {});
    ~TransformerEncoder();
    TransformerEncoder(const TransformerEncoder&) = delete;
    TransformerEncoder& operator=(const TransformerEncoder&) = delete;

    int dim() const;
    const ModelConfig& config() const;
    const EncoderOptions& options() const;
    const Tokenizer& tokenizer() const;
    int maxLength() const;       // effective truncation length
    int resolvedLayer() const;   // the hidden-state index actually pooled (0..numLayers)
    std::string device() const;  // "cpu" / "cuda"
    std::string precision() const;  // fp32 / fp16 / bf16 / int8, as encoderPrecision() names it

    // Encodes sentences; out receives texts.size() x dim() floats, row-major, input order.
    // Returns Cancelled when the token is set (checked between batches).
    Status encode(std::span<const std::string> texts, std::vector<float>& out, EncodeStats* stats = nullptr,
                  const CancelToken* cancel = nullptr);
    // Same from token ids (specials included, already truncated).
    Status encodeIds(const std::vector<std::vector<std::int32_t>>& ids, std::vector<float>& out,
                     EncodeStats* stats = nullptr, const CancelToken* cancel = nullptr);

    // Pooled vectors of SEVERAL hidden states from one forward pass per batch (layer sweeps).
    // layers: hidden-state indices as in EncoderOptions::layer (0 = embedding output, i = layer
    // i, negative counts from the end), each at most resolvedLayer() once resolved (load with
    // layer -1, the default, to allow all of them); duplicates are fine. out is resized to
    // layers.size(); out[j] receives texts.size() x dim() floats for layers[j], row-major, input
    // order, pooled with `pooling`, L2-normalised when options().normalize.
    Status encodeLayers(std::span<const std::string> texts, const std::vector<int>& layers, Pooling pooling,
                        std::vector<std::vector<float>>& out, EncodeStats* stats = nullptr,
                        const CancelToken* cancel = nullptr);
    Status encodeIdsLayers(const std::vector<std::vector<std::int32_t>>& ids, const std::vector<int>& layers,
                           Pooling pooling, std::vector<std::vector<float>>& out, EncodeStats* stats = nullptr,
                           const CancelToken* cancel = nullptr);

    // Fine-tunes this encoder's weights and a head on positives vs negatives, then returns
    // P(positive) for every text of `score`. The encoder stays fine-tuned afterwards.
    Expected<std::vector<double>> fineTuneClassifier(std::span<const std::string> positives,
                                                     std::span<const std::string> negatives,
                                                     std::span<const std::string> score, const FineTuneOptions& options,
                                                     FineTuneReport* report, ProgressSink& progress,
                                                     const CancelToken& cancel);

private:
    TransformerEncoder();
    struct Impl;
    std::unique_ptr<Impl> d;
};

}  // namespace dl
