// explore (core/explore): the stratified sample rule, the stage of the sample, the label
// agreement (ARI and the Hungarian-matched share), the staged first map on real sentences
// (../shared/data: the stage map stored before the sample map, both agreements against a
// brute-force recomputation, cancelled between the stages and resumed), and the pipeline on
// a tiny BERT: first map on the sample corpus,
// the corpus encoded into the same set and assigned with the first map's model, the full fit;
// cancelled mid-way, the project holds the first map, the encoded prefix and the assigned
// chunks that were finished (exactly those), and a rerun continues after the last of them.
#include <QtTest>

#include <algorithm>
#include <map>

#include "TestSupport.h"
#include "analysis/ClusterModel.h"
#include "corpus/Import.h"
#include "explore/ExploreJob.h"
#include "runs/ClusterSweepSummary.h"
#include "runs/RunBlobs.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace {

// Cancels the job when a stage starting with `prefix` begins.
class CancelAtStage final : public dl::ProgressSink {
public:
    CancelAtStage(dl::CancelToken& t, std::string prefix) : token_(t), prefix_(std::move(prefix)) {}
    void stage(std::string_view name) override {
        if (name.starts_with(prefix_)) token_.cancel();
    }
    void progress(std::int64_t, std::int64_t) override {}

private:
    dl::CancelToken& token_;
    std::string prefix_;
};

std::string tinyModel() { return dltest::testData("models/bert-tiny").toStdString(); }

// The one assign run explore stored holds exactly the chunks starting at `parts` (of 25 rows
// each; the corpus's rows in position order are `ids`): its results, its summary and each
// part of its map, sentence ids and responsibilities. Returns its id (0 on a failed check).
std::int64_t storedChunksAre(dl::Store& store, const std::vector<std::int64_t>& ids,
                             const std::vector<std::int64_t>& parts) {
    auto assigns = dl::listRuns(store, dl::RunKind::Assign);
    if (!assigns || assigns->size() != 1) return 0;
    const auto& run = assigns->front();
    const auto rows = std::int64_t(parts.size()) * 25;
    const std::vector<std::int64_t> want(ids.begin(), ids.begin() + rows);
    auto results = dl::readRunResults(store, run.id);
    auto summary = dl::AssignSummary::fromJson(run.summary, run.id);
    if (!results || !summary || results->sentenceIds != want || summary->sentences != rows || summary->parts != parts)
        return 0;
    auto partIds = dl::getRunArrayParts<std::int64_t>(store, run.id, dl::blobs::kSentenceIds, parts);
    auto xy = dl::getRunArrayParts<float>(store, run.id, dl::blobs::kPca2d, parts);
    auto resp = dl::getRunArrayParts<double>(store, run.id, dl::blobs::kResponsibilities, parts);
    if (!partIds || *partIds != want || !xy || xy->size() != std::size_t(2 * rows) || !resp ||
        resp->size() != std::size_t(2 * rows))  // k = 2
        return 0;
    return run.id;
}

// Brute force, for k <= 8: the best share of rows whose labels agree under any one-to-one
// relabelling of a (every permutation), and the adjusted Rand index from the pair counts over
// every pair of rows (Hubert and Arabie's 2(ad - bc) / ((a+b)(b+d) + (a+c)(c+d))).
std::pair<double, double> bruteForceAgreement(const std::vector<std::int32_t>& a, const std::vector<std::int32_t>& b,
                                              int k) {
    std::vector<int> perm(static_cast<std::size_t>(k));
    for (int i = 0; i < k; ++i) perm[std::size_t(i)] = i;
    std::size_t best = 0;
    do {
        std::size_t same = 0;
        for (std::size_t i = 0; i < a.size(); ++i) same += perm[std::size_t(a[i])] == b[i];
        best = std::max(best, same);
    } while (std::next_permutation(perm.begin(), perm.end()));
    double both = 0, onlyA = 0, onlyB = 0, neither = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = i + 1; j < a.size(); ++j) {
            const bool sa = a[i] == a[j], sb = b[i] == b[j];
            (sa && sb ? both : sa ? onlyA : sb ? onlyB : neither) += 1;
        }
    const double ari = 2 * (both * neither - onlyA * onlyB) /
                       ((both + onlyA) * (onlyA + neither) + (both + onlyB) * (onlyB + neither));
    return {double(best) / double(a.size()), ari};
}

