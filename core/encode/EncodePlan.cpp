#include "encode/EncodePlan.h"

#include <algorithm>
#include <cstdint>

#include "common/FiniteRows.h"
#include "encode/ModelIdentity.h"
#include "store/Store.h"

namespace dl {

Expected<EncodePlan> planEncode(const EncodeParams& params, std::vector<int> layers, Store& store, bool mean) {
    EncodePlan p;
    p.mean = mean;
    auto pooling = parsePooling(params.pooling);
    if (!pooling) return std::unexpected(pooling.error());
    p.pooling = *pooling;
    if (params.chunkSentences < 1) return usageError("The chunk size must be positive.");
    auto model = resolveModel(params.model);
    if (!model) return std::unexpected(model.error());
    p.model = *model;
    auto corpus = resolveCorpus(store, params.corpus);
    if (!corpus) return std::unexpected(corpus.error());
    p.corpus = *corpus;
    if (params.side == Side::Target && !corpus->parallel)
        return usageError("The corpus " + corpus->name + " has no target side.");
    // The key needs config.json and the content hash (cached); a complete set returns
    // before the weights are loaded.
    auto cfg = loadModelConfig(model->path);
    if (!cfg) return std::unexpected(cfg.error());
    p.cfg = *cfg;
    const int L = cfg->numLayers;
    if (params.allLayers) {
        layers.clear();
        for (int l = 1; l <= L; ++l) layers.push_back(l);
    }
    if (layers.empty()) return usageError("No layer to encode.");
    for (int layer : layers) {
        if (layer > L || layer < -(L + 1))
            return usageError("Layer " + std::to_string(layer) + " does not exist: " + model->name + " has " +
                              std::to_string(L) + " layers.");
        p.resolved.push_back(layer < 0 ? L + 1 + layer : layer);
    }
    if (mean) {
        std::sort(p.resolved.begin(), p.resolved.end());
        if (std::adjacent_find(p.resolved.begin(), p.resolved.end()) != p.resolved.end() || p.resolved.size() < 2)
            return usageError("--layer-mean needs at least two different layers (" + model->name + " has " +
                              std::to_string(L) + "; -1 is the last).");
    }
    auto prompt = resolvePrompt(model->path, params.prefix);
    if (!prompt) return std::unexpected(prompt.error());
    p.promptName = prompt->first;
    p.promptText = prompt->second;
    auto hash = modelContentHash(model->path);
    if (!hash) return std::unexpected(hash.error());
    p.hash = *hash;
    if (auto s = checkPrecision(params.precision, params.device); !s) return std::unexpected(s.error());
    p.precision = encoderPrecision(params.device, params.precision);
    return p;
}

EmbeddingKey embeddingKeyFor(const EncodePlan& p, const EncodeParams& params, int resolved) {
    EmbeddingKey key;
    key.model = p.model.name;
    key.layer = resolved == p.cfg.numLayers ? -1 : resolved;
    key.pooling = poolingName(p.pooling);
    key.side = params.side;
    key.normalized = params.normalize;
    key.modelHash = p.hash;
    key.precision = p.precision;
    key.prefix = p.promptName;
    return key;
}

EmbeddingKey meanKeyFor(const EncodePlan& p, const EncodeParams& params) {
    EmbeddingKey key = embeddingKeyFor(p, params, p.resolved.back());
    for (int r : p.resolved)
        key.layerMean += (key.layerMean.empty() ? "" : "+") + std::to_string(r == p.cfg.numLayers ? -1 : r);
    return key;
}

EmbeddingKey outputKeyFor(const EncodePlan& p, const EncodeParams& params, std::size_t j) {
    return p.mean ? meanKeyFor(p, params) : embeddingKeyFor(p, params, p.resolved[j]);
}

void averageLayers(std::vector<std::vector<float>>& perLayer) {
    if (perLayer.size() < 2) return;
    auto& out = perLayer.front();
    const float inv = 1.0f / static_cast<float>(perLayer.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        float sum = out[i];
        for (std::size_t l = 1; l < perLayer.size(); ++l) sum += perLayer[l][i];
        out[i] = sum * inv;
    }
    perLayer.resize(1);
}

EncoderOptions encoderOptionsFor(const EncodePlan& p, const EncodeParams& params) {
    EncoderOptions eo;
    eo.pooling = p.pooling;
    eo.layer = *std::max_element(p.resolved.begin(), p.resolved.end());  // layers above it are not loaded
    eo.normalize = params.normalize;
    eo.batchTokens = params.batchTokens;
    eo.threads = params.threads;
    eo.device = params.device;
    eo.precision = params.precision;
    return eo;
}

Status checkFiniteVectors(std::span<const float> vectors, int dim, const std::string& corpus,
                          std::int64_t firstPosition) {
    const auto bad = firstNonFiniteRow(vectors, static_cast<std::size_t>(std::max(dim, 1)));
    if (!bad) return {};
    const auto rows = static_cast<std::int64_t>(vectors.size()) / std::max(dim, 1);
    const auto row = static_cast<std::int64_t>(*bad);
    return fail("The encoder produced values that are not finite numbers (NaN or infinity) for corpus " + corpus +
                ", sentence " + std::to_string(firstPosition + row + 1) + " (of sentences " +
                std::to_string(firstPosition + 1) + ".." + std::to_string(firstPosition + rows) +
                " in this batch); nothing of this batch was stored. The model's weights may be damaged.");
}

}  // namespace dl
