// libdomainlens_arrow.so: every unit that sees Arrow's or Parquet's headers (docs/parquet.md,
// ARCHITECTURE.md "known traps"). Built as a MODULE linked to the pinned pyarrow wheel's
// libarrow and libparquet (cmake/DomainLensArrow.cmake) and dlopen'ed with RTLD_LOCAL |
// RTLD_DEEPBIND by core/common/ArrowModule.cpp, so the OpenSSL that libparquet bundles and
// exports stays out of the process's global scope. Its C ABI is common/ArrowModuleAbi.h: no C++ type or
// exception crosses it.
//
// The reader: Parquet one row group at a time (only the named leaf columns decoded), Arrow IPC
// streams one record batch at a time (each validated); column types checked from the schema
// before any row; every message names the file, and the column or the row. The writer: rows
// buffered into one record batch per row group, written through the caller's callback.
#include "common/ArrowModuleAbi.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/api.h>
#include <arrow/io/file.h>
#include <arrow/io/interfaces.h>
#include <arrow/ipc/reader.h>
#include <parquet/arrow/reader.h>
#include <parquet/arrow/schema.h>
#include <parquet/arrow/writer.h>
#include <parquet/exception.h>
#include <parquet/file_reader.h>
#include <parquet/metadata.h>
#include <parquet/properties.h>
#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "common/JsonDepth.h"
#include "common/RegularFile.h"

