#include "analysis/LayerSets.h"

#include <algorithm>
#include <cstdint>

#include "store/Store.h"

namespace dl {

namespace {

bool sameFamily(const EmbeddingKey& a, EmbeddingKey b) {
    // identity(): the model's content hash, precision and prompt (two models named alike differ).
    // A layer-mean set (encode --layer-mean, the default of all-mpnet-base-v2) is never a
    // sibling itself, but its model's one-layer sets are its siblings.
    if (!a.layerMean.empty()) return false;
    b.layerMean.clear();
    return a.identity() == b.identity() && a.pooling == b.pooling && a.side == b.side && a.normalized == b.normalized;
}

int sortKey(int layer) { return layer < 0 ? 1000000 + layer : layer; }

}  // namespace

Expected<std::vector<EmbeddingSetInfo>> siblingLayerSets(Store& store, const CorpusInfo& corpus,
                                                         const EmbeddingSetInfo& base) {
    auto all = listEmbeddingSets(store);
    if (!all) return std::unexpected(all.error());
    std::vector<EmbeddingSetInfo> out;
    for (const auto& s : *all) {
        if (!sameFamily(s.key, base.key) || s.dim != base.dim) continue;
        auto n = encodedCount(store, s.id, corpus.id);
        if (!n) return std::unexpected(n.error());
        if (*n < corpus.sentences || *n == 0) continue;
        out.push_back(s);
    }
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return sortKey(a.key.layer) < sortKey(b.key.layer); });
    return out;
}

Expected<EmbeddingSetInfo> layerSet(Store& store, const CorpusInfo& corpus, const EmbeddingSetInfo& base, int layer) {
    auto sets = siblingLayerSets(store, corpus, base);
    if (!sets) return std::unexpected(sets.error());
    std::string have;
    for (const auto& s : *sets) {
        if (s.key.layer == layer) return s;
        have += (have.empty() ? "" : ", ") + (s.key.layer < 0 ? std::string("last") : std::to_string(s.key.layer));
    }
    return usageError("Layer " + std::to_string(layer) + " of model '" + base.key.model + "' (" + base.key.pooling +
                      " pooling) is not encoded for this corpus (encoded layers: " + (have.empty() ? "none" : have) +
                      "); run `encode --layers " + std::to_string(layer) + "` first.");
}

Expected<EmbeddingMatrix> loadLayerMean(Store& store, std::int64_t corpusId,
                                        const std::vector<EmbeddingSetInfo>& sets) {
    if (sets.empty()) return usageError("No embedding sets to average.");
    auto first = loadEmbeddings(store, sets.front().id, corpusId);
    if (!first) return std::unexpected(first.error());
    if (sets.size() == 1) return first;
    // Accumulate in double: float16-stored layers of different scales (late layers are
    // larger) would otherwise lose the small ones' low bits.
    std::vector<double> acc(first->data.begin(), first->data.end());
    for (std::size_t i = 1; i < sets.size(); ++i) {
        auto m = loadEmbeddings(store, sets[i].id, corpusId);
        if (!m) return std::unexpected(m.error());
        if (m->rows != first->rows || m->dim != first->dim)
            return fail("Embedding set " + std::to_string(sets[i].id) + " (layer " + std::to_string(sets[i].key.layer) +
                        ") has " + std::to_string(m->rows) + " x " + std::to_string(m->dim) + " vectors, set " +
                        std::to_string(sets[0].id) + " has " + std::to_string(first->rows) + " x " +
                        std::to_string(first->dim) + ".");
        for (std::size_t j = 0; j < acc.size(); ++j) acc[j] += m->data[j];
    }
    const double inv = 1.0 / double(sets.size());
    for (std::size_t j = 0; j < acc.size(); ++j) first->data[j] = float(acc[j] * inv);
    return first;
}

}  // namespace dl
