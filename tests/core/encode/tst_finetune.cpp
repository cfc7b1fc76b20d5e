// Domain-Finetune with the encoder trainable, on the tiny real BERT fixture: training moves
// the weights (the encoder's vectors change) and separates two synthetic "domains" that
// share no words, on sentences it never saw.
#include <QtTest>

#include <random>

#include "TestSupport.h"
#include "encode/TransformerEncoder.h"

using namespace dl;

class TestFineTune : public QObject {
    Q_OBJECT
private:
    static std::vector<std::string> sentences(const std::vector<std::string>& words, int n, std::uint32_t seed) {
        std::mt19937 rng(seed);
        std::uniform_int_distribution<std::size_t> pick(0, words.size() - 1);
        std::vector<std::string> out;
        for (int i = 0; i < n; ++i) {
            std::string s;
            for (int w = 0; w < 8; ++w) s += (w ? " " : "") + words[pick(rng)];
            out.push_back(s);
        }
        return out;
    }

private slots:
    void separatesDomainsAndChangesWeights() {
        const std::vector<std::string> school = {"students", "education", "title", "written", "level", "record"};
        const std::vector<std::string> army = {"military", "james", "william", "association", "feet", "returned"};
        const auto pos = sentences(school, 40, 1), neg = sentences(army, 40, 2);
        const auto testPos = sentences(school, 10, 3), testNeg = sentences(army, 10, 4);
        auto encoder = TransformerEncoder::load(dltest::testData(QStringLiteral("models/bert-tiny")).toStdString());
        QVERIFY2(encoder.has_value(), encoder ? "" : encoder.error().message.c_str());
        std::vector<float> before, after;
        QVERIFY((*encoder)->encode(testPos, before));
        std::vector<std::string> score = testPos;
        score.insert(score.end(), testNeg.begin(), testNeg.end());
        FineTuneOptions o;
        o.epochs = 4;
        o.batchSize = 8;
        o.learningRate = 1e-3;
        FineTuneReport report;
        NullProgress np;
        CancelToken ct;
        auto p = (*encoder)->fineTuneClassifier(pos, neg, score, o, &report, np, ct);
        QVERIFY2(p.has_value(), p ? "" : p.error().message.c_str());
        QCOMPARE(p->size(), score.size());
        for (int i = 0; i < 10; ++i) {
            QVERIFY2((*p)[i] > 0.5, qPrintable(QString::number((*p)[i])));
            QVERIFY2((*p)[10 + i] < 0.5, qPrintable(QString::number((*p)[10 + i])));
        }
        QCOMPARE(report.positives, std::int64_t(40));
        QCOMPARE(report.epochs, 4);
        QVERIFY(report.heldOut > 0);
        // The encoder itself was trained, not just a head on top of it.
        QVERIFY((*encoder)->encode(testPos, after));
        double change = 0;
        for (std::size_t i = 0; i < before.size(); ++i)
            change = std::max(change, double(std::fabs(before[i] - after[i])));
        QVERIFY2(change > 1e-4, qPrintable(QString::number(change)));
    }

    // A batch larger than the micro-batch is accumulated: the same Adam steps as one pass over
    // the batch (the paper's 256 fits in memory), and a different batch size really differs.
    void microBatchesGiveTheBatchsStep() {
        const std::vector<std::string> school = {"students", "education", "title", "written", "level", "record"};
        const std::vector<std::string> army = {"military", "james", "william", "association", "feet", "returned"};
        const auto pos = sentences(school, 24, 5), neg = sentences(army, 24, 6);
        auto score = sentences(school, 5, 7);
        const auto more = sentences(army, 5, 8);
        score.insert(score.end(), more.begin(), more.end());
        auto run = [&](int batch, int micro) {
            auto encoder =
                TransformerEncoder::load(dltest::testData(QStringLiteral("models/bert-tiny")).toStdString()).value();
            FineTuneOptions o;
            o.epochs = 2;
            o.batchSize = batch;
            o.microBatch = micro;
            o.learningRate = 1e-3;
            NullProgress np;
            CancelToken ct;
            return encoder->fineTuneClassifier(pos, neg, score, o, nullptr, np, ct).value();
        };
        const auto whole = run(16, 16), accumulated = run(16, 3), smaller = run(3, 3);
        double same = 0, other = 0;
        for (std::size_t i = 0; i < score.size(); ++i) {
            same = std::max(same, std::fabs(whole[i] - accumulated[i]));
            other = std::max(other, std::fabs(whole[i] - smaller[i]));
        }
        QVERIFY2(same < 1e-4, qPrintable(QString::number(same)));
        QVERIFY2(other > 1e-3, qPrintable(QString::number(other)));
        FineTuneOptions bad;
        bad.microBatch = 0;
        NullProgress np;
        CancelToken ct;
        auto encoder =
            TransformerEncoder::load(dltest::testData(QStringLiteral("models/bert-tiny")).toStdString()).value();
        QVERIFY(!encoder->fineTuneClassifier(pos, neg, score, bad, nullptr, np, ct));
    }

    void refusesTooFewExamples() {
        auto encoder =
            TransformerEncoder::load(dltest::testData(QStringLiteral("models/bert-tiny")).toStdString()).value();
        NullProgress np;
        CancelToken ct;
        std::vector<std::string> two = {"a", "b"};
        QVERIFY(!encoder->fineTuneClassifier(two, two, two, {}, nullptr, np, ct));
    }
};

QTEST_GUILESS_MAIN(TestFineTune)
#include "tst_finetune.moc"