namespace dl {
namespace {

std::string st(const arrow::Status& s) { return s.ToString(); }

// One named column of a batch: where its strings (or integer labels) are.
struct ColumnRef {
    std::string name;                  // as the user gave it: "translation.de"
    std::shared_ptr<arrow::Array> array;  // of the current batch, struct nulls merged
};

// "translation.de" in `schema`: a top-level field of that name, else a struct field and its child.
// Returns the field or an error naming the file and the column, listing what is there.
Expected<std::shared_ptr<arrow::Field>> findField(const arrow::Schema& schema, const std::string& name,
                                                  const std::string& file) {
    auto describe = [&] {
        std::string names;
        for (const auto& f : schema.fields()) {
            if (f->type()->id() == arrow::Type::STRUCT)
                for (const auto& c : f->type()->fields())
                    names += (names.empty() ? "" : ", ") + f->name() + "." + c->name();
            else names += (names.empty() ? "" : ", ") + f->name();
        }
        return names;
    };
    // Arrow allows columns (and struct fields) that share a name; which one a name means would
    // be a guess, and the rows could come from another column than the one whose type was checked.
    auto ambiguous = [&](const std::string& what, std::size_t n) {
        return fail(file + ": the column name '" + name + "' is ambiguous: " + what + " " + std::to_string(n) +
                    " times; rename the columns so that each name is unique.");
    };
    if (const auto top = schema.GetAllFieldIndices(name); top.size() == 1) return schema.field(top[0]);
    else if (top.size() > 1) return ambiguous("the file has a column of that name", top.size());
    const auto dot = name.find('.');
    if (dot != std::string::npos) {
        const std::string parentName = name.substr(0, dot), childName = name.substr(dot + 1);
        const auto parents = schema.GetAllFieldIndices(parentName);
        if (parents.size() > 1) return ambiguous("the file has a column '" + parentName + "'", parents.size());
        if (parents.size() == 1 && schema.field(parents[0])->type()->id() == arrow::Type::STRUCT) {
            const auto& type = static_cast<const arrow::StructType&>(*schema.field(parents[0])->type());
            const auto children = type.GetAllFieldIndices(childName);
            if (children.size() > 1)
                return ambiguous("the struct '" + parentName + "' has a field '" + childName + "'", children.size());
            if (children.size() == 1) return type.field(children[0]);
        }
    }
    return fail(file + ": no column '" + name + "' (the file has: " + describe() + ").");
}

bool isText(const arrow::DataType& t) {
    return t.id() == arrow::Type::STRING || t.id() == arrow::Type::LARGE_STRING || t.id() == arrow::Type::STRING_VIEW;
}

bool isInteger(const arrow::DataType& t) { return arrow::is_integer(t.id()); }

// The array of column `name` in `batch` (struct children flattened with the struct's nulls).
Expected<std::shared_ptr<arrow::Array>> columnOf(const arrow::RecordBatch& batch, const std::string& name,
                                                 const std::string& file) {
    if (auto a = batch.GetColumnByName(name)) return a;
    const auto dot = name.find('.');
    if (dot != std::string::npos) {
        auto parent = batch.GetColumnByName(name.substr(0, dot));
        if (parent && parent->type_id() == arrow::Type::STRUCT) {
            const auto& s = static_cast<const arrow::StructArray&>(*parent);
            const int index = s.struct_type()->GetFieldIndex(name.substr(dot + 1));
            if (index >= 0) {
                auto flat = s.GetFlattenedField(index);
                if (!flat.ok()) return fail(file + ": column '" + name + "': " + st(flat.status()));
                return *flat;
            }
        }
    }
    return fail(file + ": a record batch lacks the column '" + name + "' that the schema declares.");
}

// The text of row `i` of a string column (empty for a null): a view into the batch's buffers.
std::string_view textAt(const arrow::Array& a, std::int64_t i) {
    if (a.IsNull(i)) return {};
    switch (a.type_id()) {
    case arrow::Type::STRING: return static_cast<const arrow::StringArray&>(a).GetView(i);
    case arrow::Type::LARGE_STRING: return static_cast<const arrow::LargeStringArray&>(a).GetView(i);
    case arrow::Type::STRING_VIEW: return static_cast<const arrow::StringViewArray&>(a).GetView(i);
    default: return {};
    }
}

// A Hugging Face ClassLabel's names for column `name`, from the schema's "huggingface" metadata
// ({"info": {"features": {name: {"_type": "ClassLabel", "names": [...]}}}}); empty when none.
std::vector<std::string> classLabelNames(const arrow::Schema& schema, const std::string& name) {
    std::vector<std::string> names;
    const auto& meta = schema.metadata();
    if (!meta) return names;
    const int k = meta->FindKey("huggingface");
    if (k < 0) return names;
    if (jsonNestsDeeperThan(meta->value(k))) return names;  // no usable names: the labels stay numbers
    try {
        const auto j = nlohmann::json::parse(meta->value(k));
        const auto& f = j.at("info").at("features").at(name);
        if (f.value("_type", "") != "ClassLabel") return names;
        for (const auto& n : f.at("names")) names.push_back(n.get<std::string>());
    } catch (const nlohmann::json::exception&) {
        names.clear();  // no usable names: the labels stay numbers
    }
    return names;
}

// One input file: Parquet (row groups) or an Arrow IPC stream (record batches).
class ArrowFile {
public:
    virtual ~ArrowFile() = default;
    // The next batch with the selected columns, or nullptr at the end.
    virtual Expected<std::shared_ptr<arrow::RecordBatch>> nextBatch() = 0;
    virtual std::int64_t bytesRead() const = 0;
    virtual const arrow::Schema& schema() const = 0;
};

class ParquetFile final : public ArrowFile {
public:
    static Expected<std::unique_ptr<ParquetFile>> open(const std::string& path,
                                                       const std::vector<std::string>& columns) {
        if (auto s = checkRegularFile(path, "Parquet file"); !s) return std::unexpected(s.error());
        auto f = std::unique_ptr<ParquetFile>(new ParquetFile);
        f->path_ = path;
        try {
            auto in = arrow::io::ReadableFile::Open(path);
            if (!in.ok()) return fail(path + ": " + st(in.status()));
            parquet::ArrowReaderProperties props;
            props.set_use_threads(false);  // the import's reader thread; no pool of its own
            props.set_batch_size(16384);
            props.set_pre_buffer(false);  // read pages as they are decoded, not whole column chunks up front
            parquet::arrow::FileReaderBuilder builder;
            if (auto s = builder.Open(*in); !s.ok()) return fail(path + " is not a readable Parquet file: " + st(s));
            auto reader = builder.properties(props)->Build();
            if (!reader.ok()) return fail(path + " is not a readable Parquet file: " + st(reader.status()));
            f->reader_ = std::move(*reader);
            if (auto s = f->reader_->GetSchema(&f->schema_); !s.ok())
                return fail(path + ": the schema cannot be read: " + st(s));
            // The Parquet leaf columns of the named columns: only those are decoded.
            const auto& manifest = f->reader_->manifest();
            for (const auto& name : columns) {
                auto field = findField(*f->schema_, name, path);
                if (!field) return std::unexpected(field.error());
                int leaf = -1;
                for (const auto& top : manifest.schema_fields) {
                    if (top.field->name() == name && top.is_leaf()) leaf = top.column_index;
                    const auto dot = name.find('.');
                    if (leaf < 0 && dot != std::string::npos && top.field->name() == name.substr(0, dot))
                        for (const auto& child : top.children)
                            if (child.field->name() == name.substr(dot + 1) && child.is_leaf())
                                leaf = child.column_index;
                }
                if (leaf < 0)
                    return fail(path + ": the column '" + name + "' holds " + (*field)->type()->ToString() +
                                ", not text (string).");
                if (std::find(f->leaves_.begin(), f->leaves_.end(), leaf) == f->leaves_.end())
                    f->leaves_.push_back(leaf);
            }
            f->rowGroups_ = f->reader_->num_row_groups();
        } catch (const parquet::ParquetException& e) {
            return fail(path + " is not a readable Parquet file: " + e.what());
        }
        return f;
    }
    Expected<std::shared_ptr<arrow::RecordBatch>> nextBatch() override {
        try {
            while (true) {
                if (batches_) {
                    std::shared_ptr<arrow::RecordBatch> b;
                    if (auto s = batches_->ReadNext(&b); !s.ok())
                        return fail(path_ + ": row group " + std::to_string(group_) + ": " + st(s));
                    if (b) return b;
                    batches_.reset();
                    bytes_ += groupBytes_;
                }
                if (group_ >= rowGroups_) return std::shared_ptr<arrow::RecordBatch>();
                auto meta = reader_->parquet_reader()->metadata()->RowGroup(group_);
                groupBytes_ = std::max<std::int64_t>(0, meta->total_compressed_size());
                auto r = reader_->GetRecordBatchReader({group_}, leaves_);
                if (!r.ok()) return fail(path_ + ": row group " + std::to_string(group_) + ": " + st(r.status()));
                batches_ = std::move(*r);
                ++group_;
            }
        } catch (const parquet::ParquetException& e) {
            return fail(path_ + ": row group " + std::to_string(group_) + " is damaged: " + e.what());
        }
    }
    std::int64_t bytesRead() const override { return bytes_; }
    const arrow::Schema& schema() const override { return *schema_; }

private:
    ParquetFile() = default;
    std::string path_;
    std::unique_ptr<parquet::arrow::FileReader> reader_;
    std::shared_ptr<arrow::Schema> schema_;
    std::vector<int> leaves_;
    int rowGroups_ = 0, group_ = 0;
    std::unique_ptr<arrow::RecordBatchReader> batches_;
    std::int64_t bytes_ = 0, groupBytes_ = 0;
};

class ArrowStreamFile final : public ArrowFile {
public:
    static Expected<std::unique_ptr<ArrowStreamFile>> open(const std::string& path) {
        if (auto s = checkRegularFile(path, "Arrow file"); !s) return std::unexpected(s.error());
        auto f = std::unique_ptr<ArrowStreamFile>(new ArrowStreamFile);
        f->path_ = path;
        auto in = arrow::io::ReadableFile::Open(path);
        if (!in.ok()) return fail(path + ": " + st(in.status()));
        f->in_ = *in;
        auto options = arrow::ipc::IpcReadOptions::Defaults();
        options.use_threads = false;
        auto r = arrow::ipc::RecordBatchStreamReader::Open(f->in_, options);
        if (!r.ok()) return fail(path + " is not an Arrow IPC stream file: " + st(r.status()));
        f->reader_ = *r;
        return f;
    }
    Expected<std::shared_ptr<arrow::RecordBatch>> nextBatch() override {
        std::shared_ptr<arrow::RecordBatch> b;
        if (auto s = reader_->ReadNext(&b); !s.ok()) return fail(path_ + ": a damaged record batch: " + st(s));
        if (b) {
            if (auto v = b->Validate(); !v.ok()) return fail(path_ + ": a damaged record batch: " + st(v));
        }
        return b;
    }
    std::int64_t bytesRead() const override {
        auto pos = in_->Tell();
        return pos.ok() ? *pos : 0;
    }
    const arrow::Schema& schema() const override { return *reader_->schema(); }

private:
    ArrowStreamFile() = default;
    std::string path_;
    std::shared_ptr<arrow::io::ReadableFile> in_;
    std::shared_ptr<arrow::ipc::RecordBatchStreamReader> reader_;
};

// The rows of the named columns over a list of files, as ArrowSource (core/corpus) reads them.
class RowReader {
public:
    RowReader(std::vector<std::string> files, std::string text, std::string tgt, std::string label)
        : files_(std::move(files)),
          text_name_(std::move(text)),
          tgt_name_(std::move(tgt)),
          label_name_(std::move(label)) {
        columns_.push_back(text_name_);
        if (!tgt_name_.empty()) columns_.push_back(tgt_name_);
        if (!label_name_.empty()) columns_.push_back(label_name_);
    }

