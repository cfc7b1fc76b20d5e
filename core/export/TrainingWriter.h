#pragma once
// One set of training files (a Moses pair [+ scores], a TSV, a JSONL or a Parquet file) written under
// temporary names (AtomicFile) for one path stem; the caller finishes and commits them.
// Used by runExport for the selection, each shard and the mixture sample.
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/AtomicFile.h"
#include "common/Error.h"
#include "export/Export.h"
#include "export/ParquetWriter.h"
#include "store/Corpora.h"

namespace dl {

// A sentence on its way to a training file, with its run score (NaN when it has none) and,
// for shards by cluster, its cluster (Parquet writes it as a column).
struct ExportRow {
    Sentence sentence;
    double score = std::numeric_limits<double>::quiet_NaN();
    std::optional<int> cluster = std::nullopt;
};

class TrainingWriter {
public:
    // Creates the temporary files of `stem` (plannedPaths) for the format of `p`; `byCluster`:
    // the rows carry their cluster (a Parquet column).
    static Expected<TrainingWriter> open(const std::string& stem, const ExportParams& p, const CorpusInfo& corpus,
                                         bool byCluster = false);
    // The final paths `open` would write for `stem`, in the order of files().
    static std::vector<std::string> plannedPaths(const std::string& stem, const ExportParams& p,
                                                 const CorpusInfo& corpus);

    Status write(const ExportRow& row);
    // Ends the files (a Parquet file's footer, then flush, close and hash); idempotent.
    Status finish();
    std::vector<std::unique_ptr<AtomicFile>>& files() { return files_; }
    // Rows written: a Parquet file's count for the manifest (its "lines" mean nothing).
    std::optional<std::int64_t> parquetRows() const {
        return parquet_ ? std::optional<std::int64_t>(parquet_->rows()) : std::nullopt;
    }

private:
    ExportFormat format_ = ExportFormat::Moses;
    bool scores_ = false, parallel_ = false, finished_ = false;
    std::vector<std::unique_ptr<AtomicFile>> files_;
    std::unique_ptr<ParquetRowWriter> parquet_;
};

}  // namespace dl
