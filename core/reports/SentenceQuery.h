#pragma once
// "Where would this sentence be?": encodes new sentences exactly as a cluster run's vectors
// were encoded (the run's embedding set: same model content, layer, pooling, normalisation,
// precision and prompt), places them on the run's map with the run's stored model
// (representation steps + PCA, analysis/ClusterModel.h) and finds their nearest stored
// sentences by cosine over the set (exact, analysis/NearestNeighbours.h).
// A job function: runs on the worker (it loads the encoder; nothing here is for the GUI thread).
#include <cstdint>
#include <string>
#include <vector>

#include "common/Error.h"
#include "jobs/Progress.h"

namespace dl {

class SentenceQueryCache;
class Store;

struct SentenceQueryParams {
    std::int64_t runId = 0;          // a cluster run (0 = the latest)
    std::vector<std::string> texts;  // the sentences to place (prompt added as the set's)
    int k = 20;                      // neighbours per sentence
    std::string device = "auto";
    int threads = 0;
};

struct SentenceNeighbour {
    std::int64_t sentenceId = 0;
    std::int64_t position = 0;  // in the run's corpus
    float cosine = 0;
};

struct PlacedSentence {
    std::string text;
    bool placed = false;  // false when the run has no PCA map (see `note`)
    double x = 0, y = 0;  // on the run's map (its stored "pca2d" axes)
    std::vector<SentenceNeighbour> neighbours;  // best first
};

struct SentenceQueryResult {
    std::int64_t runId = 0;
    std::string model;  // the set's model name
    std::int64_t searched = 0;  // stored vectors compared
    std::string note;   // why sentences are not placed ("" when they are)
    std::vector<PlacedSentence> sentences;
};

// With a cache (SentenceQueryCache.h) the stored vectors and the encoder are kept for the
// next query on the same set; results are the same with or without it.
Expected<SentenceQueryResult> querySentences(const SentenceQueryParams& params, Store& store, ProgressSink& progress,
                                             const CancelToken& cancel, SentenceQueryCache* cache = nullptr);

}  // namespace dl
