// `domainlens-cli share PROJECT [RUN [OVERLAY_RUN...]] --out DIR [--sample N] [--seed S] [--json]`:
// a map you can send (core/share/ShareMap.h): DIR/index.html opens from a file URL in any
// browser, loads nothing from the network, and shows a cluster run's map (default: the latest
// cluster run) with any selection and filter runs over it.
#include <cstdio>

#include "CliSupport.h"
#include "ParamOptions.h"
#include "share/ShareMap.h"
#include "store/Store.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addPositionalArgument(
        QStringLiteral("RUN"),
        QStringLiteral("Cluster run id (default: the latest cluster run), then any selection runs (their "
                       "scores colour the map; their threshold figures) and filter runs (what "
                       "they removed; their ledgers)."),
        QStringLiteral("[RUN...]"));
    addParamOptions(p, dl::shareParamTable().specs());  // share/ShareMap.cpp
    p.addOptions({{QStringLiteral("json"), QStringLiteral("Print one JSON object.")}});
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    dl::ShareParams params;
    params.runId = runArgument(p);
    if (params.runId < 0) return ExitUsage;
    for (int index = 2; index < p.positionalArguments().size(); ++index) {
        const std::int64_t scoreRun = runArgument(p, index);
        if (scoreRun <= 0) return ExitUsage;
        params.overlayRuns.push_back(scoreRun);
    }
    if (!readParamOptions(p, dl::shareParamTable(), params)) return ExitUsage;
    auto store = openProject(*path, dl::OpenMode::ReadOnly);
    if (!store) return ExitFailed;
    TerminalProgress progress(p.isSet(QStringLiteral("json")));
    auto done = dl::writeShareMap(*store, params, progress.cancelToken());
    progress.finish();
    if (!done) return reportError(done.error());
    if (p.isSet(QStringLiteral("json")))
        printJson({{"run", done->runId},
                   {"points", done->points},
                   {"total", done->total},
                   {"path", done->path},
                   {"bytes", done->bytes}});
    else
        std::printf("Wrote %s: run %lld, %lld of %lld points, %.1f MB. Open it in a browser (no server needed).\n",
                    done->path.c_str(), static_cast<long long>(done->runId), static_cast<long long>(done->points),
                    static_cast<long long>(done->total), double(done->bytes) / 1e6);
    return ExitOk;
}

const CommandRegistration registration{Command{
    QStringLiteral("share"), QStringLiteral("Write a map you can send: one self-contained HTML page."), setup, run}};

}  // namespace
}  // namespace dlcli
