// The parameters of `import` (ImportParams), declared once: names, ranges, choices, help.
// Defaults are the struct's initialisers; import stores no params JSON (its log keeps the
// report and the files read), so no spec has a stored key.
// The label source is three options of the command line (--domain LABEL, --domain-from-filename,
// --domain-from-column; at most one), each bound here to ImportParams::labelSource.
#include <algorithm>
#include <string>

#include "corpus/Import.h"
#include "store/Corpora.h"

namespace dl {

namespace {
Status checkRole(std::string_view role) {
    if (role.empty() || isCorpusRole(role)) return {};
    return usageError("--role: expected train, dev or test, got \"" + std::string(role) + "\".");
}
}  // namespace

namespace {

std::string trimmed(std::string s) {
    while (!s.empty() && s.front() == ' ') s.erase(s.begin());
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

const char* formatName(CorpusFormat f) {
    switch (f) {
    case CorpusFormat::Tsv: return "tsv";
    case CorpusFormat::Jsonl: return "jsonl";
    case CorpusFormat::Parquet: return "parquet";
    case CorpusFormat::HfDataset: return "hf-dataset";
    case CorpusFormat::Plain: break;
    }
    return "plain";
}

ParamTable<ImportParams> makeImportTable() {
    using I = ImportParams;
    ParamTable<I> t;
    t.field(param("src", "Input file: plain text (one sentence per line), TSV or JSONL; .gz is read transparently.")
                .shownAs("FILE"),
            &I::srcPath);
    // --parquet FILE and --hf-dataset DIR name the input and its format at once (corpus/ArrowSource.h).
    auto input = [&t](ParamSpec spec, CorpusFormat format) {
        t.add(
            spec.ofKind(ParamKind::Text),
            [format](const I& p) { return ParamValue(p.format == format ? p.srcPath : std::string()); },
            [format](I& p, const ParamValue& v) {
                p.srcPath = std::get<std::string>(v);
                p.format = format;
            });
    };
    input(param("parquet",
                "Input Parquet file; name its columns with --text-column (and --tgt-column, "
                "--label-column).")
              .shownAs("FILE"),
          CorpusFormat::Parquet);
    input(param("hf-dataset",
                "Input Hugging Face dataset folder: datasets.save_to_disk (Arrow files) or the Hub's layout "
                "(data/<split>-*.parquet).")
              .shownAs("DIR"),
          CorpusFormat::HfDataset);
    t.field(param("tgt", "Line-aligned target file (Moses parallel pair with --src).").shownAs("FILE"), &I::tgtPath);
    t.add(
        param("domain", "Domain label for every imported sentence.").ofKind(ParamKind::Text).shownAs("LABEL"),
        [](const I& p) { return ParamValue(p.domain); },
        [](I& p, const ParamValue& v) {
            p.domain = std::get<std::string>(v);
            p.labelSource = LabelSource::Given;
        });
    t.flagFor(param("domain-from-filename", "Domain label from the file name (medical.en -> medical)."),
              &I::labelSource, LabelSource::FromFilename, LabelSource::None);
    t.flagFor(param("domain-from-column",
                    "Domain label from the TSV column / JSONL field named domain (the default when "
                    "present)."),
              &I::labelSource, LabelSource::FromColumn, LabelSource::None);
    t.field(param("corpus", "Corpus to create or append to.")
                .shownAs("NAME")
                .defaultShownAs("the file name without extension"),
            &I::corpus);
    t.choice(
        param("format", "Input format.")
            .shownAs("FORMAT")
            .defaultShownAs("from the extension (.tsv, .jsonl), else plain"),
        &I::format,
        {CorpusFormat::Plain, CorpusFormat::Tsv, CorpusFormat::Jsonl, CorpusFormat::Parquet, CorpusFormat::HfDataset},
        formatName);
    t.field(param("role",
                  "The corpus's role: train, dev or test. filter --kind decontaminate removes training "
                  "sentences that are in a dev or test corpus, and export leaves them out by default.")
                .ofKind(ParamKind::Text)
                .textCheckedBy(checkRole)
                .shownAs("train|dev|test")
                .defaultShownAs("train for a new corpus, else unchanged"),
            &I::role);
    t.field(param("src-lang", "Source language code.").shownAs("LANG").defaultShownAs("from the file extension"),
            &I::srcLang);
    t.field(param("tgt-lang", "Target language code.").shownAs("LANG").defaultShownAs("from the file extension"),
            &I::tgtLang);
    t.add(
        param("columns", "TSV column roles, e.g. src,tgt,domain (ignore skips a column).")
            .ofKind(ParamKind::Text)
            .shownAs("LIST")
            .defaultShownAs("from the first row's column count"),
        [](const I& p) {
            std::string s;
            for (std::size_t i = 0; i < p.tsvColumns.size(); ++i) s += (i ? "," : "") + p.tsvColumns[i];
            return ParamValue(s);
        },
        [](I& p, const ParamValue& v) {
            const auto& text = std::get<std::string>(v);
            p.tsvColumns.clear();
            std::size_t pos = 0;
            while (pos <= text.size()) {
                const std::size_t end = std::min(text.find(',', pos), text.size());
                if (std::string c = trimmed(text.substr(pos, end - pos)); !c.empty()) p.tsvColumns.push_back(c);
                pos = end + 1;
            }
        });
    t.field(param("src-field", "JSONL field with the source text.").shownAs("NAME"), &I::srcField);
    t.field(param("tgt-field", "JSONL field with the target text.").shownAs("NAME"), &I::tgtField);
    t.field(param("domain-field", "JSONL field with the domain label.").shownAs("NAME"), &I::domainField);
    t.field(param("text-column",
                  "Parquet / HF dataset: the text (source) column; a dot names a struct's "
                  "field (translation.de).")
                .shownAs("NAME"),
            &I::textColumn);
    t.field(param("tgt-column", "Parquet / HF dataset: the target column of a pair (translation.en).")
                .shownAs("NAME")
                .defaultShownAs("none (monolingual)"),
            &I::tgtColumn);
    t.field(param("label-column",
                  "Parquet / HF dataset: the domain label column (text, or integers; a "
                  "ClassLabel's names are used).")
                .shownAs("NAME")
                .defaultShownAs("none"),
            &I::labelColumn);
    t.field(param("split", "HF dataset: the split to import.").shownAs("NAME"), &I::split);
    t.field(param("replace-invalid", "Replace invalid UTF-8 with U+FFFD instead of stopping."), &I::replaceInvalidUtf8);
    t.add(
        param("keep-duplicates",
              "Do not drop duplicate sentences (by default a pair is dropped when the same pair, source "
              "or target was already seen).")
            .flag(),
        [](const I& p) { return ParamValue(!p.dedupe); },
        [](I& p, const ParamValue& v) { p.dedupe = !std::get<bool>(v); });
    t.field(param("max-line-bytes", "Longest accepted line.").between(1024, 1 << 30).shownAs("N"), &I::maxLineBytes);
    return t;
}

}  // namespace

const ParamTable<ImportParams>& importParamTable() {
    static const ParamTable<ImportParams> table = makeImportTable();
    return table;
}

}  // namespace dl
