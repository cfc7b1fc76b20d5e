// Encoder throughput on real sentences: tokenization + forward + pooling, no storage.
// usage: bench_encode --sentences FILE [--model DIR] [--threads N] [--batch N] [--batch-tokens N]
//                     [--max-length N] [--limit N] [--repeat N] [--precision fp32|bf16|int8] [--workers N]
//                     [--device cpu|cuda] [--vectors FILE]
// --vectors: the last run's vectors as raw little-endian float32, row-major (the JSON says
// "dim"), to compare devices or precisions (scripts/gpu-build.sh: CUDA against the CPU).
// Prints one JSON line with sentences/s, the time split, the useful FLOPs (real tokens, no
// padding: the linear layers plus attention's two matmuls) and the peak RSS.
#include <sys/resource.h>
#include <cstdint>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "encode/ModelCatalog.h"
#include "encode/TransformerEncoder.h"
#include "text/Tokenizer.h"

int main(int argc, char** argv) {
    std::string file, model, vectorsPath;
    dl::EncoderOptions o;
    o.device = "cpu";
    o.maxBatch = 32;
    o.batchTokens = 0;  // 0 here = maxBatch * maxLength (sentence batches like sentence-transformers)
    int limit = 20000, repeat = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string k = argv[i], v = argv[i + 1];
        if (k == "--sentences") file = v;
        else if (k == "--model") model = v;
        else if (k == "--threads") o.threads = std::stoi(v);
        else if (k == "--batch") o.maxBatch = std::stoi(v);
        else if (k == "--batch-tokens") o.batchTokens = std::stoll(v);
        else if (k == "--max-length") o.maxLength = std::stoi(v);
        else if (k == "--limit") limit = std::stoi(v);
        else if (k == "--repeat") repeat = std::stoi(v);
        else if (k == "--device") o.device = v;
        else if (k == "--precision") o.precision = v;
        else if (k == "--workers") o.workers = std::stoi(v);
        else if (k == "--vectors") vectorsPath = v;
        else {
            std::fprintf(stderr, "unknown option %s\n", k.c_str());
            return 2;
        }
    }
    if (file.empty()) {
        std::fprintf(stderr,
                     "usage: bench_encode --sentences FILE [--model DIR] [--threads N] [--batch N] "
                     "[--batch-tokens N] [--max-length N] [--limit N] [--repeat N]\n");
        return 2;
    }
    std::vector<std::string> texts;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line) && static_cast<int>(texts.size()) < limit;) texts.push_back(line);
    auto entry = dl::resolveModel(model);
    if (!entry) {
        std::fprintf(stderr, "%s\n", entry.error().message.c_str());
        return 1;
    }
    if (o.batchTokens == 0)
        o.batchTokens = static_cast<std::int64_t>(o.maxBatch) * (o.maxLength > 0 ? o.maxLength : 512);
    auto enc = dl::TransformerEncoder::load(entry->path, o);
    if (!enc) {
        std::fprintf(stderr, "%s\n", enc.error().message.c_str());
        return 1;
    }
    // FLOPs of the work itself, counted on the real tokens (what any implementation must do):
    // per token and layer 2 x (4 H^2 + 2 H I) for the linear layers, and 4 T H for the scores
    // and the weighted sum over a sentence of T tokens.
    const auto& cfg = (*enc)->config();
    const double H = cfg.hiddenSize, I = cfg.intermediateSize, L = (*enc)->resolvedLayer();
    double flops = 0;
    for (const auto& t : texts) {
        const double T = static_cast<double>((*enc)->tokenizer().encode(t, (*enc)->maxLength()).ids.size());
        flops += L * T * (2.0 * (4.0 * H * H + 2.0 * H * I) + 4.0 * T * H);
    }
    std::vector<float> out;
    {  // warm-up (allocator, OpenMP pool)
        std::vector<std::string> warm(texts.begin(), texts.begin() + std::min<std::size_t>(64, texts.size()));
        (void)(*enc)->encode(warm, out);
    }
    double best = 1e30;
    dl::EncodeStats bestStats;
    for (int r = 0; r < repeat; ++r) {
        dl::EncodeStats stats;
        const auto t0 = std::chrono::steady_clock::now();
        auto s = (*enc)->encode(texts, out, &stats);
        const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!s) {
            std::fprintf(stderr, "%s\n", s.error().message.c_str());
            return 1;
        }
        if (sec < best) {
            best = sec;
            bestStats = stats;
        }
    }
    if (!vectorsPath.empty()) {
        std::ofstream vf(vectorsPath, std::ios::binary);
        vf.write(reinterpret_cast<const char*>(out.data()), std::streamsize(out.size() * sizeof(float)));
        if (!vf) {
            std::fprintf(stderr, "cannot write %s\n", vectorsPath.c_str());
            return 1;
        }
    }
    struct rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    nlohmann::json j{{"impl", "domainlens"},
                     {"model", entry->name},
                     {"sentences", texts.size()},
                     {"threads", o.threads},
                     {"precision", (*enc)->precision()},
                     {"device", o.device},
                     {"dim", texts.empty() ? 0 : out.size() / texts.size()},
                     {"workers", o.workers},
                     {"layers_run", L},
                     {"gflop", flops / 1e9},
                     {"gflop_per_second", flops / 1e9 / best},
                     {"batch", o.maxBatch},
                     {"batch_tokens", o.batchTokens},
                     {"max_length", (*enc)->maxLength()},
                     {"seconds", best},
                     {"sentences_per_second", static_cast<double>(texts.size()) / best},
                     {"tokenize_seconds", bestStats.tokenizeSeconds},
                     {"forward_seconds", bestStats.forwardSeconds},
                     {"tokens", bestStats.tokens},
                     {"padded_tokens", bestStats.paddedTokens},
                     {"truncated", bestStats.truncated},
                     {"batches", bestStats.batches},
                     {"peak_rss_mb", static_cast<double>(ru.ru_maxrss) / 1024.0}};
    std::printf("%s\n", j.dump().c_str());
    return 0;
}
