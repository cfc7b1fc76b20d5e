// `domainlens-cli filter PROJECT --corpus C --kind near-dup|langid|bitext|semantic-dup [--threshold J] [--shingle
 // char:5|word:3]
// [--permutations P] [--bands B] [--sides src|both|either] [--keep first|longest]
// [--lang-src CODE] [--lang-tgt CODE] [--min-prob P] [--min-words N] [--max-words N] [--max-char-ratio R]
// [--max-token-ratio R] [--min-alpha S] [--max-repeat S] [--max-copy S] [--min-numerals S]
// [--cluster-run RUN] [--eps EPS] [--keep first|longest|central] [--json]`: a cleaning filter
// stored as a run (docs/cleaning.md). The run's ledger (which rule removed each sentence, and which kept sentence a
// duplicate duplicates) is paged with `report PROJECT RUN [--after ID] [--limit N]`; `export ... --filter RUN` leaves
// the removed sentences out.
#include <cstdio>

#include "CliSupport.h"
#include "ParamOptions.h"
#include "filter/FilterJob.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    addParamOptions(p, dl::filterParamTable().specs());  // filter/FilterParamsTable.cpp
    p.addOptions({
        {QStringLiteral("json"), QStringLiteral("Print the run's summary as one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    dl::FilterParams params;
    if (!readParamOptions(p, dl::filterParamTable(), params)) return ExitUsage;
    if (auto s = dl::validateFilterParams(params); !s) return reportError(s.error());
    auto store = openProject(*path);
    if (!store) return ExitFailed;
    const bool json = p.isSet(QStringLiteral("json"));
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")) || json);
    auto r = dl::runFilter(params, *store, progress, progress.cancelToken());
    progress.finish();
    if (!r) return reportError(r.error());
    if (json) {
        nlohmann::json out = r->summary.toJson();
        out["run"] = r->runId;
        out["params"] = dl::filterParamTable().toJson(params);
        printJson(out);
        return ExitOk;
    }
    const auto& s = r->summary;
    if (params.kind == dl::FilterKind::Bitext) {
        std::printf("filter run %lld (bitext): %lld pairs, %lld kept, %lld removed\n", static_cast<long long>(r->runId),
                    static_cast<long long>(s.sentences), static_cast<long long>(s.kept),
                    static_cast<long long>(s.removed));
        for (const auto& rule : s.rules) {
            const auto& d = s.details[rule.rule];
            std::printf("  %-27s %s %-6g failed %lld, removed %lld (%.1f%% of the pairs pass)\n", rule.rule.c_str(),
                        d.value("direction", std::string()).c_str(), d.value("threshold", 0.0),
                        static_cast<long long>(rule.failed), static_cast<long long>(rule.removed),
                        d.value("threshold_percentile", 0.0));
        }
        std::printf("see `report PROJECT %lld` for the ledger\n", static_cast<long long>(r->runId));
        return ExitOk;
    }
    if (params.kind == dl::FilterKind::SemanticDup) {
        std::printf(
            "filter run %lld (semantic-dup, cosine >= %g within the %lld clusters of cluster run %lld, keep %s): %lld "
            "sentences, %lld kept, %lld removed in %lld groups (%lld pairs)\n",
            static_cast<long long>(r->runId), 1.0 - params.eps,
            static_cast<long long>(s.details.value("clusters", std::int64_t{0})),
            static_cast<long long>(s.details.value("cluster_run", std::int64_t{0})),
            std::string(dl::keepRuleName(params.keep)).c_str(), static_cast<long long>(s.sentences),
            static_cast<long long>(s.kept), static_cast<long long>(s.removed),
            static_cast<long long>(s.rules.front().groups), static_cast<long long>(s.rules.front().verifiedPairs));
        std::printf("see `report PROJECT %lld` for the ledger\n", static_cast<long long>(r->runId));
        return ExitOk;
    }
    if (params.kind == dl::FilterKind::LangId) {
        std::printf(
            "filter run %lld (langid, P(expected language) >= %g, sides %s): %lld sentences, %lld kept, %lld "
            "removed\n",
            static_cast<long long>(r->runId), params.minProb, std::string(dl::sidesRuleName(params.sides)).c_str(),
            static_cast<long long>(s.sentences), static_cast<long long>(s.kept), static_cast<long long>(s.removed));
        for (const auto& rule : s.rules)
            std::printf("  %s: failed %lld, removed %lld\n", rule.rule.c_str(), static_cast<long long>(rule.failed),
                        static_cast<long long>(rule.removed));
        std::printf("see `report PROJECT %lld` for the ledger\n", static_cast<long long>(r->runId));
        return ExitOk;
    }
    std::printf(
        "filter run %lld (near-dup, Jaccard >= %g, %s, %d bands x %d rows): %lld sentences, %lld kept, "
        "%lld removed in %lld groups\n",
        static_cast<long long>(r->runId), params.threshold, params.shingle.c_str(), s.bands, s.rows,
        static_cast<long long>(s.sentences), static_cast<long long>(s.kept), static_cast<long long>(s.removed),
        static_cast<long long>(s.rules.front().groups));
    std::printf("expected false negatives at the threshold: %.4f%%; see `report PROJECT %lld` for the ledger\n",
                100 * s.fnAtThreshold, static_cast<long long>(r->runId));
    return ExitOk;
}

const CommandRegistration registration{
    Command{QStringLiteral("filter"),
            QStringLiteral("Clean a corpus (near-duplicates, wrong-language lines, noisy pairs, semantic duplicates) "
                           "as a stored run; export "
                           "--filter RUN honours it."),
            setup, run}};

}  // namespace
}  // namespace dlcli
