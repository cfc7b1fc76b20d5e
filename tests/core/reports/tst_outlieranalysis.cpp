// The outlier analysis per target cluster (A&G section 2.6) on a real project: law, IT and
// subtitles slices of ../shared/data encoded with the tiny BERT and clustered (k = 3). The
// per-cluster figures are recomputed here from the sentences themselves, the total row equals
// the report's "outliers" figures, and every figure's sentences are exactly the ones counted.
#include <QtTest>

#include "TestSupport.h"
#include "analysis/ClusterJob.h"
#include "corpus/Import.h"
#include "encode/EncodeJob.h"
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

    void badRun() {
        QVERIFY(!analyseOutliers(*store_, 999));
        QVERIFY(!outlierFigureSentences(*store_, runId_, 3, false, OutlierFigure::Sentences, 10));
    }
};

QTEST_GUILESS_MAIN(TestOutlierAnalysis)
#include "tst_outlieranalysis.moc"
