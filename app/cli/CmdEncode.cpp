// `domainlens-cli encode PROJECT [--model DIR|HF-ID|NAME] [--layer N | --layers 6,8,12|all] [--prefix query|passage|none]
//  [--pooling mean|cls|max] [--corpus NAME] [--side src|tgt] [--precision fp32|bf16|int8] [--shard I/N --out DIR]`:
// embeds the sentences with a transformer encoder and stores the vectors in the project.
// Resumable (Ctrl+C, then run again) and a no-op when the corpus is already encoded.
#include <cstdio>

#include "CliSupport.h"
#include "ShardCli.h"
#include "encode/EncodeJob.h"
#include "encode/ModelCatalog.h"
#include "encode/ModelIdentity.h"
#include "store/Corpora.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addOptions({
        {QStringLiteral("model"),
         QStringLiteral("A short name (all-MiniLM-L6-v2, all-mpnet-base-v2, multilingual-e5-small: installed by "
                        "scripts/install-model.sh NAME under ~/.local/share/domainlens/models), a Hugging Face model "
                        "directory, or an id in the HF cache (org/name). Default: all-mpnet-base-v2."),
         QStringLiteral("NAME")},
        {QStringLiteral("layer"), QStringLiteral("Hidden layer to pool: 0 = embeddings, 1..L, negative from the end (default: the model's recommended layer, 10 for all-mpnet-base-v2; else -1 = last)."), QStringLiteral("N")},
        {QStringLiteral("layers"),
         QStringLiteral("Several layers from one pass, each stored as its own embedding set: a comma list (6,8,10,12) or all."),
         QStringLiteral("LIST")},
        {QStringLiteral("prefix"),
         QStringLiteral("Prompt prepended to every sentence, for models that define prompts (multilingual-e5-small: "
                        "query (its default, the model card's advice for clustering), passage); none = no prompt."),
         QStringLiteral("NAME")},
        {QStringLiteral("pooling"), QStringLiteral("mean (default, over the attention mask), cls or max."), QStringLiteral("MODE")},
        {QStringLiteral("corpus"), QStringLiteral("Corpus to encode (default: every corpus of the project)."), QStringLiteral("NAME")},
        {QStringLiteral("side"), QStringLiteral("src (default) or tgt."), QStringLiteral("SIDE")},
        {QStringLiteral("normalize"), QStringLiteral("L2-normalise the sentence vectors.")},
        {QStringLiteral("float32"), QStringLiteral("Store float32 vectors (default float16).")},
        {QStringLiteral("batch-tokens"), QStringLiteral("Padded tokens per forward batch (default 16384)."), QStringLiteral("N")},
        {QStringLiteral("threads"), QStringLiteral("Compute threads (default: libtorch's choice, all cores)."), QStringLiteral("N")},
        {QStringLiteral("device"), QStringLiteral("auto (default: CUDA when available), cpu or cuda."), QStringLiteral("DEVICE")},
        {QStringLiteral("precision"),
         QStringLiteral("What the linear layers compute in: fp32 (the CPU's default), bf16 (faster on CPUs "
                        "with AVX-512 BF16; cosine >= 0.999 to fp32) or int8 (dynamic quantisation, CPU only; least exact). Vectors of each "
                        "precision are stored as their own set."),
         QStringLiteral("P")},
        {QStringLiteral("chunk"), QStringLiteral("Sentences per committed chunk (default 4096)."), QStringLiteral("N")},
        {QStringLiteral("list-models"), QStringLiteral("List the models found (data dir and Hugging Face cache) and exit.")},
        {QStringLiteral("json"), QStringLiteral("Print the result as one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
    addShardOptions(p);  // --shard I/N --out DIR: one worker of a sharded encode (ShardCli.h)
}

nlohmann::json toJson(const dl::EncodeResult& r) {
    return {{"corpus", r.corpus},
            {"set_id", r.setId},
            {"model", r.model},
            {"model_path", r.modelPath},
            {"model_hash", r.modelHash},
            {"precision", r.precision},
            {"prefix", r.prefix},
            {"device", r.device},
            {"dim", r.dim},
            {"layer", r.layer},
            {"sentences", r.total},
            {"already_encoded", r.alreadyEncoded},
            {"encoded", r.encoded},
            {"truncated", r.truncated},
            {"noop", r.noop},
            {"seconds", r.seconds},
            {"sentences_per_second", r.sentencesPerSecond},
            {"tokens", r.stats.tokens},
            {"padded_tokens", r.stats.paddedTokens},
            {"tokenize_seconds", r.stats.tokenizeSeconds},
            {"forward_seconds", r.stats.forwardSeconds}};
}

void printResult(const dl::EncodeResult& r) {
    const std::string layer = r.layer < 0 ? std::string("last layer") : "layer " + std::to_string(r.layer);
    if (r.noop)
        std::printf("%s: already encoded with %s, %s (%lld sentences, set %lld)\n", r.corpus.c_str(), r.model.c_str(),
                    layer.c_str(), static_cast<long long>(r.total), static_cast<long long>(r.setId));
    else
        std::printf("%s: encoded %lld sentences with %s, %s, on %s in %.1f s (%.1f sentences/s, %lld truncated), set %lld\n",
                    r.corpus.c_str(), static_cast<long long>(r.encoded), r.model.c_str(), layer.c_str(), r.device.c_str(),
                    r.seconds, r.sentencesPerSecond, static_cast<long long>(r.truncated), static_cast<long long>(r.setId));
}

int listModels(bool json) {
    const auto models = dl::listModelsWithInstallable();
    if (json) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& m : models)
            arr.push_back({{"name", m.name}, {"path", m.path}, {"model_type", m.modelType}, {"source", m.source},
                           {"supported", m.supported}, {"installed", m.installed}, {"languages", m.languages},
                           {"dim", m.dim}, {"size_bytes", m.sizeBytes}, {"sentences_per_second", m.sentencesPerSecond}});
        printJson({{"models", arr}});
        return ExitOk;
    }
    if (models.empty()) std::printf("No models found in %s or %s.\n", dl::modelsDataDir().c_str(), dl::hfHubCacheDir().c_str());
    for (const auto& m : models) {
        if (!m.installed) {
            std::printf("%-40s %-12s %-9s (not installed: scripts/install-model.sh %s)\n", m.name.c_str(), "", "", m.name.c_str());
            continue;
        }
        std::printf("%-40s %-12s %-9s %s%s\n", m.name.c_str(), m.modelType.c_str(), m.source.c_str(), m.path.c_str(),
                    m.supported ? "" : "  (not supported)");
    }
    return ExitOk;
}

