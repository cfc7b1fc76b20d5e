// `domainlens-cli export PROJECT [RUN] --format moses|tsv|jsonl --out PREFIX [--scores] [--gzip]`
// The job's options come from its parameter table (export/ExportParamsTable.cpp).
#include <cstdio>

#include "CliSupport.h"
#include "ParamOptions.h"
#include "export/Export.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addPositionalArgument(
        QStringLiteral("RUN"),
        QStringLiteral("Run to export (default: the latest selection; with --by cluster the latest clustering)."),
        QStringLiteral("[RUN]"));
    // The job's parameters (export/ExportParamsTable.cpp), then the output.
    addParamOptions(p, dl::exportParamTable().specs());
    p.addOptions({
        {QStringLiteral("json"), QStringLiteral("Print the manifest as JSON.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    dl::ExportParams params;
    const auto runId = runArgument(p);
    if (runId < 0) return ExitUsage;
    if (runId > 0) params.run = runId;
    if (p.isSet(QStringLiteral("shards")) && p.isSet(QStringLiteral("mixture")))
        return usageError(QStringLiteral("use --shards or --mixture, not both"));
    if (!readParamOptions(p, dl::exportParamTable(), params)) return ExitUsage;
    if (params.outPrefix.empty()) return usageError(QStringLiteral("--out PREFIX is required"));

    auto store = openProject(*path, dl::OpenMode::ReadOnly);
    if (!store) return ExitFailed;
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")));
    auto result = dl::runExport(params, *store, progress, progress.cancelToken());
    progress.finish();
    if (!result) return reportError(result.error());
    if (p.isSet(QStringLiteral("json"))) {
        printJson(result->manifest);
        return ExitOk;
    }
    for (const auto& f : result->manifest["files"])
        std::printf("%s  %8lld lines  sha256 %s\n", f["path"].get<std::string>().c_str(),
                    static_cast<long long>(f.value("lines", std::int64_t(0))),
                    f["sha256"].get<std::string>().substr(0, 16).c_str());
    std::printf("Manifest: %s\n", result->manifestPath.c_str());
    return ExitOk;
}

const CommandRegistration registration{
    Command{QStringLiteral("export"),
            QStringLiteral("Write a selection, shards or a sampled mixture as training files."), setup, run}};

}  // namespace
}  // namespace dlcli
