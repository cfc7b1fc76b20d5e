// Cuong & Sima'an's Invitation model: IBM Model 1 EM against values computed by hand (one and
// two iterations, NULL word included), Eq. 8's averaging of the two directions, normalised
// posteriors, and a synthetic mixture whose in-domain pairs use their own lexicon.
#include <QtTest>

#include <cmath>
#include <memory>
#include <random>

#include "jobs/Progress.h"
#include "select/CooccurrenceIndex.h"
#include "select/IbmModel1.h"
#include "select/Invitation.h"
#include "select/InvitationJob.h"
#include "select/Ranking.h"

using namespace dl;

namespace {

struct Toy {
    WordIds vocabE, vocabF;
    InternedText e, f;
    std::shared_ptr<const CooccurrenceIndex> index;
};

// Koehn's textbook corpus, two pairs: e = "the house" / "the book", f = "das Haus" / "das Buch".
Toy toyCorpus() {
    Toy t;
    t.e = InternedText::intern({{"the", "house"}, {"the", "book"}}, t.vocabE);
    t.f = InternedText::intern({{"das", "Haus"}, {"das", "Buch"}}, t.vocabF);
    CancelToken cancel;
    auto index = CooccurrenceIndex::build({{&t.e, &t.f}}, std::uint32_t(t.vocabE.size()),
                                          std::uint32_t(t.vocabF.size()), {}, cancel);
    t.index = std::make_shared<const CooccurrenceIndex>(std::move(*index));
    return t;
}

// Sentences of one "domain": words from its own lexicon (80%) or a small shared one; the
// target is the word-by-word translation (upper case), so each lexicon has its own table.
std::pair<std::vector<std::string>, std::vector<std::string>> sentencePair(const std::string& prefix, int lexicon,
                                                                           std::mt19937_64& rng) {
    std::uniform_int_distribution<int> len(5, 10), word(0, lexicon - 1), shared(0, 4), coin(0, 9);
    std::vector<std::string> f, e;
    const int n = len(rng);
    for (int i = 0; i < n; ++i) {
        const std::string w = coin(rng) < 8 ? prefix + std::to_string(word(rng)) : "s" + std::to_string(shared(rng));
        f.push_back(w);
        std::string t = w;
        for (auto& c : t) c = char(std::toupper(static_cast<unsigned char>(c)));
        e.push_back(t);
    }
    return {f, e};
}

// A seed of 80 pairs from an in-domain lexicon and a pool of 700 pairs, ~1/7 of them in-domain
// (like one domain of seven), the rest from a larger out-of-domain lexicon.
struct SyntheticPool {
    TokenizedText seedF, seedE, poolF, poolE;
    std::vector<char> relevant;
};
SyntheticPool sevenDomainPool() {
    std::mt19937_64 rng(7);
    SyntheticPool d;
    for (int i = 0; i < 80; ++i) {
        auto [f, e] = sentencePair("i", 40, rng);
        d.seedF.push_back(f);
        d.seedE.push_back(e);
    }
    std::uniform_int_distribution<int> pick(0, 6);
    for (int i = 0; i < 700; ++i) {
        const bool in = pick(rng) == 0;
        auto [f, e] = sentencePair(in ? "i" : "o", in ? 40 : 300, rng);
        d.poolF.push_back(f);
        d.poolE.push_back(e);
        d.relevant.push_back(in);
    }
    return d;
}

}  // namespace

