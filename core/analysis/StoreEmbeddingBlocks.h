#pragma once
// The embedding rows of one corpus, read from the project chunk by chunk (float16 or
// float32 as stored) for PCA: no float32 copy of the whole N x d matrix is made.
// Holds an open statement on `store`: use it on the store's thread, and let it go before
// the store. Rows are read forwards only; for a second pass open a new source.
#include <cstdint>
#include <memory>

#include "analysis/RowBlockSource.h"
#include "common/Error.h"

namespace dl {

class Store;

Expected<std::unique_ptr<RowBlockSource>> storeEmbeddingBlocks(Store& store, std::int64_t setId, std::int64_t corpusId);

}  // namespace dl
