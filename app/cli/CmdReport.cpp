// `domainlens-cli report PROJECT [RUN] [--json|--csv]`: purity, confusion, outliers and
// centroid similarities of a cluster run (default: the latest), with the representation the
// vectors were clustered in (layer(s), L2, standardisation, whitening); or the per-layer table
// of a layer-sweep run; or the ledger of a filter run (kept/removed per rule, a page of removed
// sentences with their kept twins: --after ID, --limit N).
#include <cmath>
#include <cstdio>

#include "CliSupport.h"
#include "ParamOptions.h"
#include "analysis/Representation.h"
#include "reports/FilterLedger.h"
#include "reports/Report.h"
#include "runs/LayerSweepSummary.h"
#include "select/RunParams.h"
#include "store/Embeddings.h"
#include "store/Runs.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addPositionalArgument(QStringLiteral("RUN"),
                            QStringLiteral("Cluster, layer-sweep or filter run id (default: the latest cluster run)."),
                            QStringLiteral("[RUN]"));
    addParamOptions(p, dl::reportParamTable().specs());  // reports/ReportParamsTable.cpp
    p.addOptions({
        {QStringLiteral("json"), QStringLiteral("Print one JSON object.")},
        {QStringLiteral("csv"),
         QStringLiteral("Print CSV sections (confusion, per-domain, outlier pairs, centroid cosine).")},
        {QStringLiteral("scores"),
         QStringLiteral(
             "CSV matrix of cross-domain scores (e.g. BLEU, rows = train domain) to correlate with centroid cosine."),
         QStringLiteral("FILE")},
    });
}

// "model X, layer L (or mean of layers 8+10), mean pooling, src; layer as encoded, standardised per dimension"
std::string representationLine(const nlohmann::json& params) {
    std::string line;
    if (params.contains("embedding") && params["embedding"].is_object()) {
        const auto& e = params["embedding"];
        // The set's key as stored: a set of encode --layer-mean (MPNet's default) stores its top
        // layer as "layer" and the list as "layer_mean"; the label names the mean.
        dl::EmbeddingKey key;
        key.layer = e.value("layer", -1);
        if (const auto mean = e.find("layer_mean"); mean != e.end() && mean->is_string())
            key.layerMean = mean->get<std::string>();
        line = "model " + e.value("model", std::string("?")) + ", " + key.layerLabel() + ", " +
               e.value("pooling", std::string("mean")) + " pooling, " + e.value("side", std::string("src"));
    }
    auto rep = dl::RepresentationParams::fromJson(params.value("representation", nlohmann::json()));
    if (rep) line += (line.empty() ? "" : "; ") + rep->describe();
    return line;
}

std::string fmtPct(double v) {
    if (std::isnan(v)) return "   -  ";
    char b[32];
    std::snprintf(b, sizeof b, "%6.2f", 100 * v);
    return b;
}

// Text table of a layer-sweep run.
dl::Status printLayerSweep(const dl::RunInfo& run) {
    auto summary = dl::LayerSweepSummary::fromJson(run.summary, run.id);
    if (!summary) return std::unexpected(summary.error());
    const dl::LayerSweepSummary& s = *summary;
    std::printf("Layer sweep run %lld on corpus '%s': model %s, k = %d, %s\n", static_cast<long long>(run.id),
                s.corpus.c_str(), s.model.c_str(), s.k, s.representation.c_str());
    std::printf("  layer  purity %%   ± sd     NMI    silhouette\n");
    for (const auto& pt : s.points) {
        auto num = [&](double v, const char* f) {
            char b[32];
            if (!std::isnan(v)) std::snprintf(b, sizeof b, f, v);
            else std::snprintf(b, sizeof b, "%s", "   -   ");
            return std::string(b);
        };
        std::printf("  %5d   %s  %s  %s  %s\n", pt.layer, fmtPct(pt.purityMean).c_str(), fmtPct(pt.purityStd).c_str(),
                    num(pt.nmiMean, "%.4f").c_str(), num(pt.silhouette, "%.4f").c_str());
    }
    if (s.layerByPurity) std::printf("best layer by purity: %d; ", *s.layerByPurity);
    std::printf("by silhouette: %d; chosen: layer %d (by %s)\n", s.layerBySilhouette, s.chosenLayer,
                s.chosenBy.c_str());
    return {};
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    if (p.isSet(QStringLiteral("json")) && p.isSet(QStringLiteral("csv")))
        return usageError(QStringLiteral("use only one of --json and --csv"));
    dl::ReportParams params;
    params.runId = runArgument(p);
    if (params.runId < 0) return ExitUsage;
    if (!readParamOptions(p, dl::reportParamTable(), params)) return ExitUsage;
    if (p.isSet(QStringLiteral("scores"))) {
        // Untrusted: a regular file of bounded size; errors name the file, the line and the field.
        auto m = dl::readScoreMatrixFile(p.value(QStringLiteral("scores")).toStdString());
        if (!m) return reportError(m.error());
        params.scores = std::move(*m);
    }
    auto store = openProject(*path, dl::OpenMode::ReadOnly);
    if (!store) return ExitFailed;
    if (params.runId > 0) {
        auto info = dl::getRun(*store, params.runId);
        if (!info) return reportError(info.error());
        if (info->kind == dl::RunKind::Filter) {  // the ledger: counts per rule, a page of removals
            if (p.isSet(QStringLiteral("csv")))
                return usageError(QStringLiteral("a filter run has no CSV report; use --json"));
            auto ledger = dl::filterLedger(*store, info->id, params.ledgerAfter, params.ledgerLimit);
            if (!ledger) return reportError(ledger.error());
            if (p.isSet(QStringLiteral("json"))) printJson(*ledger);
            else std::fputs(dl::filterLedgerText(*ledger).c_str(), stdout);
            return ExitOk;
        }
        if (info->kind == dl::RunKind::LayerSweep) {
            if (p.isSet(QStringLiteral("csv")))
                return usageError(QStringLiteral("a layer-sweep run has no CSV report; use --json"));
            if (p.isSet(QStringLiteral("json")))
                printJson({{"run",
                            {{"id", info->id},
                             {"kind", dl::toString(info->kind)},
                             {"created", info->created},
                             {"params", dl::paramsAsRun(*info)}}},
                           {"summary", info->summary}});
            else if (auto s = printLayerSweep(*info); !s) return reportError(s.error());
            return ExitOk;
        }
    }
    auto rep = dl::buildClusterReport(*store, params);
    if (!rep) return reportError(rep.error());
    if (p.isSet(QStringLiteral("json"))) {
        (*rep)["representation"] = representationLine((*rep)["run"]["params"]);
        printJson(*rep);
    } else if (p.isSet(QStringLiteral("csv"))) {
        std::fputs(dl::clusterReportCsv(*rep).c_str(), stdout);
    } else {
        std::fputs(dl::clusterReportText(*rep).c_str(), stdout);
        std::printf("\nVectors: %s\n", representationLine((*rep)["run"]["params"]).c_str());
    }
    return ExitOk;
}

const CommandRegistration registration{
    Command{QStringLiteral("report"),
            QStringLiteral("Report a cluster run: purity, confusion, outliers, centroid similarity."), setup, run}};

}  // namespace
}  // namespace dlcli
