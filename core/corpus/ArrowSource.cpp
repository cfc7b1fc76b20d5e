#include "corpus/ArrowSource.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "common/ArrowModule.h"
#include "common/JsonText.h"
#include "common/RegularFile.h"
#include "corpus/Import.h"

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
    if (jsonNestsDeeperThan(text.view())) return fail(path.string() + ": not valid JSON" + tooDeepNote(true) + ".");
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

bool arrowAvailable() { return arrowModule().has_value(); }

namespace {

// The rows of libdomainlens_arrow.so's reader (common/ArrowModuleAbi.h) as a RecordSource: every check, the
// streaming and the messages are the module's; this side copies the texts out.
class ArrowSource final : public RecordSource {
public:
    ArrowSource(const ArrowModuleApi& api, std::vector<std::string> files, const ImportParams& p)
        : api_(api), files_(std::move(files)), p_(p) {
        std::error_code ec;
        for (const auto& f : files_) total_ += static_cast<std::int64_t>(fs::file_size(f, ec));
    }
    ~ArrowSource() override {
        if (reader_) api_.readerFree(reader_);
    }
    ArrowSource(const ArrowSource&) = delete;
    ArrowSource& operator=(const ArrowSource&) = delete;

    // Opens the first file now: a wrong column is an error before the import starts.
    Status start() {
        std::vector<const char*> names;
        names.reserve(files_.size());
        for (const auto& f : files_) names.push_back(f.c_str());
        reader_ = api_.readerOpen(p_.srcPath.c_str(), names.data(), static_cast<int>(names.size()),
                                  p_.textColumn.c_str(), p_.tgtColumn.c_str(), p_.labelColumn.c_str());
        if (!reader_) return fail(p_.srcPath + " cannot be read: out of memory.");
        if (const char* e = api_.readerError(reader_); *e) return fail(e);
        return {};
    }

    Expected<bool> next(Record& r) override {
        dl_arrow_row row{};
        const int rc = api_.readerNext(reader_, &row);
        if (rc < 0) return fail(api_.readerError(reader_));
        if (rc == 0) return false;
        r.src.assign(row.src.data, row.src.size);
        r.tgt.assign(row.tgt.data, row.tgt.size);
        r.domain.assign(row.label.data, row.label.size);
        return true;
    }
    std::string where() const override {
        int file = 0;
        std::int64_t row = 0;
        api_.readerPosition(reader_, &file, &row);
        const auto index =
            file >= 0 && static_cast<std::size_t>(file) < files_.size() ? static_cast<std::size_t>(file) : 0;
        return files_[index] + ": row " + std::to_string(row);
    }
    std::int64_t bytesRead() const override { return api_.readerBytesRead(reader_); }
    std::int64_t totalBytes() const override { return std::max(total_, bytesRead()); }
    bool parallel() const override { return !p_.tgtColumn.empty(); }
    bool hasDomainColumn() const override { return !p_.labelColumn.empty(); }

private:
    const ArrowModuleApi& api_;
    std::vector<std::string> files_;
    const ImportParams& p_;
    dl_arrow_reader* reader_ = nullptr;
    std::int64_t total_ = 0;
};

}  // namespace

Expected<std::unique_ptr<RecordSource>> openArrowSource(const ImportParams& p) {
    if (p.textColumn.empty()) return usageError("Name the text column (--text-column).");
    auto api = arrowModule();
    if (!api) return std::unexpected(api.error());
    std::vector<std::string> files;
    if (p.format == CorpusFormat::HfDataset) {
        auto found = hfDatasetFiles(p.srcPath, p.split);
        if (!found) return std::unexpected(found.error());
        files = std::move(*found);
    } else {
        files = {p.srcPath};
    }
    auto source = std::make_unique<ArrowSource>(**api, std::move(files), p);
    if (auto s = source->start(); !s) return std::unexpected(s.error());
    return source;
}

}  // namespace dl
