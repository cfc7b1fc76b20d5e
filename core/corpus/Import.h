#pragma once
// Corpus import: streams plain text, Moses parallel pairs, TSV or JSONL (any of them
// gzipped) into the project in ONE transaction, so a failed or cancelled import leaves
// nothing behind. Normalises (NFC, trim), skips empty lines and drops exact duplicates the
// way Aharoni & Goldberg rebuilt their split: a pair is dropped when the same pair, the same
// source or the same target was already seen in the corpus.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "corpus/LineReader.h"
#include "jobs/ParamTable.h"
#include "jobs/Progress.h"

namespace dl {

class Store;

enum class CorpusFormat { Plain, Tsv, Jsonl, Parquet, HfDataset };
enum class LabelSource { None, Given, FromFilename, FromColumn };

struct ImportParams {
    std::string corpus;   // corpus name; empty = derived from the source file name
    std::string srcPath;  // plain/TSV/JSONL/Parquet file (the source side for a Moses pair); the dataset folder
    std::string tgtPath;  // Moses pair: the aligned target file (plain format only)
    CorpusFormat format = CorpusFormat::Plain;
    LabelSource labelSource = LabelSource::None;
    std::string domain;   // with LabelSource::Given
    std::string srcLang, tgtLang;  // empty = taken from the file extension when it looks like one
    // TSV: column roles in order, e.g. {"src","tgt","domain"}; empty = from the first row's column count.
    std::vector<std::string> tsvColumns;
    // JSONL: field names.
    std::string srcField = "src", tgtField = "tgt", domainField = "domain";
    // Parquet / Hugging Face datasets (corpus/ArrowSource.h): column names; a dot addresses a
    // struct's field ("translation.de"). Empty target/label = monolingual / no label column.
    std::string textColumn = "text", tgtColumn, labelColumn;
    std::string split = "train";  // --hf-dataset: which split
    // The corpus's role: train, dev or test; "" = train for a new corpus, unchanged for an
    // existing one (a given role replaces the existing one's).
    std::string role;
    bool replaceInvalidUtf8 = false;
    bool dedupe = true;
    std::size_t maxLineBytes = LineReader::kDefaultMaxLineBytes;
};

// import's parameters declared once (corpus/ImportParamsTable.cpp): the CLI's options and
// --help, the Import dialog's fields and toImportParams' values come from it.
const ParamTable<ImportParams>& importParamTable();

struct ImportReport {
    std::string corpus;
    std::int64_t corpusId = 0;
    std::int64_t linesRead = 0;
    std::int64_t imported = 0;
    std::int64_t emptySkipped = 0;
    std::int64_t duplicatePairs = 0;    // the same (src, tgt) seen before
    std::int64_t duplicateSources = 0;  // the source seen before with another target (or monolingual duplicate)
    std::int64_t duplicateTargets = 0;  // the target seen before with another source
    std::int64_t invalidUtf8Replaced = 0;
    std::int64_t lineBreaksReplaced = 0;  // fields whose inner LF, CR or TAB became spaces (common/FieldText.h)
    std::map<std::string, std::int64_t> perDomain;
    double seconds = 0;
    nlohmann::json toJson() const;
    std::string summary() const;  // one human line
};

Expected<ImportReport> runImport(const ImportParams& params, Store& store, ProgressSink& progress,
                                 const CancelToken& cancel);

// "medical.en" / "medical.en.gz" -> {"medical", "en"}; the language is empty when the
// extension does not look like a language code.
std::pair<std::string, std::string> splitDomainAndLanguage(const std::string& path);
// The format a file name says when none is given: *.tsv[.gz] TSV, *.jsonl[.gz] JSONL, else plain.
CorpusFormat corpusFormatFromName(std::string name);

}  // namespace dl
