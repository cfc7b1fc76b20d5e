// The outlier analysis per target cluster (A&G section 2.6) on a real project: law, IT and
// subtitles slices of ../shared/data encoded with the tiny BERT and clustered (k = 3). The
// per-cluster figures are recomputed here from the sentences themselves, the total row equals
// the report's "outliers" figures, and every figure's sentences are exactly the ones counted.
// Also the data-hygiene report (A&G's Table 8, reports/CorpusOverlap.h) on a project with
// planted overlaps, counted exactly against a brute-force intersection of the stored texts.
#include <QtTest>

#include <set>

#include "TestSupport.h"
#include "analysis/ClusterJob.h"
#include "corpus/Import.h"
#include "encode/EncodeJob.h"
#include "reports/CorpusOverlap.h"
#include "reports/OutlierAnalysis.h"
#include "reports/Report.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

using namespace dl;

class TestOutlierAnalysis : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::unique_ptr<Store> store_;
    std::int64_t runId_ = 0;

private slots:
    void initTestCase() {
        if (!dltest::hasSharedData()) QSKIP("../shared/data is not here");
        store_ = std::move(Store::create(tmp_.filePath("o.dlproj").toStdString()).value());
        NullProgress np;
        CancelToken ct;
        ImportParams ip;
        ip.corpus = "mix";
        ip.labelSource = LabelSource::FromFilename;
        for (const char* d : {"law", "it", "subtitles"}) {
            ip.srcPath =
                dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/%1.en").arg(QLatin1String(d))).toStdString();
            QVERIFY(runImport(ip, *store_, np, ct));
        }
        EncodeParams ep;
        ep.model = dltest::testData("models/bert-tiny").toStdString();
        QVERIFY(runEncode(ep, *store_, np, ct));
        ClusterParams cp;
        cp.k = 3;
        cp.pcaDims = 8;
        cp.seeds = 1;
        cp.useCuda = false;
        auto r = runCluster(cp, *store_, np, ct);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        runId_ = r->runId;
    }

    void figuresFromTheSentences() {
        auto a = analyseOutliers(*store_, runId_);
        QVERIFY2(a, a ? "" : a.error().message.c_str());
        QVERIFY(a->labelled);
        QCOMPARE(int(a->clusters.size()), 3);
        auto report = buildClusterReport(*store_, {runId_, 5, {}}).value();
        // Reference: the majority map from the report, features of every sentence recomputed.
        const auto results = readRunResults(*store_, runId_).value();
        std::map<std::int64_t, int> clusterOf;
        for (std::size_t i = 0; i < results.sentenceIds.size(); ++i)
            clusterOf[results.sentenceIds[i]] = results.label[i];
        std::vector<FeatureCounts> all(3), out(3);
        const auto corpus = findCorpus(*store_, "mix").value();
        QVERIFY(forEachSentence(*store_, corpus.id, 0, [&](const Sentence& s) {
            const int c = clusterOf.at(s.id);
            const auto& m = report["majority"][std::size_t(c)]["domain"];
            const auto f = sentenceFeatures(s.src);
            for (auto* n : {&all[std::size_t(c)],
                            (!m.is_null() && m.get<std::string>() != s.domain) ? &out[std::size_t(c)] : nullptr}) {
                if (!n) continue;
                ++n->sentences, n->tokens += f.tokens, n->withDigits += f.digit,
                    n->withPronounOrQuestion += f.pronounOrQuestion;
            }
            return true;
        }));
        std::int64_t outliers = 0;
        for (int c = 0; c < 3; ++c) {
            const auto& g = a->clusters[std::size_t(c)];
            QCOMPARE(g.cluster, c);
            for (auto [got, want] :
                 {std::pair{g.all, all[std::size_t(c)]}, std::pair{g.outliers, out[std::size_t(c)]}}) {
                QCOMPARE(got.sentences, want.sentences);
                QCOMPARE(got.withDigits, want.withDigits);
                QCOMPARE(got.withPronounOrQuestion, want.withPronounOrQuestion);
                QCOMPARE(got.tokens, want.tokens);
            }
            outliers += g.outliers.sentences;
        }
        QVERIFY(outliers > 0);  // the tiny model does not separate the domains perfectly
        const auto& o = report["outliers"];
        QCOMPARE(a->total.outliers.sentences, o["count"].get<std::int64_t>());
        QCOMPARE(a->total.outliers.meanTokens(), o["mean_tokens"].get<double>());
        QCOMPARE(a->total.all.meanTokens(), o["mean_tokens_all"].get<double>());
        QCOMPARE(a->total.outliers.digitShare(), o["with_digits_share"].get<double>());
        QCOMPARE(a->total.all.digitShare(), o["with_digits_share_all"].get<double>());
        QCOMPARE(a->total.outliers.pronounShare(), o["with_pronoun_or_question_share"].get<double>());
        QCOMPARE(a->total.all.pronounShare(), o["with_pronoun_or_question_share_all"].get<double>());
    }

    void sentencesBehindEachFigure_data() {
        QTest::addColumn<int>("cluster");
        QTest::addColumn<bool>("outliersOnly");
        QTest::addColumn<int>("figure");
        for (int c = -1; c < 3; ++c)
            for (bool o : {false, true})
                for (int f = 0; f < 3; ++f)
                    QTest::addRow("cluster %d %s figure %d", c, o ? "outliers" : "all", f) << c << o << f;
    }
    void sentencesBehindEachFigure() {
        QFETCH(int, cluster);
        QFETCH(bool, outliersOnly);
        QFETCH(int, figure);
        const auto a = analyseOutliers(*store_, runId_).value();
        const auto& g = cluster < 0 ? a.total : a.clusters[std::size_t(cluster)];
        const auto& n = outliersOnly ? g.outliers : g.all;
        const std::int64_t expected = figure == 0 ? n.sentences : figure == 1 ? n.withDigits : n.withPronounOrQuestion;
        auto s = outlierFigureSentences(*store_, runId_, cluster, outliersOnly, OutlierFigure(figure), 1000000);
        QVERIFY(s);
        QCOMPARE(s->total, expected);
        QCOMPARE(qint64(s->ids.size()), expected);
        // Each listed sentence has the feature.
        const auto listed =
            sentencesById(*store_, std::vector<std::int64_t>(s->ids.begin(),
                                                             s->ids.begin() + std::min<qsizetype>(50, s->ids.size())))
                .value();
        for (const auto& sen : listed) {
            const auto f = sentenceFeatures(sen.src);
            if (figure == 1) QVERIFY(f.digit);
            if (figure == 2) QVERIFY(f.pronounOrQuestion);
        }
        auto few = outlierFigureSentences(*store_, runId_, cluster, outliersOnly, OutlierFigure(figure), 3).value();
        QCOMPARE(few.total, expected);
        QCOMPARE(qint64(few.ids.size()), std::min<qint64>(3, expected));
    }

    // Four corpora from ../shared/data: train (law + IT, parallel), dev (planted: train lines, one
    // with extra blanks the import trims, repeats kept by --no-dedupe, unseen test lines), test
    // (the IT test file as it is) and a second train corpus (subtitles). Every pair's counts equal
    // a brute-force set intersection of the stored sentences, on both sides.
    void overlapAgainstBruteForce_data() {
        QTest::addColumn<int>("side");
        QTest::newRow("src") << int(Side::Source);
        QTest::newRow("tgt") << int(Side::Target);
    }
    void overlapAgainstBruteForce() {
        QFETCH(int, side);
        QTemporaryDir dir;
        auto store = std::move(Store::create(dir.filePath("h.dlproj").toStdString()).value());
        NullProgress np;
        CancelToken ct;
        auto lines = [](const QString& rel) {
            QFile f(dltest::sharedData(rel));
            if (!f.open(QIODevice::ReadOnly)) return QList<QByteArray>{};
            return f.readAll().split('\n');
        };
        auto import = [&](const std::string& corpus, const std::string& role, const std::string& src,
                          const std::string& tgt, bool dedupe) {
            ImportParams ip;
            ip.corpus = corpus, ip.role = role, ip.srcPath = src, ip.tgtPath = tgt, ip.dedupe = dedupe;
            auto r = runImport(ip, *store, np, ct);
            QVERIFY2(r, r ? "" : r.error().message.c_str());
        };
        for (const char* d : {"law", "it"})
            import("train", "train",
                   dltest::sharedData(QStringLiteral("llm-dom-ad-deen-train2500/%1.en").arg(QLatin1String(d)))
                       .toStdString(),
                   dltest::sharedData(QStringLiteral("llm-dom-ad-deen-train2500/%1.de").arg(QLatin1String(d)))
                       .toStdString(),
                   true);
        const auto lawEn = lines(QStringLiteral("llm-dom-ad-deen-train2500/law.en"));
        const auto lawDe = lines(QStringLiteral("llm-dom-ad-deen-train2500/law.de"));
        const auto testEn = lines(QStringLiteral("llm-dom-ad-deen-test/koran.en"));
        const auto testDe = lines(QStringLiteral("llm-dom-ad-deen-test/koran.de"));
        QVERIFY(lawEn.size() > 100 && testEn.size() > 100);
        QByteArray devEn, devDe;
        for (int i = 0; i < 40; ++i) devEn += lawEn[i * 50] + '\n', devDe += lawDe[i * 50] + '\n';  // planted
        devEn += "   " + lawEn[7] + "  \n", devDe += lawDe[7] + "\t\n";                         // trimmed on import
        for (int i = 0; i < 20; ++i)  // ten lines twice: rows count twice, texts once
            devEn += lawEn[3 + i / 2 * 60] + '\n', devDe += lawDe[3 + i / 2 * 60] + '\n';
        for (int i = 0; i < 60; ++i) devEn += testEn[i] + '\n', devDe += testDe[i] + '\n';
        import("dev", "dev", dltest::writeFile(dir, QStringLiteral("dev.en"), devEn),
               dltest::writeFile(dir, QStringLiteral("dev.de"), devDe), false);
        import("test", "test", dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/it.en")).toStdString(),
               dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/it.de")).toStdString(), true);
        import("subs", "train", dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/subtitles.en")).toStdString(),
               "", true);

        auto overlap = corpusOverlap(*store, Side(side), ct);
        QVERIFY2(overlap, overlap ? "" : overlap.error().message.c_str());
        QCOMPARE(int(overlap->pairs.size()), 6);  // 4 corpora
        // Brute force: every stored text of the side, per corpus.
        std::map<std::string, std::vector<std::string>> texts;
        const auto corpora = listCorpora(*store).value();
        for (const auto& c : corpora)
            QVERIFY(forEachSentence(*store, c.id, 0, [&](const Sentence& s) {
                const auto& t = Side(side) == Side::Source ? s.src : s.tgt;
                if (!t.empty()) texts[c.name].push_back(t);
                return true;
            }));
        std::map<std::pair<std::string, std::string>, const CorpusOverlapPair*> byName;
        for (const auto& p : overlap->pairs) {
            byName[{p.a, p.b}] = &p;
            const auto& ta = texts[p.a];
            const auto& tb = texts[p.b];
            const std::set<std::string> sa(ta.begin(), ta.end()), sb(tb.begin(), tb.end());
            std::int64_t aInB = 0, bInA = 0, both = 0;
            for (const auto& t : ta) aInB += sb.count(t);
            for (const auto& t : tb) bInA += sa.count(t);
            for (const auto& t : sa) both += sb.count(t);
            QCOMPARE(p.aSentences, std::int64_t(ta.size()));
            QCOMPARE(p.bSentences, std::int64_t(tb.size()));
            QCOMPARE(p.aInB, aInB);
            QCOMPARE(p.bInA, bInA);
            QCOMPARE(p.distinct, both);
            QCOMPARE(p.trainVsHeldOut(), (p.aRole == "train") != (p.bRole == "train"));
        }
        const auto* trainDev = byName.at({"train", "dev"});
        QVERIFY(trainDev->trainVsHeldOut());
        // The planted rows (40 + the trimmed one + ten lines twice) and no more on the source side
        // (the koran lines are unseen in law and IT); the target side's planted rows are a floor.
        QCOMPARE(trainDev->bSentences, std::int64_t(40 + 1 + 20 + 60));
        if (Side(side) == Side::Source) {
            QCOMPARE(trainDev->bInA, std::int64_t(40 + 1 + 20));
            QCOMPARE(trainDev->distinct, std::int64_t(40 + 1 + 10));
        }
        QVERIFY(trainDev->bInA >= 61);
        if (Side(side) == Side::Target) QCOMPARE(byName.at({"train", "subs"})->bSentences, 0);  // monolingual
        QCOMPARE(byName.at({"train", "subs"})->trainVsHeldOut(), false);
        QVERIFY(overlap->leakedPairs() >= 1);
        const auto j = toJson(*overlap);
        QCOMPARE(j["pairs"].size(), 6u);
        QCOMPARE(j["side"].get<std::string>(), sideName(Side(side)));
        QCOMPARE(j["pairs"][0]["a_in_b"].get<std::int64_t>(), overlap->pairs[0].aInB);

        CancelToken stop;
        stop.cancel();
        auto none = corpusOverlap(*store, Side(side), stop);
        QVERIFY(!none);
        QCOMPARE(none.error().kind, ErrorKind::Cancelled);
    }

    void badRun() {
        QVERIFY(!analyseOutliers(*store_, 999));
        QVERIFY(!outlierFigureSentences(*store_, runId_, 3, false, OutlierFigure::Sentences, 10));
    }
};

QTEST_GUILESS_MAIN(TestOutlierAnalysis)
#include "tst_outlieranalysis.moc"
