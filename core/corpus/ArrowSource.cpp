#include "corpus/ArrowSource.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "common/RegularFile.h"
#include "corpus/Import.h"

#ifdef DOMAINLENS_WITH_ARROW
#include <arrow/api.h>
#include <arrow/io/file.h>
#include <arrow/ipc/reader.h>
#include <parquet/arrow/reader.h>
#include <parquet/arrow/schema.h>
#include <parquet/exception.h>
#include <parquet/file_reader.h>
#include <parquet/metadata.h>
#include <parquet/properties.h>
#endif

namespace fs = std::filesystem;

namespace dl {

namespace {

// A JSON file of a dataset folder (state.json, dataset_dict.json): small, or not one of ours.
Expected<nlohmann::json> readSmallJson(const fs::path& path) {
    constexpr std::uintmax_t kMaxBytes = 4 << 20;
    if (auto s = checkRegularFile(path.string(), "dataset description"); !s) return std::unexpected(s.error());
    std::error_code ec;
    if (fs::file_size(path, ec) > kMaxBytes || ec)
        return fail(path.string() + " is larger than 4 MiB; it is not a dataset description.");
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    try {
        return nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::exception& e) {
        return fail(path.string() + ": not valid JSON (" + std::string(e.what()) + ").");
    }
}

// A file name a dataset description may list: a plain name inside the folder.
bool plainFileName(const std::string& name) {
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos &&
           name.find('\\') == std::string::npos && name.find('\0') == std::string::npos;
}

// data/<split>-*.parquet or <split>-*.parquet (also <split>.parquet), sorted by name.
std::vector<std::string> hubParquetFiles(const fs::path& dir, const std::string& split) {
    std::vector<std::string> out;
    for (const fs::path& where : {dir / "data", dir}) {
        std::error_code ec;
        if (!fs::is_directory(where, ec)) continue;
        for (const auto& e : fs::directory_iterator(where, ec)) {
            const std::string name = e.path().filename().string();
            if (!name.ends_with(".parquet")) continue;
            if (name == split + ".parquet" || name.starts_with(split + "-")) out.push_back(e.path().string());
        }
        if (!out.empty()) break;
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

Expected<std::vector<std::string>> hfDatasetFiles(const std::string& dirName, const std::string& split) {
    if (!plainFileName(split)) return usageError("The split name '" + split + "' is not a plain name.");
    fs::path dir(dirName);
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return fail("The dataset folder " + dirName + " does not exist or is not a folder (--hf-dataset DIR).");
    // A DatasetDict saved to disk: dataset_dict.json names the splits, one folder each.
    if (fs::exists(dir / "dataset_dict.json", ec)) {
        auto dict = readSmallJson(dir / "dataset_dict.json");
        if (!dict) return std::unexpected(dict.error());
        std::vector<std::string> splits;
        if (dict->is_object() && dict->contains("splits") && (*dict)["splits"].is_array())
            for (const auto& s : (*dict)["splits"])
                if (s.is_string()) splits.push_back(s.get<std::string>());
        if (std::find(splits.begin(), splits.end(), split) == splits.end()) {
            std::string names;
            for (const auto& s : splits) names += (names.empty() ? "" : ", ") + s;
            return usageError("The dataset " + dirName + " has no split '" + split + "' (it has: " + names +
                              "); choose one with --split.");
        }
        dir /= split;
    }
    // A Dataset saved to disk: state.json lists its Arrow stream files.
    if (fs::exists(dir / "state.json", ec)) {
        auto state = readSmallJson(dir / "state.json");
        if (!state) return std::unexpected(state.error());
        std::vector<std::string> files;
        const auto it = state->is_object() ? state->find("_data_files") : state->end();
        if (it == state->end() || !it->is_array() || it->empty())
            return fail((dir / "state.json").string() + " lists no data files (\"_data_files\").");
        for (const auto& f : *it) {
            const auto name = f.is_object() && f.contains("filename") && f["filename"].is_string()
                                  ? f["filename"].get<std::string>()
                                  : std::string();
            if (!plainFileName(name))
                return fail((dir / "state.json").string() +
                            ": a data file entry is not a plain file name inside the folder.");
            files.push_back((dir / name).string());
        }
        return files;
    }
    auto parquet = hubParquetFiles(dir, split);
    if (parquet.empty())
        return fail("The folder " + dirName + " is not a Hugging Face dataset: no dataset_dict.json, no state.json " +
                    "(datasets.save_to_disk) and no Parquet files of the split '" + split + "' (data/" + split +
                    "-*.parquet).");
    return parquet;
}

#ifndef DOMAINLENS_WITH_ARROW

bool arrowAvailable() { return false; }

Expected<std::unique_ptr<RecordSource>> openArrowSource(const ImportParams&) {
    return fail(
        "This build of DomainLens reads no Parquet or Arrow files: it was configured without Arrow's "
        "C++ libraries (run scripts/setup.sh, then reconfigure; docs/parquet.md).");
}

#else

bool arrowAvailable() { return true; }

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
    if (auto f = schema.GetFieldByName(name)) return f;
    const auto dot = name.find('.');
    if (dot != std::string::npos) {
        if (auto parent = schema.GetFieldByName(name.substr(0, dot));
            parent && parent->type()->id() == arrow::Type::STRUCT) {
            const auto& type = static_cast<const arrow::StructType&>(*parent->type());
            if (auto child = type.GetFieldByName(name.substr(dot + 1))) return child;
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

// The text of row `i` of a string column ("" for a null).
void textAt(const arrow::Array& a, std::int64_t i, std::string& out) {
    out.clear();
    if (a.IsNull(i)) return;
    switch (a.type_id()) {
    case arrow::Type::STRING: out.assign(static_cast<const arrow::StringArray&>(a).GetView(i)); break;
    case arrow::Type::LARGE_STRING: out.assign(static_cast<const arrow::LargeStringArray&>(a).GetView(i)); break;
    case arrow::Type::STRING_VIEW: out.assign(static_cast<const arrow::StringViewArray&>(a).GetView(i)); break;
    default: break;
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

class ArrowSource final : public RecordSource {
public:
    ArrowSource(std::vector<std::string> files, const ImportParams& p) : files_(std::move(files)), p_(p) {
        columns_.push_back(p.textColumn);
        if (!p.tgtColumn.empty()) columns_.push_back(p.tgtColumn);
        if (!p.labelColumn.empty()) columns_.push_back(p.labelColumn);
        std::error_code ec;
        for (const auto& f : files_) total_ += static_cast<std::int64_t>(fs::file_size(f, ec));
    }

    // Opens the first file now: a wrong column is an error before the import starts.
    Status start() { return openFile(0); }

    Expected<bool> next(Record& r) override {
        try {
            return nextRow(r);
        } catch (const std::exception& e) {  // bad_alloc on a huge declared size, an Arrow exception
            return fail(where() + ": cannot be read (" + std::string(e.what()) + ").");
        }
    }
    std::string where() const override { return files_[index_] + ": row " + std::to_string(fileRow_); }
    std::int64_t bytesRead() const override { return done_ + (file_ ? file_->bytesRead() : 0); }
    std::int64_t totalBytes() const override { return std::max(total_, bytesRead()); }
    bool parallel() const override { return !p_.tgtColumn.empty(); }
    bool hasDomainColumn() const override { return !p_.labelColumn.empty(); }

private:
    Expected<bool> nextRow(Record& r) {
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
        textAt(*text_, row_, r.src);
        r.tgt.clear();
        if (tgt_) textAt(*tgt_, row_, r.tgt);
        r.domain.clear();
        if (label_) labelAt(row_, r.domain);
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
            const bool label = name == p_.labelColumn && !(name == p_.textColumn || name == p_.tgtColumn);
            if (!isText(type) && !(label && isInteger(type)))
                return fail(path + ": the column '" + name + "' holds " + type.ToString() + ", not text (string)" +
                            (label ? " or integer labels." : "."));
        }
        labelNames_ =
            p_.labelColumn.empty() ? std::vector<std::string>{} : classLabelNames(file_->schema(), p_.labelColumn);
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
        if (auto s = one(p_.textColumn, text_); !s) return s;
        if (auto s = one(p_.tgtColumn, tgt_); !s) return s;
        return one(p_.labelColumn, label_);
    }

    void labelAt(std::int64_t i, std::string& out) {
        if (label_->IsNull(i)) return;
        if (isText(*label_->type())) return textAt(*label_, i, out);  // void
        auto scalar = label_->GetScalar(i);
        if (!scalar.ok()) return;
        std::int64_t v = 0;
        if (auto c = (*scalar)->CastTo(arrow::int64()); c.ok()) v = static_cast<const arrow::Int64Scalar&>(**c).value;
        else return void(out.assign((*scalar)->ToString()));
        if (v >= 0 && static_cast<std::uint64_t>(v) < labelNames_.size())
            out = labelNames_[static_cast<std::size_t>(v)];
        else out = std::to_string(v);
    }

    std::vector<std::string> files_;
    const ImportParams& p_;
    std::vector<std::string> columns_;
    std::vector<std::string> labelNames_;
    std::unique_ptr<ArrowFile> file_;
    std::size_t index_ = 0;
    std::shared_ptr<arrow::RecordBatch> batch_;
    std::shared_ptr<arrow::Array> text_, tgt_, label_;
    std::int64_t row_ = 0, fileRow_ = 0, done_ = 0, total_ = 0;
};

}  // namespace

Expected<std::unique_ptr<RecordSource>> openArrowSource(const ImportParams& p) {
    if (p.textColumn.empty()) return usageError("Name the text column (--text-column).");
    std::vector<std::string> files;
    if (p.format == CorpusFormat::HfDataset) {
        auto found = hfDatasetFiles(p.srcPath, p.split);
        if (!found) return std::unexpected(found.error());
        files = std::move(*found);
    } else {
        files = {p.srcPath};
    }
    auto source = std::make_unique<ArrowSource>(std::move(files), p);
    try {
        if (auto s = source->start(); !s) return std::unexpected(s.error());
    } catch (const std::exception& e) {
        return fail(p.srcPath + " cannot be read: " + e.what());
    }
    return source;
}

#endif

}  // namespace dl
