// `domainlens-cli import PROJECT --src FILE [--tgt FILE] ...`: streams a corpus into the project.
#include <cstdio>

#include "CliSupport.h"
#include "corpus/Import.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addOptions({
        {QStringLiteral("src"), QStringLiteral("Input file: plain text (one sentence per line), TSV or JSONL; .gz is read transparently."), QStringLiteral("FILE")},
        {QStringLiteral("tgt"), QStringLiteral("Line-aligned target file (Moses parallel pair with --src)."), QStringLiteral("FILE")},
        {QStringLiteral("domain"), QStringLiteral("Domain label for every imported sentence."), QStringLiteral("LABEL")},
        {QStringLiteral("domain-from-filename"), QStringLiteral("Domain label from the file name (medical.en -> medical).")},
        {QStringLiteral("domain-from-column"), QStringLiteral("Domain label from the TSV column / JSONL field named domain (the default when present).")},
        {QStringLiteral("corpus"), QStringLiteral("Corpus to create or append to (default: the file name without extension)."), QStringLiteral("NAME")},
        {QStringLiteral("format"), QStringLiteral("plain, tsv or jsonl (default: from the extension, else plain)."), QStringLiteral("FORMAT")},
        {QStringLiteral("src-lang"), QStringLiteral("Source language code (default: from the file extension)."), QStringLiteral("LANG")},
        {QStringLiteral("tgt-lang"), QStringLiteral("Target language code (default: from the file extension)."), QStringLiteral("LANG")},
        {QStringLiteral("columns"), QStringLiteral("TSV column roles, e.g. src,tgt,domain (ignore skips a column)."), QStringLiteral("LIST")},
        {QStringLiteral("src-field"), QStringLiteral("JSONL field with the source text (default src)."), QStringLiteral("NAME")},
        {QStringLiteral("tgt-field"), QStringLiteral("JSONL field with the target text (default tgt)."), QStringLiteral("NAME")},
        {QStringLiteral("domain-field"), QStringLiteral("JSONL field with the domain label (default domain)."), QStringLiteral("NAME")},
        {QStringLiteral("replace-invalid"), QStringLiteral("Replace invalid UTF-8 with U+FFFD instead of stopping.")},
        {QStringLiteral("keep-duplicates"), QStringLiteral("Do not drop duplicate sentences.")},
        {QStringLiteral("max-line-bytes"), QStringLiteral("Longest accepted line (default 1048576)."), QStringLiteral("N")},
        {QStringLiteral("json"), QStringLiteral("Print the import report as JSON.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    if (!p.isSet(QStringLiteral("src"))) return usageError(QStringLiteral("--src FILE is required"));
    const int labelOptions = int(p.isSet(QStringLiteral("domain"))) + int(p.isSet(QStringLiteral("domain-from-filename"))) +
                             int(p.isSet(QStringLiteral("domain-from-column")));
    if (labelOptions > 1)
        return usageError(QStringLiteral("use only one of --domain, --domain-from-filename, --domain-from-column"));

    dl::ImportParams params;
    params.srcPath = p.value(QStringLiteral("src")).toStdString();
    params.tgtPath = p.value(QStringLiteral("tgt")).toStdString();
    params.corpus = p.value(QStringLiteral("corpus")).toStdString();
    params.srcLang = p.value(QStringLiteral("src-lang")).toStdString();
    params.tgtLang = p.value(QStringLiteral("tgt-lang")).toStdString();
    params.replaceInvalidUtf8 = p.isSet(QStringLiteral("replace-invalid"));
    params.dedupe = !p.isSet(QStringLiteral("keep-duplicates"));
    if (p.isSet(QStringLiteral("domain"))) {
        params.labelSource = dl::LabelSource::Given;
        params.domain = p.value(QStringLiteral("domain")).toStdString();
    } else if (p.isSet(QStringLiteral("domain-from-filename"))) {
        params.labelSource = dl::LabelSource::FromFilename;
    } else if (p.isSet(QStringLiteral("domain-from-column"))) {
        params.labelSource = dl::LabelSource::FromColumn;
    }
    QString format = p.value(QStringLiteral("format")).toLower();
    if (format.isEmpty()) {
        QString name = p.value(QStringLiteral("src"));
        if (name.endsWith(QLatin1String(".gz"))) name.chop(3);
        format = name.endsWith(QLatin1String(".tsv")) ? QStringLiteral("tsv")
                 : name.endsWith(QLatin1String(".jsonl")) ? QStringLiteral("jsonl") : QStringLiteral("plain");
    }
    if (format == QLatin1String("plain")) params.format = dl::CorpusFormat::Plain;
    else if (format == QLatin1String("tsv")) params.format = dl::CorpusFormat::Tsv;
    else if (format == QLatin1String("jsonl")) params.format = dl::CorpusFormat::Jsonl;
    else return usageError(QStringLiteral("--format must be plain, tsv or jsonl, got '%1'").arg(format));
    if (p.isSet(QStringLiteral("columns")))
        for (const auto& c : p.value(QStringLiteral("columns")).split(QLatin1Char(','), Qt::SkipEmptyParts))
            params.tsvColumns.push_back(c.trimmed().toStdString());
    if (p.isSet(QStringLiteral("src-field"))) params.srcField = p.value(QStringLiteral("src-field")).toStdString();
    if (p.isSet(QStringLiteral("tgt-field"))) params.tgtField = p.value(QStringLiteral("tgt-field")).toStdString();
    if (p.isSet(QStringLiteral("domain-field"))) params.domainField = p.value(QStringLiteral("domain-field")).toStdString();
    int maxLine = static_cast<int>(params.maxLineBytes);
    if (!intOption(p, QStringLiteral("max-line-bytes"), maxLine, 1024, 1 << 30)) return ExitUsage;
    params.maxLineBytes = static_cast<std::size_t>(maxLine);

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

const CommandRegistration registration{
    Command{QStringLiteral("import"), QStringLiteral("Import a corpus (plain, Moses pair, TSV, JSONL; gzip ok)."), setup, run}};

}  // namespace
}  // namespace dlcli
