// PCA's SIMD passes (GramKernels, GramPass, PcaProjectionPass) against the formulas they
// compute, evaluated naively here in long double:
// - Σy and Σyyᵀ of y = x - shift, for float64, float32 and bfloat16 products, float32 and
//   float16 input, at every SIMD level this CPU has, for widths that are and are not multiples
//   of the 16-column panels and row counts with a partial last block;
// - bfloat16 means: y rounded to bfloat16 (nearest even), exact products, float32 sums. The
//   AVX512_BF16 kernel and the emulation of the other levels must both match that;
// - the result must not depend on the thread count (bitwise), and a cancelled token stops it;
// - the projection (x - mean)·axesᵀ for component counts around the 16/64-lane groups.
#include <QtTest>

#include <cmath>
#include <cstring>
#include <random>

#include "analysis/GramPass.h"
#include "analysis/Pca.h"
#include "analysis/PcaProjectionPass.h"
#include "common/Half.h"
#include "kernels/SimdLevel.h"

using namespace dl;
using gramk::GramPrecision;

namespace {

// Rows with a common offset (so the shift matters) and unequal column scales.
std::vector<float> makeRows(std::int64_t rows, int dim, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<float> normal;
    std::vector<float> x(static_cast<std::size_t>(rows) * dim);
    for (std::int64_t r = 0; r < rows; ++r)
        for (int c = 0; c < dim; ++c)
            x[std::size_t(r) * dim + c] = 0.3f + 0.05f * float(c % 7) + (0.2f + 0.01f * float(c % 13)) * normal(rng);
    return x;
}

float roundToBf16(float v) {
    std::uint32_t u;
    std::memcpy(&u, &v, sizeof u);
    u = (u + 0x7FFFu + ((u >> 16) & 1u)) & 0xFFFF0000u;
    std::memcpy(&v, &u, sizeof v);
    return v;
}

// The value a pass multiplies for element x at `precision`.
long double operand(float x, double shift, GramPrecision precision) {
    switch (precision) {
    case GramPrecision::Float64: return static_cast<long double>(static_cast<double>(x) - shift);
    case GramPrecision::Float32: return static_cast<float>(x - static_cast<float>(shift));
    case GramPrecision::BFloat16: return roundToBf16(static_cast<float>(x - static_cast<float>(shift)));
    }
    return 0;
}

struct Reference {
    std::vector<long double> sums, gram;
    long double scale = 0;  // largest |Σyyᵀ| entry, for relative tolerances
};

Reference reference(const std::vector<float>& x, std::int64_t rows, int dim, const std::vector<double>& shift,
                    GramPrecision precision) {
    Reference ref;
    ref.sums.assign(std::size_t(dim), 0.0L);
    ref.gram.assign(std::size_t(dim) * dim, 0.0L);
    std::vector<long double> y(static_cast<std::size_t>(dim));
    for (std::int64_t r = 0; r < rows; ++r) {
        for (int c = 0; c < dim; ++c) {
            const float v = x[std::size_t(r) * dim + c];
            y[std::size_t(c)] = operand(v, shift[std::size_t(c)], precision);
            // the sums are of the unrounded y in every precision
            ref.sums[std::size_t(c)] += precision == GramPrecision::Float64
                                            ? static_cast<long double>(static_cast<double>(v) - shift[std::size_t(c)])
                                            : static_cast<long double>(v - static_cast<float>(shift[std::size_t(c)]));
        }
        for (int a = 0; a < dim; ++a)
            for (int b = 0; b < dim; ++b) ref.gram[std::size_t(a) * dim + b] += y[std::size_t(a)] * y[std::size_t(b)];
    }
    for (long double v : ref.gram) ref.scale = std::max(ref.scale, std::fabs(v));
    return ref;
}

// float64: exact products, float64 sums; float32/bfloat16: float32 sums of kGramBlockRows
// (512) products, i.e. ~sqrt(512)·2^-24 typical and 512·2^-24 = 3e-5 at worst, relative.
double tolerance(GramPrecision precision) { return precision == GramPrecision::Float64 ? 1e-13 : 1e-5; }

const std::pair<const char*, SimdLevel> kLevels[] = {
    {"avx512", SimdLevel::Avx512}, {"avx2", SimdLevel::Avx2}, {"baseline", SimdLevel::Baseline}};
const std::pair<const char*, GramPrecision> kPrecisions[] = {
    {"fp64", GramPrecision::Float64}, {"fp32", GramPrecision::Float32}, {"bf16", GramPrecision::BFloat16}};

class LevelScope {
public:
    explicit LevelScope(SimdLevel level) : before_(simdLevel()) { useSimdLevel(level); }
    ~LevelScope() { useSimdLevel(before_); }

private:
    SimdLevel before_;
};

}  // namespace

