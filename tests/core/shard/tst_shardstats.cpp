// The statistics and files a sharded stage moves between processes: PCA moment sums of shards
// A + B equal those of A and B together (and their PCA equals fitPca on all rows); shard data
// files round-trip, and a truncated or foreign one is refused naming the file; a stored GMM
// applied to its own rows gives the fit's labels and log-likelihoods (assign == cluster).
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <random>

#include "analysis/Gmm.h"
#include "analysis/GmmApply.h"
#include "analysis/MomentStats.h"
#include "analysis/Pca.h"
#include "shard/ShardFile.h"
#include "shard/ShardManifest.h"

namespace fs = std::filesystem;

namespace {

// Rows around a non-zero mean with correlated columns, like sentence vectors (mean far from 0).
std::vector<float> sampleRows(std::int64_t rows, int dim, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<float> g(0.f, 1.f);
    std::vector<float> v(static_cast<std::size_t>(rows) * dim);
    for (std::int64_t i = 0; i < rows; ++i) {
        const float shared = g(rng);
        for (int a = 0; a < dim; ++a)
            v[std::size_t(i * dim + a)] = 0.5f + 0.1f * a + shared * (a % 3 + 1) + 0.3f * g(rng);
    }
    return v;
}

}  // namespace

class TstShardStats : public QObject {
    Q_OBJECT

private slots:
    void momentsOfShardsAddUp_data() {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("dim");
        QTest::addColumn<int>("split");  // rows in shard A
        QTest::newRow("even") << 1000 << 16 << 500;
        QTest::newRow("uneven, past one block") << 9000 << 8 << 4100;
        QTest::newRow("one row in A") << 50 << 32 << 1;
    }
    void momentsOfShardsAddUp() {
        QFETCH(int, rows);
        QFETCH(int, dim);
        QFETCH(int, split);
        const auto x = sampleRows(rows, dim, 7);
        auto all = dl::MomentStats::zeros(dim), a = dl::MomentStats::zeros(dim), b = dl::MomentStats::zeros(dim);
        all.addRows(x.data(), rows);
        a.addRows(x.data(), split);
        b.addRows(x.data() + std::size_t(split) * dim, rows - split);
        QVERIFY(a.merge(b).has_value());
        QCOMPARE(a.count, all.count);
        for (int i = 0; i < dim; ++i) QVERIFY(std::abs(a.sum[i] - all.sum[i]) <= 1e-12 * std::abs(all.sum[i]) + 1e-12);
        for (std::size_t i = 0; i < all.outer.size(); ++i)
            QVERIFY2(std::abs(a.outer[i] - all.outer[i]) <= 1e-12 * std::abs(all.outer[i]) + 1e-12,
                     qPrintable(QString::number(i)));
        // Σxxᵀ by hand for one entry: the sums are what they claim.
        double s01 = 0;
        for (int i = 0; i < rows; ++i) s01 += double(x[std::size_t(i) * dim]) * double(x[std::size_t(i) * dim + 1]);
        QVERIFY(std::abs(all.outer[1] - s01) <= 1e-9 * std::abs(s01));
        QVERIFY(!a.merge(dl::MomentStats::zeros(dim + 1)).has_value());
    }

    void pcaFromMomentsEqualsFitPca() {
        const int rows = 3000, dim = 12, components = 4;
        const auto x = sampleRows(rows, dim, 11);
        auto stats = dl::MomentStats::zeros(dim), half = dl::MomentStats::zeros(dim);
        stats.addRows(x.data(), rows / 2);
        half.addRows(x.data() + std::size_t(rows / 2) * dim, rows - rows / 2);
        QVERIFY(stats.merge(half).has_value());
        auto merged = dl::pcaFromMoments(stats, components);
        QVERIFY2(merged.has_value(), merged ? "" : merged.error().message.c_str());
        auto m = dl::DataMatrix::fromFloat(x, rows, dim);
        QVERIFY(m.has_value());
        dl::PcaParams pp;
        pp.components = components;
        auto direct = dl::fitPca(*m, pp, dl::CancelToken{});
        QVERIFY(direct.has_value());
        for (int c = 0; c < components; ++c)
            QVERIFY(std::abs(merged->explainedVariance[c] - direct->explainedVariance[c]) <=
                    1e-9 * direct->explainedVariance[c]);
        for (std::size_t i = 0; i < direct->axes.size(); ++i)
            QVERIFY(std::abs(merged->axes[i] - direct->axes[i]) < 1e-6);
        for (int a = 0; a < dim; ++a) QVERIFY(std::abs(merged->mean[a] - direct->mean[a]) < 1e-9);
    }

