#include "encode/EncodeJob.h"

#include <chrono>
#include <cstdio>

#include "encode/ModelCatalog.h"
#include "encode/ModelConfig.h"
#include "jobs/RunJob.h"
#include "store/Corpora.h"
#include "store/Store.h"

namespace dl {

Expected<EncodeResult> runEncode(const EncodeParams& params, Store& store, ProgressSink& progress,
                                 const CancelToken& cancel) {
    return runJob<EncodeResult>([&]() -> Expected<EncodeResult> {
        const auto t0 = std::chrono::steady_clock::now();
        auto pooling = parsePooling(params.pooling);
        if (!pooling) return std::unexpected(pooling.error());
        if (params.chunkSentences < 1) return usageError("The chunk size must be positive.");
        auto model = resolveModel(params.model);
        if (!model) return std::unexpected(model.error());
        auto corpus = resolveCorpus(store, params.corpus);
        if (!corpus) return std::unexpected(corpus.error());
        if (params.side == Side::Target && !corpus->parallel)
            return usageError("The corpus " + corpus->name + " has no target side.");

        // The key needs only config.json; a complete set returns before loading the weights.
        auto cfg = loadModelConfig(model->path);
        if (!cfg) return std::unexpected(cfg.error());
        const int L = cfg->numLayers;
        if (params.layer > L || params.layer < -(L + 1))
            return usageError("Layer " + std::to_string(params.layer) + " does not exist: " + model->name + " has " +
                              std::to_string(L) + " layers.");
        const int resolved = params.layer < 0 ? L + 1 + params.layer : params.layer;
        EmbeddingKey key;
        key.model = model->name;
        key.layer = resolved == L ? -1 : resolved;
        key.pooling = poolingName(*pooling);
        key.side = params.side;
        key.normalized = params.normalize;

        EncodeResult res;
        res.corpusId = corpus->id;
        res.corpus = corpus->name;
        res.model = model->name;
        res.modelPath = model->path;
        res.dim = cfg->hiddenSize;
        res.layer = key.layer;
        res.total = corpus->sentences;

        {
            auto tx = store.begin();
            if (!tx) return std::unexpected(tx.error());
            auto set = ensureEmbeddingSet(store, key, cfg->hiddenSize, params.storage);
            if (!set) return std::unexpected(set.error());
            if (auto c = tx->commit(); !c) return std::unexpected(c.error());
            res.setId = set->id;
        }
        auto done = encodedCount(store, res.setId, corpus->id);
        if (!done) return std::unexpected(done.error());
        res.alreadyEncoded = *done;
        if (*done >= corpus->sentences) {
            res.noop = true;
            progress.info("Already encoded: " + corpus->name + " (" + std::to_string(corpus->sentences) +
                          " sentences) with " + model->name + "; nothing to do.");
            return res;
        }

        progress.stage("Loading " + model->name);
        EncoderOptions eo;
        eo.pooling = *pooling;
        eo.layer = params.layer;
        eo.normalize = params.normalize;
        eo.batchTokens = params.batchTokens;
        eo.threads = params.threads;
        eo.device = params.device;
        auto encoder = TransformerEncoder::load(model->path, eo);
        if (!encoder) return std::unexpected(encoder.error());
        res.device = (*encoder)->device();
        if (*done > 0)
            progress.info("Resuming at sentence " + std::to_string(*done) + " of " + std::to_string(corpus->sentences) + ".");
        progress.stage("Encoding " + corpus->name + " (" + sideName(params.side) + ") with " + model->name + " on " +
                       res.device);
        progress.progress(*done, corpus->sentences);

        std::int64_t position = *done;
        std::vector<std::string> texts;
        std::vector<float> vectors;
        const auto tEncode = std::chrono::steady_clock::now();
        while (position < corpus->sentences) {
            cancel.throwIfCancelled();
            texts.clear();
            std::int64_t first = -1;
            auto s = forEachSentence(store, corpus->id, position, [&](const Sentence& sen) {
                if (first < 0) first = sen.position;
                texts.push_back(params.side == Side::Source ? sen.src : sen.tgt);
                return static_cast<int>(texts.size()) < params.chunkSentences;
            });
            if (!s) return std::unexpected(s.error());
            if (texts.empty()) break;
            if (first != position)
                return fail("The corpus " + corpus->name + " has a gap in its sentence positions at " +
                            std::to_string(position) + ".");
            auto e = (*encoder)->encode(texts, vectors, &res.stats, &cancel);
            if (!e) return std::unexpected(e.error());
            const auto rows = static_cast<std::int64_t>(texts.size());
            auto tx = store.begin();
            if (!tx) return std::unexpected(tx.error());
            if (auto a = appendEmbeddings(store, res.setId, corpus->id, position, rows, vectors); !a)
                return std::unexpected(a.error());
            if (auto c = tx->commit(); !c) return std::unexpected(c.error());
            position += rows;
            res.encoded += rows;
            progress.progress(position, corpus->sentences);
        }
        res.truncated = res.stats.truncated;
        const double encodeSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - tEncode).count();
        res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        res.sentencesPerSecond = encodeSeconds > 0 ? static_cast<double>(res.encoded) / encodeSeconds : 0;
        char line[256];
        std::snprintf(line, sizeof line, "Encoded %lld sentences in %.1f s (%.1f sentences/s); %lld truncated at %d tokens.",
                      static_cast<long long>(res.encoded), encodeSeconds, res.sentencesPerSecond,
                      static_cast<long long>(res.truncated), (*encoder)->maxLength());
        progress.info(line);
        return res;
    });
}

}  // namespace dl
