// `domainlens-cli assign PROJECT [RUN] --shard I/N --out DIR [--corpus NAME]`: applies a stored
// cluster model (PCA + GMM) to shard I of a corpus: labels, responsibilities, log-likelihoods.
// `domainlens-cli score PROJECT [RUN] --shard I/N --out DIR [--corpus NAME]`: applies a stored
// selection model (cosine, finetune-head, moore-lewis, axelrod) to shard I: scores.
// Both read the project read-only (cluster workers); `merge PROJECT DIR` brings the results in.
#include "CliSupport.h"
#include "ShardCli.h"
#include "shard/ApplyShard.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p, const QString& kind) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addPositionalArgument(QStringLiteral("RUN"),
                            QStringLiteral("The %1 run to apply (default: the latest).").arg(kind),
                            QStringLiteral("[RUN]"));
    addShardOptions(p);
    p.addOptions({
        {QStringLiteral("corpus"), QStringLiteral("Corpus to apply it to (default: the run's corpus)."),
         QStringLiteral("NAME")},
        {QStringLiteral("json"), QStringLiteral("Print the result as one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

int run(const QCommandLineParser& p, bool assign) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    const auto runId = runArgument(p);
    if (runId < 0) return ExitUsage;
    int rc = ExitOk;
    auto target = shardTarget(p, rc);
    if (rc != ExitOk) return rc;
    if (!target)
        return usageError(QStringLiteral("%1 needs --shard I/N and --out DIR").arg(assign ? "assign" : "score"));
    auto store = openProject(*path, dl::OpenMode::SharedReadOnly);
    if (!store) return ExitFailed;
    dl::ApplyShardParams params{runId, p.value(QStringLiteral("corpus")).toStdString(), target->spec, target->outDir};
    const bool json = p.isSet(QStringLiteral("json"));
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")) || json);
    auto outcome = assign ? dl::runAssignShard(params, *store, progress, progress.cancelToken())
                          : dl::runScoreShard(params, *store, progress, progress.cancelToken());
    progress.finish();
    if (!outcome) return reportError(outcome.error());
    return printShardOutcome(*outcome, json);
}

const CommandRegistration assignRegistration{Command{
    QStringLiteral("assign"), QStringLiteral("Apply a stored cluster model (PCA + GMM) to one shard of a corpus."),
    [](QCommandLineParser& p) { setup(p, QStringLiteral("cluster")); },
    [](const QCommandLineParser& p) { return run(p, true); }}};
const CommandRegistration scoreRegistration{
    Command{QStringLiteral("score"), QStringLiteral("Apply a stored selection model to one shard of a corpus."),
            [](QCommandLineParser& p) { setup(p, QStringLiteral("selection")); },
            [](const QCommandLineParser& p) { return run(p, false); }}};

}  // namespace
}  // namespace dlcli
