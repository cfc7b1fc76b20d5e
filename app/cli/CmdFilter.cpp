// `domainlens-cli filter PROJECT --corpus C --kind near-dup|langid|bitext|semantic-dup|decontaminate [options of
// that kind] [--json]`: a cleaning filter stored as a run (docs/cleaning.md); an option of another kind is refused
// (filterOptionKinds). `filter PROJECT --corpus C --pipeline FILE.json|NAME [--json]`: filter steps in order
// (filter/FilterPipeline.h). `filter PROJECT --corpus C --kind near-dup [options] --shard I/N --out DIR`: one
// shard's MinHash signatures; `merge PROJECT DIR` stores the one run (shard/FilterShard.h). The run's ledger (which
// rule removed each sentence, and which kept sentence a duplicate duplicates) is paged with `report PROJECT RUN
// [--after ID] [--limit N]`; `export ... --filter RUN` leaves the removed sentences out (a pipeline step's: the earlier
// steps' too).
#include <cstdio>
#include <filesystem>

#include "CliSupport.h"
#include "ParamOptions.h"
#include "ShardCli.h"
#include "filter/FilterJob.h"
#include "filter/FilterPipeline.h"
#include "shard/FilterShard.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    addParamOptions(p, dl::filterParamTable().specs());  // filter/FilterParamsTable.cpp
    addShardOptions(p);  // near-dup only: `merge PROJECT DIR` stores the one run (shard/FilterShard.h)
    p.addOptions({
        {QStringLiteral("pipeline"),
         QStringLiteral("Run a filter pipeline instead of one --kind: a JSON file {\"name\": ..., \"steps\": "
                        "[{\"kind\": \"near-dup\", \"threshold\": 0.8}, ...]} or the name of a pipeline "
                        "that already ran in this project (docs/cleaning.md). Each step is a filter run that sees "
                        "what the earlier steps kept."),
         QStringLiteral("FILE|NAME")},
        {QStringLiteral("json"), QStringLiteral("Print the run's summary as one JSON object.")},
        {QStringLiteral("quiet"), QStringLiteral("No progress output.")},
    });
}

// --pipeline FILE|NAME: the steps from the file, else from the project's runs of that name.
int runPipeline(const QCommandLineParser& p, const QString& path) {
    for (const auto& spec : dl::filterParamTable().specs())
        if (spec.name != "corpus" && spec.name != "threads" && p.isSet(QString::fromStdString(spec.name)))
            return reportError(dl::usageError("--" + spec.name +
                                              " is a step option: with --pipeline the steps' options come from the "
                                              "pipeline.")
                                   .error());
    dl::FilterParams params;
    if (!readParamOptions(p, dl::filterParamTable(), params)) return ExitUsage;
    const std::string source = p.value(QStringLiteral("pipeline")).toStdString();
    auto store = openProject(path);
    if (!store) return ExitFailed;
    std::error_code ec;
    auto pipeline = std::filesystem::exists(source, ec) ? dl::readFilterPipelineFile(source)
                                                        : dl::storedFilterPipeline(*store, source);
    if (!pipeline) return reportError(pipeline.error());
    const bool json = p.isSet(QStringLiteral("json"));
    TerminalProgress progress(p.isSet(QStringLiteral("quiet")) || json);
    auto r = dl::runFilterPipeline(*pipeline, params.corpus, params.threads, *store, progress, progress.cancelToken());
    progress.finish();
    if (!r) return reportError(r.error());
    if (json) {
        nlohmann::json out = {{"pipeline", pipeline->name},        {"corpus", params.corpus},
                              {"sentences", r->sentences},         {"kept", r->kept},
                              {"removed", r->sentences - r->kept}, {"definition", pipeline->definition},
                              {"steps", nlohmann::json::array()}};
        for (std::size_t i = 0; i < r->steps.size(); ++i) {
            nlohmann::json step = r->steps[i].summary.toJson();
            step["run"] = r->steps[i].runId;
            step["kind"] = std::string(dl::filterKindName(pipeline->steps[i].params.kind));
            out["steps"].push_back(std::move(step));
        }
        printJson(out);
        return ExitOk;
    }
    std::printf("pipeline %s on corpus %s: %lld sentences, %lld kept, %lld removed\n", pipeline->name.c_str(),
                params.corpus.c_str(), static_cast<long long>(r->sentences), static_cast<long long>(r->kept),
                static_cast<long long>(r->sentences - r->kept));
    for (std::size_t i = 0; i < r->steps.size(); ++i) {
        const auto& s = r->steps[i].summary;
        std::printf("  step %zu %-13s run %lld: %lld in, %lld removed\n", i + 1,
                    std::string(dl::filterKindName(pipeline->steps[i].params.kind)).c_str(),
                    static_cast<long long>(r->steps[i].runId), static_cast<long long>(s.sentences),
                    static_cast<long long>(s.removed));
    }
    std::printf("export ... --filter %lld leaves out what every step removed; `report PROJECT RUN` per step\n",
                static_cast<long long>(r->steps.back().runId));
    return ExitOk;
}

// --shard I/N --out DIR: the shard's signatures, the project read-only (a cluster worker).
int runShard(const QString& path, const dl::FilterParams& params, const ShardTarget& target,
             const QCommandLineParser& p) {
    if (auto s = dl::checkFilterShardable(params); !s) return reportError(s.error());
    return runShardWork(path, p, [&](dl::Store& store, dl::ProgressSink& progress, const dl::CancelToken& cancel) {
        return dl::runFilterShard({params, target.spec, target.outDir}, store, progress, cancel);
    });
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    int rc = ExitOk;
    const auto target = shardTarget(p, rc);
    if (rc != ExitOk) return rc;
    if (p.isSet(QStringLiteral("pipeline"))) {
        if (target) return usageError(QStringLiteral("--shard runs one --kind near-dup, not a --pipeline"));
        return runPipeline(p, *path);
    }
    dl::FilterParams params;
    if (!readParamOptions(p, dl::filterParamTable(), params)) return ExitUsage;
    std::vector<std::string> given;  // an option of another kind is refused, not ignored
    for (const auto& spec : dl::filterParamTable().specs())
        if (p.isSet(QString::fromStdString(spec.name))) given.push_back(spec.name);
    if (auto s = dl::checkFilterOptionsForKind(params.kind, given); !s) return reportError(s.error());
    if (auto s = dl::validateFilterParams(params); !s) return reportError(s.error());
    if (target) return runShard(*path, params, *target, p);
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
