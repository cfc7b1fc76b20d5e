#include "reports/FilterLedger.h"

#include <cstdint>
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
                           {"rule", r.removal.rule >= 0 && std::size_t(r.removal.rule) < summary->rules.size()
                                        ? summary->rules[std::size_t(r.removal.rule)].rule
                                        : std::string("?")},
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

namespace {

std::int64_t count(const nlohmann::json& j, const char* key) { return j.value(key, std::int64_t{0}); }

// The near-dup rule's line and the LSH figures.
void nearDupText(const nlohmann::json& s, std::string& out) {
    char b[512];
    for (const auto& r : s["rules"]) {
        std::snprintf(b, sizeof b,
                      "  %-10s kept %lld, removed %lld (%lld groups; %lld candidate pairs, %lld verified; %lld "
                      "without shingles)\n",
                      r.value("rule", std::string()).c_str(), static_cast<long long>(count(r, "kept")),
                      static_cast<long long>(count(r, "removed")), static_cast<long long>(count(r, "groups")),
                      static_cast<long long>(count(r, "candidate_pairs")),
                      static_cast<long long>(count(r, "verified_pairs")),
                      static_cast<long long>(count(r, "empty_texts")));
        out += b;
    }
    if (auto lsh = s.find("lsh"); lsh != s.end()) {
        std::snprintf(b, sizeof b,
                      "  LSH %d bands x %d rows: expected false negatives at the threshold %.4f%% (mean over [t,1] "
                      "%.4f%%), candidate rate below it %.4f%% (verified away)\n",
                      lsh->value("bands", 0), lsh->value("rows", 0), 100 * lsh->value("fn_at_threshold", 0.0),
                      100 * lsh->value("fn_weight", 0.0), 100 * lsh->value("fp_weight", 0.0));
        out += b;
    }
}

// The langid rules, and per side the best guesses and the probability histogram.
void langIdText(const nlohmann::json& s, std::string& out) {
    char b[512];
    for (const auto& r : s["rules"]) {
        std::snprintf(b, sizeof b, "  %-10s input %lld, removed %lld (the side failed on %lld)\n",
                      r.value("rule", std::string()).c_str(), static_cast<long long>(count(r, "input")),
                      static_cast<long long>(count(r, "removed")), static_cast<long long>(count(r, "failed")));
        out += b;
    }
    for (const auto& [side, d] : s["details"].items()) {
        out += "  " + side + ": expected " + d.value("expected", std::string()) + ", best guesses";
        for (const auto& [lang, n] : d["best_guesses"].items())
            out += " " + lang + " " + std::to_string(n.get<std::int64_t>());
        out += "\n    P(expected) in 20 bins from 0 to 1:";
        for (const auto& n : d["histogram"]) out += " " + std::to_string(n.get<std::int64_t>());
        out += "\n";
    }
}

// The bitext rules in order, each with its threshold, failures and the share of pairs passing,
// and the histogram of its score.
void bitextText(const nlohmann::json& s, std::string& out) {
    char b[512];
    for (const auto& r : s["rules"]) {
        const auto name = r.value("rule", std::string());
        const auto d = s["details"].value(name, nlohmann::json::object());
        std::snprintf(b, sizeof b, "  %-27s %s %g: input %lld, removed %lld (failed %lld; %.1f%% of the pairs pass)\n",
                      name.c_str(), d.value("direction", std::string()).c_str(), d.value("threshold", 0.0),
                      static_cast<long long>(count(r, "input")), static_cast<long long>(count(r, "removed")),
                      static_cast<long long>(count(r, "failed")), d.value("threshold_percentile", 0.0));
        out += b;
        std::snprintf(b, sizeof b, "    score in 20 bins from %g to %g:", d.value("lo", 0.0), d.value("hi", 0.0));
        out += b;
        for (const auto& n : d.value("histogram", nlohmann::json::array()))
            out += " " + std::to_string(n.get<std::int64_t>());
        out += "\n";
    }
}

// The kind of a run, from its first rule's name: "bitext:...", "langid:...", "semantic-dup" or
// "near-dup".
bool firstRuleIs(const nlohmann::json& s, std::string_view prefix) {
    return !s["rules"].empty() && s["rules"][0].value("rule", std::string()).rfind(prefix, 0) == 0;
}

// The semantic-dup rule's line and what it compared.
void semanticDupText(const nlohmann::json& s, std::string& out) {
    char b[512];
    for (const auto& r : s["rules"]) {
        std::snprintf(b, sizeof b, "  %s kept %lld, removed %lld (%lld groups; %lld pairs; %lld zero vectors)\n",
                      r.value("rule", std::string()).c_str(), static_cast<long long>(count(r, "kept")),
                      static_cast<long long>(count(r, "removed")), static_cast<long long>(count(r, "groups")),
                      static_cast<long long>(count(r, "verified_pairs")),
                      static_cast<long long>(count(r, "empty_texts")));
        out += b;
    }
    const auto d = s.value("details", nlohmann::json::object());
    std::snprintf(
        b, sizeof b, "  cosine >= %g within the %lld clusters of cluster run %lld (embedding set %lld), keep %s\n",
        d.value("min_cosine", 0.0), static_cast<long long>(d.value("clusters", std::int64_t{0})),
        static_cast<long long>(d.value("cluster_run", std::int64_t{0})),
        static_cast<long long>(d.value("embedding_set", std::int64_t{0})), d.value("keep", std::string()).c_str());
    out += b;
}

}  // namespace

