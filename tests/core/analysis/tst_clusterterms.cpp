// Cluster names by c-TF-IDF: word splitting (UTF-8, case), a hand-computed example, a
// brute-force reference over real sentences, and the names' life in a project (computed
// words stored, the user's names stored and kept when the words are recomputed).
#include <QtTest>

#include <cmath>
#include <map>
#include <set>

#include "TestSupport.h"
#include "analysis/ClusterNaming.h"
#include "analysis/ClusterTerms.h"
#include "corpus/Import.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

using namespace dl;

Q_DECLARE_METATYPE(std::vector<std::string>)

class TestClusterTerms : public QObject {
    Q_OBJECT
private slots:
    void words_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("words");
        QTest::newRow("punctuation") << QStringLiteral("The patient's dose: 5 mg.")
                                     << QStringList{"the", "patient", "s", "dose", "5", "mg"};
        QTest::newRow("German capitals") << QStringLiteral("ÄRZTE und Übelkeit")
                                         << QStringList{"ärzte", "und", "übelkeit"};
        QTest::newRow("French") << QStringLiteral("L'ÉTÉ, déjà!") << QStringList{"l", "été", "déjà"};
        QTest::newRow("typographic punctuation")
            << QStringLiteral("«dose» – 5 °C • it’s") << QStringList{"dose", "5", "c", "it", "s"};
        QTest::newRow("empty") << QString() << QStringList{};
    }
    void words() {
        QFETCH(QString, text);
        QFETCH(QStringList, words);
        const auto got = wordsOf(text.toStdString());
        QStringList out;
        for (const auto& w : got) out << QString::fromStdString(w);
        QCOMPARE(out, words);
    }

    void handComputed() {
        // Cluster 0: "apple pear pear", cluster 1: "pear plum" (stop words, short and numeric
        // tokens dropped). A = 2.5 words per cluster; f(apple) = 1, f(pear) = 3, f(plum) = 1.
        ClusterTermCounter c(2, parseStopWords("# stop words\nthe\n\nA\n"));
        c.add(0, "The apple, a pear and 42 PEARS? no: pear");
        c.add(1, "the pear x plum");
        c.add(7, "ignored: no such cluster");
        QCOMPARE(c.words(0), std::int64_t(6));  // apple, pear, and, pears, no, pear: not "the", "a", "42"
        QCOMPARE(c.words(1), std::int64_t(2));  // pear, plum: not "the", "x"
        const auto counted = c.top(10);
        for (const auto& t : counted[0]) QVERIFY(t.term != "the" && t.term != "a" && t.term != "42");
        ClusterTermCounter d(2, parseStopWords("the\n"));
        d.add(0, "apple pear pear");
        d.add(1, "the pear plum");
        const auto top = d.top(5);
        QCOMPARE(top[0].size(), std::size_t(2));
        QCOMPARE(top[0][0].term, std::string("apple"));
        QVERIFY(std::abs(top[0][0].weight - 1.0 / 3 * std::log(3.5)) < 1e-12);
        QCOMPARE(top[0][1].term, std::string("pear"));
        QVERIFY(std::abs(top[0][1].weight - 2.0 / 3 * std::log(1 + 2.5 / 3)) < 1e-12);
        QCOMPARE(top[1][0].term, std::string("plum"));
        QVERIFY(std::abs(top[1][0].weight - 0.5 * std::log(3.5)) < 1e-12);
        QVERIFY(std::abs(top[1][1].weight - 0.5 * std::log(1 + 2.5 / 3)) < 1e-12);
    }

    void matchesBruteForceOnRealSentences() {
        DLTEST_REQUIRE_SHARED_DATA();
        // Three clusters = three domains' first 200 English sentences.
        const auto stop = parseStopWords("the\nof\nand\nto\nin\nis\n");
        ClusterTermCounter counter(3, stop);
        std::vector<std::map<std::string, double>> tf(3);
        std::map<std::string, double> f;
        std::vector<double> words(3, 0);
        int c = 0;
        for (const char* d : {"medical", "law", "koran"}) {
            QFile file(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/%1.en").arg(QLatin1String(d))));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const auto lines = file.readAll().split('\n');
            for (int i = 0; i < 200; ++i) {
                counter.add(c, lines[i].toStdString());
                // Reference counting over the same words (wordsOf is tested on its own above),
                // with Qt deciding length in characters and digits-only.
                for (const auto& word : wordsOf(lines[i].toStdString())) {
                    const QString w = QString::fromStdString(word);
                    bool digits = true;
                    for (QChar ch : w) digits = digits && ch.isDigit();
                    if (w.size() < 2 || digits || stop.contains(word)) continue;
                    tf[c][word] += 1, f[word] += 1, words[c] += 1;
                }
            }
            ++c;
        }
        const double a = (words[0] + words[1] + words[2]) / 3;
        const auto top = counter.top(10);
        for (int k = 0; k < 3; ++k) {
            QCOMPARE(double(counter.words(k)), words[k]);
            std::vector<std::pair<double, std::string>> ref;
            for (const auto& [t, n] : tf[k]) ref.emplace_back(-(n / words[k] * std::log(1 + a / f[t])), t);
            std::sort(ref.begin(), ref.end());
            QCOMPARE(top[k].size(), std::size_t(10));
            for (std::size_t i = 0; i < 10; ++i) {
                QCOMPARE(top[k][i].term, ref[i].second);
                QVERIFY(std::abs(top[k][i].weight + ref[i].first) < 1e-12);
            }
        }
    }

    void storedInTheProject() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("n.dlproj")).toStdString();
        auto store = Store::create(path).value();
        NullProgress np;
        CancelToken ct;
        for (auto [name, text] : {std::pair{"med.en", "patient dose tablet\npatient nausea\n"},
                                  std::pair{"law.en", "court shall decide\ncourt ruling\n"}}) {
            ImportParams p;
            p.srcPath = dltest::writeFile(dir, QString::fromLatin1(name), text);
            p.labelSource = LabelSource::FromFilename;
            p.corpus = "c";
            runImport(p, *store, np, ct).value();
        }
        const auto labels = corpusLabels(*store, findCorpus(*store, "c")->id).value();
        std::int64_t run = 0;
        {
            auto tx = store->begin().value();
            run = createRun(*store, RunKind::Cluster, findCorpus(*store, "c")->id, std::nullopt, {{"k", 2}}).value();
            setRunSummary(*store, run, {{"k", 2}}).value();
            RunResults r;
            r.sentenceIds = labels.sentenceIds;
            for (int d : labels.domainIndex) r.label.push_back(d);  // law = 0, med = 1
            writeRunResults(*store, run, r).value();
            tx.commit().value();
        }
        QVERIFY(!readClusterNames(*store, run)->computed);
        const auto names = nameClusters(*store, run, parseStopWords("shall\n"), 3, np, ct).value();
        QCOMPARE(names.label(0, 1), std::string("court"));
        QCOMPARE(names.label(1, 1), std::string("patient"));
        QCOMPARE(runLanguage(*store, run).value(), std::string("en"));
        {
            auto tx = store->begin().value();
            setClusterName(*store, run, 1, "Medicine").value();
            tx.commit().value();
        }
        store.reset();
        store = Store::open(path).value();
        auto back = readClusterNames(*store, run).value();
        QVERIFY(back.computed);
        QCOMPARE(back.language, std::string("en"));
        QCOMPARE(back.label(1), std::string("Medicine"));
        QCOMPARE(back.label(0, 2), std::string("court · decide"));
        // Recomputing keeps the user's name; clearing it brings the words back.
        QCOMPARE(nameClusters(*store, run, {}, 3, np, ct)->label(1), std::string("Medicine"));
        {
            auto tx = store->begin().value();
            setClusterName(*store, run, 1, "").value();
            tx.commit().value();
        }
        QCOMPARE(readClusterNames(*store, run)->label(1, 1), std::string("patient"));
        QVERIFY(!nameClusters(*store, 999, {}, 3, np, ct));
    }
};

QTEST_MAIN(TestClusterTerms)
#include "tst_clusterterms.moc"
