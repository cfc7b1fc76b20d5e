#include "export/Export.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <filesystem>
#include <random>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include <sys/resource.h>

#include "common/AtomicFile.h"
#include "common/Sha256.h"
#include "export/MixturePlan.h"
#include "export/TrainingWriter.h"
#include "runs/FilterSummary.h"
#include "runs/SelectSummary.h"
#include "select/Ranking.h"
#include "select/RunParams.h"
#include "store/Corpora.h"
#include "store/Removals.h"
#include "store/Runs.h"
#include "store/Statement.h"
#include "store/Store.h"
#include "store/Tags.h"

namespace dl {

namespace fs = std::filesystem;

namespace {

std::string nowIso() {
    const auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
    return buf;
}

// A group's part of its file names, one to one: letters, digits, '-', '_' and '.' stay, every
// other byte (the '%' too) becomes %XX, and the empty group (no label, no cluster) is
// "%unlabelled", which no label encodes to. Two groups never share a file ("a b" is a%20b, "a_b"
// stays a_b, the label "unlabelled" stays unlabelled), and no name holds a '/'. A name longer
// than kMaxGroupName (a sentence used as a label; 3 bytes of UTF-8 escape to 9) keeps its start
// and ends in '~' (never part of an encoded label) and 16 hex digits of the label's SHA-256, so
// that PREFIX.<group>.<ext> and its temporary fit a file system's 255-byte names (found by
// tests/fuzz/fuzz_export).
constexpr std::size_t kMaxGroupName = 100;

std::string groupFileName(const std::string& group) {
    if (group.empty()) return "%unlabelled";
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (char ch : group) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.') {
            out += ch;
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    if (out.size() > kMaxGroupName) {
        std::size_t cut = kMaxGroupName - 17;
        while (cut > 0 && (out[cut - 1] == '%' || (cut >= 2 && out[cut - 2] == '%'))) --cut;  // whole escapes only
        Sha256 sha;
        sha.update(group);
        out = out.substr(0, cut) + "~" + sha.hexDigest().substr(0, 16);
    }
    return out;
}

// What an export reads from the project before it writes anything (prepareExport).
struct ExportInputs {
    std::optional<RunInfo> run;  // empty: shards/mixture by domain without a run
    CorpusInfo corpus;
    bool byCluster = false;
    std::unordered_map<std::int64_t, std::pair<int, double>> result;  // sentence id -> (label, score)
    std::map<std::int64_t, bool> manual;                              // selection overrides
    nlohmann::json cut;                                               // the selection's cut, for the manifest
    std::optional<RunInfo> filter;                                    // --filter: the filter run
    std::optional<RunInfo> decontamination;  // the corpus's latest decontaminate run (applied or not)
    std::int64_t contaminated = 0;           // the sentences it found
    std::int64_t filterRemoved = 0;          // the sentences --filter's run removed
    std::unordered_set<std::int64_t> removed;  // the sentences left out: --filter's, the contaminated, --exclude-tag's
    std::optional<std::unordered_set<std::int64_t>> only;  // --tag: the sentences carrying one of the tags
    nlohmann::json tags;  // the tag rules for the manifest (null without any)
    nlohmann::json filters = nlohmann::json::array();  // every filter run of the corpus, for the manifest

    // Left out of every mode: removed, or not carrying a --tag tag.
    bool leftOut(std::int64_t id) const { return removed.contains(id) || (only && !only->contains(id)); }

