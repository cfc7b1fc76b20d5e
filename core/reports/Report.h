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
// The text is untrusted (a user's file): a UTF-8 byte-order mark is skipped, cells may have
// spaces around them; refused, naming `what` (the file), the line and the field: no header or no
// row, an empty or repeated domain name, a row whose name is not a column or that repeats one,
// a row with another number of fields than the header, a value that is not entirely a finite
// number ("1.5x", "nan", "inf", "1e999", ""). Quoted fields are not supported (a domain name
// with a comma cannot be written).
Expected<ScoreMatrix> parseScoreMatrixCsv(std::string_view text, std::string_view what = "The score matrix");
// The largest score-matrix file read (16 MiB: a matrix of about 2,000 domains).
inline constexpr std::uint64_t kMaxScoreMatrixBytes = std::uint64_t(16) << 20;
// A score-matrix file: a regular file of at most kMaxScoreMatrixBytes, parsed naming its path.
Expected<ScoreMatrix> readScoreMatrixFile(const std::string& path);

// The paper's Fig. 4 material of a cluster run, as its summary stores it: the run's domains and
// the cosine of their embedding centroids (domains x domains, row-major; NaN where the stored
// value is null). StoredDataInvalid when the stored matrix is not that shape of numbers or nulls.
struct CentroidCosine {
    std::vector<std::string> domains;
    std::vector<double> values;
};
Expected<CentroidCosine> centroidCosineOf(const std::vector<std::string>& domains, const nlohmann::json& stored,
                                          std::int64_t runId);

// A centroid-cosine matrix against a score matrix, as the report's score_correlation: every
// (train, test) pair of run domains that both matrices hold, with a cosine and a finite score,
// in row-major order of the run's domains; Pearson r over the different-domain pairs and over
// all of them (the same-domain pairs included, as the paper's Fig. 4 plots them; NaN when
// undefined), and the domains one side lacks.
struct ScorePoint {
    std::size_t train = 0, test = 0;  // indices into CentroidCosine::domains
    double cosine = 0, score = 0;
    bool sameDomain() const { return train == test; }
};
struct ScoreCorrelation {
    std::vector<ScorePoint> points;
    double pearson = 0, pearsonWithSameDomain = 0;
    std::size_t pairs = 0, pairsWithSameDomain = 0;
    std::vector<std::string> runDomainsNotScored;   // run domains the score matrix lacks
    std::vector<std::string> scoreDomainsNotInRun;  // score-matrix domains the run lacks
};
ScoreCorrelation correlateScores(const CentroidCosine& centroids, const ScoreMatrix& scores);

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
