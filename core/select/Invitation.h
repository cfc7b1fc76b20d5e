#pragma once
// The Invitation model of Cuong & Sima'an (2014; revised report, section 4, Eq. 8): a latent
// domain D in {in, out} for every pool pair (f, e),
//   P(D | f, e) = P(D) * 1/2 (P(f | e, D) P(e | D) + P(e | f, D) P(f | D)) / Z,
// with domain-dependent IBM Model 1 tables in both directions (all alignments summed, NULL
// word included) and domain-dependent n-gram LMs (modified Kneser-Ney) whose sentence
// probabilities are normalised over the pool. Initialised from the seed (in) and a pseudo-out
// set (the pool's lowest-ranked pairs by the Axelrod LM contrast or by the lexical tables),
// then trained by EM on the pool. f = the source side, e = the target side.
//
// LM training weights: our Kneser-Ney estimate needs integer counts (counts of counts decide
// the discounts), so the M-step re-trains each LM on a posterior-weighted sample drawn
// without replacement (Efraimidis-Spirakis) of round(sum of posteriors) pool sentences,
// capped at `lmSampleCap`; the in-LM also keeps the seed. The lexical tables and P(D) get
// the exact fractional expected counts.
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "jobs/Progress.h"
#include "select/CrossEntropySelection.h"

namespace dl {

enum class PseudoOutSource { LanguageModel, TranslationModel };

struct InvitationOptions {
    // E-steps; iteration k ranks with the parameters of M-step k-1, so N iterations run N - 1
    // M-steps. Default 1 = one E-step with the initial parameters (seed-trained in-domain tables
    // and LMs, pseudo-out-trained out-of-domain ones, P(D) = 1/2): no M-step, nothing
    // re-estimated on the pool. On the 7-domain bench EM drifts after the first M-step (average
    // precision at R 0.688 -> 0.608-0.612 after 1-5), on the paper's 3-domain task it gains
    // 0.2-1.3 points (bench/selection/RESULTS.md; docs/selection.md).
    int iterations = 1;
    PseudoOutSource pseudoOut = PseudoOutSource::LanguageModel;
    int order = 4;               // n-gram order of the four LMs
    int initIterations = 5;      // IBM-1 EM rounds that initialise each table on its set
    double alpha = 0.01;         // add-alpha smoothing of the lexical tables
    int minCooccurrence =
        2;     // lexical entries only for pairs co-occurring this often (bench: -77% entries, same precision)
    double pseudoOutFactor = 1;  // pseudo-out size = factor x seed size
    std::int64_t lmSampleCap = 50000;
    bool poolVocabulary = false;  // LM vocabulary from seed + pool (see CrossEntropyOptions)
    std::uint64_t seed = 1;
    nlohmann::json toJson() const;
};

struct InvitationIteration {
    int iteration = 0;
    double priorIn = 0;        // P(D = in) used by this E-step
    double logLikelihood = 0;  // sum over ranked pool pairs of log sum_D P(D) P(f, e | D)
    double expectedIn = 0;     // sum of P(in | f, e) over the pool
    std::vector<double> scores;  // log P(in | f, e) - log P(out | f, e); NaN = excluded
};

struct InvitationResult {
    std::vector<double> scores;     // of the last iteration
    std::vector<double> posterior;  // P(in | f, e) of the last iteration
    std::vector<InvitationIteration> iterations;
    nlohmann::json report;          // pseudo-out, lexical table sizes and pruning
};

// Eq. 8 for one domain, in log space: log P(D) + log(1/2 (P(f|e,D) P(e|D) + P(e|f,D) P(f|D))).
double invitationJoint(double logPrior, double logFgivenE, double logE, double logEgivenF, double logF);
// P(in | f, e) from the two domains' joints (the normalisation Z of Eq. 8).
double inPosterior(double jointIn, double jointOut);

Expected<InvitationResult> invitationScores(const TokenizedText& seedSrc, const TokenizedText& seedTgt,
                                            const TokenizedText& poolSrc, const TokenizedText& poolTgt,
                                            const std::vector<char>& excluded, const InvitationOptions& options,
                                            ProgressSink& progress, const CancelToken& cancel);

}  // namespace dl
