// Benchmark: GMM EM iterations from a given start (same data/start as bench_sklearn.py) and
// PCA of a large matrix. Prints one JSON object per measurement on stdout.
//
//   bench_gmm gmm  DATA.f64 ROWS COLS START.json ITERS [f64|f32] [CHUNK_ROWS]
//   bench_gmm pca  FILE ROWS COLS COMPONENTS [matrix|moments64|f32|f16] [SAMPLE_ROWS] [fp64|fp32|bf16]
//   bench_gmm cluster VECTORS.f32 COLS LABELS.txt K PCA cpu|cuda [N_INIT]
//     the cluster path on one device: PCA (fp32 products) + full-covariance GMM (k-means++
//     init, seed 0) in float64 on the CPU or on CUDA; purity against LABELS.txt (one domain
//     name per row). scripts/gpu-build.sh runs it on both devices with the same vectors.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/DataMatrix.h"
#include "analysis/DistributedReduce.h"
#include "analysis/Gmm.h"
#include "analysis/Metrics.h"
#include "analysis/Pca.h"
#include "analysis/PcaCovariance.h"
#include "analysis/PcaProjection.h"

using Clock = std::chrono::steady_clock;
static double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }
// Process CPU seconds, all threads (a like-for-like measure of work when the machine is shared).
static double cpuSeconds() { return double(std::clock()) / CLOCKS_PER_SEC; }

namespace {

class IterationClock final : public dl::ProgressSink {
public:
    std::vector<double> stamps;
    Clock::time_point start = Clock::now();
    void progress(std::int64_t, std::int64_t) override { stamps.push_back(since(start)); }
};

int benchGmm(int argc, char** argv) {
    if (argc < 7) return 2;
    const std::string path = argv[2];
    const std::int64_t rows = std::stoll(argv[3]);
    const int cols = std::stoi(argv[4]);
    const int iters = std::stoi(argv[6]);
    const bool f32 = argc > 7 && std::string(argv[7]) == "f32";
    std::vector<double> data(static_cast<std::size_t>(rows) * cols);
    std::ifstream f(path, std::ios::binary);
    f.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(data.size() * sizeof(double)));
    if (!f) {
        std::cerr << "cannot read " << path << "\n";
        return 1;
    }
    nlohmann::json start = nlohmann::json::parse(std::ifstream(argv[5]));
    auto x = dl::DataMatrix::fromDouble(data, rows, cols, f32 ? dl::Precision::Float32 : dl::Precision::Float64);
    if (!x) return 1;
    data = {};
    dl::GmmParams p;
    p.k = start["k"];
    p.covariance = *dl::parseCovarianceType(start["covariance"].get<std::string>());
    p.tol = 0;  // |change| < 0 never holds: exactly ITERS iterations
    p.maxIter = iters;
    p.regCovar = 1e-6;
    if (argc > 8) p.chunkRows = std::stoll(argv[8]);
    p.start = dl::GmmStart{start["weights"].get<std::vector<double>>(), start["means"].get<std::vector<double>>(),
                           start["precisions"].get<std::vector<double>>()};
    IterationClock clock;
    dl::CancelToken cancel;
    const auto t0 = Clock::now();
    clock.start = t0;
    auto fit = dl::fitGmm(*x, p, clock, cancel);
    const double total = since(t0);
    if (!fit) {
        std::cerr << fit.error().message << "\n";
        return 1;
    }
    // per-iteration: first stamp includes centring/setup, so use the deltas after it when possible
    std::vector<double> per;
    for (std::size_t i = 0; i < clock.stamps.size(); ++i)
        per.push_back(clock.stamps[i] - (i ? clock.stamps[i - 1] : 0.0));
    double steady = 0;
    for (std::size_t i = 1; i < per.size(); ++i) steady += per[i];
    steady = per.size() > 1 ? steady / double(per.size() - 1) : per[0];
    nlohmann::json out = {{"impl", std::string("domainlens ") + (f32 ? "float32" : "float64")},
                          {"rows", rows},
                          {"cols", cols},
                          {"k", p.k},
                          {"iterations", fit->iterations},
                          {"seconds_per_iteration", steady},
                          {"iteration_seconds", per},
                          {"fit_seconds_total", total},
                          {"lower_bound", fit->lowerBound},
                          {"threads_note", "libtorch intra-op threads = default (all cores)"}};
    std::cout << out.dump() << std::endl;
    return 0;
}

