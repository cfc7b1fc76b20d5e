#include "select/Invitation.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <numeric>
#include <random>
#include <unordered_map>

#include "select/CooccurrenceIndex.h"
#include "select/IbmModel1.h"
#include "select/InternedText.h"
#include "text/NgramLm.h"

namespace dl {

namespace {

constexpr int kOut = 0, kIn = 1;

double logAddExp(double a, double b) {
    if (a == -INFINITY) return b;
    if (b == -INFINITY) return a;
    const double m = std::max(a, b);
    return m + std::log(std::exp(a - m) + std::exp(b - m));
}

TokenizedText rowsOf(const TokenizedText& text, const std::vector<std::int64_t>& rows) {
    TokenizedText out;
    out.reserve(rows.size());
    for (auto r : rows) out.push_back(text[std::size_t(r)]);
    return out;
}

// The k lowest-scored ranked rows (NaN = excluded never count).
std::vector<std::int64_t> bottomRows(const std::vector<double>& scores, std::size_t k) {
    std::vector<std::int64_t> rows;
    for (std::size_t i = 0; i < scores.size(); ++i)
        if (!std::isnan(scores[i])) rows.push_back(std::int64_t(i));
    k = std::min(k, rows.size());
    std::partial_sort(rows.begin(), rows.begin() + std::ptrdiff_t(k), rows.end(),
                      [&](auto a, auto b) { return scores[a] != scores[b] ? scores[a] < scores[b] : a < b; });
    rows.resize(k);
    std::sort(rows.begin(), rows.end());
    return rows;
}

// k rows drawn without replacement with probability proportional to weight (Efraimidis &
// Spirakis 2006: the k largest u^(1/w)); the stand-in for fractional LM training counts.
std::vector<std::int64_t> weightedSample(const std::vector<double>& weights, std::size_t k, std::mt19937_64& rng) {
    std::uniform_real_distribution<double> uniform(std::numeric_limits<double>::min(), 1.0);
    std::vector<std::pair<double, std::int64_t>> keys;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        const double u = uniform(rng);
        if (weights[i] > 0 && !std::isnan(weights[i])) keys.emplace_back(std::log(u) / weights[i], std::int64_t(i));
    }
    k = std::min(k, keys.size());
    std::partial_sort(keys.begin(), keys.begin() + std::ptrdiff_t(k), keys.end(), std::greater<>());
    std::vector<std::int64_t> rows;
    for (std::size_t i = 0; i < k; ++i) rows.push_back(keys[i].second);
    std::sort(rows.begin(), rows.end());
    return rows;
}

// Everything the EM works on: both sides of seed and pool as strings (LMs) and ids (tables).
struct Data {
    const TokenizedText *seedF, *seedE, *poolF, *poolE;
    const std::vector<char>* excluded;
    InternedText seedIdsF, seedIdsE, poolIdsF, poolIdsE;
    std::uint32_t vocabF = 0, vocabE = 0;
    std::unordered_set<std::string> lmVocabF, lmVocabE;
};

// The model's parameters: per direction one shared index and the out/in tables; per side the
// out/in LMs' normalised log-probabilities of every pool sentence; the prior.
struct Model {
    std::shared_ptr<const CooccurrenceIndex> indexFE, indexEF;  // rows e / cols f; rows f / cols e
    std::vector<IbmModel1> tFE, tEF;                            // [kOut], [kIn]
    std::vector<double> lmF[2], lmE[2];
    double logPrior[2] = {std::log(0.5), std::log(0.5)};
};

// log P_LM(s) of every pool sentence, normalised by the LM's total over the pool (the
// paper's scaling that makes the four LMs comparable), in log space.
Expected<std::vector<double>> normalisedLmLogProbs(const TokenizedText& train,
                                                   const std::unordered_set<std::string>& vocab, int order,
                                                   const TokenizedText& pool, const std::vector<char>& excluded,
                                                   const CancelToken& cancel) {
    auto lm = NgramLm::train(train, {order, vocab});
    if (!lm) return std::unexpected(lm.error());
    std::vector<double> lp(pool.size(), NAN);
    double total = -INFINITY;
    for (std::size_t i = 0; i < pool.size(); ++i) {
        if ((i & 0xfff) == 0 && cancel.isCancelled()) return cancelled();
        if (excluded[i]) continue;
        lp[i] = lm->sentenceLogProb(pool[i]);
        total = logAddExp(total, lp[i]);
    }
    for (auto& v : lp) v -= total;
    return lp;
}

Status trainLms(Model& m, const Data& d, int order, const std::vector<std::int64_t> rows[2], bool seedInIn,
                const CancelToken& cancel) {
    for (int D : {kOut, kIn}) {
        auto trainF = rowsOf(*d.poolF, rows[D]), trainE = rowsOf(*d.poolE, rows[D]);
        if (D == kIn && seedInIn) {
            trainF.insert(trainF.end(), d.seedF->begin(), d.seedF->end());
            trainE.insert(trainE.end(), d.seedE->begin(), d.seedE->end());
        }
        auto f = normalisedLmLogProbs(trainF, d.lmVocabF, order, *d.poolF, *d.excluded, cancel);
        if (!f) return std::unexpected(f.error());
        auto e = normalisedLmLogProbs(trainE, d.lmVocabE, order, *d.poolE, *d.excluded, cancel);
        if (!e) return std::unexpected(e.error());
        m.lmF[D] = std::move(*f);
        m.lmE[D] = std::move(*e);
    }
    return {};
}

// Pseudo-out by the lexical tables: per-word IBM-1 log-probability under tables trained on
// the seed minus under tables trained on a random pool sample of the same size, both
// directions; the pool's lowest pairs are the most unlike the seed.
Expected<std::vector<double>> tableContrast(const Model& m, const Data& d, std::size_t sampleSize,
                                            const InvitationOptions& o, const CancelToken& cancel) {
    std::vector<std::int64_t> candidates;
    for (std::size_t i = 0; i < d.poolIdsF.size(); ++i)
        if (!(*d.excluded)[i]) candidates.push_back(std::int64_t(i));
    std::mt19937_64 rng(o.seed);
    std::shuffle(candidates.begin(), candidates.end(), rng);
    candidates.resize(std::min(candidates.size(), sampleSize));
    std::sort(candidates.begin(), candidates.end());
    IbmModel1 mixFE(m.indexFE, o.alpha), mixEF(m.indexEF, o.alpha);
    const auto sampleF = d.poolIdsF.subset(candidates), sampleE = d.poolIdsE.subset(candidates);
    mixFE.train(sampleE, sampleF, o.initIterations);
    mixEF.train(sampleF, sampleE, o.initIterations);
    std::vector<double> scores(d.poolIdsF.size(), NAN);
    for (std::size_t i = 0; i < scores.size(); ++i) {
        if ((i & 0xfff) == 0 && cancel.isCancelled()) return cancelled();
        if ((*d.excluded)[i]) continue;
        const auto f = d.poolIdsF.sentence(i), e = d.poolIdsE.sentence(i);
        const double fe = m.tFE[kIn].logProb(e, f) - mixFE.logProb(e, f);
        const double ef = m.tEF[kIn].logProb(f, e) - mixEF.logProb(f, e);
        scores[i] = fe / double(std::max<std::size_t>(f.size(), 1)) + ef / double(std::max<std::size_t>(e.size(), 1));
    }
    return scores;
}

struct Pass {
    std::vector<double> scores, posterior;
    double logLikelihood = 0, expectedIn = 0;
};

// One E-step over the pool; with `counts` it also collects the M-step's expected lexical
// counts (pool pairs weighted by their posteriors).
Expected<Pass> eStep(const Model& m, const Data& d, std::vector<std::vector<double>>* counts, ProgressSink& progress,
                     const CancelToken& cancel) {
    const std::size_t n = d.poolIdsF.size();
    Pass pass;
    pass.scores.assign(n, NAN);
    pass.posterior.assign(n, NAN);
    std::vector<std::int64_t> posFE, posEF;
    for (std::size_t i = 0; i < n; ++i) {
        if ((i & 0x3ff) == 0) {
            if (cancel.isCancelled()) return cancelled();
            progress.progress(std::int64_t(i), std::int64_t(n));
        }
        if ((*d.excluded)[i]) continue;
        const auto f = d.poolIdsF.sentence(i), e = d.poolIdsE.sentence(i);
        IbmModel1::lookup(*m.indexFE, e, f, posFE);
        IbmModel1::lookup(*m.indexEF, f, e, posEF);
        double joint[2];
        for (int D : {kOut, kIn})
            joint[D] = invitationJoint(m.logPrior[D], m.tFE[D].logProb(e, f, posFE), m.lmE[D][i],
                                       m.tEF[D].logProb(f, e, posEF), m.lmF[D][i]);
        const double gamma = inPosterior(joint[kIn], joint[kOut]);
        pass.scores[i] = joint[kIn] - joint[kOut];
        pass.posterior[i] = gamma;
        pass.logLikelihood += logAddExp(joint[kIn], joint[kOut]);
        pass.expectedIn += gamma;
        if (counts) {
            m.tFE[kOut].accumulate(e, f, posFE, 1 - gamma, (*counts)[0]);
            m.tFE[kIn].accumulate(e, f, posFE, gamma, (*counts)[1]);
            m.tEF[kOut].accumulate(f, e, posEF, 1 - gamma, (*counts)[2]);
            m.tEF[kIn].accumulate(f, e, posEF, gamma, (*counts)[3]);
        }
    }
    progress.progress(std::int64_t(n), std::int64_t(n));
    return pass;
}

// M-step: the seed is in-domain with weight 1 (its alignments are latent too); tables and
// prior from the expected counts, LMs from posterior-weighted samples.
Status mStep(Model& m, const Data& d, const Pass& pass, std::vector<std::vector<double>>& counts,
             const InvitationOptions& o, std::mt19937_64& rng, const CancelToken& cancel) {
    std::vector<std::int64_t> pos;
    for (std::size_t s = 0; s < d.seedIdsF.size(); ++s) {
        const auto f = d.seedIdsF.sentence(s), e = d.seedIdsE.sentence(s);
        IbmModel1::lookup(*m.indexFE, e, f, pos);
        m.tFE[kIn].accumulate(e, f, pos, 1.0, counts[1]);
        IbmModel1::lookup(*m.indexEF, f, e, pos);
        m.tEF[kIn].accumulate(f, e, pos, 1.0, counts[3]);
    }
    m.tFE[kOut].normalize(counts[0]);
    m.tFE[kIn].normalize(counts[1]);
    m.tEF[kOut].normalize(counts[2]);
    m.tEF[kIn].normalize(counts[3]);
    double ranked = 0;
    for (auto g : pass.posterior) ranked += std::isnan(g) ? 0 : 1;
    const double in = std::clamp(pass.expectedIn / std::max(ranked, 1.0), 1e-6, 1 - 1e-6);
    m.logPrior[kIn] = std::log(in);
    m.logPrior[kOut] = std::log1p(-in);
    std::vector<double> wOut(pass.posterior.size());
    for (std::size_t i = 0; i < wOut.size(); ++i) wOut[i] = 1 - pass.posterior[i];
    const auto cap = std::size_t(std::max<std::int64_t>(o.lmSampleCap, 1));
    std::vector<std::int64_t> rows[2];
    rows[kIn] = weightedSample(pass.posterior, std::min(cap, std::size_t(std::llround(pass.expectedIn))), rng);
    rows[kOut] = weightedSample(wOut, std::min(cap, std::size_t(std::llround(ranked - pass.expectedIn))), rng);
    if (rows[kOut].empty()) rows[kOut] = bottomRows(pass.scores, d.seedIdsF.size());
    return trainLms(m, d, o.order, rows, true, cancel);
}

Expected<Data> prepare(const TokenizedText& seedF, const TokenizedText& seedE, const TokenizedText& poolF,
                       const TokenizedText& poolE, const std::vector<char>& excluded, bool poolVocabulary) {
    if (seedF.empty()) return fail("The seed set is empty.");
    if (seedF.size() != seedE.size() || poolF.size() != poolE.size() || excluded.size() != poolF.size())
        return fail(
            "The Invitation model needs parallel seed and pool (the same number of source and target sentences).");
    Data d{&seedF, &seedE, &poolF, &poolE, &excluded, {}, {}, {}, {}, 0, 0, {}, {}};
    WordIds vf, ve;
    d.seedIdsF = InternedText::intern(seedF, vf);
    d.poolIdsF = InternedText::intern(poolF, vf);
    d.seedIdsE = InternedText::intern(seedE, ve);
    d.poolIdsE = InternedText::intern(poolE, ve);
    d.vocabF = std::uint32_t(vf.size());
    d.vocabE = std::uint32_t(ve.size());
    d.lmVocabF = lmVocabulary(seedF, poolF, poolVocabulary);
    d.lmVocabE = lmVocabulary(seedE, poolE, poolVocabulary);
    return d;
}

}  // namespace

