#pragma once
// Report of a stored "cluster" run: purity, confusion matrix (true domain x cluster, with
// names), cluster -> domain majority map, per-domain precision/recall, the outlier analysis
// of Aharoni & Goldberg's Table 2 (sentences whose cluster maps to another domain: counts per
// (from, to) pair, their length vs all sentences, shares with digits / with pronouns or '?',
// sample sentences), the domain-centroid cosine matrix, and its Pearson correlation with a
// user-given cross-domain score matrix (e.g. BLEU of a model trained on one domain, tested on
// another; the paper's Fig. 4).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "jobs/ParamTable.h"

namespace dl {

class Store;

struct ScoreMatrix {
    std::vector<std::string> domains;  // row/column names
    std::vector<double> values;        // domains x domains, row-major
};
// CSV: header line ",dom1,dom2,...", then "domX,v1,v2,..." rows (row order may differ from the header).
Expected<ScoreMatrix> parseScoreMatrixCsv(std::string_view text);

struct ReportParams {
    std::int64_t runId = 0;  // 0 = latest cluster run
    int outlierSamples = 5;  // sample sentences per (from, to) pair
    std::optional<ScoreMatrix> scores;
    // A filter run's ledger, one page: removed sentences with id > ledgerAfter, ledgerLimit of them.
    std::int64_t ledgerAfter = 0;
    std::int64_t ledgerLimit = 20;
};

// Text features used by the outlier analysis (exposed for tests).
struct SentenceFeatures {
    int tokens = 0;
    bool digit = false;
    bool pronounOrQuestion = false;  // personal pronoun (en/de/fr list) or '?'
};
SentenceFeatures sentenceFeatures(std::string_view text);

// report's parameters declared once (reports/ReportParamsTable.cpp); the run and the score
// matrix are the command's argument and file.
const ParamTable<ReportParams>& reportParamTable();
Expected<nlohmann::json> buildClusterReport(Store& store, const ReportParams& params);
// The report as CSV sections (confusion, per-domain, outlier pairs, centroid cosine), blank-line separated.
std::string clusterReportCsv(const nlohmann::json& report);
// A terminal-friendly text rendering.
std::string clusterReportText(const nlohmann::json& report);

}  // namespace dl
