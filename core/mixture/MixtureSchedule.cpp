#include "mixture/MixtureSchedule.h"

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <unordered_map>

#include "common/AtomicFile.h"
#include "export/TrainingWriter.h"
#include "select/Ranking.h"
#include "select/RunParams.h"
#include "store/Corpora.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace dl {

namespace fs = std::filesystem;

Expected<std::vector<ScheduleEntry>> lambdaSchedule(const MixtureScheduleParams& p, const GroupSizes& sizes,
                                                    const Weights& empirical, const Weights& target) {
    std::vector<ScheduleEntry> out;
    if (p.kind == "ft-full") {
        if (p.switchStep > p.steps) return usageError("--switch-step must not be after --steps.");
        if (p.switchStep > 0) out.push_back({0, empirical});
        out.push_back({p.switchStep, target});
        return out;
    }
    if (p.kind != "interpolate" && p.kind != "anneal")
        return usageError("--kind " + p.kind + " is not a lambda schedule.");
    const Weights start = temperatureMixture(sizes, p.alphaStart);
    for (std::int64_t i = 0; i < p.points; ++i) {
        const double s = double(i) / double(p.points - 1);
        const auto step = static_cast<std::int64_t>(std::llround(s * double(p.steps)));
        if (p.kind == "interpolate") out.push_back({step, interpolateWeights(start, target, s)});
        else out.push_back({step, temperatureMixture(sizes, p.alphaStart + (p.alphaEnd - p.alphaStart) * s)});
    }
    return out;
}

std::vector<std::int64_t> equalCuts(std::int64_t n, std::int64_t shards) {
    std::vector<std::int64_t> b{0};
    for (std::int64_t i = 0; i < shards; ++i) b.push_back(b.back() + n / shards + (i < n % shards ? 1 : 0));
    return b;
}

std::vector<std::int64_t> gradualSizes(std::int64_t n, double rho, std::int64_t epochs) {
    std::vector<std::int64_t> out;
    for (std::int64_t e = 0; e < epochs; ++e)
        out.push_back(std::max<std::int64_t>(
            n > 0 ? 1 : 0, static_cast<std::int64_t>(std::ceil(double(n) * std::pow(rho, e) - 1e-9))));
    return out;
}

namespace {

// Files of a schedule, finished (hashed) under temporary names, committed together at the end.
struct Outputs {
    std::vector<std::unique_ptr<AtomicFile>> files;
    nlohmann::json list = nlohmann::json::array();

