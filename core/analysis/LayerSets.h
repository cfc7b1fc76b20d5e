#pragma once
// Finding the embedding sets of one model at several layers: `encode --layers 6,8,10,12|all`
// stores each layer as its own set keyed (model, layer, pooling, side, normalisation); the
// layer mean of `cluster --layers` and `cluster --layer-sweep` read them back by that key.
#include <cstdint>
#include <vector>

#include "common/Error.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"

namespace dl {

class Store;

// Complete one-layer sets of the corpus that share `base`'s model, pooling, side and
// normalisation, ordered by layer (layer -1, "last", sorts after every numbered layer). Sets
// of layer means (EmbeddingKey::layerMean) are left out; `base` may be one.
Expected<std::vector<EmbeddingSetInfo>> siblingLayerSets(Store& store, const CorpusInfo& corpus,
                                                         const EmbeddingSetInfo& base);

// The set of `layer` among the siblings of `base`; the error lists the layers that exist and
// the encode command that adds the missing one.
Expected<EmbeddingSetInfo> layerSet(Store& store, const CorpusInfo& corpus, const EmbeddingSetInfo& base, int layer);

// Element-wise mean of the given sets' embeddings of the corpus (all must have the same
// dimension and cover the corpus). One set = that set's matrix.
Expected<EmbeddingMatrix> loadLayerMean(Store& store, std::int64_t corpusId, const std::vector<EmbeddingSetInfo>& sets);

}  // namespace dl
