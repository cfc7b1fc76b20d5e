// The cluster job and the report on a small synthetic project: well separated domain blobs
// (purity 1), a planted outlier (a 'law' sentence with digits placed in the 'it' blob), the
// stored run (one transaction, blobs for the GUI), errors and cancellation.
#include <QFile>
#include <QtTest>

#include <cmath>
#include <random>

#include "TestSupport.h"
#include "analysis/ClusterJob.h"
#include "analysis/Metrics.h"
#include "corpus/Import.h"
#include "encode/EncodeJob.h"
#include "filter/FilterJob.h"
#include "reports/Report.h"
#include "runs/RunBlobs.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Removals.h"
#include "store/Runs.h"
#include "store/Statement.h"
#include "store/Store.h"

using namespace dl;

class TestClusterJob : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    int counter_ = 0;
    static constexpr int kDim = 16;
    static constexpr int kPerDomain = 60;

    // 3 domains x 60 sentences; sentence 7 of 'law' (position 67) sits in the 'it' blob.
    std::unique_ptr<Store> makeProject(bool encode = true, bool labelled = true, const char* model = "synthetic") {
        const auto path = dir_.filePath(QStringLiteral("p%1.dlproj").arg(++counter_)).toStdString();
        auto s = Store::create(path);
        if (!s) qFatal("%s", s.error().message.c_str());
        Store& st = **s;
        const char* domains[] = {"it", "law", "subtitles"};
        const char* texts[] = {"Click the button 3 to save the file",
                               "The Member States shall adopt the measures referred to", "Where are you going ?"};
        {
            auto tx = st.begin();
            st.exec("INSERT INTO corpora(name, src_lang) VALUES('demo', 'en')").value();
            const auto cid = st.lastInsertId();
            auto ins =
                st.prepare("INSERT INTO sentences(corpus_id, position, domain, src) VALUES(?1, ?2, ?3, ?4)").value();
            for (int i = 0; i < 3 * kPerDomain; ++i) {
                const int d = i / kPerDomain;
                std::string text = i == kPerDomain + 7
                                       ? "Article 12 of Regulation 1234/2001"
                                       : std::string(texts[d]) + " " + std::to_string(i % 5 == 0 ? 0 : i);
                if (d == 1 && i != kPerDomain + 7) text = texts[1];
                ins.bind(1, cid).bind(2, i).bind(3, std::string_view(labelled ? domains[d] : "")).bind(4, text);
                ins.run().value();
            }
            tx->commit().value();
        }
        if (!encode) return std::move(*s);
        std::mt19937 rng(5);
        std::normal_distribution<float> g(0.f, 0.3f);
        std::vector<float> emb(std::size_t(3) * kPerDomain * kDim);
        for (int i = 0; i < 3 * kPerDomain; ++i) {
            int d = i / kPerDomain;
            if (i == kPerDomain + 7) d = 0;  // the planted outlier
            for (int a = 0; a < kDim; ++a)
                emb[std::size_t(i) * kDim + a] = g(rng) + (a % 3 == d ? 4.f : 0.f) + (a == 0 ? 1.f : 0.f);
        }
        EmbeddingKey key;
        key.model = model;
        auto set = ensureEmbeddingSet(st, key, kDim, StorageType::Float32);
        if (!set) qFatal("%s", set.error().message.c_str());
        auto tx = st.begin();
        auto cid = findCorpus(st, "demo").value().id;
        appendEmbeddings(st, set->id, cid, 0, 3 * kPerDomain, emb).value();
        tx->commit().value();
        return std::move(*s);
    }

