// `domainlens-cli mixture kit|target|schedule|step ...`: the data side of Pham, Crego & Yvon
// 2022's dynamic sampling (docs/mixture.md). Each subcommand's options come from its parameter
// table (mixture/MixtureParamsTable.cpp); the subcommand is the first positional argument, read
// before the options are declared so that `mixture kit --help` lists the kit's.
//   kit      PROJECT [RUN] --out DIR          per-group train/dev/test, mixture.json, opennmt.yaml
//   target   PROJECT [RUN] --from ...         lambda^t (uniform, groups, dev-set, selection)
//   schedule [PROJECT] --kind ... --out P     fixed schedules and phase files
//   step     STATE [--init MIXTURE] [--rewards FILE]   one MDAC session: the next lambda
//   train    KIT_DIR --out DIR --schedule ...  the learner: a small Transformer LM on the mixture
#include <QCoreApplication>

#include <cstdio>

#include "CliSupport.h"
#include "ParamOptions.h"
#include "mixture/Mdac.h"
#include "mixture/MixtureKit.h"
#include "mixture/MixtureParams.h"
#include "mixture/MixtureSchedule.h"
#include "mixture/MixtureTarget.h"
#include "mixture/MixtureTrain.h"

namespace dlcli {
namespace {

const QStringList kSubcommands{QStringLiteral("kit"), QStringLiteral("target"), QStringLiteral("schedule"),
                               QStringLiteral("step"), QStringLiteral("train")};

// The subcommand as typed (argv[2]); "" when absent or an option.
QString subcommand() {
    const auto args = QCoreApplication::arguments();
    return args.size() > 2 && !args[2].startsWith(QLatin1Char('-')) ? args[2] : QString();
}

void addOutput(QCommandLineParser& p) {
    p.addOptions({
        {QStringLiteral("json"), QStringLiteral("Print one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

void setup(QCommandLineParser& p) {
    const QString sub = subcommand();
    p.addPositionalArgument(QStringLiteral("SUBCOMMAND"), QStringLiteral("kit, target, schedule, step or train."));
    if (sub == QLatin1String("kit") || sub == QLatin1String("target")) {
        p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
        p.addPositionalArgument(QStringLiteral("RUN"),
                                QStringLiteral("The cluster run (--by cluster; default: the latest)."),
                                QStringLiteral("[RUN]"));
        addParamOptions(p, sub == QLatin1String("kit") ? dl::mixtureKitParamTable().specs()
                                                       : dl::mixtureTargetParamTable().specs());
    } else if (sub == QLatin1String("schedule")) {
        p.addPositionalArgument(QStringLiteral("PROJECT"),
                                QStringLiteral("The project file (curriculum and gradual only)."),
                                QStringLiteral("[PROJECT]"));
        addParamOptions(p, dl::mixtureScheduleParamTable().specs());
    } else if (sub == QLatin1String("step")) {
        p.addPositionalArgument(QStringLiteral("STATE"), QStringLiteral("The MDAC state file (JSON)."));
        addParamOptions(p, dl::mixtureStepParamTable().specs());
    } else if (sub == QLatin1String("train")) {
        p.addPositionalArgument(QStringLiteral("KIT_DIR"), QStringLiteral("A mixture kit's folder (`mixture kit`)."));
        addParamOptions(p, dl::mixtureTrainParamTable().specs());
    }
    addOutput(p);
}

void printWeights(const char* title, const dl::Weights& w) {
    std::printf("%s\n", title);
    for (const auto& [g, v] : w) std::printf("  %-24s %.6f\n", g.c_str(), v);
}

// PROJECT and the optional RUN after the subcommand.
struct ProjectAndRun {
    QString project;
    std::optional<std::int64_t> run;
};
std::expected<ProjectAndRun, int> projectAndRun(const QCommandLineParser& p, bool required) {
    const auto pos = p.positionalArguments();
    ProjectAndRun out;
    if (pos.size() < 2) {
        if (required) return std::unexpected(usageError(QStringLiteral("name the PROJECT")));
        return out;
    }
    out.project = pos[1];
    if (pos.size() > 2) {
        bool ok = false;
        const auto id = pos[2].toLongLong(&ok);
        if (!ok || id <= 0)
            return std::unexpected(usageError(QStringLiteral("RUN must be a run id, got '%1'").arg(pos[2])));
        out.run = id;
    }
    return out;
}

int runKit(const QCommandLineParser& p) {
    auto where = projectAndRun(p, true);
    if (!where) return where.error();
    dl::MixtureKitParams params;
    params.run = where->run;
    if (!readParamOptions(p, dl::mixtureKitParamTable(), params)) return ExitUsage;
    auto store = openProject(where->project, dl::OpenMode::ReadOnly);
    if (!store) return ExitFailed;
    const bool json = p.isSet(QStringLiteral("json"));
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")) || json);
    auto r = dl::runMixtureKit(params, *store, progress, progress.cancelToken());
    progress.finish();
    if (!r) return reportError(r.error());
    if (json) {
        printJson({{"mixture", r->mixture}, {"manifest", r->manifest}, {"files", r->files}});
        return ExitOk;
    }
    std::printf("%-24s %10s %6s %6s %9s %9s %9s %9s\n", "group", "train", "dev", "test", "q", "lambda_t", "lambda_0",
                "repeat");
    for (const auto& [g, v] : r->mixture["groups"].items())
        std::printf("%-24s %10lld %6lld %6lld %9.5f %9.5f %9.5f %9.3f\n", g.c_str(),
                    static_cast<long long>(v["train"].get<std::int64_t>()),
                    static_cast<long long>(v["dev"].get<std::int64_t>()),
                    static_cast<long long>(v["test"].get<std::int64_t>()), v["q"].get<double>(),
                    r->mixture["lambda_t"][g].get<double>(), r->mixture["lambda_0"][g].get<double>(),
                    v["repetition"].get<double>());
    std::printf("Kit: %s (mixture.json, opennmt.yaml, manifest.json)\n", params.outDir.c_str());
    return ExitOk;
}

int runTarget(const QCommandLineParser& p) {
    auto where = projectAndRun(p, true);
    if (!where) return where.error();
    dl::MixtureTargetParams params;
    if (!readParamOptions(p, dl::mixtureTargetParamTable(), params)) return ExitUsage;
    auto store = openProject(where->project, dl::OpenMode::ReadOnly);
    if (!store) return ExitFailed;
    TerminalProgress progress(true);
    auto r = dl::runMixtureTarget(params, where->run, *store, progress.cancelToken());
    if (!r) return reportError(r.error());
    const nlohmann::json out = dl::targetJson(*r);
    if (p.isSet(QStringLiteral("json"))) printJson(out);
    else printWeights("lambda_t", r->lambda);
    return ExitOk;
}

int runSchedule(const QCommandLineParser& p) {
    auto where = projectAndRun(p, false);
    if (!where) return where.error();
    dl::MixtureScheduleParams params;
    if (!readParamOptions(p, dl::mixtureScheduleParamTable(), params)) return ExitUsage;
    std::unique_ptr<dl::Store> store;
    if (!where->project.isEmpty()) {
        store = openProject(where->project, dl::OpenMode::ReadOnly);
        if (!store) return ExitFailed;
    }
    const bool json = p.isSet(QStringLiteral("json"));
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")) || json);
    auto r = dl::runMixtureSchedule(params, store.get(), progress, progress.cancelToken());
    progress.finish();
    if (!r) return reportError(r.error());
    if (json) {
        printJson({{"schedule", r->schedule}, {"files", r->files}});
        return ExitOk;
    }
    for (const auto& e : r->schedule["schedule"]) {
        std::printf("step %9lld:", static_cast<long long>(e["step"].get<std::int64_t>()));
        for (const auto& [g, w] : e["lambda"].items()) std::printf("  %s %.4f", g.c_str(), w.get<double>());
        std::printf("\n");
    }
    std::printf("Schedule: %s.schedule.json\n", params.out.c_str());
    return ExitOk;
}

int runStep(const QCommandLineParser& p) {
    const auto pos = p.positionalArguments();
    if (pos.size() < 2) return usageError(QStringLiteral("name the STATE file"));
    const std::string statePath = pos[1].toStdString();
    dl::MixtureStepParams params;
    if (!readParamOptions(p, dl::mixtureStepParamTable(), params)) return ExitUsage;
    if (params.init.empty())
        for (const char* fixed : {"beta", "lr", "updates", "reward"})
            if (p.isSet(QString::fromLatin1(fixed)))
                return usageError(QStringLiteral("--%1 is set when the state starts (--init); it is in the state")
                                      .arg(QLatin1String(fixed)));
    auto state = dl::runMixtureStep(statePath, params);
    if (!state) return reportError(state.error());
    const auto lambda = state->lambda();
    if (p.isSet(QStringLiteral("json"))) {
        printJson({{"session", state->session}, {"lambda", lambda}, {"state", statePath}});
        return ExitOk;
    }
    std::printf("session %lld\n", static_cast<long long>(state->session));
    printWeights("lambda", lambda);
    return ExitOk;
}

int runTrain(const QCommandLineParser& p) {
    const auto pos = p.positionalArguments();
    if (pos.size() < 2) return usageError(QStringLiteral("name the KIT_DIR"));
    dl::MixtureTrainParams params;
    if (!readParamOptions(p, dl::mixtureTrainParamTable(), params)) return ExitUsage;
    const bool json = p.isSet(QStringLiteral("json"));
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")) || json);
    auto r = dl::runMixtureTrain(pos[1].toStdString(), params, progress, progress.cancelToken());
    progress.finish();
    if (!r) return reportError(r.error());
    if (json) {
        printJson(*r);
        return ExitOk;
    }
    const auto& last = (*r)["final"];
    std::printf("%-24s %9s %10s %9s\n", "group", "lambda_t", "dev loss", "ppl");
    for (const auto& [g, v] : last["dev"].items())
        std::printf("%-24s %9.4f %10.4f %9.2f\n", g.c_str(), (*r)["lambda_t"][g].get<double>(), v["loss"].get<double>(),
                    v["ppl"].get<double>());
    std::printf("step %lld: dev loss under lambda_t %.4f (ppl %.2f); %.0f tokens/s on %s; MDAC overhead %.2f\n",
                static_cast<long long>(last["step"].get<std::int64_t>()), last["target_loss"].get<double>(),
                last["target_ppl"].get<double>(), (*r)["tokens_per_s"].get<double>(),
                (*r)["device"].get<std::string>().c_str(), (*r)["mdac_overhead"].get<double>());
    std::printf("Report: %s/train.json\n", params.out.c_str());
    return ExitOk;
}

int run(const QCommandLineParser& p) {
    const QString sub = subcommand();
    if (sub == QLatin1String("kit")) return runKit(p);
    if (sub == QLatin1String("target")) return runTarget(p);
    if (sub == QLatin1String("schedule")) return runSchedule(p);
    if (sub == QLatin1String("step")) return runStep(p);
    if (sub == QLatin1String("train")) return runTrain(p);
    if (sub.isEmpty()) return usageError(QStringLiteral("mixture needs a subcommand: %1").arg(kSubcommands.join(", ")));
    return usageError(QStringLiteral("unknown mixture subcommand '%1' (choose %2)")
                          .arg(sub, kSubcommands.join(QStringLiteral(", "))));
}

const CommandRegistration registration{Command{
    QStringLiteral("mixture"),
    QStringLiteral("Training mixtures (Pham et al. 2022): kit, target, schedule, step (MDAC), train."), setup, run}};

}  // namespace
}  // namespace dlcli
