// The parameters of `encode` (EncodeParams), declared once: names, ranges, choices, help.
// Defaults are the struct's initialisers; encode stores no params JSON (an embedding set is
// keyed by what it resolved: store/Embeddings.h), so no spec has a stored key.
// Ranges as the command line had them; the dialog used to offer layers -48..48 only (now the
// CLI's -1000..1000) and no fp32. --threads now takes 0 (libtorch's choice, the default, as the
// settings' "automatic" already gave it).
#include <algorithm>
#include <string>

#include "encode/EncodeJob.h"
#include "encode/ModelCatalog.h"
#include "encode/ModelIdentity.h"
#include "store/Corpora.h"

namespace dl {

namespace {

constexpr int kMaxLayer = 1000;  // |layer|: negative counts from the end

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

// --layers (or the list of `option`): a comma list of layer numbers or all; "" = not given.
Status checkLayerList(std::string_view text, std::string_view option = "--layers") {
    if (text.empty() || trimmed(text) == "all") return {};
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find(',', pos), text.size());
        std::string_view item = trimmed(text.substr(pos, end - pos));
        if (!item.empty() && item.front() == '-') item.remove_prefix(1);
        bool ok = !item.empty() && item.size() < 5;
        int v = 0;
        for (char c : item) ok = ok && c >= '0' && c <= '9', v = v * 10 + (c - '0');
        if (!ok || v > kMaxLayer)
            return usageError(std::string(option) + " must be a comma list of layer numbers" +
                              (option == "--layers" ? " or all" : "") + ", not \"" + std::string(text) + "\"");
        pos = end + 1;
    }
    return {};
}

// --layer-mean: a comma list of at least two different layer numbers; "" = not given.
Status checkLayerMean(std::string_view text) {
    if (text.empty()) return {};
    if (trimmed(text) == "all") return usageError("--layer-mean takes layer numbers (e.g. 8,10), not all");
    if (auto s = checkLayerList(text, "--layer-mean"); !s) return s;
    if (text.find(',') == std::string_view::npos)
        return usageError("--layer-mean needs at least two layers (e.g. 8,10); one layer is --layer");
    return {};
}

std::vector<int> readLayerList(const std::string& text) {
    std::vector<int> out;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find(',', pos), text.size());
        out.push_back(std::stoi(text.substr(pos, end - pos)));
        pos = end + 1;
    }
    return out;
}

