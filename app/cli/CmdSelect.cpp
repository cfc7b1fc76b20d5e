// `domainlens-cli select PROJECT --method M --pool CORPUS --seed CORPUS[:DOMAIN] [--top K | --threshold T]`
// The options come from the jobs' parameter tables (select/SelectParamsTable.cpp).
#include <cstdio>

#include "CliSupport.h"
#include "ParamOptions.h"
#include "select/CrossLingual.h"
#include "select/SelectData.h"
#include "select/SelectJob.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    // The jobs' parameters (select/SelectParamsTable.cpp), then the output.
    addParamOptions(p, dl::selectCommandSpecs());
    p.addOptions({
        {QStringLiteral("json"), QStringLiteral("Print the result as one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

int runCrossLingualCommand(const QCommandLineParser& p, const QString& path) {
    dl::CrossLingualParams params;
    if (!readParamOptions(p, dl::crossLingualParamTable(), params)) return ExitUsage;
    if (auto s = dl::validateCrossLingualParams(params); !s)
        return usageError(QString::fromStdString(s.error().message));
    auto store = openProject(path);
    if (!store) return ExitFailed;
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")));
    auto result = dl::runCrossLingual(params, *store, progress, progress.cancelToken());
    progress.finish();
    if (!result) return reportError(result.error());
    nlohmann::json j = result->summary.toJson();
    j["run"] = result->runId;
    if (p.isSet(QStringLiteral("json"))) {
        printJson(j);
        return ExitOk;
    }
    std::printf(
        "Selection run #%lld (cross-lingual): %lld of %lld pool sentences selected (seed %lld, %lld parallel pairs).\n",
        static_cast<long long>(result->runId), static_cast<long long>(result->selected),
        static_cast<long long>(result->poolSize), static_cast<long long>(result->seedSize),
        static_cast<long long>(result->pairs));
    if (result->summary.filterRun)
        std::printf("Filter run #%lld: %lld pool sentences it removed were left out.\n",
                    static_cast<long long>(*result->summary.filterRun),
                    static_cast<long long>(result->summary.filterExcluded.value_or(0)));
    if (const auto& e = j["encoder"]; e.is_object())
        std::printf("Encoder: %s (%s; %s)%s%s\n", e.value("model", std::string()).c_str(),
                    e.value("chosen_by", std::string()).c_str(), e.value("languages", std::string()).c_str(),
                    e.contains("note") ? ": " : "", e.value("note", std::string()).c_str());
    if (const auto& sets = j["adapted_sets"]; sets.is_array() && !sets.empty()) {
        std::string list;
        for (const auto& s : sets)
            list += (list.empty() ? "" : ", ") + std::to_string(s["set"].get<std::int64_t>()) + " (" +
                    s["corpus"].get<std::string>() + " " + s["side"].get<std::string>() + ")";
        std::printf("Adapted vectors g(x) stored as embedding sets %s (cluster --embedding-set ID).\n", list.c_str());
    }
    if (j["adaptive_layer"].value("kind", std::string("ffn")) == "none")
        std::printf(
            "No adaptive layer (the DF baseline: the classifier on the unaligned vectors); classifier "
            "held-out F1 %.3f\n",
            j["report"]["held_out"]["f1"].get<double>());
    else
        std::printf(
            "Adaptive layer %s (%s InfoNCE): held-out loss %.4f -> %.4f after %d epochs; classifier held-out "
            "F1 %.3f\n",
            j["adaptive_layer"].value("kind", std::string("ffn")).c_str(),
            j["adaptive_layer"].value("infonce", std::string("symmetric")).c_str(),
            j["adaptive_layer"]["initial_held_out_loss"].get<double>(),
            j["adaptive_layer"]["held_out_loss"].get<double>(), j["adaptive_layer"]["epochs"].get<int>(),
            j["report"]["held_out"]["f1"].get<double>());
    return ExitOk;
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    // cross-lingual is its own job with its own table; every other method is runSelect's. The
    // method is checked against both jobs' choices first.
    for (const auto& spec : dl::selectCommandSpecs())
        if (spec.name == "method")
            if (auto method = paramOption(p, spec); !method)
                return usageError(QString::fromStdString(method.error().message));
    if (p.value(QStringLiteral("method")) == QLatin1String("cross-lingual")) return runCrossLingualCommand(p, *path);
    dl::SelectParams params;
    if (!readParamOptions(p, dl::selectParamTable(), params)) return ExitUsage;
    if (auto s = dl::validateSelectParams(params); !s) return usageError(QString::fromStdString(s.error().message));
    if (p.isSet(QStringLiteral("pca-sample")))
        return usageError(QStringLiteral("--pca-sample applies to --method cross-lingual only"));

    auto store = openProject(*path);
    if (!store) return ExitFailed;
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")));
    auto result = dl::runSelect(params, *store, progress, progress.cancelToken());
    progress.finish();
    if (!result) return reportError(result.error());
    nlohmann::json j = result->summary.toJson();
    j["run"] = result->runId;
    if (p.isSet(QStringLiteral("json"))) {
        printJson(j);
    } else {
        std::printf(
            "Selection run #%lld (%s): %lld of %lld pool sentences selected (seed %lld sentences, %lld leaked%s).\n",
            static_cast<long long>(result->runId), dl::methodName(params.method).c_str(),
            static_cast<long long>(result->selected), static_cast<long long>(result->poolSize),
            static_cast<long long>(result->seedSize), static_cast<long long>(result->leaked),
            params.excludeLeaked ? " and excluded" : "");
        if (result->summary.filterRun)
            std::printf("Filter run #%lld: %lld pool sentences it removed were not candidates.\n",
                        static_cast<long long>(*result->summary.filterRun),
                        static_cast<long long>(result->summary.filterExcluded.value_or(0)));
        if (const auto n = dl::seedSampleSize(params.seed); n > 0)
            std::printf(
                "Seed: a random sample of %lld sentences of %s (sample seed %llu; --seed-sample-seed to change)\n",
                static_cast<long long>(n), params.seed.c_str(), static_cast<unsigned long long>(params.seedSampleSeed));
        if (j["report"].contains("iterations"))  // the Invitation model keeps every EM iteration's ranking
            for (const auto& it : j["report"]["iterations"]) {
                std::printf("EM iteration %d: P(in) %.3f, expected in-domain pairs %.0f", it["iteration"].get<int>(),
                            it["prior_in"].get<double>(), it["expected_in"].get<double>());
                if (it.contains("cutoffs") && !it["cutoffs"].empty())
                    std::printf(", pseudo-precision at the true size (%lld) %.3f",
                                static_cast<long long>(it["cutoffs"].back()["cutoff"].get<std::int64_t>()),
                                it["cutoffs"].back()["precision"].get<double>());
                std::printf("\n");
            }
        if (j["report"].contains("held_out"))
            std::printf("Held-out classifier: precision %.3f recall %.3f F1 %.3f\n",
                        j["report"]["held_out"]["precision"].get<double>(),
                        j["report"]["held_out"]["recall"].get<double>(), j["report"]["held_out"]["f1"].get<double>());
        if (j["report"].contains("sides"))
            std::printf("Contrast on %s; last pseudo-out set %lld pairs\n",
                        j["report"]["sides"].get<std::string>().c_str(),
                        static_cast<long long>(j["report"]["pseudo_out_size"].get<std::int64_t>()));
        for (const auto& d : j["report"].value("departures", nlohmann::json::array()))
            std::printf("Departs from the paper: %s = %s (paper: %s; %s for the paper's)\n",
                        d["what"].get<std::string>().c_str(), d["here"].get<std::string>().c_str(),
                        d["paper"].get<std::string>().c_str(), d["paper_setting"].get<std::string>().c_str());
    }
    return ExitOk;
}

const CommandRegistration registration{Command{
    QStringLiteral("select"), QStringLiteral("Score a pool against an in-domain seed and select."), setup, run}};

}  // namespace
}  // namespace dlcli
