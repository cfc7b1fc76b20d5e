// `domainlens-cli export PROJECT [RUN] --format moses|tsv|jsonl --out PREFIX [--scores] [--gzip]`
#include <cstdio>

#include "CliSupport.h"
#include "export/Export.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addPositionalArgument(QStringLiteral("RUN"), QStringLiteral("Run to export (default: the latest selection; with --by cluster the latest clustering)."),
                            QStringLiteral("[RUN]"));
    p.addOptions({
        {QStringLiteral("format"), QStringLiteral("moses (one file per language), tsv or jsonl (default moses)."), QStringLiteral("FORMAT")},
        {QStringLiteral("out"), QStringLiteral("Output prefix: PREFIX.en/PREFIX.de, PREFIX.tsv, PREFIX.jsonl, PREFIX.manifest.json."), QStringLiteral("PREFIX")},
        {QStringLiteral("scores"), QStringLiteral("Add the selection score (a column, or PREFIX.scores for moses).")},
        {QStringLiteral("gzip"), QStringLiteral("Compress the training files.")},
        {QStringLiteral("force"), QStringLiteral("Replace existing files.")},
        {QStringLiteral("order"), QStringLiteral("original (corpus order, default) or score (best first)."), QStringLiteral("ORDER")},
        {QStringLiteral("top"), QStringLiteral("Re-cut the selection: the K best."), QStringLiteral("K")},
        {QStringLiteral("threshold"), QStringLiteral("Re-cut the selection: score >= T."), QStringLiteral("T")},
        {QStringLiteral("shards"), QStringLiteral("One file (pair) per domain or cluster (see --by).")},
        {QStringLiteral("mixture"), QStringLiteral("Sampling weights over domains/clusters (PREFIX.weights.json) and, with --size, a sampled training file.")},
        {QStringLiteral("by"), QStringLiteral("Groups for --shards/--mixture: domain (default) or cluster."), QStringLiteral("GROUP")},
        {QStringLiteral("corpus"), QStringLiteral("Corpus for --by domain without a run."), QStringLiteral("NAME")},
        {QStringLiteral("alpha"), QStringLiteral("Mixture temperature: weight ~ (N_d/N)^alpha (0 uniform, 1 empirical; default 1)."), QStringLiteral("A")},
        {QStringLiteral("weights"), QStringLiteral("Mixture weights set by hand: group=w,group=w (instead of --alpha)."), QStringLiteral("LIST")},
        {QStringLiteral("size"), QStringLiteral("Mixture: sentences to sample into PREFIX.sample.*."), QStringLiteral("N")},
        {QStringLiteral("with-replacement"), QStringLiteral("Mixture: sample with replacement.")},
        {QStringLiteral("seed"), QStringLiteral("Random seed for sampling (default 1)."), QStringLiteral("S")},
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
    auto format = dl::parseExportFormat(p.isSet(QStringLiteral("format")) ? p.value(QStringLiteral("format")).toStdString() : "moses");
    if (!format) return reportError(format.error());
    params.format = *format;
    params.outPrefix = p.value(QStringLiteral("out")).toStdString();
    if (params.outPrefix.empty()) return usageError(QStringLiteral("--out PREFIX is required"));
    params.scores = p.isSet(QStringLiteral("scores"));
    params.gzip = p.isSet(QStringLiteral("gzip"));
    params.force = p.isSet(QStringLiteral("force"));
    const QString order = p.value(QStringLiteral("order"));
    if (!order.isEmpty() && order != QLatin1String("original") && order != QLatin1String("score"))
        return usageError(QStringLiteral("--order must be original or score"));
    params.order = order == QLatin1String("score") ? dl::ExportOrder::Score : dl::ExportOrder::Original;
    if (p.isSet(QStringLiteral("shards")) && p.isSet(QStringLiteral("mixture"))) return usageError(QStringLiteral("use --shards or --mixture, not both"));
    params.mode = p.isSet(QStringLiteral("shards")) ? dl::ExportMode::Shards : p.isSet(QStringLiteral("mixture")) ? dl::ExportMode::Mixture : dl::ExportMode::Selection;
    if (p.isSet(QStringLiteral("by"))) params.groupBy = p.value(QStringLiteral("by")).toStdString();
    params.corpus = p.value(QStringLiteral("corpus")).toStdString();
    if (p.isSet(QStringLiteral("top"))) {
        bool ok = false;
        params.top = p.value(QStringLiteral("top")).toLongLong(&ok);
        if (!ok || *params.top <= 0) return usageError(QStringLiteral("--top must be a positive number"));
    }
    if (p.isSet(QStringLiteral("threshold"))) {
        double t = 0;
        if (!doubleOption(p, QStringLiteral("threshold"), t)) return ExitUsage;
        params.threshold = t;
    }
    if (!doubleOption(p, QStringLiteral("alpha"), params.alpha)) return ExitUsage;
    for (const auto& item : p.value(QStringLiteral("weights")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto kv = item.split(QLatin1Char('='));
        bool ok = false;
        const double w = kv.size() == 2 ? kv[1].toDouble(&ok) : 0;
        if (!ok) return usageError(QStringLiteral("--weights takes group=weight pairs, got '%1'").arg(item));
        params.weights[kv[0].trimmed().toStdString()] = w;
    }
    if (p.isSet(QStringLiteral("size"))) {
        bool ok = false;
        params.sampleSize = p.value(QStringLiteral("size")).toLongLong(&ok);
        if (!ok || params.sampleSize <= 0) return usageError(QStringLiteral("--size must be a positive number"));
    }
    params.withReplacement = p.isSet(QStringLiteral("with-replacement"));
    int seed = 1;
    if (!intOption(p, QStringLiteral("seed"), seed, 0, 1 << 30)) return ExitUsage;
    params.seed = static_cast<std::uint64_t>(seed);

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
                    static_cast<long long>(f.value("lines", std::int64_t(0))), f["sha256"].get<std::string>().substr(0, 16).c_str());
    std::printf("Manifest: %s\n", result->manifestPath.c_str());
    return ExitOk;
}

const CommandRegistration registration{
    Command{QStringLiteral("export"), QStringLiteral("Write a selection, shards or a sampled mixture as training files."), setup, run}};

}  // namespace
}  // namespace dlcli
