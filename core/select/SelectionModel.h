#pragma once
// The fitted model of a selection run, stored with the run so `score --shard` can apply it to
// any rows later: Domain-Cosine's seed query (the unit mean of the seed vectors),
// Domain-Finetune-head's classifier weights (with the embedding set they live in), or the
// n-gram LMs of Moore-Lewis / Axelrod as their recipe: the sentence ids the in-domain and the
// mix LM were trained on, the vocabulary and the order (training is deterministic, so `score`
// trains the same LMs from the project); plus the hashes of the seed sentences (pool
// sentences equal to a seed sentence are excluded, as in the run). contrast, invitation and
// finetune store none (their models come out of iterations or EM over the run's own pool, or
// are a whole fine-tuned encoder): loading says so and names the methods that can be applied.
// Stored as run blobs "model.json", "model.query" (float64), "model.head" (torch archive),
// "model.heads" (an ensemble's other members),
// "model.seed_hashes" (uint64, sorted), "model.seed_ids", "model.mix_ids" (int64),
// "model.vocabulary_src", "model.vocabulary_tgt" (words joined by '\n').
#include <cstdint>
#include <string_view>
#include <vector>

#include "common/Error.h"
#include "common/TextHash.h"
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
    std::vector<char> headWeights;  // finetune-head (member 1 of an ensemble)
    // finetune-head --classifiers N > 1: members 2..N, stored as "model.heads" (the archives one
    // after another; their sizes in model.json "member_head_sizes"); scores are the members' mean.
    std::vector<std::vector<char>> memberHeads;
    int hidden = 0;                 // finetune-head: hidden units (0 = logistic regression)
    bool excludeLeaked = true;
    std::vector<std::uint64_t> seedTextHashes;  // sorted
    // moore-lewis, axelrod: the LMs' training sentences (ids, in training order), vocabularies
    // (tgt: axelrod only) and n-gram order.
    int lmOrder = 0;
    std::vector<std::int64_t> seedIds, mixIds;
    std::vector<std::string> vocabularySrc, vocabularyTgt;
};

// True for the methods whose model can be stored and applied (cosine, finetune-head,
// moore-lewis, axelrod); usesEmbeddings: cosine and finetune-head.
bool selectionModelApplicable(SelectMethod method);
bool selectionModelUsesEmbeddings(SelectMethod method);
// sentenceTextHash (common/TextHash.h) of the seed's texts is stored with the model.

// Caller owns the transaction (the selection job stores it with its run).
Status storeSelectionModel(Store& store, std::int64_t runId, const SelectionModel& model);
Expected<SelectionModel> loadSelectionModel(Store& store, const RunInfo& run);

// Scores (higher = more in-domain) of rowCount x dim vectors of the model's embedding set;
// `texts` (the rows' source sentences) mark leaked rows NaN when the run excluded them.
Expected<std::vector<double>> applySelectionModel(const SelectionModel& model, const float* rows, std::int64_t rowCount,
                                                  int dim, const std::vector<std::string>& texts,
                                                  const CancelToken& cancel);

// NaN for rows whose text is a seed sentence, when the run excluded those.
void excludeLeakedRows(const SelectionModel& model, const std::vector<std::string>& texts, std::vector<double>& scores);

// Moore-Lewis / Axelrod: trains the stored LMs from the project's sentences, then scores the
// rows' source (and, for axelrod, target) sentences: -(H_in - H_mix), summed over the sides.
Expected<std::vector<double>> applyLmSelectionModel(Store& store, const SelectionModel& model,
                                                    const std::vector<std::string>& src,
                                                    const std::vector<std::string>& tgt, const CancelToken& cancel);

}  // namespace dl
