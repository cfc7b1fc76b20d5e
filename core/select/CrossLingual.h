#pragma once
// Cross-lingual data selection (Vu, He, Phung & Haffari 2021): in-domain seed text exists in
// language A only; select in-domain sentences of a language-B pool.
//  1. A frozen multilingual encoder embeds both sides of a parallel A-B corpus, the seed (A)
//     and the pool (B) (encoded on demand through the encode job).
//  2. An adaptive layer g (2-layer feed-forward, hidden 128) is trained with InfoNCE
//     (temperature 0.2): translation pairs are positives; in-batch pairs from a DIFFERENT GMM
//     cluster (fitted on the A side; the paper's k = 5) are the negatives; k = 1, the default
//     here, makes every other pair a negative (docs/crosslingual.md: the better worst case with
//     the default encoder).
//     Adam, batch 64, early stopping on a held-out 10% of the pairs.
//  3. A domain classifier c (2-layer feed-forward) on g(seed) vs g(A-side sentences of the
//     parallel corpus with the lowest cosine to the seed mean), applied to g(pool).
// Stored as a selection run (method "cross-lingual") so evaluation and export work unchanged;
// g and c are saved in the run as blobs "adaptive_layer.pt" and "classifier.pt"; for the
// alignment view (Vu et al. Figs. 3-4) up to 500 held-out pairs are kept as run arrays:
// "alignment_pair_ids" (parallel sentence ids), "alignment_before" / "alignment_after" (one 2-D
// PCA of both languages each, rows A_0..A_m-1 then B_0..B_m-1), summary "alignment" (languages,
// mean cosine of the pairs before and after).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "jobs/ParamTable.h"
#include "jobs/Progress.h"
#include "runs/SelectSummary.h"
#include "select/DomainClassifier.h"

