#include "export/Export.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <random>
#include <unordered_map>

#include "export/AtomicFile.h"
#include "select/Ranking.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Statement.h"
#include "store/Store.h"

namespace dl {

namespace fs = std::filesystem;

namespace {

std::string nowIso() {
    const auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
    return buf;
}

struct Row {
    Sentence sentence;
    double score = NAN;
};

// Writes one training file set (Moses pair / TSV / JSONL) for a given path stem.
class TrainingWriter {
public:
    static Expected<TrainingWriter> open(const std::string& stem, const ExportParams& p, const CorpusInfo& corpus) {
        TrainingWriter w;
        w.format_ = p.format;
        w.scores_ = p.scores;
        w.parallel_ = corpus.parallel;
        const std::string gz = p.gzip ? ".gz" : "";
        auto add = [&](const std::string& path) -> Expected<std::unique_ptr<AtomicFile>> { return AtomicFile::create(path, p.gzip); };
        std::vector<std::string> paths = plannedPaths(stem, p, corpus);
        for (const auto& path : paths) {
            auto f = add(path);
            if (!f) return std::unexpected(f.error());
            w.files_.push_back(std::move(*f));
        }
        (void)gz;
        return w;
    }
    static std::vector<std::string> plannedPaths(const std::string& stem, const ExportParams& p, const CorpusInfo& corpus) {
        const std::string gz = p.gzip ? ".gz" : "";
        switch (p.format) {
        case ExportFormat::Moses: {
            std::vector<std::string> out = {stem + "." + (corpus.srcLang.empty() ? "src" : corpus.srcLang) + gz};
            if (corpus.parallel) out.push_back(stem + "." + (corpus.tgtLang.empty() ? "tgt" : corpus.tgtLang) + gz);
            if (p.scores) out.push_back(stem + ".scores" + gz);
            return out;
        }
        case ExportFormat::Tsv: return {stem + ".tsv" + gz};
        case ExportFormat::Jsonl: return {stem + ".jsonl" + gz};
        }
        return {};
    }
    Status write(const Row& r) {
        auto& s = r.sentence;
        char score[32];
        std::snprintf(score, sizeof score, "%.6g", r.score);
        switch (format_) {
        case ExportFormat::Moses: {
            if (auto st = files_[0]->writeLine(s.src); !st) return st;
            std::size_t next = 1;
            if (parallel_)
                if (auto st = files_[next++]->writeLine(s.tgt); !st) return st;
            if (scores_)
                if (auto st = files_[next]->writeLine(score); !st) return st;
            return {};
        }
        case ExportFormat::Tsv: {
            std::string line = s.src;
            if (parallel_) line += "\t" + s.tgt;
            line += "\t" + s.domain;
            if (scores_) line += std::string("\t") + score;
            return files_[0]->writeLine(line);
        }
        case ExportFormat::Jsonl: {
            nlohmann::json j = {{"id", s.id}, {"src", s.src}};
            if (parallel_) j["tgt"] = s.tgt;
            if (!s.domain.empty()) j["domain"] = s.domain;
            if (scores_ && !std::isnan(r.score)) j["score"] = r.score;
            return files_[0]->writeLine(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        }
        }
        return {};
    }
    std::vector<std::unique_ptr<AtomicFile>>& files() { return files_; }

private:
    ExportFormat format_ = ExportFormat::Moses;
    bool scores_ = false, parallel_ = false;
    std::vector<std::unique_ptr<AtomicFile>> files_;
};

std::string safeName(std::string s) {
    for (auto& c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) c = '_';
    return s.empty() ? "unlabelled" : s;
}

}  // namespace

Expected<ExportFormat> parseExportFormat(const std::string& name) {
    if (name == "moses") return ExportFormat::Moses;
    if (name == "tsv") return ExportFormat::Tsv;
    if (name == "jsonl") return ExportFormat::Jsonl;
    return fail(ErrorCode::UnknownOption, {"format", name, "moses, tsv, jsonl"},
                "Unknown export format '" + name + "' (choose moses, tsv or jsonl).", ErrorKind::Usage);
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
    auto q = included ? store.prepare("INSERT OR REPLACE INTO overrides(run_id, sentence_id, included) VALUES(?1, ?2, ?3)")
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

Expected<ExportResult> runExport(const ExportParams& p, Store& store, ProgressSink& progress, const CancelToken& cancel) {
    if (p.outPrefix.empty()) return usageError("Name the output with --out PREFIX.");
    if (p.mode == ExportMode::Mixture && !p.weights.empty())
        for (const auto& [g, w] : p.weights)
            if (!(w >= 0)) return usageError("The weight of '" + g + "' must be a non-negative number.");
    const bool byCluster = p.groupBy == "cluster";
    if (p.groupBy != "cluster" && p.groupBy != "domain") return usageError("--by must be domain or cluster.");

    // Which run, which corpus.
    std::optional<RunInfo> run;
    if (p.run) {
        auto r = getRun(store, *p.run);
        if (!r) return std::unexpected(r.error());
        run = *r;
    } else if (p.mode == ExportMode::Selection || byCluster) {
        auto r = latestRun(store, p.mode == ExportMode::Selection ? "select" : "cluster");
        if (!r) return std::unexpected(r.error());
        run = *r;
    }
    if (p.mode == ExportMode::Selection && run->kind != "select")
        return usageError("Run " + std::to_string(run->id) + " is a " + run->kind + " run; export a selection run, or use --shards/--mixture.");
    if (p.mode != ExportMode::Selection && byCluster && run->kind != "cluster")
        return usageError("Run " + std::to_string(run->id) + " is not a clustering run; --by cluster needs one.");
    CorpusInfo corpus;
    if (run) {
        auto all = listCorpora(store);
        if (!all) return std::unexpected(all.error());
        for (const auto& c : *all)
            if (c.id == run->corpusId) corpus = c;
    } else {
        auto c = resolveCorpus(store, p.corpus);
        if (!c) return std::unexpected(c.error());
        corpus = *c;
    }

    // Per-sentence run results: selection flag / score, or cluster label.
    std::unordered_map<std::int64_t, std::pair<int, double>> result;  // sentence id -> (label, score)
    std::map<std::int64_t, bool> manual;
    nlohmann::json cut;
    if (run) {
        auto r = readRunResults(store, run->id);
        if (!r) return std::unexpected(r.error());
        std::vector<std::int32_t> labels = r->label;
        if (p.mode == ExportMode::Selection && (p.top || p.threshold)) {
            std::vector<char> sel = p.top ? selectTopK(rankByScore(r->score, r->sentenceIds), r->score.size(), *p.top)
                                          : selectThreshold(r->score, *p.threshold);
            for (std::size_t i = 0; i < sel.size(); ++i) labels[i] = sel[i];
            cut = p.top ? nlohmann::json{{"top", *p.top}} : nlohmann::json{{"threshold", *p.threshold}};
        } else if (p.mode == ExportMode::Selection) {
            cut = run->summary.value("cut", nlohmann::json::object());
        }
        for (std::size_t i = 0; i < r->sentenceIds.size(); ++i) result[r->sentenceIds[i]] = {labels[i], r->score[i]};
        if (p.mode == ExportMode::Selection) {
            auto o = overrides(store, run->id);
            if (!o) return std::unexpected(o.error());
            manual = std::move(*o);
        }
    }
    auto groupOf = [&](const Sentence& s) -> std::string {
        if (!byCluster) return s.domain;
        auto it = result.find(s.id);
        return it == result.end() || it->second.first < 0 ? std::string() : "c" + std::to_string(it->second.first);
    };

    // Group sizes (shards, mixtures) from one pass over labels only.
    std::map<std::string, std::int64_t> sizes;
    std::vector<std::pair<std::int64_t, std::string>> membership;  // (sentence id, group) for sampling
    if (p.mode != ExportMode::Selection) {
        auto st = forEachSentence(store, corpus.id, 0, [&](const Sentence& s) {
            const auto g = groupOf(s);
            ++sizes[g];
            if (p.mode == ExportMode::Mixture) membership.emplace_back(s.id, g);
            return true;
        });
        if (!st) return std::unexpected(st.error());
    }

    // Plan every output path first: refuse to overwrite unless --force, before writing anything.
    const std::string prefix = p.outPrefix;
    std::vector<std::pair<std::string, std::string>> stems;  // (group or "", path stem)
    if (p.mode == ExportMode::Selection) stems.emplace_back("", prefix);
    if (p.mode == ExportMode::Shards)
        for (const auto& [g, n] : sizes) stems.emplace_back(g, prefix + "." + safeName(g));
    if (p.mode == ExportMode::Mixture && p.sampleSize > 0) stems.emplace_back("", prefix + ".sample");
    std::vector<std::string> planned = {prefix + ".manifest.json"};
    if (p.mode == ExportMode::Mixture) planned.push_back(prefix + ".weights.json");
    for (const auto& [g, stem] : stems)
        for (const auto& path : TrainingWriter::plannedPaths(stem, p, corpus)) planned.push_back(path);
    for (const auto& path : planned) {
        std::error_code ec;
        if (fs::exists(path, ec) && !p.force)
            return fail(ErrorCode::FileExists, {path}, "The file " + path + " already exists; choose another --out or pass --force to replace it.");
    }

    // Mixture: weights, then which sentences the sample draws (ids with multiplicity).
    std::map<std::string, double> weights;
    std::unordered_map<std::int64_t, int> drawn;
    std::map<std::string, std::int64_t> drawnPerGroup;
    if (p.mode == ExportMode::Mixture) {
        if (!p.weights.empty()) {
            double total = 0;
            for (const auto& [g, n] : sizes) {
                auto it = p.weights.find(g);
                weights[g] = it == p.weights.end() ? 0.0 : it->second;
                total += weights[g];
            }
            for (const auto& [g, w] : p.weights)
                if (!sizes.count(g)) return usageError("There is no group '" + g + "' to weight.");
            if (total <= 0) return usageError("The user weights sum to zero.");
            for (auto& [g, w] : weights) w /= total;
        } else {
            weights = temperatureWeights(sizes, p.alpha);
        }
        if (p.sampleSize > 0) {
            std::mt19937_64 rng(p.seed);
            std::map<std::string, std::vector<std::int64_t>> members;
            for (const auto& [id, g] : membership) members[g].push_back(id);
            // Integer quotas by largest remainder, so the sample has exactly sampleSize rows.
            std::vector<std::pair<double, std::string>> remainders;
            std::int64_t assigned = 0;
            for (const auto& [g, w] : weights) {
                const double exact = w * double(p.sampleSize);
                drawnPerGroup[g] = static_cast<std::int64_t>(std::floor(exact));
                assigned += drawnPerGroup[g];
                remainders.emplace_back(exact - std::floor(exact), g);
            }
            std::sort(remainders.begin(), remainders.end(), [](auto& a, auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
            for (std::size_t i = 0; assigned < p.sampleSize && i < remainders.size(); ++i, ++assigned) ++drawnPerGroup[remainders[i].second];
            for (auto& [g, quota] : drawnPerGroup) {
                auto& m = members[g];
                if (quota == 0 || m.empty()) continue;
                if (p.withReplacement) {
                    std::uniform_int_distribution<std::size_t> pick(0, m.size() - 1);
                    for (std::int64_t i = 0; i < quota; ++i) ++drawn[m[pick(rng)]];
                } else {
                    if (quota > static_cast<std::int64_t>(m.size()))
                        return fail("Group '" + g + "' has " + std::to_string(m.size()) + " sentences but its weight asks for " +
                                    std::to_string(quota) + "; sample with replacement or a smaller --size.");
                    std::shuffle(m.begin(), m.end(), rng);
                    for (std::int64_t i = 0; i < quota; ++i) ++drawn[m[i]];
                }
            }
        }
    }

    // Open writers (temporary files), stream the corpus once, write.
    std::map<std::string, TrainingWriter> writers;
    for (const auto& [g, stem] : stems) {
        auto w = TrainingWriter::open(stem, p, corpus);
        if (!w) return std::unexpected(w.error());
        writers.emplace(g, std::move(*w));
    }
    progress.stage("Writing " + fs::path(prefix).filename().string());
    std::vector<Row> buffered;  // score order or sampled rows are written after the pass
    std::int64_t seen = 0, written = 0;
    Status failure;
    auto st = forEachSentence(store, corpus.id, 0, [&](const Sentence& s) {
        if ((++seen & 0x3fff) == 0) {
            if (cancel.isCancelled()) return false;
            progress.progress(seen, corpus.sentences);
        }
        auto it = result.find(s.id);
        const double score = it == result.end() ? NAN : it->second.second;
        if (p.mode == ExportMode::Selection) {
            bool selected = it != result.end() && it->second.first == 1;
            if (auto m = manual.find(s.id); m != manual.end()) selected = m->second;
            if (!selected) return true;
            if (p.order == ExportOrder::Score) {
                buffered.push_back({s, score});
                return true;
            }
            failure = writers.at("").write({s, score});
        } else if (p.mode == ExportMode::Shards) {
            failure = writers.at(groupOf(s)).write({s, score});
        } else if (auto d = drawn.find(s.id); d != drawn.end()) {
            for (int i = 0; i < d->second; ++i) buffered.push_back({s, score});
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
        std::stable_sort(buffered.begin(), buffered.end(), [](const Row& a, const Row& b) {
            if (std::isnan(a.score) != std::isnan(b.score)) return std::isnan(b.score);
            return a.score > b.score;
        });
    if (p.mode == ExportMode::Mixture) std::shuffle(buffered.begin(), buffered.end(), std::mt19937_64(p.seed + 1));
    for (const auto& r : buffered) {
        if (auto s = writers.at("").write(r); !s) return std::unexpected(s.error());
        ++written;
    }

    // Finish (flush + hash) everything, build the manifest, then rename all into place.
    ExportResult out;
    nlohmann::json files = nlohmann::json::array();
    for (auto& [g, w] : writers)
        for (auto& f : w.files()) {
            if (auto s = f->finish(); !s) return std::unexpected(s.error());
            files.push_back({{"path", f->finalPath()}, {"sha256", f->sha256()}, {"lines", f->lines()}, {"bytes", f->bytes()},
                             {"group", g}});
        }
    std::vector<std::unique_ptr<AtomicFile>> extra;
    if (p.mode == ExportMode::Mixture) {
        nlohmann::json wj = {{"alpha", p.weights.empty() ? nlohmann::json(p.alpha) : nlohmann::json(nullptr)},
                             {"by", p.groupBy}, {"groups", nlohmann::json::object()}};
        for (const auto& [g, w] : weights)
            wj["groups"][g.empty() ? "(none)" : g] = {{"size", sizes[g]}, {"weight", w}, {"sampled", drawnPerGroup[g]}};
        auto f = AtomicFile::create(prefix + ".weights.json", false);
        if (!f) return std::unexpected(f.error());
        if (auto s = (*f)->write(wj.dump(2) + "\n"); !s) return std::unexpected(s.error());
        if (auto s = (*f)->finish(); !s) return std::unexpected(s.error());
        files.push_back({{"path", (*f)->finalPath()}, {"sha256", (*f)->sha256()}, {"bytes", (*f)->bytes()}});
        out.manifest["weights"] = wj;
        extra.push_back(std::move(*f));
    }
    out.manifest.update(nlohmann::json{
        {"created", nowIso()},
        {"project", fs::absolute(store.path()).string()},
        {"corpus", {{"name", corpus.name}, {"src_lang", corpus.srcLang}, {"tgt_lang", corpus.tgtLang}, {"sentences", corpus.sentences}}},
        {"mode", p.mode == ExportMode::Selection ? "selection" : p.mode == ExportMode::Shards ? "shards" : "mixture"},
        {"format", p.format == ExportFormat::Moses ? "moses" : p.format == ExportFormat::Tsv ? "tsv" : "jsonl"},
        {"order", p.order == ExportOrder::Score ? "score" : "original"},
        {"gzip", p.gzip},
        {"written", written},
        {"seed", p.seed},
        {"files", files}});
    if (run) {
        out.manifest["run"] = {{"id", run->id}, {"kind", run->kind}, {"created", run->created}, {"params", run->params}};
        if (run->summary.contains("embeddings")) out.manifest["run"]["embeddings"] = run->summary["embeddings"];
        if (run->embeddingSetId) out.manifest["run"]["embedding_set"] = *run->embeddingSetId;
    }
    if (p.mode == ExportMode::Selection) {
        out.manifest["cut"] = cut;
        out.manifest["manual_overrides"] = manual.size();
    }
    if (p.mode == ExportMode::Shards) out.manifest["shards"] = sizes;
    auto manifest = AtomicFile::create(prefix + ".manifest.json", false);
    if (!manifest) return std::unexpected(manifest.error());
    if (auto s = (*manifest)->write(out.manifest.dump(2) + "\n"); !s) return std::unexpected(s.error());
    if (cancel.isCancelled()) return cancelled();
    for (auto& [g, w] : writers)
        for (auto& f : w.files()) {
            if (auto s = f->commit(); !s) return std::unexpected(s.error());
            out.files.push_back(f->finalPath());
        }
    for (auto& f : extra) {
        if (auto s = f->commit(); !s) return std::unexpected(s.error());
        out.files.push_back(f->finalPath());
    }
    if (auto s = (*manifest)->commit(); !s) return std::unexpected(s.error());
    out.manifestPath = prefix + ".manifest.json";
    return out;
}

}  // namespace dl
