#include "encode/EncodeJob.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>

#include "encode/EncodePlan.h"
#include "encode/ModelCatalog.h"
#include "encode/ModelConfig.h"
#include "encode/ModelIdentity.h"
#include "jobs/RunJob.h"
#include "store/Corpora.h"
#include "store/ProjectLock.h"
#include "store/Store.h"

namespace dl {
namespace {

bool underFolder(const std::string& path, const std::string& folder) {
    const auto rel = std::filesystem::path(path).lexically_relative(folder);
    return !rel.empty() && *rel.begin() != "..";
}

// How far this run encodes: the corpus, or its first params.upTo sentences.
std::int64_t encodeTarget(const EncodePlan& p, const EncodeParams& params) {
    return params.upTo > 0 ? std::min(params.upTo, p.corpus.sentences) : p.corpus.sentences;
}

// Streams the corpus from `position` through the encoder and appends each layer's rows to
// its set (a set already further along skips the rows it has). One transaction per chunk.
Status encodeChunks(const EncodePlan& p, const EncodeParams& params, TransformerEncoder& encoder, Store& store,
                    std::vector<EncodeResult>& res, std::vector<std::int64_t>& done, ProgressSink& progress,
                    const CancelToken& cancel) {
    const std::int64_t total = encodeTarget(p, params);
    std::int64_t position = *std::min_element(done.begin(), done.end());
    std::vector<std::string> texts;
    std::vector<std::vector<float>> vectors;
    const int dim = p.cfg.hiddenSize;
    while (position < total) {
        cancel.throwIfCancelled();
        texts.clear();
        std::int64_t first = -1;
        auto s = forEachSentence(store, p.corpus.id, position, [&](const Sentence& sen) {
            if (first < 0) first = sen.position;
            texts.push_back(p.promptText + (params.side == Side::Source ? sen.src : sen.tgt));
            return static_cast<int>(texts.size()) < params.chunkSentences && sen.position + 1 < total;
        });
        if (!s) return s;
        if (texts.empty()) break;
        if (first != position)
            return fail("The corpus " + p.corpus.name + " has a gap in its sentence positions at " +
                        std::to_string(position) + ".");
        EncodeStats stats;
        if (auto e = encoder.encodeLayers(texts, p.resolved, p.pooling, vectors, &stats, &cancel); !e) return e;
        if (p.mean) averageLayers(vectors);
        const auto rows = static_cast<std::int64_t>(texts.size());
        for (const auto& v : vectors)
            if (auto f = checkFiniteVectors(v, dim, p.corpus.name, position); !f) return f;
        auto tx = store.begin();
        if (!tx) return std::unexpected(tx.error());
        for (std::size_t j = 0; j < res.size(); ++j) {
            if (done[j] >= position + rows) continue;
            if (res[j].setId == 0) {  // a new set, registered with its first chunk
                auto set = ensureEmbeddingSet(store, outputKeyFor(p, params, j), dim, params.storage, p.model.path);
                if (!set) return std::unexpected(set.error());
                res[j].setId = set->id;
            }
            const std::int64_t skip = std::max<std::int64_t>(0, done[j] - position);
            std::span<const float> part(vectors[j].data() + skip * dim, static_cast<std::size_t>((rows - skip) * dim));
            if (auto a = appendEmbeddings(store, res[j].setId, p.corpus.id, position + skip, rows - skip, part); !a)
                return a;
            res[j].encoded += rows - skip;
            done[j] = position + rows;
        }
        if (auto c = tx->commit(); !c) return c;
        for (auto& r : res) r.stats.add(stats);
        position += rows;
        progress.progress(position, total);
    }
    return {};
}

Expected<std::vector<EncodeResult>> encodeLayers(const EncodeParams& params, const std::vector<int>& layers, bool mean,
                                                 Store& store, ProgressSink& progress, const CancelToken& cancel) {
    const auto t0 = std::chrono::steady_clock::now();
    auto p = planEncode(params, layers, store, mean);
    if (!p) return std::unexpected(p.error());
    // One encode of a corpus at a time: a second one would append the positions the first is
    // appending (and fail with an 'internal error' about chunk positions).
    auto lock =
        ProjectLock::tryAcquire(store.path(), ProjectLock::encodeSlot(p->corpus.id),
                                "Another process is encoding the corpus '" + p->corpus.name + "' of " + store.path() +
                                    "; wait for it to finish (or stop it), then run this again.");
    if (!lock) return std::unexpected(lock.error());
    const std::size_t outputs = p->mean ? 1 : p->resolved.size();  // a layer mean is one set
    std::vector<EncodeResult> res(outputs);
    std::vector<std::int64_t> done(outputs);
    // Unless every set is already complete, the model is loaded (and so checked: weights,
    // tokenizer, a FIFO or a damaged file) before the project is touched, and a set that does
    // not exist yet is registered in the transaction of its first chunk: a model that cannot
    // load, or whose first batch fails (NaN vectors, cancel), leaves the project byte-identical.
    std::unique_ptr<TransformerEncoder> encoder;
    std::vector<std::optional<EmbeddingSetInfo>> existing(res.size());
    bool complete = true;
    for (std::size_t j = 0; j < res.size(); ++j) {
        auto set = findEmbeddingSet(store, outputKeyFor(*p, params, j));
        if (!set) return std::unexpected(set.error());
        existing[j] = *set;
        auto n = *set ? encodedCount(store, (*set)->id, p->corpus.id) : Expected<std::int64_t>(0);
        if (!n) return std::unexpected(n.error());
        complete = complete && *n >= encodeTarget(*p, params);
    }
    const auto loadEncoder = [&]() -> Status {
        progress.stage("Loading " + p->model.name);
        auto e = TransformerEncoder::load(p->model.path, encoderOptionsFor(*p, params));
        if (!e) return std::unexpected(e.error());
        encoder = std::move(*e);
        return {};
    };
    if (!complete)
        if (auto s = loadEncoder(); !s) return std::unexpected(s.error());
    {
        auto tx = store.begin();
        if (!tx) return std::unexpected(tx.error());
        for (std::size_t j = 0; j < res.size(); ++j) {
            const auto key = outputKeyFor(*p, params, j);
            auto& r = res[j];
            // An existing set is checked (dimensions) and its model path updated now; a new one
            // waits for its first chunk (encodeChunks), unless the corpus is empty.
            if (existing[j] || p->corpus.sentences == 0) {
                auto set = ensureEmbeddingSet(store, key, p->cfg.hiddenSize, params.storage, p->model.path);
                if (!set) return std::unexpected(set.error());
                r.setId = set->id;
            }
            r.corpusId = p->corpus.id;
            r.corpus = p->corpus.name;
            r.model = p->model.name;
            r.modelPath = p->model.path;
            r.modelHash = p->hash;
            r.precision = p->precision;
            r.prefix = p->promptName;
            r.dim = p->cfg.hiddenSize;
            r.layer = key.layer;
            r.layerMean = key.layerMean;
            r.total = p->corpus.sentences;
        }
        if (auto c = tx->commit(); !c) return std::unexpected(c.error());
    }
    for (std::size_t j = 0; j < res.size(); ++j) {
        auto n = res[j].setId ? encodedCount(store, res[j].setId, p->corpus.id) : Expected<std::int64_t>(0);
        if (!n) return std::unexpected(n.error());
        done[j] = res[j].alreadyEncoded = *n;
        res[j].noop = *n >= encodeTarget(*p, params);
    }
    if (std::all_of(res.begin(), res.end(), [](const EncodeResult& r) { return r.noop; })) {
        progress.info("Already encoded: " + p->corpus.name + " (" + std::to_string(p->corpus.sentences) +
                      " sentences) with " + p->model.name + "; nothing to do.");
        return res;
    }

    if (!encoder)
        if (auto s = loadEncoder(); !s) return std::unexpected(s.error());
    const std::int64_t from = *std::min_element(done.begin(), done.end());
    if (from > 0)
        progress.info("Resuming at sentence " + std::to_string(from) + " of " + std::to_string(p->corpus.sentences) +
                      ".");
    progress.stage("Encoding " + p->corpus.name + " (" + sideName(params.side) + ") with " + p->model.name + " on " +
                   encoder->device());
    progress.progress(from, p->corpus.sentences);
    const auto tEncode = std::chrono::steady_clock::now();
    if (auto s = encodeChunks(*p, params, *encoder, store, res, done, progress, cancel); !s)
        return std::unexpected(s.error());
    const double encodeSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - tEncode).count();
    const std::int64_t sentences = encodeTarget(*p, params) - from;
    const double sps = encodeSeconds > 0 ? static_cast<double>(sentences) / encodeSeconds : 0;
    for (auto& r : res) {
        r.device = encoder->device();
        r.truncated = r.stats.truncated;
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        r.sentencesPerSecond = sps;
    }
    // Installed models remember their speed for the Encode dialog (not folders given by path).
    if (sentences > 0 && (underFolder(p->model.path, modelsDataDir()) || underFolder(p->model.path, hfHubCacheDir())))
        recordModelSpeed(p->model.path, sps, encoder->device());
    char line[256];
    std::snprintf(line, sizeof line,
                  "Encoded %lld sentences in %.1f s (%.1f sentences/s); %lld truncated at %d tokens.",
                  static_cast<long long>(sentences), encodeSeconds, sps, static_cast<long long>(res[0].truncated),
                  encoder->maxLength());
    progress.info(line);
    return res;
}

}  // namespace