    // Opens the first file now: a wrong column is an error before the import starts.
    Status start() { return openFile(0); }

    Expected<bool> next(dl_arrow_row& r) {
        try {
            return nextRow(r);
        } catch (const std::exception& e) {  // bad_alloc on a huge declared size, an Arrow exception
            return fail(where() + ": cannot be read (" + std::string(e.what()) + ").");
        }
    }
    std::string where() const { return files_[index_] + ": row " + std::to_string(fileRow_); }
    std::int64_t bytesRead() const { return done_ + (file_ ? file_->bytesRead() : 0); }
    std::size_t fileIndex() const { return index_; }
    std::int64_t fileRow() const { return fileRow_; }

private:
    Expected<bool> nextRow(dl_arrow_row& r) {
        while (!batch_ || row_ >= batch_->num_rows()) {
            auto b = file_->nextBatch();
            if (!b) return std::unexpected(b.error());
            if (!*b) {
                done_ += file_->bytesRead();
                if (index_ + 1 >= files_.size()) return false;
                if (auto s = openFile(index_ + 1); !s) return std::unexpected(s.error());
                continue;
            }
            if (auto s = bind(**b); !s) return std::unexpected(s.error());
            batch_ = std::move(*b);
            row_ = 0;
        }
        const std::string_view src = textAt(*text_, row_);
        const std::string_view tgt = tgt_ ? textAt(*tgt_, row_) : std::string_view();
        std::string_view label;
        if (label_) {
            auto l = labelAt(row_);
            if (!l) return std::unexpected(l.error());
            label = *l;
        }
        r = dl_arrow_row{{src.data(), src.size()}, {tgt.data(), tgt.size()}, {label.data(), label.size()}};
        ++row_, ++fileRow_;
        return true;
    }

