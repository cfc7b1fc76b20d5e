// `domainlens-cli report PROJECT [RUN] [--json|--csv]`: purity, confusion, outliers and
// centroid similarities of a cluster run (default: the latest).
#include <cstdio>
#include <fstream>
#include <sstream>

#include "CliSupport.h"
#include "analysis/Report.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addPositionalArgument(QStringLiteral("RUN"), QStringLiteral("Cluster run id (default: the latest)."), QStringLiteral("[RUN]"));
    p.addOptions({
        {QStringLiteral("json"), QStringLiteral("Print one JSON object.")},
        {QStringLiteral("csv"), QStringLiteral("Print CSV sections (confusion, per-domain, outlier pairs, centroid cosine).")},
        {QStringLiteral("scores"), QStringLiteral("CSV matrix of cross-domain scores (e.g. BLEU, rows = train domain) to correlate with centroid cosine."), QStringLiteral("FILE")},
        {QStringLiteral("samples"), QStringLiteral("Outlier sentences shown per (from, to) pair (default 5)."), QStringLiteral("N")},
    });
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    if (p.isSet(QStringLiteral("json")) && p.isSet(QStringLiteral("csv"))) return usageError(QStringLiteral("use only one of --json and --csv"));
    dl::ReportParams params;
    params.runId = runArgument(p);
    if (params.runId < 0) return ExitUsage;
    if (!intOption(p, QStringLiteral("samples"), params.outlierSamples, 0, 100000)) return ExitUsage;
    if (p.isSet(QStringLiteral("scores"))) {
        std::ifstream f(p.value(QStringLiteral("scores")).toStdString());
        if (!f) return reportError(dl::Error{dl::ErrorKind::Failed, "Cannot read " + p.value(QStringLiteral("scores")).toStdString() + "."});
        std::stringstream ss;
        ss << f.rdbuf();
        auto m = dl::parseScoreMatrixCsv(ss.str());
        if (!m) return reportError(m.error());
        params.scores = std::move(*m);
    }
    auto store = openProject(*path, dl::OpenMode::ReadOnly);
    if (!store) return ExitFailed;
    auto rep = dl::buildClusterReport(*store, params);
    if (!rep) return reportError(rep.error());
    if (p.isSet(QStringLiteral("json"))) printJson(*rep);
    else if (p.isSet(QStringLiteral("csv"))) std::fputs(dl::clusterReportCsv(*rep).c_str(), stdout);
    else std::fputs(dl::clusterReportText(*rep).c_str(), stdout);
    return ExitOk;
}

const CommandRegistration registration{
    Command{QStringLiteral("report"), QStringLiteral("Report a cluster run: purity, confusion, outliers, centroid similarity."), setup, run}};

}  // namespace
}  // namespace dlcli
