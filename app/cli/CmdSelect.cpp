// `domainlens-cli select PROJECT --method M --pool CORPUS --seed CORPUS[:DOMAIN] [--top K | --threshold T]`
#include <cstdio>

#include "CliSupport.h"
#include "select/SelectJob.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addOptions({
        {QStringLiteral("method"), QStringLiteral("cosine (Domain-Cosine), finetune-head (Domain-Finetune on frozen vectors), "
                                                  "moore-lewis, axelrod (bilingual Moore-Lewis) or contrast (in vs pseudo-out, iterated)."), QStringLiteral("M")},
        {QStringLiteral("pool"), QStringLiteral("Corpus to select from."), QStringLiteral("CORPUS")},
        {QStringLiteral("seed"), QStringLiteral("In-domain seed: a corpus, or CORPUS:DOMAIN for one domain of it."), QStringLiteral("CORPUS")},
        {QStringLiteral("parallel"), QStringLiteral("Parallel corpus for cross-lingual selection."), QStringLiteral("CORPUS")},
        {QStringLiteral("top"), QStringLiteral("Select the K best-scored pool sentences."), QStringLiteral("K")},
        {QStringLiteral("threshold"), QStringLiteral("Select pool sentences scoring at least T (default: top 10%; finetune-head: p > 0.5)."), QStringLiteral("T")},
        {QStringLiteral("keep-leaked"), QStringLiteral("Rank pool sentences that also occur in the seed (excluded by default).")},
        {QStringLiteral("embedding-set"), QStringLiteral("Embedding set id to use (default: the latest covering pool and seed)."), QStringLiteral("ID")},
        {QStringLiteral("model"), QStringLiteral("Model to encode with when pool/seed are not encoded yet (default model otherwise)."), QStringLiteral("DIR")},
        {QStringLiteral("order"), QStringLiteral("n-gram order for moore-lewis/axelrod/contrast (default 4)."), QStringLiteral("N")},
        {QStringLiteral("iterations"), QStringLiteral("contrast: re-rank rounds (default 3)."), QStringLiteral("N")},
        {QStringLiteral("hidden"), QStringLiteral("finetune-head: hidden units (0 = logistic regression; default 128)."), QStringLiteral("N")},
        {QStringLiteral("epochs"), QStringLiteral("finetune-head: training epochs (default 30)."), QStringLiteral("N")},
        {QStringLiteral("uniform-negatives"), QStringLiteral("finetune-head: sample negatives uniformly instead of by pre-ranking.")},
        {QStringLiteral("seed-value"), QStringLiteral("Random seed (default 1)."), QStringLiteral("S")},
        {QStringLiteral("json"), QStringLiteral("Print the result as one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    if (!p.isSet(QStringLiteral("method"))) return usageError(QStringLiteral("--method is required"));
    if (!p.isSet(QStringLiteral("pool")) || !p.isSet(QStringLiteral("seed")))
        return usageError(QStringLiteral("--pool and --seed are required"));
    if (p.value(QStringLiteral("method")) == QLatin1String("cross-lingual") || p.value(QStringLiteral("method")) == QLatin1String("finetune"))
        return usageError(QStringLiteral("--method %1 is not part of this version yet (available: cosine, finetune-head, moore-lewis, axelrod, contrast)")
                              .arg(p.value(QStringLiteral("method"))));
    auto method = dl::parseMethod(p.value(QStringLiteral("method")).toStdString());
    if (!method) return reportError(method.error());
    dl::SelectParams params;
    params.method = *method;
    params.pool = p.value(QStringLiteral("pool")).toStdString();
    params.seed = p.value(QStringLiteral("seed")).toStdString();
    params.excludeLeaked = !p.isSet(QStringLiteral("keep-leaked"));
    params.model = p.value(QStringLiteral("model")).toStdString();
    if (p.isSet(QStringLiteral("top"))) {
        bool ok = false;
        const auto k = p.value(QStringLiteral("top")).toLongLong(&ok);
        if (!ok || k <= 0) return usageError(QStringLiteral("--top must be a positive number"));
        params.top = k;
    }
    if (p.isSet(QStringLiteral("threshold"))) {
        double t = 0;
        if (!doubleOption(p, QStringLiteral("threshold"), t)) return ExitUsage;
        params.threshold = t;
    }
    if (p.isSet(QStringLiteral("embedding-set"))) {
        bool ok = false;
        params.embeddingSet = p.value(QStringLiteral("embedding-set")).toLongLong(&ok);
        if (!ok) return usageError(QStringLiteral("--embedding-set must be an id"));
    }
    int seedValue = 1;
    if (!intOption(p, QStringLiteral("order"), params.crossEntropy.order, 1, 6) ||
        !intOption(p, QStringLiteral("iterations"), params.crossEntropy.iterations, 0, 100) ||
        !intOption(p, QStringLiteral("hidden"), params.head.hidden, 0, 100000) ||
        !intOption(p, QStringLiteral("epochs"), params.head.epochs, 1, 10000) ||
        !intOption(p, QStringLiteral("seed-value"), seedValue, 0, 1 << 30))
        return ExitUsage;
    params.crossEntropy.seed = static_cast<std::uint64_t>(seedValue);
    params.head.seed = static_cast<std::uint64_t>(seedValue);
    params.head.preRanking = !p.isSet(QStringLiteral("uniform-negatives"));

    auto store = openProject(*path);
    if (!store) return ExitFailed;
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")));
    auto result = dl::runSelect(params, *store, progress, progress.cancelToken());
    progress.finish();
    if (!result) return reportError(result.error());
    nlohmann::json j = result->summary;
    j["run"] = result->runId;
    if (p.isSet(QStringLiteral("json"))) {
        printJson(j);
    } else {
        std::printf("Selection run #%lld (%s): %lld of %lld pool sentences selected (seed %lld sentences, %lld leaked%s).\n",
                    static_cast<long long>(result->runId), dl::methodName(params.method).c_str(),
                    static_cast<long long>(result->selected), static_cast<long long>(result->poolSize),
                    static_cast<long long>(result->seedSize), static_cast<long long>(result->leaked),
                    params.excludeLeaked ? " and excluded" : "");
        if (j["report"].contains("held_out"))
            std::printf("Held-out classifier: precision %.3f recall %.3f F1 %.3f\n", j["report"]["held_out"]["precision"].get<double>(),
                        j["report"]["held_out"]["recall"].get<double>(), j["report"]["held_out"]["f1"].get<double>());
    }
    return ExitOk;
}

const CommandRegistration registration{
    Command{QStringLiteral("select"), QStringLiteral("Score a pool against an in-domain seed and select."), setup, run}};

}  // namespace
}  // namespace dlcli
