#pragma once
// Import from Apache Arrow data (docs/parquet.md): a Parquet file (`import --parquet FILE`) or a
// Hugging Face dataset saved on disk (`import --hf-dataset DIR`: a `datasets.save_to_disk`
// folder of Arrow IPC stream files, or the Hub's layout of Parquet files, data/<split>-*.parquet).
// Columns are named: --text-column, --tgt-column, --label-column; a dot addresses a field of a
// struct column ("translation.de", as the HF translation datasets store pairs).
//
// The same rules as the line readers: every byte is untrusted (a damaged or hostile file is an
// error naming the file, never a crash), rows stream one Parquet row group / one IPC record batch
// at a time (bounded memory), and a missing column or one of the wrong type is an error naming
// the file and the column before any row is read. Nulls: a null text (or target) is an empty
// sentence (skipped and counted like an empty line); a null label is an empty label (an error,
// as an empty domain column is).
//
// The reading is done by the module libdomainlens_arrow.so (core/corpus/arrow_module, built on
// the Arrow C++ libraries of the pinned pyarrow wheel), dlopen'ed with RTLD_DEEPBIND on the first
// call that needs it (common/ArrowModule); when it cannot be loaded (a build without the wheel,
// the sanitizer build, a missing file) openArrowSource fails saying which files were tried.
#include <memory>
#include <string>
#include <vector>

#include "common/Error.h"
#include "corpus/RecordSource.h"

namespace dl {

struct ImportParams;

// True when the Parquet module loads (this loads it).
bool arrowAvailable();

// The Parquet or Arrow stream files an `--hf-dataset DIR` import reads for `split`, in order;
// an error names the folder and what it expected.
Expected<std::vector<std::string>> hfDatasetFiles(const std::string& dir, const std::string& split);

// A record source over params.srcPath (format Parquet) or the dataset folder (format HfDataset).
Expected<std::unique_ptr<RecordSource>> openArrowSource(const ImportParams& params);

}  // namespace dl