private slots:
    // Each of --cov, --n-init, --reg-covar not given (ClusterParams::mixtureAuto) gets the
    // model's value on its own: multilingual-e5-small's vectors reg_covar 1e-2 and 20 runs per
    // seed; a field given keeps its value whichever others are given; other models keep 1e-6
    // and 3 runs. The run stores the values fitted and which fields were auto.
    void modelMixture_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<bool>("autoNInit");
        QTest::addColumn<bool>("autoReg");
        QTest::addColumn<double>("reg");
        QTest::addColumn<int>("nInit");
        QTest::addColumn<QString>("autoKeys");
        QTest::newRow("e5, all auto") << "multilingual-e5-small" << true << true << 1e-2 << 20
                                      << "covariance,n_init,reg_covar";
        QTest::newRow("e5, --n-init given")
            << "multilingual-e5-small" << false << true << 1e-2 << 3 << "covariance,reg_covar";
        QTest::newRow("e5, --reg-covar given")
            << "multilingual-e5-small" << true << false << 1e-6 << 20 << "covariance,n_init";
        QTest::newRow("e5, all given") << "multilingual-e5-small" << false << false << 1e-6 << 3 << "";
        QTest::newRow("other model") << "synthetic" << true << true << 1e-6 << 3 << "covariance,n_init,reg_covar";
    }
    void modelMixture() {
        QFETCH(QString, model);
        QFETCH(bool, autoNInit);
        QFETCH(bool, autoReg);
        QFETCH(double, reg);
        QFETCH(int, nInit);
        QFETCH(QString, autoKeys);
        const std::string name = model.toStdString();
        auto store = makeProject(true, true, name.c_str());
        ClusterParams p;
        p.k = 3;
        p.pcaDims = 4;
        p.seeds = 2;
        p.mixtureAuto = {!autoKeys.isEmpty(), autoNInit, autoReg};
        NullProgress progress;
        CancelToken cancel;
        auto res = runCluster(p, *store, progress, cancel);
        QVERIFY2(res, res ? "" : res.error().message.c_str());
        QVERIFY2(std::abs(res->purityMean - 179.0 / 180.0) < 1e-12, qPrintable(QString::number(res->purityMean)));
        QCOMPARE(QString::fromStdString(res->summary.covariance), QStringLiteral("full"));
        auto run = getRun(*store, res->runId);
        QVERIFY(run);
        QCOMPARE(run->params["reg_covar"].get<double>(), reg);
        QCOMPARE(run->params["n_init"].get<int>(), nInit);
        QStringList stored;
        for (const auto& k : run->params.value("mixture_auto", nlohmann::json::array()))
            stored << QString::fromStdString(k);
        QCOMPARE(stored.join(QLatin1Char(',')), autoKeys);
    }

    void clusterAndReport_data() {
        QTest::addColumn<QString>("cov");
        QTest::addColumn<int>("pca");
        QTest::newRow("full pca4") << "full" << 4;
        QTest::newRow("diag pca4") << "diag" << 4;
        QTest::newRow("spherical no-pca") << "spherical" << 0;
        QTest::newRow("tied pca2") << "tied" << 2;
    }
    void clusterAndReport() {
        QFETCH(QString, cov);
        QFETCH(int, pca);
        auto store = makeProject();
        ClusterParams p;
        p.k = 3;
        p.pcaDims = pca;
        p.covariance = *parseCovarianceType(cov.toStdString());
        p.seeds = 3;
        NullProgress progress;
        CancelToken cancel;
        auto res = runCluster(p, *store, progress, cancel);
        QVERIFY2(res, res ? "" : res.error().message.c_str());
        QCOMPARE(res->perSeed.size(), std::size_t(3));
        QVERIFY(res->labelled);
        // planted outlier caps purity at 179/180
        QVERIFY2(std::abs(res->purityMean - 179.0 / 180.0) < 1e-12, qPrintable(QString::number(res->purityMean)));
        QCOMPARE(res->purityStd, 0.0);
        QVERIFY(res->randomPurityMean < 0.6);
        QVERIFY(res->kmeansPurityMean > 0.95);  // separated blobs: k-means finds them too

        auto run = getRun(*store, res->runId);
        QVERIFY(run);
        QCOMPARE(toString(run->kind), std::string("cluster"));  // the stored name
        QCOMPARE(run->params["k"].get<int>(), 3);
        QCOMPARE(run->summary["per_seed"].size(), std::size_t(3));
        auto rr = readRunResults(*store, res->runId);
        QVERIFY(rr);
        QCOMPARE(rr->sentenceIds.size(), std::size_t(180));
        for (double pr : rr->prob) QVERIFY(pr > 0.3 && pr <= 1.0 + 1e-12);
        auto coords = getRunArray<float>(*store, res->runId, "pca2d");
        QVERIFY(coords);
        QCOMPARE(coords->size(), std::size_t(360));
        auto means2d = getRunArray<double>(*store, res->runId, "means2d");
        auto covs2d = getRunArray<double>(*store, res->runId, "covs2d");
        QVERIFY(means2d && covs2d);
        QCOMPARE(means2d->size(), std::size_t(6));
        QCOMPARE(covs2d->size(), std::size_t(12));
        for (int j = 0; j < 3; ++j) {  // 2x2 covariances: symmetric positive definite
            const double* c = covs2d->data() + 4 * j;
            QVERIFY(std::abs(c[1] - c[2]) < 1e-9);
            QVERIFY(c[0] > 0 && c[3] > 0 && c[0] * c[3] - c[1] * c[2] > 0);
        }
        // the display means sit among the 2-D points of their cluster
        auto labels = getRunArray<std::int32_t>(*store, res->runId, "labels");
        QVERIFY(labels);
        for (int j = 0; j < 3; ++j) {
            double mx = 0, my = 0;
            int n = 0;
            for (int i = 0; i < 180; ++i)
                if ((*labels)[i] == j) mx += (*coords)[2 * i], my += (*coords)[2 * i + 1], ++n;
            QVERIFY(n > 0);
            QVERIFY2(std::hypot(mx / n - (*means2d)[2 * j], my / n - (*means2d)[2 * j + 1]) < 0.2,
                     qPrintable(QStringLiteral("component %1").arg(j)));
        }
        auto conf = getRunArray<std::int64_t>(*store, res->runId, "confusion");
        QVERIFY(conf);
        QCOMPARE(conf->size(), std::size_t(9));

        ReportParams rp;
        auto rep = buildClusterReport(*store, rp);  // latest run
        QVERIFY2(rep, rep ? "" : rep.error().message.c_str());
        QCOMPARE((*rep)["run"]["id"].get<std::int64_t>(), res->runId);
        QVERIFY(std::abs((*rep)["purity"].get<double>() - 179.0 / 180.0) < 1e-12);
        const auto& out = (*rep)["outliers"];
        QCOMPARE(out["count"].get<int>(), 1);
        QCOMPARE(out["pairs"][0]["from"].get<std::string>(), std::string("law"));
        QCOMPARE(out["pairs"][0]["to"].get<std::string>(), std::string("it"));
        QCOMPARE(out["with_digits"].get<int>(), 1);
        QCOMPARE(QString::fromStdString(out["samples"][0]["text"].get<std::string>()),
                 QStringLiteral("Article 12 of Regulation 1234/2001"));
        QCOMPARE((*rep)["per_domain"].size(), std::size_t(3));
        const auto& cc = (*rep)["centroid_cosine"]["matrix"];
        QVERIFY(std::abs(cc[0][0].get<double>() - 1.0) < 1e-9);
        QVERIFY(cc[0][1].get<double>() < 0.9);
        const auto csv = clusterReportCsv(*rep);
        QVERIFY(csv.find("law,it,1,1,0,") != std::string::npos);
        QVERIFY(!clusterReportText(*rep).empty());
    }

    void scoreCorrelation() {
        auto store = makeProject();
        ClusterParams p;
        p.k = 3;
        p.pcaDims = 4;
        p.seeds = 1;
        NullProgress progress;
        CancelToken cancel;
        QVERIFY(runCluster(p, *store, progress, cancel));
        ReportParams rp;
        auto rep0 = buildClusterReport(*store, rp);
        QVERIFY(rep0);
        // a score matrix equal to 10 x centroid cosine (rows in another order): r = 1
        const auto& m = (*rep0)["centroid_cosine"]["matrix"];
        std::string csv = ",it,law,subtitles\n";
        for (int r : {2, 0, 1}) {
            csv += std::vector<std::string>{"it", "law", "subtitles"}[r];
            for (int c = 0; c < 3; ++c) csv += "," + std::to_string(10 * m[r][c].get<double>());
            csv += "\n";
        }
        auto sm = parseScoreMatrixCsv(csv);
        QVERIFY2(sm, sm ? "" : sm.error().message.c_str());
        rp.scores = *sm;
        auto rep = buildClusterReport(*store, rp);
        QVERIFY(rep);
        const auto& sc = (*rep)["centroid_cosine"]["score_correlation"];
        QCOMPARE(sc["pairs"].get<int>(), 6);
        QVERIFY(std::abs(sc["pearson"].get<double>() - 1.0) < 1e-5);
        QCOMPARE(sc["pairs_with_same_domain"].get<int>(), 9);
        QVERIFY(std::abs(sc["pearson_with_same_domain"].get<double>() - 1.0) < 1e-5);

        // Same-domain scores that disagree with the cosines (A&G's Fig. 4 plots those points
        // too): the off-diagonal r stays 1, the r with the diagonal is the hand-computed one.
        std::vector<double> cosAll, scoreAll;
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c) {
                cosAll.push_back(m[r][c].get<double>());
                scoreAll.push_back(r == c ? -5.0 * (r + 1) : 10 * m[r][c].get<double>());
            }
        csv = ",it,law,subtitles\n";
        for (int r = 0; r < 3; ++r) {
            csv += std::vector<std::string>{"it", "law", "subtitles"}[r];
            for (int c = 0; c < 3; ++c) csv += "," + std::to_string(scoreAll[std::size_t(r * 3 + c)]);
            csv += "\n";
        }
        rp.scores = parseScoreMatrixCsv(csv).value();
        auto diag = buildClusterReport(*store, rp);
        QVERIFY(diag);
        const auto& sd = (*diag)["centroid_cosine"]["score_correlation"];
        QVERIFY(std::abs(sd["pearson"].get<double>() - 1.0) < 1e-5);
        const double expected = pearson(cosAll, scoreAll);
        QVERIFY(expected < 0.9);
        QVERIFY2(std::abs(sd["pearson_with_same_domain"].get<double>() - expected) < 1e-5,
                 qPrintable(QString::number(sd["pearson_with_same_domain"].get<double>())));
        const std::string text = clusterReportText(*diag);
        QVERIFY(text.find("same-domain pairs included") != std::string::npos);
        QVERIFY(!parseScoreMatrixCsv(",a,b\na,1,2\n"));
    }

    void sweep() {
        auto store = makeProject();
        SweepParams sp;
        sp.base.pcaDims = 4;
        sp.ks = {1, 2, 3, 5};
        NullProgress progress;
        CancelToken cancel;
        auto res = runClusterSweep(sp, *store, progress, cancel);
        QVERIFY2(res, res ? "" : res.error().message.c_str());
        QCOMPARE(res->points.size(), std::size_t(4));
        QCOMPARE(res->bestKByBic, 3);
        auto runs = listRuns(*store, RunKind::ClusterSweep);
        QVERIFY(runs && runs->size() == 1);
    }

    void errors() {
        NullProgress progress;
        CancelToken cancel;
        {
            auto store = makeProject(false);
            ClusterParams p;
            p.k = 3;
            auto r = runCluster(p, *store, progress, cancel);
            QVERIFY(!r);  // nothing encoded
        }
        auto store = makeProject();
        ClusterParams p;
        p.k = 500;
        auto r = runCluster(p, *store, progress, cancel);
        QVERIFY(!r);
        QCOMPARE(r.error().kind, ErrorKind::Usage);
        p.k = 3;
        p.pcaDims = 1;
        QVERIFY(!runCluster(p, *store, progress, cancel));
        p.pcaDims = 99;
        QVERIFY(!runCluster(p, *store, progress, cancel));
        p.pcaDims = 4;
        p.corpus = "nope";
        QVERIFY(!runCluster(p, *store, progress, cancel));
        // cancelled: error, and no run stored
        p.corpus.clear();
        CancelToken stop;
        stop.cancel();
        r = runCluster(p, *store, progress, stop);
        QVERIFY(!r);
        QCOMPARE(r.error().kind, ErrorKind::Cancelled);
        auto runs = listRuns(*store, RunKind::Cluster);
        QVERIFY(runs && runs->empty());
        auto rep = buildClusterReport(*store, ReportParams{});
        QVERIFY(!rep);
    }

    // cluster --filter RUN on real sentences (../shared/data law and medical, 20 planted
    // near-duplicates, bert-tiny vectors): the removed sentences have no row, the run names the
    // filter run and counts what it left out, and the fit equals a plain run on a corpus holding
    // only the kept sentences with their vectors (same labels, same lower bound). A filter run of
    // another corpus is refused and stores nothing.
    void clusterHonoursFilterRun() {
        DLTEST_REQUIRE_SHARED_DATA();
        const auto path = dir_.filePath(QStringLiteral("filtered.dlproj")).toStdString();
        auto store = Store::create(path).value();
        NullProgress np;
        CancelToken ct;
        const QStringList law = dltest::sharedLines(QStringLiteral("llm-dom-ad-deen-train2500/law.en"), 60);
        const QStringList medical = dltest::sharedLines(QStringLiteral("llm-dom-ad-deen-train2500/medical.en"), 60);
        QCOMPARE(law.size() + medical.size(), 120);
        QStringList medicalAndTwins = medical;
        for (int i = 0; i < 20; ++i) medicalAndTwins << medical[i].toUpper() + QStringLiteral(" !");
        auto importInto = [&](const char* corpus, const char* domain, const QStringList& rows) {
            ImportParams ip;
            ip.srcPath =
                dltest::writeFile(dir_, QStringLiteral("%1-%2.en").arg(QLatin1String(corpus), QLatin1String(domain)),
                                  (rows.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8());
            ip.corpus = corpus;
            ip.labelSource = LabelSource::Given;
            ip.domain = domain;
            ip.dedupe = false;
            runImport(ip, *store, np, ct).value();
        };
        importInto("pool", "law", law);
        importInto("pool", "medical", medicalAndTwins);
        EncodeParams ep;
        ep.model = dltest::testData(QStringLiteral("models/bert-tiny")).toStdString();
        ep.corpus = "pool";
        const auto encoded = runEncode(ep, *store, np, ct);
        QVERIFY2(encoded, encoded ? "" : encoded.error().message.c_str());
        FilterParams fp;
        fp.corpus = "pool";
        const auto filter = runFilter(fp, *store, np, ct);
        QVERIFY2(filter, filter ? "" : filter.error().message.c_str());
        const auto removed = removedSentenceIds(*store, filter->runId).value();
        QVERIFY2(removed.size() >= 15, std::to_string(removed.size()).c_str());

        // The reference: a corpus of the kept sentences, in pool order, with the pool's vectors.
        const auto pool = findCorpus(*store, "pool").value();
        const auto set = embeddingSet(*store, encoded->setId).value();
        const auto vectors = loadEmbeddings(*store, set.id, pool.id).value();
        QStringList keptLaw, keptMedical;
        std::vector<float> keptRows;
        std::vector<std::int64_t> keptIds;
        std::int64_t row = 0;
        QVERIFY(forEachSentence(*store, pool.id, 0, [&](const Sentence& sentence) {
            if (!removed.contains(sentence.id)) {
                (sentence.domain == "law" ? keptLaw : keptMedical) << QString::fromStdString(sentence.src);
                keptRows.insert(keptRows.end(), vectors.row(row), vectors.row(row) + vectors.dim);
                keptIds.push_back(sentence.id);
            }
            ++row;
            return true;
        }));
        importInto("kept", "law", keptLaw);
        importInto("kept", "medical", keptMedical);
        {
            const auto kept = findCorpus(*store, "kept").value();
            QCOMPARE(kept.sentences, std::int64_t(keptIds.size()));
            auto tx = store->begin();
            ensureEmbeddingSet(*store, set.key, set.dim, set.storage).value();
            appendEmbeddings(*store, set.id, kept.id, 0, kept.sentences, keptRows).value();
            tx->commit().value();
        }

        ClusterParams cp;
        cp.corpus = "pool";
        cp.k = 2;
        cp.pcaDims = 8;
        cp.seeds = 2;
        cp.filterRun = filter->runId;
        const auto filtered = runCluster(cp, *store, np, ct);
        QVERIFY2(filtered, filtered ? "" : filtered.error().message.c_str());
        const auto rows = readRunResults(*store, filtered->runId).value();
        QCOMPARE(rows.sentenceIds, keptIds);  // (ids ascend with positions)
        for (auto id : rows.sentenceIds) QVERIFY(!removed.contains(id));
        const auto run = getRun(*store, filtered->runId).value();
        QCOMPARE(run.params["filter"].get<std::int64_t>(), filter->runId);
        const auto summary = ClusterSummary::fromJson(run.summary, run.id).value();
        QCOMPARE(summary.filterRun.value_or(0), filter->runId);
        QCOMPARE(summary.filterExcluded.value_or(-1), std::int64_t(removed.size()));
        QCOMPARE(summary.sentences, std::int64_t(keptIds.size()));
        const auto ids = getRunArray<std::int64_t>(*store, filtered->runId, blobs::kSentenceIds).value();
        QCOMPARE(ids, keptIds);

        ClusterParams ref = cp;
        ref.corpus = "kept";
        ref.filterRun.reset();
        const auto plain = runCluster(ref, *store, np, ct);
        QVERIFY2(plain, plain ? "" : plain.error().message.c_str());
        QCOMPARE(readRunResults(*store, plain->runId).value().label, rows.label);
        QCOMPARE(plain->summary.best.lowerBound, filtered->summary.best.lowerBound);
        QCOMPARE(plain->purityMean, filtered->purityMean);

        // A filter run of another corpus, and a run that is not a filter run: usage errors, no run.
        FilterParams other;
        other.corpus = "kept";
        const auto otherFilter = runFilter(other, *store, np, ct);
        QVERIFY(otherFilter);
        const auto before = listRuns(*store, RunKind::Cluster).value().size();
        for (const std::int64_t bad : {otherFilter->runId, plain->runId, std::int64_t(9999)}) {
            cp.filterRun = bad;
            const auto refused = runCluster(cp, *store, np, ct);
            QVERIFY(!refused);
            QCOMPARE(refused.error().kind, ErrorKind::Usage);
            QVERIFY2(refused.error().message.starts_with("--filter"), refused.error().message.c_str());
        }
        QCOMPARE(listRuns(*store, RunKind::Cluster).value().size(), before);
    }

    void unlabelled() {
        auto store = makeProject(true, false);
        ClusterParams p;
        p.k = 3;
        p.pcaDims = 4;
        p.seeds = 2;
        NullProgress progress;
        CancelToken cancel;
        auto res = runCluster(p, *store, progress, cancel);
        QVERIFY2(res, res ? "" : res.error().message.c_str());
        QVERIFY(!res->labelled);
        QVERIFY(std::isnan(res->purityMean));
        QVERIFY(res->summary.toJson()["purity_mean"].is_null());  // stored as null
        auto rep = buildClusterReport(*store, ReportParams{});
        QVERIFY(rep);
        QVERIFY(!(*rep)["labelled"].get<bool>());
    }

    void features() {
        auto f = sentenceFeatures("Where are you going?");
        QCOMPARE(f.tokens, 4);
        QVERIFY(f.pronounOrQuestion);
        QVERIFY(!f.digit);
        f = sentenceFeatures("Set the value to 42.");
        QVERIFY(f.digit && !f.pronounOrQuestion);
        QVERIFY(sentenceFeatures("I think so.").pronounOrQuestion);
        QVERIFY(!sentenceFeatures("The item is ready.").pronounOrQuestion);
    }
};

QTEST_GUILESS_MAIN(TestClusterJob)
#include "tst_clusterjob.moc"
