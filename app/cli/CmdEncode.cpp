// `domainlens-cli encode PROJECT [--model DIR|HF-ID|NAME] [--layer N | --layers 6,8,12|all] [--prefix
 // query|passage|none]
//  [--pooling mean|cls|max] [--corpus NAME] [--side src|tgt] [--precision auto|fp32|bf16|int8]
//  [--shard I/N --out DIR]`:
// embeds the sentences with a transformer encoder and stores the vectors in the project.
// Resumable (Ctrl+C, then run again) and a no-op when the corpus is already encoded. The job's
// options come from its parameter table (encode/EncodeParamsTable.cpp).
#include <cstdio>

#include "CliSupport.h"
#include "ParamOptions.h"
#include "ShardCli.h"
#include "encode/EncodeJob.h"
#include "encode/ModelCatalog.h"
#include "encode/ModelIdentity.h"
#include "store/Corpora.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    // The job's parameters (encode/EncodeParamsTable.cpp), then the listing and the output.
    addParamOptions(p, dl::encodeParamTable().specs());
    p.addOptions({
        {QStringLiteral("list-models"),
         QStringLiteral("List the models found (data dir and Hugging Face cache) and exit.")},
        {QStringLiteral("json"), QStringLiteral("Print the result as one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
    addShardOptions(p);  // --shard I/N --out DIR: one worker of a sharded encode (ShardCli.h)
}

void printResult(const dl::EncodeResult& r) {
    const std::string layer = !r.layerMean.empty() ? "mean of layers " + r.layerMean
                              : r.layer < 0        ? std::string("last layer")
                                                   : "layer " + std::to_string(r.layer);
    if (r.noop)
        std::printf("%s: already encoded with %s, %s (%lld sentences, set %lld)\n", r.corpus.c_str(), r.model.c_str(),
                    layer.c_str(), static_cast<long long>(r.total), static_cast<long long>(r.setId));
    else
        std::printf(
            "%s: encoded %lld sentences with %s, %s, on %s in %.1f s (%.1f sentences/s, %lld truncated), set %lld\n",
            r.corpus.c_str(), static_cast<long long>(r.encoded), r.model.c_str(), layer.c_str(), r.device.c_str(),
            r.seconds, r.sentencesPerSecond, static_cast<long long>(r.truncated), static_cast<long long>(r.setId));
}

int listModels(bool json) {
    const auto models = dl::listModelsWithInstallable();
    if (json) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& m : models)
            arr.push_back({{"name", m.name},
                           {"path", m.path},
                           {"model_type", m.modelType},
                           {"source", m.source},
                           {"supported", m.supported},
                           {"installed", m.installed},
                           {"languages", m.languages},
                           {"dim", m.dim},
                           {"size_bytes", m.sizeBytes},
                           {"sentences_per_second", m.sentencesPerSecond}});
        printJson({{"models", arr}});
        return ExitOk;
    }
    if (models.empty())
        std::printf("No models found in %s or %s.\n", dl::modelsDataDir().c_str(), dl::hfHubCacheDir().c_str());
    for (const auto& m : models) {
        if (!m.installed) {
            std::printf("%-40s %-12s %-9s (not installed: scripts/install-model.sh %s)\n", m.name.c_str(), "", "",
                        m.name.c_str());
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
    if (!readParamOptions(p, dl::encodeParamTable(), params)) return ExitUsage;
    if (auto s = dl::validateEncodeParams(params); !s) return usageError(QString::fromStdString(s.error().message));
    if (p.isSet(QStringLiteral("layers")) && p.isSet(QStringLiteral("layer")))
        return usageError(QStringLiteral("use either --layer or --layers"));
    if (p.isSet(QStringLiteral("layer-mean")) && p.isSet(QStringLiteral("layer")))
        return usageError(QStringLiteral("use either --layer or --layer-mean"));
    if (!p.isSet(QStringLiteral("layer")) && !p.isSet(QStringLiteral("layers"))) {
        dl::useRecommendedLayer(params);  // no layer asked for: the model's (mean of) layers
    }
    if (p.isSet(QStringLiteral("prefix")) && params.prefix.empty())
        return usageError(QStringLiteral("--prefix needs a prompt name (query, passage) or none"));

    int rc = ExitOk;
    if (auto target = shardTarget(p, rc)) {
        if (!params.layers.empty() || params.allLayers || p.isSet(QStringLiteral("layer-mean")))
            return usageError(QStringLiteral("--shard encodes one layer: use --layer"));
        params.layerMean.clear();  // a shard stores the model's recommended layer, not its default mean
        return runEncodeShardCommand(*path, params, *target, p);
    }
    if (rc != ExitOk) return rc;
    auto store = openProject(*path);
    if (!store) return ExitFailed;
    std::vector<std::string> corpora;
    if (p.isSet(QStringLiteral("corpus"))) {
        corpora.push_back(params.corpus);
    } else {
        auto all = dl::listCorpora(*store);
        if (!all) return reportError(all.error());
        if (all->empty())
            return reportError(dl::Error{dl::ErrorKind::Failed, "The project has no corpus: import one first."});
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
            results.push_back(r.toJson());
            if (!json) printResult(r);
        }
    }
    progress.finish();
    if (json) printJson(results.size() == 1 ? results[0] : nlohmann::json{{"corpora", results}});
    return ExitOk;
}

const CommandRegistration registration{Command{
    QStringLiteral("encode"), QStringLiteral("Embed sentences with a transformer encoder (resumable)."), setup, run}};

}  // namespace
}  // namespace dlcli
