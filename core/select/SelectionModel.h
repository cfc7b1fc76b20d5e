#pragma once
// The fitted model of a selection run, stored with the run so `score --shard` can apply it to
// any rows later: Domain-Cosine's seed query (the unit mean of the seed vectors) or
// Domain-Finetune-head's classifier weights, the embedding set they live in, and the hashes
// of the seed sentences (pool sentences equal to a seed sentence are excluded, as in the run).
// Methods whose scores come from models trained per run on the run's own pool (moore-lewis,
// axelrod, contrast, invitation: n-gram LMs and EM over the pool; finetune: a whole encoder)
// store none: loading says so and names the methods that can be applied.
// Stored as run blobs "model.json", "model.query" (float64), "model.head" (torch archive),
// "model.seed_hashes" (uint64, sorted).
#include <cstdint>
#include <string_view>
#include <vector>

#include "common/Error.h"
#include "jobs/Progress.h"
#include "select/SelectJob.h"
#include "store/Runs.h"

namespace dl {

class Store;

struct SelectionModel {
    SelectMethod method = SelectMethod::Cosine;
    std::int64_t embeddingSet = 0;
    int dim = 0;
    std::vector<double> query;      // cosine: dim
    std::vector<char> headWeights;  // finetune-head
    int hidden = 0;                 // finetune-head: hidden units (0 = logistic regression)
    bool excludeLeaked = true;
    std::vector<std::uint64_t> seedTextHashes;  // sorted
};

// True for the methods whose model can be stored and applied (cosine, finetune-head).
bool selectionModelApplicable(SelectMethod method);
// FNV-1a 64 of a sentence's text: stable across builds and machines (the hashes are stored).
std::uint64_t sentenceTextHash(std::string_view text);

// Caller owns the transaction (the selection job stores it with its run).
Status storeSelectionModel(Store& store, std::int64_t runId, const SelectionModel& model);
Expected<SelectionModel> loadSelectionModel(Store& store, const RunInfo& run);

// Scores (higher = more in-domain) of rowCount x dim vectors of the model's embedding set;
// `texts` (the rows' source sentences) mark leaked rows NaN when the run excluded them.
Expected<std::vector<double>> applySelectionModel(const SelectionModel& model, const float* rows, std::int64_t rowCount,
                                                  int dim, const std::vector<std::string>& texts, const CancelToken& cancel);

}  // namespace dl
