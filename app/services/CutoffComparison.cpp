#include "CutoffComparison.h"

#include <QObject>

#include "select/SelectJob.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace {

// "CORPUS:DOMAIN[:N]" -> DOMAIN ("" when the seed is a whole corpus).
std::string seedDomain(const std::string& seed) {
    const auto colon = seed.find(':');
    if (colon == std::string::npos) return {};
    const auto rest = seed.substr(colon + 1);
    return rest.substr(0, rest.find(':'));
}

CutoffCurve curveOf(const QString& name, const nlohmann::json& cutoffs) {
    CutoffCurve c;
    c.name = name;
    for (const auto& p : cutoffs) {
        c.cutoffs << double(p["cutoff"].get<std::int64_t>());
        c.precision << p["precision"].get<double>();
    }
    return c;
}

}  // namespace

dl::Expected<CutoffComparison> readCutoffComparison(const QString& projectPath, const QList<qint64>& runIds) {
    if (runIds.isEmpty()) return dl::usageError("Select one or more selection runs.");
    auto store = dl::Store::open(projectPath.toStdString(), dl::OpenMode::ReadOnly);
    if (!store) return std::unexpected(store.error());
    auto first = dl::getRun(**store, runIds.front());
    if (!first) return std::unexpected(first.error());
    const auto domain = seedDomain(first->params.value("seed", std::string()));
    if (domain.empty())
        return dl::fail("Run " + std::to_string(runIds.front()) +
                        "'s seed names no domain (CORPUS:DOMAIN): there is no in-domain label to evaluate against.");
    dl::EvaluateParams params;
    params.domain = domain;
    for (auto id : runIds) params.runs.push_back(id);
    auto result = dl::evaluateRuns(params, **store);
    if (!result) return std::unexpected(result.error());
    CutoffComparison out;
    out.relevant = (*result)["runs"][0]["relevant"].get<std::int64_t>();
    out.title =
        QObject::tr("Precision at cut-off, in-domain label '%1' (%2 in the pool)")
            .arg(QString::fromStdString(domain), QString::number(out.relevant));  // one pass: a '%1' in the label stays
    for (const auto& r : (*result)["runs"]) {
        const auto id = r["run"].get<std::int64_t>();
        const auto method = QString::fromStdString(r["method"].get<std::string>());
        out.curves << curveOf(QStringLiteral("#%1 %2").arg(id).arg(method), r["cutoffs"]);
        // Every EM iteration's ranking, kept in the Invitation run's summary.
        auto run = dl::getRun(**store, id);
        if (!run || !run->summary.contains("report") || !run->summary["report"].contains("iterations")) continue;
        const auto& iterations = run->summary["report"]["iterations"];
        if (iterations.size() < 2) continue;
        for (const auto& it : iterations)
            if (it.contains("cutoffs"))
                out.curves << curveOf(
                    QObject::tr("#%1 %2, iteration %3").arg(id).arg(method).arg(it["iteration"].get<int>()),
                    it["cutoffs"]);
    }
    return out;
}
