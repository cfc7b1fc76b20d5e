// GMM EM with its rows spread over processes (the StatsReducer hook behind `cluster --mpi`):
// R "processes" are R threads here, each holding a contiguous part of the fixture's rows, joined
// by a shared-memory reducer (sums and gathers through per-rank parts and a barrier, the
// contract MpiReducer implements with MPI_Allreduce / MPI_Gatherv). From the same start the
// fit must equal the single-process fit: same labels and iterations, lower bound within 1e-9
// relative, for every covariance type, both initialisations and a k-means++ seeding sample.
// The MPI build is checked end to end with mpirun by tests/cluster/mpi_gmm.sh.
#include <QtTest>

#include <barrier>
#include <cmath>
#include <fstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "TestSupport.h"
#include "analysis/DataMatrix.h"
#include "analysis/Gmm.h"
#include "analysis/StatsReducer.h"
#include "shard/ShardSpec.h"

using namespace dl;

namespace {

// Shared by the R threads of one fit; each thread holds a RankReducer (its rank) onto it.
struct Team {
    explicit Team(int ranks) : size(ranks), parts(static_cast<std::size_t>(ranks)), sync(ranks) {}
    int size;
    std::vector<std::vector<double>> parts;
    std::barrier<> sync;
};

class RankReducer final : public StatsReducer {
public:
    RankReducer(Team& team, int rank) : team_(team), rank_(rank) {}
    int rank() const override { return rank_; }
    int size() const override { return team_.size; }
    void sum(std::span<double> values) override {
        team_.parts[std::size_t(rank_)].assign(values.begin(), values.end());
        team_.sync.arrive_and_wait();
        for (std::size_t i = 0; i < values.size(); ++i) {
            double s = 0;  // rank order, as a reduction tree would do it in some fixed order
            for (const auto& slot : team_.parts) s += slot[i];
            values[i] = s;
        }
        team_.sync.arrive_and_wait();  // nobody overwrites a slot before everyone has read it
    }
    std::vector<double> gatherToRoot(std::span<const double> local) override {
        team_.parts[std::size_t(rank_)].assign(local.begin(), local.end());
        team_.sync.arrive_and_wait();
        std::vector<double> all;
        if (rank_ == 0)
            for (const auto& slot : team_.parts) all.insert(all.end(), slot.begin(), slot.end());
        team_.sync.arrive_and_wait();
        return all;
    }

private:
    Team& team_;
    int rank_;
};

struct Silent final : ProgressSink {
    void stage(std::string_view) override {}
    void progress(std::int64_t, std::int64_t) override {}
    void info(std::string_view) override {}
};

nlohmann::json dataset(const std::string& name) {
    std::ifstream f(dltest::testData(QStringLiteral("analysis/gmm.json")).toStdString());
    if (!f) qFatal("missing fixture analysis/gmm.json");
    return nlohmann::json::parse(f)["datasets"][name];
}

// Rows [first, last) of the fixture as a matrix.
DataMatrix rowsOf(const nlohmann::json& ds, std::size_t first, std::size_t last) {
    const auto x = ds.at("x").get<std::vector<double>>();
    const int cols = ds.at("cols");
    auto m = DataMatrix::fromDouble(std::span<const double>(x).subspan(first * cols, (last - first) * cols),
                                    static_cast<std::int64_t>(last - first), cols);
    if (!m) qFatal("%s", m.error().message.c_str());
    return *m;
}

}  // namespace

class TstGmmReduce : public QObject {
    Q_OBJECT

private slots:
    void ranksEqualOneProcess_data() {
        QTest::addColumn<QString>("data");
        QTest::addColumn<int>("k");
        QTest::addColumn<QString>("cov");
        QTest::addColumn<QString>("init");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("initSample");
        for (const char* cov : {"full", "diag", "spherical", "tied"})
            QTest::newRow(qPrintable(QStringLiteral("d8k5 %1, 2 ranks").arg(QLatin1String(cov))))
                << "d8k5" << 5 << cov << "kmeans" << 2 << 0;
        QTest::newRow("d5k3 full, 3 ranks") << "d5k3" << 3 << "full"
                                            << "kmeans" << 3 << 0;
        QTest::newRow("d5k3 random init, 3 ranks") << "d5k3" << 3 << "full"
                                                   << "random" << 3 << 0;
        QTest::newRow("d8k5 seeding sample, 2 ranks") << "d8k5" << 5 << "full"
                                                      << "kmeans" << 2 << 150;
    }
    void ranksEqualOneProcess() {
        QFETCH(QString, data);
        QFETCH(int, k);
        QFETCH(QString, cov);
        QFETCH(QString, init);
        QFETCH(int, ranks);
        QFETCH(int, initSample);
        const auto ds = dataset(data.toStdString());
        const std::size_t n = ds.at("rows");
        GmmParams params;
        params.k = k;
        params.covariance = *parseCovarianceType(cov.toStdString());
        params.init = *parseGmmInit(init.toStdString());
        params.seed = 3;
        params.initSampleRows = initSample;
        Silent silent;
        CancelToken cancel;
        auto single = fitGmm(rowsOf(ds, 0, n), params, silent, cancel);
        QVERIFY2(single, single ? "" : single.error().message.c_str());

        Team team(ranks);
        std::vector<std::optional<Expected<GmmFit>>> fits(static_cast<std::size_t>(ranks));
        std::vector<std::thread> threads;
        for (int r = 0; r < ranks; ++r)
            threads.emplace_back([&, r] {
                const auto [first, last] = shardRowRange({r, ranks}, n);
                RankReducer reducer(team, r);
                Silent quiet;
                fits[std::size_t(r)] = fitGmm(rowsOf(ds, first, last), params, reducer, quiet, CancelToken{});
            });
        for (auto& t : threads) t.join();
        for (int r = 0; r < ranks; ++r) {
            const auto& fit = *fits[std::size_t(r)];
            QVERIFY2(fit, fit ? "" : fit.error().message.c_str());
            QCOMPARE(fit->iterations, single->iterations);
            const double rel = std::abs(fit->lowerBound - single->lowerBound) / std::abs(single->lowerBound);
            QVERIFY2(rel < 1e-9,
                     qPrintable(QStringLiteral("rank %1: relative lower-bound difference %2").arg(r).arg(rel)));
            for (std::size_t i = 0; i < single->model.means.size(); ++i)
                QVERIFY(std::abs(fit->model.means[i] - single->model.means[i]) <
                        1e-9 * (1 + std::abs(single->model.means[i])));
            // labels, responsibilities and log-likelihoods of all rows on rank 0 only
            QCOMPARE(fit->labels.empty(), r != 0);
        }
        const GmmFit& root = **fits[0];
        QCOMPARE(root.labels, single->labels);
        QCOMPARE(root.logLik.size(), single->logLik.size());
        double worst = 0;
        for (std::size_t i = 0; i < root.logLik.size(); ++i)
            worst = std::max(worst, std::abs(root.logLik[i] - single->logLik[i]) / (1 + std::abs(single->logLik[i])));
        // Per row, the full-covariance E-step's expanded quadratic form (zᵀq(P) - 2xᵀPμ + μᵀPμ)
        // turns a last-bit difference of the centring mean into more than 1e-9 of a row's
        // log-likelihood; their mean (the lower bound) is checked to 1e-9 above.
        QVERIFY2(worst < 1e-7, qPrintable(QStringLiteral("largest per-row log-likelihood difference %1").arg(worst)));
    }
};

QTEST_GUILESS_MAIN(TstGmmReduce)
#include "tst_gmmreduce.moc"
