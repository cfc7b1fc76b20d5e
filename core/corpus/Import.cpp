#include "corpus/Import.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <thread>

#include "common/FieldText.h"
#include "corpus/DedupeIndex.h"
#include "corpus/ImportReader.h"
#include "corpus/RecordSource.h"
#include "jobs/RunJob.h"
#include "store/Corpora.h"
#include "store/Statement.h"
#include "store/Store.h"

namespace dl {

namespace {

namespace fs = std::filesystem;

// Runs an ImportReader on its own thread; the calling thread (the SQLite writer) takes the
// batches from queue(). Destroying it before join() (an error or a cancel on the writer's
// side) stops the reader and waits for it. Exceptions on the reading thread become errors
// there (runJob), so none is lost and none escapes the thread.
// Not a fan-out, so not common/Parallel.h: two threads doing different work (reading and
// writing) through a bounded queue, with no blocks to share out and no thread count. The source
// scan in tests/core/common/tst_parallel.cpp lists it as the one exemption.
class ReaderThread {
public:
    explicit ReaderThread(ImportReader& reader)
        : queue_(kQueuedBatches), thread_([this, &reader] {
              status_ = runJob<void>([&] { return reader.run(queue_); });
              queue_.finish();
          }) {}
    ~ReaderThread() {
        if (!thread_.joinable()) return;
        queue_.abort();
        thread_.join();
    }
    BatchQueue& queue() { return queue_; }
    Status join() {
        thread_.join();
        return status_;
    }

private:
    static constexpr std::size_t kQueuedBatches = 4;
    BatchQueue queue_;
    Status status_;
    std::thread thread_;
};

// Inserts the rows of batches into `sentences` with consecutive positions, kRowsPerStatement
// rows per INSERT: SQLite then opens its cursors and runs the statement prologue once per
// 64 rows, not per row (a third less CPU in the writer, which bounds the import's speed).
class SentenceInserter {
public:
    static Expected<SentenceInserter> prepare(Store& store, std::int64_t corpusId, std::int64_t firstPosition) {
        auto many = store.prepare(sql(kRowsPerStatement));
        if (!many) return std::unexpected(many.error());
        auto one = store.prepare(sql(1));
        if (!one) return std::unexpected(one.error());
        return SentenceInserter(std::move(*many), std::move(*one), corpusId, firstPosition);
    }
    Status insert(const ImportBatch& batch) {
        const std::size_t n = batch.rows.size();
        std::size_t i = 0;
        for (; i + kRowsPerStatement <= n; i += kRowsPerStatement) {
            for (int k = 0; k < kRowsPerStatement; ++k) bindRow(many_, k * kColumns, batch, batch.rows[i + k]);
            if (auto s = many_.run(); !s) return s;
        }
        for (; i < n; ++i) {
            bindRow(one_, 0, batch, batch.rows[i]);
            if (auto s = one_.run(); !s) return s;
        }
        return {};
    }

private:
    static constexpr int kRowsPerStatement = 64, kColumns = 7;
    SentenceInserter(Statement many, Statement one, std::int64_t corpusId, std::int64_t firstPosition)
        : many_(std::move(many)), one_(std::move(one)), corpusId_(corpusId), nextPosition_(firstPosition) {}
    static std::string sql(int rows) {
        std::string s = "INSERT INTO sentences(corpus_id, position, domain, src, tgt, src_tokens, tgt_tokens) VALUES";
        for (int r = 0; r < rows; ++r) s += r ? ",(?,?,?,?,?,?,?)" : "(?,?,?,?,?,?,?)";
        return s;
    }
    void bindRow(Statement& st, int base, const ImportBatch& batch, const ImportRow& row) {
        st.bind(base + 1, corpusId_)
            .bind(base + 2, nextPosition_++)
            .bindStatic(base + 3, batch.view(row.domain, row.domainLen));
        st.bindStatic(base + 4, batch.view(row.src, row.srcLen));
        if (row.tgtNull) st.bindNull(base + 5);
        else st.bindStatic(base + 5, batch.view(row.tgt, row.tgtLen));
        st.bind(base + 6, row.srcTokens).bind(base + 7, row.tgtTokens);
    }
    Statement many_, one_;
    std::int64_t corpusId_, nextPosition_;
};

bool looksLikeLanguage(const std::string& ext) {
    if (ext.size() < 2 || ext.size() > 8) return false;
    for (char c : ext)
        if (!std::isalpha(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
    return ext != "txt" && ext != "tsv" && ext != "jsonl" && ext != "json" && ext != "csv" && ext != "parquet" &&
           ext != "arrow";
}

}  // namespace

CorpusFormat corpusFormatFromName(std::string name) {
    if (name.ends_with(".gz")) name.resize(name.size() - 3);
    return name.ends_with(".tsv")       ? CorpusFormat::Tsv
           : name.ends_with(".jsonl")   ? CorpusFormat::Jsonl
           : name.ends_with(".parquet") ? CorpusFormat::Parquet
                                        : CorpusFormat::Plain;
}

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
            {"line_breaks_replaced", lineBreaksReplaced},
            {"per_domain", perDomain},
            {"seconds", seconds}};
}

std::string ImportReport::summary() const {
    std::string s =
        "Imported " + std::to_string(imported) + " of " + std::to_string(linesRead) + " lines into '" + corpus + "'";
    const auto dups = duplicatePairs + duplicateSources + duplicateTargets;
    s += "; dropped " + std::to_string(emptySkipped) + " empty and " + std::to_string(dups) + " duplicates (" +
         std::to_string(duplicatePairs) + " same pair, " + std::to_string(duplicateSources) + " repeated source, " +
         std::to_string(duplicateTargets) + " repeated target)";
    if (invalidUtf8Replaced) s += "; replaced " + std::to_string(invalidUtf8Replaced) + " invalid UTF-8 sequences";
    if (lineBreaksReplaced)
        s += "; " + std::to_string(lineBreaksReplaced) + " fields held line breaks or tabs (now spaces)";
    return s + ".";
}

namespace {

// The request's own consistency, before any file is opened.
Status checkImportParams(const ImportParams& p) {
    if (p.srcPath.empty()) return usageError("No input given (--src FILE, --parquet FILE or --hf-dataset DIR).");
    if (!p.tgtPath.empty() && p.format != CorpusFormat::Plain)
        return usageError("--tgt pairs two plain-text files; TSV and JSONL carry the target in a column/field.");
    if (p.labelSource == LabelSource::Given && p.domain.empty()) return usageError("The domain label is empty.");
    for (const auto& c : p.tsvColumns)
        if (c != "src" && c != "tgt" && c != "domain" && c != "ignore")
            return usageError("Unknown TSV column role '" + c + "' (use src, tgt, domain, ignore).");
    if (!p.tsvColumns.empty()) {  // a role named twice would have one column overwrite the other
        const auto count = [&](const char* role) { return std::ranges::count(p.tsvColumns, std::string(role)); };
        if (count("src") == 0)
            return usageError("--columns has no src column (each row needs its source text; ignore skips a column).");
        for (const char* role : {"src", "tgt", "domain"})
            if (count(role) > 1)
                return usageError("--columns names " + std::string(role) + " " + std::to_string(count(role)) +
                                  " times; each of src, tgt and domain may be one column only (ignore may repeat).");
    }
    return {};
}

// The corpus, its languages and the fixed domain label, from the options and the file names.
struct ImportNames {
    std::string corpus, srcLang, tgtLang, fixedDomain;
};

ImportNames importNames(const ImportParams& p) {
    auto [fileDomain, srcLangFromName] = splitDomainAndLanguage(p.srcPath);
    ImportNames n;
    n.srcLang = p.srcLang.empty() ? srcLangFromName : p.srcLang;
    n.tgtLang = p.tgtLang;
    if (n.tgtLang.empty() && !p.tgtPath.empty()) n.tgtLang = splitDomainAndLanguage(p.tgtPath).second;
    if (p.format == CorpusFormat::Parquet || p.format == CorpusFormat::HfDataset) {
        // "translation.de" / "translation.en": the languages from the columns' last part.
        auto lastPart = [](const std::string& column) {
            const auto dot = column.rfind('.');
            const std::string last = dot == std::string::npos ? std::string() : column.substr(dot + 1);
            return looksLikeLanguage(last) ? last : std::string();
        };
        if (p.srcLang.empty()) n.srcLang = lastPart(p.textColumn);
        if (n.tgtLang.empty()) n.tgtLang = lastPart(p.tgtColumn);
    }
    n.corpus = p.corpus.empty() ? fileDomain : p.corpus;
    if (p.labelSource == LabelSource::Given) n.fixedDomain = p.domain;
    if (p.labelSource == LabelSource::FromFilename) n.fixedDomain = fileDomain;
    flattenFieldBreaks(n.fixedDomain);
    return n;
}

// The corpus the rows go into: an existing one (which must agree on the languages; its
// sentences fill `seen` and the rows append after its last position) or a new one.
struct ImportTarget {
    std::int64_t corpusId = 0, nextPosition = 0;
    bool existing = false, existingParallel = false;
};

Expected<ImportTarget> findCorpusForImport(Store& store, const ImportParams& p, const ImportNames& n) {
    ImportTarget t;
    auto q = store.prepare("SELECT id, src_lang, tgt_lang, parallel FROM corpora WHERE name = ?1");
    if (!q) return std::unexpected(q.error());
    q->bind(1, n.corpus);
    auto row = q->step();
    if (!row) return std::unexpected(row.error());
    if (!*row) return t;
    t.existing = true;
    t.corpusId = q->int64(0);
    const std::string oldSrc(q->text(1)), oldTgt(q->text(2));
    t.existingParallel = q->int64(3) != 0;
    if (!n.srcLang.empty() && !oldSrc.empty() && oldSrc != n.srcLang)
        return fail("The corpus '" + n.corpus + "' holds " + oldSrc + " source text; " + p.srcPath + " is " +
                    n.srcLang + ". Import it into another corpus (--corpus).");
    if (!n.tgtLang.empty() && !oldTgt.empty() && oldTgt != n.tgtLang)
        return fail("The corpus '" + n.corpus + "' holds " + oldTgt + " target text; the new file is " + n.tgtLang +
                    ".");
    return t;
}

Status prepareImportTarget(Store& store, const ImportParams& p, const ImportNames& n, ImportTarget& t,
                           DedupeIndex& seen) {
    if (t.existing) {
        auto q = store.prepare("SELECT src, COALESCE(tgt, ''), position FROM sentences WHERE corpus_id = ?1");
        if (!q) return std::unexpected(q.error());
        q->bind(1, t.corpusId);
        while (true) {
            auto row = q->step();
            if (!row) return std::unexpected(row.error());
            if (!*row) break;
            seen.add(q->text(0), q->text(1));
            t.nextPosition = std::max(t.nextPosition, q->int64(2) + 1);
        }
    } else {
        auto ins =
            store.prepare("INSERT INTO corpora(name, src_lang, tgt_lang, parallel, role) VALUES(?1, ?2, ?3, 0, ?4)");
        if (!ins) return std::unexpected(ins.error());
        ins->bind(1, n.corpus).bind(2, n.srcLang).bind(3, n.tgtLang).bind(4, p.role.empty() ? "train" : p.role);
        if (auto s = ins->run(); !s) return std::unexpected(s.error());
        t.corpusId = store.lastInsertId();
    }
    if (t.existing && !p.role.empty())
        if (auto s = setCorpusRole(store, t.corpusId, p.role); !s) return std::unexpected(s.error());
    return {};
}

// Reads the source on its own thread and inserts its batches here (the SQLite writer).
Status streamRows(const ImportParams& p, RecordSource& source, DedupeIndex& seen, const std::string& fixedDomain,
                  SentenceInserter& inserter, ImportReport& report, ProgressSink& progress, const CancelToken& cancel) {
    progress.stage("Importing " + fs::path(p.srcPath).filename().string());
    const std::int64_t total = source.totalBytes();
    {
        ImportReader reader(p, source, seen, fixedDomain, report, cancel);
        ReaderThread thread(reader);
        while (auto batch = thread.queue().pop()) {
            if (auto s = inserter.insert(*batch); !s)
                return std::unexpected(s.error());  // ~ReaderThread stops the reader
            progress.progress(batch->bytesRead, total);
            if (cancel.isCancelled()) return cancelled();  // the transaction rolls back
            thread.queue().recycle(std::move(batch));
        }
        if (auto s = thread.join(); !s) return std::unexpected(s.error());
    }
    progress.progress(total, total);
    return {};
}

// What was read must make a corpus: lines, sentences, and the existing corpus's kind; a new
// corpus records whether it is parallel.
Status checkImported(Store& store, const ImportParams& p, const ImportNames& n, const ImportTarget& t,
                     const RecordSource& source, const ImportReport& report) {
    if (report.linesRead == 0) return fail("The file " + p.srcPath + " is empty; nothing was imported.");
    if (report.imported == 0 && report.emptySkipped == report.linesRead)
        return fail("The file " + p.srcPath + " contains no sentences: all " + std::to_string(report.linesRead) +
                    " lines are empty.");
    if (t.existing && report.imported > 0 && source.parallel() != t.existingParallel)
        return fail("The corpus '" + n.corpus + "' is " + (t.existingParallel ? "parallel" : "monolingual") +
                    "; the new input is " + (source.parallel() ? "parallel" : "monolingual") +
                    ". Import it into another corpus (--corpus).");
    if (!t.existing) {
        auto up = store.prepare("UPDATE corpora SET parallel = ?2 WHERE id = ?1");
        if (!up) return std::unexpected(up.error());
        up->bind(1, t.corpusId).bind(2, source.parallel() ? 1 : 0);
        if (auto s = up->run(); !s) return std::unexpected(s.error());
    }
    return {};
}

// The import's record in `imports`: the report and the files read.
Status logImport(Store& store, const ImportParams& p, std::int64_t corpusId, const ImportReport& report) {
    auto log = store.prepare("INSERT INTO imports(corpus_id, report) VALUES(?1, ?2)");
    if (!log) return std::unexpected(log.error());
    nlohmann::json j = report.toJson();
    j["files"] = p.tgtPath.empty() ? nlohmann::json{p.srcPath} : nlohmann::json{p.srcPath, p.tgtPath};
    log->bind(1, corpusId).bind(2, j.dump());
    return log->run();
}

}  // namespace

Expected<ImportReport> runImport(const ImportParams& p, Store& store, ProgressSink& progress,
                                 const CancelToken& cancel) {
    const auto t0 = std::chrono::steady_clock::now();
    if (auto s = checkImportParams(p); !s) return std::unexpected(s.error());
    auto opened = openRecordSource(p);
    if (!opened) return std::unexpected(opened.error());
    RecordSource& source = **opened;
    const ImportNames names = importNames(p);

    auto tx = store.begin();
    if (!tx) return std::unexpected(tx.error());
    ImportReport report;
    report.corpus = names.corpus;
    auto target = findCorpusForImport(store, p, names);
    if (!target) return std::unexpected(target.error());
    DedupeIndex seen;
    if (auto s = prepareImportTarget(store, p, names, *target, seen); !s) return std::unexpected(s.error());
    report.corpusId = target->corpusId;

    auto inserter = SentenceInserter::prepare(store, target->corpusId, target->nextPosition);
    if (!inserter) return std::unexpected(inserter.error());
    if (auto s = streamRows(p, source, seen, names.fixedDomain, *inserter, report, progress, cancel); !s)
        return std::unexpected(s.error());
    if (auto s = checkImported(store, p, names, *target, source, report); !s) return std::unexpected(s.error());
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (auto s = logImport(store, p, target->corpusId, report); !s) return std::unexpected(s.error());
    if (cancel.isCancelled()) return cancelled();
    if (auto c = tx->commit(); !c) return std::unexpected(c.error());
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return report;
}

}  // namespace dl