    Status text(const std::string& path, const std::string& body) {
        auto f = AtomicFile::create(path, false);
        if (!f) return std::unexpected(f.error());
        if (auto s = (*f)->write(body); !s) return s;
        return add(std::move(*f));
    }
    Status add(std::unique_ptr<AtomicFile> f, nlohmann::json extra = nlohmann::json::object()) {
        if (auto s = f->finish(); !s) return s;
        extra["path"] = f->finalPath();
        extra["sha256"] = f->sha256();
        extra["bytes"] = f->bytes();
        extra["lines"] = f->lines();
        list.push_back(extra);
        files.push_back(std::move(f));
        return {};
    }
    Expected<ScheduleResult> commit(const std::string& prefix, ScheduleResult r) {
        r.manifest["files"] = list;
        auto m = AtomicFile::create(prefix + ".manifest.json", false);
        if (!m) return std::unexpected(m.error());
        if (auto s = (*m)->write(r.manifest.dump(2) + "\n"); !s) return std::unexpected(s.error());
        if (auto s = (*m)->finish(); !s) return std::unexpected(s.error());
        for (auto& f : files) {
            if (auto s = f->commit(); !s) return std::unexpected(s.error());
            r.files.push_back(f->finalPath());
        }
        if (auto s = (*m)->commit(); !s) return std::unexpected(s.error());
        r.files.push_back(prefix + ".manifest.json");
        return r;
    }
};

Status refuse(const std::vector<std::string>& paths, bool force) {
    for (const auto& path : paths) {
        std::error_code ec;
        if (fs::exists(path, ec) && !force)
            return fail(ErrorCode::FileExists, {path},
                        "The file " + path + " already exists; choose another --out or pass --force to replace it.");
    }
    return {};
}

Expected<ScheduleResult> lambdaKinds(const MixtureScheduleParams& p) {
    if (p.mixture.empty()) return usageError("--kind " + p.kind + " needs --mixture FILE (a kit's mixture.json).");
    auto m = readJsonFile(p.mixture);
    if (!m) return std::unexpected(m.error());
    if (!m->is_object() || m->value("format", "") != "domainlens-mixture" || !m->contains("groups"))
        return usageError(p.mixture + ": not a mixture kit's mixture.json.");
    GroupSizes sizes;
    std::vector<std::string> groups;
    std::map<std::string, nlohmann::json> trainFiles;
    for (const auto& [g, v] : (*m)["groups"].items()) {
        sizes[g] = v.value("train", std::int64_t(0));
        groups.push_back(g);
        trainFiles[g] = v.contains("files") ? v["files"].value("train", nlohmann::json::array()) : nlohmann::json();
    }
    auto empirical = weightsFromJson(m->value("lambda_s", nlohmann::json()), p.mixture + " lambda_s");
    if (!empirical) return std::unexpected(empirical.error());
    auto target = weightsFromJson(m->value("lambda_t", nlohmann::json()), p.mixture + " lambda_t");
    if (!target) return std::unexpected(target.error());
    if (auto s = checkWeights(*target, groups, p.mixture + " lambda_t"); !s) return std::unexpected(s.error());
    auto entries = lambdaSchedule(p, sizes, *empirical, *target);
    if (!entries) return std::unexpected(entries.error());

    std::vector<std::string> planned = {p.out + ".schedule.json", p.out + ".manifest.json"};
    for (std::size_t i = 0; i < entries->size(); ++i) planned.push_back(p.out + ".phase" + std::to_string(i) + ".yaml");
    if (auto s = refuse(planned, p.force); !s) return std::unexpected(s.error());
    Outputs out;
    ScheduleResult r;
    r.schedule = {{"kind", p.kind}, {"steps", p.steps}, {"mixture", p.mixture}, {"schedule", nlohmann::json::array()}};
    const fs::path kitDir = fs::absolute(p.mixture).parent_path();
    for (std::size_t i = 0; i < entries->size(); ++i) {
        const auto& e = (*entries)[i];
        r.schedule["schedule"].push_back({{"step", e.step}, {"lambda", e.lambda}});
        std::string yaml = "# phase " + std::to_string(i) + " of a " + p.kind + " schedule: from step " +
                           std::to_string(e.step) + "; OpenNMT-py weights = round(lambda * 1000)\ndata:\n";
        for (const auto& [g, w] : integerWeights(e.lambda, 1000)) {
            yaml += "    " + g + ":\n";
            const auto& f = trainFiles[g];
            if (f.is_array() && !f.empty())
                yaml += "        path_src: " + (kitDir / f[0].get<std::string>()).string() + "\n";
            if (f.is_array() && f.size() > 1)
                yaml += "        path_tgt: " + (kitDir / f[1].get<std::string>()).string() + "\n";
            yaml += "        weight: " + std::to_string(w) + "\n";
        }
        if (auto s = out.text(p.out + ".phase" + std::to_string(i) + ".yaml", yaml); !s)
            return std::unexpected(s.error());
    }
    if (auto s = out.text(p.out + ".schedule.json", r.schedule.dump(2) + "\n"); !s) return std::unexpected(s.error());
    r.manifest = {
        {"kind", "mixture-schedule"}, {"params", mixtureScheduleParamTable().toJson(p)}, {"mixture", p.mixture}};
    return out.commit(p.out, std::move(r));
}

Expected<ScheduleResult> rankedKinds(const MixtureScheduleParams& p, Store& store, ProgressSink& progress,
                                     const CancelToken& cancel) {
    const bool curriculum = p.kind == "curriculum";
    auto run = p.selection ? getRun(store, *p.selection) : latestRun(store, RunKind::Select);
    if (!run) return std::unexpected(run.error());
    if (run->kind != RunKind::Select)
        return usageError("Run " + std::to_string(run->id) + " is a " + toString(run->kind) + " run; --kind " + p.kind +
                          " ranks the pool with a selection run.");
    auto res = readRunResults(store, run->id);
    if (!res) return std::unexpected(res.error());
    const auto ranking = rankByScore(res->score, res->sentenceIds);
    std::int64_t n = 0;
    for (double s : res->score) n += std::isfinite(s) ? 1 : 0;
    // rank position of each scored sentence id (NaN scores are excluded: not in any shard)
    std::unordered_map<std::int64_t, std::int64_t> rankOf;
    for (std::int64_t r = 0; r < n; ++r) rankOf[res->sentenceIds[std::size_t(ranking[std::size_t(r)])]] = r;

    // shard index per rank (and the in-domain corpus as shard 0 for the curriculum)
    std::vector<std::int64_t> cuts;  // shard i (pool part) = ranks [cuts[i], cuts[i+1])
    std::vector<std::int64_t> sizes;
    if (curriculum) {
        if (p.inCorpus.empty()) return usageError("--kind curriculum needs --in-corpus NAME (phase 0's data).");
        if (n < p.shards)
            return usageError("The selection ranks " + std::to_string(n) + " sentences, fewer than --shards.");
        cuts = equalCuts(n, p.shards);
    } else {
        sizes = gradualSizes(n, p.rho, p.epochs);  // n_0 >= n_1 >= ...
        cuts.push_back(0);
        for (auto it = sizes.rbegin(); it != sizes.rend(); ++it)
            if (*it > cuts.back()) cuts.push_back(*it);
    }
    const std::int64_t poolShards = std::int64_t(cuts.size()) - 1;
    const std::int64_t offset = curriculum ? 1 : 0;  // curriculum: pool shards are 1..S
    auto shardOfRank = [&](std::int64_t r) {
        return std::int64_t(std::upper_bound(cuts.begin(), cuts.end(), r) - cuts.begin()) - 1 + offset;
    };

    CorpusInfo pool, in;
    {
        auto all = listCorpora(store);
        if (!all) return std::unexpected(all.error());
        for (const auto& c : *all)
            if (c.id == run->corpusId) pool = c;
    }
    if (curriculum) {
        auto c = resolveCorpus(store, p.inCorpus);
        if (!c) return std::unexpected(c.error());
        in = *c;
        if (in.id == pool.id) return usageError("--in-corpus must not be the pool the selection ranked.");
    }
    ExportParams ep;
    ep.format = p.format;
    ep.gzip = p.gzip;
    const std::int64_t total = poolShards + offset;
    std::vector<std::string> planned = {p.out + ".schedule.json", p.out + ".manifest.json"};
    for (std::int64_t i = 0; i < total; ++i)
        for (const auto& path : TrainingWriter::plannedPaths(p.out + ".shard" + std::to_string(i), ep, pool))
            planned.push_back(path);
    if (auto s = refuse(planned, p.force); !s) return std::unexpected(s.error());
    std::vector<std::unique_ptr<TrainingWriter>> writers;
    for (std::int64_t i = 0; i < total; ++i) {
        auto w = TrainingWriter::open(p.out + ".shard" + std::to_string(i), ep, pool);
        if (!w) return std::unexpected(w.error());
        writers.push_back(std::make_unique<TrainingWriter>(std::move(*w)));
    }
    std::vector<std::int64_t> counts(std::size_t(total), 0);
    Status failure;
    progress.stage("Writing the " + p.kind + " shards");
    if (curriculum) {
        auto st = forEachSentence(store, in.id, 0, [&](const Sentence& s) {
            failure = writers[0]->write(ExportRow{s});
            ++counts[0];
            return failure.has_value() && !cancel.isCancelled();
        });
        if (!st) return std::unexpected(st.error());
        if (!failure) return std::unexpected(failure.error());
    }
    auto st = forEachSentence(store, pool.id, 0, [&](const Sentence& s) {
        const auto it = rankOf.find(s.id);
        if (it == rankOf.end()) return true;
        const auto shard = shardOfRank(it->second);
        failure = writers[std::size_t(shard)]->write(ExportRow{s});
        ++counts[std::size_t(shard)];
        return failure.has_value() && !cancel.isCancelled();
    });
    if (!st) return std::unexpected(st.error());
    if (!failure) return std::unexpected(failure.error());
    if (cancel.isCancelled()) return cancelled();

    // Phases: the shards each samples from, uniformly over their union (weights ∝ sizes).
    ScheduleResult r;
    const std::int64_t phases = curriculum ? total : std::int64_t(sizes.size());
    r.schedule = {{"kind", p.kind},
                  {"steps", p.steps},
                  {"selection_run", run->id},
                  {"pool", pool.name},
                  {"ranked", n},
                  {"shards", nlohmann::json::array()},
                  {"schedule", nlohmann::json::array()}};
    if (curriculum) r.schedule["in_corpus"] = in.name;
    else r.schedule["kept_per_epoch"] = sizes;
    // Each shard's files by name (they lie next to PREFIX.schedule.json): what `mixture train`
    // samples phase by phase.
    for (std::int64_t i = 0; i < total; ++i) {
        nlohmann::json names = nlohmann::json::array();
        for (const auto& f : writers[std::size_t(i)]->files())
            names.push_back(fs::path(f->finalPath()).filename().string());
        r.schedule["shards"].push_back({{"shard", i}, {"sentences", counts[std::size_t(i)]}, {"files", names}});
    }
    for (std::int64_t ph = 0; ph < phases; ++ph) {
        // curriculum: shards 0..ph; gradual: the shards whose ranks are < n_ph
        std::vector<std::int64_t> used;
        for (std::int64_t i = 0; i < total; ++i)
            if (curriculum ? i <= ph : cuts[std::size_t(i + 1)] <= sizes[std::size_t(ph)]) used.push_back(i);
        double mass = 0;
        for (auto i : used) mass += double(counts[std::size_t(i)]);
        nlohmann::json w = nlohmann::json::object();
        for (auto i : used) w["shard" + std::to_string(i)] = mass > 0 ? double(counts[std::size_t(i)]) / mass : 0.0;
        r.schedule["schedule"].push_back(
            {{"phase", ph},
             {"step", static_cast<std::int64_t>(double(p.steps) * double(ph) / double(phases))},
             {"lambda", w}});
    }
    Outputs out;
    for (std::int64_t i = 0; i < total; ++i)
        for (auto& f : writers[std::size_t(i)]->files())
            if (auto s = out.add(std::move(f), {{"shard", i}}); !s) return std::unexpected(s.error());
    if (auto s = out.text(p.out + ".schedule.json", r.schedule.dump(2) + "\n"); !s) return std::unexpected(s.error());
    r.manifest = {{"kind", "mixture-schedule"},
                  {"params", mixtureScheduleParamTable().toJson(p)},
                  {"project", fs::absolute(store.path()).string()},
                  {"run", {{"id", run->id}, {"created", run->created}, {"params", paramsAsRun(*run)}}}};
    return out.commit(p.out, std::move(r));
}

}  // namespace

Expected<ScheduleResult> runMixtureSchedule(const MixtureScheduleParams& p, Store* store, ProgressSink& progress,
                                            const CancelToken& cancel) {
    if (auto s = mixtureScheduleParamTable().validate(p); !s) return std::unexpected(s.error());
    if (p.out.empty()) return usageError("Name the output with --out PREFIX.");
    if (p.kind == "curriculum" || p.kind == "gradual") {
        if (!store) return usageError("--kind " + p.kind + " needs the PROJECT.");
        return rankedKinds(p, *store, progress, cancel);
    }
    return lambdaKinds(p);
}

}  // namespace dl
