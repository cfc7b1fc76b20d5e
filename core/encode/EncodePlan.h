#pragma once
// What an encode resolves before it loads any weights: the model (by content hash), the
// corpus, pooling, prompt, precision and the hidden-state index of each requested layer, and
// the embedding-set key each layer's vectors are stored under. Shared by the project encode
// (EncodeJob) and the sharded one (shard/EncodeShard), so both key their vectors alike.
#include <span>
#include <string>
#include <vector>

#include "common/Error.h"
#include "encode/EncodeJob.h"
#include "encode/ModelCatalog.h"
#include "encode/ModelConfig.h"
#include "store/Corpora.h"

namespace dl {

class Store;

struct EncodePlan {
    ModelEntry model;
    ModelConfig cfg;
    CorpusInfo corpus;
    Pooling pooling = Pooling::Mean;
    std::string hash, precision, promptName, promptText;
    std::vector<int> resolved;  // hidden-state indices 0..L, one per requested layer
};

// Resolves model, corpus, layers and prompt; usage errors name the bad parameter.
Expected<EncodePlan> planEncode(const EncodeParams& params, std::vector<int> layers, Store& store);
// The set key of hidden state `resolved` (the last layer is stored as -1).
EmbeddingKey embeddingKeyFor(const EncodePlan& plan, const EncodeParams& params, int resolved);

// Encoder options for the plan: the deepest requested layer is the last one loaded.
EncoderOptions encoderOptionsFor(const EncodePlan& plan, const EncodeParams& params);
// A batch of encoder output (rows x dim, the first row at corpus position firstPosition) with
// NaN or infinity fails, naming the corpus and the sentence: such vectors would flow on into
// every distance, PCA and GMM. Called before a batch is stored or written to a shard.
Status checkFiniteVectors(std::span<const float> vectors, int dim, const std::string& corpus,
                          std::int64_t firstPosition);

}  // namespace dl