// Labels of a run, in the order of `ids`.
std::vector<std::int32_t> labelsInOrder(dl::Store& store, std::int64_t runId, const std::vector<std::int64_t>& ids) {
    auto rr = dl::readRunResults(store, runId);
    std::map<std::int64_t, std::int32_t> of;
    for (std::size_t i = 0; rr && i < rr->sentenceIds.size(); ++i) of[rr->sentenceIds[i]] = rr->label[i];
    std::vector<std::int32_t> out;
    for (const auto id : ids) out.push_back(of.count(id) ? of[id] : -1);
    return out;
}

// `text` imported into the project's corpus "c" with the domain label `domain`.
bool importDomain(dl::Store& store, QTemporaryDir& tmp, const char* domain, const QByteArray& text) {
    dl::NullProgress np;
    dl::ImportParams ip;
    ip.corpus = "c";
    ip.srcPath = dltest::writeFile(tmp, QString::fromLatin1(domain) + ".en", text);
    ip.labelSource = dl::LabelSource::Given;
    ip.domain = domain;
    return dl::runImport(ip, store, np, dl::CancelToken{}).has_value();
}

dl::ExploreParams smallParams() {
    dl::ExploreParams p;
    p.corpus = "c";
    p.sample = 30;
    p.stage = 0;  // the chunk tests below: one map of the sample (the stage has its own test)
    p.chunk = 25;
    p.encode.model = tinyModel();
    p.cluster.k = 2;
    p.cluster.pcaDims = 4;
    p.cluster.seeds = 2;
    return p;
}

}  // namespace

class TestExplore : public QObject {
    Q_OBJECT

private slots:
    void sampleIsStratified_data() {
        QTest::addColumn<QList<int>>("groupSizes");
        QTest::addColumn<int>("size");
        QTest::addColumn<QList<int>>("quotas");
        QTest::newRow("proportional") << QList<int>{60, 30, 10} << 10 << QList<int>{6, 3, 1};
        QTest::newRow("largest remainder") << QList<int>{50, 25, 25} << 10 << QList<int>{5, 3, 2};
        QTest::newRow("unlabelled group") << QList<int>{8, 2} << 5 << QList<int>{4, 1};
        QTest::newRow("everything") << QList<int>{3, 4} << 9 << QList<int>{3, 4};
    }
    void sampleIsStratified() {
        QFETCH(QList<int>, groupSizes);
        QFETCH(int, size);
        QFETCH(QList<int>, quotas);
        // Groups interleaved over the positions (labels -1, 0, 1, ...): quotas do not follow order.
        std::vector<int> group;
        std::vector<int> left(groupSizes.begin(), groupSizes.end());
        for (bool any = true; any;) {
            any = false;
            for (std::size_t g = 0; g < left.size(); ++g)
                if (left[g] > 0) --left[g], group.push_back(int(g) - 1), any = true;
        }
        const auto s = dl::stratifiedSample(group, size, 7);
        QVERIFY(std::is_sorted(s.begin(), s.end()));
        QVERIFY(std::adjacent_find(s.begin(), s.end()) == s.end());
        std::map<int, int> got;
        for (auto pos : s) ++got[group[std::size_t(pos)]];
        for (int g = 0; g < quotas.size(); ++g) QCOMPARE(got[g - 1], quotas[g]);
        QCOMPARE(dl::stratifiedSample(group, size, 7), s);  // the seed fixes the sample
    }
    void seedChangesTheSample() {
        std::vector<int> group(1000, 0);
        QVERIFY(dl::stratifiedSample(group, 100, 1) != dl::stratifiedSample(group, 100, 2));
        QCOMPARE(dl::stratifiedSample(group, 100, 1).size(), std::size_t(100));
    }