// PCA of a float32 file (the same file bench_sklearn.py pca reads). Modes:
//   matrix: DataMatrix::fromFloat then fitPca + projectPca (float32 Gram per block)
//   moments64: the fit from float64 centred moments (distributedPca, one process), what
//           reduceForClustering fits when the PCA uses all rows; projectPca as matrix
//   f32:    fitPcaCovariance/projectPcaBlocked straight from the loaded float32 buffer
//   f16:    the same from float16 rows converted per block (as stored in the project;
//           FILE is then the .f16 file)
int benchPca(int argc, char** argv) {
    if (argc < 6) return 2;
    const std::string path = argv[2];
    const std::int64_t rows = std::stoll(argv[3]);
    const int cols = std::stoi(argv[4]);
    const int comps = std::stoi(argv[5]);
    const std::string mode = argc > 6 ? argv[6] : "f32";
    const std::int64_t sample = argc > 7 ? std::stoll(argv[7]) : 0;
    dl::PcaPrecision precision = mode == "moments64" ? dl::PcaPrecision::Float64 : dl::PcaPrecision::Float32;
    if (argc > 8 && !dl::parsePcaPrecision(argv[8], precision)) {
        std::cerr << "precision must be fp64, fp32 or bf16\n";
        return 2;
    }
    const bool half = mode == "f16";
    std::vector<float> data;
    std::vector<std::uint16_t> halves;
    std::ifstream f(path, std::ios::binary);
    if (half) {
        halves.resize(static_cast<std::size_t>(rows) * cols);
        f.read(reinterpret_cast<char*>(halves.data()), static_cast<std::streamsize>(halves.size() * 2));
    } else {
        data.resize(static_cast<std::size_t>(rows) * cols);
        f.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(data.size() * 4));
    }
    if (!f) {
        std::cerr << "cannot read " << path << "\n";
        return 1;
    }
    dl::CancelToken cancel;
    dl::PcaParams pp;
    pp.components = comps;
    pp.maxFitRows = sample;
    pp.precision = precision;
    // REPEAT (environment, default 1) runs; the run with the median total is reported (this VM's
    // speed varies from run to run). The matrix is built once, outside the timing.
    const int repeat = std::max(1, std::getenv("REPEAT") ? std::atoi(std::getenv("REPEAT")) : 1);
    std::optional<dl::DataMatrix> matrix;
    if (mode == "matrix" || mode == "moments64") {
        auto m = dl::DataMatrix::fromFloat(data, rows, cols, dl::Precision::Float32);
        if (!m) {
            std::cerr << m.error().message << "\n";
            return 1;
        }
        matrix = std::move(*m);
    }
    auto src = half ? dl::halfRowBlocks(halves, rows, cols) : dl::floatRowBlocks(data, rows, cols);
    dl::Expected<dl::PcaModel> model = std::unexpected(dl::Error{});
    bool projected = false;
    std::vector<std::pair<double, double>> runs;  // fit, projection seconds
    const double cpu0 = cpuSeconds();
    for (int i = 0; i < repeat; ++i) {
        auto t0 = Clock::now();
        dl::LocalReducer local;
        if (mode == "matrix") model = dl::fitPca(*matrix, pp, cancel);
        else if (mode == "moments64") model = dl::distributedPca(data, rows, cols, comps, local, precision);
        else model = dl::fitPcaCovariance(*src, pp, cancel);
        const double fit = since(t0);
        t0 = Clock::now();
        dl::Expected<dl::DataMatrix> out = std::unexpected(dl::Error{});
        if (model)
            out = matrix ? dl::projectPca(*model, *matrix, cancel)
                         : dl::projectPcaBlocked(*model, *src, dl::Precision::Float32, false, cancel);
        projected = out.has_value();
        runs.emplace_back(fit, since(t0));  // the output is freed after the clock stops, as bench_sklearn.py's
    }
    nlohmann::json runsInOrder = nlohmann::json::array();  // [fit, projection] per run, in run order
    for (const auto& [f, p] : runs) runsInOrder.push_back({f, p});
    std::sort(runs.begin(), runs.end(), [](auto a, auto b) { return a.first + a.second < b.first + b.second; });
    const auto [fit, project] = runs[runs.size() / 2];
    std::vector<double> totals;
    for (const auto& [f, p] : runs) totals.push_back(f + p);
    const double cpu = (cpuSeconds() - cpu0) / repeat;
    if (!model || !projected) {
        std::cerr << (model ? "projection failed" : model.error().message) << "\n";
        return 1;
    }
    // Flops of the work itself, the same count for both sides: XᵀX as a SYRK (N·d·(d+1), what
    // numpy's X.T @ X runs) and the projection 2·N·d·c. The tiles run ~3% more (diagonal tiles).
    const double n = double(model->fitRows), d = cols;
    const double fitFlops = n * d * (d + 1);
    const double projFlops = 2.0 * double(rows) * d * comps;
    double evr = 0;
    for (double v : model->explainedVarianceRatio) evr += v;
    nlohmann::json out = {{"impl", "domainlens PCA " + mode + " " + dl::pcaPrecisionName(precision)},
                          {"precision", dl::pcaPrecisionName(precision)},
                          {"rows", rows},
                          {"cols", cols},
                          {"components", comps},
                          {"fit_rows", model->fitRows},
                          {"fit_seconds", fit},
                          {"project_seconds", project},
                          {"total_seconds", fit + project},
                          {"total_seconds_sorted", totals},
                          {"runs", runsInOrder},
                          {"total_cpu_seconds", cpu},
                          {"fit_gflops", fitFlops / fit / 1e9},
                          {"project_gflops", projFlops / project / 1e9},
                          {"explained_variance_ratio_sum", evr}};
    std::cout << out.dump() << std::endl;
    return 0;
}

