#include "MixtureViews.h"

#include <QCollator>
#include <QObject>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numeric>
#include <optional>

#include "mixture/LambdaTrajectory.h"
#include "mixture/MixtureWeights.h"

namespace fs = std::filesystem;

namespace {

constexpr std::uintmax_t kMaxReportBytes = 64u << 20;
constexpr qsizetype kDevLossGroups = 8;

// c2 before c10 (cluster names): numbers in names compared as numbers.
bool naturalLess(const QString& a, const QString& b) {
    static thread_local const QCollator collator = [] {
        QCollator c;
        c.setNumericMode(true);
        return c;
    }();
    return collator.compare(a, b) < 0;
}

// A JSON file of ours (mixture.json, train.json), size-capped.
dl::Expected<nlohmann::json> readCapped(const fs::path& path) {
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (!ec && size > kMaxReportBytes)
        return dl::fail(path.string() + ": larger than " + std::to_string(kMaxReportBytes >> 20) + " MiB.");
    return dl::readJsonFile(path.string());
}

double number(const nlohmann::json& j, const char* key) {
    if (!j.is_object()) return MixtureGroupRow::kNone;
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : MixtureGroupRow::kNone;
}

qint64 count(const nlohmann::json& j, const char* key) {
    if (!j.is_object()) return -1;
    const auto it = j.find(key);
    return it != j.end() && it->is_number_integer() && it->get<std::int64_t>() >= 0 ? qint64(it->get<std::int64_t>())
                                                                                    : -1;
}

// The groups of a kit's mixture.json.
dl::Expected<QList<MixtureGroupRow>> kitGroups(const nlohmann::json& m, const std::string& what) {
    if (!m.is_object() || m.value("format", std::string()) != "domainlens-mixture" || !m.contains("groups") ||
        !m["groups"].is_object())
        return dl::fail(what + ": not a mixture kit's mixture.json (format domainlens-mixture with groups).");
    if (m["groups"].size() > dl::kMaxTrajectoryGroups) return dl::fail(what + ": too many groups.");
    const nlohmann::json none = nlohmann::json::object();
    const auto& ls = m.contains("lambda_s") ? m["lambda_s"] : none;
    const auto& lt = m.contains("lambda_t") ? m["lambda_t"] : none;
    const auto& l0 = m.contains("lambda_0") ? m["lambda_0"] : none;
    QList<MixtureGroupRow> rows;
    for (const auto& [g, v] : m["groups"].items()) {
        MixtureGroupRow r;
        r.name = QString::fromStdString(g);
        r.train = count(v, "train");
        r.dev = count(v, "dev");
        r.test = count(v, "test");
        r.q = number(v, "q");
        r.repetition = number(v, "repetition");
        r.lambdaS = number(ls, g.c_str());
        r.lambdaT = number(lt, g.c_str());
        r.lambda0 = number(l0, g.c_str());
        rows << r;
    }
    std::sort(rows.begin(), rows.end(),
              [](const MixtureGroupRow& a, const MixtureGroupRow& b) { return naturalLess(a.name, b.name); });
    return rows;
}

// The kit's groups (its mixture.json) into the view.
dl::Status readKit(const fs::path& kit, MixtureViewData& d) {
    auto m = readCapped(kit / "mixture.json");
    if (!m) return std::unexpected(m.error());
    auto rows = kitGroups(*m, (kit / "mixture.json").string());
    if (!rows) return std::unexpected(rows.error());
    d.groups = std::move(*rows);
    d.kit = QString::fromStdString(kit.string());
    // A kit over the clusters of a cluster run: the map of that run can be coloured by lambda.
    if (m->value("by", std::string()) == "cluster" && m->contains("cluster_run") &&
        (*m)["cluster_run"].is_number_integer() && (*m)["cluster_run"].get<std::int64_t>() > 0)
        d.clusterRun = (*m)["cluster_run"].get<std::int64_t>();
    return {};
}

LambdaTrajectoryData toView(const dl::LambdaTrajectory& t) {
    LambdaTrajectoryData d;
    d.xName = QString::fromStdString(t.x);
    QVector<qsizetype> order(qsizetype(t.groups.size()));
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
        return naturalLess(QString::fromStdString(t.groups[size_t(a)]), QString::fromStdString(t.groups[size_t(b)]));
    });
    for (const qsizetype g : order) d.groups << QString::fromStdString(t.groups[size_t(g)]);
    d.x = QVector<double>(t.xs.begin(), t.xs.end());
    d.lambda.resize(d.groups.size());
    for (const auto& point : t.lambda)
        for (qsizetype g = 0; g < d.groups.size(); ++g) d.lambda[g] << point[size_t(order[g])];
    d.end = t.end;
    return d;
}

