// `domainlens-cli copy SRC DST [--force] [--json] [--quiet]`: a consistent copy of a project,
// also while it is open or being written (core/store/ProjectCopy: SQLite's online backup, the
// copy checked before it is moved into place). Copy projects with this, not with cp.
#include <cstdio>

#include "CliSupport.h"
#include "store/ProjectCopy.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("SRC"), QStringLiteral("The project to copy (it may be open elsewhere)."));
    p.addPositionalArgument(QStringLiteral("DST"), QStringLiteral("The copy: a new file in an existing folder."));
    p.addOptions({
        {QStringLiteral("force"),
         QStringLiteral("Replace DST when it exists (atomically: DST is never half-written).")},
        {QStringLiteral("json"), QStringLiteral("Print the result as one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

int run(const QCommandLineParser& p) {
    const QStringList args = p.positionalArguments();
    if (args.size() != 2) return usageError(QStringLiteral("copy takes SRC and DST"));
    dl::ProjectCopyParams params;
    params.source = args[0].toStdString();
    params.destination = args[1].toStdString();
    params.replace = p.isSet(QStringLiteral("force"));
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")) || p.isSet(QStringLiteral("json")));
    auto copied = dl::copyProject(params, progress, progress.cancelToken());
    progress.finish();
    if (!copied) return reportError(copied.error());
    if (p.isSet(QStringLiteral("json"))) {
        printJson({{"source", params.source},
                   {"destination", copied->destination},
                   {"schema_version", copied->schemaVersion},
                   {"pages", copied->pages},
                   {"bytes", copied->bytes},
                   {"sha256", copied->sha256},
                   {"replaced", copied->replaced},
                   {"integrity_check", "ok"}});
    } else {
        std::printf("Copied %s to %s (%lld bytes, integrity check ok)\n", params.source.c_str(),
                    copied->destination.c_str(), static_cast<long long>(copied->bytes));
    }
    return ExitOk;
}

const CommandRegistration registration{Command{
    QStringLiteral("copy"),
    QStringLiteral("Copy a project safely, also while it is open (SQLite's backup; never cp a project)."), setup, run}};

}  // namespace
}  // namespace dlcli
