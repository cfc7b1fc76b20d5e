// `domainlens-cli evaluate PROJECT [RUN...] --domain LABEL [--json|--csv]`: selections vs the oracle labels.
#include <cstdio>

#include "CliSupport.h"
#include "ParamOptions.h"
#include "select/SelectJob.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addPositionalArgument(QStringLiteral("RUN"),
                            QStringLiteral("Selection run ids to compare (default: the latest)."),
                            QStringLiteral("[RUN...]"));
    addParamOptions(p, dl::evaluateParamTable().specs());  // select/EvaluateParamsTable.cpp
    p.addOptions({
        {QStringLiteral("json"), QStringLiteral("Print one JSON object.")},
        {QStringLiteral("csv"), QStringLiteral("Print the cut-off table as CSV (run, method, cutoff, true, false, "
                                               "precision, recall), one row per run and cut-off.")},
    });
}

// The paper's layout side by side: one row per cut-off, True / False / Pre(%) per run.
void printCutoffTable(const nlohmann::json& result) {
    const auto& runs = result["runs"];
    if (runs.empty() || runs[0]["cutoffs"].empty()) return;
    std::printf("\n%8s", "cut-off");
    for (const auto& r : runs)
        std::printf(
            "   %-22s",
            ("#" + std::to_string(r["run"].get<std::int64_t>()) + " " + r["method"].get<std::string>()).c_str());
    std::printf("\n%8s", "");
    for (std::size_t i = 0; i < runs.size(); ++i) std::printf("   %7s %7s %6s", "True", "False", "Pre(%)");
    std::printf("\n");
    for (std::size_t k = 0; k < runs[0]["cutoffs"].size(); ++k) {
        std::printf("%8lld", static_cast<long long>(runs[0]["cutoffs"][k]["cutoff"].get<std::int64_t>()));
        for (const auto& r : runs) {
            if (k >= r["cutoffs"].size()) continue;  // a run evaluated on other cut-offs (other exclusions)
            const auto& c = r["cutoffs"][k];
            std::printf("   %7lld %7lld %6.2f", static_cast<long long>(c["true"].get<std::int64_t>()),
                        static_cast<long long>(c["false"].get<std::int64_t>()), 100.0 * c["precision"].get<double>());
        }
        std::printf("\n");
    }
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    dl::EvaluateParams params;
    if (!readParamOptions(p, dl::evaluateParamTable(), params)) return ExitUsage;
    const auto pos = p.positionalArguments();
    for (int i = 1; i < pos.size(); ++i) {
        const auto id = runArgument(p, i);
        if (id < 0) return ExitUsage;
        params.runs.push_back(id);
    }
    auto store = openProject(*path, dl::OpenMode::ReadOnly);
    if (!store) return ExitFailed;
    auto result = dl::evaluateRuns(params, *store);
    if (!result) return reportError(result.error());
    if (p.isSet(QStringLiteral("json"))) {
        printJson(*result);
        return ExitOk;
    }
    if (p.isSet(QStringLiteral("csv"))) {
        // Cuong & Sima'an's table layout (cut-off, true, false, precision), one row per run and cut-off.
        std::printf("run,method,cutoff,true,false,precision,recall\n");
        for (const auto& r : (*result)["runs"])
            for (const auto& c : r["cutoffs"])
                std::printf("%lld,%s,%lld,%lld,%lld,%.6f,%.6f\n", static_cast<long long>(r["run"].get<std::int64_t>()),
                            r["method"].get<std::string>().c_str(),
                            static_cast<long long>(c["cutoff"].get<std::int64_t>()),
                            static_cast<long long>(c["true"].get<std::int64_t>()),
                            static_cast<long long>(c["false"].get<std::int64_t>()), c["precision"].get<double>(),
                            c["recall"].get<double>());
        return ExitOk;
    }
    std::printf("In-domain label: %s\n\n%-6s %-14s %9s %9s %9s %9s   %s\n", params.domain.c_str(), "run", "method",
                "selected", "precision", "recall", "F1", "P/R at the true size");
    for (const auto& r : (*result)["runs"])
        std::printf("%-6lld %-14s %9lld %9.3f %9.3f %9.3f   %.3f / %.3f (k=%lld), AP %.3f\n",
                    static_cast<long long>(r["run"].get<std::int64_t>()), r["method"].get<std::string>().c_str(),
                    static_cast<long long>(r["selected"].get<std::int64_t>()), r["precision"].get<double>(),
                    r["recall"].get<double>(), r["f1"].get<double>(), r["at_true_size"]["precision"].get<double>(),
                    r["at_true_size"]["recall"].get<double>(),
                    static_cast<long long>(r["relevant"].get<std::int64_t>()), r["average_precision"].get<double>());
    printCutoffTable(*result);
    for (const auto& r : (*result)["runs"])
        if (r.contains("dev_perplexity"))
            std::printf("run %lld: dev perplexity %.1f (random selection of the same size: %.1f)\n",
                        static_cast<long long>(r["run"].get<std::int64_t>()),
                        r["dev_perplexity"]["selection"].get<double>(),
                        r["dev_perplexity"]["random_same_size"].get<double>());
    return ExitOk;
}

const CommandRegistration registration{
    Command{QStringLiteral("evaluate"), QStringLiteral("Precision/recall of selections against the domain labels."),
            setup, run}};

}  // namespace
}  // namespace dlcli
