#include "corpus/Import.h"

#include <cctype>
#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <string_view>

#include "corpus/HashSet64.h"
#include "corpus/TextNormalizer.h"
#include "store/Corpora.h"
#include "store/Statement.h"
#include "store/Store.h"

namespace dl {

namespace {

namespace fs = std::filesystem;

struct Record {
    std::string src, tgt, domain;
};

// Produces raw records (before normalisation) from one input format.
class RecordSource {
public:
    virtual ~RecordSource() = default;
    virtual Expected<bool> next(Record& r) = 0;
    virtual std::string where() const = 0;  // "file:line" of the last record
    virtual std::int64_t bytesRead() const = 0;
    virtual std::int64_t totalBytes() const = 0;
    virtual bool parallel() const = 0;
    virtual bool hasDomainColumn() const { return false; }
};

std::string at(const LineReader& r) { return r.path() + ":" + std::to_string(r.lineNumber()); }

class PlainSource final : public RecordSource {
public:
    PlainSource(std::unique_ptr<LineReader> src, std::unique_ptr<LineReader> tgt)
        : src_(std::move(src)), tgt_(std::move(tgt)) {}
    Expected<bool> next(Record& r) override {
        auto a = src_->next(r.src);
        if (!a) return std::unexpected(a.error());
        if (!tgt_) return *a;
        auto b = tgt_->next(r.tgt);
        if (!b) return std::unexpected(b.error());
        if (*a != *b) return mismatch(*a);
        return *a;
    }
    std::string where() const override {
        return tgt_ ? at(*src_) + " / " + tgt_->path() + ":" + std::to_string(tgt_->lineNumber()) : at(*src_);
    }
    std::int64_t bytesRead() const override { return src_->bytesRead() + (tgt_ ? tgt_->bytesRead() : 0); }
    std::int64_t totalBytes() const override { return src_->fileSize() + (tgt_ ? tgt_->fileSize() : 0); }
    bool parallel() const override { return tgt_ != nullptr; }

private:
    std::unexpected<Error> mismatch(bool srcHasMore) {
        LineReader& longer = srcHasMore ? *src_ : *tgt_;
        LineReader& shorter = srcHasMore ? *tgt_ : *src_;
        std::string scratch;
        while (true) {  // count the rest so the message gives both line counts
            auto more = longer.next(scratch);
            if (!more || !*more) break;
        }
        return fail("The parallel files have different line counts: " + longer.path() + " has " +
                    std::to_string(longer.lineNumber()) + " lines but " + shorter.path() + " has " +
                    std::to_string(shorter.lineNumber()) + ". Parallel files must be line-aligned.");
    }
    std::unique_ptr<LineReader> src_, tgt_;
};

class TsvSource final : public RecordSource {
public:
    TsvSource(std::unique_ptr<LineReader> in, std::vector<std::string> columns)
        : in_(std::move(in)), columns_(std::move(columns)) {}
    Expected<bool> next(Record& r) override {
        while (true) {
            auto more = in_->next(line_);
            if (!more || !*more) return more;
            if (line_.empty()) {  // an empty row is an empty sentence, not a column error
                r.src.clear();
                r.tgt.clear();
                r.domain.clear();
                return true;
            }
            std::vector<std::string_view> fields;
            std::size_t start = 0;
            while (true) {
                const std::size_t tab = line_.find('\t', start);
                fields.emplace_back(line_.data() + start, (tab == std::string::npos ? line_.size() : tab) - start);
                if (tab == std::string::npos) break;
                start = tab + 1;
            }
            if (columns_.empty()) {
                static const std::vector<std::string> byCount[] = {{}, {"src"}, {"src", "tgt"}, {"src", "tgt", "domain"}};
                if (fields.size() > 3)
                    return fail(at(*in_) + ": found " + std::to_string(fields.size()) +
                                " tab-separated columns; name them with --columns (e.g. src,tgt,domain,ignore).");
                columns_ = byCount[fields.size()];
            }
            if (fields.size() != columns_.size()) {
                std::string names;
                for (auto& c : columns_) names += (names.empty() ? "" : ", ") + c;
                return fail(at(*in_) + ": expected " + std::to_string(columns_.size()) + " tab-separated columns (" + names +
                            "), found " + std::to_string(fields.size()) + ".");
            }
            r.src.clear();
            r.tgt.clear();
            r.domain.clear();
            for (std::size_t i = 0; i < fields.size(); ++i) {
                if (columns_[i] == "src") r.src.assign(fields[i]);
                else if (columns_[i] == "tgt") r.tgt.assign(fields[i]);
                else if (columns_[i] == "domain") r.domain.assign(fields[i]);
            }
            return true;
        }
    }
    std::string where() const override { return at(*in_); }
    std::int64_t bytesRead() const override { return in_->bytesRead(); }
    std::int64_t totalBytes() const override { return in_->fileSize(); }
    bool parallel() const override { return hasColumn("tgt"); }
    bool hasDomainColumn() const override { return hasColumn("domain"); }

private:
    bool hasColumn(const char* name) const {
        for (auto& c : columns_)
            if (c == name) return true;
        return false;
    }
    std::unique_ptr<LineReader> in_;
    std::vector<std::string> columns_;
    std::string line_;
};

class JsonlSource final : public RecordSource {
public:
    JsonlSource(std::unique_ptr<LineReader> in, const ImportParams& p) : in_(std::move(in)), p_(p) {}
    Expected<bool> next(Record& r) override {
        auto more = in_->next(line_);
        if (!more || !*more) return more;
        r.src.clear();
        r.tgt.clear();
        r.domain.clear();
        if (line_.find_first_not_of(" \t") == std::string::npos) return true;  // empty line = empty sentence
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(line_);
        } catch (const nlohmann::json::parse_error& e) {
            return fail(at(*in_) + ": not valid JSON (" + std::string(e.what()) + ").");
        }
        if (!j.is_object()) return fail(at(*in_) + ": expected a JSON object per line.");
        auto field = [&](const std::string& name, std::string& out, bool required, int& seen) -> Status {
            auto it = j.find(name);
            if (it == j.end() || it->is_null()) {
                if (required) return fail(at(*in_) + ": the field \"" + name + "\" is missing.");
                if (seen == 1) return fail(at(*in_) + ": the field \"" + name + "\" is missing (earlier lines have it).");
                seen = 0;
                return {};
            }
            if (!it->is_string()) return fail(at(*in_) + ": the field \"" + name + "\" is not a string.");
            if (seen == 0) return fail(at(*in_) + ": the field \"" + name + "\" appears, but earlier lines lack it.");
            seen = 1;
            out = it->get<std::string>();
            return {};
        };
        int srcSeen = -1;
        if (auto s = field(p_.srcField, r.src, true, srcSeen); !s) return std::unexpected(s.error());
        if (auto s = field(p_.tgtField, r.tgt, false, tgtSeen_); !s) return std::unexpected(s.error());
        if (auto s = field(p_.domainField, r.domain, false, domainSeen_); !s) return std::unexpected(s.error());
        return true;
    }
    std::string where() const override { return at(*in_); }
    std::int64_t bytesRead() const override { return in_->bytesRead(); }
    std::int64_t totalBytes() const override { return in_->fileSize(); }
    bool parallel() const override { return tgtSeen_ == 1; }
    bool hasDomainColumn() const override { return domainSeen_ == 1; }

private:
    std::unique_ptr<LineReader> in_;
    const ImportParams& p_;
    std::string line_;
    int tgtSeen_ = -1, domainSeen_ = -1;  // -1 unknown, 0 absent, 1 present
};

std::uint64_t hashText(std::string_view s, std::uint64_t salt) {
    return std::hash<std::string_view>{}(s) ^ (salt * 0x9e3779b97f4a7c15ull);
}

bool looksLikeLanguage(const std::string& ext) {
    if (ext.size() < 2 || ext.size() > 8) return false;
    for (char c : ext)
        if (!std::isalpha(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
    return ext != "txt" && ext != "tsv" && ext != "jsonl" && ext != "json" && ext != "csv";
}

}  // namespace

std::pair<std::string, std::string> splitDomainAndLanguage(const std::string& path) {
    std::string name = fs::path(path).filename().string();
    if (name.size() > 3 && name.ends_with(".gz")) name.resize(name.size() - 3);
    const auto dot = name.rfind('.');
    if (dot == std::string::npos || dot == 0) return {name, ""};
    std::string ext = name.substr(dot + 1);
    std::string stem = name.substr(0, dot);
    if (looksLikeLanguage(ext)) return {stem, ext};
    // "medical.tsv" -> domain "medical"; the extension is a format, not a language.
    return {stem, ""};
}

nlohmann::json ImportReport::toJson() const {
    return {{"corpus", corpus},
            {"corpus_id", corpusId},
            {"lines_read", linesRead},
            {"imported", imported},
            {"empty_skipped", emptySkipped},
            {"duplicates", {{"pair", duplicatePairs}, {"source", duplicateSources}, {"target", duplicateTargets}}},
            {"invalid_utf8_replaced", invalidUtf8Replaced},
            {"per_domain", perDomain},
            {"seconds", seconds}};
}

std::string ImportReport::summary() const {
    std::string s = "Imported " + std::to_string(imported) + " of " + std::to_string(linesRead) + " lines into '" + corpus +
                    "'";
    const auto dups = duplicatePairs + duplicateSources + duplicateTargets;
    s += "; dropped " + std::to_string(emptySkipped) + " empty and " + std::to_string(dups) + " duplicates (" +
         std::to_string(duplicatePairs) + " same pair, " + std::to_string(duplicateSources) + " repeated source, " +
         std::to_string(duplicateTargets) + " repeated target)";
    if (invalidUtf8Replaced) s += "; replaced " + std::to_string(invalidUtf8Replaced) + " invalid UTF-8 sequences";
    return s + ".";
}

Expected<ImportReport> runImport(const ImportParams& p, Store& store, ProgressSink& progress, const CancelToken& cancel) {
    const auto t0 = std::chrono::steady_clock::now();
    if (p.srcPath.empty()) return usageError("No input file given (--src).");
    if (!p.tgtPath.empty() && p.format != CorpusFormat::Plain)
        return usageError("--tgt pairs two plain-text files; TSV and JSONL carry the target in a column/field.");
    if (p.labelSource == LabelSource::Given && p.domain.empty()) return usageError("The domain label is empty.");
    for (auto& c : p.tsvColumns)
        if (c != "src" && c != "tgt" && c != "domain" && c != "ignore")
            return usageError("Unknown TSV column role '" + c + "' (use src, tgt, domain, ignore).");

    auto srcReader = LineReader::open(p.srcPath, p.maxLineBytes);
    if (!srcReader) return std::unexpected(srcReader.error());
    std::unique_ptr<RecordSource> source;
    switch (p.format) {
    case CorpusFormat::Plain: {
        std::unique_ptr<LineReader> tgt;
        if (!p.tgtPath.empty()) {
            auto t = LineReader::open(p.tgtPath, p.maxLineBytes);
            if (!t) return std::unexpected(t.error());
            tgt = std::move(*t);
        }
        source = std::make_unique<PlainSource>(std::move(*srcReader), std::move(tgt));
        break;
    }
    case CorpusFormat::Tsv: source = std::make_unique<TsvSource>(std::move(*srcReader), p.tsvColumns); break;
    case CorpusFormat::Jsonl: source = std::make_unique<JsonlSource>(std::move(*srcReader), p); break;
    }

    auto [fileDomain, srcLangFromName] = splitDomainAndLanguage(p.srcPath);
    std::string srcLang = p.srcLang.empty() ? srcLangFromName : p.srcLang;
    std::string tgtLang = p.tgtLang;
    if (tgtLang.empty() && !p.tgtPath.empty()) tgtLang = splitDomainAndLanguage(p.tgtPath).second;
    std::string corpusName = p.corpus.empty() ? fileDomain : p.corpus;
    std::string fixedDomain;
    if (p.labelSource == LabelSource::Given) fixedDomain = p.domain;
    if (p.labelSource == LabelSource::FromFilename) fixedDomain = fileDomain;

    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());

    ImportReport report;
    report.corpus = corpusName;
    // Find or create the corpus; appending must agree on languages and on being parallel.
    std::int64_t corpusId = 0, nextPosition = 0;
    bool existing = false, existingParallel = false;
    {
        auto q = store.prepare("SELECT id, src_lang, tgt_lang, parallel FROM corpora WHERE name = ?1");
        if (!q) return std::unexpected(q.error());
        q->bind(1, corpusName);
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (*row) {
            existing = true;
            corpusId = q->int64(0);
            const std::string oldSrc(q->text(1)), oldTgt(q->text(2));
            existingParallel = q->int64(3) != 0;
            if (!srcLang.empty() && !oldSrc.empty() && oldSrc != srcLang)
                return fail("The corpus '" + corpusName + "' holds " + oldSrc + " source text; " + p.srcPath +
                            " is " + srcLang + ". Import it into another corpus (--corpus).");
            if (!tgtLang.empty() && !oldTgt.empty() && oldTgt != tgtLang)
                return fail("The corpus '" + corpusName + "' holds " + oldTgt + " target text; the new file is " + tgtLang + ".");
        }
    }

    HashSet64 seenPairs, seenSrc, seenTgt;
    if (existing) {
        auto q = store.prepare("SELECT src, COALESCE(tgt, ''), position FROM sentences WHERE corpus_id = ?1");
        if (!q) return std::unexpected(q.error());
        q->bind(1, corpusId);
        while (true) {
            auto row = q->step();
            if (!row) return std::unexpected(row.error());
            if (!*row) break;
            const auto s = q->text(0), t = q->text(1);
            seenSrc.insert(hashText(s, 1));
            if (!t.empty()) seenTgt.insert(hashText(t, 2));
            seenPairs.insert(hashText(s, 3) ^ (hashText(t, 4) * 31));
            nextPosition = std::max(nextPosition, q->int64(2) + 1);
        }
    } else {
        auto ins = store.prepare("INSERT INTO corpora(name, src_lang, tgt_lang, parallel) VALUES(?1, ?2, ?3, 0)");
        if (!ins) return std::unexpected(ins.error());
        ins->bind(1, corpusName).bind(2, srcLang).bind(3, tgtLang);
        if (auto s = ins->run(); !s) return std::unexpected(s.error());
        corpusId = store.lastInsertId();
    }
    report.corpusId = corpusId;

    auto insert = store.prepare(
        "INSERT INTO sentences(corpus_id, position, domain, src, tgt, src_tokens, tgt_tokens) VALUES(?1,?2,?3,?4,?5,?6,?7)");
    if (!insert) return std::unexpected(insert.error());

    progress.stage("Importing " + fs::path(p.srcPath).filename().string());
    Record r;
    const std::int64_t total = source->totalBytes();
    while (true) {
        auto more = source->next(r);
        if (!more) return std::unexpected(more.error());
        if (!*more) break;
        ++report.linesRead;
        if ((report.linesRead & 0x3fff) == 0) {
            if (cancel.isCancelled()) return cancelled();  // the transaction rolls back
            progress.progress(source->bytesRead(), total);
        }
        for (std::string* text : {&r.src, &r.tgt}) {
            auto n = normalizeLine(*text, p.replaceInvalidUtf8);
            if (!n.ok)
                return fail(ErrorCode::InvalidUtf8, {source->where(), std::to_string(n.invalidByteOffset + 1)},
                            source->where() + ": invalid UTF-8 at byte " + std::to_string(n.invalidByteOffset + 1) +
                            " (use --replace-invalid to replace invalid bytes with U+FFFD).");
            report.invalidUtf8Replaced += static_cast<std::int64_t>(n.replacements);
        }
        if (r.src.empty() || (source->parallel() && r.tgt.empty())) {
            ++report.emptySkipped;
            continue;
        }
        const bool fromColumn = p.labelSource == LabelSource::FromColumn ||
                                (p.labelSource == LabelSource::None && source->hasDomainColumn());
        if (fromColumn) {
            if (!source->hasDomainColumn())
                return usageError("The domain label should come from a column/field, but " + p.srcPath + " has none.");
            // The label follows --replace-invalid like the text does: bad bytes stop the import.
            auto n = normalizeLine(r.domain, p.replaceInvalidUtf8);
            if (!n.ok)
                return fail(ErrorCode::InvalidUtf8, {source->where(), std::to_string(n.invalidByteOffset + 1)},
                            source->where() + ": invalid UTF-8 in the domain label at byte " + std::to_string(n.invalidByteOffset + 1) +
                            " (use --replace-invalid to replace invalid bytes with U+FFFD).");
            report.invalidUtf8Replaced += static_cast<std::int64_t>(n.replacements);
            if (r.domain.empty()) return fail(source->where() + ": the domain column is empty.");
        } else {
            r.domain = fixedDomain;
        }
        if (p.dedupe) {
            // Only KEPT rows register their pair/source/target: "already seen in the corpus"
            // means in what the corpus holds. Registering a dropped row's other side too
            // (as before) dropped later pairs whose target appeared only on a dropped row
            // (124 of 1.5M pairs in bench/import; tests/core/corpus pins the rule).
            const std::uint64_t hs = hashText(r.src, 1), ht = hashText(r.tgt, 2);
            const std::uint64_t hp = hashText(r.src, 3) ^ (hashText(r.tgt, 4) * 31);
            if (seenPairs.contains(hp)) {
                ++report.duplicatePairs;
                continue;
            }
            if (seenSrc.contains(hs)) {
                ++report.duplicateSources;
                continue;
            }
            if (!r.tgt.empty() && seenTgt.contains(ht)) {
                ++report.duplicateTargets;
                continue;
            }
            seenPairs.insert(hp);
            seenSrc.insert(hs);
            if (!r.tgt.empty()) seenTgt.insert(ht);
        }
        insert->bind(1, corpusId).bind(2, nextPosition++).bindStatic(3, r.domain).bindStatic(4, r.src);
        if (source->parallel()) insert->bindStatic(5, r.tgt);
        else insert->bindNull(5);
        insert->bind(6, countTokens(r.src)).bind(7, countTokens(r.tgt));
        if (auto s = insert->run(); !s) return std::unexpected(s.error());
        ++report.imported;
        ++report.perDomain[r.domain];
    }
    progress.progress(total, total);

    if (report.linesRead == 0) return fail("The file " + p.srcPath + " is empty; nothing was imported.");
    if (report.imported == 0 && report.emptySkipped == report.linesRead)
        return fail("The file " + p.srcPath + " contains no sentences: all " + std::to_string(report.linesRead) +
                    " lines are empty.");
    if (existing && report.imported > 0 && source->parallel() != existingParallel)
        return fail("The corpus '" + corpusName + "' is " + (existingParallel ? "parallel" : "monolingual") +
                    "; the new input is " + (source->parallel() ? "parallel" : "monolingual") +
                    ". Import it into another corpus (--corpus).");
    if (!existing) {
        auto up = store.prepare("UPDATE corpora SET parallel = ?2 WHERE id = ?1");
        if (!up) return std::unexpected(up.error());
        up->bind(1, corpusId).bind(2, source->parallel() ? 1 : 0);
        if (auto s = up->run(); !s) return std::unexpected(s.error());
    }
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    auto log = store.prepare("INSERT INTO imports(corpus_id, report) VALUES(?1, ?2)");
    if (!log) return std::unexpected(log.error());
    nlohmann::json j = report.toJson();
    j["files"] = p.tgtPath.empty() ? nlohmann::json{p.srcPath} : nlohmann::json{p.srcPath, p.tgtPath};
    log->bind(1, corpusId).bind(2, j.dump());
    if (auto s = log->run(); !s) return std::unexpected(s.error());
    if (cancel.isCancelled()) return cancelled();
    if (auto c = tx->commit(); !c) return std::unexpected(c.error());
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return report;
}

}  // namespace dl
