// libFuzzer target: a project's embedding chunks read through the real loader. A small real
// project (one corpus of 8 sentences, imported once) is copied per input; the input's fields
// become an embedding set (dim, storage) and its chunk rows (first_position, rows, data), written
// with SQL as a damaged or hostile file would hold them, then read back by checkedEncodedCount,
// loadEmbeddings, loadEmbeddingRange and EmbeddingChunkCursor (what cluster, select, search and
// the shard runners read through). Any error is fine; a crash, a read outside a blob or an
// allocation beyond the stored bytes is not (issue #23, class 1).
#include <cstdint>
#include <cstring>
#include <filesystem>

#include "FuzzSupport.h"
#include "ImportFuzz.h"
#include "store/Embeddings.h"
#include "store/Statement.h"

namespace {

constexpr std::int64_t kSentences = 8;

// The project every input starts from: 8 sentences in corpus "fuzz".
const std::string& templateProject() {
    static const std::string path = [] {
        const std::string name = "template.dlproj";
        dlfuzz::removeProject(name);
        std::string text;
        for (int i = 0; i < kSentences; ++i) text += "sentence number " + std::to_string(i) + "\n";
        dl::ImportParams p;
        p.srcPath = dlfuzz::writeFile("template.txt", text);
        p.corpus = "fuzz";
        auto store = dl::Store::create((dlfuzz::scratchDir() / name).string());
        if (!store) std::abort();
        dl::NullProgress progress;
        dl::CancelToken cancel;
        if (!dl::runImport(p, **store, progress, cancel)) std::abort();
        return (dlfuzz::scratchDir() / name).string();
    }();
    return path;
}

template <class T>
bool take(const std::uint8_t*& data, std::size_t& size, T& out) {
    if (size < sizeof(T)) return false;
    std::memcpy(&out, data, sizeof(T));
    data += sizeof(T);
    size -= sizeof(T);
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string& tmpl = templateProject();
    std::uint8_t head = 0;
    if (!take(data, size, head)) return 0;
    const std::string name = "chunks.dlproj";
    dlfuzz::removeProject(name);
    const auto path = dlfuzz::scratchDir() / name;
    std::filesystem::copy_file(tmpl, path);
    auto store = dl::Store::open(path.string(), dl::OpenMode::ReadWrite);
    if (!store) std::abort();
    auto corpus = dl::findCorpus(**store, "fuzz");
    if (!corpus) std::abort();
    dl::EmbeddingKey key;
    key.model = "fuzz";
    const int dim = 1 + (head & 7);
    const auto storage = head & 8 ? dl::StorageType::Float32 : dl::StorageType::Float16;
    auto set = dl::ensureEmbeddingSet(**store, key, dim, storage);
    if (!set) std::abort();
    // Chunks: i64 first, i64 rows, u8 length, then that many bytes of data (to the end if short).
    for (int c = 0; c < 6 && size > 0; ++c) {
        std::int64_t first = 0, rows = 0;
        std::uint8_t len = 0;
        if (!take(data, size, first) || !take(data, size, rows) || !take(data, size, len)) break;
        const std::size_t n = std::min<std::size_t>(len, size);
        auto ins = (*store)->prepare(
            "INSERT OR IGNORE INTO embedding_chunks(set_id, corpus_id, first_position, rows, data) "
            "VALUES(?1,?2,?3,?4,?5)");
        if (!ins) std::abort();
        ins->bind(1, set->id).bind(2, corpus->id).bind(3, first).bind(4, rows);
        ins->bind(5, std::as_bytes(std::span<const std::uint8_t>(data, n)));
        (void)ins->run();
        data += n;
        size -= n;
    }
    const std::size_t valueSize = storage == dl::StorageType::Float16 ? 2 : 4;
    std::uint64_t stored = 0;
    if (auto q = (*store)->prepare("SELECT COALESCE(SUM(length(data)), 0) FROM embedding_chunks");
        q && q->step().value_or(false))
        stored = static_cast<std::uint64_t>(q->int64(0));
    if (auto total = dl::checkedEncodedCount(**store, *set, corpus->id)) {
        // What the loaders may allocate is bounded by the bytes the project holds.
        if (static_cast<std::uint64_t>(*total) * dim * valueSize > stored) std::abort();
        if (auto m = dl::loadEmbeddings(**store, set->id, corpus->id))
            if (m->rows != *total || m->data.size() != static_cast<std::size_t>(*total) * dim) std::abort();
        if (*total > 1)
            if (auto m = dl::loadEmbeddingRange(**store, set->id, corpus->id, 1, *total - 1))
                if (m->rows != *total - 1) std::abort();
        if (auto cursor = dl::EmbeddingChunkCursor::open(**store, *set, corpus->id, 0, *total)) {
            std::int64_t next = 0;
            for (;;) {
                auto chunk = cursor->next();
                if (!chunk || !*chunk) break;
                const auto& c = **chunk;
                if (c.first != next || c.rows <= 0 ||
                    c.data.size() != static_cast<std::size_t>(c.rows) * dim * valueSize)
                    std::abort();
                next = c.first + c.rows;
            }
        }
    }
    (void)dl::loadEmbeddingRange(**store, set->id, corpus->id, head >> 4, kSentences);
    store->reset();
    dlfuzz::removeProject(name);
    return 0;
}
