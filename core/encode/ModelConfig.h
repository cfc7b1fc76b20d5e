#pragma once
// The parts of a Hugging Face config.json that the encoders need (BERT, DistilBERT,
// RoBERTa/XLM-R/CamemBERT, MPNet, GPT-2).
#include <string>

#include "common/Error.h"

namespace dl {

enum class Architecture { Bert, DistilBert, Roberta, MPNet, Gpt2 };
std::string architectureName(Architecture a);

struct ModelConfig {
    Architecture arch = Architecture::Bert;
    std::string modelType;  // as in config.json ("bert", "xlm-roberta", ...)
    int hiddenSize = 0;
    int numLayers = 0;
    int numHeads = 0;
    int intermediateSize = 0;
    int maxPositions = 512;
    int typeVocabSize = 2;
    int padTokenId = 0;
    double layerNormEps = 1e-12;
    std::string activation = "gelu";  // gelu | gelu_new | gelu_pytorch_tanh | relu
    std::string positionEmbeddingType = "absolute";
    int relativeAttentionBuckets = 32;       // MPNet: buckets of the shared relative position bias
    bool scaleAttnByInverseLayerIdx = false;  // GPT-2: scores also divided by (layer index + 1)
    // Longest input in tokens, specials included (max positions, tokenizer's model_max_length).
    int maxLength = 512;
};

// Reads modelDir/config.json (and tokenizer_config.json's model_max_length).
Expected<ModelConfig> loadModelConfig(const std::string& modelDir);

}  // namespace dl