// Dev loss per group and J^t against the step, from a training report's evals.
void devLossCurves(const nlohmann::json& report, MixtureViewData& d) {
    const auto it = report.find("evals");
    if (it == report.end() || !it->is_array() || it->empty()) return;
    QStringList groups;
    const auto& first = (*it)[0];
    if (first.is_object() && first.contains("dev") && first["dev"].is_object())
        for (const auto& [g, v] : first["dev"].items()) groups << QString::fromStdString(g);
    // Of many groups (30 clusters) the curves of those J^t weighs most: a legend of 31 lines is unreadable.
    if (groups.size() > kDevLossGroups) {
        const nlohmann::json target = report.value("lambda_t", nlohmann::json::object());
        std::stable_sort(groups.begin(), groups.end(), [&](const QString& a, const QString& b) {
            return number(target, a.toUtf8().constData()) > number(target, b.toUtf8().constData());
        });
        d.notes << QObject::tr("Dev loss: the %1 groups of the largest λ^t of %2, and J^t.")
                       .arg(kDevLossGroups)
                       .arg(groups.size());
        groups = groups.mid(0, kDevLossGroups);
    }
    std::sort(groups.begin(), groups.end(), naturalLess);
    QVector<SweepSeries> series(groups.size() + 1);
    for (qsizetype g = 0; g < groups.size(); ++g) series[g].name = groups[g];
    series.back().name = QObject::tr("J^t (under λ^t)");
    for (const auto& e : *it) {
        if (!e.is_object() || !e.contains("step") || !e["step"].is_number()) continue;
        d.evalSteps << e["step"].get<double>();
        const nlohmann::json dev = e.value("dev", nlohmann::json::object());
        for (qsizetype g = 0; g < groups.size(); ++g) {
            const std::string name = groups[g].toStdString();
            series[g].y << (dev.is_object() && dev.contains(name) ? number(dev[name], "loss") : MixtureGroupRow::kNone);
        }
        series.back().y << number(e, "target_loss");
    }
    d.devLoss = series;
}

// A target file ({"lambda_t": {...}, "provenance": {...}}, what `mixture target --out` writes)
// into `d`: its lambda^t per group, and the cluster run its groups are the clusters of (the map
// can be coloured by it); nullopt when `path` is not one (another JSON document, a log).
std::optional<dl::Status> readTarget(const fs::path& path, MixtureViewData& d) {
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec || size > kMaxReportBytes || path.extension() != ".json") return std::nullopt;
    auto j = dl::readJsonFile(path.string());
    if (!j || !j->is_object() || !j->contains("lambda_t") || !j->contains("provenance")) return std::nullopt;
    auto w = dl::weightsFromJson((*j)["lambda_t"], path.string() + " lambda_t");
    if (!w) return dl::Status(std::unexpected(w.error()));
    if (w->size() > dl::kMaxTrajectoryGroups) return dl::Status(dl::fail(path.string() + ": too many groups."));
    for (const auto& [g, v] : *w) {
        MixtureGroupRow r;
        r.name = QString::fromStdString(g);
        r.lambdaT = v;
        d.groups << r;
    }
    std::sort(d.groups.begin(), d.groups.end(),
              [](const auto& a, const auto& b) { return naturalLess(a.name, b.name); });
    const auto& prov = (*j)["provenance"];
    if (prov.is_object() && prov.value("by", std::string("cluster")) == "cluster" && prov.contains("cluster_run") &&
        prov["cluster_run"].is_number_integer() && prov["cluster_run"].get<std::int64_t>() > 0)
        d.clusterRun = prov["cluster_run"].get<std::int64_t>();
    d.notes << QObject::tr("λ^t from `mixture target`: build a kit with it as the target (--target FILE).");
    return dl::Status{};
}

}  // namespace