    Status openFile(std::size_t index) {
        index_ = index;
        fileRow_ = 0;
        batch_.reset();
        file_.reset();
        const auto& path = files_[index];
        if (path.ends_with(".parquet")) {
            auto f = ParquetFile::open(path, columns_);
            if (!f) return std::unexpected(f.error());
            file_ = std::move(*f);
        } else {
            auto f = ArrowStreamFile::open(path);
            if (!f) return std::unexpected(f.error());
            file_ = std::move(*f);
        }
        // Types from the schema, before any row: text columns hold strings, a label strings or
        // integers (a Hugging Face ClassLabel: its names from the schema's metadata).
        for (const auto& name : columns_) {
            auto field = findField(file_->schema(), name, path);
            if (!field) return std::unexpected(field.error());
            const auto& type = *(*field)->type();
            const bool label = name == label_name_ && !(name == text_name_ || name == tgt_name_);
            if (!isText(type) && !(label && isInteger(type)))
                return fail(path + ": the column '" + name + "' holds " + type.ToString() + ", not text (string)" +
                            (label ? " or integer labels." : "."));
        }
        labelNames_ = label_name_.empty() ? std::vector<std::string>{} : classLabelNames(file_->schema(), label_name_);
        return {};
    }

    Status bind(const arrow::RecordBatch& b) {
        const auto& path = files_[index_];
        auto one = [&](const std::string& name, std::shared_ptr<arrow::Array>& out) -> Status {
            out.reset();
            if (name.empty()) return {};
            auto a = columnOf(b, name, path);
            if (!a) return std::unexpected(a.error());
            if ((*a)->length() != b.num_rows()) return fail(path + ": the column '" + name + "' has the wrong length.");
            out = std::move(*a);
            return {};
        };
        if (auto s = one(text_name_, text_); !s) return s;
        if (auto s = one(tgt_name_, tgt_); !s) return s;
        return one(label_name_, label_);
    }

