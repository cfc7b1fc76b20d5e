#pragma once
// The encode job: embeds every sentence of a corpus side with a transformer encoder and
// stores the vectors in the project under (model content + precision + prompt, layer,
// pooling, side, normalisation): see store/Embeddings.h, encode/ModelIdentity.h. Several
// layers can be stored from one forward pass (runEncodeLayers), each as its own set.
// Commits one chunk of sentences per transaction, so a cancelled or crashed encode resumes
// at encodedCount(); encoding an already complete corpus is a no-op (the model is not even
// loaded). Sentences are streamed from the store: memory stays bounded on 1.5M sentences.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "encode/TransformerEncoder.h"
#include "jobs/ParamTable.h"
#include "jobs/Progress.h"
#include "store/Embeddings.h"

namespace dl {

class Store;

struct EncodeParams {
    std::string model;   // directory, HF id in the cache, or "" for the default model
    std::string corpus;  // "" = the project's only corpus
    Side side = Side::Source;
    int layer = -1;  // as EncoderOptions::layer
    std::vector<int> layers;  // runEncodeLayers: several hidden states (as layer), one pass
    bool allLayers = false;   // runEncodeLayers: every layer 1..L (overrides layers)
    // Several hidden states (as layer) averaged element-wise into ONE set (EmbeddingKey::layerMean):
    // the storage and cost of one layer. Empty = the one layer `layer`; excludes layers/allLayers.
    std::vector<int> layerMean;
    std::string prefix;       // prompt: "" = the model's default, "none", or a prompt name ("query", "passage")
    std::string pooling = "mean";
    bool normalize = false;
    StorageType storage = StorageType::Float16;
    std::int64_t batchTokens = 16384;
    int threads = 0;
    std::string device = "auto";
    // auto (encoderPrecision: fp32 on the CPU, fp16 on CUDA), fp32, bf16 or int8: what the
    // linear layers compute in (EncoderOptions::precision). The resolved precision, never
    // "auto", is part of the set's key.
    std::string precision = "auto";
    int chunkSentences = 4096;  // sentences per committed chunk
    // Stop once the first upTo sentences are encoded (0 = the whole corpus): explore's
    // progressive chunks. Not a CLI option (no table entry): `encode` always finishes the corpus.
    std::int64_t upTo = 0;
};

// encode's parameters declared once (encode/EncodeParamsTable.cpp): the CLI's options and
// --help, the Encode dialog's fields and JobFactory's values come from it.
const ParamTable<EncodeParams>& encodeParamTable();
// Every field within its range and choices, and a precision the device can compute in.
Status validateEncodeParams(const EncodeParams& params);
// What every front end does when the user named no layer (encode, explore; CLI, GUI, Python):
// the model's recommended layer (layer 10 of all-mpnet-base-v2, docs/clustering.md), else the
// last, and its recommended layer mean (8 and 10 for all-mpnet-base-v2) unless layerMean,
// layers or allLayers is already set. A model that cannot be resolved keeps params.layer; the
// job itself reports it.
void useRecommendedLayer(EncodeParams& params);

struct EncodeResult {
    std::int64_t setId = 0;
    std::int64_t corpusId = 0;
    std::string corpus;
    std::string model;       // the model's name (folder name or HF id)
    std::string modelPath;
    std::string modelHash;   // content hash: what identifies the set
    std::string precision;   // fp32 / bf16 / int8 (CPU), fp16 (CUDA default)
    std::string prefix;      // prompt name used ("" = none)
    std::string device;
    int dim = 0;
    int layer = -1;          // as stored in the key (-1 = last); a layer mean's deepest layer
    std::string layerMean;   // EmbeddingKey::layerMean ("8+10"), "" = one layer
    std::int64_t total = 0;           // sentences in the corpus
    std::int64_t alreadyEncoded = 0;  // encoded before this run (resume point)
    std::int64_t encoded = 0;         // encoded by this run
    std::int64_t truncated = 0;       // sentences of this run cut at the model's max length
    double seconds = 0;
    double sentencesPerSecond = 0;
    bool noop = false;
    EncodeStats stats;
    nlohmann::json toJson() const;  // what `encode --json` prints and the Python module returns
};

Expected<EncodeResult> runEncode(const EncodeParams& params, Store& store, ProgressSink& progress,
                                 const CancelToken& cancel);
// params.layers (or every layer 1..L with allLayers) stored as separate sets from
// one forward pass per batch; one result per layer, in the order given. With params.layerMean
// (and no layers), the one set of those layers' mean, as runEncode.
Expected<std::vector<EncodeResult>> runEncodeLayers(const EncodeParams& params, Store& store, ProgressSink& progress,
                                                    const CancelToken& cancel);

}  // namespace dl