    void agreement_data() {
        QTest::addColumn<QList<int>>("a");
        QTest::addColumn<QList<int>>("b");
        QTest::addColumn<int>("k");
        QTest::addColumn<double>("matched");
        QTest::addColumn<double>("ari");
        QTest::newRow("renamed") << QList<int>{0, 0, 1, 1, 2, 2} << QList<int>{2, 2, 0, 0, 1, 1} << 3 << 1.0 << 1.0;
        // a0 -> b1 (2 rows), a1 -> b0 (3 rows): 5 of 6; ARI by hand: sum C(n_ij,2) = 1 + 3 = 4,
        // rows C(3,2) * 2 = 6, columns C(2,2) + C(4,2) = 7, expected 6 * 7 / 15 = 2.8.
        QTest::newRow("one moved") << QList<int>{0, 0, 0, 1, 1, 1} << QList<int>{1, 1, 0, 0, 0, 0} << 2 << 5.0 / 6
                                   << (4 - 2.8) / (0.5 * (6 + 7) - 2.8);
        // Greedy would take a0 -> b0 (3) and leave a1 -> b1 (0); the best matching is a0 -> b1,
        // a1 -> b0: 2 + 2 of 7.
        QTest::newRow("greedy is wrong") << QList<int>{0, 0, 0, 0, 0, 1, 1} << QList<int>{0, 0, 0, 1, 1, 0, 0} << 2
                                         << 4.0 / 7 << -1.0;
    }
    void agreement() {
        QFETCH(QList<int>, a);
        QFETCH(QList<int>, b);
        QFETCH(int, k);
        QFETCH(double, matched);
        QFETCH(double, ari);
        const auto r = dl::labelAgreement(std::vector<std::int32_t>(a.begin(), a.end()),
                                          std::vector<std::int32_t>(b.begin(), b.end()), k);
        QVERIFY2(std::abs(r.matched - matched) < 1e-12, qPrintable(QString::number(r.matched)));
        if (ari > -1)
            QVERIFY2(std::abs(r.adjustedRandIndex - ari) < 1e-12, qPrintable(QString::number(r.adjustedRandIndex)));
    }