class TestInvitation : public QObject {
    Q_OBJECT
private slots:
    void ibmModel1ByHand_data() {
        QTest::addColumn<int>("iterations");
        QTest::addColumn<QString>("e");
        QTest::addColumn<QString>("f");
        QTest::addColumn<double>("expected");
        // Iteration 1 from uniform t: every f_j spreads its count evenly over NULL, the, house|book
        // (1/3 each). NULL and "the" collect das 2/3, Haus 1/3, Buch 1/3 -> 1/2, 1/4, 1/4;
        // house collects das 1/3, Haus 1/3 -> 1/2, 1/2.
        QTest::newRow("1: das|NULL") << 1 << "<NULL>"
                                     << "das" << 0.5;
        QTest::newRow("1: Haus|NULL") << 1 << "<NULL>"
                                      << "Haus" << 0.25;
        QTest::newRow("1: das|the") << 1 << "the"
                                    << "das" << 0.5;
        QTest::newRow("1: Buch|the") << 1 << "the"
                                     << "Buch" << 0.25;
        QTest::newRow("1: das|house") << 1 << "house"
                                      << "das" << 0.5;
        QTest::newRow("1: Haus|house") << 1 << "house"
                                       << "Haus" << 0.5;
        QTest::newRow("1: Buch|house (never together)") << 1 << "house"
                                                        << "Buch" << 0.0;
        // Iteration 2: das has sum_i t = 3/2 in each pair -> 1/3 to each row; Haus has
        // 1/4 + 1/4 + 1/2 = 1 -> NULL 1/4, the 1/4, house 1/2 (Buch alike with book).
        // NULL/the: das 2/3, Haus 1/4, Buch 1/4 (total 7/6) -> 4/7, 3/14, 3/14;
        // house: das 1/3, Haus 1/2 (total 5/6) -> 2/5, 3/5.
        QTest::newRow("2: das|NULL") << 2 << "<NULL>"
                                     << "das" << 4.0 / 7;
        QTest::newRow("2: Haus|NULL") << 2 << "<NULL>"
                                      << "Haus" << 3.0 / 14;
        QTest::newRow("2: das|the") << 2 << "the"
                                    << "das" << 4.0 / 7;
        QTest::newRow("2: Buch|the") << 2 << "the"
                                     << "Buch" << 3.0 / 14;
        QTest::newRow("2: das|house") << 2 << "house"
                                      << "das" << 2.0 / 5;
        QTest::newRow("2: Haus|house") << 2 << "house"
                                       << "Haus" << 3.0 / 5;
        QTest::newRow("2: Buch|book") << 2 << "book"
                                      << "Buch" << 3.0 / 5;
    }
    void ibmModel1ByHand() {
        QFETCH(int, iterations);
        QFETCH(QString, e);
        QFETCH(QString, f);
        QFETCH(double, expected);
        auto toy = toyCorpus();
        IbmModel1 model(toy.index, 0.0);
        model.train(toy.e, toy.f, iterations);
        const double t = model.prob(toy.vocabE.at(e.toStdString()), toy.vocabF.at(f.toStdString()));
        QVERIFY2(std::fabs(t - expected) < 1e-6,
                 qPrintable(QStringLiteral("t = %1, expected %2").arg(t).arg(expected)));
    }

    void sentenceProbabilityMarginalisesAlignments_data() {
        QTest::addColumn<int>("iterations");
        QTest::addColumn<double>("expected");
        // P(das Haus | the house) = 1/(l+1)^m prod_j sum_i t(f_j|e_i), l = m = 2:
        // after 1 iteration (1/9)(3/2)(1) = 1/6; after 2 (1/9)(54/35)(36/35) = 1944/11025.
        QTest::newRow("1 iteration") << 1 << 1.0 / 6;
        QTest::newRow("2 iterations") << 2 << 1944.0 / 11025;
    }
    void sentenceProbabilityMarginalisesAlignments() {
        QFETCH(int, iterations);
        QFETCH(double, expected);
        auto toy = toyCorpus();
        IbmModel1 model(toy.index, 0.0);
        model.train(toy.e, toy.f, iterations);
        const double p = std::exp(model.logProb(toy.e.sentence(0), toy.f.sentence(0)));
        QVERIFY2(std::fabs(p - expected) < 1e-6,
                 qPrintable(QStringLiteral("P = %1, expected %2").arg(p).arg(expected)));
    }

    void pruningByCooccurrence() {
        // min count 2: only pairs seen in both sentence pairs (the-das) survive, plus NULL's row.
        auto toy = toyCorpus();
        CancelToken cancel;
        CooccurrenceIndex::Options o;
        o.minCount = 2;
        o.blockKeys = 3;  // forces several build blocks: the result must not depend on them
        auto index = CooccurrenceIndex::build({{&toy.e, &toy.f}}, std::uint32_t(toy.vocabE.size()),
                                              std::uint32_t(toy.vocabF.size()), o, cancel);
        QVERIFY(index.has_value());
        QVERIFY(index->stats().blocks > 1);
        QVERIFY(index->find(toy.vocabE.at("the"), toy.vocabF.at("das")) >= 0);
        QCOMPARE(index->find(toy.vocabE.at("house"), toy.vocabF.at("Haus")), std::int64_t(-1));
        QVERIFY(index->find(0, toy.vocabF.at("Haus")) >= 0);
        QCOMPARE(index->entries(), std::size_t(3 + 1));  // NULL x {das, Haus, Buch} + the-das
    }

