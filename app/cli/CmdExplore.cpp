// `domainlens-cli explore PROJECT --corpus C [--sample N] [--stage PERCENT] [--sample-seed S] [--chunk N]
// [--model ...] [--precision ...] [--k K] [--json]`: from an imported corpus to a first map (a stage
// of a stratified sample, then the sample, encoded and clustered) and on to the full map (the rest encoded in chunks,
// assigned with the first map's model, then refitted), with the label agreement of the two fits. Resumable: run it
// again after Ctrl+C. Options from explore/ExploreParamsTable.cpp.
#include <cstdio>

#include "CliSupport.h"
#include "ParamOptions.h"
#include "explore/ExploreJob.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    addParamOptions(p, dl::exploreParamTable().specs());
    p.addOptions({
        {QStringLiteral("json"), QStringLiteral("Print the outcome as one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

nlohmann::json toJson(const dl::ExploreResult& r) {
    nlohmann::json j{{"corpus", r.corpus},
                     {"sample_corpus", r.sampleCorpus},
                     {"sentences", r.sentences},
                     {"sample_rows", r.sampleRows},
                     {"embedding_set", r.embeddingSet},
                     {"precision", r.precision},
                     {"stage_rows", r.stageRows},
                     {"first_map_run", r.firstMapRun},
                     {"first_map_seconds", r.firstMapSeconds},
                     {"stage_map_run", r.stageMapRun},
                     {"sample_map_run", r.sampleMapRun},
                     {"sample_map_seconds", r.sampleMapSeconds},
                     {"encoded_before", r.encodedBefore},
                     {"encoded", r.encoded},
                     {"assign_run", r.assignRun},
                     {"full_map_run", r.fullMapRun},
                     {"full_map_seconds", r.fullMapSeconds},
                     {"sentences_per_second", r.sentencesPerSecond}};
    j["label_agreement"] = r.agreement ? nlohmann::json(r.agreement->matched) : nlohmann::json();
    j["adjusted_rand_index"] = r.agreement ? nlohmann::json(r.agreement->adjustedRandIndex) : nlohmann::json();
    // the stage fit (its model on every sample row) against the sample fit
    j["stage_agreement"] = r.stageAgreement ? nlohmann::json(r.stageAgreement->matched) : nlohmann::json();
    j["stage_adjusted_rand_index"] =
        r.stageAgreement ? nlohmann::json(r.stageAgreement->adjustedRandIndex) : nlohmann::json();
    return j;
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    dl::ExploreParams params;
    if (!readParamOptions(p, dl::exploreParamTable(), params)) return ExitUsage;
    // No --layer: the layer `encode` would pool (the model's recommended one), so that explore's
    // set is the one encode + cluster would make.
    if (!p.isSet(QStringLiteral("layer"))) dl::useRecommendedLayer(params.encode);
    if (auto s = dl::validateExploreParams(params); !s) return reportError(s.error());
    auto store = openProject(*path);
    if (!store) return ExitFailed;
    const bool json = p.isSet(QStringLiteral("json"));
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")) || json);
    auto r = dl::runExplore(params, *store, progress, progress.cancelToken());
    progress.finish();
    if (!r) return reportError(r.error());
    if (json) {
        printJson(toJson(*r));
        return ExitOk;
    }
    if (r->stageMapRun)
        std::printf("first map (stage): cluster run %lld on the first %lld sentences of %s, %.1f s\n",
                    static_cast<long long>(r->stageMapRun), static_cast<long long>(r->stageRows),
                    r->sampleCorpus.c_str(), r->firstMapSeconds);
    std::printf("sample map: cluster run %lld on %lld sentences of %s (%s vectors, set %lld), %.1f s\n",
                static_cast<long long>(r->sampleMapRun), static_cast<long long>(r->sampleRows), r->sampleCorpus.c_str(),
                r->precision.c_str(), static_cast<long long>(r->embeddingSet), r->sampleMapSeconds);
    if (r->stageAgreement)
        std::printf("stage agreement (stage fit vs sample fit on the sample): %.4f; adjusted Rand %.4f\n",
                    r->stageAgreement->matched, r->stageAgreement->adjustedRandIndex);
    std::printf("full map: cluster run %lld on %lld sentences of %s, %.1f s; first map's model applied: run %lld\n",
                static_cast<long long>(r->fullMapRun), static_cast<long long>(r->sentences), r->corpus.c_str(),
                r->fullMapSeconds, static_cast<long long>(r->assignRun));
    if (r->agreement)
        std::printf("label agreement (sample fit vs full fit, best one-to-one matching): %.4f; adjusted Rand %.4f\n",
                    r->agreement->matched, r->agreement->adjustedRandIndex);
    return ExitOk;
}

const CommandRegistration registration{
    Command{QStringLiteral("explore"),
            QStringLiteral("Encode and cluster a stratified sample first (the first map), then the whole corpus."),
            setup, run}};

}  // namespace
}  // namespace dlcli
