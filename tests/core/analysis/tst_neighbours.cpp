// Exact cosine neighbours (blocked GEMM over float16 or float32 rows) against a brute-force
// float64 reference, and the whole "where would this sentence be" path on a real project:
// a corpus encoded with the tiny BERT, clustered with PCA, then its own sentences looked up
// again (each finds itself first and lands where the run put it).
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

#include "TestSupport.h"
#include "analysis/ClusterJob.h"
#include "analysis/NearestNeighbours.h"
#include "common/Half.h"
#include "corpus/Import.h"
#include "encode/EncodeJob.h"
#include "reports/SentenceQuery.h"
#include "reports/SentenceQueryCache.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

using namespace dl;

namespace {

// Cosines of every row with the query, in float64; zero rows get -inf (never neighbours).
std::vector<double> bruteCosines(const std::vector<float>& rows, std::int64_t n, int dim, const float* q) {
    double qq = 0;
    for (int a = 0; a < dim; ++a) qq += double(q[a]) * q[a];
    std::vector<double> c(std::size_t(n), -INFINITY);
    for (std::int64_t i = 0; i < n; ++i) {
        double dot = 0, rr = 0;
        for (int a = 0; a < dim; ++a) {
            const double v = rows[std::size_t(i * dim + a)];
            dot += v * q[a], rr += v * v;
        }
        if (rr > 0) c[std::size_t(i)] = dot / std::sqrt(rr * qq);
    }
    return c;
}

}  // namespace

