// `domainlens-cli info PROJECT [--json] [--overlap [--overlap-side src|tgt]]`: corpora, domains,
// embeddings and runs of a project; with --overlap the sentence overlap between every pair of
// corpora (A&G's Table 8, reports/CorpusOverlap.h), train vs dev/test pairs flagged.
#include <cstdio>
#include <optional>

#include "CliSupport.h"
#include "reports/CorpusOverlap.h"
#include "reports/ProjectInfo.h"
#include "select/RunParams.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Runs.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object.")});
    p.addOption(
        {QStringLiteral("overlap"),
         QStringLiteral("Also report the sentence overlap between every pair of corpora (exact text after the "
                        "import's normalisation; train vs dev/test pairs flagged; key \"overlap\" in --json).")});
    p.addOption({QStringLiteral("overlap-side"),
                 QStringLiteral("The side compared by --overlap: src or tgt (default: src)."), QStringLiteral("SIDE"),
                 QStringLiteral("src")});
}

void printOverlap(const dl::CorpusOverlap& o) {
    std::printf("\n  Sentence overlap (%s side, exact text after the import's normalisation):\n",
                dl::sideName(o.side).c_str());
    if (o.pairs.empty()) std::printf("    (fewer than two corpora)\n");
    for (const auto& q : o.pairs)
        std::printf(
            "    %s%s (%s) vs %s (%s): %lld/%lld of %s in %s (%.2f%%), %lld/%lld of %s in %s (%.2f%%), "
            "%lld distinct shared\n",
            q.trainVsHeldOut() && (q.aInB || q.bInA) ? "! " : "  ", q.a.c_str(), q.aRole.c_str(), q.b.c_str(),
            q.bRole.c_str(), static_cast<long long>(q.aInB), static_cast<long long>(q.aSentences), q.a.c_str(),
            q.b.c_str(), 100.0 * q.aShare(), static_cast<long long>(q.bInA), static_cast<long long>(q.bSentences),
            q.b.c_str(), q.a.c_str(), 100.0 * q.bShare(), static_cast<long long>(q.distinct));
    std::printf("    %lld train vs dev/test pair(s) overlap%s\n", static_cast<long long>(o.leakedPairs()),
                o.leakedPairs() ? " (marked !)" : "");
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    const QString sideText = p.value(QStringLiteral("overlap-side"));
    if (sideText != QStringLiteral("src") && sideText != QStringLiteral("tgt"))
        return usageError(QStringLiteral("--overlap-side must be src or tgt, not '%1'").arg(sideText));
    const bool withOverlap = p.isSet(QStringLiteral("overlap"));
    auto store = openProject(*path, dl::OpenMode::ReadOnly);
    if (!store) return ExitFailed;
    auto info = dl::projectInfo(*store, path->toStdString());
    if (!info) return reportError(info.error());
    const nlohmann::json& j = *info;
    auto sets = dl::listEmbeddingSets(*store);
    if (!sets) return reportError(sets.error());
    auto runs = dl::listRuns(*store);
    if (!runs) return reportError(runs.error());
    std::optional<dl::CorpusOverlap> overlap;
    if (withOverlap) {
        TerminalProgress progress(true);
        auto o = dl::corpusOverlap(*store, sideText == QStringLiteral("src") ? dl::Side::Source : dl::Side::Target,
                                   progress.cancelToken());
        if (!o) return reportError(o.error());
        overlap = std::move(*o);
    }

    if (p.isSet(QStringLiteral("json"))) {
        if (!overlap) {
            printJson(j);
            return ExitOk;
        }
        nlohmann::json out = j;
        out["overlap"] = dl::toJson(*overlap);
        printJson(out);
        return ExitOk;
    }
    std::printf("Project %s: %lld sentences in %zu corpora\n", qPrintable(*path),
                static_cast<long long>(j["sentences"].get<std::int64_t>()), j["corpora"].size());
    for (const auto& c : j["corpora"]) {
        std::string langs;
        for (const auto& l : c["languages"]) langs += (langs.empty() ? "" : "-") + l.get<std::string>();
        const std::string role = c.value("role", std::string("train"));
        std::printf("\n  %s  (%lld sentences%s%s%s)\n", c["name"].get<std::string>().c_str(),
                    static_cast<long long>(c["sentences"].get<std::int64_t>()), langs.empty() ? "" : ", ",
                    langs.c_str(), role == "train" ? "" : (", " + role + " set").c_str());
        for (const auto& [d, n] : c["domains"].items())
            std::printf("    %-20s %10lld\n", d.c_str(), static_cast<long long>(n.get<std::int64_t>()));
    }
    if (!sets->empty()) {
        std::printf("\n  Embeddings:\n");
        for (const auto& s : *sets)
            std::printf("    #%lld %s %s %s %s (%d dims)\n", static_cast<long long>(s.id), s.key.model.c_str(),
                        s.key.layerLabel().c_str(), s.key.pooling.c_str(), dl::sideName(s.key.side).c_str(), s.dim);
    }
    if (!runs->empty()) {
        std::printf("\n  Runs:\n");
        for (const auto& r : *runs)
            std::printf("    #%lld %-8s %s %s\n", static_cast<long long>(r.id), dl::toString(r.kind).c_str(),
                        r.created.c_str(), dl::paramsAsRun(r).dump().c_str());
    }
    if (overlap) printOverlap(*overlap);
    return ExitOk;
}

const CommandRegistration registration{
    Command{QStringLiteral("info"), QStringLiteral("Show corpora, domains, embeddings and runs."), setup, run}};

}  // namespace
}  // namespace dlcli