namespace dl {

class Store;

// g (Vu et al. section 3): the paper's 2-layer feed-forward network (ffn), none (g = identity: the
// paper's DF baseline, a classifier on the unaligned vectors trained on the seed against
// sentences of the seed's own language, then applied to the other language's pool), or residual:
// g(x) = x + FFN(x) with the FFN's last layer initialised at zero, so g starts as the identity and
// keeps an aligned encoder's alignment unless the contrastive loss on the parallel pairs moves it
// (docs/crosslingual.md, "The adaptive layer").
// auto (the default) resolves per run with resolveAdaptiveLayer: none for an encoder the catalog
// knows as multilingual (its languages are aligned already; the DF baseline has the best worst
// case with multilingual-e5-small, docs/crosslingual.md "The residual adaptive layer"), residual
// otherwise (an English-only or unknown encoder needs g to learn the other language).
enum class AdaptiveLayerKind { Ffn, None, Residual, Auto };
// The contrastive loss: symmetric InfoNCE with the positive in the denominator (SimCLR's form,
// the default) or the paper's Eq. 1 (one direction, x -> y, negatives only in the denominator).
enum class InfoNceForm { Symmetric, Eq1 };
// --preset paper: the paper's training settings (section 5.1 and Appendix A) for g and c: Adam
// 1e-5, batch 64, at most 20 epochs, early stopping after 5 epochs without a better held-out
// loss, Eq. 1, negatives of the loss from other clusters (k = 5), and the 500,000 least
// seed-like parallel sentences as the classifier's negatives.
enum class CrossLingualPreset { Default, Paper };

struct CrossLingualParams {
    std::string pool;      // monolingual pool corpus in language B
    std::string seed;      // "CORPUS" or "CORPUS:DOMAIN", language A
    std::string parallel;  // parallel corpus: source side language A, target side language B
    std::string model;     // multilingual encoder (default model when empty)
    int clusters = 1;  // 1: all in-batch negatives (the default, measured); the paper's 5 by --preset paper
    int hidden = 128;
    double temperature = 0.2;
    int batchSize = 64;
    int maxEpochs = 30;
    int patience = 3;
    double learningRate = 1e-3;
    double heldOutFraction = 0.1;
    std::uint64_t seedValue = 1;
    std::int64_t pcaMaxFitRows = 200000;    // PCA before the clustering: fitted on a sample when larger
    std::uint64_t seedSampleSeed = 0x5eed;  // the draw of a "CORPUS:DOMAIN:N" seed sample
    std::optional<std::int64_t> top;
    std::optional<double> threshold;
    AdaptiveLayerKind adaptiveLayer = AdaptiveLayerKind::Auto;
    InfoNceForm infoNce = InfoNceForm::Symmetric;
    CrossLingualPreset preset = CrossLingualPreset::Default;
    bool keepAdapted = false;  // --keep-adapted: g(x) of every side read stored as embedding sets (Fig. 4)
    // The classifier's negatives: "preranked" (a seed-sized random draw from the two thirds of
    // the parallel corpus's seed-language side least like the seed, Aharoni & Goldberg's
    // pre-ranking), "preranked:F" (the draw from the fraction F least like the seed) or
    // "lowest:N" (exactly the N least like the seed, as Vu et al.: N = 500,000). Default
    // preranked:0.8: the best worst case measured (docs/crosslingual.md, "Measured after the
    // default"; by a margin inside the seed noise), the two thirds of "preranked" before.
    std::string negatives = "preranked:0.8";
    // --classifiers N: c trained N times on the seed, each member with its own draw of negatives
    // and initialisation (member 1 with --seed-value, as a single classifier), the pool scored by
    // the mean of their probabilities (docs/crosslingual.md, "Ensemble and pool neighbours").
    // Default 5 and --pool-neighbours 10: the best worst case measured; the paper's 1 and 0 with
    // --preset paper.
    int classifiers = 5;
    // --pool-neighbours K: each pool sentence's score is averaged, half and half, with the mean
    // score of its K nearest pool sentences (cosine in the encoder's own space of the pool's
    // language; neighbours among at most kPoolNeighbourRows pool rows); 0 = off.
    int poolNeighbours = 10;
    // --filter RUN: a filter run of the pool; the sentences it (and a pipeline step's earlier
    // steps) removed are not scored and get no row in the run (store/Removals.h filterExclusion).
    std::optional<std::int64_t> filterRun;
    DomainHeadOptions classifier;
    nlohmann::json toJson() const;  // as stored with the run (crossLingualParamTable().toJson + the fixed settings)
};

// The parameters of `select --method cross-lingual` declared once (select/SelectParamsTable.cpp).
const ParamTable<CrossLingualParams>& crossLingualParamTable();
Status validateCrossLingualParams(const CrossLingualParams& params);
// --negatives as a run applies it to the classifier: "preranked" (a seed-sized draw from the two
// thirds of the parallel corpus's seed-language side least like the seed), "preranked:F" (the same
// draw from the fraction F of it least like the seed, 0 < F <= 1), or "lowest:N" (exactly the N
// least like the seed, N >= 1); anything else is a usage error naming --negatives.
struct CrossLingualNegatives {
    std::int64_t lowest = 0;        // > 0: lowest:N (DomainHeadOptions::lowestNegatives)
    double fraction = 2.0 / 3.0;    // preranked[:F] (DomainHeadOptions::negativePoolFraction)
};
Expected<CrossLingualNegatives> parseCrossLingualNegatives(std::string_view text);
// The settings a preset fixes (--preset paper), applied before the run stores its parameters.
void applyCrossLingualPreset(CrossLingualParams& params);

// The encoder of a cross-lingual run when --model names none: the installable encoder with the
// best WORST figure over both directions (de -> en, en -> de) and the domains measured
// (docs/crosslingual.md, "The encoder"; bench/crosslingual/encoders.sh).
inline constexpr const char* kCrossLingualDefaultModel = "multilingual-e5-small";

// Which encoder a run uses and why; stored in the run's summary ("encoder") and told on stderr.
struct CrossLingualEncoder {
    std::string model;                 // what encode is given: --model as typed, or the default
    std::string name;                  // the model's name (ModelEntry::name)
    bool byDefault = false;            // --model was not given
    std::string languages;             // the catalog's description ("" = unknown)
    std::optional<bool> multilingual;  // false: English-only; nullopt: a model the catalog does not know
    std::string note;                  // the reason, or the warning for an English-only encoder
    nlohmann::json toJson() const;
};
// --model as given (an English-only model is allowed, with a warning in `note`), or
// kCrossLingualDefaultModel; fails, naming the install command, when that is not installed.
Expected<CrossLingualEncoder> chooseCrossLingualEncoder(const std::string& requested);

// The adaptive layer a run trains: `requested` unless it is auto; auto is none for an encoder
// the catalog knows as multilingual and residual otherwise (English-only, or not in the catalog),
// and residual whenever the adapted vectors are to be kept (--keep-adapted needs a g).
AdaptiveLayerKind resolveAdaptiveLayer(AdaptiveLayerKind requested, std::optional<bool> multilingual, bool keepAdapted);
std::string_view adaptiveLayerName(AdaptiveLayerKind kind);

struct CrossLingualResult {
    std::int64_t runId = 0;
    std::int64_t poolSize = 0, seedSize = 0, pairs = 0, selected = 0;
    SelectSummary summary;  // as stored (toJson())
};

Expected<CrossLingualResult> runCrossLingual(const CrossLingualParams& params, Store& store, ProgressSink& progress,
                                             const CancelToken& cancel);

// g as a run stores it (blob "adaptive_layer.pt", the 2-layer network dim -> hidden -> dim; with
// `kind` Residual, x + that network) applied to row-major rows; fails on a blob that is not such a
// network. `kind` is the run's "adaptive_layer" parameter (None has no stored g: a usage error).
Expected<std::vector<float>> applyStoredAdaptiveLayer(std::span<const std::byte> state, const std::vector<float>& rows,
                                                      int dim, int hidden,
                                                      AdaptiveLayerKind kind = AdaptiveLayerKind::Ffn);
// g before its first training step, as a run with the training seed `seed` starts it (serialised
// like the stored blob): random for Ffn; for Residual the identity (last layer zero).
std::vector<char> initialAdaptiveLayerState(int dim, int hidden, AdaptiveLayerKind kind, std::uint64_t seed);

// ensembleMemberSeed (select/DomainClassifier.h): the training seed of an ensemble member.

// --pool-neighbours: the pool rows a sentence's neighbours are searched among (all of a pool up
// to this size; a random sample of this many, drawn with the run's seed, of a larger one), which
// bounds the cost to pool x this many cosines.
inline constexpr std::int64_t kPoolNeighbourRows = 20000;

// score'(i) = (score(i) + mean of score over i's k nearest rows by cosine, i itself left out) / 2;
// the neighbours among all rows, or among kPoolNeighbourRows of them drawn with `seed` when there
// are more. rows: n x dim, row-major. k < 1 or fewer than 2 rows: the scores unchanged.
std::vector<double> smoothOverNeighbours(const std::vector<float>& rows, int dim, const std::vector<double>& score,
                                         int k, std::uint64_t seed, const CancelToken& cancel);

// Negatives of pair i in a batch: j != i whose cluster differs (every j != i when allNegatives).
std::vector<char> contrastiveNegativeMask(const std::vector<std::int32_t>& clusters, bool allNegatives);

// InfoNCE over a batch of n aligned rows (a_i, b_i), s = cosine similarity / tau.
// Symmetric: mean over i and both directions of -log(exp(s_ii) / (exp(s_ii) + sum_{j in N(i)} exp(s_ij))).
// Eq1 (Vu et al. Eq. 1): mean over i of -log(exp(s_ii) / sum_{j in N(i)} exp(s_ij)), a -> b only.
double infoNceLoss(const std::vector<float>& a, const std::vector<float>& b, int n, int dim,
                   const std::vector<char>& negativeMask, double temperature,
                   InfoNceForm form = InfoNceForm::Symmetric);

}  // namespace dl