class TestNeighbours : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private slots:
    void againstBruteForce_data() {
        QTest::addColumn<qint64>("rows");
        QTest::addColumn<int>("dim");
        QTest::addColumn<int>("queries");
        QTest::addColumn<int>("k");
        QTest::addColumn<qint64>("block");
        QTest::addColumn<bool>("half");
        QTest::newRow("one block") << qint64(500) << 16 << 1 << 10 << qint64(4096) << false;
        QTest::newRow("ragged blocks") << qint64(1003) << 24 << 3 << 25 << qint64(128) << false;
        QTest::newRow("float16 rows") << qint64(2500) << 32 << 4 << 15 << qint64(300) << true;
        QTest::newRow("k above rows") << qint64(7) << 8 << 2 << 20 << qint64(3) << false;
        QTest::newRow("block of one") << qint64(50) << 5 << 1 << 5 << qint64(1) << true;
    }
    void againstBruteForce() {
        QFETCH(qint64, rows);
        QFETCH(int, dim);
        QFETCH(int, queries);
        QFETCH(int, k);
        QFETCH(qint64, block);
        QFETCH(bool, half);
        std::mt19937 rng(11);
        std::normal_distribution<float> g;
        std::vector<float> data(std::size_t(rows * dim));
        for (auto& v : data) v = g(rng);
        // A zero row and an exact copy of query 0 (cosine 1, must come first).
        std::fill_n(data.begin(), dim, 0.f);
        std::vector<float> q(std::size_t(queries * dim));
        for (auto& v : q) v = g(rng);
        std::copy_n(q.begin(), dim, data.begin() + std::ptrdiff_t((rows - 1) * dim));
        std::vector<std::uint16_t> halves(data.size());
        std::unique_ptr<RowBlockSource> source;
        if (half) {
            floatsToHalves(data, halves);
            halvesToFloats(halves, data);  // the reference sees what the source delivers
            source = halfRowBlocks(halves, rows, dim);
        } else {
            source = floatRowBlocks(data, rows, dim);
        }
        NeighbourParams p;
        p.k = k;
        p.blockRows = block;
        NullProgress np;
        CancelToken ct;
        auto found = nearestByCosine(*source, q, queries, p, np, ct);
        QVERIFY2(found.has_value(), found ? "" : found.error().message.c_str());
        QCOMPARE(int(found->size()), queries);
        for (int j = 0; j < queries; ++j) {
            auto ref = bruteCosines(data, rows, dim, q.data() + std::size_t(j) * dim);
            std::vector<double> sorted = ref;
            std::sort(sorted.begin(), sorted.end(), std::greater<>());
            const auto valid = std::count_if(ref.begin(), ref.end(), [](double c) { return std::isfinite(c); });
            const auto& got = (*found)[std::size_t(j)];
            QCOMPARE(qint64(got.size()), std::min<qint64>(k, valid));
            for (std::size_t r = 0; r < got.size(); ++r) {
                // The r-th best cosine, and the row reported really has it (ties may swap rows).
                QVERIFY2(std::abs(got[r].cosine - sorted[r]) < 1e-5,
                         qPrintable(QString("query %1 rank %2").arg(j).arg(r)));
                QVERIFY(std::abs(ref[std::size_t(got[r].row)] - sorted[r]) < 1e-5);
                QVERIFY(got[r].row != 0);  // the zero row never matches
            }
            if (j == 0) {
                QCOMPARE(got.front().row, rows - 1);
                QVERIFY(std::abs(got.front().cosine - 1.f) < (half ? 1e-3 : 1e-6));
            }
        }
    }

    void badInput_data() {
        QTest::addColumn<int>("queryDim");
        QTest::addColumn<int>("k");
        QTest::addColumn<bool>("zeroQuery");
        QTest::addColumn<QString>("message");
        QTest::newRow("wrong dimension") << 7 << 5 << false << "dimensions";
        QTest::newRow("k zero") << 8 << 0 << false << "positive";
        QTest::newRow("zero query") << 8 << 5 << true << "zero";
    }
    void badInput() {
        QFETCH(int, queryDim);
        QFETCH(int, k);
        QFETCH(bool, zeroQuery);
        QFETCH(QString, message);
        std::vector<float> data(80, 1.f);
        auto source = floatRowBlocks(data, 10, 8);
        std::vector<float> q(std::size_t(queryDim), zeroQuery ? 0.f : 1.f);
        NeighbourParams p;
        p.k = k;
        NullProgress np;
        CancelToken ct;
        auto found = nearestByCosine(*source, q, 1, p, np, ct);
        QVERIFY(!found);
        QVERIFY2(QString::fromStdString(found.error().message).contains(message), found.error().message.c_str());
    }

    // A real project: 40 sentences of two kinds imported, encoded with the tiny BERT (chunks
    // of `chunk` sentences), clustered with PCA; returns the run and the sentences' lines.
    std::int64_t makeProject(const QString& name, std::vector<std::string>& lines, std::unique_ptr<Store>& store,
                             int chunk = 4096, std::vector<int> layerMean = {}) {
        QByteArray text;
        for (int i = 0; i < 40; ++i) {
            lines.push_back(i % 2 ? "The court shall rule on case " + std::to_string(i) + " of the register."
                                  : "Click the icon " + std::to_string(i) + " to open the settings dialog.");
            text += QByteArray::fromStdString(lines.back()) + '\n';
        }
        const auto src = dltest::writeFile(tmp_, name + QStringLiteral(".en"), text);
        auto created = Store::create(tmp_.filePath(name + ".dlproj").toStdString());
        if (!created) return 0;
        store = std::move(*created);
        NullProgress np;
        CancelToken ct;
        ImportParams ip;
        ip.srcPath = src;
        ip.corpus = "mix";
        ip.labelSource = LabelSource::Given;
        ip.domain = "mixed";
        if (!runImport(ip, *store, np, ct)) return 0;
        EncodeParams ep = encodeParams(chunk);
        ep.layerMean = std::move(layerMean);
        auto enc = runEncode(ep, *store, np, ct);
        if (!enc) return 0;
        ClusterParams cp;
        cp.k = 2;
        cp.pcaDims = 4;
        cp.seeds = 1;
        cp.useCuda = false;
        auto cl = runCluster(cp, *store, np, ct);
        return cl ? cl->runId : 0;
    }
    static EncodeParams encodeParams(int chunk) {
        EncodeParams ep;
        ep.model = dltest::testData("models/bert-tiny").toStdString();
        ep.chunkSentences = chunk;
        return ep;
    }

    // The real path: import, encode with the tiny BERT, cluster with PCA, look sentences up;
    // also for a set of a layer mean (encode --layer-mean, MPNet's default), whose query
    // vectors must be the same mean.
    void sentencesFindThemselves_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("mean");
        QTest::newRow("one layer") << "q" << false;
        QTest::newRow("layer mean 1,-1") << "qmean" << true;
    }
    void sentencesFindThemselves() {
        QFETCH(QString, name);
        QFETCH(bool, mean);
        std::vector<std::string> lines;
        std::unique_ptr<Store> store;
        const std::int64_t runId =
            makeProject(name, lines, store, 4096, mean ? std::vector<int>{1, -1} : std::vector<int>{});
        QVERIFY(runId > 0);
        NullProgress np;
        CancelToken ct;
        const auto xy = getRunArray<float>(*store, runId, "pca2d").value();
        const auto ids = readRunResults(*store, runId).value().sentenceIds;

        SentenceQueryParams qp;
        qp.runId = runId;
        qp.texts = {lines[3], lines[10]};
        qp.k = 5;
        auto r = querySentences(qp, *store, np, ct);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QCOMPARE(r->searched, qint64(40));
        QVERIFY(r->note.empty());
        for (int j = 0; j < 2; ++j) {
            const int pos = j ? 10 : 3;
            const auto& s = r->sentences[std::size_t(j)];
            QCOMPARE(int(s.neighbours.size()), 5);
            QCOMPARE(s.neighbours[0].position, qint64(pos));
            QCOMPARE(s.neighbours[0].sentenceId, ids[std::size_t(pos)]);
            QVERIFY(s.neighbours[0].cosine > 0.999f);  // float16 storage
            for (std::size_t n = 1; n < s.neighbours.size(); ++n)
                QVERIFY(s.neighbours[n].cosine <= s.neighbours[n - 1].cosine);
            // Where the run put the stored sentence (stored vectors are float16: a small offset).
            const double spread = std::abs(xy[0] - xy[2]) + std::abs(xy[1] - xy[3]) + 1e-3;
            QVERIFY(s.placed);
            QVERIFY2(std::abs(s.x - xy[std::size_t(2 * pos)]) < 0.01 * spread + 1e-3, qPrintable(QString::number(s.x)));
            QVERIFY(std::abs(s.y - xy[std::size_t(2 * pos + 1)]) < 0.01 * spread + 1e-3);
        }
    }

    // The Search tab's cache (SentenceQueryCache): a second query reads no vectors and equals an
    // uncached one exactly; after an encode adds rows the vectors are read again.
    void cachedQueriesEqualFreshOnes() {
        std::vector<std::string> lines;
        std::unique_ptr<Store> store;
        const std::int64_t runId = makeProject(QStringLiteral("cache"), lines, store, 20);  // chunks [0,20) [20,40)
        QVERIFY(runId > 0);
        NullProgress np;
        CancelToken ct;
        SentenceQueryCache cache;
        auto query = [&](const std::string& text, SentenceQueryCache* c) {
            SentenceQueryParams qp;
            qp.runId = runId;
            qp.texts = {text};
            qp.k = 6;
            return querySentences(qp, *store, np, ct, c);
        };
        auto same = [](const SentenceQueryResult& a, const SentenceQueryResult& b) {
            if (a.searched != b.searched || a.sentences.size() != b.sentences.size()) return false;
            for (std::size_t i = 0; i < a.sentences.size(); ++i) {
                const auto &x = a.sentences[i], &y = b.sentences[i];
                if (x.x != y.x || x.y != y.y || x.neighbours.size() != y.neighbours.size()) return false;
                for (std::size_t n = 0; n < x.neighbours.size(); ++n)
                    if (x.neighbours[n].position != y.neighbours[n].position ||
                        x.neighbours[n].cosine != y.neighbours[n].cosine)
                        return false;
            }
            return true;
        };
        for (const int line : {3, 10, 3}) {
            auto cached = query(lines[std::size_t(line)], &cache);
            auto fresh = query(lines[std::size_t(line)], nullptr);
            QVERIFY2(cached && fresh, cached ? "" : cached.error().message.c_str());
            QVERIFY(same(*cached, *fresh));
            QCOMPARE(cached->sentences[0].neighbours[0].position, qint64(line));
        }
        QCOMPARE(cache.vectorLoads(), 1);
        QCOMPARE(cache.heldRows(), qint64(40));
        QCOMPARE(cache.heldBytes(), std::size_t(40) * 32 * 2);  // bert-tiny: 32 dims, float16 as stored, once

        // Lose the second chunk (as a killed encode would), query, then encode again: the
        // resumed encode adds rows 20..39 and the next query must see them.
        QVERIFY(store->exec("DELETE FROM embedding_chunks WHERE first_position >= 20"));
        auto before = query(lines[30], &cache);
        QVERIFY(before);
        QCOMPARE(before->searched, qint64(20));
        QCOMPARE(cache.vectorLoads(), 2);
        QVERIFY(before->sentences[0].neighbours[0].position < 20);
        QVERIFY(runEncode(encodeParams(20), *store, np, ct));
        auto after = query(lines[30], &cache);
        auto fresh = query(lines[30], nullptr);
        QVERIFY(after && fresh);
        QCOMPARE(cache.vectorLoads(), 3);
        QCOMPARE(after->searched, qint64(40));
        QCOMPARE(after->sentences[0].neighbours[0].position, qint64(30));
        QVERIFY(same(*after, *fresh));
    }
};

QTEST_GUILESS_MAIN(TestNeighbours)
#include "tst_neighbours.moc"
