// Interpolated modified Kneser-Ney: discounts by the closed form, probabilities checked by
// hand on a toy corpus, normalisation over the vocabulary, ARPA output.
#include <QtTest>

#include <cmath>
#include <fstream>

#include "text/NgramLm.h"

using namespace dl;

namespace {
std::vector<std::vector<std::string>> toy() { return {{"a", "b"}, {"a", "b"}, {"b"}}; }
}  // namespace

class TestNgramLm : public QObject {
    Q_OBJECT
private slots:
    void closedFormDiscounts_data() {
        QTest::addColumn<qint64>("n1");
        QTest::addColumn<qint64>("n2");
        QTest::addColumn<qint64>("n3");
        QTest::addColumn<qint64>("n4");
        QTest::addColumn<double>("d1");
        QTest::addColumn<double>("d2");
        QTest::addColumn<double>("d3");
        // Y = n1/(n1+2 n2); D1 = 1-2Y n2/n1; D2 = 2-3Y n3/n2; D3 = 3-4Y n4/n3
        QTest::newRow("typical") << qint64(1000) << qint64(400) << qint64(200) << qint64(120)
                                 << 1 - 2 * (1000.0 / 1800) * 400 / 1000 << 2 - 3 * (1000.0 / 1800) * 200 / 400
                                 << 3 - 4 * (1000.0 / 1800) * 120 / 200;
        QTest::newRow("bigram toy") << qint64(1) << qint64(2) << qint64(1) << qint64(0) << 0.2 << 1.7 << 1.5;
        // Low-variety data: the closed form leaves (0, k]; such a discount takes the fallback
        // (as KenLM's --discount_fallback) instead of 0, which would leave no mass to back off.
        QTest::newRow("D3 negative") << qint64(3) << qint64(3) << qint64(3) << qint64(9) << 1.0 / 3 << 1.0 << 1.5;
        QTest::newRow("D2 negative") << qint64(1) << qint64(1) << qint64(10) << qint64(1) << 1.0 / 3 << 1.0
                                     << 3 - 4 * (1.0 / 3) * 1 / 10;
    }
    void closedFormDiscounts() {
        QFETCH(qint64, n1);
        QFETCH(qint64, n2);
        QFETCH(qint64, n3);
        QFETCH(qint64, n4);
        QFETCH(double, d1);
        QFETCH(double, d2);
        QFETCH(double, d3);
        const auto d = kneserNeyDiscounts(n1, n2, n3, n4);
        QVERIFY(std::fabs(d.d1 - d1) < 1e-12);
        QVERIFY(std::fabs(d.d2 - d2) < 1e-12);
        QVERIFY(std::fabs(d.d3 - d3) < 1e-12);
    }

    void discountsComeFromAdjustedCounts() {
        // Bigram counts of the toy corpus: (<s> a)=2 (a b)=2 (b </s>)=3 (<s> b)=1 -> n1=1 n2=2 n3=1.
        // Unigram continuation counts: a=1 b=2 </s>=1 -> n1=2 n2=1 -> D1 = 1 - 2*0.5*1/2 = 0.5.
        auto lm = NgramLm::train(toy(), {2, std::nullopt}).value();
        QCOMPARE(lm.discounts(2).d1, 0.2);
        QVERIFY(std::fabs(lm.discounts(2).d2 - 1.7) < 1e-12);
        QCOMPARE(lm.discounts(1).d1, 0.5);
        QCOMPARE(lm.vocabularySize(), std::size_t(4));  // a b </s> <unk>
    }

    // A corpus of a few sentences repeated: bigrams seen exactly 4 times outnumber those seen 3
    // times, the closed-form D3 is negative, and (clamped to 0) it left contexts such as "a"
    // (always followed by b, 4 times) no back-off mass: "a c" had probability 0 and the
    // Moore-Lewis / Axelrod / contrast scores and `evaluate --dev` perplexities became infinite.
    void lowVarietyCorpusLeavesMassForEverySentence_data() {
        QTest::addColumn<int>("order");
        QTest::addColumn<QStringList>("sentence");
        for (int order : {2, 3, 4}) {
            QTest::addRow("order %d, seen words in a new order", order) << order << QStringList{"a", "c"};
            QTest::addRow("order %d, new continuation of a repeated sentence", order)
                << order << QStringList{"a", "b", "c", "d"};
            QTest::addRow("order %d, unknown word", order) << order << QStringList{"a", "zebra"};
        }
    }
    void lowVarietyCorpusLeavesMassForEverySentence() {
        QFETCH(int, order);
        QFETCH(QStringList, sentence);
        std::vector<std::vector<std::string>> corpus;
        const std::pair<std::vector<std::string>, int> repeated[] = {{{"a", "b"}, 4}, {{"c", "d"}, 4}, {{"e", "f"}, 4},
                                                                     {{"g", "h"}, 3}, {{"i", "j"}, 2}, {{"k", "l"}, 1}};
        for (const auto& [words, times] : repeated)
            for (int i = 0; i < times; ++i) corpus.push_back(words);
        auto lm = NgramLm::train(corpus, {order, std::nullopt}).value();
        std::vector<std::string> tokens;
        for (const auto& w : sentence) tokens.push_back(w.toStdString());
        const double lp = lm.sentenceLogProb(tokens);
        QVERIFY2(std::isfinite(lp), qPrintable(QStringLiteral("log p = %1").arg(lp)));
        QVERIFY(std::isfinite(lm.crossEntropy(tokens)));
        for (int n = 1; n <= order; ++n) {
            const auto d = lm.discounts(n);
            QVERIFY2(d.d1 > 0 && d.d1 <= 1 && d.d2 > 0 && d.d2 <= 2 && d.d3 > 0 && d.d3 <= 3,
                     qPrintable(QStringLiteral("order %1: %2 %3 %4").arg(n).arg(d.d1).arg(d.d2).arg(d.d3)));
        }
        // Still a distribution: p(w | a) sums to 1 over the vocabulary.
        double sum = 0;
        for (const char* w : {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "</s>", "<unk>"})
            sum += std::exp(lm.logProb({"<s>", "a"}, w));
        QVERIFY2(std::fabs(sum - 1.0) < 1e-9, qPrintable(QString::number(sum, 'g', 12)));
    }

