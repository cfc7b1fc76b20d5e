#include "export/ParquetWriter.h"

#include <cmath>

#ifdef DOMAINLENS_WITH_ARROW
#include <arrow/api.h>
#include <arrow/io/interfaces.h>
#include <parquet/arrow/writer.h>
#include <parquet/exception.h>
#include <parquet/properties.h>
#endif

namespace dl {

#ifndef DOMAINLENS_WITH_ARROW

struct ParquetRowWriter::Impl {};
ParquetRowWriter::ParquetRowWriter() = default;
ParquetRowWriter::~ParquetRowWriter() = default;

Expected<std::unique_ptr<ParquetRowWriter>> ParquetRowWriter::open(AtomicFile&, Columns) {
    return fail(
        "This build of DomainLens writes no Parquet files: it was configured without Arrow's C++ "
        "libraries (run scripts/setup.sh, then reconfigure; docs/parquet.md).");
}
Status ParquetRowWriter::add(const Sentence&, double, std::optional<int>) { return fail("No Parquet in this build."); }
Status ParquetRowWriter::finish() { return fail("No Parquet in this build."); }

#else

namespace {

// Arrow's output stream over an AtomicFile: the bytes go through AtomicFile::write (hashed,
// under the temporary name); closing does not commit.
class AtomicFileStream final : public arrow::io::OutputStream {
public:
    explicit AtomicFileStream(AtomicFile& f) : file_(f) {}
    arrow::Status Close() override {
        closed_ = true;
        return arrow::Status::OK();
    }
    bool closed() const override { return closed_; }
    arrow::Result<int64_t> Tell() const override { return position_; }
    arrow::Status Write(const void* data, int64_t nbytes) override {
        if (closed_) return arrow::Status::IOError("write after close");
        if (auto s = file_.write(std::string_view(static_cast<const char*>(data), static_cast<std::size_t>(nbytes)));
            !s)
            return arrow::Status::IOError(s.error().message);
        position_ += nbytes;
        return arrow::Status::OK();
    }
    using arrow::io::OutputStream::Write;

private:
    AtomicFile& file_;
    std::int64_t position_ = 0;
    bool closed_ = false;
};

Status fromArrow(const arrow::Status& s, const AtomicFile& f) {
    if (s.ok()) return {};
    return fail("Writing " + f.finalPath() + " failed: " + s.ToString());
}

}  // namespace

struct ParquetRowWriter::Impl {
    AtomicFile* file = nullptr;
    Columns columns;
    std::shared_ptr<arrow::Schema> schema;
    std::shared_ptr<AtomicFileStream> stream;
    std::unique_ptr<parquet::arrow::FileWriter> writer;
    arrow::Int64Builder id, position;
    arrow::StringBuilder src, tgt, domain;
    arrow::DoubleBuilder score;
    arrow::Int32Builder cluster;
    std::int64_t buffered = 0;

    Status flush() {
        if (buffered == 0) return {};
        std::vector<std::shared_ptr<arrow::Array>> arrays;
        auto take = [&](arrow::ArrayBuilder& b) -> arrow::Status {
            std::shared_ptr<arrow::Array> a;
            ARROW_RETURN_NOT_OK(b.Finish(&a));
            arrays.push_back(std::move(a));
            return arrow::Status::OK();
        };
        arrow::Status s = take(id);
        if (s.ok()) s = take(position);
        if (s.ok()) s = take(src);
        if (s.ok() && columns.tgt) s = take(tgt);
        if (s.ok()) s = take(domain);
        if (s.ok()) s = take(score);
        if (s.ok() && columns.cluster) s = take(cluster);
        if (s.ok()) s = writer->WriteRecordBatch(*arrow::RecordBatch::Make(schema, buffered, arrays));
        buffered = 0;
        return fromArrow(s, *file);
    }
};

ParquetRowWriter::ParquetRowWriter() : d(std::make_unique<Impl>()) {}
ParquetRowWriter::~ParquetRowWriter() = default;

Expected<std::unique_ptr<ParquetRowWriter>> ParquetRowWriter::open(AtomicFile& file, Columns columns) {
    auto w = std::unique_ptr<ParquetRowWriter>(new ParquetRowWriter);
    Impl& d = *w->d;
    d.file = &file;
    d.columns = columns;
    arrow::FieldVector fields = {arrow::field("id", arrow::int64(), false),
                                 arrow::field("position", arrow::int64(), false),
                                 arrow::field("src", arrow::utf8(), false)};
    if (columns.tgt) fields.push_back(arrow::field("tgt", arrow::utf8(), false));
    fields.push_back(arrow::field("domain", arrow::utf8()));
    fields.push_back(arrow::field("score", arrow::float64()));
    if (columns.cluster) fields.push_back(arrow::field("cluster", arrow::int32()));
    d.schema = arrow::schema(fields);
    d.stream = std::make_shared<AtomicFileStream>(file);
    auto props = parquet::WriterProperties::Builder()
                     .compression(parquet::Compression::ZSTD)
                     ->max_row_group_length(kRowGroupRows)
                     ->created_by("DomainLens")
                     ->build();
    try {
        auto writer = parquet::arrow::FileWriter::Open(*d.schema, arrow::default_memory_pool(), d.stream, props,
                                                       parquet::default_arrow_writer_properties());
        if (!writer.ok()) return std::unexpected(fromArrow(writer.status(), file).error());
        d.writer = std::move(*writer);
    } catch (const parquet::ParquetException& e) {
        return fail("Writing " + file.finalPath() + " failed: " + e.what());
    }
    return w;
}

Status ParquetRowWriter::add(const Sentence& s, double score, std::optional<int> cluster) {
    arrow::Status st = d->id.Append(s.id);
    if (st.ok()) st = d->position.Append(s.position);
    if (st.ok()) st = d->src.Append(s.src);
    if (st.ok() && d->columns.tgt) st = d->tgt.Append(s.tgt);
    if (st.ok()) st = s.domain.empty() ? d->domain.AppendNull() : d->domain.Append(s.domain);
    if (st.ok()) st = std::isnan(score) ? d->score.AppendNull() : d->score.Append(score);
    if (st.ok() && d->columns.cluster) st = cluster ? d->cluster.Append(*cluster) : d->cluster.AppendNull();
    if (auto r = fromArrow(st, *d->file); !r) return r;
    ++rows_;
    if (++d->buffered >= kRowGroupRows) {
        try {
            return d->flush();
        } catch (const parquet::ParquetException& e) {
            return fail("Writing " + d->file->finalPath() + " failed: " + e.what());
        }
    }
    return {};
}

Status ParquetRowWriter::finish() {
    try {
        if (auto s = d->flush(); !s) return s;
        return fromArrow(d->writer->Close(), *d->file);
    } catch (const parquet::ParquetException& e) {
        return fail("Writing " + d->file->finalPath() + " failed: " + e.what());
    }
}

#endif

}  // namespace dl