    void shardFileRoundTrip() {
        QTemporaryDir tmp;
        const fs::path path = fs::path(tmp.path().toStdString()) / "assign-0-of-2.bin";
        const std::vector<std::int64_t> ids = {3, 4, 9};
        const std::vector<double> values = {0.5, -1.25, 3.0, 4.0, 5.0, 6.0};
        auto temps = [&] {  // common/AtomicFile's temporaries of this file
            return QDir(tmp.path())
                .entryList({QStringLiteral(".assign-0-of-2.bin.partial-*")}, QDir::Files | QDir::Hidden);
        };
        {
            auto w = dl::ShardFileWriter::create(path);
            QVERIFY(w.has_value());
            QVERIFY((*w)->array("ids", dl::ShardDType::I64, 3, 1, std::span<const std::int64_t>(ids)).has_value());
            QVERIFY((*w)->array("values", dl::ShardDType::F64, 3, 2, std::span<const double>(values)).has_value());
            QVERIFY(temps().size() == 1 && !fs::exists(path));  // not final before finish()
            auto sha = (*w)->finish();
            QVERIFY(sha.has_value());
            QCOMPARE(*sha, *dl::sha256OfFile(path));
        }
        QVERIFY(temps().isEmpty());
        auto r = dl::ShardFileReader::open(path);
        QVERIFY2(r.has_value(), r ? "" : r.error().message.c_str());
        QCOMPARE(*r->readAll<std::int64_t>("ids", dl::ShardDType::I64, 3, 1), ids);
        QCOMPARE(*r->readAll<double>("values", dl::ShardDType::F64, 3, 2), values);
        auto wrongShape = r->find("values", dl::ShardDType::F64, 3, 3);
        QVERIFY(!wrongShape.has_value());
        QVERIFY(QString::fromStdString(wrongShape.error().message).contains("values"));
        QVERIFY(!r->find("labels", dl::ShardDType::I32).has_value());
    }

    void abandonedWriterLeavesNothing() {
        QTemporaryDir tmp;
        const fs::path path = fs::path(tmp.path().toStdString()) / "encode-1-of-4.bin";
        {
            auto w = dl::ShardFileWriter::create(path);
            QVERIFY((*w)->begin("vectors", dl::ShardDType::F16, 10, 4).has_value());
            QVERIFY(!(*w)->finish().has_value());  // incomplete array: refused
        }
        QVERIFY(!fs::exists(path));
        QVERIFY(!fs::exists(fs::path(path).concat(".tmp")));
    }

    void damagedFileNamesItself_data() {
        QTest::addColumn<int>("keepBytes");  // -1: foreign bytes instead
        QTest::newRow("truncated payload") << 60;
        QTest::newRow("truncated header") << 20;
        QTest::newRow("not a shard") << -1;
    }
    void damagedFileNamesItself() {
        QFETCH(int, keepBytes);
        QTemporaryDir tmp;
        const fs::path path = fs::path(tmp.path().toStdString()) / "score-2-of-3.bin";
        const std::vector<double> v(8, 1.0);
        {
            auto w = dl::ShardFileWriter::create(path);
            QVERIFY((*w)->array("scores", dl::ShardDType::F64, 8, 1, std::span<const double>(v)).has_value());
            QVERIFY((*w)->finish().has_value());
        }
        if (keepBytes >= 0) fs::resize_file(path, std::uintmax_t(keepBytes));
        else std::ofstream(path, std::ios::trunc) << "SQLite format 3 and more bytes here";
        auto r = dl::ShardFileReader::open(path);
        QVERIFY(!r.has_value());
        QVERIFY2(QString::fromStdString(r.error().message).contains(QString::fromStdString(path.string())),
                 r.error().message.c_str());
    }

    void storedGmmAppliedToItsRowsGivesTheFit_data() {
        QTest::addColumn<QString>("covariance");
        for (const char* c : {"full", "tied", "diag", "spherical"}) QTest::newRow(c) << QString::fromLatin1(c);
    }
    void storedGmmAppliedToItsRowsGivesTheFit() {
        QFETCH(QString, covariance);
        const int rows = 600, dim = 5;
        auto x = sampleRows(rows, dim, 3);
        for (int i = 0; i < rows; ++i) x[std::size_t(i) * dim] += float((i % 3) * 6);  // three groups
        auto m = dl::DataMatrix::fromFloat(x, rows, dim);
        QVERIFY(m.has_value());
        dl::GmmParams gp;
        gp.k = 3;
        gp.covariance = *dl::parseCovarianceType(covariance.toStdString());
        dl::NullProgress quiet;
        auto fit = dl::fitGmm(*m, gp, quiet, dl::CancelToken{});
        QVERIFY2(fit.has_value(), fit ? "" : fit.error().message.c_str());
        // Applied to the second half only, as one shard would be.
        const int first = rows / 2;
        auto half =
            dl::DataMatrix::fromFloat(std::span<const float>(x).subspan(std::size_t(first) * dim), rows - first, dim);
        auto applied = dl::applyGmm(fit->model, *half, dl::CancelToken{});
        QVERIFY2(applied.has_value(), applied ? "" : applied.error().message.c_str());
        for (int i = 0; i < rows - first; ++i) {
            QCOMPARE(applied->labels[std::size_t(i)], fit->labels[std::size_t(first + i)]);
            QVERIFY(std::abs(applied->logLik[std::size_t(i)] - fit->logLik[std::size_t(first + i)]) <=
                    1e-9 * (1 + std::abs(fit->logLik[std::size_t(first + i)])));
            QVERIFY(std::abs(applied->maxProb[std::size_t(i)] - fit->maxProb[std::size_t(first + i)]) <= 1e-9);
            double total = 0;
            for (int j = 0; j < 3; ++j) total += applied->responsibilities[std::size_t(i) * 3 + std::size_t(j)];
            QVERIFY(std::abs(total - 1) < 1e-12);
        }
    }
};

QTEST_GUILESS_MAIN(TstShardStats)
#include "tst_shardstats.moc"
