// The typed run records (core/runs): the stored names of run kinds and blobs are the project
// format, so they are spelled here as literals (the contract) and nowhere in the product's code
// outside core/runs (the source scan below).
#include <QDirIterator>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <set>

#include "OldRuns.h"
#include "SourceScan.h"
#include "TestPaths.h"
#include "analysis/ClusterJob.h"
#include "reports/ProjectInfo.h"
#include "runs/ClusterSummary.h"
#include "runs/ClusterSweepSummary.h"
#include "runs/LayerSweepSummary.h"
#include "runs/MergeSummary.h"
#include "runs/RunBlobs.h"
#include "runs/RunKind.h"
#include "runs/SelectSummary.h"
#include "select/CrossLingual.h"
#include "select/RunParams.h"
#include "select/SelectJob.h"
#include "store/Runs.h"
#include "store/Statement.h"
#include "store/Store.h"

using namespace dl;

Q_DECLARE_METATYPE(dl::RunKind)
Q_DECLARE_METATYPE(nlohmann::json)

namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

std::int64_t addCorpus(Store& store) {
    store.exec("INSERT INTO corpora(name) VALUES('c');").value();
    return store.lastInsertId();
}

// A name is "generic" when the code also uses it for something else (a JSON key, a shard
// file's array, a CLI subcommand): it counts only on lines that store or read run data.
// (a parameter table's ofKind/ParamKind is not a run kind)
const QRegularExpression kRunApiLine(
    QStringLiteral("\\bkind\\b|RunKind|createRun|latestRun|listRuns|RunBlob|RunArray|RunJson|JsonBlob"));
const std::set<QString> kGenericBlobNames = {QStringLiteral("weights"),          QStringLiteral("confusion"),
                                             QStringLiteral("labels"),           QStringLiteral("maxprob"),
                                             QStringLiteral("responsibilities"), QStringLiteral("moment_count"),
                                             QStringLiteral("moment_sum"),       QStringLiteral("moment_outer")};

}  // namespace

