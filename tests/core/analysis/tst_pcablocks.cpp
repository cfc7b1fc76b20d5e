// PCA from row blocks (issue 15): a float32 buffer, float16 rows, and embeddings read
// chunk by chunk from the project give the model and projection of the in-memory
// DataMatrix path, across block and chunk boundaries, with and without a fit sample.
#include <QtTest>

#include <cmath>
#include <random>

#include "TestSupport.h"
#include "analysis/Pca.h"
#include "analysis/PcaCovariance.h"
#include "analysis/PcaProjection.h"
#include "analysis/StoreEmbeddingBlocks.h"
#include "common/Half.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Store.h"

using namespace dl;

namespace {

// Rows with a large common offset (as embeddings have) and decaying factor scales, so that
// a covariance computed without care for cancellation would lose the small components.
std::vector<float> makeRows(std::int64_t rows, int dim, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> g(0.f, 1.f);
    const int factors = std::min(dim, 16);
    std::vector<float> mix(std::size_t(factors) * dim);
    for (auto& v : mix) v = g(rng);
    std::vector<float> x(std::size_t(rows) * dim);
    std::vector<float> z(factors);
    for (std::int64_t i = 0; i < rows; ++i) {
        for (int l = 0; l < factors; ++l) z[l] = g(rng) / float(1 + l);
        for (int a = 0; a < dim; ++a) {
            float v = 3.0f + 0.01f * g(rng);
            for (int l = 0; l < factors; ++l) v += z[l] * mix[std::size_t(l) * dim + a];
            x[std::size_t(i) * dim + a] = v;
        }
    }
    return x;
}

double maxAbsDiff(const std::vector<double>& a, const std::vector<double>& b) {
    double m = a.size() == b.size() ? 0 : INFINITY;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) m = std::max(m, std::abs(a[i] - b[i]));
    return m;
}

// Axes equal up to sign (both follow the same sign rule, so equal outright).
void compareModels(const PcaModel& a, const PcaModel& b, double tol) {
    QCOMPARE(a.fitRows, b.fitRows);
    QVERIFY2(maxAbsDiff(a.mean, b.mean) < tol, qPrintable(QString::number(maxAbsDiff(a.mean, b.mean))));
    QVERIFY2(maxAbsDiff(a.axes, b.axes) < 100 * tol, qPrintable(QString::number(maxAbsDiff(a.axes, b.axes))));
    for (std::size_t k = 0; k < a.explainedVariance.size(); ++k)
        QVERIFY(std::abs(a.explainedVariance[k] - b.explainedVariance[k]) <=
                tol * std::abs(b.explainedVariance[k]) + 1e-12);
}

}  // namespace

class TestPcaBlocks : public QObject {
    Q_OBJECT
private slots:
    void sourcesAgree_data() {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("dim");
        QTest::addColumn<int>("sample");
        QTest::addColumn<int>("chunk");  // rows per stored embedding chunk
        QTest::newRow("one block") << 500 << 12 << 0 << 128;
        QTest::newRow("block boundary, 3 panels") << 20000 << 300 << 0 << 777;
        QTest::newRow("fit sample") << 20000 << 40 << 5000 << 3000;
    }
    void sourcesAgree() {
        QFETCH(int, rows);
        QFETCH(int, dim);
        QFETCH(int, sample);
        QFETCH(int, chunk);
        const auto x = makeRows(rows, dim, 11);
        CancelToken cancel;
        PcaParams p;
        p.components = std::min(dim, 8);
        p.maxFitRows = sample;
        p.seed = 3;
        // Reference: the float64 DataMatrix path.
        auto m64 = DataMatrix::fromFloat(x, rows, dim, Precision::Float64).value();
        auto ref = fitPca(m64, p, cancel);
        QVERIFY2(ref, ref ? "" : ref.error().message.c_str());
        auto refProj = projectPca(*ref, m64, cancel)->toDouble();

        auto f32 = floatRowBlocks(x, rows, dim);
        auto fromF32 = fitPcaCovariance(*f32, p, cancel);
        QVERIFY(fromF32);
        compareModels(*fromF32, *ref, 1e-4);  // float32 products vs float64
        auto proj = projectPcaBlocked(*fromF32, *f32, Precision::Float64, false, cancel);
        QVERIFY(proj);
        QVERIFY(maxAbsDiff(proj->toDouble(), refProj) < 1e-2);

        // float16 rows from the project, chunked differently from the PCA blocks.
        const auto path = dir_.filePath(QStringLiteral("p%1.dlproj").arg(++counter_)).toStdString();
        auto store = Store::create(path).value();
        store->exec("INSERT INTO corpora(name, src_lang) VALUES('c', 'en')").value();
        const auto cid = store->lastInsertId();
        EmbeddingKey key;
        key.model = "synthetic";
        auto set = ensureEmbeddingSet(*store, key, dim, StorageType::Float16).value();
        {
            auto tx = store->begin();
            for (int s = 0; s < rows; s += chunk) {
                const int len = std::min(chunk, rows - s);
                appendEmbeddings(*store, set.id, cid, s, len,
                                 std::span<const float>(x).subspan(std::size_t(s) * dim, std::size_t(len) * dim))
                    .value();
            }
            tx->commit().value();
        }
        std::vector<std::uint16_t> halves(x.size());
        floatsToHalves(x, halves);
        auto h16 = halfRowBlocks(halves, rows, dim);
        auto fromHalf = fitPcaCovariance(*h16, p, cancel);
        QVERIFY(fromHalf);
        auto stored = storeEmbeddingBlocks(*store, set.id, cid);
        QVERIFY2(stored, stored ? "" : stored.error().message.c_str());
        QCOMPARE((*stored)->rows(), std::int64_t(rows));
        auto fromStore = fitPcaCovariance(**stored, p, cancel);
        QVERIFY2(fromStore, fromStore ? "" : fromStore.error().message.c_str());
        compareModels(*fromStore, *fromHalf, 1e-12);  // the same float16 values, the same sums
        compareModels(*fromStore, *ref, 2e-2);         // float16 rounding of the input
    }

