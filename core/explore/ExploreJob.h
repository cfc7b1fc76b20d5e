#pragma once
// explore: from an imported corpus to a first map in minutes, then to the full map. Encodes a
// stratified random sample of the corpus first (stored as its own corpus, "<corpus>.sample",
// so it is an ordinary encoded, clustered corpus for every reader), fits PCA + GMM on it (a
// normal cluster run: the sample map). Staged (the default): the sample corpus holds a
// stratified share of itself first (`stage` percent), which is encoded and fitted first (a
// cluster run on those first rows: the stage map, the first map shown), then the rest of the
// sample is encoded and the sample map replaces it, with the label agreement of the stage fit
// and the sample fit on every sample row. Then explore encodes the corpus itself in chunks into the same
// embedding set, assigns each chunk with the first map's stored model and stores it as it is
// done (one assign run that grows chunk by chunk, its blobs in parts until the last chunk
// joins them), refits on every row (a second cluster run: the full map) and says how much the
// clusters moved (sample fit vs full fit).
// Resumable: every step keeps what is stored (the sample corpus, encoded chunks, the assigned
// chunks, the runs), so a rerun continues after the last stored chunk. Cancellable at every chunk and EM step.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "analysis/ClusterJob.h"
#include "common/Error.h"
#include "encode/EncodeJob.h"
#include "jobs/ParamTable.h"
#include "jobs/Progress.h"

namespace dl {

class Store;

struct ExploreParams {
    std::string corpus;           // the corpus to explore (mandatory)
    std::int64_t sample = 10000;  // sentences in the first map's sample (the whole corpus when smaller)
    std::uint64_t sampleSeed = 0;  // the sample's seed
    std::int64_t chunk = 20000;    // sentences encoded and assigned per step after the first map
    int stage = 50;                // percent of the sample fitted first (the stage map); 0 = no stage
    EncodeParams encode;           // model, precision, ... as `encode` (corpus and upTo are set per step)
    ClusterParams cluster;         // k, PCA, seeds, ... as `cluster` (corpus and set are set per fit)
};

// explore's parameters, declared once (explore/ExploreParamsTable.cpp); the encode and cluster
// options it offers are the encode and cluster tables' own specs.
const ParamTable<ExploreParams>& exploreParamTable();
Status validateExploreParams(const ExploreParams& params);

// The stratified sample: positions 0..n-1 grouped by domain label (unlabelled rows are one
// group), each group's share of `size` by largest remainder (common/Quotas.h), the positions
// of each group drawn uniformly without replacement (partial Fisher-Yates over mt19937_64
// seeded with `seed`), returned in position order. size >= n gives every position.
std::vector<std::int64_t> stratifiedSample(const std::vector<int>& groupOfPosition, std::int64_t size,
                                           std::uint64_t seed);

// How two labelings of the same rows agree: the adjusted Rand index, and the share of rows
// whose labels correspond under the best one-to-one matching of a's labels to b's
// (Hungarian algorithm on the contingency table): `label_agreement`.
struct LabelAgreement {
    double adjustedRandIndex = 0;
    double matched = 0;
};
LabelAgreement labelAgreement(const std::vector<std::int32_t>& a, const std::vector<std::int32_t>& b, int k);

// The first stage of a sample of `groupOfRow.size()` rows (groups as stratifiedSample's): the
// stage's size for `percent` (0 when there is no stage: percent 0, or a stage too small for a
// fit of k clusters in pcaDims dimensions, or as large as the sample), and the sample's row
// order with the stage's rows first (each part in sample order).
struct SampleStage {
    std::int64_t rows = 0;
    std::vector<std::int64_t> order;  // indices into the sample
};
SampleStage sampleStage(const std::vector<int>& groupOfRow, int percent, int k, int pcaDims, std::uint64_t seed);

struct ExploreResult {
    std::string corpus, sampleCorpus;
    std::int64_t sentences = 0;      // in the corpus
    std::int64_t sampleRows = 0;     // in the sample map
    std::int64_t stageRows = 0;      // in the stage map (0 = no stage)
    std::int64_t embeddingSet = 0;
    std::string precision;           // what the encoder computed in (resolved)
    std::int64_t firstMapRun = 0;    // the first map stored: the stage map, or the sample map without a stage
    double firstMapSeconds = 0;      // from the start of this run (0 when it was already there)
    std::int64_t stageMapRun = 0;    // cluster run on the sample corpus's first stageRows rows (0 = none)
    std::int64_t sampleMapRun = 0;   // cluster run on the sample corpus: the model the rest is assigned with
    double sampleMapSeconds = 0;     // from the start of this run (0 when it was already there)
    std::optional<LabelAgreement> stageAgreement;  // stage fit (applied to every sample row) vs sample fit
    std::int64_t encodedBefore = 0;  // rows of the corpus encoded before this run (resume point)
    std::int64_t encoded = 0;        // rows of the corpus encoded at the end (== sentences when complete)
    std::int64_t assignRun = 0;      // the first map's model applied to every row
    std::int64_t fullMapRun = 0;     // cluster run on every row
    double fullMapSeconds = 0;
    double sentencesPerSecond = 0;   // encoding after the first map, this run
    std::optional<LabelAgreement> agreement;  // sample fit (assigned) vs full fit, on every row
};

// What a front end draws while explore runs (called on the job's thread, between steps):
// firstMap once the first map's cluster run is stored (firstMapRun, sampleRows, stageRows,
// sentences set; also when a resumed run finds it stored), sampleMap when the sample map
// replaces a stage map (sampleMapRun and stageAgreement set too), assigned after each chunk of the rest is
// encoded, assigned with its model and stored: `assignRun` (the assign run growing chunk by
// chunk, readable as it is) holds the corpus's first `assigned` rows, of `total` (also once
// at the start of a resumed run that finds chunks stored).
struct ExploreObserver {
    std::function<void(const ExploreResult& soFar)> firstMap;
    std::function<void(const ExploreResult& soFar)> sampleMap;
    std::function<void(std::int64_t assignRun, std::int64_t assigned, std::int64_t total)> assigned;
};

Expected<ExploreResult> runExplore(const ExploreParams& params, Store& store, ProgressSink& progress,
                                   const CancelToken& cancel, const ExploreObserver& observer = {});

}  // namespace dl
