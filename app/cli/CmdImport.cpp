// `domainlens-cli import PROJECT --src FILE [--tgt FILE] | --parquet FILE | --hf-dataset DIR ...`: streams a corpus
// into the project. The job's options come from its parameter table (corpus/ImportParamsTable.cpp).
#include <cstdio>

#include "CliSupport.h"
#include "ParamOptions.h"
#include "corpus/Import.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    // The job's parameters (corpus/ImportParamsTable.cpp), then the output.
    addParamOptions(p, dl::importParamTable().specs());
    p.addOptions({
        {QStringLiteral("json"), QStringLiteral("Print the import report as JSON.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    const int labelOptions = int(p.isSet(QStringLiteral("domain"))) +
                             int(p.isSet(QStringLiteral("domain-from-filename"))) +
                             int(p.isSet(QStringLiteral("domain-from-column")));
    if (labelOptions > 1)
        return usageError(QStringLiteral("use only one of --domain, --domain-from-filename, --domain-from-column"));

    dl::ImportParams params;
    if (!readParamOptions(p, dl::importParamTable(), params)) return ExitUsage;
    const int inputs = int(p.isSet(QStringLiteral("src"))) + int(p.isSet(QStringLiteral("parquet"))) +
                       int(p.isSet(QStringLiteral("hf-dataset")));
    if (inputs != 1)
        return usageError(QStringLiteral("name one input: --src FILE, --parquet FILE or --hf-dataset DIR"));
    if (p.isSet(QStringLiteral("src")) && !p.isSet(QStringLiteral("format"))) {
        // No format given: from the extension, else plain.
        params.format = dl::corpusFormatFromName(p.value(QStringLiteral("src")).toStdString());
    }

    auto store = openProject(*path);
    if (!store) return ExitFailed;
    const bool json = p.isSet(QStringLiteral("json"));
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")));
    auto report = dl::runImport(params, *store, progress, progress.cancelToken());
    progress.finish();
    if (!report) return reportError(report.error());
    if (json) printJson(report->toJson());
    else std::printf("%s\n", report->summary().c_str());
    return ExitOk;
}

const CommandRegistration registration{Command{
    QStringLiteral("import"),
    QStringLiteral("Import a corpus (plain, Moses pair, TSV, JSONL; gzip ok; Parquet, HF datasets)."), setup, run}};

}  // namespace
}  // namespace dlcli
