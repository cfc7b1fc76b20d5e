#include "export/ParquetWriter.h"

#include <algorithm>
#include <cstdint>
#include <exception>

#include "common/ArrowModule.h"

namespace dl {

namespace {

// The module's output: the bytes go through AtomicFile::write (hashed, under the temporary
// name). No exception may cross back into the module.
int writeToAtomicFile(void* ctx, const void* data, int64_t n, char* err, size_t errlen) {
    auto fill = [&](const std::string& m) {
        if (errlen == 0) return;
        const std::size_t k = std::min(m.size(), errlen - 1);
        m.copy(err, k);
        err[k] = '\0';
    };
    try {
        auto& file = *static_cast<AtomicFile*>(ctx);
        if (n < 0) {
            fill("a negative write size");
            return 1;
        }
        if (auto s = file.write(std::string_view(static_cast<const char*>(data), static_cast<std::size_t>(n))); !s) {
            fill(s.error().message);
            return 1;
        }
        return 0;
    } catch (const std::exception& e) {
        fill(e.what());
        return 1;
    }
}

}  // namespace

struct ParquetRowWriter::Impl {
    const ArrowModuleApi* api = nullptr;
    dl_parquet_writer* writer = nullptr;
    ~Impl() {
        if (writer) api->writerFree(writer);
    }
};

ParquetRowWriter::ParquetRowWriter() : d(std::make_unique<Impl>()) {}
ParquetRowWriter::~ParquetRowWriter() = default;

Expected<std::unique_ptr<ParquetRowWriter>> ParquetRowWriter::open(AtomicFile& file, Columns columns) {
    auto api = arrowModule();
    if (!api) return std::unexpected(api.error());
    auto w = std::unique_ptr<ParquetRowWriter>(new ParquetRowWriter);
    w->d->api = *api;
    w->d->writer = (*api)->writerOpen(file.finalPath().c_str(), columns.tgt ? 1 : 0, columns.cluster ? 1 : 0,
                                      kRowGroupRows, &writeToAtomicFile, &file);
    if (!w->d->writer) return fail("Writing " + file.finalPath() + " failed: out of memory.");
    if (const char* e = (*api)->writerError(w->d->writer); *e) return fail(e);
    return w;
}

Status ParquetRowWriter::add(const Sentence& s, double score, std::optional<int> cluster) {
    const dl_parquet_row row{s.id,
                             s.position,
                             {s.src.data(), s.src.size()},
                             {s.tgt.data(), s.tgt.size()},
                             {s.domain.data(), s.domain.size()},
                             score,
                             cluster ? 1 : 0,
                             cluster.value_or(0)};
    if (d->api->writerAdd(d->writer, &row) != 0) return fail(d->api->writerError(d->writer));
    ++rows_;
    return {};
}

Status ParquetRowWriter::finish() {
    if (d->api->writerFinish(d->writer) != 0) return fail(d->api->writerError(d->writer));
    return {};
}

}  // namespace dl
