#pragma once
// One set of training files (a Moses pair [+ scores], a TSV or a JSONL file) written under
// temporary names (AtomicFile) for one path stem; the caller finishes and commits them.
// Used by runExport for the selection, each shard and the mixture sample.
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "common/AtomicFile.h"
#include "common/Error.h"
#include "export/Export.h"
#include "store/Corpora.h"

namespace dl {

// A sentence on its way to a training file, with its run score (NaN when it has none).
struct ExportRow {
    Sentence sentence;
    double score = std::numeric_limits<double>::quiet_NaN();
};

class TrainingWriter {
public:
    // Creates the temporary files of `stem` (plannedPaths) for the format of `p`.
    static Expected<TrainingWriter> open(const std::string& stem, const ExportParams& p, const CorpusInfo& corpus);
    // The final paths `open` would write for `stem`, in the order of files().
    static std::vector<std::string> plannedPaths(const std::string& stem, const ExportParams& p,
                                                 const CorpusInfo& corpus);

    Status write(const ExportRow& row);
    std::vector<std::unique_ptr<AtomicFile>>& files() { return files_; }

private:
    ExportFormat format_ = ExportFormat::Moses;
    bool scores_ = false, parallel_ = false;
    std::vector<std::unique_ptr<AtomicFile>> files_;
};

}  // namespace dl
