#include "mixture/LambdaTrajectory.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>

#include "common/JsonText.h"
#include "mixture/MixtureWeights.h"

namespace dl {
namespace {

constexpr std::size_t kMaxGroupNameBytes = 256;

std::string at(const std::string& what, std::int64_t line) { return what + ": line " + std::to_string(line) + ": "; }

// One point's lambda in `groups`' order: every group present, nothing else, finite, >= 0,
// summing to 1 within `tolerance`, renormalised. `where` prefixes the error.
Expected<std::vector<double>> pointLambda(const nlohmann::json& j, const std::vector<std::string>& groups,
                                          double tolerance, const std::string& where) {
    if (!j.is_object()) return fail(where + "\"lambda\" is not an object group -> weight.");
    for (const auto& [g, v] : j.items())
        if (std::find(groups.begin(), groups.end(), g) == groups.end())
            return fail(where + "group '" + g + "' is not among the first point's groups.");
    if (j.size() != groups.size())
        return fail(where + "names " + std::to_string(j.size()) + " groups, the first point " +
                    std::to_string(groups.size()) + ".");
    std::vector<double> out;
    out.reserve(groups.size());
    double sum = 0;
    for (const auto& g : groups) {
        const auto it = j.find(g);
        if (it == j.end()) return fail(where + "group '" + g + "' is missing.");
        if (!it->is_number()) return fail(where + "the weight of '" + g + "' is not a number.");
        const double v = it->get<double>();
        if (!std::isfinite(v) || v < 0) return fail(where + "the weight of '" + g + "' is negative or not finite.");
        out.push_back(v);
        sum += v;
    }
    if (!(std::abs(sum - 1.0) <= tolerance))
        return fail(where + "the weights sum to " + std::to_string(sum) + ", not 1.");
    for (double& v : out) v /= sum;
    return out;
}

// The groups of a first point's lambda object (sorted: JSON objects are read sorted).
Expected<std::vector<std::string>> groupsOf(const nlohmann::json& j, const std::string& where) {
    if (!j.is_object() || j.empty()) return fail(where + "\"lambda\" is not a non-empty object group -> weight.");
    if (j.size() > kMaxTrajectoryGroups)
        return fail(where + "more than " + std::to_string(kMaxTrajectoryGroups) + " groups.");
    std::vector<std::string> groups;
    for (const auto& [g, v] : j.items()) {
        if (g.empty() || g.size() > kMaxGroupNameBytes)
            return fail(where + "a group name is empty or longer than " + std::to_string(kMaxGroupNameBytes) +
                        " bytes.");
        groups.push_back(g);
    }
    return groups;
}

// Appends one point (x, lambda object); x must increase.
Status addPoint(LambdaTrajectory& t, double x, const nlohmann::json& lambda, double tolerance,
                const std::string& where) {
    if (t.groups.empty()) {
        auto g = groupsOf(lambda, where);
        if (!g) return std::unexpected(g.error());
        t.groups = std::move(*g);
    }
    if (!t.xs.empty() && !(x > t.xs.back()))
        return fail(where + t.x + " " + std::to_string(std::int64_t(x)) + " does not follow " +
                    std::to_string(std::int64_t(t.xs.back())) + " (it must increase).");
    if (std::int64_t(t.xs.size()) >= kMaxTrajectoryPoints)
        return fail(where + "more than " + std::to_string(kMaxTrajectoryPoints) + " points.");
    auto w = pointLambda(lambda, t.groups, tolerance, where);
    if (!w) return std::unexpected(w.error());
    t.xs.push_back(x);
    t.lambda.push_back(std::move(*w));
    return {};
}

// An integer >= 0 (JSON integers; a float with an integral value is taken too).
std::optional<double> counter(const nlohmann::json& j) {
    if (j.is_number_unsigned()) return double(j.get<std::uint64_t>());
    if (j.is_number_integer())
        return j.get<std::int64_t>() >= 0 ? std::optional(double(j.get<std::int64_t>())) : std::nullopt;
    if (j.is_number_float()) {
        const double v = j.get<double>();
        if (std::isfinite(v) && v >= 0 && v == std::floor(v) && v < 9e15) return v;
    }
    return std::nullopt;
}

// [{<key>, lambda}] with x = key * scale.
Expected<LambdaTrajectory> fromList(const nlohmann::json& list, const char* key, double scale, const std::string& x,
                                    const std::string& what) {
    LambdaTrajectory t;
    t.x = x;
    if (!list.is_array() || list.empty()) return fail(what + ": no points.");
    std::int64_t i = 0;
    for (const auto& e : list) {
        const std::string where = what + ": point " + std::to_string(i++) + ": ";
        if (!e.is_object() || !e.contains(key) || !e.contains("lambda"))
            return fail(where + "expected {\"" + std::string(key) + "\", \"lambda\"}.");
        const auto c = counter(e[key]);
        if (!c) return fail(where + "\"" + std::string(key) + "\" is not an integer >= 0.");
        if (auto s = addPoint(t, *c * scale, e["lambda"], kWeightSumTolerance, where); !s)
            return std::unexpected(s.error());
    }
    t.end = t.xs.back();
    return t;
}

}  // namespace

Expected<LambdaTrajectory> parseTrajectoryLog(std::string_view text, const std::string& what,
                                              const CancelToken& cancel) {
    LambdaTrajectory t;
    t.source = "log";
    std::string key;  // "step" or "session": the first point's
    std::int64_t lineNo = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        if ((lineNo & 1023) == 0 && cancel.isCancelled()) return cancelled();
        const std::size_t nl = text.find('\n', pos);
        std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
        pos = nl == std::string_view::npos ? text.size() : nl + 1;
        ++lineNo;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.remove_suffix(1);
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
        if (line.empty() || line.front() == '#') continue;
        const std::string where = at(what, lineNo);
        if (jsonNestsDeeperThan(line)) return fail(where + "malformed JSON" + tooDeepNote(true) + ".");
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(line);
        } catch (const nlohmann::json::parse_error& e) {
            std::string msg = e.what();
            if (const auto p = msg.find("syntax error"); p != std::string::npos) msg = msg.substr(p);
            return fail(where + "malformed JSON (column " + std::to_string(e.byte) + "): " + msg);
        }
        if (!j.is_object()) return fail(where + "expected an object {\"step\", \"lambda\"}.");
        if (key.empty()) {
            key = j.contains("step") ? "step" : j.contains("session") ? "session" : "";
            if (key.empty()) return fail(where + "neither \"step\" nor \"session\".");
            t.x = key;
        }
        if (!j.contains(key)) return fail(where + "no \"" + key + "\" (the first point has one).");
        const auto x = counter(j[key]);
        if (!x) return fail(where + "\"" + key + "\" is not an integer >= 0.");
        if (!j.contains("lambda")) return fail(where + "no \"lambda\".");
        if (auto s = addPoint(t, *x, j["lambda"], kLogWeightSumTolerance, where); !s) return std::unexpected(s.error());
    }
    if (t.xs.empty()) return fail(what + ": no points (one JSON object per line: {\"step\": N, \"lambda\": {...}}).");
    t.end = t.xs.back();
    return t;
}

