#include "ShardCli.h"

#include <cstdio>

#include "CliSupport.h"
#include "shard/EncodeShard.h"

namespace dlcli {

void addShardOptions(QCommandLineParser& p) {
    p.addOptions({
        {QStringLiteral("shard"),
         QStringLiteral("Only shard I of N (0-based): a contiguous range of the corpus's sentences. Needs --out."),
         QStringLiteral("I/N")},
        {QStringLiteral("out"),
         QStringLiteral(
             "Folder for the shard's data file and manifest (a present, valid shard is skipped on a rerun)."),
         QStringLiteral("DIR")},
    });
}

std::optional<ShardTarget> shardTarget(const QCommandLineParser& p, int& exitCode) {
    exitCode = ExitOk;
    const bool shard = p.isSet(QStringLiteral("shard")), out = p.isSet(QStringLiteral("out"));
    if (!shard && !out) return std::nullopt;
    if (shard != out) {
        exitCode = usageError(QStringLiteral("--shard I/N and --out DIR go together"));
        return std::nullopt;
    }
    auto spec = dl::parseShardSpec(p.value(QStringLiteral("shard")).toStdString());
    if (!spec) {
        exitCode = reportError(spec.error());
        return std::nullopt;
    }
    return ShardTarget{*spec, std::filesystem::path(p.value(QStringLiteral("out")).toStdString())};
}

int printShardOutcome(const dl::ShardOutcome& o, bool json) {
    const auto& m = o.manifest;
    if (json) {
        printJson({{"job", m.job},
                   {"shard", m.shard.index},
                   {"shards", m.shard.count},
                   {"skipped", o.skipped},
                   {"manifest", o.manifestPath.string()},
                   {"rows", m.rows},
                   {"first_id", m.firstId},
                   {"last_id", m.lastId},
                   {"sha256", m.sha256},
                   {"params_hash", m.paramsHash},
                   {"model_hash", m.modelHash}});
        return ExitOk;
    }
    std::printf("%s shard %s: %s %lld rows (ids %lld..%lld) -> %s\n", m.job.c_str(),
                dl::formatShardSpec(m.shard).c_str(), o.skipped ? "already complete," : "wrote",
                static_cast<long long>(m.rows), static_cast<long long>(m.firstId), static_cast<long long>(m.lastId),
                o.manifestPath.string().c_str());
    return ExitOk;
}

int runShardWork(const QString& project, const QCommandLineParser& p, const ShardWork& work) {
    auto store = openProject(project, dl::OpenMode::SharedReadOnly);
    if (!store) return ExitFailed;
    const bool json = p.isSet(QStringLiteral("json"));
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")) || json);
    auto outcome = work(*store, progress, progress.cancelToken());
    progress.finish();
    if (!outcome) return reportError(outcome.error());
    return printShardOutcome(*outcome, json);
}

int runEncodeShardCommand(const QString& project, const dl::EncodeParams& params, const ShardTarget& target,
                          const QCommandLineParser& p) {
    return runShardWork(project, p, [&](dl::Store& store, dl::ProgressSink& progress, const dl::CancelToken& cancel) {
        return dl::runEncodeShard({params, target.spec, target.outDir}, store, progress, cancel);
    });
}

}  // namespace dlcli
