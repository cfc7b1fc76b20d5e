// libFuzzer target: a project file (.dlproj) of arbitrary bytes, opened read-only (as the
// GUI's views do) and read-write (as the CLI does, migrating), then read the way `info`
// and `report` read it. A corrupt or foreign file must give an error, not a crash.
#include <cstdint>

#include "FuzzSupport.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace {
void readEverything(dl::Store& store) {
    if (auto corpora = dl::listCorpora(store)) {
        for (const auto& c : *corpora) {
            (void)dl::corpusLabels(store, c.id);
            int n = 0;
            (void)dl::forEachSentence(store, c.id, 0, [&](const dl::Sentence&) { return ++n < 50; });
        }
    }
    (void)dl::listEmbeddingSets(store);
    if (auto runs = dl::listRuns(store)) {
        for (const auto& r : *runs) {
            (void)dl::readRunResults(store, r.id);
            (void)dl::getRunBlob(store, r.id, "pca");
        }
    }
}
// The file and whatever opening it left next to it (-wal, -shm, a pre-migration backup).
void removeProject() {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dlfuzz::scratchDir(), ec))
        if (e.path().filename().string().starts_with("project.dlproj")) std::filesystem::remove(e.path(), ec);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    removeProject();
    const auto path = dlfuzz::writeFile("project.dlproj", dlfuzz::asView(data, size));
    if (auto ro = dl::Store::open(path, dl::OpenMode::ReadOnly)) readEverything(**ro);
    if (auto rw = dl::Store::open(path, dl::OpenMode::ReadWrite)) readEverything(**rw);
    removeProject();
    return 0;
}