    void directionsAveraged_data() {
        QTest::addColumn<double>("prior");
        QTest::addColumn<double>("fGivenE");
        QTest::addColumn<double>("e");
        QTest::addColumn<double>("eGivenF");
        QTest::addColumn<double>("f");
        QTest::addColumn<double>("expected");
        // P(D) * 1/2 (P(f|e) P(e) + P(e|f) P(f))
        QTest::newRow("symmetric") << 0.5 << 0.2 << 0.5 << 0.4 << 0.25 << 0.5 * 0.5 * (0.1 + 0.1);
        QTest::newRow("directions differ") << 0.3 << 0.3 << 0.2 << 0.1 << 0.2 << 0.3 * 0.5 * (0.06 + 0.02);
        QTest::newRow("one direction zero") << 0.8 << 0.5 << 0.5 << 0.0 << 0.3 << 0.8 * 0.5 * 0.25;
    }
    void directionsAveraged() {
        QFETCH(double, prior);
        QFETCH(double, fGivenE);
        QFETCH(double, e);
        QFETCH(double, eGivenF);
        QFETCH(double, f);
        QFETCH(double, expected);
        const double joint =
            invitationJoint(std::log(prior), std::log(fGivenE), std::log(e), std::log(eGivenF), std::log(f));
        QVERIFY(std::fabs(std::exp(joint) - expected) < 1e-12);
    }

    void jointStableForLongSentences() {
        // Sentence probabilities of e^-1000 must not underflow to -inf.
        const double joint = invitationJoint(std::log(0.5), -600.0, -400.0, -700.0, -302.0);
        const double expected = std::log(0.5) + std::log(0.5) + (-1000.0 + std::log1p(std::exp(-2.0)));
        QVERIFY(std::fabs(joint - expected) < 1e-9);
    }

    void posteriorsNormalised_data() {
        QTest::addColumn<double>("jointIn");
        QTest::addColumn<double>("jointOut");
        QTest::newRow("equal") << -10.0 << -10.0;
        QTest::newRow("in likelier") << -3.0 << -5.0;
        QTest::newRow("out likelier") << -50.0 << -20.0;
        QTest::newRow("far apart, long sentences") << -1200.0 << -400.0;
        QTest::newRow("far apart the other way") << -400.0 << -1200.0;
    }
    void posteriorsNormalised() {
        QFETCH(double, jointIn);
        QFETCH(double, jointOut);
        const double in = inPosterior(jointIn, jointOut), out = inPosterior(jointOut, jointIn);
        QVERIFY(in >= 0 && in <= 1);
        QVERIFY(std::fabs(in + out - 1) < 1e-12);
        const double m = std::max(jointIn, jointOut);
        const double direct = std::exp(jointIn - m) / (std::exp(jointIn - m) + std::exp(jointOut - m));
        QVERIFY(std::fabs(in - direct) < 1e-12);
    }

