#pragma once
// Export of training files from a stored run:
//  - Selection: the selected subset of a selection run (its cut, or a new top-k/threshold;
//    manual include/exclude overrides applied) as a Moses pair, TSV, JSONL or Parquet.
//  - Shards: one file (pair) per cluster of a cluster run, or per domain label.
//  - Mixture: sampling weights lambda_alpha(d) ~ (N_d/N)^alpha over domains or clusters (or
//    user weights) as JSON, plus a training file of a given size sampled with them.
// Every export writes PREFIX.manifest.json (project, corpus, run, method and parameters,
// model/layer, cut, counts, seed, SHA-256 and line count of each file, every filter run of the
// corpus with its parameters, counts and whether it was applied, the tag rules with counts). All files are written
// under temporary names and renamed into place together at the end.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "jobs/ParamTable.h"
#include "jobs/Progress.h"

namespace dl {

class Store;

enum class ExportFormat { Moses, Tsv, Jsonl, Parquet };
enum class ExportMode { Selection, Shards, Mixture };
enum class ExportOrder { Original, Score };

Expected<ExportFormat> parseExportFormat(const std::string& name);
const char* exportFormatName(ExportFormat format);  // "moses", "tsv", "jsonl", "parquet"

struct ExportParams {
    std::optional<std::int64_t> run;  // default: the latest selection run (Selection), cluster run (Shards by cluster)
    ExportMode mode = ExportMode::Selection;
    ExportFormat format = ExportFormat::Moses;
    std::string outPrefix;
    bool scores = false;
    bool gzip = false;
    bool force = false;  // replace existing files
    ExportOrder order = ExportOrder::Original;
    std::optional<std::int64_t> top;  // Selection: re-cut
    std::optional<double> threshold;
    std::string groupBy = "domain";  // Shards/Mixture: "domain" or "cluster"
    std::string corpus;  // Shards/Mixture by domain without a run
    double alpha = 1.0;  // Mixture temperature
    std::map<std::string, double> weights;  // Mixture: user weights (override alpha)
    std::int64_t sampleSize = 0;  // Mixture: sentences to sample (0 = weights only)
    bool withReplacement = false;
    std::uint64_t seed = 1;
    // A filter run (RunKind::Filter) of the same corpus: its removed sentences are left out of
    // every mode (selection, shards, mixture). Unset: no filter, whatever filter runs exist.
    std::optional<std::int64_t> filterRun;
    // The latest `filter --kind decontaminate` run of the corpus is applied by default (its
    // sentences that repeat a dev or test corpus are left out, as well as --filter's); true keeps
    // them (the manifest says so).
    bool includeContaminated = false;
    // Free tags (store/Tags.h): only sentences carrying at least one of `tags` (none named: no
    // such rule), and none carrying any of `excludeTags`. Both apply in every mode, after the
    // filter runs; the manifest lists each tag with how many of the corpus's sentences carry it.
    std::vector<std::string> tags, excludeTags;
};

// export's parameters declared once (export/ExportParamsTable.cpp): the CLI's options and
// --help, the Export dialog's fields and JobFactory's values come from it.
const ParamTable<ExportParams>& exportParamTable();

struct ExportResult {
    std::vector<std::string> files;  // data files (manifest excluded)
    std::string manifestPath;
    nlohmann::json manifest;
};

Expected<ExportResult> runExport(const ExportParams& params, Store& store, ProgressSink& progress,
                                 const CancelToken& cancel);

// lambda_alpha(d) = q_d^alpha / sum_e q_e^alpha with q_d = N_d / N (Pham et al. 2022).
std::map<std::string, double> temperatureWeights(const std::map<std::string, std::int64_t>& sizes, double alpha);

// Manual include/exclude decisions on a selection run (GUI curation), kept in the project.
Status setOverride(Store& store, std::int64_t runId, std::int64_t sentenceId, std::optional<bool> included);
Expected<std::map<std::int64_t, bool>> overrides(Store& store, std::int64_t runId);

}  // namespace dl