dl::Expected<MixtureViewData> readMixtureView(const QString& pathText, const dl::CancelToken& cancel) {
    fs::path path = pathText.toStdString();
    std::error_code ec;
    // mixture.json or train.json stand for their folder.
    if (fs::is_regular_file(path, ec) && (path.filename() == "mixture.json" || path.filename() == "train.json"))
        path = path.parent_path();
    MixtureViewData d;
    d.title = QString::fromStdString(path.string());
    if (!fs::is_directory(path, ec)) {
        // A target file (`mixture target --out`): its lambda^t per group, no trajectory.
        if (auto target = readTarget(path, d)) {
            if (!*target) return std::unexpected(target->error());
            return d;
        }
        auto t = dl::readLambdaTrajectory(path.string(), cancel);
        if (!t) return std::unexpected(t.error());
        d.trajectory = toView(*t);
        d.source = QString::fromStdString(t->source);
        // A file in a kit's folder (a schedule `mixture schedule` wrote there): the kit's groups too.
        if (const fs::path kit = path.parent_path(); fs::is_regular_file(kit / "mixture.json", ec)) {
            if (auto s = readKit(kit, d); !s) return std::unexpected(s.error());
        }
    } else {
        std::optional<fs::path> kit;
        if (fs::is_regular_file(path / "mixture.json", ec)) kit = path;
        nlohmann::json report;
        if (fs::is_regular_file(path / "train.json", ec)) {
            auto r = readCapped(path / "train.json");
            if (!r) return std::unexpected(r.error());
            report = std::move(*r);
            if (!report.is_object() || report.value("format", std::string()) != "domainlens-mixture-train")
                return dl::fail((path / "train.json").string() + ": not a `mixture train` report.");
            const auto k = report.value("kit", std::string());
            if (!kit && !k.empty() && fs::is_regular_file(fs::path(k) / "mixture.json", ec)) kit = fs::path(k);
            if (!kit)
                d.notes << QObject::tr("The kit this run trained on (%1) is not there any more: no group table.")
                               .arg(QString::fromStdString(k));
        }
        if (!kit && report.is_null() && !fs::is_regular_file(path / "mdac.json", ec))
            return dl::fail(
                path.string() +
                ": neither a mixture kit (mixture.json) nor a `mixture train` folder (train.json, mdac.json).");
        if (cancel.isCancelled()) return dl::cancelled();
        if (kit)
            if (auto s = readKit(*kit, d); !s) return std::unexpected(s.error());
        if (!report.is_null()) {
            auto t = dl::trajectoryFromJson(report, (path / "train.json").string());
            if (!t) return std::unexpected(t.error());
            d.trajectory = toView(*t);
            d.source = QString::fromStdString(t->source);
            devLossCurves(report, d);
        } else if (fs::is_regular_file(path / "mdac.json", ec)) {
            auto t = dl::readLambdaTrajectory((path / "mdac.json").string(), cancel);
            if (!t) return std::unexpected(t.error());
            d.trajectory = toView(*t);
            d.source = QString::fromStdString(t->source);
        } else {
            // A kit alone: its first schedule file, if `mixture schedule` wrote one there.
            std::vector<fs::path> schedules;
            for (const auto& e : fs::directory_iterator(path, ec))
                if (e.path().string().ends_with(".schedule.json")) schedules.push_back(e.path());
            std::sort(schedules.begin(), schedules.end());
            if (!schedules.empty()) {
                auto t = dl::readLambdaTrajectory(schedules.front().string(), cancel);
                if (!t) return std::unexpected(t.error());
                d.trajectory = toView(*t);
                d.source = QString::fromStdString(t->source);
                d.notes << QObject::tr("λ over training: %1")
                               .arg(QString::fromStdString(schedules.front().filename().string()));
            } else {
                d.notes << QObject::tr(
                    "No λ trajectory in this kit: open a schedule, a `mixture train` folder or a trainer's log.");
            }
        }
    }
    // The final lambda of the trajectory into the table (groups the kit lacks get rows of their own).
    for (qsizetype g = 0; g < d.trajectory.groups.size(); ++g) {
        const double last = d.trajectory.lambda[g].isEmpty() ? MixtureGroupRow::kNone : d.trajectory.lambda[g].last();
        auto row = std::find_if(d.groups.begin(), d.groups.end(),
                                [&](const MixtureGroupRow& r) { return r.name == d.trajectory.groups[g]; });
        if (row == d.groups.end()) {
            MixtureGroupRow r;
            r.name = d.trajectory.groups[g];
            d.groups << r;
            row = d.groups.end() - 1;
        }
        row->lambdaFinal = last;
    }
    return d;
}