    void distinctLexiconRanksFirst_data() {
        QTest::addColumn<int>("pseudoOut");
        QTest::addColumn<int>("iterations");
        QTest::addColumn<double>("minPrecision");
        // One E-step from the initial models (seed vs a pseudo-out of the seed's size) misses a
        // pair made mostly of shared words; EM on the pool gets every in-domain pair first.
        QTest::newRow("pseudo-out by LM, 1 iteration") << int(PseudoOutSource::LanguageModel) << 1 << 0.95;
        QTest::newRow("pseudo-out by LM, 3 iterations") << int(PseudoOutSource::LanguageModel) << 3 << 1.0;
        QTest::newRow("pseudo-out by tables, 2 iterations") << int(PseudoOutSource::TranslationModel) << 2 << 1.0;
    }
    void distinctLexiconRanksFirst() {
        QFETCH(int, pseudoOut);
        QFETCH(int, iterations);
        QFETCH(double, minPrecision);
        const auto [seedF, seedE, poolF, poolE, relevant] = sevenDomainPool();
        const std::vector<char> excluded(poolF.size(), 0);
        InvitationOptions o;
        o.iterations = iterations;
        o.pseudoOut = PseudoOutSource(pseudoOut);
        o.order = 2;
        NullProgress progress;
        CancelToken cancel;
        auto r = invitationScores(seedF, seedE, poolF, poolE, excluded, o, progress, cancel);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(int(r->iterations.size()), iterations);
        for (std::size_t i = 0; i < poolF.size(); ++i) {
            QVERIFY(r->posterior[i] >= 0 && r->posterior[i] <= 1);
            QVERIFY(std::fabs(r->posterior[i] - inPosterior(r->scores[i], 0.0)) < 1e-9);  // score = log-odds
        }
        std::vector<std::int64_t> ids(poolF.size());
        std::iota(ids.begin(), ids.end(), 0);
        const auto ranking = rankByScore(r->scores, ids);
        const auto total = std::count(relevant.begin(), relevant.end(), 1);
        const auto at = precisionAtCutoffs(ranking, relevant, {total});
        QVERIFY2(at[0].precision >= minPrecision,
                 qPrintable(QStringLiteral("precision at the true size %1").arg(at[0].precision)));
        // The per-iteration report: paper layout, true + false = cut-off.
        const auto report = invitationIterationReport(*r, ids, relevant);
        QCOMPARE(int(report.size()), iterations);
        for (const auto& c : report.back()["cutoffs"])
            QCOMPARE(c["true"].get<std::int64_t>() + c["false"].get<std::int64_t>(), c["cutoff"].get<std::int64_t>());
        QCOMPARE(report.back()["cutoffs"].back()["precision"].get<double>(), at[0].precision);  // cut-off R/6 * 6 = R
    }

    // --iterations N = N E-steps with N - 1 M-steps: one iteration ranks with the initial
    // parameters (P(in) = 1/2, nothing re-estimated), and a longer run repeats it first.
    void iterationsAreEStepsWithMStepsBetween() {
        const auto d = sevenDomainPool();
        const std::vector<char> excluded(d.poolF.size(), 0);
        InvitationOptions o;
        o.order = 2;
        NullProgress progress;
        CancelToken cancel;
        auto one = invitationScores(d.seedF, d.seedE, d.poolF, d.poolE, excluded, o, progress, cancel);
        o.iterations = 3;
        auto three = invitationScores(d.seedF, d.seedE, d.poolF, d.poolE, excluded, o, progress, cancel);
        QVERIFY(one && three);
        QCOMPARE(int(one->iterations.size()), 1);
        QCOMPARE(one->iterations[0].priorIn, 0.5);  // the initial prior: no M-step ran
        QCOMPARE(three->iterations[0].scores, one->scores);  // E-step 1 of 3 = the 1-iteration run
        // M-steps in between: P(in) re-estimated from the pool's posteriors (~1/7 in-domain), and
        // the likelihood of the pool does not fall.
        QVERIFY(std::fabs(three->iterations[1].priorIn - 0.5) > 0.05);
        QVERIFY(three->iterations[1].logLikelihood >= three->iterations[0].logLikelihood);
        QVERIFY(three->scores != one->scores);
    }

    void cancelIsAValueNotAnException() {
        TokenizedText seed = {{"a", "b"}, {"a", "c"}}, pool = {{"a", "b"}, {"d", "e"}};
        const std::vector<char> excluded(2, 0);
        NullProgress progress;
        CancelToken cancel;
        cancel.cancel();
        auto r = invitationScores(seed, seed, pool, pool, excluded, {}, progress, cancel);
        QVERIFY(!r.has_value());
        QCOMPARE(int(r.error().kind), int(ErrorKind::Cancelled));
    }

    void mismatchedSidesFail() {
        TokenizedText seed = {{"a"}}, pool = {{"a"}, {"b"}}, shortPool = {{"a"}};
        NullProgress progress;
        CancelToken cancel;
        auto r = invitationScores(seed, seed, pool, shortPool, std::vector<char>(2, 0), {}, progress, cancel);
        QVERIFY(!r.has_value());
        QVERIFY(QString::fromStdString(r.error().message).contains(QStringLiteral("parallel")));
    }
};

QTEST_GUILESS_MAIN(TestInvitation)
#include "tst_invitation.moc"
