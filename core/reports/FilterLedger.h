#pragma once
// The ledger of a filter run for the CLI's `report` (and later the GUI's views): the run's
// per-rule kept/removed counts and one page of removed sentences, each with the kept sentence
// it duplicates. Read-only; paging is keyset paging in SQL (store/Removals.h).
#include <cstdint>

#include <nlohmann/json.hpp>

#include "common/Error.h"

namespace dl {

class Store;

// {"run": {id, kind, created, params}, "summary": FilterSummary, "removed": [{sentence, position,
// src, tgt, kept, kept_position, kept_src, kept_tgt, similarity}], "next_after": id or null}.
Expected<nlohmann::json> filterLedger(Store& store, std::int64_t runId, std::int64_t after, std::int64_t limit);
// The same as text: the counts, then the page.
std::string filterLedgerText(const nlohmann::json& ledger);

}  // namespace dl