Expected<EncodeResult> runEncode(const EncodeParams& params, Store& store, ProgressSink& progress,
                                 const CancelToken& cancel) {
    return runJob<EncodeResult>([&]() -> Expected<EncodeResult> {
        const bool mean = !params.layerMean.empty();
        auto r = encodeLayers(params, mean ? params.layerMean : std::vector<int>{params.layer}, mean, store, progress,
                              cancel);
        if (!r) return std::unexpected(r.error());
        return std::move(r->front());
    });
}

Expected<std::vector<EncodeResult>> runEncodeLayers(const EncodeParams& params, Store& store, ProgressSink& progress,
                                                    const CancelToken& cancel) {
    return runJob<std::vector<EncodeResult>>([&]() -> Expected<std::vector<EncodeResult>> {
        const bool several = !params.layers.empty() || params.allLayers;
        const bool mean = !several && !params.layerMean.empty();
        return encodeLayers(params,
                            several ? params.layers
                            : mean  ? params.layerMean
                                    : std::vector<int>{params.layer},
                            mean, store, progress, cancel);
    });
}

nlohmann::json EncodeResult::toJson() const {
    return {{"corpus", corpus},
            {"set_id", setId},
            {"model", model},
            {"model_path", modelPath},
            {"model_hash", modelHash},
            {"precision", precision},
            {"prefix", prefix},
            {"device", device},
            {"dim", dim},
            {"layer", layer},
            {"layer_mean", layerMean},
            {"sentences", total},
            {"already_encoded", alreadyEncoded},
            {"encoded", encoded},
            {"truncated", truncated},
            {"noop", noop},
            {"seconds", seconds},
            {"sentences_per_second", sentencesPerSecond},
            {"tokens", stats.tokens},
            {"padded_tokens", stats.paddedTokens},
            {"tokenize_seconds", stats.tokenizeSeconds},
            {"forward_seconds", stats.forwardSeconds}};
}

}  // namespace dl