Expected<LambdaTrajectory> trajectoryFromJson(const nlohmann::json& j, const std::string& what) {
    if (!j.is_object()) return fail(what + ": not a JSON object.");
    if (j.value("format", std::string()) == "domainlens-mixture-train") {
        const nlohmann::json settings = j.value("settings", nlohmann::json::object());
        // -1: not given (a report's settings are untrusted like the rest)
        const double steps =
            settings.is_object() && settings.contains("steps") ? counter(settings["steps"]).value_or(-1) : -1;
        const double session = settings.is_object() && settings.contains("session_steps")
                                   ? counter(settings["session_steps"]).value_or(-1)
                                   : -1;
        Expected<LambdaTrajectory> t = fail(what + ": no trajectory.");
        if (j.contains("trajectory") && session > 0)
            t = fromList(j["trajectory"], "session", session, "step", what + " trajectory");
        else if (j.contains("evals")) t = fromList(j["evals"], "step", 1.0, "step", what + " evals");
        if (!t) return t;
        t->source = "train";
        if (steps >= t->end) t->end = steps;
        return t;
    }
    if (j.contains("schedule") && j["schedule"].is_array()) {
        // A curriculum/gradual schedule's phases name only the shards they sample: the others are 0.
        nlohmann::json list = j["schedule"];
        if (const auto shards = j.find("shards");
            shards != j.end() && shards->is_array() && shards->size() <= kMaxTrajectoryGroups)
            for (auto& e : list)
                if (e.is_object() && e.contains("lambda") && e["lambda"].is_object())
                    for (std::size_t i = 0; i < shards->size(); ++i)
                        if (!e["lambda"].contains("shard" + std::to_string(i)))
                            e["lambda"]["shard" + std::to_string(i)] = 0.0;
        auto t = fromList(list, "step", 1.0, "step", what + " schedule");
        if (!t) return t;
        t->source = "schedule";
        if (const auto s = j.find("steps"); s != j.end())
            if (const auto steps = counter(*s); steps && *steps >= t->end) t->end = *steps;
        return t;
    }
    if (j.contains("trajectory") && j.contains("psi")) {
        auto t = fromList(j["trajectory"], "session", 1.0, "session", what + " trajectory");
        if (!t) return t;
        t->source = "mdac-state";
        return t;
    }
    return fail(what + ": neither a schedule, a training report nor an MDAC state.");
}

Expected<LambdaTrajectory> readLambdaTrajectory(const std::string& path, const CancelToken& cancel) {
    // A regular file, its size checked before it is read (common/JsonText).
    auto read = readTextFile(path, std::uint64_t(kMaxTrajectoryFileBytes), "trajectory file");
    if (!read) return std::unexpected(read.error());
    const std::string& text = *read;
    // One JSON document (ours) spans lines; a log is one object per line. A document that parses
    // whole and is not a single log line is ours.
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && text[first] == '{') {
        const auto firstNl = text.find('\n', first);
        const bool oneLine =
            firstNl == std::string::npos || text.find_first_not_of(" \t\r\n", firstNl) == std::string::npos;
        auto j = parseJsonOrDiscarded(text);
        if (!j.is_discarded() && j.is_object() && !(oneLine && (j.contains("step") || j.contains("session"))))
            return trajectoryFromJson(j, path);
    }
    return parseTrajectoryLog(text, path, cancel);
}

}  // namespace dl
