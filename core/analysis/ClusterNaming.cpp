#include "analysis/ClusterNaming.h"

#include <algorithm>
#include <charconv>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "common/JsonText.h"
#include "jobs/RunJob.h"
#include "runs/ClusterSummary.h"
#include "runs/RunBlobs.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Statement.h"
#include "store/Store.h"

namespace dl {

namespace {

using json = nlohmann::json;

Expected<json> readJsonBlob(Store& store, std::int64_t runId, std::string_view name) {
    auto q = store.prepare("SELECT data FROM run_blobs WHERE run_id = ?1 AND name = ?2");
    if (!q) return std::unexpected(q.error());
    q->bind(1, runId).bind(2, name);
    auto row = q->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return json();  // none stored
    const auto bytes = q->blob(0);
    const std::string text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    json j = parseJsonOrDiscarded(text);
    if (j.is_discarded())
        return fail(ErrorCode::StoredDataInvalid, {std::to_string(runId), std::string(name)},
                    "Run " + std::to_string(runId) + ": the stored " + std::string(name) + " are not valid JSON.");
    return j;
}

Status writeJsonBlob(Store& store, std::int64_t runId, std::string_view name, const json& j) {
    const std::string text = j.dump();
    return putRunBlob(store, runId, name, std::as_bytes(std::span<const char>(text.data(), text.size())));
}

}  // namespace

std::string ClusterNames::label(int cluster, int words) const {
    if (auto it = userNames.find(cluster); it != userNames.end()) return it->second;
    if (cluster < 0 || cluster >= int(terms.size())) return {};
    std::string out;
    for (int i = 0; i < words && i < int(terms[std::size_t(cluster)].size()); ++i)
        out += (i ? " · " : "") + terms[std::size_t(cluster)][std::size_t(i)].term;
    return out;
}

Expected<std::string> runLanguage(Store& store, std::int64_t runId) {
    auto q = store.prepare("SELECT c.src_lang FROM runs r JOIN corpora c ON c.id = r.corpus_id WHERE r.id = ?1");
    if (!q) return std::unexpected(q.error());
    q->bind(1, runId);
    auto row = q->step();
    if (!row) return std::unexpected(row.error());
    if (!*row)
        return fail(ErrorCode::UnknownRun, {std::to_string(runId)},
                    "There is no run " + std::to_string(runId) + " in this project.");
    return std::string(q->text(0));
}

Expected<ClusterNames> nameClusters(Store& store, std::int64_t runId, const std::unordered_set<std::string>& stopWords,
                                    int top, ProgressSink& progress, const CancelToken& cancel) {
    return runJob<ClusterNames>([&]() -> Expected<ClusterNames> {
        auto run = getClusterRun(store, runId);
        if (!run) return std::unexpected(run.error());
        auto language = runLanguage(store, runId);
        if (!language) return std::unexpected(language.error());
        auto results = readRunResults(store, runId);  // sorted by sentence id
        if (!results) return std::unexpected(results.error());
        auto summary = ClusterSummary::fromJson(run->summary, runId);
        if (!summary) return std::unexpected(summary.error());
        const int k = summary->k;
        ClusterTermCounter counter(k, stopWords);
        progress.stage("Finding the distinctive words of each cluster");
        std::int64_t seen = 0;
        const auto total = std::int64_t(results->sentenceIds.size());
        auto st = forEachSentence(store, run->corpusId, 0, [&](const Sentence& s) {
            const auto& ids = results->sentenceIds;
            auto it = std::lower_bound(ids.begin(), ids.end(), s.id);
            if (it != ids.end() && *it == s.id) counter.add(results->label[std::size_t(it - ids.begin())], s.src);
            if (++seen % 20000 == 0) {
                cancel.throwIfCancelled();
                progress.progress(seen, total);
            }
            return true;
        });
        if (!st) return std::unexpected(st.error());
        auto names = readClusterNames(store, runId);
        if (!names) return std::unexpected(names.error());
        names->computed = true;
        names->language = *language;
        names->terms = counter.top(top);
        json terms = json::array();
        for (const auto& cluster : names->terms) {
            json list = json::array();
            for (const auto& t : cluster) list.push_back({t.term, t.weight});
            terms.push_back(list);
        }
        cancel.throwIfCancelled();
        auto tx = store.begin();
        if (!tx) return std::unexpected(tx.error());
        if (auto s = writeJsonBlob(store, runId, blobs::kClusterTerms,
                                   {{"language", *language}, {"method", "c-TF-IDF"}, {"terms", terms}});
            !s)
            return std::unexpected(s.error());
        if (auto s = tx->commit(); !s) return std::unexpected(s.error());
        return *names;
    });
}

Expected<ClusterNames> readClusterNames(Store& store, std::int64_t runId) {
    ClusterNames out;
    auto terms = readJsonBlob(store, runId, blobs::kClusterTerms);
    if (!terms) return std::unexpected(terms.error());
    if (terms->is_object()) {
        out.computed = true;
        out.language = terms->value("language", std::string());
        for (const auto& cluster : terms->value("terms", json::array())) {
            std::vector<ClusterTerm> list;
            for (const auto& t : cluster)
                if (t.is_array() && t.size() == 2 && t[0].is_string() && t[1].is_number())
                    list.push_back({t[0].get<std::string>(), t[1].get<double>()});
            out.terms.push_back(std::move(list));
        }
    }
    auto names = readJsonBlob(store, runId, blobs::kClusterNames);
    if (!names) return std::unexpected(names.error());
    if (names->is_object())
        for (const auto& [key, value] : names->items()) {
            // The keys are cluster numbers written by setClusterName; anything else is damage.
            int cluster = -1;
            const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), cluster);
            if (ec != std::errc() || end != key.data() + key.size() || cluster < 0 || !value.is_string())
                return fail(ErrorCode::StoredDataInvalid, {std::to_string(runId), std::string(blobs::kClusterNames)},
                            "Run " + std::to_string(runId) + ": its stored cluster names are damaged (key '" + key +
                                "' is not a cluster number with a name).");
            out.userNames[cluster] = value.get<std::string>();
        }
    return out;
}

Status setClusterName(Store& store, std::int64_t runId, int cluster, const std::string& name) {
    auto names = readJsonBlob(store, runId, blobs::kClusterNames);
    if (!names) return std::unexpected(names.error());
    json j = names->is_object() ? *names : json::object();
    if (name.empty()) j.erase(std::to_string(cluster));
    else j[std::to_string(cluster)] = name;
    return writeJsonBlob(store, runId, blobs::kClusterNames, j);
}

}  // namespace dl