    // An output over 16 MB lies in a HugePageBuffer (PcaProjection.cpp): the same values as
    // the float64 reference, from a float32 DataMatrix and from a block source.
    void largeProjectionMatchesReference() {
        const int rows = 150000, dim = 32;
        const auto x = makeRows(rows, dim, 5);
        CancelToken cancel;
        PcaParams p;
        p.components = dim;  // 150000 x 32 x 4 bytes = 19.2 MB of output
        auto m64 = DataMatrix::fromFloat(x, rows, dim, Precision::Float64).value();
        auto ref = fitPca(m64, p, cancel);
        QVERIFY(ref);
        const auto refProj = projectPca(*ref, m64, cancel)->toDouble();
        auto m32 = DataMatrix::fromFloat(x, rows, dim, Precision::Float32).value();
        auto fromMatrix = projectPca(*ref, m32, cancel);
        QVERIFY(fromMatrix);
        QCOMPARE(fromMatrix->rows(), std::int64_t(rows));
        QVERIFY2(maxAbsDiff(fromMatrix->toDouble(), refProj) < 1e-3,
                 qPrintable(QString::number(maxAbsDiff(fromMatrix->toDouble(), refProj))));
        auto f32 = floatRowBlocks(x, rows, dim);
        auto fromBlocks = projectPcaBlocked(*ref, *f32, Precision::Float32, false, cancel);
        QVERIFY(fromBlocks);
        QVERIFY2(maxAbsDiff(fromBlocks->toDouble(), refProj) < 1e-3,
                 qPrintable(QString::number(maxAbsDiff(fromBlocks->toDouble(), refProj))));
    }

    void refusesBadInput() {
        CancelToken cancel;
        PcaParams p;
        p.components = 2;
        std::vector<float> bad{1, 2, NAN, 4, 5, 6};
        auto src = floatRowBlocks(bad, 3, 2);
        auto r = fitPcaCovariance(*src, p, cancel);
        QVERIFY(!r);
        QVERIFY(QString::fromStdString(r.error().message).contains(QStringLiteral("NaN")));
        p.components = 3;
        QVERIFY(!fitPcaCovariance(*src, p, cancel));
        cancel.cancel();
        p.components = 1;
        std::vector<float> ok{1, 2, 3, 4, 5, 7};
        auto src2 = floatRowBlocks(ok, 3, 2);
        auto c = fitPcaCovariance(*src2, p, cancel);
        QVERIFY(!c);
        QCOMPARE(c.error().kind, ErrorKind::Cancelled);
    }

private:
    QTemporaryDir dir_;
    int counter_ = 0;
};

QTEST_GUILESS_MAIN(TestPcaBlocks)
#include "tst_pcablocks.moc"