std::string filterLedgerText(const nlohmann::json& ledger) {
    const auto& s = ledger["summary"];
    std::string out;
    char b[512];
    std::snprintf(b, sizeof b, "Filter run %lld on corpus '%s': %lld sentences, %lld kept, %lld removed (%.1f s)\n",
                  static_cast<long long>(ledger["run"]["id"].get<std::int64_t>()),
                  s.value("corpus", std::string()).c_str(), static_cast<long long>(count(s, "sentences")),
                  static_cast<long long>(count(s, "kept")), static_cast<long long>(count(s, "removed")),
                  s.value("seconds", 0.0));
    out += b;
    if (firstRuleIs(s, "bitext:")) bitextText(s, out);
    else if (firstRuleIs(s, "langid:")) langIdText(s, out);
    else if (firstRuleIs(s, "semantic-dup")) semanticDupText(s, out);
    else nearDupText(s, out);
    if (firstRuleIs(s, "decontaminate") && s.contains("details")) {
        out += "  dev/test corpora:";
        for (const auto& c : s["details"].value("references", nlohmann::json::array()))
            out += " " + c.value("corpus", std::string()) + " (" + c.value("role", std::string()) + ", " +
                   std::to_string(c.value("sentences", std::int64_t{0})) + ")";
        out += "; sides compared: " + s["details"].value("sides", std::string()) + "\n";
    }
    const bool leaks = firstRuleIs(s, "decontaminate");
    for (const auto& r : ledger["removed"]) {
        if (r.value("kept", std::int64_t{0}) == 0) {
            std::snprintf(b, sizeof b, "\n#%lld removed by %s (score %.3f):\n",
                          static_cast<long long>(r["sentence"].get<std::int64_t>()),
                          r.value("rule", std::string()).c_str(), r["similarity"].get<double>());
            out += b;
            out += "  - " + r["src"].get<std::string>() + "\n";
            if (!r["tgt"].get<std::string>().empty()) out += "  - " + r["tgt"].get<std::string>() + "\n";
            continue;
        }
        std::snprintf(
            b, sizeof b,
            leaks ? "\n#%lld (%s %.3f) repeats dev/test sentence #%lld:\n" : "\n#%lld (%s %.3f) duplicates #%lld:\n",
            static_cast<long long>(r["sentence"].get<std::int64_t>()),
            r.value("rule", std::string()) == "semantic-dup" ? "cosine" : "J", r["similarity"].get<double>(),
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
