// Representation choices of `cluster` (issue 10) against scikit-learn references
// (tests/data/analysis/representation.json from scripts/gen_analysis_fixtures.py):
// L2 rows (normalize), per-dimension standardisation (StandardScaler), PCA whitening
// (PCA(whiten=True)), the combined pipeline, silhouette_score; then the cluster job with a
// mean of layer sets and the layer sweep on a small synthetic project.
#include <QtTest>

#include <cmath>
#include <fstream>
#include <random>

#include <nlohmann/json.hpp>

#include "TestSupport.h"
#include "analysis/ClusterJob.h"
#include "analysis/LayerSweep.h"
#include "analysis/Pca.h"
#include "analysis/Representation.h"
#include "analysis/Silhouette.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Runs.h"
#include "store/Statement.h"
#include "store/Store.h"

using namespace dl;
using nlohmann::json;

namespace {

json fixture() {
    std::ifstream f(dltest::testData(QStringLiteral("analysis/representation.json")).toStdString());
    if (!f) qFatal("missing fixture representation.json (run scripts/gen_analysis_fixtures.py representation)");
    return json::parse(f);
}

std::vector<float> floats(const json& j, const char* key) {
    auto v = j.at(key).get<std::vector<double>>();
    return {v.begin(), v.end()};
}

template <class A, class B>
double maxAbsDiff(const A& a, const B& b) {
    if (a.size() != b.size()) return INFINITY;
    double m = 0;
    for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, std::abs(double(a[i]) - double(b[i])));
    return m;
}

// PCA axes are defined up to sign: flip each column of `got` to agree with `want`.
std::vector<double> alignColumns(std::vector<double> got, const std::vector<double>& want, int cols) {
    const std::size_t rows = got.size() / std::size_t(cols);
    for (int c = 0; c < cols; ++c) {
        double dot = 0;
        for (std::size_t r = 0; r < rows; ++r) dot += got[r * cols + c] * want[r * cols + c];
        if (dot < 0)
            for (std::size_t r = 0; r < rows; ++r) got[r * cols + c] = -got[r * cols + c];
    }
    return got;
}

}  // namespace

class TestRepresentation : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    int counter_ = 0;
    static constexpr int kDim = 12;
    static constexpr int kPerDomain = 50;

    // 3 domains x 50 sentences; layer 1 is noise (no domain signal), layer 2 separates the
    // domains, layer 3 separates them a little; stored as three sets of one model.
    std::unique_ptr<Store> makeProject(bool labelled = true) {
        const auto path = dir_.filePath(QStringLiteral("r%1.dlproj").arg(++counter_)).toStdString();
        auto s = Store::create(path);
        if (!s) qFatal("%s", s.error().message.c_str());
        Store& st = **s;
        const char* domains[] = {"it", "law", "koran"};
        {
            auto tx = st.begin();
            st.exec("INSERT INTO corpora(name, src_lang) VALUES('demo', 'en')").value();
            const auto cid = st.lastInsertId();
            auto ins =
                st.prepare("INSERT INTO sentences(corpus_id, position, domain, src) VALUES(?1, ?2, ?3, ?4)").value();
            for (int i = 0; i < 3 * kPerDomain; ++i) {
                ins.bind(1, cid)
                    .bind(2, i)
                    .bind(3, std::string_view(labelled ? domains[i / kPerDomain] : ""))
                    .bind(4, "sentence " + std::to_string(i));
                ins.run().value();
            }
            tx->commit().value();
        }
        const auto cid = findCorpus(st, "demo").value().id;
        std::mt19937 rng(11);
        std::normal_distribution<float> g(0.f, 1.f);
        for (int layer = 1; layer <= 3; ++layer) {
            const float sep = layer == 1 ? 0.f : layer == 2 ? 6.f : 1.f;
            std::vector<float> emb(std::size_t(3) * kPerDomain * kDim);
            for (int i = 0; i < 3 * kPerDomain; ++i)
                for (int a = 0; a < kDim; ++a)
                    emb[std::size_t(i) * kDim + a] = g(rng) + (a % 3 == i / kPerDomain ? sep : 0.f);
            EmbeddingKey key;
            key.model = "synthetic";
            key.layer = layer;
            auto set = ensureEmbeddingSet(st, key, kDim, StorageType::Float32);
            if (!set) qFatal("%s", set.error().message.c_str());
            auto tx = st.begin();
            appendEmbeddings(st, set->id, cid, 0, 3 * kPerDomain, emb).value();
            tx->commit().value();
        }
        return std::move(*s);
    }

