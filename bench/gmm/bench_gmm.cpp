// Benchmark: GMM EM iterations from a given start (same data/start as bench_sklearn.py) and
// PCA of a large matrix. Prints one JSON object per measurement on stdout.
//
//   bench_gmm gmm  DATA.f64 ROWS COLS START.json ITERS [f64|f32] [CHUNK_ROWS]
//   bench_gmm pca  ROWS COLS COMPONENTS [SAMPLE_ROWS]       (synthetic float32 data, seeded)
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/DataMatrix.h"
#include "analysis/Gmm.h"

using Clock = std::chrono::steady_clock;
static double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

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
    for (std::size_t i = 0; i < clock.stamps.size(); ++i) per.push_back(clock.stamps[i] - (i ? clock.stamps[i - 1] : 0.0));
    double steady = 0;
    for (std::size_t i = 1; i < per.size(); ++i) steady += per[i];
    steady = per.size() > 1 ? steady / double(per.size() - 1) : per[0];
    nlohmann::json out = {{"impl", std::string("domainlens ") + (f32 ? "float32" : "float64")},
                          {"rows", rows}, {"cols", cols}, {"k", p.k}, {"iterations", fit->iterations},
                          {"seconds_per_iteration", steady}, {"iteration_seconds", per},
                          {"fit_seconds_total", total}, {"lower_bound", fit->lowerBound},
                          {"threads_note", "libtorch intra-op threads = default (all cores)"}};
    std::cout << out.dump() << std::endl;
    return 0;
}

int benchPca(int argc, char** argv) {
    if (argc < 5) return 2;
    const std::int64_t rows = std::stoll(argv[2]);
    const int cols = std::stoi(argv[3]);
    const int comps = std::stoi(argv[4]);
    const std::int64_t sample = argc > 5 ? std::stoll(argv[5]) : 0;
    // Synthetic embeddings: 60 latent factors with decaying scale + isotropic noise, seeded.
    const int latent = 60;
    std::mt19937_64 rng(7);
    std::normal_distribution<float> g(0.f, 1.f);
    std::vector<float> mix(static_cast<std::size_t>(latent) * cols);
    for (auto& v : mix) v = g(rng);
    std::vector<float> data(static_cast<std::size_t>(rows) * cols);
    std::vector<float> z(latent);
    for (std::int64_t i = 0; i < rows; ++i) {
        for (int l = 0; l < latent; ++l) z[l] = g(rng) * 3.0f / float(1 + l / 4);
        float* r = data.data() + i * cols;
        for (int c = 0; c < cols; ++c) r[c] = 0.1f * g(rng);
        for (int l = 0; l < latent; ++l)
            for (int c = 0; c < cols; ++c) r[c] += z[l] * mix[std::size_t(l) * cols + c];
    }
    dl::CancelToken cancel;
    auto t0 = Clock::now();
    auto x = dl::DataMatrix::fromFloat(data, rows, cols, dl::Precision::Float32);
    const double load = since(t0);
    data = {};
    dl::PcaParams pp;
    pp.components = comps;
    pp.maxFitRows = sample;
    t0 = Clock::now();
    auto model = dl::fitPca(*x, pp, cancel);
    const double fit = since(t0);
    t0 = Clock::now();
    auto proj = dl::projectPca(*model, *x, cancel);
    const double project = since(t0);
    nlohmann::json out = {{"impl", "domainlens PCA (float64 covariance, float32 projection)"},
                          {"rows", rows}, {"cols", cols}, {"components", comps}, {"fit_rows", model->fitRows},
                          {"to_device_seconds", load}, {"fit_seconds", fit}, {"project_seconds", project},
                          {"total_seconds", fit + project}, {"explained_variance_ratio_sum", [&] {
                               double s = 0;
                               for (double v : model->explainedVarianceRatio) s += v;
                               return s;
                           }()}};
    std::cout << out.dump() << std::endl;
    return proj ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    int rc = 2;
    if (mode == "gmm") rc = benchGmm(argc, argv);
    else if (mode == "pca") rc = benchPca(argc, argv);
    if (rc == 2)
        std::cerr << "usage: bench_gmm gmm DATA.f64 ROWS COLS START.json ITERS [f64|f32]\n"
                     "       bench_gmm pca ROWS COLS COMPONENTS [SAMPLE_ROWS]\n";
    return rc;
}
