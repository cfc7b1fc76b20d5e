#pragma once
// Shared body of the import targets: the input becomes a corpus file, imported into a fresh
// project in the scratch folder (a real SQLite file, as the CLI would), then removed.
#include <cstdint>
#include <string>

#include "FuzzSupport.h"
#include "corpus/Import.h"
#include "store/Corpora.h"
#include "store/Store.h"

namespace dlfuzz {

inline void removeProject(const std::string& name) {
    removeFile(name);
    removeFile(name + "-wal");
    removeFile(name + "-shm");
    removeFile(name + "-journal");
}

// Imports `file` (already written) with the given parameters and checks the report against
// the stored corpus.
inline void importAndCheck(dl::ImportParams p) {
    const std::string projectName = "import.dlproj";
    removeProject(projectName);
    auto store = dl::Store::create((scratchDir() / projectName).string());
    if (!store) std::abort();  // the scratch folder is ours: creating a project must work
    dl::NullProgress progress;
    dl::CancelToken cancel;
    p.corpus = "fuzz";
    auto report = dl::runImport(p, **store, progress, cancel);
    auto corpora = dl::listCorpora(**store);
    if (!corpora) std::abort();
    if (report) {
        if (corpora->size() != 1 || (*corpora)[0].sentences != report->imported) std::abort();
    } else if (!corpora->empty()) {
        std::abort();  // a failed import must leave nothing behind (one transaction)
    }
}

}  // namespace dlfuzz