int run(const QCommandLineParser& p) {
    const bool json = p.isSet(QStringLiteral("json"));
    if (p.isSet(QStringLiteral("list-models"))) return listModels(json);
    auto path = projectArgument(p);
    if (!path) return path.error();

    dl::EncodeParams params;
    params.model = p.value(QStringLiteral("model")).toStdString();
    params.pooling = p.isSet(QStringLiteral("pooling")) ? p.value(QStringLiteral("pooling")).toStdString() : "mean";
    if (params.pooling != "mean" && params.pooling != "cls" && params.pooling != "max")
        return usageError(QStringLiteral("--pooling must be mean, cls or max"));
    const QString side = p.isSet(QStringLiteral("side")) ? p.value(QStringLiteral("side")) : QStringLiteral("src");
    if (side == QLatin1String("src")) params.side = dl::Side::Source;
    else if (side == QLatin1String("tgt")) params.side = dl::Side::Target;
    else return usageError(QStringLiteral("--side must be src or tgt"));
    params.normalize = p.isSet(QStringLiteral("normalize"));
    params.storage = p.isSet(QStringLiteral("float32")) ? dl::StorageType::Float32 : dl::StorageType::Float16;
    if (!intOption(p, QStringLiteral("layer"), params.layer, -1000, 1000)) return ExitUsage;
    if (p.isSet(QStringLiteral("layers"))) {
        if (p.isSet(QStringLiteral("layer"))) return usageError(QStringLiteral("use either --layer or --layers"));
        const QString v = p.value(QStringLiteral("layers")).trimmed();
        if (v == QLatin1String("all")) {
            params.allLayers = true;
        } else {
            for (const auto& part : v.split(QLatin1Char(','))) {
                bool ok = false;
                const int l = part.trimmed().toInt(&ok);
                if (!ok || l < -1000 || l > 1000)
                    return usageError(QStringLiteral("--layers must be a comma list of layer numbers or all, not \"%1\"").arg(v));
                params.layers.push_back(l);
            }
        }
    }
    if (!p.isSet(QStringLiteral("layer")) && !p.isSet(QStringLiteral("layers"))) {
        // No layer asked for: the model's recommended one (layer 10 of all-mpnet-base-v2,
        // docs/clustering.md), else the last. An unresolvable model fails in the job itself.
        if (auto model = dl::resolveModel(params.model)) params.layer = dl::recommendedLayer(model->name);
    }
    if (p.isSet(QStringLiteral("prefix"))) {
        params.prefix = p.value(QStringLiteral("prefix")).toStdString();
        if (params.prefix.empty()) return usageError(QStringLiteral("--prefix needs a prompt name (query, passage) or none"));
    }
    int batchTokens = static_cast<int>(params.batchTokens);
    if (!intOption(p, QStringLiteral("batch-tokens"), batchTokens, 16, 1 << 24)) return ExitUsage;
    params.batchTokens = batchTokens;
    if (!intOption(p, QStringLiteral("threads"), params.threads, 1, 1024)) return ExitUsage;
    if (!intOption(p, QStringLiteral("chunk"), params.chunkSentences, 1, 1 << 22)) return ExitUsage;
    params.device = p.isSet(QStringLiteral("device")) ? p.value(QStringLiteral("device")).toStdString() : "auto";
    if (params.device != "auto" && params.device != "cpu" && params.device != "cuda")
        return usageError(QStringLiteral("--device must be auto, cpu or cuda"));
    params.precision = p.value(QStringLiteral("precision")).toStdString();
    if (p.isSet(QStringLiteral("precision")))
        if (auto s = dl::checkPrecision(params.precision, params.device); !s) return reportError(s.error());

    int rc = ExitOk;
    if (auto target = shardTarget(p, rc)) {
        if (!params.layers.empty() || params.allLayers) return usageError(QStringLiteral("--shard encodes one layer: use --layer"));
        params.corpus = p.value(QStringLiteral("corpus")).toStdString();
        return runEncodeShardCommand(*path, params, *target, p);
    }
    if (rc != ExitOk) return rc;
    auto store = openProject(*path);
    if (!store) return ExitFailed;
    std::vector<std::string> corpora;
    if (p.isSet(QStringLiteral("corpus"))) {
        corpora.push_back(p.value(QStringLiteral("corpus")).toStdString());
    } else {
        auto all = dl::listCorpora(*store);
        if (!all) return reportError(all.error());
        if (all->empty()) return reportError(dl::Error{dl::ErrorKind::Failed, "The project has no corpus: import one first."});
        for (const auto& c : *all)
            if (params.side == dl::Side::Source || c.parallel) corpora.push_back(c.name);
        if (corpora.empty())
            return reportError(dl::Error{dl::ErrorKind::Usage, "No corpus of the project has a target side."});
    }

    TerminalProgress progress(p.isSet(QStringLiteral("quiet")) || json);
    nlohmann::json results = nlohmann::json::array();
    for (const auto& name : corpora) {
        params.corpus = name;
        auto rs = dl::runEncodeLayers(params, *store, progress, progress.cancelToken());
        if (!rs) {
            progress.finish();
            return reportError(rs.error());
        }
        for (const auto& r : *rs) {
            results.push_back(toJson(r));
            if (!json) printResult(r);
        }
    }
    progress.finish();
    if (json) printJson(results.size() == 1 ? results[0] : nlohmann::json{{"corpora", results}});
    return ExitOk;
}

const CommandRegistration registration{
    Command{QStringLiteral("encode"), QStringLiteral("Embed sentences with a transformer encoder (resumable)."), setup, run}};

}  // namespace
}  // namespace dlcli