    // A label: the text, a ClassLabel's name, or the integer as written (empty for a null). With
    // ClassLabel names, -1 is Hugging Face's "no label": a null label (empty); any other index
    // outside the names is the file's error (row `i` of the batch).
    Expected<std::string_view> labelAt(std::int64_t i) {
        if (label_->IsNull(i)) return std::string_view();
        if (isText(*label_->type())) return textAt(*label_, i);
        auto scalar = label_->GetScalar(i);
        if (!scalar.ok()) return std::string_view();
        std::int64_t v = 0;
        if (auto c = (*scalar)->CastTo(arrow::int64()); c.ok()) v = static_cast<const arrow::Int64Scalar&>(**c).value;
        else if (labelNames_.empty()) return labelBuffer_ = (*scalar)->ToString();
        else return badLabel((*scalar)->ToString());  // a uint64 beyond int64: no index either
        if (labelNames_.empty()) return labelBuffer_ = std::to_string(v);
        if (v == -1) return std::string_view();
        if (v >= 0 && static_cast<std::uint64_t>(v) < labelNames_.size())
            return labelNames_[static_cast<std::size_t>(v)];
        return badLabel(std::to_string(v));
    }
    std::unexpected<Error> badLabel(const std::string& value) const {
        return fail(files_[index_] + ": row " + std::to_string(fileRow_ + 1) + ": label " + value +
                    " is not a class of the ClassLabel column '" + label_name_ + "' (" +
                    std::to_string(labelNames_.size()) + " names, indices 0 to " +
                    std::to_string(labelNames_.size() - 1) + "; -1 means no label).");
    }

    std::vector<std::string> files_;
    std::string text_name_, tgt_name_, label_name_;
    std::vector<std::string> columns_;
    std::vector<std::string> labelNames_;
    std::string labelBuffer_;
    std::unique_ptr<ArrowFile> file_;
    std::size_t index_ = 0;
    std::shared_ptr<arrow::RecordBatch> batch_;
    std::shared_ptr<arrow::Array> text_, tgt_, label_;
    std::int64_t row_ = 0, fileRow_ = 0, done_ = 0;
};

// Arrow's output stream over the caller's write callback (ParquetWriter.cpp: AtomicFile::write,
// hashed, under the temporary name); closing does not commit.
class CallbackStream final : public arrow::io::OutputStream {
public:
    CallbackStream(dl_parquet_write_fn write, void* ctx) : write_(write), ctx_(ctx) {}
    arrow::Status Close() override {
        closed_ = true;
        return arrow::Status::OK();
    }
    bool closed() const override { return closed_; }
    arrow::Result<int64_t> Tell() const override { return position_; }
    arrow::Status Write(const void* data, int64_t nbytes) override {
        if (closed_) return arrow::Status::IOError("write after close");
        char err[1024] = {0};
        if (write_(ctx_, data, nbytes, err, sizeof err) != 0) return arrow::Status::IOError(err);
        position_ += nbytes;
        return arrow::Status::OK();
    }
    using arrow::io::OutputStream::Write;

private:
    dl_parquet_write_fn write_;
    void* ctx_;
    std::int64_t position_ = 0;
    bool closed_ = false;
};

std::string_view view(const dl_arrow_text& t) {
    return t.size == 0 ? std::string_view() : std::string_view(t.data, t.size);
}

Status fromArrow(const arrow::Status& s, const std::string& name) {
    if (s.ok()) return {};
    return fail("Writing " + name + " failed: " + s.ToString());
}

// The export's rows, one record batch per row group.
class Writer {
public:
    static Expected<std::unique_ptr<Writer>> open(std::string name, bool withTgt, bool withCluster,
                                                  std::int64_t rowGroupRows, dl_parquet_write_fn write, void* ctx) {
        auto w = std::unique_ptr<Writer>(new Writer);
        w->name_ = std::move(name);
        w->tgt_ = withTgt;
        w->cluster_ = withCluster;
        w->rowGroupRows_ = std::max<std::int64_t>(1, rowGroupRows);
        arrow::FieldVector fields = {arrow::field("id", arrow::int64(), false),
                                     arrow::field("position", arrow::int64(), false),
                                     arrow::field("src", arrow::utf8(), false)};
        if (withTgt) fields.push_back(arrow::field("tgt", arrow::utf8(), false));
        fields.push_back(arrow::field("domain", arrow::utf8()));
        fields.push_back(arrow::field("score", arrow::float64()));
        if (withCluster) fields.push_back(arrow::field("cluster", arrow::int32()));
        w->schema_ = arrow::schema(fields);
        w->stream_ = std::make_shared<CallbackStream>(write, ctx);
        auto props = parquet::WriterProperties::Builder()
                         .compression(parquet::Compression::ZSTD)
                         ->max_row_group_length(w->rowGroupRows_)
                         ->created_by("DomainLens")
                         ->build();
        try {
            auto writer = parquet::arrow::FileWriter::Open(*w->schema_, arrow::default_memory_pool(), w->stream_, props,
                                                           parquet::default_arrow_writer_properties());
            if (!writer.ok()) return std::unexpected(fromArrow(writer.status(), w->name_).error());
            w->writer_ = std::move(*writer);
        } catch (const parquet::ParquetException& e) {
            return fail("Writing " + w->name_ + " failed: " + e.what());
        }
        return w;
    }