class TestGramPass : public QObject {
    Q_OBJECT
private slots:
    void gramMatchesLongDouble_data() {
        QTest::addColumn<int>("level");
        QTest::addColumn<int>("precision");
        QTest::addColumn<int>("dim");
        QTest::addColumn<int>("rows");
        QTest::addColumn<bool>("half");
        for (const auto& [ln, level] : kLevels)
            for (const auto& [pn, precision] : kPrecisions)
                for (const auto& [dim, rows] :
                     {std::pair{384, 700}, std::pair{50, 513}, std::pair{7, 3}, std::pair{1, 300}})
                    for (bool half : {false, true})
                        QTest::addRow("%s %s d%d n%d %s", ln, pn, dim, rows, half ? "f16" : "f32")
                            << int(level) << int(precision) << dim << rows << half;
    }
    void gramMatchesLongDouble() {
        QFETCH(int, level);
        QFETCH(int, precision);
        QFETCH(int, dim);
        QFETCH(int, rows);
        QFETCH(bool, half);
        if (SimdLevel(level) > bestSimdLevel()) QSKIP("this CPU lacks that instruction set");
        const LevelScope scope{SimdLevel(level)};
        const auto p = GramPrecision(precision);
        std::vector<float> x = makeRows(rows, dim, 7u + unsigned(dim));
        std::vector<std::uint16_t> h(x.size());
        if (half) {  // the reference multiplies what float16 storage keeps
            floatsToHalves(x, h);
            halvesToFloats(h, x);
        }
        std::vector<double> shift(static_cast<std::size_t>(dim));
        for (int c = 0; c < dim; ++c) shift[std::size_t(c)] = 0.3 + 0.01 * c;
        GramPass pass(dim, p, shift, 2);
        const CancelToken cancel;
        QVERIFY(half ? pass.add(h.data(), rows, cancel).has_value() : pass.add(x.data(), rows, cancel).has_value());
        QCOMPARE(pass.count(), std::int64_t(rows));
        const Reference ref = reference(x, rows, dim, shift, p);
        const std::vector<double> gram = pass.gram();
        double worst = 0;
        for (std::size_t i = 0; i < gram.size(); ++i)
            worst = std::max(worst, double(std::fabs(gram[i] - ref.gram[i]) / ref.scale));
        QVERIFY2(worst <= tolerance(p), qPrintable(QStringLiteral("worst relative error %1").arg(worst)));
        // Σy: float64 throughout for fp64, float32 runs of 32 rows added in float64 otherwise
        const double sumTolerance = p == GramPrecision::Float64 ? 1e-12 : 1e-6;
        for (int c = 0; c < dim; ++c) {
            long double absSum = 0;
            for (int r = 0; r < rows; ++r) absSum += std::fabs(x[std::size_t(r) * dim + c] - shift[std::size_t(c)]);
            QVERIFY(std::fabs(pass.sums()[std::size_t(c)] - double(ref.sums[std::size_t(c)])) <=
                    sumTolerance * double(absSum));
        }
    }

