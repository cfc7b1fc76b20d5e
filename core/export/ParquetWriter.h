#pragma once
// `export --format parquet` (docs/parquet.md): the exported rows as one Parquet file written
// into an AtomicFile (so it is renamed into place with the rest of the set and hashed for the
// manifest like every other training file). Columns: id, position (int64), src, [tgt] (string),
// domain (string, null when unlabelled), score (double, null when the run gave none),
// [cluster] (int32, null when unassigned; shards by cluster). Rows are buffered and written one
// row group per kRowGroupRows, so memory stays bounded whatever the export's size. Compression:
// zstd. Written by the module libdomainlens_arrow.so (common/ArrowModule; docs/parquet.md); when
// it cannot be loaded, open() fails saying which files were tried.
#include <cstdint>
#include <memory>
#include <optional>

#include "common/AtomicFile.h"
#include "common/Error.h"
#include "store/Corpora.h"

namespace dl {

class ParquetRowWriter {
public:
    static constexpr std::int64_t kRowGroupRows = 65536;
    struct Columns {
        bool tgt = false;      // a parallel corpus
        bool cluster = false;  // shards by cluster: the cluster of each row
    };
    // Writes into `file` (not gzipped), which must outlive the writer.
    static Expected<std::unique_ptr<ParquetRowWriter>> open(AtomicFile& file, Columns columns);
    ~ParquetRowWriter();

    Status add(const Sentence& s, double score, std::optional<int> cluster);
    // Writes the last row group and the footer; the caller then finishes the AtomicFile.
    Status finish();
    std::int64_t rows() const { return rows_; }

private:
    ParquetRowWriter();
    struct Impl;
    std::unique_ptr<Impl> d;
    std::int64_t rows_ = 0;
};

}  // namespace dl