class TestRunRecords : public QObject {
    Q_OBJECT
private slots:
    void kindNames_data() {
        QTest::addColumn<dl::RunKind>("kind");
        QTest::addColumn<QString>("stored");
        QTest::newRow("cluster") << RunKind::Cluster << "cluster";
        QTest::newRow("cluster-sweep") << RunKind::ClusterSweep << "cluster-sweep";
        QTest::newRow("layer-sweep") << RunKind::LayerSweep << "layer-sweep";
        QTest::newRow("select") << RunKind::Select << "select";
        QTest::newRow("assign") << RunKind::Assign << "assign";
        QTest::newRow("merge") << RunKind::Merge << "merge";
        QTest::newRow("filter") << RunKind::Filter << "filter";
    }
    // The stored names do not change (old projects must read) and round-trip.
    void kindNames() {
        QFETCH(dl::RunKind, kind);
        QFETCH(QString, stored);
        QCOMPARE(qs(toString(kind)), stored);
        auto back = runKindFromString(stored.toStdString());
        QVERIFY2(back.has_value(), back ? "" : back.error().message.c_str());
        QVERIFY(*back == kind);
    }
    void everyKindIsListedOnce() {
        std::set<std::string> names;
        for (RunKind kind : kAllRunKinds) names.insert(toString(kind));
        QCOMPARE(names.size(), kAllRunKinds.size());
        QCOMPARE(kAllRunKinds.size(), std::size_t(7));  // a new kind needs a row in kindNames_data
    }
    void unknownKindRefused_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("empty") << "";
        QTest::newRow("other case") << "Cluster";
        QTest::newRow("a job, not a kind") << "score";
        QTest::newRow("padded") << " cluster";
    }
    void unknownKindRefused() {
        QFETCH(QString, name);
        auto kind = runKindFromString(name.toStdString());
        QVERIFY(!kind.has_value());
        const QString message = QString::fromStdString(kind.error().message);
        QVERIFY2(message.contains(QLatin1Char('\'') + name + QLatin1Char('\'')), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("cluster, cluster-sweep, layer-sweep, select, assign, merge")),
                 qPrintable(message));
    }

    // createRun writes the stored name; a run of a kind this build does not know is an error
    // when read (StoredDataInvalid, "kind"), not a silently different kind.
    void storedKind() {
        QTemporaryDir dir;
        auto store = Store::create(dir.filePath(QStringLiteral("p.dlproj")).toStdString()).value();
        const auto corpus = addCorpus(*store);
        const auto id = createRun(*store, RunKind::LayerSweep, corpus, std::nullopt, nlohmann::json::object()).value();
        auto q = store->prepare("SELECT kind FROM runs WHERE id = ?1").value();
        q.bind(1, id);
        QVERIFY(q.step().value());
        QCOMPARE(qs(q.text(0)), QStringLiteral("layer-sweep"));
        QVERIFY(getRun(*store, id)->kind == RunKind::LayerSweep);
        QCOMPARE(latestRun(*store, RunKind::LayerSweep)->id, id);
        QCOMPARE(listRuns(*store, RunKind::LayerSweep)->size(), std::size_t(1));
        QVERIFY(listRuns(*store, RunKind::Cluster)->empty());

        store->exec("INSERT INTO runs(kind, corpus_id, params) VALUES('bogus', " + std::to_string(corpus) + ", '{}');")
            .value();
        const auto bogus = store->lastInsertId();
        auto run = getRun(*store, bogus);
        QVERIFY(!run.has_value());
        QCOMPARE(run.error().code, ErrorCode::StoredDataInvalid);
        QCOMPARE(run.error().args, (std::vector<std::string>{std::to_string(bogus), "kind"}));
        QVERIFY2(run.error().message.find("'bogus'") != std::string::npos, run.error().message.c_str());
        QVERIFY(!listRuns(*store).has_value());
        QCOMPARE(listRuns(*store, RunKind::LayerSweep)->size(), std::size_t(1));  // the filter never reads it
    }

    // A run stored by an older binary lacks the keys of parameters added (or whose default
    // changed) after it: read back it shows what it ran with (ParamSpec::absentMeans), not
    // today's default. The params are today's minus those keys, written as the old binary did.
    void absentKeysReadAsTheRunRan_data() {
        QTest::addColumn<dl::RunKind>("kind");
        QTest::addColumn<nlohmann::json>("stored");
        QTest::addColumn<QString>("key");
        QTest::addColumn<nlohmann::json>("ran");
        const auto without = dltest::withoutKeys;
        const auto xl = CrossLingualParams{}.toJson();
        const auto xlOld = without(xl, {"classifiers", "pool_neighbours", "adaptive_layer", "clusters", "negatives"});
        QTest::newRow("cross-lingual classifiers") << RunKind::Select << xlOld << "classifiers" << nlohmann::json(1);
        QTest::newRow("cross-lingual pool neighbours")
            << RunKind::Select << xlOld << "pool_neighbours" << nlohmann::json(0);
        QTest::newRow("cross-lingual adaptive layer")
            << RunKind::Select << xlOld << "adaptive_layer" << nlohmann::json("ffn");
        QTest::newRow("cross-lingual clusters") << RunKind::Select << xlOld << "clusters" << nlohmann::json(5);
        // preranked:0.8 is the default since; "preranked" (two thirds) is what the older runs drew from.
        QTest::newRow("cross-lingual negatives")
            << RunKind::Select << xlOld << "negatives" << nlohmann::json("preranked");
        QTest::newRow("cross-lingual present key kept")
            << RunKind::Select << without(xl, {"pool_neighbours"}) << "classifiers" << xl["classifiers"];
        SelectParams head;
        head.method = SelectMethod::FinetuneHead;
        QTest::newRow("finetune-head rounds")
            << RunKind::Select << without(head.toJson(), {"head.rounds"}) << "head.rounds" << nlohmann::json(1);
        // A method's own option is not invented for another method's run.
        QTest::newRow("cosine has no rounds")
            << RunKind::Select << without(SelectParams{}.toJson(), {"head"}) << "head.rounds" << nlohmann::json();
        const auto cl = clusterParamTable().toJson(ClusterParams{});
        QTest::newRow("cluster n_init") << RunKind::Cluster << without(cl, {"n_init"}) << "n_init" << nlohmann::json(1);
        QTest::newRow("cluster sweep n_init")
            << RunKind::ClusterSweep << without(cl, {"n_init", "k", "seeds"}) << "n_init" << nlohmann::json(1);
        QTest::newRow("cluster k as stored") << RunKind::Cluster << without(cl, {"n_init"}) << "k" << cl["k"];
    }
    void absentKeysReadAsTheRunRan() {
        QFETCH(dl::RunKind, kind);
        QFETCH(nlohmann::json, stored);
        QFETCH(QString, key);
        QFETCH(nlohmann::json, ran);
        QTemporaryDir dir;
        auto store = Store::create(dir.filePath(QStringLiteral("p.dlproj")).toStdString()).value();
        const auto corpus = addCorpus(*store);
        auto ins = store->prepare("INSERT INTO runs(kind, corpus_id, params) VALUES(?1, ?2, ?3)").value();
        const std::string kindName = toString(kind);
        ins.bind(1, kindName);
        ins.bind(2, corpus);
        ins.bind(3, stored.dump());
        QVERIFY(!ins.step().value());
        const auto id = store->lastInsertId();
        const auto run = getRun(*store, id).value();
        const std::string path = key.toStdString();
        auto shown = [&](const nlohmann::json& params) {
            const auto* at = findJsonPath(params, path);
            return at ? *at : nlohmann::json();
        };
        // What the readers show: info (text and --json, Python's info()), report, Runs list, runs().
        QCOMPARE(shown(paramsAsRun(run)).dump(), ran.dump());
        const auto info = projectInfo(*store, "p").value();
        QCOMPARE(info["runs"].size(), std::size_t(1));
        QCOMPARE(shown(info["runs"][0]["params"]).dump(), ran.dump());
        // And what the job's table reads back (the value a rerun with the run's settings gets).
        if (ran.is_null()) return;
        if (kind == RunKind::Select && stored.value("method", "") == "cross-lingual") {
            const auto back = crossLingualParamTable().fromJson(run.params).value();
            QCOMPARE(shown(back.toJson()).dump(), ran.dump());
        } else if (kind == RunKind::Select) {
            const auto back = selectParamTable().fromJson(run.params).value();
            QCOMPARE(shown(back.toJson()).dump(), ran.dump());
        } else {
            const auto back = clusterParamTable().fromJson(run.params).value();
            QCOMPARE(shown(clusterParamTable().toJson(back)).dump(), ran.dump());
        }
    }
    // Every absentMeans is a value its spec accepts; omitDefault leaves out only that value.
    void absentMeansAreValid() {
        int seen = 0;
        auto check = [&](const std::vector<ParamSpec>& specs) {
            for (const auto& spec : specs) {
                if (!spec.absentMeans) continue;
                ++seen;
                QVERIFY2(checkParamValue(spec, *spec.absentMeans).has_value(), spec.name.c_str());
                QVERIFY2(*spec.absentMeans != spec.defaultValue, spec.name.c_str());  // else say nothing
                QVERIFY2(!spec.jsonKey.empty(), spec.name.c_str());
            }
        };
        check(selectParamTable().specs());
        check(crossLingualParamTable().specs());
        check(clusterParamTable().specs());
        QCOMPARE(seen, 7);
    }

    void blobNames_data() {
        QTest::addColumn<QString>("constant");
        QTest::addColumn<QString>("stored");
        const std::pair<std::string_view, const char*> rows[] = {
            {blobs::kPca2d, "pca2d"},
            {blobs::kMeans2d, "means2d"},
            {blobs::kCovs2d, "covs2d"},
            {blobs::kWeights, "weights"},
            {blobs::kConfusion, "confusion"},
            {blobs::kSentenceIds, "sentence_ids"},
            {blobs::kLabels, "labels"},
            {blobs::kDomainIndex, "domain_index"},
            {blobs::kMaxProb, "maxprob"},
            {blobs::kResponsibilities, "responsibilities"},
            {blobs::kClusterTerms, "cluster_terms"},
            {blobs::kClusterNames, "cluster_names"},
            {blobs::kModelJson, "model.json"},
            {blobs::kModelHeads, "model.heads"},
            {blobs::kModelStdMean, "model.std_mean"},
            {blobs::kModelStdScale, "model.std_scale"},
            {blobs::kModelPcaMean, "model.pca_mean"},
            {blobs::kModelPcaAxes, "model.pca_axes"},
            {blobs::kModelPcaVariance, "model.pca_variance"},
            {blobs::kModelPcaVarianceRatio, "model.pca_variance_ratio"},
            {blobs::kModelGmmWeights, "model.gmm_weights"},
            {blobs::kModelGmmMeans, "model.gmm_means"},
            {blobs::kModelGmmCovariances, "model.gmm_covariances"},
            {blobs::kModelQuery, "model.query"},
            {blobs::kModelHead, "model.head"},
            {blobs::kModelSeedHashes, "model.seed_hashes"},
            {blobs::kModelSeedIds, "model.seed_ids"},
            {blobs::kModelMixIds, "model.mix_ids"},
            {blobs::kModelVocabularySrc, "model.vocabulary_src"},
            {blobs::kModelVocabularyTgt, "model.vocabulary_tgt"},
            {blobs::kAdaptiveLayer, "adaptive_layer.pt"},
            {blobs::kClassifier, "classifier.pt"},
            {blobs::kAlignmentPairIds, "alignment_pair_ids"},
            {blobs::kAlignmentBefore, "alignment_before"},
            {blobs::kAlignmentAfter, "alignment_after"},
            {blobs::kMomentCount, "moment_count"},
            {blobs::kMomentSum, "moment_sum"},
            {blobs::kMomentOuter, "moment_outer"},
            {blobs::kLangIdSrc, "langid_src"},
            {blobs::kLangIdTgt, "langid_tgt"},
            {blobs::kBitextWords, "bitext_words"},
            {blobs::kBitextCharRatio, "bitext_char_ratio"},
            {blobs::kBitextTokenRatio, "bitext_token_ratio"},
            {blobs::kBitextAlpha, "bitext_alpha"},
            {blobs::kBitextRepeat, "bitext_repeat"},
            {blobs::kBitextCopy, "bitext_copy"},
            {blobs::kBitextNumerals, "bitext_numerals"},
            {blobs::kBitextMargin, "bitext_margin"},
        };
        for (const auto& [constant, stored] : rows)
            QTest::newRow(stored) << qs(constant) << QString::fromLatin1(stored);
        QCOMPARE(std::size(rows), blobs::kAll.size());  // a new blob needs a row here
    }
    void blobNames() {
        QFETCH(QString, constant);
        QFETCH(QString, stored);
        QCOMPARE(constant, stored);
        QVERIFY(std::find(blobs::kAll.begin(), blobs::kAll.end(), stored.toStdString()) != blobs::kAll.end());
    }

    // A cluster summary as analysis/ClusterJob stores it (the keys are the contract) reads into
    // the struct and writes back unchanged; null (NaN) stays null.
    void clusterSummaryRoundTrip() {
        const auto stored = nlohmann::json::parse(R"({
            "corpus": "train", "sentences": 6, "embedding_set": {"id": 1, "model": "m", "layer": 10},
            "representation": "layer 10, mean pooling", "k": 2, "covariance": "diag",
            "pca": {"dims": 2, "fit_rows": 6, "explained_variance_ratio": [0.75, 0.25], "explained_variance_total": 1.0},
            "labelled": true, "domains": ["it", "law"],
            "per_seed": [{"seed": 1, "purity": 0.5, "nmi": 0.25, "ari": 0.125, "lower_bound": -3.5, "bic": 10.0, "aic": 9.0,
                          "iterations": 7, "converged": true, "random_purity": 0.5, "kmeans_purity": null}],
            "purity_mean": 0.5, "purity_std": 0.0, "nmi_mean": 0.25, "nmi_std": 0.0, "ari_mean": 0.125, "ari_std": 0.0,
            "random_purity_mean": 0.5, "random_purity_std": 0.0, "kmeans_purity_mean": null, "kmeans_purity_std": null,
            "best_seed_index": 0, "best_seed": 1,
            "best": {"lower_bound": -3.5, "bic": 10.0, "aic": 9.0, "mean_loglik": -1.5, "weights": [0.5, 0.5], "cluster_sizes": [3.0, 3.0]},
            "confusion": [[2, 1], [1, 2]], "majority": [0, 1], "centroid_cosine": {"domains": ["it", "law"]},
            "std_definition": "population (ddof=0) over seeds"})");
        auto s = ClusterSummary::fromJson(stored, 7);
        QVERIFY2(s.has_value(), s ? "" : s.error().message.c_str());
        QCOMPARE(s->k, 2);
        QCOMPARE(s->pca.fitRows, std::optional<std::int64_t>(6));
        QVERIFY(!s->pca.fromMergeRun);
        QCOMPARE(s->purity.mean, 0.5);
        QVERIFY(std::isnan(s->kmeansPurity.mean));
        QVERIFY(std::isnan(s->perSeed.at(0).kmeansPurity));
        QCOMPARE(s->majority, (std::vector<int>{0, 1}));
        QCOMPARE(s->confusion.at(1), (std::vector<std::int64_t>{1, 2}));
        QCOMPARE(QString::fromStdString(s->toJson().dump()), QString::fromStdString(stored.dump()));

        // An unlabelled run without a PCA: no confusion, majority, centroids or PCA figures.
        ClusterSummary bare;
        bare.k = 3;
        bare.pca.dims = 0;
        const auto j = bare.toJson();
        QVERIFY(!j.contains("confusion") && !j.contains("majority") && !j.contains("centroid_cosine"));
        QCOMPARE(QString::fromStdString(j["pca"].dump()), QStringLiteral(R"({"dims":0})"));
        QVERIFY(j["purity_mean"].is_null());
    }
    void clusterSummaryOldAndDamaged() {
        auto old =
            ClusterSummary::fromJson(nlohmann::json::parse(R"({"k": 4, "purity_mean": 0.9})"), 3);  // keys missing
        QVERIFY(old.has_value());
        QCOMPARE(old->k, 4);
        QCOMPARE(old->covariance, std::string("full"));
        QVERIFY(std::isnan(old->purity.std));
        QVERIFY(old->domains.empty() && old->majority.empty() && !old->pca.fitRows);
        auto damaged = ClusterSummary::fromJson(nlohmann::json::parse(R"({"k": "four"})"), 3);
        QVERIFY(!damaged.has_value());
        QCOMPARE(damaged.error().code, ErrorCode::StoredDataInvalid);
        QCOMPARE(damaged.error().args, (std::vector<std::string>{"3", "summary"}));
    }
    void layerSweepSummaryRoundTrip() {
        const auto stored = nlohmann::json::parse(R"({
            "corpus": "train", "model": "m", "pooling": "mean", "side": "src", "k": 5, "labelled": true,
            "representation": "mean pooling",
            "points": [{"layer": 8, "embedding_set": 2, "purity_mean": 0.874, "purity_std": 0.01, "nmi_mean": 0.7, "nmi_std": 0.02,
                        "silhouette": 0.12, "bic": 100.5},
                       {"layer": -1, "embedding_set": 3, "purity_mean": null, "purity_std": null, "nmi_mean": null, "nmi_std": null,
                        "silhouette": 0.1, "bic": null}],
            "layer_by_purity": 8, "layer_by_silhouette": 8, "chosen_layer": 8, "chosen_by": "purity", "silhouette_rows": 2000})");
        auto s = LayerSweepSummary::fromJson(stored, 9);
        QVERIFY2(s.has_value(), s ? "" : s.error().message.c_str());
        QCOMPARE(s->points.size(), std::size_t(2));
        QCOMPARE(s->points[1].layer, -1);
        QVERIFY(std::isnan(s->points[1].purityMean));
        QCOMPARE(s->layerByPurity, std::optional<int>(8));
        QCOMPARE(QString::fromStdString(s->toJson().dump()), QString::fromStdString(stored.dump()));
        s->layerByPurity.reset();  // unlabelled sweeps store no layer_by_purity
        QVERIFY(!s->toJson().contains("layer_by_purity"));
        auto damaged = LayerSweepSummary::fromJson(nlohmann::json::parse(R"({"chosen_layer": "ten"})"), 9);
        QVERIFY(!damaged.has_value());
        QCOMPARE(damaged.error().code, ErrorCode::StoredDataInvalid);
    }

    // The three writers of a selection summary store different keys; each round-trips as stored.
    void selectSummaryRoundTrip_data() {
        QTest::addColumn<QByteArray>("stored");
        QTest::newRow("select (cosine)") << QByteArray(
            R"({"method": "cosine", "pool": "pool", "seed": "seeds:medical", "pool_size": 40,
            "seed_size": 10, "leaked": 2, "excluded": 2, "selected": 4, "cut": {"top": 4}, "report": {"seed_vocabulary": 12},
            "embeddings": {"set": 3, "model": "all-MiniLM-L6-v2", "layer": -1, "pooling": "mean"}})");
        QTest::newRow("select, report null")
            << QByteArray(R"({"method": "moore-lewis", "pool": "p", "seed": "s", "pool_size": 5,
            "seed_size": 2, "leaked": 0, "excluded": 0, "selected": 1, "cut": {"threshold": 0.5}, "report": null})");
        QTest::newRow("cross-lingual") << QByteArray(
            R"({"method": "cross-lingual", "pool": "de", "seed": "en", "parallel": "par",
            "pool_size": 30, "seed_size": 8, "pairs": 100, "selected": 10, "cut": {"top": 10}, "leaked": 0,
            "adaptive_layer": {"epochs": 3, "held_out_loss": 0.5, "initial_held_out_loss": 1.5, "loss_curve": [1.5, 0.5], "clusters": 5},
            "report": {"f1": 0.9}, "score_quantiles": [0.0, 0.5, 1.0],
            "alignment": {"pairs": 20, "languages": ["en", "de"], "pair_cosine_before": 0.25, "pair_cosine_after": 0.75},
            "embeddings": {"set": 1, "model": "multilingual-e5-small", "layer": -1, "pooling": "mean"},
            "encoder": {"model": "multilingual-e5-small", "chosen_by": "cross-lingual default", "multilingual": true},
            "adapted_sets": [{"set": 7, "corpus": "par", "side": "src"}, {"set": 8, "corpus": "par", "side": "tgt"}]})");
        QTest::newRow("merged score shards")
            << QByteArray(R"({"method": "cosine", "pool": "big", "seed": "seeds", "pool_size": 1000,
            "excluded": 0, "selected": 100, "cut": {"top": 100}, "applied_from_run": 4})");
    }
    void selectSummaryRoundTrip() {
        QFETCH(QByteArray, stored);
        const auto j = nlohmann::json::parse(stored.toStdString());
        auto s = SelectSummary::fromJson(j, 5);
        QVERIFY2(s.has_value(), s ? "" : s.error().message.c_str());
        QCOMPARE(s->selected, j["selected"].get<std::int64_t>());
        QCOMPARE(s->poolSize, j["pool_size"].get<std::int64_t>());
        QCOMPARE(s->alignment.has_value(), j.contains("alignment"));
        QCOMPARE(QString::fromStdString(s->toJson().dump()), QString::fromStdString(j.dump()));
    }
    void sweepAndAssignSummaries() {
        const auto sweep =
            nlohmann::json::parse(R"({"points": [{"k": 2, "bic": 10.5, "aic": 9.5, "lower_bound": -1.25, "purity": 0.75,
            "iterations": 12}, {"k": 3, "bic": 8.5, "aic": 7.5, "lower_bound": -1.0, "purity": null, "iterations": 30}], "best_k_bic": 3})");
        auto s = ClusterSweepSummary::fromJson(sweep, 6);
        QVERIFY2(s.has_value(), s ? "" : s.error().message.c_str());
        QCOMPARE(s->bestKByBic, 3);
        QVERIFY(std::isnan(s->points.at(1).purity));
        QCOMPARE(QString::fromStdString(s->toJson().dump()), QString::fromStdString(sweep.dump()));
        const auto assign = nlohmann::json::parse(
            R"({"source_run": 2, "corpus": "big", "sentences": 100, "k": 2, "cluster_sizes": [60.5, 39.5], "mean_loglik": -3.25})");
        auto a = AssignSummary::fromJson(assign, 7);
        QVERIFY2(a.has_value(), a ? "" : a.error().message.c_str());
        QCOMPARE(a->sourceRun, std::int64_t(2));
        QCOMPARE(QString::fromStdString(a->toJson().dump()), QString::fromStdString(assign.dump()));
        QVERIFY(a->parts.empty());  // whole
        // explore's assign run while it grows: the first position of each stored part
        auto growing = assign;
        growing["parts"] = {0, 40, 80};
        auto g = AssignSummary::fromJson(growing, 7);
        QVERIFY(g.has_value());
        QCOMPARE(g->parts, (std::vector<std::int64_t>{0, 40, 80}));
        QCOMPARE(QString::fromStdString(g->toJson().dump()), QString::fromStdString(growing.dump()));
        QVERIFY(!AssignSummary::fromJson(nlohmann::json::parse(R"({"source_run": "two"})"), 7).has_value());
    }
    void mergeSummaries_data() {
        QTest::addColumn<QByteArray>("stored");
        QTest::newRow("encode") << QByteArray(
            R"({"job": "encode", "corpus": "big", "embedding_set": 3, "vectors_added": 100,
            "pca_statistics": {"count": 100, "dim": 4, "blobs": ["moment_count", "moment_sum", "moment_outer"]}, "shards": 4, "rows": 100})");
        QTest::newRow("assign") << QByteArray(
            R"({"job": "assign", "corpus": "big", "shards": 2, "rows": 100, "run": 9})");
    }
    void mergeSummaries() {
        QFETCH(QByteArray, stored);
        const auto j = nlohmann::json::parse(stored.toStdString());
        auto s = MergeSummary::fromJson(j, 8);
        QVERIFY2(s.has_value(), s ? "" : s.error().message.c_str());
        QCOMPARE(s->pcaStatistics.has_value(), j.contains("pca_statistics"));
        QCOMPARE(QString::fromStdString(s->toJson().dump()), QString::fromStdString(j.dump()));
        QVERIFY(!SelectSummary::fromJson(nlohmann::json::parse(R"({"selected": [1]})"), 7).has_value());
    }

    // The issue's "done when": no run kind or blob name is a string literal in the product's
    // code outside core/runs. Tests may spell them (the stored format is what they assert).
    void noStoredNameOutsideRecords() {
        std::set<QString> kinds, names;
        for (RunKind kind : kAllRunKinds) kinds.insert(qs(toString(kind)));
        for (std::string_view name : blobs::kAll) names.insert(qs(name));
        QStringList offenders;
        int files = 0;
        const QString root = QString::fromUtf8(dltest::sourceDir()) + QLatin1Char('/');
        for (const char* folder : {"core", "app", "widgets", "bench"}) {
            QDirIterator it(root + QLatin1String(folder), {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                if (path.contains(QLatin1String("/core/runs/"))) continue;
                QFile f(path);
                QVERIFY(f.open(QIODevice::ReadOnly));
                ++files;
                for (const auto& literal : stringLiterals(QString::fromUtf8(f.readAll()))) {
                    const bool onRunApiLine = kRunApiLine.match(literal.lineCode).hasMatch();
                    const bool kind = kinds.contains(literal.text) && onRunApiLine;
                    const bool blob =
                        names.contains(literal.text) && (onRunApiLine || !kGenericBlobNames.contains(literal.text));
                    if (kind || blob)
                        offenders << QStringLiteral("%1:%2: \"%3\"")
                                         .arg(path.mid(root.size()))
                                         .arg(literal.line)
                                         .arg(literal.text);
                }
            }
        }
        QVERIFY(files > 100);
        QVERIFY2(offenders.isEmpty(), qPrintable(QStringLiteral("Use runs/RunKind.h or runs/RunBlobs.h:\n") +
                                                 offenders.join(QLatin1Char('\n'))));
    }

    // The scanner itself: literals in code count, those in comments do not.
    void scannerSkipsComments() {
        const QString source = QStringLiteral(
            "int a; // \"pca2d\"\n/* \"cluster\"\n */ f(\"x\\\"y\", R\"(raw)\");\nchar c = '\"'; int n = 1'000; "
            "g(\"z\");\n");
        const auto literals = stringLiterals(source);
        QCOMPARE(literals.size(), 3);
        QCOMPARE(literals[0].text, QStringLiteral("x\\\"y"));
        QCOMPARE(literals[0].line, 3);
        QCOMPARE(literals[1].text, QStringLiteral("raw"));
        QCOMPARE(literals[1].line, 3);
        QCOMPARE(literals[2].text, QStringLiteral("z"));
        QCOMPARE(literals[2].line, 4);
        QVERIFY(literals[2].lineCode.startsWith(QLatin1String("char c")));
        QVERIFY(!literals[0].lineCode.contains(QLatin1String("cluster")));
    }
};

QTEST_GUILESS_MAIN(TestRunRecords)
#include "tst_runrecords.moc"
