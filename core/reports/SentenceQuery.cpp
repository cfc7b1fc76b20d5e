#include "reports/SentenceQuery.h"

#include <charconv>
#include <cstdint>
#include <filesystem>

#include "analysis/ClusterModel.h"
#include "analysis/NearestNeighbours.h"
#include "analysis/StoreEmbeddingBlocks.h"
#include "encode/EncodePlan.h"
#include "encode/ModelCatalog.h"
#include "encode/ModelIdentity.h"
#include "encode/TransformerEncoder.h"
#include "reports/SentenceQueryCache.h"
#include "store/Embeddings.h"
#include "store/Runs.h"
#include "store/Statement.h"
#include "store/Store.h"

namespace dl {

namespace {

// The stored layer numbers a set's vectors come from: EmbeddingKey::layerMean ("8+10", from the
// project file: untrusted) or the set's one layer when that is empty or not a '+' list of numbers.
std::vector<int> layersOf(const EmbeddingKey& key) {
    std::vector<int> out;
    std::string_view rest = key.layerMean;
    while (!rest.empty()) {
        const auto plus = rest.find('+', rest.front() == '-' ? 1 : 0);
        const std::string_view item = rest.substr(0, plus);
        int v = 0;
        const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
        if (ec != std::errc() || end != item.data() + item.size() || out.size() >= 64) return {key.layer};
        out.push_back(v);
        rest = plus == std::string_view::npos ? std::string_view() : rest.substr(plus + 1);
    }
    return out.empty() ? std::vector<int>{key.layer} : out;
}

}  // namespace

namespace {

// The encoder that computes the set's vectors, or why there is none.
Expected<std::unique_ptr<TransformerEncoder>> encoderForSet(const EmbeddingSetInfo& set,
                                                            const SentenceQueryParams& params) {
    const auto& key = set.key;
    if (set.modelPath.empty() || !std::filesystem::is_directory(set.modelPath))
        return fail(ErrorCode::ModelNotFound, {key.model, set.modelPath},
                    "The model of the embedding set (" + key.model + ") is not where it was encoded (" +
                        (set.modelPath.empty() ? std::string("unknown") : set.modelPath) +
                        "); encode the corpus again with it.");
    if (key.modelHash.empty())
        return fail(ErrorCode::ModelUnrecorded, {},
                    "The embedding set does not record its model's content (an old project): encode the corpus again.");
    auto hash = modelContentHash(set.modelPath);
    if (!hash) return std::unexpected(hash.error());
    if (*hash != key.modelHash)
        return fail(ErrorCode::ModelChanged, {set.modelPath},
                    "The model at " + set.modelPath +
                        " has changed since the corpus was encoded: its vectors would not be comparable.");
    // fp16 is CUDA's default; the other precisions are asked for by name.
    const std::string request = key.precision == "fp16" ? std::string() : key.precision;
    if (auto s = checkPrecision(request, params.device); !s) return std::unexpected(s.error());
    const std::string computed = encoderPrecision(params.device, request);
    if (computed != key.precision)
        return fail(ErrorCode::PrecisionMismatch, {key.precision, computed},
                    "The corpus was encoded in " + key.precision + "; this machine computes " + computed +
                        ": the vectors would not be comparable.");
    auto pooling = parsePooling(key.pooling);
    if (!pooling) return std::unexpected(pooling.error());
    EncoderOptions o;
    o.pooling = *pooling;
    o.normalize = key.normalized;
    o.precision = request;
    o.device = params.device;
    o.threads = params.threads;
    return TransformerEncoder::load(set.modelPath, o);
}

// What makes two encoders for a set interchangeable (the cache's key).
std::string encoderIdentity(const EmbeddingSetInfo& set, const SentenceQueryParams& params) {
    const auto& key = set.key;
    return set.modelPath + '\n' + key.modelHash + '\n' + key.precision + '\n' + key.pooling + '\n' +
           (key.normalized ? "l2" : "raw") + '\n' + params.device + '\n' + std::to_string(params.threads);
}

// The encoder held by the cache when it is the set's, else a freshly checked and loaded one
// (then kept in the cache). Null cache: always loaded.
Expected<TransformerEncoder*> encoderFor(const EmbeddingSetInfo& set, const SentenceQueryParams& params,
                                         SentenceQueryCache* cache, std::unique_ptr<TransformerEncoder>& owned) {
    const std::string identity = encoderIdentity(set, params);
    if (cache)
        if (auto* held = cache->encoder(identity)) return held;  // checked against the set's model hash when loaded
    auto loaded = encoderForSet(set, params);
    if (!loaded) return std::unexpected(loaded.error());
    if (!cache) {
        owned = std::move(*loaded);
        return owned.get();
    }
    cache->keepEncoder(identity, std::move(*loaded));
    return cache->encoder(identity);
}

Expected<std::int64_t> sentenceIdAt(Statement& q, std::int64_t corpusId, std::int64_t position) {
    q.reset();
    q.bind(1, corpusId).bind(2, position);
    auto row = q.step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return fail("The corpus has no sentence at position " + std::to_string(position) + ".");
    return q.int64(0);
}

}  // namespace

Expected<SentenceQueryResult> querySentences(const SentenceQueryParams& params, Store& store, ProgressSink& progress,
                                             const CancelToken& cancel, SentenceQueryCache* cache) {
    if (params.texts.empty()) return fail(ErrorCode::EmptyQuery, {}, "No sentence to look up.", ErrorKind::Usage);
    auto run = params.runId ? getRun(store, params.runId) : latestRun(store, RunKind::Cluster);
    if (!run) return std::unexpected(run.error());
    if (auto ok = requireClusterRun(*run); !ok) return std::unexpected(ok.error());
    auto model = loadClusterModel(store, *run);
    if (!model) return std::unexpected(model.error());
    auto set = embeddingSet(store, model->embeddingSet);
    if (!set) return std::unexpected(set.error());
    // One forward pass: the set's layer, or the layers its vectors average (encode --layer-mean;
    // neighbours), and the averaged layers of cluster --layers (the map).
    std::vector<int> layers = layersOf(set->key);
    const std::size_t own = layers.size();
    for (auto id : model->layerSets) {
        auto other = embeddingSet(store, id);
        if (!other) return std::unexpected(other.error());
        layers.push_back(other->key.layer);
    }

    progress.stage("Loading " + set->key.model);
    std::unique_ptr<TransformerEncoder> ownEncoder;
    auto encoder = encoderFor(*set, params, cache, ownEncoder);
    if (!encoder) return std::unexpected(encoder.error());
    auto prompt = resolvePrompt(set->modelPath, set->key.prefix.empty() ? "none" : set->key.prefix);
    if (!prompt) return std::unexpected(prompt.error());
    std::vector<std::string> texts;
    texts.reserve(params.texts.size());
    for (const auto& t : params.texts) texts.push_back(prompt->second + t);
    progress.stage("Encoding " + std::to_string(texts.size()) + " sentence(s)");
    std::vector<std::vector<float>> vectors;
    if (auto s = (*encoder)->encodeLayers(texts, layers, (*encoder)->options().pooling, vectors, nullptr, &cancel); !s)
        return std::unexpected(s.error());
    if (own > 1) {  // a layer-mean set: the query's vector is the same mean, as encode stored it
        std::vector<std::vector<float>> mean(vectors.begin(), vectors.begin() + std::ptrdiff_t(own));
        averageLayers(mean);
        vectors.erase(vectors.begin() + 1, vectors.begin() + std::ptrdiff_t(own));
        vectors[0] = std::move(mean[0]);
    }
    const int dim = (*encoder)->dim();
    if (dim != set->dim)
        return fail(ErrorCode::DimensionMismatch, {std::to_string(dim), std::to_string(set->dim)},
                    "The model gives " + std::to_string(dim) + "-dimensional vectors; the set holds " +
                        std::to_string(set->dim) + ".");
    const auto n = std::int64_t(texts.size());

    SentenceQueryResult result;
    result.runId = run->id;
    result.model = set->key.model;
    result.sentences.resize(texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i) result.sentences[i].text = params.texts[i];

    // The map: the representation the run clustered (mean of its layer sets, or the set itself).
    std::vector<float> rep = vectors[0];
    if (!model->layerSets.empty()) {
        std::fill(rep.begin(), rep.end(), 0.f);
        for (std::size_t l = 1; l < vectors.size(); ++l)
            for (std::size_t j = 0; j < rep.size(); ++j) rep[j] += vectors[l][j] / float(vectors.size() - 1);
    }
    if (auto xy = projectToMap(*model, rep, n, dim, cancel)) {
        for (std::int64_t i = 0; i < n; ++i) {
            auto& s = result.sentences[std::size_t(i)];
            s.placed = true, s.x = (*xy)[std::size_t(2 * i)], s.y = (*xy)[std::size_t(2 * i + 1)];
        }
    } else {
        result.note = xy.error().message;
    }

    progress.stage("Comparing with the stored vectors");
    auto blocks = cache ? cache->rows(store, *set, run->corpusId) : storeEmbeddingBlocks(store, set->id, run->corpusId);
    if (!blocks) return std::unexpected(blocks.error());
    result.searched = (*blocks)->rows();
    NeighbourParams np;
    np.k = params.k;
    auto found = nearestByCosine(**blocks, vectors[0], int(n), np, progress, cancel);
    blocks->reset();  // its statement goes before the next one
    if (!found) return std::unexpected(found.error());
    auto q = store.prepare("SELECT id FROM sentences WHERE corpus_id = ? AND position = ?");
    if (!q) return std::unexpected(q.error());
    for (std::size_t i = 0; i < found->size(); ++i)
        for (const auto& nb : (*found)[i]) {
            auto id = sentenceIdAt(*q, run->corpusId, nb.row);
            if (!id) return std::unexpected(id.error());
            result.sentences[i].neighbours.push_back({*id, nb.row, nb.cosine});
        }
    return result;
}

}  // namespace dl