    void bf16IsNotFloat32() {  // the bfloat16 rounding is real: it must differ from float32 products
        const std::vector<float> x = makeRows(600, 64, 3);
        const std::vector<double> shift(64, 0.0);
        const CancelToken cancel;
        GramPass f32(64, GramPrecision::Float32, shift), bf16(64, GramPrecision::BFloat16, shift);
        QVERIFY(f32.add(x.data(), 600, cancel) && bf16.add(x.data(), 600, cancel));
        const auto a = f32.gram(), b = bf16.gram();
        double worst = 0;
        for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::fabs(a[i] - b[i]) / std::fabs(a[i]));
        QVERIFY2(worst > 1e-4 && worst < 2e-2, qPrintable(QString::number(worst)));
    }

    void threadCountDoesNotMatter_data() {
        QTest::addColumn<int>("precision");
        for (const auto& [pn, precision] : kPrecisions) QTest::newRow(pn) << int(precision);
    }
    void threadCountDoesNotMatter() {
        QFETCH(int, precision);
        const int dim = 100;
        const std::int64_t rows = 5000;  // 20 blocks: every thread count has several
        const std::vector<float> x = makeRows(rows, dim, 11);
        const std::vector<double> shift(static_cast<std::size_t>(dim), 0.25);
        const CancelToken cancel;
        std::vector<double> gram1, sums1;
        for (int threads : {1, 2, 3, 8}) {
            GramPass pass(dim, GramPrecision(precision), shift, threads);
            QVERIFY(pass.add(x.data(), rows, cancel).has_value());
            if (threads == 1) {
                gram1 = pass.gram();
                sums1 = pass.sums();
                continue;
            }
            QVERIFY2(pass.gram() == gram1, qPrintable(QStringLiteral("%1 threads").arg(threads)));
            QVERIFY(pass.sums() == sums1);
        }
    }

    void cancelledStops() {
        const std::vector<float> x = makeRows(3000, 32, 5);
        CancelToken cancel;
        cancel.cancel();
        GramPass pass(32, GramPrecision::Float32, std::vector<double>(32, 0.0), 2);
        const Status st = pass.add(x.data(), 3000, cancel);
        QVERIFY(!st);
        QCOMPARE(st.error().kind, ErrorKind::Cancelled);
        PcaModel model;
        model.inputDim = 32;
        model.components = 4;
        model.mean.assign(32, 0.0);
        model.axes.assign(4 * 32, 0.1);
        std::vector<float> out(3000 * 4);
        const Status proj = PcaProjectionPass(model, 2).project(x.data(), 3000, out.data(), cancel);
        QVERIFY(!proj);
        QCOMPARE(proj.error().kind, ErrorKind::Cancelled);
    }

    void projectionMatchesLongDouble_data() {
        QTest::addColumn<int>("level");
        QTest::addColumn<int>("components");
        QTest::addColumn<int>("rows");
        QTest::addColumn<bool>("half");
        QTest::addColumn<bool>("bf16");
        for (const auto& [ln, level] : kLevels)
            for (int k : {1, 3, 16, 50, 64, 65})
                for (int rows : {1, 13, 2100})
                    for (bool half : {false, true})
                        for (bool bf16 : {false, true})
                            QTest::addRow("%s k%d n%d %s%s", ln, k, rows, half ? "f16" : "f32", bf16 ? " bf16" : "")
                                << int(level) << k << rows << half << bf16;
    }
    // float32 products against long double; a bfloat16 model's projection against its own
    // semantics: bf16(float(x) - float(mean))·bf16(axis) summed exactly (the kernel sums in
    // float32), which float32 products miss by far more than the tolerance.
    void projectionMatchesLongDouble() {
        QFETCH(int, level);
        QFETCH(int, components);
        QFETCH(int, rows);
        QFETCH(bool, half);
        QFETCH(bool, bf16);
        if (SimdLevel(level) > bestSimdLevel()) QSKIP("this CPU lacks that instruction set");
        const LevelScope scope{SimdLevel(level)};
        const int dim = 100;
        std::vector<float> x = makeRows(rows, dim, 21);
        std::vector<std::uint16_t> h(x.size());
        floatsToHalves(x, h);
        if (half) halvesToFloats(h, x);
        PcaModel model;
        model.inputDim = dim;
        model.components = components;
        std::mt19937_64 rng(3);
        std::normal_distribution<double> normal;
        for (int c = 0; c < dim; ++c) model.mean.push_back(0.3 + 0.001 * c);
        for (int i = 0; i < components * dim; ++i) model.axes.push_back(0.1 * normal(rng));
        if (bf16) model.precision = PcaPrecision::BFloat16;
        auto round = [](float v) { return static_cast<long double>(bfloat16ToFloat(floatToBfloat16(v))); };
        std::vector<float> out(static_cast<std::size_t>(rows) * components);
        const PcaProjectionPass pass(model, 3);
        const CancelToken cancel;
        QVERIFY(half ? pass.project(h.data(), rows, out.data(), cancel).has_value()
                     : pass.project(x.data(), rows, out.data(), cancel).has_value());
        double worst = 0;
        for (int r = 0; r < rows; ++r)
            for (int j = 0; j < components; ++j) {
                long double ref = 0;
                for (int c = 0; c < dim; ++c) {
                    const float xv = x[std::size_t(r) * dim + c];
                    const double a = model.axes[std::size_t(j) * dim + c], m = model.mean[std::size_t(c)];
                    ref += bf16 ? round(xv - static_cast<float>(m)) * round(static_cast<float>(a))
                                : (static_cast<long double>(xv) - m) * a;
                }
                worst = std::max(worst, double(std::fabs(out[std::size_t(r) * components + j] - ref)));
            }
        QVERIFY2(worst < 2e-5, qPrintable(QStringLiteral("worst absolute error %1").arg(worst)));
    }

    // The PCA of a bfloat16 fit against the float64 fit of the same rows: the opt-in's
    // accuracy on a spectrum with well separated leading components.
    void bf16PcaCloseToFloat64() {
        const int dim = 96, rows = 20000;
        std::mt19937_64 rng(9);
        std::normal_distribution<float> normal;
        std::vector<float> x(std::size_t(rows) * dim);
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < dim; ++c) x[std::size_t(r) * dim + c] = 0.1f + normal(rng) * 0.3f / float(1 + c / 8);
        auto m = DataMatrix::fromFloat(x, rows, dim, Precision::Float32);
        QVERIFY(m.has_value());
        const CancelToken cancel;
        PcaParams p;
        p.components = 8;
        p.precision = PcaPrecision::Float64;
        auto exact = fitPca(*m, p, cancel);
        p.precision = PcaPrecision::BFloat16;
        auto bf16 = fitPca(*m, p, cancel);
        QVERIFY(exact && bf16);
        for (int j = 0; j < 8; ++j) {
            const double ev = exact->explainedVariance[std::size_t(j)], eb = bf16->explainedVariance[std::size_t(j)];
            QVERIFY2(std::fabs(eb - ev) / ev < 5e-3,
                     qPrintable(QStringLiteral("component %1: %2 vs %3").arg(j).arg(eb).arg(ev)));
        }
        // the leading subspace: |cos| of matching axes (components 0-7 lie in blocks of 8 equal variances, so
        // compare the projector onto all 8 instead of single axes)
        double overlap = 0;
        for (int a = 0; a < 8; ++a)
            for (int b = 0; b < 8; ++b) {
                double dot = 0;
                for (int c = 0; c < dim; ++c)
                    dot += exact->axes[std::size_t(a) * dim + c] * bf16->axes[std::size_t(b) * dim + c];
                overlap += dot * dot;
            }
        QVERIFY2(overlap / 8 > 0.999, qPrintable(QString::number(overlap / 8)));
    }
};

QTEST_APPLESS_MAIN(TestGramPass)
#include "tst_grampass.moc"
