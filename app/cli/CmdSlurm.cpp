// `domainlens-cli slurm PROJECT encode|score|assign <stage args...> --shards N [--array-size M]
// [--partition P] [--time T] [--out DIR] [--wait] [--dry-run]`: runs a sharded stage as a Slurm
// job array plus an afterany merge (app/launch/SlurmPlan.h, SlurmSubmit.h). Everything that is
// not slurm's own option goes to the stage's workers unchanged.
#include <QCoreApplication>
#include <QFileInfo>

#include <cstdio>
#include <cstdlib>

#include "CliSupport.h"
#include "launch/SlurmPlan.h"
#include "launch/SlurmRequest.h"
#include "launch/SlurmSubmit.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"),
                            QStringLiteral("The project file (on a filesystem the nodes share)."));
    p.addPositionalArgument(QStringLiteral("STAGE"), QStringLiteral("encode, score or assign, then its arguments "
                                                                    "(RUN for score/assign, --model ... for encode)."));
    p.addOption(
        {QStringLiteral("shards"), QStringLiteral("Number of shards (contiguous id ranges)."), QStringLiteral("N")});
    p.addOption({QStringLiteral("array-size"),
                 QStringLiteral("Array tasks (default min(N, 1000)); task t runs shards t, t+M, ..."),
                 QStringLiteral("M")});
    p.addOption({QStringLiteral("partition"), QStringLiteral("Slurm partition (default: the cluster's)."),
                 QStringLiteral("P")});
    p.addOption(
        {QStringLiteral("time"), QStringLiteral("Time limit per array task (sbatch --time)."), QStringLiteral("T")});
    p.addOption({QStringLiteral("out"), QStringLiteral("Shard folder (default PROJECT.<stage>-shards)."),
                 QStringLiteral("DIR")});
    p.addOption({QStringLiteral("wait"), QStringLiteral("Wait for the merge; exit 0 only if it succeeded.")});
    p.addOption({QStringLiteral("dry-run"), QStringLiteral("Print the scripts; submit nothing.")});
    // Everything after PROJECT is ours to split (the stage's options are not known here), so
    // these options arrive as positional arguments there; before PROJECT they parse as options.
    p.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
}

dl::SlurmPlan planOf(const dl::SlurmRequest& r, const QString& project) {
    dl::SlurmPlan plan;
    plan.cli = QCoreApplication::applicationFilePath().toStdString();
    plan.project = QFileInfo(project).absoluteFilePath().toStdString();
    plan.stage = r.stage;
    plan.stageArgs = r.stageArgs;
    const QString out =
        r.outDir.empty() ? project + QStringLiteral(".") + QString::fromStdString(r.stage) + QStringLiteral("-shards")
                         : QString::fromStdString(r.outDir);
    plan.outDir = QFileInfo(out).absoluteFilePath().toStdString();
    plan.shards = r.shards;
    plan.arraySize = r.effectiveArraySize();
    plan.partition = r.partition;
    plan.time = r.time;
    return plan;
}

int report(const dl::SlurmPlan& plan, const dl::SlurmSubmission& sub) {
    std::printf("Submitted array job %s (%d shard(s) in %d task(s)) and merge job %s (afterany).\n",
                sub.arrayJobId.c_str(), plan.shards, plan.arraySize, sub.mergeJobId.c_str());
    std::printf("Scripts and logs: %s\n", plan.scriptDir().c_str());
    if (!sub.waited) return ExitOk;
    if (sub.mergeExitCode == 0) {
        std::printf("Merge job %s succeeded: every shard of '%s' is in %s.\n", sub.mergeJobId.c_str(),
                    plan.stage.c_str(), plan.project.c_str());
        return ExitOk;
    }
    std::fprintf(stderr, "domainlens-cli: merge job %s failed (exit %d); the project is unchanged.\n%s",
                 sub.mergeJobId.c_str(), sub.mergeExitCode, dl::slurmFailureReport(plan).c_str());
    return ExitFailed;
}

int run(const QCommandLineParser& p) {
    auto project = projectArgument(p);
    if (!project) return project.error();
    std::vector<std::string> rest;
    for (const QString& a : p.positionalArguments().mid(1)) rest.push_back(a.toStdString());
    for (const char* name : {"shards", "array-size", "partition", "time", "out"})
        if (p.isSet(QString::fromLatin1(name)))
            rest.insert(rest.begin() + (rest.empty() ? 0 : 1),
                        {std::string("--") + name, p.value(QString::fromLatin1(name)).toStdString()});
    for (const char* name : {"wait", "dry-run"})
        if (p.isSet(QString::fromLatin1(name))) rest.push_back(std::string("--") + name);
    auto request = dl::parseSlurmRequest(rest);
    if (!request) return reportError(request.error());
    if (!QFileInfo::exists(*project))
        return reportError({dl::ErrorKind::Failed,
                            "The project " + project->toStdString() + " does not exist.",
                            dl::ErrorCode::ProjectMissing,
                            {project->toStdString()}});
    const dl::SlurmPlan plan = planOf(*request, *project);
    if (auto s = dl::validateSlurmPlan(plan); !s) return reportError(s.error());
    if (request->dryRun) {
        std::printf("# %s\n%s\n# %s (sbatch --dependency=afterany:<array job id>)\n%s", plan.arrayScriptPath().c_str(),
                    dl::slurmArrayScript(plan).c_str(), plan.mergeScriptPath().c_str(),
                    dl::slurmMergeScript(plan).c_str());
        return ExitOk;
    }
    const char* pathEnv = std::getenv("PATH");
    auto sbatch = dl::findOnPath("sbatch", pathEnv ? pathEnv : "");
    if (!sbatch)
        return reportError({dl::ErrorKind::Failed,
                            "sbatch is not on PATH: run this on a Slurm login node, or install the Slurm client "
                            "(Debian: slurm-client). --dry-run prints the scripts without submitting them."});
    if (request->wait) std::fprintf(stderr, "Submitting; waiting for the merge job (sbatch --wait)...\n");
    auto sub = dl::submitSlurmPlan(plan, *sbatch, request->wait);
    if (!sub) return reportError(sub.error());
    return report(plan, *sub);
}

const CommandRegistration registration{
    Command{QStringLiteral("slurm"),
            QStringLiteral("Run encode, score or assign as a Slurm job array over N shards, then merge."), setup, run}};

}  // namespace
}  // namespace dlcli