    Status add(const dl_parquet_row& r) {
        arrow::Status st = id_.Append(r.id);
        if (st.ok()) st = position_.Append(r.position);
        if (st.ok()) st = src_.Append(view(r.src));
        if (st.ok() && tgt_) st = tgtText_.Append(view(r.tgt));
        if (st.ok()) st = r.domain.size == 0 ? domain_.AppendNull() : domain_.Append(view(r.domain));
        if (st.ok()) st = std::isnan(r.score) ? score_.AppendNull() : score_.Append(r.score);
        if (st.ok() && cluster_) st = r.has_cluster ? clusterId_.Append(r.cluster) : clusterId_.AppendNull();
        if (auto s = fromArrow(st, name_); !s) return s;
        if (++buffered_ >= rowGroupRows_) {
            try {
                return flush();
            } catch (const parquet::ParquetException& e) {
                return fail("Writing " + name_ + " failed: " + e.what());
            }
        }
        return {};
    }

    Status finish() {
        try {
            if (auto s = flush(); !s) return s;
            return fromArrow(writer_->Close(), name_);
        } catch (const parquet::ParquetException& e) {
            return fail("Writing " + name_ + " failed: " + e.what());
        }
    }

private:
    Writer() = default;
    Status flush() {
        if (buffered_ == 0) return {};
        std::vector<std::shared_ptr<arrow::Array>> arrays;
        auto take = [&](arrow::ArrayBuilder& b) -> arrow::Status {
            std::shared_ptr<arrow::Array> a;
            ARROW_RETURN_NOT_OK(b.Finish(&a));
            arrays.push_back(std::move(a));
            return arrow::Status::OK();
        };
        arrow::Status s = take(id_);
        if (s.ok()) s = take(position_);
        if (s.ok()) s = take(src_);
        if (s.ok() && tgt_) s = take(tgtText_);
        if (s.ok()) s = take(domain_);
        if (s.ok()) s = take(score_);
        if (s.ok() && cluster_) s = take(clusterId_);
        if (s.ok()) s = writer_->WriteRecordBatch(*arrow::RecordBatch::Make(schema_, buffered_, arrays));
        buffered_ = 0;
        return fromArrow(s, name_);
    }

    std::string name_;
    bool tgt_ = false, cluster_ = false;
    std::int64_t rowGroupRows_ = 1;
    std::shared_ptr<arrow::Schema> schema_;
    std::shared_ptr<CallbackStream> stream_;
    std::unique_ptr<parquet::arrow::FileWriter> writer_;
    arrow::Int64Builder id_, position_;
    arrow::StringBuilder src_, tgtText_, domain_;
    arrow::DoubleBuilder score_;
    arrow::Int32Builder clusterId_;
    std::int64_t buffered_ = 0;
};

}  // namespace
}  // namespace dl

// --- The C ABI (common/ArrowModuleAbi.h): every entry point catches; errors stay in the handle. ----------

#define DL_EXPORT extern "C" __attribute__((visibility("default")))

struct dl_arrow_reader {
    std::unique_ptr<dl::RowReader> reader;
    std::string error;
};

struct dl_parquet_writer {
    std::unique_ptr<dl::Writer> writer;
    std::string name;
    std::string error;
};

namespace {

std::string orEmpty(const char* s) { return s ? std::string(s) : std::string(); }

// Runs `body` (which returns a dl::Status), keeping its error, or an exception's (prefixed by
// what(), called only then), in `error`: 0 or -1.
template <class What, class Body>
int guarded(std::string& error, What&& what, Body&& body) {
    try {
        dl::Status s = body();
        if (s) return 0;
        error = s.error().message;
    } catch (const std::exception& e) {
        error = what() + " (" + e.what() + ").";
    } catch (...) {
        error = what() + " (an unknown exception).";
    }
    return -1;
}

}  // namespace