double invitationJoint(double logPrior, double logFgivenE, double logE, double logEgivenF, double logF) {
    return logPrior + std::log(0.5) + logAddExp(logFgivenE + logE, logEgivenF + logF);
}

double inPosterior(double jointIn, double jointOut) {
    // sigmoid of the log-odds, written so that neither branch overflows
    const double x = jointIn - jointOut;
    return x >= 0 ? 1.0 / (1.0 + std::exp(-x)) : std::exp(x) / (1.0 + std::exp(x));
}

Expected<InvitationResult> invitationScores(const TokenizedText& seedSrc, const TokenizedText& seedTgt,
                                            const TokenizedText& poolSrc, const TokenizedText& poolTgt,
                                            const std::vector<char>& excluded, const InvitationOptions& o,
                                            ProgressSink& progress, const CancelToken& cancel) {
    if (o.iterations < 1) return usageError("The Invitation model needs at least one iteration.");
    auto data = prepare(seedSrc, seedTgt, poolSrc, poolTgt, excluded, o.poolVocabulary);
    if (!data) return std::unexpected(data.error());
    const Data& d = *data;
    InvitationResult result;
    progress.stage("Invitation: lexical co-occurrence index");
    CooccurrenceIndex::Options io;
    io.minCount = o.minCooccurrence;
    auto fe = CooccurrenceIndex::build({{&d.seedIdsE, &d.seedIdsF}, {&d.poolIdsE, &d.poolIdsF}}, d.vocabE, d.vocabF, io,
                                       cancel);
    if (!fe) return std::unexpected(fe.error());
    auto ef = CooccurrenceIndex::build({{&d.seedIdsF, &d.seedIdsE}, {&d.poolIdsF, &d.poolIdsE}}, d.vocabF, d.vocabE, io,
                                       cancel);
    if (!ef) return std::unexpected(ef.error());
    Model m;
    m.indexFE = std::make_shared<const CooccurrenceIndex>(std::move(*fe));
    m.indexEF = std::make_shared<const CooccurrenceIndex>(std::move(*ef));
    for (int D : {kOut, kIn}) {
        (void)D;
        m.tFE.emplace_back(m.indexFE, o.alpha);
        m.tEF.emplace_back(m.indexEF, o.alpha);
    }
    m.tFE[kIn].train(d.seedIdsE, d.seedIdsF, o.initIterations);
    m.tEF[kIn].train(d.seedIdsF, d.seedIdsE, o.initIterations);
    if (cancel.isCancelled()) return cancelled();

    progress.stage(o.pseudoOut == PseudoOutSource::LanguageModel ? "Invitation: pseudo-out by LM contrast"
                                                                 : "Invitation: pseudo-out by lexical tables");
    const auto outSize = std::size_t(std::max(1.0, std::round(o.pseudoOutFactor * double(seedSrc.size()))));
    std::vector<double> initial;
    if (o.pseudoOut == PseudoOutSource::LanguageModel) {
        CrossEntropyOptions ce{o.order, o.seed, 0, 1.0, o.poolVocabulary};
        // mooreLewisScores cancels by throwing (the select job's style); this function
        // reports cancellation as a value, so the exception stops here.
        Expected<std::vector<double>> s, t;
        try {
            s = mooreLewisScores(seedSrc, poolSrc, excluded, ce, cancel);
            if (s) t = mooreLewisScores(seedTgt, poolTgt, excluded, ce, cancel);
        } catch (const CancelledException&) {
            return cancelled();
        }
        if (!s) return std::unexpected(s.error());
        if (!t) return std::unexpected(t.error());
        initial = std::move(*s);
        for (std::size_t i = 0; i < initial.size(); ++i) initial[i] += (*t)[i];
    } else {
        auto s = tableContrast(m, d, seedSrc.size(), o, cancel);
        if (!s) return std::unexpected(s.error());
        initial = std::move(*s);
    }
    std::vector<std::int64_t> lmRows[2];
    lmRows[kOut] = bottomRows(initial, outSize);
    m.tFE[kOut].train(d.poolIdsE.subset(lmRows[kOut]), d.poolIdsF.subset(lmRows[kOut]), o.initIterations);
    m.tEF[kOut].train(d.poolIdsF.subset(lmRows[kOut]), d.poolIdsE.subset(lmRows[kOut]), o.initIterations);
    if (auto st = trainLms(m, d, o.order, lmRows, true, cancel); !st) return std::unexpected(st.error());

    std::mt19937_64 rng(o.seed);
    for (int it = 1; it <= o.iterations; ++it) {
        progress.stage("Invitation: EM iteration " + std::to_string(it) + " of " + std::to_string(o.iterations));
        const bool last = it == o.iterations;
        std::vector<std::vector<double>> counts;
        if (!last)
            counts = {m.tFE[kOut].zeroCounts(), m.tFE[kIn].zeroCounts(), m.tEF[kOut].zeroCounts(),
                      m.tEF[kIn].zeroCounts()};
        auto pass = eStep(m, d, last ? nullptr : &counts, progress, cancel);
        if (!pass) return std::unexpected(pass.error());
        result.iterations.push_back(
            {it, std::exp(m.logPrior[kIn]), pass->logLikelihood, pass->expectedIn, pass->scores});
        if (last) {
            result.scores = std::move(pass->scores);
            result.posterior = std::move(pass->posterior);
            break;
        }
        if (auto st = mStep(m, d, *pass, counts, o, rng, cancel); !st) return std::unexpected(st.error());
    }
    auto tableJson = [](const CooccurrenceIndex& index) {
        return nlohmann::json{{"entries", index.entries()},
                              {"pruned_pairs", index.stats().pruned},
                              {"build_blocks", index.stats().blocks},
                              {"index_bytes", index.bytes()},
                              {"rows", index.rowCount()},
                              {"cols", index.colCount()}};
    };
    result.report = {{"pseudo_out_size", lmRows[kOut].size()},
                     {"lexical_tables", {{"f_given_e", tableJson(*m.indexFE)}, {"e_given_f", tableJson(*m.indexEF)}}},
                     {"lm_vocabulary", {{"source", d.lmVocabF.size() + 1}, {"target", d.lmVocabE.size() + 1}}}};
    return result;
}

}  // namespace dl