    // The shard/mixture group of a sentence: its domain, or "c<cluster>" ("" when unassigned).
    std::string groupOf(const Sentence& s) const {
        if (!byCluster) return s.domain;
        auto it = result.find(s.id);
        return it == result.end() || it->second.first < 0 ? std::string() : "c" + std::to_string(it->second.first);
    }
};

Status checkExportParams(const ExportParams& p) {
    if (p.outPrefix.empty()) return usageError("Name the output with --out PREFIX.");
    if (p.mode == ExportMode::Mixture && !p.weights.empty())
        for (const auto& [g, w] : p.weights)
            if (!(w >= 0)) return usageError("The weight of '" + g + "' must be a non-negative number.");
    if (p.groupBy != "cluster" && p.groupBy != "domain") return usageError("--by must be domain or cluster.");
    if (p.format == ExportFormat::Parquet && p.gzip)
        return usageError("--gzip does not apply to Parquet: its columns are compressed inside the file (zstd).");
    return {};
}

Expected<std::optional<RunInfo>> exportedRun(const ExportParams& p, Store& store, bool byCluster) {
    std::optional<RunInfo> run;
    if (p.run) {
        auto r = getRun(store, *p.run);
        if (!r) return std::unexpected(r.error());
        run = *r;
    } else if (p.mode == ExportMode::Selection || byCluster) {
        auto r = latestRun(store, p.mode == ExportMode::Selection ? RunKind::Select : RunKind::Cluster);
        if (!r) return std::unexpected(r.error());
        run = *r;
    }
    if (p.mode == ExportMode::Selection && run->kind != RunKind::Select)
        return usageError("Run " + std::to_string(run->id) + " is a " + toString(run->kind) +
                          " run; export a selection run, or use --shards/--mixture.");
    if (p.mode != ExportMode::Selection && byCluster && run->kind != RunKind::Cluster)
        return usageError("Run " + std::to_string(run->id) + " is not a clustering run; --by cluster needs one.");
    return run;
}

// Per-sentence run results (selection flag / score, or cluster label), the cut and overrides.
Status readRunSide(const ExportParams& p, Store& store, ExportInputs& in) {
    auto r = readRunResults(store, in.run->id);
    if (!r) return std::unexpected(r.error());
    std::vector<std::int32_t> labels = r->label;
    if (p.mode == ExportMode::Selection && (p.top || p.threshold)) {
        std::vector<char> sel = p.top ? selectTopK(rankByScore(r->score, r->sentenceIds), r->score.size(), *p.top)
                                      : selectThreshold(r->score, *p.threshold);
        for (std::size_t i = 0; i < sel.size(); ++i) labels[i] = sel[i];
        in.cut = p.top ? nlohmann::json{{"top", *p.top}} : nlohmann::json{{"threshold", *p.threshold}};
    } else if (p.mode == ExportMode::Selection) {
        auto summary = SelectSummary::fromJson(in.run->summary, in.run->id);
        if (!summary) return std::unexpected(summary.error());
        in.cut = summary->cut;
    }
    for (std::size_t i = 0; i < r->sentenceIds.size(); ++i) in.result[r->sentenceIds[i]] = {labels[i], r->score[i]};
    if (p.mode == ExportMode::Selection) {
        auto o = overrides(store, in.run->id);
        if (!o) return std::unexpected(o.error());
        in.manual = std::move(*o);
    }
    return {};
}

// --filter RUN: a filter run of the exported corpus, and the sentences it removed.
Status readFilterSide(const ExportParams& p, Store& store, ExportInputs& in) {
    if (!p.filterRun) return {};
    auto found = filterExclusion(store, *p.filterRun, in.corpus.id, in.corpus.name);
    if (!found) return std::unexpected(found.error());
    in.filter = std::move(found->run);
    in.filterRemoved = static_cast<std::int64_t>(found->removed.size());
    in.removed = std::move(found->removed);
    return {};
}

// The corpus's latest decontaminate run: its sentences join the left-out ones unless
// --include-contaminated.
Status readDecontamination(const ExportParams& p, Store& store, ExportInputs& in) {
    auto runs = listRuns(store, RunKind::Filter);
    if (!runs) return std::unexpected(runs.error());
    for (auto it = runs->rbegin(); it != runs->rend(); ++it) {
        if (it->corpusId != in.corpus.id || it->params.value("kind", std::string()) != "decontaminate") continue;
        auto found = removedSentenceIds(store, it->id);
        if (!found) return std::unexpected(found.error());
        in.contaminated = static_cast<std::int64_t>(found->size());
        if (!p.includeContaminated) in.removed.insert(found->begin(), found->end());
        in.decontamination = *it;
        break;
    }
    return {};
}

// --tag / --exclude-tag: the corpus's sentences carrying each tag. A --tag no sentence of the
// corpus carries is a usage error (the export would be empty); an --exclude-tag one counts 0.
Status readTagSide(const ExportParams& p, Store& store, ExportInputs& in) {
    if (p.tags.empty() && p.excludeTags.empty()) return {};
    nlohmann::json only = nlohmann::json::array(), excluded = nlohmann::json::array();
    std::unordered_set<std::int64_t> carrying, excludedIds;
    for (const auto& tag : p.tags) {
        auto ids = taggedSentences(store, tag, in.corpus.id);
        if (!ids) return std::unexpected(ids.error());
        if (ids->empty())
            return usageError("--tag: no sentence of corpus '" + in.corpus.name + "' carries the tag '" + tag + "'.");
        only.push_back({{"tag", tag}, {"sentences", ids->size()}});
        carrying.insert(ids->begin(), ids->end());
    }
    for (const auto& tag : p.excludeTags) {
        auto ids = taggedSentences(store, tag, in.corpus.id);
        if (!ids) return std::unexpected(ids.error());
        excluded.push_back({{"tag", tag}, {"sentences", ids->size()}});
        excludedIds.insert(ids->begin(), ids->end());
    }
    // The corpus's sentences the tag rules keep, before any filter run.
    std::int64_t passing = p.tags.empty() ? in.corpus.sentences - std::int64_t(excludedIds.size()) : 0;
    if (!p.tags.empty())
        for (std::int64_t id : carrying) passing += excludedIds.contains(id) ? 0 : 1;
    in.tags = {{"only", only}, {"exclude", excluded}, {"passing", passing}};
    in.removed.insert(excludedIds.begin(), excludedIds.end());
    if (!p.tags.empty()) in.only = std::move(carrying);
    return {};
}

// Every filter run of the corpus for the manifest: its parameters and counts, and whether this
// export applied it (--filter, an earlier step of --filter's pipeline, the decontamination).
Status describeFilterRuns(const ExportParams& p, Store& store, ExportInputs& in) {
    auto runs = listRuns(store, RunKind::Filter);
    if (!runs) return std::unexpected(runs.error());
    std::set<std::int64_t> earlier;
    if (in.filter)
        if (const auto after = in.filter->params.find("after_runs"); after != in.filter->params.end())
            for (const auto& id : *after)
                if (id.is_number_integer()) earlier.insert(id.get<std::int64_t>());
    for (const auto& run : *runs) {
        if (run.corpusId != in.corpus.id) continue;
        std::string applied = "no";
        if (in.filter && run.id == in.filter->id) applied = "--filter";
        else if (earlier.contains(run.id)) applied = "--filter (an earlier step of its pipeline)";
        else if (in.decontamination && run.id == in.decontamination->id)
            applied = p.includeContaminated ? "no (--include-contaminated)" : "decontamination (by default)";
        nlohmann::json entry{{"id", run.id},
                             {"kind", run.params.value("kind", std::string())},
                             {"created", run.created},
                             {"params", paramsAsRun(run)},
                             {"applied", applied}};
        if (auto summary = FilterSummary::fromJson(run.summary, run.id); summary) {
            entry["sentences"] = summary->sentences;
            entry["kept"] = summary->kept;
            entry["removed"] = summary->removed;
            nlohmann::json rules = nlohmann::json::array();
            for (const auto& r : summary->rules)
                rules.push_back({{"rule", r.rule}, {"input", r.input}, {"kept", r.kept}, {"removed", r.removed}});
            entry["rules"] = std::move(rules);
        }
        in.filters.push_back(std::move(entry));
    }
    return {};
}

// Prepare: checks the parameters and reads which run and corpus, and the run's per-sentence side.
Expected<ExportInputs> prepareExport(const ExportParams& p, Store& store) {
    if (auto st = checkExportParams(p); !st) return std::unexpected(st.error());
    ExportInputs in;
    in.byCluster = p.groupBy == "cluster";
    auto run = exportedRun(p, store, in.byCluster);
    if (!run) return std::unexpected(run.error());
    in.run = std::move(*run);
    if (in.run) {
        auto all = listCorpora(store);
        if (!all) return std::unexpected(all.error());
        for (const auto& c : *all)
            if (c.id == in.run->corpusId) in.corpus = c;
        if (auto st = readRunSide(p, store, in); !st) return std::unexpected(st.error());
    } else {
        auto c = resolveCorpus(store, p.corpus);
        if (!c) return std::unexpected(c.error());
        in.corpus = *c;
    }
    if (auto st = readFilterSide(p, store, in); !st) return std::unexpected(st.error());
    if (auto st = readDecontamination(p, store, in); !st) return std::unexpected(st.error());
    if (auto st = readTagSide(p, store, in); !st) return std::unexpected(st.error());
    if (auto st = describeFilterRuns(p, store, in); !st) return std::unexpected(st.error());
    return in;
}

// Group sizes (shards, mixtures) from one pass over the labels; members only for a mixture.
struct GroupCounts {
    std::map<std::string, std::int64_t> sizes;
    std::vector<std::pair<std::int64_t, std::string>> membership;  // (sentence id, group)
};

Expected<GroupCounts> countGroups(const ExportParams& p, Store& store, const ExportInputs& in) {
    GroupCounts counts;
    if (p.mode == ExportMode::Selection) return counts;
    auto st = forEachSentence(store, in.corpus.id, 0, [&](const Sentence& s) {
        if (in.leftOut(s.id)) return true;
        const auto g = in.groupOf(s);
        ++counts.sizes[g];
        if (p.mode == ExportMode::Mixture) counts.membership.emplace_back(s.id, g);
        return true;
    });
    if (!st) return std::unexpected(st.error());
    return counts;
}

// (group or "", path stem) of every training file set the export writes.
std::vector<std::pair<std::string, std::string>> outputStems(const ExportParams& p,
                                                             const std::map<std::string, std::int64_t>& sizes) {
    std::vector<std::pair<std::string, std::string>> stems;
    if (p.mode == ExportMode::Selection) stems.emplace_back("", p.outPrefix);
    if (p.mode == ExportMode::Shards)
        for (const auto& [g, n] : sizes) stems.emplace_back(g, p.outPrefix + "." + groupFileName(g));
    if (p.mode == ExportMode::Mixture && p.sampleSize > 0) stems.emplace_back("", p.outPrefix + ".sample");
    return stems;
}

// Every output path is planned first: refuse to overwrite unless --force, before writing anything.
Status refuseExisting(const ExportParams& p, const CorpusInfo& corpus,
                      const std::vector<std::pair<std::string, std::string>>& stems) {
    std::vector<std::string> planned = {p.outPrefix + ".manifest.json"};
    if (p.mode == ExportMode::Mixture) planned.push_back(p.outPrefix + ".weights.json");
    for (const auto& [g, stem] : stems)
        for (const auto& path : TrainingWriter::plannedPaths(stem, p, corpus)) planned.push_back(path);
    for (const auto& path : planned) {
        std::error_code ec;
        if (fs::exists(path, ec) && !p.force)
            return fail(ErrorCode::FileExists, {path},
                        "The file " + path + " already exists; choose another --out or pass --force to replace it.");
    }
    return {};
}

// How many shard groups' files may be open at once: a training file holds two descriptors
// (AtomicFile: the file and its stdio or gzip stream), a group up to three files (a Moses pair
// and scores); 32 descriptors stay for SQLite, the model and the rest.
std::size_t groupsOpenAtOnce(const ExportParams& p, const CorpusInfo& corpus) {
    rlimit limit{};
    rlim_t soft = ::getrlimit(RLIMIT_NOFILE, &limit) == 0 ? limit.rlim_cur : 1024;
    if (soft == RLIM_INFINITY || soft > (1u << 20)) soft = 1u << 20;
    const rlim_t usable = soft > 64 ? soft - 32 : soft / 2;
    const std::size_t perGroup = 2 * TrainingWriter::plannedPaths("x", p, corpus).size();
    return std::max<std::size_t>(1, static_cast<std::size_t>(usable) / perGroup);
}

// Streams the corpus once into the writers (temporary files); rows in score order or sampled
// rows are buffered and written after the pass. Returns the rows written.
Expected<std::int64_t> writeRows(const ExportParams& p, Store& store, const ExportInputs& in,
                                 const MixturePlan& mixture, std::map<std::string, TrainingWriter>& writers,
                                 const std::set<std::string>& openGroups, ProgressSink& progress,
                                 const CancelToken& cancel) {
    std::vector<ExportRow> buffered;
    // Mixture sample: each drawn sentence once, and one 4-byte index per copy (a --size of
    // 10^9 is 4 GB of indices, not 10^9 copies of the text; planMixture bounds it).
    std::vector<std::uint32_t> drawOrder;
    std::int64_t seen = 0, written = 0;
    Status failure;
    auto st = forEachSentence(store, in.corpus.id, 0, [&](const Sentence& s) {
        if ((++seen & 0x3fff) == 0) {
            if (cancel.isCancelled()) return false;
            progress.progress(seen, in.corpus.sentences);
        }
        if (in.leftOut(s.id)) return true;
        auto it = in.result.find(s.id);
        const double score = it == in.result.end() ? NAN : it->second.second;
        std::optional<int> cluster;
        if (in.byCluster && it != in.result.end() && it->second.first >= 0) cluster = it->second.first;
        if (p.mode == ExportMode::Selection) {
            bool selected = it != in.result.end() && it->second.first == 1;
            if (auto m = in.manual.find(s.id); m != in.manual.end()) selected = m->second;
            if (!selected) return true;
            if (p.order == ExportOrder::Score) {
                buffered.push_back({s, score, cluster});
                return true;
            }
            failure = writers.at("").write({s, score, cluster});
        } else if (p.mode == ExportMode::Shards) {
            const std::string g = in.groupOf(s);
            if (!openGroups.contains(g)) return true;  // another pass writes it
            failure = writers.at(g).write({s, score, cluster});
        } else if (auto d = mixture.drawn.find(s.id); d != mixture.drawn.end()) {
            const auto index = static_cast<std::uint32_t>(buffered.size());
            buffered.push_back({s, score, cluster});
            drawOrder.insert(drawOrder.end(), static_cast<std::size_t>(d->second), index);
            return true;
        } else {
            return true;
        }
        ++written;
        return failure.has_value();
    });
    if (!st) return std::unexpected(st.error());
    if (!failure) return std::unexpected(failure.error());
    if (cancel.isCancelled()) return cancelled();  // temporary files are removed by the writers
    if (p.mode == ExportMode::Selection && p.order == ExportOrder::Score)
        std::stable_sort(buffered.begin(), buffered.end(), [](const ExportRow& a, const ExportRow& b) {
            if (std::isnan(a.score) != std::isnan(b.score)) return std::isnan(b.score);
            return a.score > b.score;
        });
    if (p.mode == ExportMode::Mixture) {
        // The same permutation std::shuffle gave the copies themselves (it depends only on the
        // length and the generator), so a seed's sample file is unchanged.
        std::shuffle(drawOrder.begin(), drawOrder.end(), std::mt19937_64(p.seed + 1));
        for (std::size_t i = 0; i < drawOrder.size(); ++i) {
            if ((i & 0xFFFF) == 0xFFFF && cancel.isCancelled()) return cancelled();
            if (auto s = writers.at("").write(buffered[drawOrder[i]]); !s) return std::unexpected(s.error());
            ++written;
        }
        return written;
    }
    for (const auto& r : buffered) {
        if (auto s = writers.at("").write(r); !s) return std::unexpected(s.error());
        ++written;
    }
    return written;
}

// The mixture's weights file (temporary), with its description for the manifest.
Expected<std::unique_ptr<AtomicFile>> writeWeights(const ExportParams& p, const GroupCounts& counts,
                                                   MixturePlan& mixture, nlohmann::json& description) {
    description = {{"alpha", p.weights.empty() ? nlohmann::json(p.alpha) : nlohmann::json(nullptr)},
                   {"by", p.groupBy},
                   {"groups", nlohmann::json::object()}};
    for (const auto& [g, w] : mixture.weights)
        description["groups"][g.empty() ? "(none)" : g] = {{"size", counts.sizes.count(g) ? counts.sizes.at(g) : 0},
                                                           {"weight", w},
                                                           {"sampled", mixture.drawnPerGroup[g]}};
    auto f = AtomicFile::create(p.outPrefix + ".weights.json", false);
    if (!f) return std::unexpected(f.error());
    if (auto s = (*f)->write(description.dump(2) + "\n"); !s) return std::unexpected(s.error());
    if (auto s = (*f)->finish(); !s) return std::unexpected(s.error());
    return std::move(*f);
}

nlohmann::json manifestBody(const ExportParams& p, const Store& store, const ExportInputs& in, std::int64_t written,
                            nlohmann::json files) {
    nlohmann::json m{{"created", nowIso()},
                     {"project", fs::absolute(store.path()).string()},
                     {"corpus",
                      {{"name", in.corpus.name},
                       {"src_lang", in.corpus.srcLang},
                       {"tgt_lang", in.corpus.tgtLang},
                       {"sentences", in.corpus.sentences}}},
                     {"mode", p.mode == ExportMode::Selection ? "selection"
                              : p.mode == ExportMode::Shards  ? "shards"
                                                              : "mixture"},
                     {"format", exportFormatName(p.format)},
                     {"order", p.order == ExportOrder::Score ? "score" : "original"},
                     {"gzip", p.gzip},
                     {"written", written},
                     {"seed", p.seed},
                     {"files", std::move(files)}};
    if (in.run) {
        const RunInfo& run = *in.run;
        m["run"] = {
            {"id", run.id}, {"kind", toString(run.kind)}, {"created", run.created}, {"params", paramsAsRun(run)}};
        if (auto summary = SelectSummary::fromJson(run.summary, run.id); summary && summary->embeddings)
            m["run"]["embeddings"] = toJson(*summary->embeddings);
        if (run.embeddingSetId) m["run"]["embedding_set"] = *run.embeddingSetId;
    }
    if (in.decontamination)
        m["decontamination"] = {{"id", in.decontamination->id},
                                {"created", in.decontamination->created},
                                {"contaminated", in.contaminated},
                                {"left_out", !p.includeContaminated}};
    if (in.filter) {
        m["filter"] = {{"id", in.filter->id},
                       {"created", in.filter->created},
                       {"params", in.filter->params},
                       {"removed", in.filterRemoved}};
        if (auto summary = FilterSummary::fromJson(in.filter->summary, in.filter->id); summary)
            m["filter"]["summary"] = summary->toJson();
    }
    m["filters"] = in.filters;
    // The corpus's sentences no mode could export: filter runs, decontamination and tags together.
    std::int64_t leftOut = std::int64_t(in.removed.size());
    if (in.only) {
        leftOut = in.corpus.sentences;
        for (std::int64_t id : *in.only) leftOut -= in.removed.contains(id) ? 0 : 1;
    }
    m["left_out"] = leftOut;
    if (!in.tags.is_null()) m["tags"] = in.tags;
    if (p.mode == ExportMode::Selection) {
        m["cut"] = in.cut;
        m["manual_overrides"] = in.manual.size();
    }
    return m;
}

// Persist: every file renamed into place as one set (commitAll), the manifest last; a failed
// rename puts the previous set back, so an earlier export and its manifest stay whole.
Status commitExport(std::map<std::string, TrainingWriter>& writers, std::vector<std::unique_ptr<AtomicFile>>& extra,
                    AtomicFile& manifest, ExportResult& out) {
    std::vector<AtomicFile*> set;
    for (auto& [g, w] : writers)
        for (auto& f : w.files()) set.push_back(f.get());
    for (auto& f : extra) set.push_back(f.get());
    for (AtomicFile* f : set) out.files.push_back(f->finalPath());
    set.push_back(&manifest);
    return commitAll(set);
}

}  // namespace

const char* exportFormatName(ExportFormat f) {
    switch (f) {
    case ExportFormat::Tsv: return "tsv";
    case ExportFormat::Jsonl: return "jsonl";
    case ExportFormat::Parquet: return "parquet";
    case ExportFormat::Moses: break;
    }
    return "moses";
}

Expected<ExportFormat> parseExportFormat(const std::string& name) {
    if (name == "moses") return ExportFormat::Moses;
    if (name == "tsv") return ExportFormat::Tsv;
    if (name == "jsonl") return ExportFormat::Jsonl;
    if (name == "parquet") return ExportFormat::Parquet;
    return fail(ErrorCode::UnknownOption, {"format", name, "moses, tsv, jsonl, parquet"},
                "Unknown export format '" + name + "' (choose moses, tsv, jsonl or parquet).", ErrorKind::Usage);
}

std::map<std::string, double> temperatureWeights(const std::map<std::string, std::int64_t>& sizes, double alpha) {
    double total = 0, norm = 0;
    for (const auto& [g, n] : sizes) total += double(n);
    std::map<std::string, double> w;
    for (const auto& [g, n] : sizes) {
        const double q = total > 0 ? double(n) / total : 0.0;
        w[g] = n > 0 ? std::pow(q, alpha) : 0.0;
        norm += w[g];
    }
    for (auto& [g, v] : w) v = norm > 0 ? v / norm : 0.0;
    return w;
}

Status setOverride(Store& store, std::int64_t runId, std::int64_t sentenceId, std::optional<bool> included) {
    auto q = included
                 ? store.prepare("INSERT OR REPLACE INTO overrides(run_id, sentence_id, included) VALUES(?1, ?2, ?3)")
                 : store.prepare("DELETE FROM overrides WHERE run_id = ?1 AND sentence_id = ?2");
    if (!q) return std::unexpected(q.error());
    q->bind(1, runId).bind(2, sentenceId);
    if (included) q->bind(3, *included ? 1 : 0);
    return q->run();
}

Expected<std::map<std::int64_t, bool>> overrides(Store& store, std::int64_t runId) {
    auto q = store.prepare("SELECT sentence_id, included FROM overrides WHERE run_id = ?1");
    if (!q) return std::unexpected(q.error());
    q->bind(1, runId);
    std::map<std::int64_t, bool> out;
    while (true) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        out[q->int64(0)] = q->int64(1) != 0;
    }
    return out;
}

