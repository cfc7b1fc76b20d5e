// `domainlens-cli select PROJECT --method M --pool CORPUS --seed CORPUS[:DOMAIN] [--top K | --threshold T]`
#include <cstdio>

#include "CliSupport.h"
#include "select/CrossLingual.h"
#include "select/SelectData.h"
#include "select/SelectJob.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addOptions({
        {QStringLiteral("method"), QStringLiteral("cosine (Domain-Cosine), finetune-head (Domain-Finetune on frozen vectors), finetune (Domain-Finetune training the whole encoder), "
                                                  "moore-lewis, axelrod (bilingual Moore-Lewis), contrast (in vs pseudo-out, iterated), invitation (Cuong & Sima'an latent-domain EM, bilingual) or cross-lingual (needs --parallel)."), QStringLiteral("M")},
        {QStringLiteral("pool"), QStringLiteral("Corpus to select from."), QStringLiteral("CORPUS")},
        {QStringLiteral("seed"), QStringLiteral("In-domain seed: a corpus, CORPUS:DOMAIN for one domain of it, or CORPUS:DOMAIN:N for a random sample of N of those sentences (they are then excluded from the ranking)."), QStringLiteral("CORPUS")},
        {QStringLiteral("parallel"), QStringLiteral("Parallel corpus for cross-lingual selection."), QStringLiteral("CORPUS")},
        {QStringLiteral("top"), QStringLiteral("Select the K best-scored pool sentences."), QStringLiteral("K")},
        {QStringLiteral("threshold"), QStringLiteral("Select pool sentences scoring at least T (default: top 10%; finetune-head: p > 0.5)."), QStringLiteral("T")},
        {QStringLiteral("keep-leaked"), QStringLiteral("Rank pool sentences that also occur in the seed (excluded by default).")},
        {QStringLiteral("embedding-set"), QStringLiteral("Embedding set id to use (default: the latest covering pool and seed)."), QStringLiteral("ID")},
        {QStringLiteral("model"), QStringLiteral("Model to encode with when pool/seed are not encoded yet (default model otherwise)."), QStringLiteral("DIR")},
        {QStringLiteral("order"), QStringLiteral("n-gram order for moore-lewis/axelrod/contrast (default 4)."), QStringLiteral("N")},
        {QStringLiteral("iterations"), QStringLiteral("contrast: re-rank rounds (default 3); invitation: EM iterations (default 1)."), QStringLiteral("N")},
        {QStringLiteral("pseudo-out"), QStringLiteral("invitation: pseudo out-of-domain set from the LM contrast (lm, default) or the lexical tables (tm)."), QStringLiteral("lm|tm")},
        {QStringLiteral("pseudo-out-factor"), QStringLiteral("contrast, invitation: pseudo-out size as a multiple of the seed size (default 1, as the paper)."), QStringLiteral("X")},
        {QStringLiteral("vocabulary"), QStringLiteral("moore-lewis/axelrod/contrast/invitation: LM vocabulary = non-singleton words of the seed (seed; default of moore-lewis and axelrod) or of seed + pool (pool; default of contrast and invitation)."), QStringLiteral("seed|pool")},
        {QStringLiteral("min-cooccurrence"), QStringLiteral("invitation: lexical-table entries only for word pairs co-occurring in at least N sentence pairs (default 2; 1 keeps every co-occurrence)."), QStringLiteral("N")},
        {QStringLiteral("hidden"), QStringLiteral("finetune-head: hidden units (0 = logistic regression; default 128)."), QStringLiteral("N")},
        {QStringLiteral("epochs"), QStringLiteral("finetune-head: training epochs (default 30)."), QStringLiteral("N")},
        {QStringLiteral("finetune-epochs"), QStringLiteral("finetune: epochs over seed + negatives (default 2)."), QStringLiteral("N")},
        {QStringLiteral("uniform-negatives"), QStringLiteral("finetune-head: sample negatives uniformly instead of by pre-ranking.")},
        {QStringLiteral("seed-value"), QStringLiteral("Random seed (default 1)."), QStringLiteral("S")},
        {QStringLiteral("clusters"), QStringLiteral("cross-lingual: GMM clusters deciding the contrastive negatives (default 5; 1 = all in-batch)."), QStringLiteral("K")},
        {QStringLiteral("temperature"), QStringLiteral("cross-lingual: InfoNCE temperature (default 0.2)."), QStringLiteral("T")},
        {QStringLiteral("seed-sample-seed"), QStringLiteral("Random seed of the CORPUS:DOMAIN:N seed sample (default 24301); stored in the run."), QStringLiteral("S")},
        {QStringLiteral("pca-sample"), QStringLiteral("cross-lingual: fit the PCA before clustering on a random sample of this many pairs when larger (default 200000; 0 = all)."), QStringLiteral("N")},
        {QStringLiteral("json"), QStringLiteral("Print the result as one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

bool cutOptions(const QCommandLineParser& p, std::optional<std::int64_t>& top, std::optional<double>& threshold) {
    if (p.isSet(QStringLiteral("top"))) {
        bool ok = false;
        const auto k = p.value(QStringLiteral("top")).toLongLong(&ok);
        if (!ok || k <= 0) {
            usageError(QStringLiteral("--top must be a positive number"));
            return false;
        }
        top = k;
    }
    if (p.isSet(QStringLiteral("threshold"))) {
        double t = 0;
        if (!doubleOption(p, QStringLiteral("threshold"), t)) return false;
        threshold = t;
    }
    if (top && threshold) {
        usageError(QStringLiteral("use either --top or --threshold"));
        return false;
    }
    return true;
}

int runCrossLingualCommand(const QCommandLineParser& p, const QString& path) {
    dl::CrossLingualParams params;
    params.pool = p.value(QStringLiteral("pool")).toStdString();
    params.seed = p.value(QStringLiteral("seed")).toStdString();
    params.parallel = p.value(QStringLiteral("parallel")).toStdString();
    if (params.parallel.empty()) return usageError(QStringLiteral("--method cross-lingual needs --parallel CORPUS"));
    params.model = p.value(QStringLiteral("model")).toStdString();
    if (!cutOptions(p, params.top, params.threshold)) return ExitUsage;
    int seedValue = 1;
    if (!intOption(p, QStringLiteral("clusters"), params.clusters, 1, 1000) || !intOption(p, QStringLiteral("hidden"), params.hidden, 1, 100000) ||
        !intOption(p, QStringLiteral("epochs"), params.maxEpochs, 1, 10000) || !intOption(p, QStringLiteral("seed-value"), seedValue, 0, 1 << 30) ||
        !doubleOption(p, QStringLiteral("temperature"), params.temperature))
        return ExitUsage;
    params.seedValue = static_cast<std::uint64_t>(seedValue);
    int pcaSample = static_cast<int>(params.pcaMaxFitRows), sampleSeed = static_cast<int>(params.seedSampleSeed);
    if (!intOption(p, QStringLiteral("pca-sample"), pcaSample, 0, 2147483647) ||
        !intOption(p, QStringLiteral("seed-sample-seed"), sampleSeed, 0, 2147483647))
        return ExitUsage;
    params.pcaMaxFitRows = pcaSample;
    params.seedSampleSeed = static_cast<std::uint64_t>(sampleSeed);
    auto store = openProject(path);
    if (!store) return ExitFailed;
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")));
    auto result = dl::runCrossLingual(params, *store, progress, progress.cancelToken());
    progress.finish();
    if (!result) return reportError(result.error());
    nlohmann::json j = result->summary.toJson();
    j["run"] = result->runId;
    if (p.isSet(QStringLiteral("json"))) {
        printJson(j);
        return ExitOk;
    }
    std::printf("Selection run #%lld (cross-lingual): %lld of %lld pool sentences selected (seed %lld, %lld parallel pairs).\n",
                static_cast<long long>(result->runId), static_cast<long long>(result->selected), static_cast<long long>(result->poolSize),
                static_cast<long long>(result->seedSize), static_cast<long long>(result->pairs));
    std::printf("Adaptive layer: held-out InfoNCE loss %.4f -> %.4f after %d epochs; classifier held-out F1 %.3f\n",
                j["adaptive_layer"]["initial_held_out_loss"].get<double>(), j["adaptive_layer"]["held_out_loss"].get<double>(),
                j["adaptive_layer"]["epochs"].get<int>(), j["report"]["held_out"]["f1"].get<double>());
    return ExitOk;
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    if (!p.isSet(QStringLiteral("method"))) return usageError(QStringLiteral("--method is required"));
    if (!p.isSet(QStringLiteral("pool")) || !p.isSet(QStringLiteral("seed")))
        return usageError(QStringLiteral("--pool and --seed are required"));
    if (p.value(QStringLiteral("method")) == QLatin1String("cross-lingual")) return runCrossLingualCommand(p, *path);
    auto method = dl::parseMethod(p.value(QStringLiteral("method")).toStdString());
    if (!method) return reportError(method.error());
    dl::SelectParams params;
    params.method = *method;
    params.pool = p.value(QStringLiteral("pool")).toStdString();
    params.seed = p.value(QStringLiteral("seed")).toStdString();
    params.excludeLeaked = !p.isSet(QStringLiteral("keep-leaked"));
    params.model = p.value(QStringLiteral("model")).toStdString();
    if (!cutOptions(p, params.top, params.threshold)) return ExitUsage;
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
        !intOption(p, QStringLiteral("finetune-epochs"), params.fineTune.epochs, 1, 1000) ||
        !intOption(p, QStringLiteral("seed-value"), seedValue, 0, 1 << 30))
        return ExitUsage;
    params.crossEntropy.seed = static_cast<std::uint64_t>(seedValue);
    params.invitation.seed = static_cast<std::uint64_t>(seedValue);
    if (p.isSet(QStringLiteral("iterations"))) params.invitation.iterations = params.crossEntropy.iterations;
    if (params.method == dl::SelectMethod::Invitation && params.invitation.iterations < 1)
        return usageError(QStringLiteral("--iterations must be at least 1 for invitation"));
    if (p.isSet(QStringLiteral("pseudo-out"))) {
        const auto v = p.value(QStringLiteral("pseudo-out"));
        if (v != QLatin1String("lm") && v != QLatin1String("tm")) return usageError(QStringLiteral("--pseudo-out must be lm or tm"));
        params.invitation.pseudoOut = v == QLatin1String("lm") ? dl::PseudoOutSource::LanguageModel : dl::PseudoOutSource::TranslationModel;
    }
    params.invitation.order = params.crossEntropy.order;
    if (!intOption(p, QStringLiteral("min-cooccurrence"), params.invitation.minCooccurrence, 1, 1000000) ||
        !doubleOption(p, QStringLiteral("pseudo-out-factor"), params.invitation.pseudoOutFactor))
        return ExitUsage;
    if (params.invitation.pseudoOutFactor <= 0) return usageError(QStringLiteral("--pseudo-out-factor must be positive"));
    params.crossEntropy.outFactor = params.invitation.pseudoOutFactor;
    if (p.isSet(QStringLiteral("vocabulary"))) {
        const auto v = p.value(QStringLiteral("vocabulary"));
        if (v != QLatin1String("seed") && v != QLatin1String("pool")) return usageError(QStringLiteral("--vocabulary must be seed or pool"));
        params.poolVocabulary = v == QLatin1String("pool");
    }
    params.head.seed = static_cast<std::uint64_t>(seedValue);
    params.fineTune.seed = static_cast<std::uint64_t>(seedValue);
    params.head.preRanking = !p.isSet(QStringLiteral("uniform-negatives"));
    int sampleSeed = static_cast<int>(params.seedSampleSeed);
    if (!intOption(p, QStringLiteral("seed-sample-seed"), sampleSeed, 0, 2147483647)) return ExitUsage;
    params.seedSampleSeed = static_cast<std::uint64_t>(sampleSeed);
    if (p.isSet(QStringLiteral("pca-sample"))) return usageError(QStringLiteral("--pca-sample applies to --method cross-lingual only"));

    auto store = openProject(*path);
    if (!store) return ExitFailed;
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")));
    auto result = dl::runSelect(params, *store, progress, progress.cancelToken());
    progress.finish();
    if (!result) return reportError(result.error());
    nlohmann::json j = result->summary.toJson();
    j["run"] = result->runId;
    if (p.isSet(QStringLiteral("json"))) {
        printJson(j);
    } else {
        std::printf("Selection run #%lld (%s): %lld of %lld pool sentences selected (seed %lld sentences, %lld leaked%s).\n",
                    static_cast<long long>(result->runId), dl::methodName(params.method).c_str(),
                    static_cast<long long>(result->selected), static_cast<long long>(result->poolSize),
                    static_cast<long long>(result->seedSize), static_cast<long long>(result->leaked),
                    params.excludeLeaked ? " and excluded" : "");
        if (const auto n = dl::seedSampleSize(params.seed); n > 0)
            std::printf("Seed: a random sample of %lld sentences of %s (sample seed %llu; --seed-sample-seed to change)\n",
                        static_cast<long long>(n), params.seed.c_str(), static_cast<unsigned long long>(params.seedSampleSeed));
        if (j["report"].contains("iterations"))  // the Invitation model keeps every EM iteration's ranking
            for (const auto& it : j["report"]["iterations"]) {
                std::printf("EM iteration %d: P(in) %.3f, expected in-domain pairs %.0f", it["iteration"].get<int>(),
                            it["prior_in"].get<double>(), it["expected_in"].get<double>());
                if (it.contains("cutoffs") && !it["cutoffs"].empty())
                    std::printf(", pseudo-precision at the true size (%lld) %.3f",
                                static_cast<long long>(it["cutoffs"].back()["cutoff"].get<std::int64_t>()),
                                it["cutoffs"].back()["precision"].get<double>());
                std::printf("\n");
            }
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
