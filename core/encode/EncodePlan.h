#pragma once
// What an encode resolves before it loads any weights: the model (by content hash), the
// corpus, pooling, prompt, precision and the hidden-state index of each requested layer, and
// the embedding-set key each layer's vectors are stored under. Shared by the project encode
// (EncodeJob) and the sharded one (shard/EncodeShard), so both key their vectors alike.
#include <cstdint>
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
    // params.layerMean: the resolved layers (ascending, distinct) are averaged into one set.
    bool mean = false;
};

// Resolves model, corpus, layers and prompt; usage errors name the bad parameter. With `mean`
// the layers are sorted, must be distinct (12 and -1 are one layer of a 12-layer model) and
// are stored as one set (meanKeyFor).
Expected<EncodePlan> planEncode(const EncodeParams& params, std::vector<int> layers, Store& store, bool mean = false);
// The set key of hidden state `resolved` (the last layer is stored as -1).
EmbeddingKey embeddingKeyFor(const EncodePlan& plan, const EncodeParams& params, int resolved);
// The key of the one set of a mean plan: the deepest layer's key with EmbeddingKey::layerMean
// naming every averaged layer as stored ("8+10", "10+-1").
EmbeddingKey meanKeyFor(const EncodePlan& plan, const EncodeParams& params);
// Output j's key: meanKeyFor for a mean plan (one output), else embeddingKeyFor(resolved[j]).
EmbeddingKey outputKeyFor(const EncodePlan& plan, const EncodeParams& params, std::size_t j);
// A mean plan's vectors: the element-wise mean of the per-layer batches, into perLayer[0]
// (which is then the only one left).
void averageLayers(std::vector<std::vector<float>>& perLayer);

// Encoder options for the plan: the deepest requested layer is the last one loaded.
EncoderOptions encoderOptionsFor(const EncodePlan& plan, const EncodeParams& params);
// A batch of encoder output (rows x dim, the first row at corpus position firstPosition) with
// NaN or infinity fails, naming the corpus and the sentence: such vectors would flow on into
// every distance, PCA and GMM. Called before a batch is stored or written to a shard.
Status checkFiniteVectors(std::span<const float> vectors, int dim, const std::string& corpus,
                          std::int64_t firstPosition);

}  // namespace dl
