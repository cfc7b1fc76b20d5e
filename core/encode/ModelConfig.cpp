#include "encode/ModelConfig.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>

#include <nlohmann/json.hpp>

#include "common/JsonText.h"

namespace dl {

std::string architectureName(Architecture a) {
    switch (a) {
    case Architecture::Bert: return "BERT";
    case Architecture::DistilBert: return "DistilBERT";
    case Architecture::Roberta: return "RoBERTa";
    case Architecture::MPNet: return "MPNet";
    case Architecture::Gpt2: return "GPT-2";
    }
    return "?";
}

namespace {
Expected<ModelConfig> readModelConfig(const std::string& modelDir);
}  // namespace

// nlohmann's value()/get() throw on a field of the wrong type ("model_type": 5): a malformed
// config.json is an error message, not std::terminate (found by tests/fuzz).
Expected<ModelConfig> loadModelConfig(const std::string& modelDir) {
    try {
        return readModelConfig(modelDir);
    } catch (const nlohmann::json::exception& e) {
        return fail((std::filesystem::path(modelDir) / "config.json").string() +
                    " has a field of an unexpected type (" + e.what() + ").");
    }
}

namespace {
Expected<ModelConfig> readModelConfig(const std::string& modelDir) {
    namespace fs = std::filesystem;
    const auto path = (fs::path(modelDir) / "config.json").string();
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("No config.json in " + modelDir + ": not a Hugging Face model directory.");
    bool tooDeep = false;
    auto j = parseJsonOrDiscarded(in, &tooDeep);
    if (j.is_discarded() || !j.is_object()) return fail(path + " is not valid JSON" + tooDeepNote(tooDeep) + ".");
    ModelConfig c;
    c.modelType = j.value("model_type", std::string());
    const auto& t = c.modelType;
    if (t == "bert" || t == "megatron-bert") {
        c.arch = Architecture::Bert;
    } else if (t == "distilbert") {
        c.arch = Architecture::DistilBert;
    } else if (t == "roberta" || t == "xlm-roberta" || t == "camembert") {
        c.arch = Architecture::Roberta;
    } else if (t == "mpnet") {
        c.arch = Architecture::MPNet;
    } else if (t == "gpt2") {
        c.arch = Architecture::Gpt2;
    } else {
        return fail(path + ": model_type \"" + t +
                    "\" is not supported (supported: bert, distilbert, roberta, xlm-roberta, camembert, mpnet, gpt2).");
    }
    auto need = [&](const char* key, int& out) -> Status {
        if (!j.contains(key) || !j[key].is_number_integer())
            return fail(path + ": the field \"" + key + "\" is missing or not an integer.");
        out = j[key].get<int>();
        if (out <= 0) return fail(path + ": the field \"" + key + "\" must be positive.");
        return {};
    };
    Status s;
    if (c.arch == Architecture::DistilBert) {
        if (!(s = need("dim", c.hiddenSize)) || !(s = need("n_layers", c.numLayers)) ||
            !(s = need("n_heads", c.numHeads)) || !(s = need("hidden_dim", c.intermediateSize)))
            return std::unexpected(s.error());
        c.activation = j.value("activation", std::string("gelu"));
        c.layerNormEps = 1e-12;
        c.typeVocabSize = 0;
        if (j.value("sinusoidal_pos_embds", false)) {
            // The sinusoidal table is stored in the checkpoint like a learned one; nothing to do.
        }
    } else if (c.arch == Architecture::Gpt2) {
        if (!(s = need("n_embd", c.hiddenSize)) || !(s = need("n_layer", c.numLayers)) ||
            !(s = need("n_head", c.numHeads)))
            return std::unexpected(s.error());
        c.intermediateSize = 4 * c.hiddenSize;  // n_inner: null means 4 x n_embd
        if (j.contains("n_inner") && !j["n_inner"].is_null() && !(s = need("n_inner", c.intermediateSize)))
            return std::unexpected(s.error());
        c.activation = j.value("activation_function", std::string("gelu_new"));
        c.layerNormEps = j.value("layer_norm_epsilon", 1e-5);
        c.typeVocabSize = 0;
        if (!j.value("scale_attn_weights", true)) return fail(path + ": scale_attn_weights false is not supported.");
        c.scaleAttnByInverseLayerIdx = j.value("scale_attn_by_inverse_layer_idx", false);
        if (j.value("add_cross_attention", false))
            return fail(path + ": GPT-2 with add_cross_attention is not supported (encoder-decoder use).");
    } else {
        if (!(s = need("hidden_size", c.hiddenSize)) || !(s = need("num_hidden_layers", c.numLayers)) ||
            !(s = need("num_attention_heads", c.numHeads)) || !(s = need("intermediate_size", c.intermediateSize)))
            return std::unexpected(s.error());
        c.activation = j.value("hidden_act", std::string("gelu"));
        c.layerNormEps = j.value("layer_norm_eps", 1e-12);
        c.typeVocabSize = j.value("type_vocab_size", 2);
        c.positionEmbeddingType = j.value("position_embedding_type", std::string("absolute"));
        if (c.positionEmbeddingType.empty()) c.positionEmbeddingType = "absolute";
        if (c.positionEmbeddingType != "absolute")
            return fail(path + ": position_embedding_type \"" + c.positionEmbeddingType +
                        "\" is not supported (only absolute).");
    }
    if (c.hiddenSize % c.numHeads != 0)
        return fail(path + ": hidden size " + std::to_string(c.hiddenSize) + " is not divisible by " +
                    std::to_string(c.numHeads) + " heads.");
    static const char* acts[] = {"gelu", "gelu_new", "gelu_pytorch_tanh", "gelu_fast", "relu"};
    if (std::find(std::begin(acts), std::end(acts), c.activation) == std::end(acts))
        return fail(path + ": activation \"" + c.activation + "\" is not supported.");
    if (c.arch == Architecture::MPNet) {
        c.relativeAttentionBuckets = j.value("relative_attention_num_buckets", 32);
        if (c.relativeAttentionBuckets < 2) return fail(path + ": relative_attention_num_buckets must be at least 2.");
    }
    for (const char* key : {"n_positions", "max_position_embeddings", "relative_attention_num_buckets"})
        if (j.contains(key) && !j[key].is_number_integer())  // get<int>() of 1e30 is UB (found by tests/fuzz)
            return fail(path + ": the field \"" + key + "\" is not an integer.");
    c.maxPositions =
        c.arch == Architecture::Gpt2 ? j.value("n_positions", 1024) : j.value("max_position_embeddings", 512);
    c.padTokenId = j.contains("pad_token_id") && j["pad_token_id"].is_number_integer()
                       ? j["pad_token_id"].get<int>()
                       : (c.arch == Architecture::Roberta || c.arch == Architecture::MPNet ? 1 : 0);
    // RoBERTa and MPNet positions start after the padding index.
    const bool offsetPositions = c.arch == Architecture::Roberta || c.arch == Architecture::MPNet;
    const long long maxLength =
        offsetPositions ? 0LL + c.maxPositions - c.padTokenId - 1 : c.maxPositions;  // no int overflow
    if (maxLength < 2) return fail(path + ": max_position_embeddings leaves room for fewer than 2 tokens.");
    if (maxLength > std::numeric_limits<int>::max()) return fail(path + ": pad_token_id is out of range.");
    c.maxLength = static_cast<int>(maxLength);
    const auto tokCfgPath = fs::path(modelDir) / "tokenizer_config.json";
    if (fs::exists(tokCfgPath)) {
        std::ifstream tin(tokCfgPath, std::ios::binary);
        auto tj = parseJsonOrDiscarded(tin);
        if (!tj.is_discarded() && tj.is_object() && tj.contains("model_max_length") &&
            tj["model_max_length"].is_number()) {
            // Hugging Face writes 1e30 for "no limit" and the model's length otherwise; a value
            // that leaves no room for the two special tokens is the file's error, not the user's.
            const double m = tj["model_max_length"].get<double>();
            if (m > 0 && m < c.maxLength) {
                if (m < 2)
                    return fail(tokCfgPath.string() + ": model_max_length " + tj["model_max_length"].dump() +
                                " leaves room for fewer than 2 tokens.");
                c.maxLength = static_cast<int>(m);
            }
        }
    }
    return c;
}
}  // namespace

}  // namespace dl
