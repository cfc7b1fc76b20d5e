#include "store/Runs.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include "common/JsonText.h"
#include "runs/ClusterRunChecks.h"
#include "store/Statement.h"
#include "store/Store.h"

namespace dl {

namespace {

constexpr const char* kRunColumns = "id, kind, corpus_id, embedding_set_id, params, summary, created";

Expected<RunInfo> readRun(const Statement& q, const std::string& path) {
    RunInfo r;
    r.id = q.int64(0);
    auto kind = runKindFromString(q.text(1));
    if (!kind)
        return fail(ErrorCode::StoredDataInvalid, {std::to_string(r.id), "kind"},
                    "Run " + std::to_string(r.id) + " in " + path + ": " + kind.error().message +
                        " A newer DomainLens made it?");
    r.kind = *kind;
    r.corpusId = q.int64(2);
    if (!q.isNull(3)) r.embeddingSetId = q.int64(3);
    for (const int column : {4, 5})
        if (jsonNestsDeeperThan(q.text(column)))
            return fail("Run " + std::to_string(r.id) + " in " + path +
                        " has damaged parameters: JSON nested deeper than " + std::to_string(kMaxJsonDepth) +
                        " levels.");
    try {
        r.params = nlohmann::json::parse(q.text(4));
        r.summary = nlohmann::json::parse(q.text(5));
    } catch (const std::exception& e) {
        return fail("Run " + std::to_string(r.id) + " in " + path + " has damaged parameters: " + e.what());
    }
    r.created = q.text(6);
    return r;
}

}  // namespace

Expected<std::int64_t> createRun(Store& store, RunKind kind, std::int64_t corpusId,
                                 std::optional<std::int64_t> embeddingSetId, const nlohmann::json& params) {
    auto q = store.prepare("INSERT INTO runs(kind, corpus_id, embedding_set_id, params) VALUES(?1, ?2, ?3, ?4)");
    if (!q) return std::unexpected(q.error());
    q->bind(1, toString(kind)).bind(2, corpusId).bind(3, embeddingSetId).bind(4, params.dump());
    if (auto s = q->run(); !s) return std::unexpected(s.error());
    return store.lastInsertId();
}

Status setRunSummary(Store& store, std::int64_t runId, const nlohmann::json& summary) {
    auto q = store.prepare("UPDATE runs SET summary = ?2 WHERE id = ?1");
    if (!q) return std::unexpected(q.error());
    q->bind(1, runId).bind(2, summary.dump());
    return q->run();
}

namespace {

// All runs when `kind` is empty.
Expected<std::vector<RunInfo>> listRunsOfKind(Store& store, std::optional<RunKind> kind) {
    auto q = store.prepare(std::string("SELECT ") + kRunColumns + " FROM runs WHERE ?1 = '' OR kind = ?1 ORDER BY id");
    if (!q) return std::unexpected(q.error());
    q->bind(1, kind ? toString(*kind) : std::string());
    std::vector<RunInfo> out;
    while (true) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        auto r = readRun(*q, store.path());
        if (!r) return std::unexpected(r.error());
        out.push_back(std::move(*r));
    }
    return out;
}

}  // namespace

Expected<std::vector<RunInfo>> listRuns(Store& store) { return listRunsOfKind(store, std::nullopt); }
Expected<std::vector<RunInfo>> listRuns(Store& store, RunKind kind) { return listRunsOfKind(store, kind); }

Expected<RunInfo> getRun(Store& store, std::int64_t runId) {
    auto q = store.prepare(std::string("SELECT ") + kRunColumns + " FROM runs WHERE id = ?1");
    if (!q) return std::unexpected(q.error());
    q->bind(1, runId);
    auto row = q->step();
    if (!row) return std::unexpected(row.error());
    if (!*row)
        return fail(ErrorCode::UnknownRun, {std::to_string(runId)},
                    "No run " + std::to_string(runId) + " in the project " + store.path() + ".");
    return readRun(*q, store.path());
}

Status requireClusterRun(const RunInfo& run) {
    if (run.kind == RunKind::Cluster) return {};
    const std::string id = std::to_string(run.id);
    return fail(ErrorCode::NotClusterRun, {id, toString(run.kind)},
                "Run " + id + " is a " + toString(run.kind) + " run, not a cluster run.", ErrorKind::Usage);
}

Expected<RunInfo> getClusterRun(Store& store, std::int64_t runId) {
    auto run = getRun(store, runId);
    if (!run) return run;
    if (auto ok = requireClusterRun(*run); !ok) return std::unexpected(ok.error());
    return run;
}

Expected<RunInfo> latestRun(Store& store, RunKind runKind) {
    const std::string kind = toString(runKind);
    auto q =
        store.prepare(std::string("SELECT ") + kRunColumns + " FROM runs WHERE kind = ?1 ORDER BY id DESC LIMIT 1");
    if (!q) return std::unexpected(q.error());
    q->bind(1, kind);
    auto row = q->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return fail("The project " + store.path() + " has no " + kind + " run yet (run `" + kind + "` first).");
    return readRun(*q, store.path());
}

