#pragma once
// Helpers for the summary structs' JSON (runs/*Summary.cpp): NaN stored as null, and
// lenient reads (a missing key keeps the default; a wrong type throws json::type_error,
// which fromJson turns into an error).
#include <cmath>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "runs/ClusterSummary.h"

namespace dl::summary_json {

inline nlohmann::json nullable(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

// null or missing: kNoValue.
inline double nullableNumber(const nlohmann::json& j, std::string_view key) {
    auto it = j.find(key);
    return it == j.end() || it->is_null() ? kNoValue : it->get<double>();
}

template <class T>
void read(const nlohmann::json& j, std::string_view key, T& out) {
    if (auto it = j.find(key); it != j.end() && !it->is_null()) out = it->template get<T>();
}

// The error of a summary that does not read.
inline std::unexpected<Error> damaged(std::int64_t runId, const std::exception& e) {
    const std::string id = std::to_string(runId);
    return fail(ErrorCode::StoredDataInvalid, {id, "summary"},
                "Run " + id + ": its stored summary is damaged (" + e.what() + ").");
}

// The common frame of the summaries' fromJson: a summary that is not an object (a run without
// one) reads as the defaults; `fill` reads the keys; a json exception becomes damaged().
template <class Summary, class Fill>
Expected<Summary> readSummary(const nlohmann::json& j, std::int64_t runId, Fill fill) {
    Summary s;
    if (!j.is_object()) return s;
    try {
        fill(s);
    } catch (const nlohmann::json::exception& e) {
        return damaged(runId, e);
    }
    return s;
}

}  // namespace dl::summary_json