Expected<ExportResult> runExport(const ExportParams& p, Store& store, ProgressSink& progress,
                                 const CancelToken& cancel) {
    auto in = prepareExport(p, store);
    if (!in) return std::unexpected(in.error());
    auto counts = countGroups(p, store, *in);
    if (!counts) return std::unexpected(counts.error());
    const auto stems = outputStems(p, counts->sizes);
    if (auto st = refuseExisting(p, in->corpus, stems); !st) return std::unexpected(st.error());
    MixturePlan mixture;
    if (p.mode == ExportMode::Mixture) {
        auto plan = planMixture(p, counts->sizes, counts->membership, cancel);
        if (!plan) return std::unexpected(plan.error());
        mixture = std::move(*plan);
    }

    // Shards are written a bounded number of groups per pass over the corpus (the files of the
    // groups of one pass are open together, then finished and closed): a thousand clusters do
    // not need four thousand descriptors. Every other mode writes one set of files in one pass.
    std::map<std::string, TrainingWriter> writers;
    const std::size_t batch = p.mode == ExportMode::Shards ? groupsOpenAtOnce(p, in->corpus) : stems.size();
    std::int64_t written = 0;
    progress.stage("Writing " + fs::path(p.outPrefix).filename().string());
    for (std::size_t from = 0; from == 0 || from < stems.size(); from += std::max<std::size_t>(batch, 1)) {
        std::set<std::string> openGroups;
        for (std::size_t i = from; i < std::min(stems.size(), from + batch); ++i) {
            auto w = TrainingWriter::open(stems[i].second, p, in->corpus, in->byCluster);
            if (!w) return std::unexpected(w.error());
            writers.emplace(stems[i].first, std::move(*w));
            openGroups.insert(stems[i].first);
        }
        auto n = writeRows(p, store, *in, mixture, writers, openGroups, progress, cancel);
        if (!n) return std::unexpected(n.error());
        written += *n;
        for (const auto& g : openGroups)
            if (auto s = writers.at(g).finish(); !s) return std::unexpected(s.error());  // closes its descriptors
    }

    // Finish (flush + hash) everything, build the manifest, then rename all into place.
    ExportResult out;
    nlohmann::json files = nlohmann::json::array();
    for (auto& [g, w] : writers) {
        if (auto s = w.finish(); !s) return std::unexpected(s.error());
        for (auto& f : w.files()) {
            nlohmann::json entry{{"path", f->finalPath()}, {"sha256", f->sha256()}};
            if (auto rows = w.parquetRows()) entry["rows"] = *rows;  // a binary file: rows, not lines
            else entry["lines"] = f->lines();
            entry["bytes"] = f->bytes();
            entry["group"] = g;
            files.push_back(std::move(entry));
        }
    }
    std::vector<std::unique_ptr<AtomicFile>> extra;
    if (p.mode == ExportMode::Mixture) {
        nlohmann::json weights;
        auto f = writeWeights(p, *counts, mixture, weights);
        if (!f) return std::unexpected(f.error());
        files.push_back({{"path", (*f)->finalPath()}, {"sha256", (*f)->sha256()}, {"bytes", (*f)->bytes()}});
        out.manifest["weights"] = weights;
        extra.push_back(std::move(*f));
    }
    out.manifest.update(manifestBody(p, store, *in, written, std::move(files)));
    if (p.mode == ExportMode::Shards) out.manifest["shards"] = counts->sizes;
    auto manifest = AtomicFile::create(p.outPrefix + ".manifest.json", false);
    if (!manifest) return std::unexpected(manifest.error());
    if (auto s = (*manifest)->write(out.manifest.dump(2) + "\n"); !s) return std::unexpected(s.error());
    if (cancel.isCancelled()) return cancelled();
    if (auto s = commitExport(writers, extra, **manifest, out); !s) return std::unexpected(s.error());
    out.manifestPath = p.outPrefix + ".manifest.json";
    return out;
}

}  // namespace dl