DL_EXPORT int dl_arrow_abi_version(void) { return DL_ARROW_ABI_VERSION; }

DL_EXPORT dl_arrow_reader* dl_arrow_reader_open(const char* name, const char* const* files, int nfiles,
                                                const char* text, const char* tgt, const char* label) {
    auto* h = new (std::nothrow) dl_arrow_reader;
    if (!h) return nullptr;
    const std::string source = orEmpty(name);
    guarded(
        h->error, [&] { return source + " cannot be read"; },
        [&]() -> dl::Status {
            if (!files || nfiles <= 0) return dl::fail(source + ": no files to read.");
            std::vector<std::string> list;
            list.reserve(static_cast<std::size_t>(nfiles));
            for (int i = 0; i < nfiles; ++i) list.push_back(orEmpty(files[i]));
            h->reader = std::make_unique<dl::RowReader>(std::move(list), orEmpty(text), orEmpty(tgt), orEmpty(label));
            return h->reader->start();
        });
    if (!h->error.empty()) h->reader.reset();
    return h;
}

DL_EXPORT int dl_arrow_reader_next(dl_arrow_reader* h, dl_arrow_row* row) {
    if (!h || !row) return -1;
    if (!h->reader) {
        if (h->error.empty()) h->error = "The Parquet reader was not opened.";
        return -1;
    }
    *row = dl_arrow_row{};
    bool more = false;
    const int rc = guarded(
        h->error, [&] { return h->reader->where() + ": cannot be read"; },
        [&]() -> dl::Status {
            auto r = h->reader->next(*row);
            if (!r) return std::unexpected(r.error());
            more = *r;
            return {};
        });
    if (rc != 0) return -1;
    return more ? 1 : 0;
}

DL_EXPORT const char* dl_arrow_reader_error(const dl_arrow_reader* h) { return h ? h->error.c_str() : ""; }

DL_EXPORT int64_t dl_arrow_reader_bytes_read(const dl_arrow_reader* h) {
    return h && h->reader ? h->reader->bytesRead() : 0;
}

DL_EXPORT void dl_arrow_reader_position(const dl_arrow_reader* h, int* file, int64_t* row) {
    if (file) *file = h && h->reader ? static_cast<int>(h->reader->fileIndex()) : 0;
    if (row) *row = h && h->reader ? h->reader->fileRow() : 0;
}

DL_EXPORT void dl_arrow_reader_free(dl_arrow_reader* h) {
    try {
        delete h;
    } catch (...) {  // a destructor of Arrow's: nothing to report it to
    }
}

DL_EXPORT dl_parquet_writer* dl_parquet_writer_open(const char* name, int with_tgt, int with_cluster,
                                                    int64_t row_group_rows, dl_parquet_write_fn write, void* ctx) {
    auto* h = new (std::nothrow) dl_parquet_writer;
    if (!h) return nullptr;
    h->name = orEmpty(name);
    const std::string& file = h->name;
    guarded(
        h->error, [&] { return "Writing " + file + " failed"; },
        [&]() -> dl::Status {
            if (!write) return dl::fail("Writing " + file + " failed: no output.");
            auto w = dl::Writer::open(file, with_tgt != 0, with_cluster != 0, row_group_rows, write, ctx);
            if (!w) return std::unexpected(w.error());
            h->writer = std::move(*w);
            return {};
        });
    return h;
}

DL_EXPORT int dl_parquet_writer_add(dl_parquet_writer* h, const dl_parquet_row* row) {
    if (!h || !row || !h->writer) return -1;
    return guarded(
        h->error, [&] { return "Writing " + h->name + " failed"; }, [&] { return h->writer->add(*row); });
}

DL_EXPORT int dl_parquet_writer_finish(dl_parquet_writer* h) {
    if (!h || !h->writer) return -1;
    return guarded(
        h->error, [&] { return "Writing " + h->name + " failed"; }, [&] { return h->writer->finish(); });
}

DL_EXPORT const char* dl_parquet_writer_error(const dl_parquet_writer* h) { return h ? h->error.c_str() : ""; }

DL_EXPORT void dl_parquet_writer_free(dl_parquet_writer* h) {
    try {
        delete h;
    } catch (...) {  // a destructor of Arrow's: nothing to report it to
    }
}
