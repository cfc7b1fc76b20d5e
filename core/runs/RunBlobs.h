#pragma once
// The names of the blobs stored with a run (store/Runs.h putRunBlob / putRunArray / putRunJson):
// the one place where a blob is spelled. The names are the stored format: do not rename.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace dl::blobs {

// A cluster run (analysis/ClusterJob); an assign run stores its own kPca2d, kSentenceIds and
// kResponsibilities (shard/MergeResults).
inline constexpr std::string_view kPca2d = "pca2d";                // float32 N x 2, position order
inline constexpr std::string_view kMeans2d = "means2d";            // float64 k x 2
inline constexpr std::string_view kCovs2d = "covs2d";              // float64 k x 2 x 2
inline constexpr std::string_view kWeights = "weights";            // float64 k
inline constexpr std::string_view kConfusion = "confusion";        // int64 domains x k
inline constexpr std::string_view kSentenceIds = "sentence_ids";   // int64 N
inline constexpr std::string_view kLabels = "labels";              // int32 N
inline constexpr std::string_view kDomainIndex = "domain_index";   // int32 N, -1 unlabelled
inline constexpr std::string_view kMaxProb = "maxprob";            // float64 N
inline constexpr std::string_view kResponsibilities = "responsibilities";  // float64 N x k (assign runs)

// An assign run that explore stores chunk by chunk keeps kPca2d, kSentenceIds and
// kResponsibilities in parts while it grows: the part of the rows from corpus position `from`
// on is "<name>@<from>" (AssignSummary::parts lists them), joined into the whole names when
// the last chunk is stored.
inline std::string partName(std::string_view name, std::int64_t from) {
    return std::string(name) + "@" + std::to_string(from);
}

// Cluster names (analysis/ClusterNaming): JSON text.
inline constexpr std::string_view kClusterTerms = "cluster_terms";  // c-TF-IDF terms per cluster
inline constexpr std::string_view kClusterNames = "cluster_names";  // the user's own names

// The fitted cluster model that `assign` applies (analysis/ClusterModel): "model.json" plus
// one float64 array per part.
inline constexpr std::string_view kModelJson = "model.json";
inline constexpr std::string_view kModelStdMean = "model.std_mean";
inline constexpr std::string_view kModelStdScale = "model.std_scale";
inline constexpr std::string_view kModelPcaMean = "model.pca_mean";
inline constexpr std::string_view kModelPcaAxes = "model.pca_axes";
inline constexpr std::string_view kModelPcaVariance = "model.pca_variance";
inline constexpr std::string_view kModelPcaVarianceRatio = "model.pca_variance_ratio";
inline constexpr std::string_view kModelGmmWeights = "model.gmm_weights";
inline constexpr std::string_view kModelGmmMeans = "model.gmm_means";
inline constexpr std::string_view kModelGmmCovariances = "model.gmm_covariances";

// The selection model that `score` applies (select/SelectionModel): kModelJson plus these.
inline constexpr std::string_view kModelQuery = "model.query";                   // float64
inline constexpr std::string_view kModelHead = "model.head";                     // torch archive
inline constexpr std::string_view kModelHeads = "model.heads";  // an ensemble's other archives, one after another
inline constexpr std::string_view kModelSeedHashes = "model.seed_hashes";        // uint64, sorted
inline constexpr std::string_view kModelSeedIds = "model.seed_ids";              // int64
inline constexpr std::string_view kModelMixIds = "model.mix_ids";                // int64
inline constexpr std::string_view kModelVocabularySrc = "model.vocabulary_src";  // words joined by '\n'
inline constexpr std::string_view kModelVocabularyTgt = "model.vocabulary_tgt";

// A cross-lingual selection (select/CrossLingual).
inline constexpr std::string_view kAdaptiveLayer = "adaptive_layer.pt";  // torch archive of g
inline constexpr std::string_view kClassifier = "classifier.pt";         // torch archive of c
inline constexpr std::string_view kAlignmentPairIds = "alignment_pair_ids";  // int64 parallel sentence ids
inline constexpr std::string_view kAlignmentBefore = "alignment_before";    // float32 2-D, before g
inline constexpr std::string_view kAlignmentAfter = "alignment_after";      // float32 2-D, after g

// A merge run (shard/MergeJob): the embedding set's PCA moments.
inline constexpr std::string_view kMomentCount = "moment_count";  // int64 1
inline constexpr std::string_view kMomentSum = "moment_sum";      // float64 dim
inline constexpr std::string_view kMomentOuter = "moment_outer";  // float64 dim x dim

// Every name above (tests/core/runs checks that none is spelled outside this folder).
// A langid filter run (filter/FilterJob): per sentence of the corpus, in kSentenceIds' order,
// the probability of each side's expected language.
inline constexpr std::string_view kLangIdSrc = "langid_src";  // float32 N
inline constexpr std::string_view kLangIdTgt = "langid_tgt";  // float32 N (parallel corpora)
// A bitext filter run (filter/BitextFilter.h): per sentence, in kSentenceIds' order, each rule's
// score.
inline constexpr std::string_view kBitextWords = "bitext_words";              // float32 N
inline constexpr std::string_view kBitextCharRatio = "bitext_char_ratio";     // float32 N
inline constexpr std::string_view kBitextTokenRatio = "bitext_token_ratio";   // float32 N
inline constexpr std::string_view kBitextAlpha = "bitext_alpha";              // float32 N
inline constexpr std::string_view kBitextRepeat = "bitext_repeat";            // float32 N
inline constexpr std::string_view kBitextCopy = "bitext_copy";                // float32 N
inline constexpr std::string_view kBitextNumerals = "bitext_numerals";        // float32 N
inline constexpr std::string_view kBitextMargin = "bitext_margin";            // float32 N (--margin-min only)

inline constexpr std::array kAll = {kPca2d,
                                    kMeans2d,
                                    kCovs2d,
                                    kWeights,
                                    kConfusion,
                                    kSentenceIds,
                                    kLabels,
                                    kDomainIndex,
                                    kMaxProb,
                                    kResponsibilities,
                                    kClusterTerms,
                                    kClusterNames,
                                    kModelJson,
                                    kModelStdMean,
                                    kModelStdScale,
                                    kModelPcaMean,
                                    kModelPcaAxes,
                                    kModelPcaVariance,
                                    kModelPcaVarianceRatio,
                                    kModelGmmWeights,
                                    kModelGmmMeans,
                                    kModelGmmCovariances,
                                    kModelQuery,
                                    kModelHead,
                                    kModelHeads,
                                    kModelSeedHashes,
                                    kModelSeedIds,
                                    kModelMixIds,
                                    kModelVocabularySrc,
                                    kModelVocabularyTgt,
                                    kAdaptiveLayer,
                                    kClassifier,
                                    kAlignmentPairIds,
                                    kAlignmentBefore,
                                    kAlignmentAfter,
                                    kMomentCount,
                                    kMomentSum,
                                    kMomentOuter,
                                    kLangIdSrc,
                                    kLangIdTgt,
                                    kBitextWords,
                                    kBitextCharRatio,
                                    kBitextTokenRatio,
                                    kBitextAlpha,
                                    kBitextRepeat,
                                    kBitextCopy,
                                    kBitextNumerals,
                                    kBitextMargin};

}  // namespace dl::blobs