private slots:
    void l2MatchesNormalize() {
        const json f = fixture();
        auto x = floats(f, "x");
        l2NormalizeRows(x, f["rows"].get<std::int64_t>(), f["cols"].get<int>());
        QVERIFY2(maxAbsDiff(x, f["l2"].get<std::vector<double>>()) < 1e-6, "L2 rows differ from sklearn.normalize");
        const int d = f["cols"].get<int>();
        for (int a = 0; a < d; ++a) QCOMPARE(x[std::size_t(5 * d + a)], 0.f);  // the zero row stays zero
    }

    void standardizeMatchesStandardScaler() {
        const json f = fixture();
        auto x = floats(f, "x");
        const int d = f["cols"].get<int>();
        auto st = standardizeColumns(x, f["rows"].get<std::int64_t>(), d);
        QVERIFY2(maxAbsDiff(x, f["standardized"].get<std::vector<double>>()) < 1e-5, "differs from StandardScaler");
        // a constant column keeps scale 1 and becomes 0, as in StandardScaler
        std::vector<float> c = {1.f, 2.5f, 3.f, 2.5f, 5.f, 2.5f};
        auto cs = standardizeColumns(c, 3, 2);
        QCOMPARE(cs.scale[1], 1.0);
        QCOMPARE(c[1], 0.f);
        QCOMPARE(c[5], 0.f);
    }

    void whiteningMatchesPcaWhiten() {
        const json f = fixture();
        const auto n = f["rows"].get<std::int64_t>();
        const int d = f["cols"].get<int>(), c = f["pca_components"].get<int>();
        auto x = DataMatrix::fromDouble(f["x"].get<std::vector<double>>(), n, d);
        QVERIFY(x);
        PcaParams pp;
        pp.components = c;
        CancelToken cancel;
        auto model = fitPca(*x, pp, cancel);
        QVERIFY(model);
        QVERIFY(maxAbsDiff(model->explainedVariance, f["explained_variance"].get<std::vector<double>>()) <
                1e-6 * model->explainedVariance[0]);
        auto proj = projectPca(*model, *x, cancel);
        QVERIFY(proj);
        auto w = whitenProjection(*model, *proj);
        QVERIFY(w);
        const auto want = f["whitened"].get<std::vector<double>>();
        QVERIFY2(maxAbsDiff(alignColumns(w->toDouble(), want, c), want) < 1e-6, "differs from PCA(whiten=True)");
    }

    void pipeline_data() {
        QTest::addColumn<int>("precision");
        QTest::newRow("float64") << int(Precision::Float64);
        QTest::newRow("float32") << int(Precision::Float32);
    }
    void pipeline() {  // l2 -> standardise -> PCA whiten, as `cluster --l2 --standardize --whiten`
        QFETCH(int, precision);
        const json f = fixture();
        auto x = floats(f, "x");
        RepresentationParams rep;
        rep.l2 = rep.standardize = rep.whiten = true;
        ReduceParams rp;
        rp.pcaDims = f["pca_components"].get<int>();
        rp.precision = Precision(precision);
        CancelToken cancel;
        auto red = reduceForClustering(x, f["rows"].get<std::int64_t>(), f["cols"].get<int>(), rep, rp, cancel);
        QVERIFY2(red, red ? "" : red.error().message.c_str());
        const auto want = f["pipeline"].get<std::vector<double>>();
        const double diff = maxAbsDiff(alignColumns(red->x.toDouble(), want, rp.pcaDims), want);
        QVERIFY2(diff < 1e-3, qPrintable(QString::number(diff)));  // PCA in float32 on float32 vectors
    }

    void whitenNeedsPca() {
        std::vector<float> x(20, 1.f);
        RepresentationParams rep;
        rep.whiten = true;
        ReduceParams rp;
        rp.pcaDims = 0;
        CancelToken cancel;
        auto red = reduceForClustering(x, 10, 2, rep, rp, cancel);
        QVERIFY(!red);
        QCOMPARE(red.error().kind, ErrorKind::Usage);
    }

    void silhouetteMatchesSklearn_data() {
        QTest::addColumn<int>("index");
        QTest::newRow("true labels") << 0;
        QTest::newRow("random labels") << 1;
        QTest::newRow("median split k=2") << 2;
    }
    void silhouetteMatchesSklearn() {
        QFETCH(int, index);
        const json f = fixture();
        const auto& c = f["silhouette"][std::size_t(index)];
        const auto labels = c["labels"].get<std::vector<std::int32_t>>();
        const double s = silhouetteScore(f["x"].get<std::vector<double>>(), f["rows"].get<std::int64_t>(),
                                         f["cols"].get<int>(), labels);
        QVERIFY2(std::abs(s - c["silhouette"].get<double>()) < 1e-9, qPrintable(QString::number(s)));
    }

    void silhouetteSampleIsSeeded() {
        const auto a = silhouetteSample(1000, 100, 3), b = silhouetteSample(1000, 100, 3),
                   c = silhouetteSample(1000, 100, 4);
        QCOMPARE(a.size(), std::size_t(100));
        QVERIFY(a == b);
        QVERIFY(a != c);
        QVERIFY(std::is_sorted(a.begin(), a.end()));
        QVERIFY(std::adjacent_find(a.begin(), a.end()) == a.end());
        QCOMPARE(silhouetteSample(50, 100, 3).size(), std::size_t(50));
    }

    void parseLayers_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<int>("count");
        QTest::newRow("comma") << "8,10" << true << 2;
        QTest::newRow("plus") << "6+8+10+12" << true << 4;
        QTest::newRow("single") << "0" << true << 1;
        QTest::newRow("negative") << "-1" << false << 0;
        QTest::newRow("last") << "8,last" << true << 2;
        QTest::newRow("word") << "8,top" << false << 0;
        QTest::newRow("duplicate") << "8,8" << false << 0;
        QTest::newRow("empty item") << "8,,10" << false << 0;
    }
    void parseLayers() {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(int, count);
        auto r = parseLayerList(text.toStdString());
        QCOMPARE(bool(r), ok);
        if (ok) QCOMPARE(int(r->size()), count);
        else QVERIFY(r.error().message.find(text.toStdString()) != std::string::npos);
    }

    void clusterLayerMeanIsRecorded() {
        auto store = makeProject();
        ClusterParams p;
        p.k = 3;
        p.pcaDims = 4;
        p.seeds = 2;
        p.representation.layers = {2, 3};
        p.representation.standardize = true;
        NullProgress progress;
        CancelToken cancel;
        auto res = runCluster(p, *store, progress, cancel);
        QVERIFY2(res, res ? "" : res.error().message.c_str());
        QVERIFY2(res->purityMean > 0.95, qPrintable(QString::number(res->purityMean)));
        auto run = getRun(*store, res->runId);
        QVERIFY(run);
        const auto& rep = run->params["representation"];
        QCOMPARE(rep["layers"].get<std::vector<int>>(), (std::vector<int>{2, 3}));
        QCOMPARE(rep["standardize"].get<bool>(), true);
        QCOMPARE(rep["layer_sets"].size(), std::size_t(2));
        auto back = RepresentationParams::fromJson(rep);
        QVERIFY(back);
        QCOMPARE(back->layers, p.representation.layers);

        // the noise layer alone clusters at chance level: the layer choice is really applied
        p.representation.layers = {1};
        auto noise = runCluster(p, *store, progress, cancel);
        QVERIFY(noise);
        QVERIFY2(noise->purityMean < 0.7, qPrintable(QString::number(noise->purityMean)));
    }

    void missingLayerNamesTheCommand() {
        auto store = makeProject();
        ClusterParams p;
        p.k = 3;
        p.pcaDims = 4;
        p.representation.layers = {2, 7};
        NullProgress progress;
        CancelToken cancel;
        auto res = runCluster(p, *store, progress, cancel);
        QVERIFY(!res);
        QVERIFY2(res.error().message.find("encode --layers 7") != std::string::npos, res.error().message.c_str());
        QVERIFY(listRuns(*store, RunKind::Cluster)->empty());
    }

    void layerSweep_data() {
        QTest::addColumn<bool>("labelled");
        QTest::newRow("labelled: purity chooses") << true;
        QTest::newRow("unlabelled: silhouette chooses") << false;
    }
    void layerSweep() {
        QFETCH(bool, labelled);
        auto store = makeProject(labelled);
        LayerSweepParams lp;
        lp.base.k = 3;
        lp.base.pcaDims = 4;
        lp.base.seeds = 2;
        lp.silhouetteRows = 100;
        NullProgress progress;
        CancelToken cancel;
        auto res = runLayerSweep(lp, *store, progress, cancel);
        QVERIFY2(res, res ? "" : res.error().message.c_str());
        QCOMPARE(res->points.size(), std::size_t(3));
        QCOMPARE(res->points[0].layer, 1);
        QCOMPARE(res->layerBySilhouette, 2);
        QCOMPARE(res->chosenLayer, 2);
        QCOMPARE(res->chosenBy, std::string(labelled ? "purity" : "silhouette"));
        QVERIFY(res->points[1].silhouette > res->points[0].silhouette);
        if (labelled) {
            QVERIFY(res->points[1].purityMean > 0.95);
            QVERIFY(res->points[0].purityMean < 0.7);
        } else {
            QVERIFY(std::isnan(res->points[1].purityMean));
        }
        auto run = getRun(*store, res->runId);
        QVERIFY(run);
        QCOMPARE(toString(run->kind), std::string("layer-sweep"));  // the stored name
        QCOMPARE(run->summary["points"].size(), std::size_t(3));
        QCOMPARE(run->summary["chosen_layer"].get<int>(), 2);
    }

    void layerSweepCancels() {
        auto store = makeProject();
        LayerSweepParams lp;
        lp.base.k = 3;
        lp.base.pcaDims = 4;
        NullProgress progress;
        CancelToken cancel;
        cancel.cancel();
        auto res = runLayerSweep(lp, *store, progress, cancel);
        QVERIFY(!res);
        QCOMPARE(res.error().kind, ErrorKind::Cancelled);
        QVERIFY(listRuns(*store, RunKind::LayerSweep)->empty());
    }
};

QTEST_GUILESS_MAIN(TestRepresentation)
#include "tst_representation.moc"