ParamTable<EncodeParams> makeEncodeTable() {
    using E = EncodeParams;
    ParamTable<E> t;
    t.field(param("model",
                  "A short name (all-MiniLM-L6-v2, all-mpnet-base-v2, multilingual-e5-small: installed by "
                  "scripts/install-model.sh NAME under ~/.local/share/domainlens/models), a Hugging Face model "
                  "directory, or an id in the HF cache (org/name).")
                .shownAs("NAME")
                .defaultShownAs(kDefaultModelName),
            &E::model);
    t.field(param("layer", "Hidden layer to pool: 0 = embeddings, 1..L, negative from the end (-1 = last).")
                .between(-kMaxLayer, kMaxLayer)
                .shownAs("N")
                .defaultShownAs("the model's recommended layer (10 for all-mpnet-base-v2), else -1"),
            &E::layer);
    t.add(
        param("layers",
              "Several layers from one pass, each stored as its own embedding set: a comma list (6,8,10,12) or all.")
            .ofKind(ParamKind::Text)
            .shownAs("LIST")
            .textCheckedBy([](std::string_view text) { return checkLayerList(text); }),
        [](const E& p) {
            std::string s;
            if (p.allLayers) return ParamValue(std::string("all"));
            for (std::size_t i = 0; i < p.layers.size(); ++i) s += (i ? "," : "") + std::to_string(p.layers[i]);
            return ParamValue(s);
        },
        [](E& p, const ParamValue& v) {
            const auto& text = std::get<std::string>(v);
            p.allLayers = trimmed(text) == "all";
            p.layers = text.empty() || p.allLayers ? std::vector<int>{} : readLayerList(text);
        });
    t.add(
        param("layer-mean",
              "Average the vectors of these layers of one pass into ONE embedding set (e.g. 8,10): the storage "
              "and cost of one layer; what `cluster` then clusters.")
            .ofKind(ParamKind::Text)
            .shownAs("LIST")
            .defaultShownAs("the model's recommended layers (8,10 for all-mpnet-base-v2) when no --layer or "
                            "--layers is given, else none")
            .textCheckedBy(checkLayerMean),
        [](const E& p) {
            std::string s;
            for (std::size_t i = 0; i < p.layerMean.size(); ++i) s += (i ? "," : "") + std::to_string(p.layerMean[i]);
            return ParamValue(s);
        },
        [](E& p, const ParamValue& v) {
            const auto& text = std::get<std::string>(v);
            p.layerMean = text.empty() ? std::vector<int>{} : readLayerList(text);
        });
    t.field(param("prefix",
                  "Prompt prepended to every sentence, for models that define prompts (multilingual-e5-small: "
                  "query (its default, the model card's advice for clustering), passage); none = no prompt.")
                .shownAs("NAME")
                .defaultShownAs("the model's"),
            &E::prefix);
    t.field(param("pooling", "How the token vectors are pooled: mean (over the attention mask), cls or max.")
                .oneOf({"mean", "cls", "max"})
                .shownAs("MODE"),
            &E::pooling);
    t.field(param("corpus", "Corpus to encode.").shownAs("NAME").defaultShownAs("every corpus of the project"),
            &E::corpus);
    t.choice(param("side", "Side of the corpus to encode.").shownAs("SIDE"), &E::side, {Side::Source, Side::Target},
             sideName);
    t.field(param("normalize", "L2-normalise the sentence vectors."), &E::normalize);
    t.add(
        param("float32", "Store float32 vectors (default float16).").flag(),
        [](const E& p) { return ParamValue(p.storage == StorageType::Float32); },
        [](E& p, const ParamValue& v) { p.storage = std::get<bool>(v) ? StorageType::Float32 : StorageType::Float16; });
    t.field(param("batch-tokens", "Padded tokens per forward batch.").between(16, 1 << 24).shownAs("N"),
            &E::batchTokens);
    t.field(param("threads", "Compute threads; 0 = libtorch's choice, all cores.").between(0, 1024).shownAs("N"),
            &E::threads);
    t.field(param("device", "Where to compute: auto (CUDA when available), cpu or cuda.")
                .oneOf({"auto", "cpu", "cuda"})
                .shownAs("DEVICE"),
            &E::device);
    t.field(param("precision",
                  "What the linear layers compute in: auto (the default: fp32 on the CPU, fp16 on CUDA), fp32, "
                  "bf16 (about 1.5x faster on CPUs with AVX-512 BF16; cosine to fp32 mean 0.99999 but min "
                  "0.9997 with all-mpnet-base-v2, short of the 0.9999 bar for the default, so opt-in: "
                  "bench/encode/RESULTS.md) or int8 (dynamic quantisation, CPU only; least exact, opt-in). A set "
                  "is keyed by the precision auto resolved to, so auto and an explicit fp32 share vectors and "
                  "vectors of other precisions are never mixed in.")
                .oneOf({"auto", "fp32", "bf16", "int8"})
                .shownAs("P"),
            &E::precision);
    t.field(param("chunk", "Sentences per committed chunk.").between(1, 1 << 22).shownAs("N"), &E::chunkSentences);
    return t;
}

}  // namespace

const ParamTable<EncodeParams>& encodeParamTable() {
    static const ParamTable<EncodeParams> table = makeEncodeTable();
    return table;
}

void useRecommendedLayer(EncodeParams& p) {
    auto model = resolveModel(p.model);
    if (!model) return;
    p.layer = recommendedLayer(model->name);
    if (p.layerMean.empty() && p.layers.empty() && !p.allLayers) p.layerMean = recommendedLayerMean(model->name);
}

Status validateEncodeParams(const EncodeParams& p) {
    if (auto s = encodeParamTable().validate(p); !s) return s;
    if (!p.layerMean.empty() && (!p.layers.empty() || p.allLayers))
        return usageError("use either --layer-mean or --layers");
    return checkPrecision(p.precision, p.device);
}

}  // namespace dl
