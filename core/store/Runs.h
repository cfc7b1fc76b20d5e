#pragma once
// Stored runs: every analysis or selection is a run with its parameters as JSON, a
// summary JSON, per-sentence results and named blobs (arrays, trained models), so every
// plot, table and export can say exactly how it was made. Kinds and blob names are spelled
// in runs/ (RunKind.h, RunBlobs.h), never as literals here or in the callers.
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "runs/ClusterRunChecks.h"
#include "runs/RunBlobs.h"
#include "runs/RunKind.h"

namespace dl {

class Store;

struct RunInfo {
    std::int64_t id = 0;
    RunKind kind = RunKind::Cluster;
    std::int64_t corpusId = 0;
    std::optional<std::int64_t> embeddingSetId;
    nlohmann::json params;
    nlohmann::json summary;
    std::string created;  // ISO 8601 UTC
};

// Caller owns the transaction for all writes below.
Expected<std::int64_t> createRun(Store& store, RunKind kind, std::int64_t corpusId,
                                 std::optional<std::int64_t> embeddingSetId, const nlohmann::json& params);
Status setRunSummary(Store& store, std::int64_t runId, const nlohmann::json& summary);

// Reading a run whose stored kind this build does not know fails (StoredDataInvalid, "kind").
Expected<std::vector<RunInfo>> listRuns(Store& store);
Expected<std::vector<RunInfo>> listRuns(Store& store, RunKind kind);
Expected<RunInfo> getRun(Store& store, std::int64_t runId);
// NotClusterRun {id, kind} unless `run` is a cluster run: a usage error (the caller named a run
// of another kind). What every reader of a cluster run's model, labels or reports checks first.
Status requireClusterRun(const RunInfo& run);
// getRun, then requireClusterRun.
Expected<RunInfo> getClusterRun(Store& store, std::int64_t runId);
// The latest run of a kind; the error says there is none and which command makes one.
Expected<RunInfo> latestRun(Store& store, RunKind kind);

// One row per sentence: label (cluster / selected flag), score, probability, log-likelihood.
struct RunResults {
    std::vector<std::int64_t> sentenceIds;
    std::vector<std::int32_t> label;   // -1 when not applicable
    std::vector<double> score;         // NaN when not applicable
    std::vector<double> prob;
    std::vector<double> loglik;
};
Status writeRunResults(Store& store, std::int64_t runId, const RunResults& results);
Expected<RunResults> readRunResults(Store& store, std::int64_t runId);  // ordered by sentence id

// Named binary payloads (float arrays, trained weights, PCA projection...).
Status putRunBlob(Store& store, std::int64_t runId, std::string_view name, std::span<const std::byte> data);
Expected<std::vector<std::byte>> getRunBlob(Store& store, std::int64_t runId, std::string_view name);
Status removeRunBlob(Store& store, std::int64_t runId, std::string_view name);

// A JSON object as a named blob (a stored model's description); reading fails on a missing
// blob and says so, and on one that is not a JSON object.
Status putRunJson(Store& store, std::int64_t runId, std::string_view name, const nlohmann::json& value);
Expected<nlohmann::json> getRunJson(Store& store, std::int64_t runId, std::string_view name);

template <class T>
Status putRunArray(Store& store, std::int64_t runId, std::string_view name, std::span<const T> values) {
    return putRunBlob(store, runId, name, std::as_bytes(values));
}
template <class T>
Expected<std::vector<T>> getRunArray(Store& store, std::int64_t runId, std::string_view name) {
    auto bytes = getRunBlob(store, runId, name);
    if (!bytes) return std::unexpected(bytes.error());
    // A blob cut short (a damaged or crafted project) was read as one value fewer without a word.
    if (bytes->size() % sizeof(T) != 0)
        return storedDataInvalid(runId, name,
                                 "holds " + std::to_string(bytes->size()) + " bytes, not a whole number of " +
                                     std::to_string(sizeof(T)) + "-byte values");
    std::vector<T> out(bytes->size() / sizeof(T));
    std::memcpy(out.data(), bytes->data(), out.size() * sizeof(T));
    return out;
}

// An array stored in parts (blobs::partName(name, from) for each `from` of `parts`, an assign
// run explore is still growing), joined in that order; no parts: the whole array `name`.
template <class T>
Expected<std::vector<T>> getRunArrayParts(Store& store, std::int64_t runId, std::string_view name,
                                          const std::vector<std::int64_t>& parts) {
    if (parts.empty()) return getRunArray<T>(store, runId, name);
    std::vector<T> out;
    for (const std::int64_t from : parts) {
        auto part = getRunArray<T>(store, runId, blobs::partName(name, from));
        if (!part) return std::unexpected(part.error());
        out.insert(out.end(), part->begin(), part->end());
    }
    return out;
}

}  // namespace dl