int benchCluster(int argc, char** argv) {
    if (argc < 8) return 2;
    const std::string path = argv[2], labelsPath = argv[4], device = argv[7];
    const int cols = std::stoi(argv[3]), k = std::stoi(argv[5]), comps = std::stoi(argv[6]);
    const int nInit = argc > 8 ? std::stoi(argv[8]) : 3;
    if (device != "cpu" && device != "cuda") return 2;
    std::vector<int> truth;
    std::vector<std::string> names;
    {
        std::ifstream lf(labelsPath);
        for (std::string line; std::getline(lf, line);) {
            auto it = std::find(names.begin(), names.end(), line);
            if (it == names.end()) it = names.insert(names.end(), line);
            truth.push_back(int(it - names.begin()));
        }
    }
    const std::int64_t rows = std::int64_t(truth.size());
    std::vector<float> data(static_cast<std::size_t>(rows) * cols);
    std::ifstream f(path, std::ios::binary);
    f.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(data.size() * 4));
    if (!f || rows == 0) {
        std::cerr << "cannot read " << rows << " x " << cols << " floats from " << path << "\n";
        return 1;
    }
    if (device == "cuda" && !dl::cudaAvailable()) {
        std::cerr << "no CUDA device visible to libtorch\n";
        return 1;
    }
    dl::CancelToken cancel;
    dl::NullProgress progress;
    const auto t0 = std::chrono::steady_clock::now();
    auto x = dl::DataMatrix::fromFloat(data, rows, cols, dl::Precision::Float64, device == "cuda");
    if (!x) return std::cerr << x.error().message << "\n", 1;
    dl::PcaParams pp;
    pp.components = comps;
    auto pca = dl::fitPca(*x, pp, cancel);
    if (!pca) return std::cerr << pca.error().message << "\n", 1;
    auto z = dl::projectPca(*pca, *x, cancel);
    if (!z) return std::cerr << z.error().message << "\n", 1;
    const auto t1 = std::chrono::steady_clock::now();
    dl::GmmParams gp;
    gp.k = k;
    gp.nInit = nInit;
    auto fit = dl::fitGmm(*z, gp, progress, cancel);
    if (!fit) return std::cerr << fit.error().message << "\n", 1;
    const auto t2 = std::chrono::steady_clock::now();
    const auto c = dl::confusionMatrix(truth, fit->labels, int(names.size()), k);
    const nlohmann::json out{{"bench", "cluster"},
                             {"device", device},
                             {"on_cuda", z->onCuda()},
                             {"rows", rows},
                             {"cols", cols},
                             {"pca", comps},
                             {"k", k},
                             {"n_init", nInit},
                             {"pca_seconds", std::chrono::duration<double>(t1 - t0).count()},
                             {"gmm_seconds", std::chrono::duration<double>(t2 - t1).count()},
                             {"iterations", fit->iterations},
                             {"lower_bound", fit->lowerBound},
                             {"purity", dl::purity(c)},
                             {"nmi", dl::normalizedMutualInfo(c)},
                             {"explained_variance_ratio_sum", [&] {
                                  double s = 0;
                                  for (double v : pca->explainedVarianceRatio) s += v;
                                  return s;
                              }()}};
    std::cout << out.dump() << std::endl;
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    int rc = 2;
    if (mode == "gmm") rc = benchGmm(argc, argv);
    else if (mode == "pca") rc = benchPca(argc, argv);
    else if (mode == "cluster") rc = benchCluster(argc, argv);
    if (rc == 2)
        std::cerr << "usage: bench_gmm gmm DATA.f64 ROWS COLS START.json ITERS [f64|f32]\n"
                     "       bench_gmm pca FILE ROWS COLS COMPONENTS [matrix|moments64|f32|f16] [SAMPLE_ROWS] "
                     "[fp64|fp32|bf16]\n"
                     "       bench_gmm cluster VECTORS.f32 COLS LABELS.txt K PCA cpu|cuda [N_INIT]\n";
    return rc;
}