    // The stage: its size (percent of the sample, none when too small for k and the PCA or
    // the whole sample), the sample's order with the stage first, each part in sample order, the
    // stage stratified like the sample.
    void stageOfTheSample_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("percent");
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("pca");
        QTest::addColumn<int>("rows");
        QTest::newRow("half") << 100 << 50 << 3 << 4 << 50;
        QTest::newRow("a third, rounded down") << 100 << 33 << 3 << 4 << 33;
        QTest::newRow("off") << 100 << 0 << 3 << 4 << 0;
        QTest::newRow("too small for the pca") << 100 << 10 << 3 << 8 << 0;
        QTest::newRow("just enough") << 100 << 16 << 3 << 8 << 16;
        QTest::newRow("default k and pca on 10,000") << 10000 << 50 << 5 << 50 << 5000;
    }
    void stageOfTheSample() {
        QFETCH(int, n);
        QFETCH(int, percent);
        QFETCH(int, k);
        QFETCH(int, pca);
        QFETCH(int, rows);
        std::vector<int> groups(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) groups[std::size_t(i)] = i < n / 2 ? 0 : i < 3 * n / 4 ? 1 : -1;  // 2:1:1
        const auto st = dl::sampleStage(groups, percent, k, pca, 7);
        QCOMPARE(st.rows, std::int64_t(rows));
        if (rows == 0) return;
        QCOMPARE(st.order.size(), std::size_t(n));
        auto sorted = st.order;
        std::sort(sorted.begin(), sorted.end());
        for (int i = 0; i < n; ++i) QCOMPARE(sorted[std::size_t(i)], std::int64_t(i));  // a permutation
        QVERIFY(std::is_sorted(st.order.begin(), st.order.begin() + rows));
        QVERIFY(std::is_sorted(st.order.begin() + rows, st.order.end()));
        std::map<int, int> perGroup;
        for (int i = 0; i < rows; ++i) ++perGroup[groups[std::size_t(st.order[std::size_t(i)])]];
        QVERIFY(std::abs(perGroup[0] - rows / 2) <= 1);
        QVERIFY(std::abs(perGroup[1] - rows / 4) <= 1);
        QVERIFY(std::abs(perGroup[-1] - rows / 4) <= 1);
        QVERIFY(dl::sampleStage(groups, percent, k, pca, 8).order != st.order);  // the seed draws it
    }

    // The staged first map on real sentences: 3 domains x 40 English sentences of
    // ../shared/data, a sample of 60 whose first 30 (the stage) are fitted first. Cancelled
    // right after the stage map is stored: the project holds the sample corpus, its first 30
    // rows encoded and the stage run (fitted on exactly those rows), nothing else. Resumed: the
    // same stage run, then the sample map (a later run), both agreements equal to a brute-force
    // recomputation (the stage's model applied to every sample row vs the sample fit; the
    // sample's model assigned to every row vs the full fit).
    void stagedFirstMapCancelAndResume() {
        if (!dltest::hasSharedData()) QSKIP("../shared/data is not there");
        QTemporaryDir tmp;
        auto st = dl::Store::create(tmp.filePath("p.dlproj").toStdString());
        QVERIFY(st.has_value());
        auto& store = **st;
        dl::NullProgress np;
        dl::CancelToken none;
        for (const char* domain : {"law", "medical", "it"}) {
            QFile f(dltest::sharedData(QStringLiteral("llm-dom-ad-deen-test/%1.en").arg(QLatin1String(domain))));
            QVERIFY(f.open(QIODevice::ReadOnly));
            QByteArray text;
            for (int i = 0; i < 40; ++i) text += f.readLine();
            QVERIFY(importDomain(store, tmp, domain, text));
        }
        auto c = dl::findCorpus(store, "c");
        QVERIFY(c.has_value());
        const std::int64_t n = c->sentences;  // 120 less import's duplicates
        QVERIFY(n > 100);
        dl::ExploreParams p;
        p.corpus = "c";
        p.sample = 60;
        p.chunk = 40;
        p.encode.model = tinyModel();
        p.cluster.k = 3;
        p.cluster.pcaDims = 4;
        p.cluster.seeds = 2;
        QCOMPARE(p.stage, 50);  // the default

        dl::CancelToken cancel;
        dl::ExploreObserver stopAtStage;
        std::int64_t stageRun = 0;
        stopAtStage.firstMap = [&](const dl::ExploreResult& r) {
            stageRun = r.firstMapRun;
            QCOMPARE(r.stageMapRun, r.firstMapRun);
            QCOMPARE(r.stageRows, std::int64_t(30));
            QCOMPARE(r.sampleMapRun, std::int64_t(0));
            cancel.cancel();
        };
        auto cut = dl::runExplore(p, store, np, cancel, stopAtStage);
        QVERIFY(!cut.has_value());
        QCOMPARE(cut.error().code, dl::ErrorCode::Cancelled);
        QVERIFY(stageRun > 0);
        auto sample = dl::findCorpus(store, "c.sample");
        QVERIFY(sample.has_value());
        QCOMPARE(sample->sentences, std::int64_t(60));
        auto clusters = dl::listRuns(store, dl::RunKind::Cluster);
        QVERIFY(clusters.has_value());
        QCOMPARE(clusters->size(), std::size_t(1));
        QCOMPARE(clusters->front().id, stageRun);
        QCOMPARE(clusters->front().corpusId, sample->id);
        QCOMPARE(clusters->front().params.value("rows", std::int64_t(0)), std::int64_t(30));
        const auto setId = *clusters->front().embeddingSetId;
        QCOMPARE(*dl::encodedCount(store, setId, sample->id), std::int64_t(30));
        QCOMPARE(*dl::encodedCount(store, setId, c->id), std::int64_t(0));
        QVERIFY(dl::listRuns(store, dl::RunKind::Assign)->empty());
        const auto sampleIds = dl::corpusLabels(store, sample->id)->sentenceIds;  // position order
        auto stageResults = dl::readRunResults(store, stageRun);
        QVERIFY(stageResults.has_value());
        QCOMPARE(stageResults->sentenceIds, std::vector<std::int64_t>(sampleIds.begin(), sampleIds.begin() + 30));
        // The stage is stratified like the sample: its first 30 rows hold each domain's share.
        std::map<std::string, int> stageDomains;
        const auto sampleLabels = dl::corpusLabels(store, sample->id);
        for (int i = 0; i < 30; ++i)
            ++stageDomains[sampleLabels->domainNames[std::size_t(sampleLabels->domainIndex[std::size_t(i)])]];
        for (const auto& d : sample->domains) QVERIFY(std::abs(stageDomains[d.domain] - int(d.sentences) / 2) <= 1);

        // Resumed: the stage map is found (not fitted again), then the sample map, the rest.
        std::vector<std::pair<std::string, std::int64_t>> shown;
        dl::ExploreObserver watch;
        watch.firstMap = [&](const dl::ExploreResult& r) { shown.emplace_back("first", r.firstMapRun); };
        watch.sampleMap = [&](const dl::ExploreResult& r) { shown.emplace_back("sample", r.sampleMapRun); };
        auto r = dl::runExplore(p, store, np, none, watch);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->stageMapRun, stageRun);
        QCOMPARE(r->firstMapRun, stageRun);
        QCOMPARE(r->firstMapSeconds, 0.0);  // reused
        QVERIFY(r->sampleMapRun > stageRun);
        QVERIFY(r->sampleMapSeconds > 0);
        QCOMPARE(shown.size(), std::size_t(2));
        QCOMPARE(shown[0], std::make_pair(std::string("first"), stageRun));
        QCOMPARE(shown[1], std::make_pair(std::string("sample"), r->sampleMapRun));
        QCOMPARE(*dl::encodedCount(store, setId, sample->id), std::int64_t(60));
        QCOMPARE(*dl::encodedCount(store, setId, c->id), n);
        QVERIFY(!dl::getRun(store, r->sampleMapRun)->params.contains("rows"));  // every row of the sample

        // The stage agreement, recomputed: the stage's model on every sample row vs the sample fit.
        auto model = dl::loadClusterModel(store, *dl::getRun(store, stageRun));
        QVERIFY(model.has_value());
        auto vectors = dl::loadEmbeddings(store, setId, sample->id);
        QVERIFY(vectors.has_value());
        auto applied = dl::applyClusterModel(*model, vectors->data, vectors->rows, vectors->dim, none);
        QVERIFY(applied.has_value());
        const auto sampleFit = labelsInOrder(store, r->sampleMapRun, sampleIds);
        QCOMPARE(applied->labels.size(), sampleFit.size());
        QVERIFY(r->stageAgreement.has_value());
        const auto [stageMatched, stageAri] = bruteForceAgreement(applied->labels, sampleFit, 3);
        QVERIFY(r->stageAgreement->matched >= 0 && r->stageAgreement->matched <= 1);
        QVERIFY(r->stageAgreement->adjustedRandIndex >= -1 && r->stageAgreement->adjustedRandIndex <= 1);
        QCOMPARE(r->stageAgreement->matched, stageMatched);
        QVERIFY(std::abs(r->stageAgreement->adjustedRandIndex - stageAri) < 1e-12);
        QVERIFY(stageMatched >= 1.0 / 3);  // 3 clusters: at least a third

        // The sample fit against the full fit, recomputed the same way.
        const auto ids = dl::corpusLabels(store, c->id)->sentenceIds;
        const auto assigned = labelsInOrder(store, r->assignRun, ids);
        const auto full = labelsInOrder(store, r->fullMapRun, ids);
        QVERIFY(r->agreement.has_value());
        const auto [matched, ari] = bruteForceAgreement(assigned, full, 3);
        QVERIFY(r->agreement->matched >= 0 && r->agreement->matched <= 1);
        QCOMPARE(r->agreement->matched, matched);
        QVERIFY(std::abs(r->agreement->adjustedRandIndex - ari) < 1e-12);

        // Once more: everything is found, the same runs and figures.
        auto again = dl::runExplore(p, store, np, none);
        QVERIFY(again.has_value());
        QCOMPARE(again->stageMapRun, stageRun);
        QCOMPARE(again->sampleMapRun, r->sampleMapRun);
        QCOMPARE(again->fullMapRun, r->fullMapRun);
        QCOMPARE(again->stageAgreement->matched, stageMatched);
        QCOMPARE(dl::listRuns(store, dl::RunKind::Cluster)->size(), std::size_t(3));  // stage, sample, full
    }

    void optionsAreEncodeAndClusterOnes() {
        QStringList names;
        for (const auto& s : dl::exploreParamTable().specs()) names << QString::fromStdString(s.name);
        for (const char* n : {"corpus", "sample", "sample-seed", "chunk", "model", "precision", "k", "pca", "seeds"})
            QVERIFY2(names.contains(QLatin1String(n)), n);
        dl::ExploreParams p;
        QCOMPARE(p.encode.precision, std::string("auto"));
        QCOMPARE(p.cluster.k, dl::ClusterParams{}.k);
    }

    // A sample no smaller than the corpus: the corpus itself is encoded and clustered once, no
    // sample corpus, no assign run, no agreement to report.
    void sampleCoversTheCorpus() {
        QTemporaryDir tmp;
        auto st = dl::Store::create(tmp.filePath("p.dlproj").toStdString());
        QVERIFY(st.has_value());
        dl::NullProgress np;
        dl::CancelToken none;
        QByteArray text;
        for (int i = 0; i < 20; ++i) text += "line number " + QByteArray::number(i) + (i % 2 ? " red" : " blue") + '\n';
        dl::ImportParams ip;
        ip.corpus = "c";
        ip.srcPath = dltest::writeFile(tmp, "c.en", text);
        QVERIFY(dl::runImport(ip, **st, np, none).has_value());
        auto p = smallParams();
        p.sample = 20;
        auto r = dl::runExplore(p, **st, np, none);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->sampleCorpus, std::string("c"));
        QCOMPARE(r->firstMapRun, r->fullMapRun);
        QCOMPARE(r->assignRun, std::int64_t(0));
        QCOMPARE(r->encodedBefore, std::int64_t(0));
        QCOMPARE(r->encoded, std::int64_t(20));
        QVERIFY(!r->agreement.has_value());
        auto corpora = dl::listCorpora(**st);
        QVERIFY(corpora.has_value());
        QCOMPARE(corpora->size(), std::size_t(1));
        auto again = dl::runExplore(p, **st, np, none);
        QVERIFY(again.has_value());
        QCOMPARE(again->encodedBefore, std::int64_t(20));
        QCOMPARE(again->firstMapRun, r->firstMapRun);
    }

    void pipelineCancelAndResume() {
        QTemporaryDir tmp;
        auto st = dl::Store::create(tmp.filePath("p.dlproj").toStdString());
        QVERIFY(st.has_value());
        auto& store = **st;
        dl::NullProgress np;
        dl::CancelToken none;
        // 3 domains of 40, 20 and 20 sentences, each with its own vocabulary.
        for (const auto& [domain, n, words] : {std::tuple{"law", 40, "the court ruled on the appeal of the contract"},
                                               std::tuple{"med", 20, "the patient received a dose of the drug daily"},
                                               std::tuple{"it", 20, "click the button to open the file menu"}}) {
            QByteArray text;
            for (int i = 0; i < n; ++i) text += QByteArray(words) + ' ' + QByteArray::number(i) + '\n';
            QVERIFY(importDomain(store, tmp, domain, text));
        }
        const auto params = smallParams();

        // Cancelled when the second chunk's assignment starts: the first map, the sample corpus,
        // 50 encoded rows of c and the assign run holding exactly the first chunk (rows 0..25).
        dl::CancelToken cancel;
        CancelAtStage stopper(cancel, "Assigning sentences 25..");
        auto cut = dl::runExplore(params, store, stopper, cancel);
        QVERIFY(!cut.has_value());
        QCOMPARE(cut.error().code, dl::ErrorCode::Cancelled);
        auto sample = dl::findCorpus(store, "c.sample");
        QVERIFY(sample.has_value());
        QCOMPARE(sample->sentences, std::int64_t(30));
        std::map<std::string, std::int64_t> perDomain;
        for (const auto& d : sample->domains) perDomain[d.domain] = d.sentences;
        QCOMPARE(perDomain["law"], std::int64_t(15));  // 40:20:20 of 30
        QCOMPARE(perDomain["it"], std::int64_t(8));    // 7.5 each: the tie goes to the lower label (it < med)
        QCOMPARE(perDomain["med"], std::int64_t(7));
        auto clusters = dl::listRuns(store, dl::RunKind::Cluster);
        QVERIFY(clusters.has_value());
        QCOMPARE(clusters->size(), std::size_t(1));
        QCOMPARE(clusters->front().corpusId, sample->id);
        auto c = dl::findCorpus(store, "c");
        QVERIFY(c.has_value());
        const auto setId = *clusters->front().embeddingSetId;
        QCOMPARE(*dl::encodedCount(store, setId, c->id), std::int64_t(50));
        const auto ids = dl::corpusLabels(store, c->id)->sentenceIds;  // position order
        const std::int64_t assignRun = storedChunksAre(store, ids, {0});

        // Resumed, and cancelled again when the third chunk's assignment starts: the same
        // assign run, now the first two chunks (the second assigned from the stored vectors).
        dl::CancelToken cancel2;
        CancelAtStage stopper2(cancel2, "Assigning sentences 50..");
        auto cut2 = dl::runExplore(params, store, stopper2, cancel2);
        QVERIFY(!cut2.has_value());
        QCOMPARE(cut2.error().code, dl::ErrorCode::Cancelled);
        QCOMPARE(storedChunksAre(store, ids, {0, 25}), assignRun);
        QCOMPARE(*dl::encodedCount(store, setId, c->id), std::int64_t(75));

        // The rerun continues: the same first map, the rest encoded, assigned and refitted.
        auto r = dl::runExplore(params, store, np, none);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(r->firstMapRun, clusters->front().id);
        QCOMPARE(r->firstMapSeconds, 0.0);  // reused, not recomputed
        QCOMPARE(r->encodedBefore, std::int64_t(75));
        QCOMPARE(r->embeddingSet, setId);
        QCOMPARE(*dl::encodedCount(store, setId, c->id), std::int64_t(80));
        QCOMPARE(r->sampleRows, std::int64_t(30));
        QCOMPARE(r->assignRun, assignRun);  // the run that grew, completed
        QVERIFY(r->fullMapRun > 0);
        // Complete: the parts joined into whole blobs, as an assign run of `merge` stores them.
        auto run = dl::getRun(store, assignRun);
        auto summary = dl::AssignSummary::fromJson(run->summary, assignRun);
        QVERIFY(summary.has_value());
        QVERIFY(summary->parts.empty());
        QCOMPARE(summary->sentences, std::int64_t(80));
        QCOMPARE(*dl::getRunArray<std::int64_t>(store, assignRun, dl::blobs::kSentenceIds), ids);
        QCOMPARE(dl::getRunArray<float>(store, assignRun, dl::blobs::kPca2d)->size(), std::size_t(160));
        QCOMPARE(dl::getRunArray<double>(store, assignRun, dl::blobs::kResponsibilities)->size(), std::size_t(160));
        for (const std::int64_t from : {0, 25, 50, 75})
            QVERIFY(!dl::getRunBlob(store, assignRun, dl::blobs::partName(dl::blobs::kPca2d, from)).has_value());
        auto assigned = dl::readRunResults(store, r->assignRun);
        auto full = dl::readRunResults(store, r->fullMapRun);
        QVERIFY(assigned.has_value() && full.has_value());
        QCOMPARE(assigned->sentenceIds, full->sentenceIds);  // every row of c, in the same order
        QCOMPARE(assigned->sentenceIds.size(), std::size_t(80));
        QVERIFY(r->agreement.has_value());
        const auto again = dl::labelAgreement(assigned->label, full->label, params.cluster.k);
        QCOMPARE(r->agreement->matched, again.matched);
        QVERIFY(r->agreement->matched >= 0.5 && r->agreement->matched <= 1.0);  // 2 clusters: at least half

        // A third run changes nothing: every step is found in the project.
        auto noop = dl::runExplore(params, store, np, none);
        QVERIFY(noop.has_value());
        QCOMPARE(noop->assignRun, r->assignRun);
        QCOMPARE(noop->fullMapRun, r->fullMapRun);
    }
};

QTEST_GUILESS_MAIN(TestExplore)
#include "tst_explore.moc"
