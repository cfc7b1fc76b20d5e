// `domainlens-cli merge PROJECT DIR [--job encode|assign|score|filter] [--array-size M]`: checks every
// shard manifest in DIR and brings the results into the project in one transaction (vectors
// into their embedding set; assign/score results as a run). A missing or corrupt shard fails
// (exit 1) naming it and the --array list that re-runs only the missing shards; nothing changes.
#include <cstdio>

#include "CliSupport.h"
#include "ParamOptions.h"
#include "shard/MergeJob.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addPositionalArgument(QStringLiteral("DIR"), QStringLiteral("The folder the shards were written to (--out)."));
    addParamOptions(p, dl::mergeParamTable().specs());  // shard/MergeParamsTable.cpp
    p.addOptions({
        {QStringLiteral("json"), QStringLiteral("Print the result as one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    const auto pos = p.positionalArguments();
    if (pos.size() < 2) return usageError(QStringLiteral("merge needs PROJECT and DIR"));
    dl::MergeParams params;
    params.dir = pos[1].toStdString();
    if (!readParamOptions(p, dl::mergeParamTable(), params)) return ExitUsage;
    auto store = openProject(*path);
    if (!store) return ExitFailed;
    const bool json = p.isSet(QStringLiteral("json"));
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")) || json);
    auto r = dl::runMerge(params, *store, progress, progress.cancelToken());
    progress.finish();
    if (!r) return reportError(r.error());
    nlohmann::json out = r->summary.toJson();
    out["job"] = r->job;
    out["merge_run"] = r->mergeRunId;
    if (r->runId) out["run"] = r->runId;
    if (r->embeddingSet) out["embedding_set"] = r->embeddingSet;
    if (r->removed) out["removed"] = *r->removed;
    if (json) {
        printJson(out);
    } else if (r->job == "encode") {
        std::printf(
            "merged %d encode shard(s): %lld vectors added to embedding set %lld (PCA statistics in run %lld)\n",
            r->shards, static_cast<long long>(r->rows), static_cast<long long>(r->embeddingSet),
            static_cast<long long>(r->mergeRunId));
    } else if (r->removed) {
        std::printf(
            "merged %d filter shard(s): %lld sentences, %lld removed, filter run %lld (`report PROJECT %lld` "
            "for the ledger)\n",
            r->shards, static_cast<long long>(r->rows), static_cast<long long>(*r->removed),
            static_cast<long long>(r->runId), static_cast<long long>(r->runId));
    } else {
        std::printf("merged %d %s shard(s): %lld sentences, run %lld\n", r->shards, r->job.c_str(),
                    static_cast<long long>(r->rows), static_cast<long long>(r->runId));
    }
    return ExitOk;
}

const CommandRegistration registration{Command{
    QStringLiteral("merge"),
    QStringLiteral("Bring finished shards (encode, assign, score, filter) into the project, verified."), setup, run}};

}  // namespace
}  // namespace dlcli
