// libFuzzer target: export of fuzzed records (issue #23). The input is a list of records
// (0x1E ends a record, 0x1F separates src, tgt and domain) with any bytes in them: LF, CR, TAB,
// invalid UTF-8, labels that look alike as file names. They are imported through JSONL (the
// real import, field rule included) and exported as shards by domain in every format; every
// output is read back and its framing checked:
// - each file's line count (LF, as wc -l) is the manifest's `lines` and its group's size;
// - a Moses group's files have equal line counts; a TSV row has its cells; a JSONL line is an
//   object; no CR in a line format;
// - no two groups share a file; the groups' sizes add up to the imported sentences.
// The first byte picks: parallel (tgt), labelled (domain), NULs dropped, gzip.
#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "FuzzSupport.h"
#include "ImportFuzz.h"
#include "export/Export.h"

namespace {

std::string readMaybeGzip(const std::string& path) {
    gzFile gz = gzopen(path.c_str(), "rb");  // reads plain files as they are
    if (!gz) std::abort();
    std::string out;
    char buf[1 << 14];
    int n;
    while ((n = gzread(gz, buf, sizeof buf)) > 0) out.append(buf, static_cast<std::size_t>(n));
    if (n < 0) std::abort();
    gzclose(gz);
    return out;
}

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (std::size_t lf = text.find('\n'); lf != std::string::npos; lf = text.find('\n', start)) {
        lines.push_back(text.substr(start, lf - start));
        start = lf + 1;
    }
    if (start != text.size()) std::abort();  // a line without its LF: the framing is broken
    return lines;
}

void checkExport(const dl::ExportResult& r, dl::ExportFormat format, bool parallel, std::int64_t imported) {
    const auto onDisk = nlohmann::json::parse(readMaybeGzip(r.manifestPath), nullptr, false);
    if (onDisk.is_discarded() || onDisk != r.manifest) std::abort();
    const auto& shards = r.manifest.at("shards");
    std::int64_t total = 0;
    for (const auto& [group, size] : shards.items()) total += size.get<std::int64_t>();
    if (total != imported) std::abort();
    std::set<std::string> paths;
    std::map<std::string, std::set<std::int64_t>> linesPerGroup;
    for (const auto& f : r.manifest.at("files")) {
        const std::string path = f.at("path").get<std::string>();
        if (!paths.insert(path).second) std::abort();  // two groups in one file
        const std::string group = f.at("group").get<std::string>();
        const auto lines = splitLines(readMaybeGzip(path));
        const auto count = static_cast<std::int64_t>(lines.size());
        if (count != f.at("lines").get<std::int64_t>() || count != shards.at(group).get<std::int64_t>()) std::abort();
        linesPerGroup[group].insert(count);
        for (const auto& line : lines) {
            if (format != dl::ExportFormat::Jsonl && line.find('\r') != std::string::npos) std::abort();
            if (format == dl::ExportFormat::Moses && line.find('\t') != std::string::npos) std::abort();
            if (format == dl::ExportFormat::Tsv && std::count(line.begin(), line.end(), '\t') != (parallel ? 2 : 1))
                std::abort();
            if (format == dl::ExportFormat::Jsonl && !nlohmann::json::parse(line, nullptr, false).is_object())
                std::abort();
        }
    }
    const std::size_t filesPerGroup = format == dl::ExportFormat::Moses && parallel ? 2 : 1;
    if (paths.size() != shards.size() * filesPerGroup) std::abort();
    for (const auto& [group, counts] : linesPerGroup)
        if (counts.size() != 1) std::abort();  // a Moses pair out of step
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::uint8_t flags = data[0];
    const bool parallel = flags & 1, labelled = flags & 2, dropNul = flags & 4, gzip = flags & 8;
    // Records -> JSONL (invalid UTF-8 written as U+FFFD by the dump; the import replaces the rest).
    std::string jsonl;
    std::vector<std::string> fields(1);
    auto endRecord = [&] {
        fields.resize(3);
        nlohmann::json j{{"src", fields[0]}};
        if (parallel) j["tgt"] = fields[1];
        if (labelled) j["domain"] = fields[2].empty() ? std::string("none") : fields[2];
        jsonl += j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
        fields.assign(1, std::string());
    };
    for (std::size_t i = 1; i < size; ++i) {
        const char c = static_cast<char>(data[i]);
        if (c == '\x1e') endRecord();
        else if (c == '\x1f') fields.emplace_back();
        else if (!(dropNul && c == '\0')) fields.back() += c;
    }
    endRecord();

    const std::string projectName = "export.dlproj";
    dlfuzz::removeProject(projectName);
    auto store = dl::Store::create((dlfuzz::scratchDir() / projectName).string());
    if (!store) std::abort();
    dl::NullProgress progress;
    dl::CancelToken cancel;
    dl::ImportParams ip;
    ip.srcPath = dlfuzz::writeFile("records.jsonl", jsonl);
    ip.format = dl::CorpusFormat::Jsonl;
    ip.corpus = "fuzz";
    ip.labelSource = labelled ? dl::LabelSource::FromColumn : dl::LabelSource::None;
    ip.replaceInvalidUtf8 = true;
    auto report = dl::runImport(ip, **store, progress, cancel);
    if (!report || report->imported == 0) return 0;  // refused input (a NUL, ...): nothing to export

    const auto out = dlfuzz::scratchDir() / "out";
    for (auto format : {dl::ExportFormat::Moses, dl::ExportFormat::Tsv, dl::ExportFormat::Jsonl}) {
        std::error_code ec;
        std::filesystem::remove_all(out, ec);
        std::filesystem::create_directories(out);
        dl::ExportParams p;
        p.mode = dl::ExportMode::Shards;
        p.groupBy = "domain";
        p.corpus = "fuzz";
        p.format = format;
        p.gzip = gzip;
        p.outPrefix = (out / "x").string();
        auto r = dl::runExport(p, **store, progress, cancel);
        if (!r) {  // every imported corpus exports
            std::fprintf(stderr, "export failed: %s\n", r.error().message.c_str());
            std::abort();
        }
        checkExport(*r, format, parallel && report->imported > 0, report->imported);
    }
    return 0;
}
