#include "reports/FilterLedger.h"

#include <cstdio>
#include <string>

#include "runs/FilterSummary.h"
#include "runs/RunKind.h"
#include "store/Removals.h"
#include "store/Runs.h"

namespace dl {

Expected<nlohmann::json> filterLedger(Store& store, std::int64_t runId, std::int64_t after, std::int64_t limit) {
    auto run = getRun(store, runId);
    if (!run) return std::unexpected(run.error());
    if (run->kind != RunKind::Filter)
        return usageError("Run " + std::to_string(runId) + " is a " + toString(run->kind) + " run, not a filter run.");
    auto summary = FilterSummary::fromJson(run->summary, run->id);
    if (!summary) return std::unexpected(summary.error());
    auto page = removalPage(store, runId, after, limit);
    if (!page) return std::unexpected(page.error());
    nlohmann::json removed = nlohmann::json::array();
    for (const auto& r : *page)
        removed.push_back({{"sentence", r.removal.sentenceId},
                           {"position", r.position},
                           {"src", r.src},
                           {"tgt", r.tgt},
                           {"kept", r.removal.keptId},
                           {"kept_position", r.keptPosition},
                           {"kept_src", r.keptSrc},
                           {"kept_tgt", r.keptTgt},
                           {"similarity", r.removal.similarity}});
    const bool more = limit > 0 && static_cast<std::int64_t>(page->size()) == limit;
    return nlohmann::json{
        {"run", {{"id", run->id}, {"kind", toString(run->kind)}, {"created", run->created}, {"params", run->params}}},
        {"summary", summary->toJson()},
        {"removed", std::move(removed)},
        {"next_after", more ? nlohmann::json(page->back().removal.sentenceId) : nlohmann::json(nullptr)}};
}

std::string filterLedgerText(const nlohmann::json& ledger) {
    const auto& s = ledger["summary"];
    const auto& lsh = s["lsh"];
    std::string out;
    char b[512];
    std::snprintf(b, sizeof b, "Filter run %lld on corpus '%s': %lld sentences, %lld kept, %lld removed (%.1f s)\n",
                  static_cast<long long>(ledger["run"]["id"].get<std::int64_t>()),
                  s["corpus"].get<std::string>().c_str(), static_cast<long long>(s["sentences"].get<std::int64_t>()),
                  static_cast<long long>(s["kept"].get<std::int64_t>()),
                  static_cast<long long>(s["removed"].get<std::int64_t>()), s["seconds"].get<double>());
    out += b;
    for (const auto& r : s["rules"]) {
        std::snprintf(b, sizeof b,
                      "  %-10s kept %lld, removed %lld (%lld groups; %lld candidate pairs, %lld verified; %lld "
                      "without shingles)\n",
                      r["rule"].get<std::string>().c_str(), static_cast<long long>(r["kept"].get<std::int64_t>()),
                      static_cast<long long>(r["removed"].get<std::int64_t>()),
                      static_cast<long long>(r["groups"].get<std::int64_t>()),
                      static_cast<long long>(r["candidate_pairs"].get<std::int64_t>()),
                      static_cast<long long>(r["verified_pairs"].get<std::int64_t>()),
                      static_cast<long long>(r["empty_texts"].get<std::int64_t>()));
        out += b;
    }
    std::snprintf(b, sizeof b,
                  "  LSH %d bands x %d rows: expected false negatives at the threshold %.4f%% (mean over [t,1] "
                  "%.4f%%), candidate rate below it %.4f%% (verified away)\n",
                  lsh["bands"].get<int>(), lsh["rows"].get<int>(), 100 * lsh["fn_at_threshold"].get<double>(),
                  100 * lsh["fn_weight"].get<double>(), 100 * lsh["fp_weight"].get<double>());
    out += b;
    for (const auto& r : ledger["removed"]) {
        std::snprintf(b, sizeof b, "\n#%lld (J %.3f) duplicates #%lld:\n",
                      static_cast<long long>(r["sentence"].get<std::int64_t>()), r["similarity"].get<double>(),
                      static_cast<long long>(r["kept"].get<std::int64_t>()));
        out += b;
        out += "  - " + r["src"].get<std::string>() + "\n  + " + r["kept_src"].get<std::string>() + "\n";
        if (!r["tgt"].get<std::string>().empty() || !r["kept_tgt"].get<std::string>().empty())
            out += "  - " + r["tgt"].get<std::string>() + "\n  + " + r["kept_tgt"].get<std::string>() + "\n";
    }
    if (!ledger["next_after"].is_null())
        out += "\nNext page: --after " + std::to_string(ledger["next_after"].get<std::int64_t>()) + "\n";
    return out;
}

}  // namespace dl