Status writeRunResults(Store& store, std::int64_t runId, const RunResults& r) {
    const std::size_t n = r.sentenceIds.size();
    auto sizeOk = [n](std::size_t s) { return s == 0 || s == n; };
    if (!sizeOk(r.label.size()) || !sizeOk(r.score.size()) || !sizeOk(r.prob.size()) || !sizeOk(r.loglik.size()))
        return fail("Internal error: run result columns have different lengths.");
    auto q = store.prepare(
        "INSERT OR REPLACE INTO run_results(run_id, sentence_id, label, score, prob, loglik) "
        "VALUES(?1,?2,?3,?4,?5,?6)");
    if (!q) return std::unexpected(q.error());
    auto bindReal = [&](int col, const std::vector<double>& v, std::size_t i) {
        if (v.empty() || std::isnan(v[i])) q->bindNull(col);
        else q->bind(col, v[i]);
    };
    for (std::size_t i = 0; i < n; ++i) {
        q->bind(1, runId).bind(2, r.sentenceIds[i]);
        if (r.label.empty() || r.label[i] < 0) q->bindNull(3);
        else q->bind(3, static_cast<std::int64_t>(r.label[i]));
        bindReal(4, r.score, i);
        bindReal(5, r.prob, i);
        bindReal(6, r.loglik, i);
        if (auto s = q->run(); !s) return s;
    }
    return {};
}

Expected<RunResults> readRunResults(Store& store, std::int64_t runId) {
    auto q = store.prepare(
        "SELECT sentence_id, label, score, prob, loglik FROM run_results WHERE run_id = ?1 ORDER BY sentence_id");
    if (!q) return std::unexpected(q.error());
    q->bind(1, runId);
    RunResults r;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    while (true) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        r.sentenceIds.push_back(q->int64(0));
        // A label is a cluster, a class or a rank bucket: an int32. A crafted 2^32 + 1 was cast to
        // 1, past the range checks of the readers (runs/ClusterRunChecks.h).
        const std::int64_t label = q->isNull(1) ? -1 : q->int64(1);
        if (label < std::numeric_limits<std::int32_t>::min() || label > std::numeric_limits<std::int32_t>::max())
            return storedDataInvalid(runId, blobs::kLabels,
                                     "gives sentence " + std::to_string(r.sentenceIds.back()) + " the label " +
                                         std::to_string(label) + ", outside a 32-bit label");
        r.label.push_back(static_cast<std::int32_t>(label));
        r.score.push_back(q->isNull(2) ? nan : q->real(2));
        r.prob.push_back(q->isNull(3) ? nan : q->real(3));
        r.loglik.push_back(q->isNull(4) ? nan : q->real(4));
    }
    return r;
}

Status putRunBlob(Store& store, std::int64_t runId, std::string_view name, std::span<const std::byte> data) {
    auto q = store.prepare("INSERT OR REPLACE INTO run_blobs(run_id, name, data) VALUES(?1, ?2, ?3)");
    if (!q) return std::unexpected(q.error());
    q->bind(1, runId).bind(2, name).bind(3, data);
    return q->run();
}

Expected<std::vector<std::byte>> getRunBlob(Store& store, std::int64_t runId, std::string_view name) {
    auto q = store.prepare("SELECT data FROM run_blobs WHERE run_id = ?1 AND name = ?2");
    if (!q) return std::unexpected(q.error());
    q->bind(1, runId).bind(2, name);
    auto row = q->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return fail("Run " + std::to_string(runId) + " has no stored '" + std::string(name) + "'.");
    auto b = q->blob(0);
    return std::vector<std::byte>(b.begin(), b.end());
}

Status removeRunBlob(Store& store, std::int64_t runId, std::string_view name) {
    auto q = store.prepare("DELETE FROM run_blobs WHERE run_id = ?1 AND name = ?2");
    if (!q) return std::unexpected(q.error());
    q->bind(1, runId).bind(2, name);
    return q->run();
}

Status putRunJson(Store& store, std::int64_t runId, std::string_view name, const nlohmann::json& value) {
    const std::string text = value.dump();
    return putRunBlob(store, runId, name, std::as_bytes(std::span<const char>(text.data(), text.size())));
}

Expected<nlohmann::json> getRunJson(Store& store, std::int64_t runId, std::string_view name) {
    auto bytes = getRunBlob(store, runId, name);
    if (!bytes) return std::unexpected(bytes.error());
    auto j = parseJsonOrDiscarded(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
    if (j.is_discarded() || !j.is_object())
        return fail("Run " + std::to_string(runId) + ": its stored '" + std::string(name) +
                    "' is damaged (not a JSON object).");
    return j;
}

}  // namespace dl
