#pragma once
// Filter pipelines (docs/cleaning.md, "Pipelines"): filter steps in order, each with its kind
// and options, run on a corpus as one job. Each step is a filter run that sees only what the
// earlier steps kept (its input is the corpus less their removals; its params name them as
// "after_runs", and export --filter of a step leaves out what they removed too). The runs are
// stored together in one transaction after the last step: a step that fails or a cancel leaves
// nothing. Every run of a pipeline stores its definition (params "pipeline": name, step, steps,
// definition), so a pipeline is stored in the project by running it once and is re-run on any
// corpus by name (`filter PROJECT --corpus C --pipeline NAME`).
//
// The file (untrusted; at most kMaxPipelineBytes, kMaxPipelineSteps steps):
//   {"name": "web-clean",
//    "steps": [{"kind": "near-dup", "threshold": 0.8},
//              {"kind": "langid", "min-prob": 0.5},
//              {"kind": "bitext", "margin-min": 1.0}]}
// A step's keys are the filter options without "--" (kind required; corpus not allowed: the
// pipeline runs on the corpus it is given); values are JSON numbers, strings or booleans as
// the option takes them. Errors name the file, the line, the step and the key: malformed JSON,
// an unknown kind or option, an option of another kind (checkFilterOptionsForKind), a value
// out of its range.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "filter/FilterJob.h"

namespace dl {

inline constexpr std::uint64_t kMaxPipelineBytes = 1 << 20;
inline constexpr std::size_t kMaxPipelineSteps = 32;
inline constexpr std::size_t kMaxPipelineName = 64;

struct FilterPipelineStep {
    FilterParams params;  // corpus empty: set when run
    int line = 0;         // of the step's '{' in the file (0 = not from a file)
};

struct FilterPipeline {
    std::string name;  // [A-Za-z0-9._-], 1 to kMaxPipelineName characters
    std::vector<FilterPipelineStep> steps;
    nlohmann::json definition;  // as stored with each run: {"name", "steps": [{kind, options}]}
};

// `what` names the source in errors (the file's path).
Expected<FilterPipeline> parseFilterPipeline(const std::string& text, const std::string& what);
Expected<FilterPipeline> readFilterPipelineFile(const std::string& path);
// The definition stored with the project's latest filter run of the pipeline `name`; a usage
// error when none ran.
Expected<FilterPipeline> storedFilterPipeline(Store& store, const std::string& name);

struct FilterPipelineResult {
    std::vector<FilterResult> steps;  // in order; each summary's sentences: what the earlier steps kept
    std::int64_t sentences = 0, kept = 0;
};

// Runs the steps on `corpus` in order (threads: each step's, 0 = every core).
Expected<FilterPipelineResult> runFilterPipeline(const FilterPipeline& pipeline, const std::string& corpus, int threads,
                                                 Store& store, ProgressSink& progress, const CancelToken& cancel);

}  // namespace dl