    void probabilitiesByHand_data() {
        QTest::addColumn<QString>("context");
        QTest::addColumn<QString>("word");
        QTest::addColumn<double>("expected");
        // Unigram level: gamma = (0.5*2 + 1.0*1)/4 = 0.5, uniform 1/4.
        // Bigram context <s>: den 3, N1 1, N2 1 -> gamma = (0.2 + 1.7)/3.
        const double g = 1.9 / 3;
        QTest::newRow("p(a|<s>)") << "<s>"
                                  << "a" << (2 - 1.7) / 3 + g * 0.25;
        QTest::newRow("p(b|<s>)") << "<s>"
                                  << "b" << (1 - 0.2) / 3 + g * 0.375;
        QTest::newRow("p(</s>|<s>)") << "<s>"
                                     << "</s>" << g * 0.25;
        QTest::newRow("p(unk|<s>)") << "<s>"
                                    << "zebra" << g * 0.125;
        QTest::newRow("p(b) unigram via unseen context") << "zebra"
                                                         << "b" << 0.375;
    }
    void probabilitiesByHand() {
        QFETCH(QString, context);
        QFETCH(QString, word);
        QFETCH(double, expected);
        auto lm = NgramLm::train(toy(), {2, std::nullopt}).value();
        const double p = std::exp(lm.logProb({context.toStdString()}, word.toStdString()));
        QVERIFY2(std::fabs(p - expected) < 1e-12, qPrintable(QStringLiteral("%1 vs %2").arg(p).arg(expected)));
    }

    void normalisedOverVocabulary_data() {
        QTest::addColumn<int>("order");
        QTest::newRow("bigram") << 2;
        QTest::newRow("trigram") << 3;
        QTest::newRow("4-gram") << 4;
    }
    void normalisedOverVocabulary() {
        QFETCH(int, order);
        std::vector<std::vector<std::string>> corpus;
        for (const char* s : {"the cat sat on the mat", "the dog sat on the log", "a cat and a dog", "the cat sat",
                              "on the mat the cat sat", "dogs and cats"})
            corpus.push_back(wordTokens(s));
        std::unordered_set<std::string> vocab = {"the", "cat", "sat", "on", "mat", "dog", "a", "and", "unseen"};
        auto lm = NgramLm::train(corpus, {order, vocab}).value();
        const std::vector<std::string> words = {"the", "cat", "sat",    "on",   "mat",  "dog",
                                                "a",   "and", "unseen", "</s>", "<unk>"};
        for (const auto& ctx : std::vector<std::vector<std::string>>{
                 {"<s>"}, {"the"}, {"the", "cat"}, {"<s>", "the", "cat"}, {"zzz", "on"}}) {
            double sum = 0;
            for (const auto& w : words) sum += std::exp(lm.logProb(ctx, w));
            QVERIFY2(std::fabs(sum - 1.0) < 1e-9, qPrintable(QString::number(sum, 'g', 15)));
        }
        // In-domain text is more probable than out-of-domain text.
        QVERIFY(lm.crossEntropy(wordTokens("the cat sat on the mat")) <
                lm.crossEntropy(wordTokens("quantum flux capacitor")));
    }

    void writesArpa() {
        QTemporaryDir dir;
        const auto path = dir.filePath(QStringLiteral("toy.arpa")).toStdString();
        auto lm = NgramLm::train(toy(), {2, std::nullopt}).value();
        QVERIFY(lm.writeArpa(path));
        std::ifstream in(path);
        std::string all((std::istreambuf_iterator<char>(in)), {});
        QVERIFY(all.find("ngram 1=5") != std::string::npos);  // <unk> <s> </s> a b
        QVERIFY(all.find("ngram 2=4") != std::string::npos);
        QVERIFY(all.find(QString::number(std::log10(0.375), 'f', 6).toStdString() + "\tb") != std::string::npos);
        QVERIFY(all.find("\\end\\") != std::string::npos);
    }

    void tokenises_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("tokens");
        QTest::newRow("punct") << "Hello, World!" << QStringList{"hello", ",", "world", "!"};
        QTest::newRow("utf8 kept") << QString::fromUtf8("Grüße aus Köln")
                                   << QStringList{QString::fromUtf8("grüße"), "aus", QString::fromUtf8("köln")};
        QTest::newRow("spaces") << "  a \t b  " << QStringList{"a", "b"};
    }
    void tokenises() {
        QFETCH(QString, text);
        QFETCH(QStringList, tokens);
        QStringList got;
        for (const auto& t : wordTokens(text.toStdString())) got << QString::fromStdString(t);
        QCOMPARE(got, tokens);
    }
};

QTEST_GUILESS_MAIN(TestNgramLm)
#include "tst_ngramlm.moc"
