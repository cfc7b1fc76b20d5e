#include "mixture/MixtureKit.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "common/AtomicFile.h"
#include "common/Sha256.h"
#include "export/TrainingWriter.h"
#include "mixture/MixtureGroups.h"
#include "select/RunParams.h"
#include "store/Store.h"

namespace dl {

namespace fs = std::filesystem;

std::map<std::string, std::string> groupFileNames(const std::vector<std::string>& groups) {
    auto safe = [](const std::string& g) {
        std::string s = g;
        for (auto& c : s)
            if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) c = '_';
        if (s.empty()) s = "unlabelled";
        if (s.front() == '.') s.front() = '_';
        return s;
    };
    auto lower = [](std::string s) {
        for (auto& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
        return s;
    };
    std::map<std::string, int> uses;
    for (const auto& g : groups) ++uses[lower(safe(g))];
    std::map<std::string, std::string> out;
    for (const auto& g : groups) {
        std::string s = safe(g);
        if (uses[lower(s)] > 1) {
            Sha256 h;
            h.update(g);
            s += "-" + h.hexDigest().substr(0, 8);
        }
        out[g] = s;
    }
    // A hashed name that meets another group's own name: the full hash (64 hex) for it.
    std::map<std::string, int> final;
    for (const auto& [g, s] : out) ++final[lower(s)];
    for (auto& [g, s] : out)
        if (final[lower(s)] > 1) {
            Sha256 h;
            h.update(g);
            s = safe(g) + "-" + h.hexDigest();
        }
    return out;
}

Expected<Weights> resolveTarget(const std::string& spec, const std::vector<std::string>& groups,
                                const GroupSizes& sizes) {
    if (spec == "uniform") return uniformWeights(groups);
    if (spec == "empirical") return temperatureMixture(sizes, 1.0);
    std::error_code ec;
    if (spec.find(".json") != std::string::npos || fs::is_regular_file(spec, ec)) {
        auto j = readJsonFile(spec);
        if (!j) return std::unexpected(j.error());
        auto w = weightsFromJson(j->contains("lambda_t") ? (*j)["lambda_t"] : *j, spec);
        if (!w) return std::unexpected(w.error());
        if (auto st = checkWeights(*w, groups, "lambda_t (" + spec + ")"); !st) return std::unexpected(st.error());
        for (const auto& g : groups) (*w)[g] += 0.0;
        return *w;
    }
    return weightsOn(groups, splitGroupList(spec));
}

Expected<Weights> resolveInit(const MixtureKitParams& p, const Weights& target, const GroupSizes& sizes,
                              const std::vector<std::string>& groups) {
    if (p.init == "uniform") return uniformWeights(groups);
    if (p.init == "empirical") return temperatureMixture(sizes, 1.0);
    if (p.init == "target") return target;
    if (p.init == "floored") return flooredMixture(target, sizes, p.epsilon, p.floorAlpha);
    return usageError("--init must be uniform, empirical, target or floored.");
}

namespace {

enum Split { Train = 0, Dev = 1, Test = 2 };
const char* const kSplitNames[] = {"train", "dev", "test"};

std::string lineKey(const Sentence& s) { return s.src + '\t' + s.tgt; }

// The held-out lines of every group: per group, its distinct lines shuffled (seed, group
// index), the first devLines for dev, the next testLines for test, skipping a line another
// group already holds out (a line in two groups is held out once). key -> (group, split).
Expected<std::unordered_map<std::string, std::pair<std::string, Split>>> drawHeldOut(
    const MixtureKitParams& p, const std::map<std::string, std::vector<std::string>>& distinct) {
    std::unordered_map<std::string, std::pair<std::string, Split>> held;
    std::uint64_t index = 0;
    for (const auto& [g, keys] : distinct) {
        const auto need = p.devLines + p.testLines;
        std::vector<std::size_t> order;
        for (std::size_t i = 0; i < keys.size(); ++i)
            if (!held.count(keys[i])) order.push_back(i);
        if (std::int64_t(order.size()) <= need)
            return usageError("Group '" + g + "' has " + std::to_string(order.size()) +
                              " distinct lines (not held out by another group); --dev-lines " +
                              std::to_string(p.devLines) + " and --test-lines " + std::to_string(p.testLines) +
                              " need more than " + std::to_string(need) +
                              " (at least one line must stay for training).");
        std::mt19937_64 rng(p.seed * 0x9E3779B97F4A7C15ull + index++);
        std::shuffle(order.begin(), order.end(), rng);
        for (std::int64_t i = 0; i < need; ++i)
            held.emplace(keys[order[std::size_t(i)]], std::make_pair(g, i < p.devLines ? Dev : Test));
    }
    return held;
}

}  // namespace

Expected<KitResult> runMixtureKit(const MixtureKitParams& p, Store& store, ProgressSink& progress,
                                  const CancelToken& cancel) {
    if (p.outDir.empty()) return usageError("Name the output folder with --out DIR.");
    if (auto st = mixtureKitParamTable().validate(p); !st) return std::unexpected(st.error());
    progress.stage("Reading the groups");
    auto grouped = readGroups(store, p.run, p.groupBy, p.corpus);
    if (!grouped) return std::unexpected(grouped.error());
    const auto& groups = grouped->groups;

    // Pass 1: the distinct lines of each group, in corpus order.
    std::map<std::string, std::vector<std::string>> distinct;
    {
        std::unordered_set<std::string> seen;
        auto st = forEachSentence(store, grouped->corpus.id, 0, [&](const Sentence& s) {
            const auto g = grouped->groupOf(s);
            if (g.empty()) return true;
            auto key = lineKey(s);
            if (seen.insert(g + '\n' + key).second) distinct[g].push_back(std::move(key));
            return !cancel.isCancelled();
        });
        if (!st) return std::unexpected(st.error());
        if (cancel.isCancelled()) return cancelled();
    }
    auto held = drawHeldOut(p, distinct);
    if (!held) return std::unexpected(held.error());
    // The target and the initialisation checked before anything is written (computed again
    // below over the training shards' sizes).
    if (auto t = resolveTarget(p.target, groups, grouped->sizes); !t) return std::unexpected(t.error());
    else if (auto i = resolveInit(p, *t, grouped->sizes, groups); !i) return std::unexpected(i.error());

    // The output files, refused when they exist (unless --force).
    const auto names = groupFileNames(groups);
    ExportParams ep;
    ep.format = p.format;
    ep.gzip = p.gzip;
    const fs::path dir(p.outDir);
    std::vector<std::string> planned = {(dir / "mixture.json").string(), (dir / "opennmt.yaml").string(),
                                        (dir / "manifest.json").string()};
    for (const auto& g : groups)
        for (const char* split : kSplitNames)
            for (const auto& path :
                 TrainingWriter::plannedPaths((dir / (names.at(g) + "." + split)).string(), ep, grouped->corpus))
                planned.push_back(path);
    for (const auto& path : planned) {
        std::error_code ec;
        if (fs::exists(path, ec) && !p.force)
            return fail(ErrorCode::FileExists, {path},
                        "The file " + path + " already exists; choose another --out or pass --force to replace it.");
    }
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return fail("Cannot create the folder " + p.outDir + ": " + ec.message());

    // Pass 2: every sentence into its group's train shard, unless it is a held-out line; the
    // held-out lines once each (their first occurrence) into dev or test.
    std::map<std::string, std::array<std::unique_ptr<TrainingWriter>, 3>> writers;
    for (const auto& g : groups)
        for (int s = 0; s < 3; ++s) {
            auto w = TrainingWriter::open((dir / (names.at(g) + "." + kSplitNames[s])).string(), ep, grouped->corpus);
            if (!w) return std::unexpected(w.error());
            writers[g][std::size_t(s)] = std::make_unique<TrainingWriter>(std::move(*w));
        }
    GroupSizes counts[3];
    std::unordered_set<std::string> written;
    Status failure;
    std::int64_t seen = 0;
    progress.stage("Writing the kit");
    auto st = forEachSentence(store, grouped->corpus.id, 0, [&](const Sentence& s) {
        if ((++seen & 0x3fff) == 0) {
            if (cancel.isCancelled()) return false;
            progress.progress(seen, grouped->corpus.sentences);
        }
        const auto g = grouped->groupOf(s);
        if (g.empty()) return true;
        const auto key = lineKey(s);
        Split split = Train;
        if (const auto it = held->find(key); it != held->end()) {
            if (it->second.first != g || !written.insert(key).second) return true;  // held out elsewhere / again
            split = it->second.second;
        }
        failure = writers[g][split]->write(ExportRow{s});
        ++counts[split][g];
        return failure.has_value();
    });
    if (!st) return std::unexpected(st.error());
    if (!failure) return std::unexpected(failure.error());
    if (cancel.isCancelled()) return cancelled();

    // The mixtures over the training shards.
    GroupSizes trainSizes;
    std::int64_t total = 0;
    for (const auto& g : groups) total += trainSizes[g] = counts[Train][g];
    auto target = resolveTarget(p.target, groups, trainSizes);
    if (!target) return std::unexpected(target.error());
    auto init = resolveInit(p, *target, trainSizes, groups);
    if (!init) return std::unexpected(init.error());
    if (auto s = checkWeights(*init, groups, "lambda_0"); !s) return std::unexpected(s.error());
    const Weights empirical = temperatureMixture(trainSizes, 1.0);
    const auto repetition = repetitionFactors(*init, trainSizes, p.steps, p.batchSize);

    KitResult out;
    nlohmann::json files = nlohmann::json::array();
    nlohmann::json groupJson = nlohmann::json::object();
    for (const auto& g : groups) {
        nlohmann::json paths = nlohmann::json::object();
        for (int s = 0; s < 3; ++s) {
            paths[kSplitNames[s]] = nlohmann::json::array();
            for (auto& f : writers[g][std::size_t(s)]->files()) {
                if (auto r = f->finish(); !r) return std::unexpected(r.error());
                const auto name = fs::path(f->finalPath()).filename().string();
                paths[kSplitNames[s]].push_back(name);
                files.push_back({{"path", name},
                                 {"sha256", f->sha256()},
                                 {"lines", f->lines()},
                                 {"bytes", f->bytes()},
                                 {"group", g},
                                 {"split", kSplitNames[s]}});
            }
        }
        groupJson[g] = {{"file", names.at(g)},
                        {"train", counts[Train][g]},
                        {"dev", counts[Dev][g]},
                        {"test", counts[Test][g]},
                        {"q", total > 0 ? double(counts[Train][g]) / double(total) : 0.0},
                        {"repetition", repetition.at(g)},
                        {"files", paths}};
    }
    out.mixture = {{"format", "domainlens-mixture"},
                   {"version", 1},
                   {"by", p.groupBy},
                   {"corpus", grouped->corpus.name},
                   {"N", total},
                   {"groups", groupJson},
                   {"lambda_s", empirical},
                   {"lambda_t", *target},
                   {"lambda_0", *init},
                   {"target", p.target},
                   {"init", {{"kind", p.init}, {"epsilon", p.epsilon}, {"alpha", p.floorAlpha}}},
                   {"repetition",
                    {{"steps", p.steps},
                     {"batch_size", p.batchSize},
                     {"formula", "r_g = lambda_0(g) * batch_size * steps / N_g"}}},
                   {"dev_test_exclusion", "no dev or test line (source+target) is in any training shard"}};
    if (grouped->run) out.mixture["cluster_run"] = grouped->run->id;

    std::vector<std::unique_ptr<AtomicFile>> extra;
    auto addText = [&](const std::string& name, const std::string& text) -> Status {
        auto f = AtomicFile::create((dir / name).string(), false);
        if (!f) return std::unexpected(f.error());
        if (auto s = (*f)->write(text); !s) return s;
        if (auto s = (*f)->finish(); !s) return s;
        files.push_back({{"path", name}, {"sha256", (*f)->sha256()}, {"bytes", (*f)->bytes()}});
        extra.push_back(std::move(*f));
        return {};
    };
    if (auto s = addText("mixture.json", out.mixture.dump(2) + "\n"); !s) return std::unexpected(s.error());
    // OpenNMT-py's weighted corpora: data: <name>: {path_src, path_tgt, weight} (integer weights).
    std::string yaml = "# OpenNMT-py weighted corpora (DomainLens mixture kit): lambda_0, weight = round(lambda * " +
                       std::to_string(p.weightResolution) + "); groups of weight 0 are left out.\ndata:\n";
    const bool moses = p.format == ExportFormat::Moses;
    for (const auto& [g, weight] : integerWeights(*init, p.weightResolution)) {
        const auto& paths = groupJson[g]["files"]["train"];
        yaml += "    " + names.at(g) + ":\n";
        yaml += "        path_src: " + fs::absolute(dir / paths[0].get<std::string>()).string() + "\n";
        if (moses && paths.size() > 1)
            yaml += "        path_tgt: " + fs::absolute(dir / paths[1].get<std::string>()).string() + "\n";
        yaml += "        weight: " + std::to_string(weight) + "\n";
    }
    if (!moses)
        yaml += "# (--format " + std::string(p.format == ExportFormat::Tsv ? "tsv" : "jsonl") +
                ": OpenNMT-py reads one sentence per line; export with --format moses for it)\n";
    if (auto s = addText("opennmt.yaml", yaml); !s) return std::unexpected(s.error());

    out.manifest = {{"kind", "mixture-kit"},
                    {"project", fs::absolute(store.path()).string()},
                    {"corpus",
                     {{"name", grouped->corpus.name},
                      {"src_lang", grouped->corpus.srcLang},
                      {"tgt_lang", grouped->corpus.tgtLang},
                      {"sentences", grouped->corpus.sentences}}},
                    {"params", mixtureKitParamTable().toJson(p)},
                    {"ungrouped_sentences", grouped->ungrouped},
                    {"files", files}};
    if (grouped->run)
        out.manifest["run"] = {{"id", grouped->run->id},
                               {"kind", toString(grouped->run->kind)},
                               {"created", grouped->run->created},
                               {"params", paramsAsRun(*grouped->run)}};
    auto manifest = AtomicFile::create((dir / "manifest.json").string(), false);
    if (!manifest) return std::unexpected(manifest.error());
    if (auto s = (*manifest)->write(out.manifest.dump(2) + "\n"); !s) return std::unexpected(s.error());
    if (auto s = (*manifest)->finish(); !s) return std::unexpected(s.error());
    if (cancel.isCancelled()) return cancelled();
    for (auto& [g, ws] : writers)
        for (auto& w : ws)
            for (auto& f : w->files()) {
                if (auto s = f->commit(); !s) return std::unexpected(s.error());
                out.files.push_back(f->finalPath());
            }
    for (auto& f : extra) {
        if (auto s = f->commit(); !s) return std::unexpected(s.error());
        out.files.push_back(f->finalPath());
    }
    if (auto s = (*manifest)->commit(); !s) return std::unexpected(s.error());
    out.files.push_back((dir / "manifest.json").string());
    return out;
}

}  // namespace dl
