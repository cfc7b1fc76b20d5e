// `domainlens-cli info PROJECT [--json]`: corpora, domains, embeddings and runs of a project.
#include <cstdio>

#include "CliSupport.h"
#include "reports/ProjectInfo.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Runs.h"

namespace dlcli {
namespace {

void setup(QCommandLineParser& p) {
    p.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("The project file."));
    p.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object.")});
}

int run(const QCommandLineParser& p) {
    auto path = projectArgument(p);
    if (!path) return path.error();
    auto store = openProject(*path, dl::OpenMode::ReadOnly);
    if (!store) return ExitFailed;
    auto info = dl::projectInfo(*store, path->toStdString());
    if (!info) return reportError(info.error());
    const nlohmann::json& j = *info;
    auto sets = dl::listEmbeddingSets(*store);
    if (!sets) return reportError(sets.error());
    auto runs = dl::listRuns(*store);
    if (!runs) return reportError(runs.error());

    if (p.isSet(QStringLiteral("json"))) {
        printJson(j);
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
            std::printf("    #%lld %s layer %d %s %s (%d dims)\n", static_cast<long long>(s.id), s.key.model.c_str(),
                        s.key.layer, s.key.pooling.c_str(), dl::sideName(s.key.side).c_str(), s.dim);
    }
    if (!runs->empty()) {
        std::printf("\n  Runs:\n");
        for (const auto& r : *runs)
            std::printf("    #%lld %-8s %s %s\n", static_cast<long long>(r.id), dl::toString(r.kind).c_str(),
                        r.created.c_str(), r.params.dump().c_str());
    }
    return ExitOk;
}

const CommandRegistration registration{
    Command{QStringLiteral("info"), QStringLiteral("Show corpora, domains, embeddings and runs."), setup, run}};

}  // namespace
}  // namespace dlcli
