// The parameters of `export` (ExportParams), declared once: names, ranges, choices, help.
// Defaults are the struct's initialisers. Export stores no run; its manifest describes the
// files written (manifestBody). What to export is two options of the command line (--shards,
// --mixture; neither = the selection, both refused by hand in CmdExport), each bound here to
// ExportParams::mode; the run is the command's positional RUN, not an option.
// Ranges as the command line had them: --alpha unbounded (the dialog offered 0..10), --size
// unbounded above (the dialog: 2e9) and now also 0, its default (weights only; the CLI used to
// refuse --size 0 while the dialog's "weights only" sent it).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

#include "export/Export.h"
#include "store/Tags.h"

namespace dl {

namespace {

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

// "group=w,group=w" (empty items skipped) -> the weights; nullopt at the first bad item.
std::optional<std::map<std::string, double>> readWeights(std::string_view text, std::string* bad = nullptr) {
    std::map<std::string, double> out;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find(',', pos), text.size());
        const std::string_view item = text.substr(pos, end - pos);
        pos = end + 1;
        if (item.empty()) continue;
        const auto eq = item.find('=');
        const std::string_view value = eq == std::string_view::npos ? std::string_view() : trimmed(item.substr(eq + 1));
        double w = 0;
        const auto r = std::from_chars(value.data(), value.data() + value.size(), w);
        if (eq == std::string_view::npos || item.find('=', eq + 1) != std::string_view::npos || value.empty() ||
            r.ec != std::errc() || r.ptr != value.data() + value.size() || !std::isfinite(w) || w < 0) {
            if (bad) *bad = std::string(item);
            return std::nullopt;
        }
        out[std::string(trimmed(item.substr(0, eq)))] = w;
    }
    return out;
}

Status checkWeights(std::string_view text) {
    std::string bad;
    if (!readWeights(text, &bad)) return usageError("--weights takes group=weight pairs, got '" + bad + "'");
    return {};
}

// --tag / --exclude-tag: each value a valid tag (store/Tags.h checkTag) once its ends are trimmed.
std::vector<std::string> readTags(std::string_view text) {
    std::vector<std::string> out;
    for (const auto& t : splitRepeated(text))
        if (const auto tag = trimmed(t); !tag.empty()) out.emplace_back(tag);
    return out;
}

Status checkTags(std::string_view text) {
    for (const auto& t : splitRepeated(text))  // (no value: no tag rule, the default)
        if (auto s = checkTag(trimmed(t)); !s) return s;
    return {};
}

void tagsOption(ParamTable<ExportParams>& t, const char* name, const char* help,
                std::vector<std::string> ExportParams::*field) {
    t.add(
        param(name, help).repeated().shownAs("TAG").textCheckedBy(checkTags),
        [field](const ExportParams& p) { return ParamValue(joinRepeated(p.*field)); },
        [field](ExportParams& p, const ParamValue& v) { p.*field = readTags(std::get<std::string>(v)); });
}

std::string formatName(ExportFormat f) { return exportFormatName(f); }
std::string orderName(ExportOrder o) { return o == ExportOrder::Score ? "score" : "original"; }

ParamTable<ExportParams> makeExportTable() {
    using X = ExportParams;
    ParamTable<X> t;
    t.choice(param("format", "moses (one file per language), tsv, jsonl or parquet (with ids, scores, labels).")
                 .shownAs("FORMAT"),
             &X::format, {ExportFormat::Moses, ExportFormat::Tsv, ExportFormat::Jsonl, ExportFormat::Parquet},
             formatName);
    t.field(param("out",
                  "Output prefix: PREFIX.en/PREFIX.de, PREFIX.tsv, PREFIX.jsonl, PREFIX.parquet, "
                  "PREFIX.manifest.json.")
                .shownAs("PREFIX")
                .mandatory(),
            &X::outPrefix);
    t.field(param("scores", "Add the selection score (a column, or PREFIX.scores for moses)."), &X::scores);
    t.field(param("gzip", "Compress the training files."), &X::gzip);
    t.field(param("force", "Replace existing files."), &X::force);
    t.choice(param("order", "original (corpus order) or score (best first).").shownAs("ORDER"), &X::order,
             {ExportOrder::Original, ExportOrder::Score}, orderName);
    t.field(param("filter", "Leave out the sentences a filter run removed (its run id; see `filter`).")
                .atLeast(1)
                .shownAs("RUN"),
            &X::filterRun);
    t.field(param("include-contaminated",
                  "Keep the sentences that the corpus's latest decontaminate run found in a dev or test "
                  "corpus (left out by default)."),
            &X::includeContaminated);
    tagsOption(t, "tag", "Export only the sentences carrying this tag (given more than once: any of them).", &X::tags);
    tagsOption(t, "exclude-tag", "Leave out the sentences carrying this tag (given more than once: any of them).",
               &X::excludeTags);
    t.field(param("top", "Re-cut the selection: the K best.").atLeast(1).shownAs("K"), &X::top);
    t.field(param("threshold", "Re-cut the selection: score >= T.").shownAs("T"), &X::threshold);
    t.flagFor(param("shards", "One file (pair) per domain or cluster (see --by)."), &X::mode, ExportMode::Shards,
              ExportMode::Selection);
    t.flagFor(param("mixture",
                    "Sampling weights over domains/clusters (PREFIX.weights.json) and, with --size, a sampled "
                    "training file."),
              &X::mode, ExportMode::Mixture, ExportMode::Selection);
    t.field(param("by", "Groups for --shards/--mixture.").oneOf({"domain", "cluster"}).shownAs("GROUP"), &X::groupBy);
    t.field(param("corpus", "Corpus for --by domain without a run.").shownAs("NAME"), &X::corpus);
    t.field(param("alpha", "Mixture temperature: weight ~ (N_d/N)^alpha (0 uniform, 1 empirical).").shownAs("A"),
            &X::alpha);
    t.add(
        param("weights", "Mixture weights set by hand: group=w,group=w (instead of --alpha).")
            .ofKind(ParamKind::Text)
            .shownAs("LIST")
            .textCheckedBy(checkWeights),
        [](const X& p) {
            std::string s;
            for (const auto& [g, w] : p.weights) s += (s.empty() ? "" : ",") + g + "=" + formatParamValue(w);
            return ParamValue(s);
        },
        [](X& p, const ParamValue& v) {
            p.weights = readWeights(std::get<std::string>(v)).value_or(std::map<std::string, double>{});
        });
    t.field(param("size", "Mixture: sentences to sample into PREFIX.sample.* (0 = the weights only).")
                .atLeast(0)
                .shownAs("N"),
            &X::sampleSize);
    t.field(param("with-replacement", "Mixture: sample with replacement."), &X::withReplacement);
    t.field(param("seed", "Random seed for sampling.").between(0, 1 << 30).shownAs("S"), &X::seed);
    return t;
}

}  // namespace

const ParamTable<ExportParams>& exportParamTable() {
    static const ParamTable<ExportParams> table = makeExportTable();
    return table;
}

}  // namespace dl
