#include "mixture/MixtureTrain.h"

#include <torch/torch.h>
#include <cstdint>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "common/AtomicFile.h"
#include "mixture/Mdac.h"
#include "text/SentencePieceTokenizer.h"

namespace dl {

namespace fs = std::filesystem;

namespace {

const char* const kCheckpointFormat = "domainlens-mixture-train-checkpoint";
constexpr std::size_t kMaxLineBytes = 100000;  // longer lines (untrusted files) are cut

// ---- the model: a decoder-only Transformer LM -----------------------------------------------

struct LmImpl : torch::nn::Module {
    LmImpl(std::int64_t vocab, const MixtureTrainParams& p)
        : tok(register_module("tok", torch::nn::Embedding(vocab, p.dim))),
          pos(register_module("pos", torch::nn::Embedding(p.context, p.dim))),
          enc(register_module(
              "enc",
              torch::nn::TransformerEncoder(torch::nn::TransformerEncoderOptions(
                  torch::nn::TransformerEncoderLayerOptions(p.dim, p.heads).dim_feedforward(4 * p.dim).dropout(0.0),
                  p.layers)))),
          norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({p.dim})))),
          head(register_module("head", torch::nn::Linear(p.dim, vocab))) {}

    // x: [B, T] token ids -> logits [B, T, V]; position i sees positions <= i.
    torch::Tensor forward(const torch::Tensor& x) {
        const auto t = x.size(1);
        auto h = tok(x) + pos(torch::arange(t, x.options()));
        auto mask = torch::nn::TransformerImpl::generate_square_subsequent_mask(t).to(x.device());
        h = enc(h.transpose(0, 1), mask).transpose(0, 1);
        return head(norm(h));
    }

    torch::nn::Embedding tok, pos;
    torch::nn::TransformerEncoder enc;
    torch::nn::LayerNorm norm;
    torch::nn::Linear head;
};
TORCH_MODULE(Lm);

// Mean next-token cross-entropy of windows [N, T+1].
torch::Tensor lmLoss(Lm& model, const torch::Tensor& windows) {
    using torch::indexing::Slice;
    auto x = windows.index({Slice(), Slice(0, -1)});
    auto y = windows.index({Slice(), Slice(1, torch::indexing::None)});
    auto logits = model->forward(x);
    return torch::nn::functional::cross_entropy(logits.reshape({-1, logits.size(-1)}), y.reshape({-1}));
}

// ---- the kit ------------------------------------------------------------------------------

struct KitGroup {
    std::string name;
    std::string trainFile, devFile;  // the target side (the last file of each split)
    std::vector<std::int64_t> train;  // token stream, </s> after each line
    torch::Tensor dev;                // [n, T+1] windows on the device
};

struct Kit {
    std::vector<KitGroup> groups;
    Weights lambda0, lambdaT;
};

// A file name from mixture.json: a plain name inside the kit folder (untrusted input).
Expected<std::string> kitFile(const fs::path& dir, const nlohmann::json& names, const std::string& what) {
    if (!names.is_array() || names.empty() || !names.back().is_string())
        return usageError(what + ": mixture.json lists no file.");
    const auto name = names.back().get<std::string>();
    if (name.empty() || name == "." || name == ".." || fs::path(name).filename().string() != name)
        return usageError(what + ": '" + name + "' is not a file name inside the kit.");
    for (const char* ext : {".gz", ".tsv", ".jsonl"})
        if (name.size() >= std::string(ext).size() && name.ends_with(ext))
            return usageError(
                what + ": " + name +
                " is not plain text; `mixture train` reads a kit made with --format moses and no --gzip.");
    return (dir / name).string();
}

Expected<Kit> loadKit(const std::string& kitDir) {
    const fs::path dir(kitDir);
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return usageError(kitDir + " is not a folder (name a mixture kit's folder).");
    const auto mixturePath = (dir / "mixture.json").string();
    if (!fs::exists(mixturePath, ec))
        return usageError(kitDir + " is not a mixture kit: it has no mixture.json (`mixture kit --out DIR`).");
    auto j = readJsonFile(mixturePath);
    if (!j) return std::unexpected(j.error());
    if (!j->is_object() || j->value("format", "") != "domainlens-mixture" || !j->contains("groups") ||
        !(*j)["groups"].is_object() || (*j)["groups"].empty())
        return usageError(mixturePath + " is not a mixture kit's mixture.json.");
    Kit kit;
    auto l0 = weightsFromJson(j->value("lambda_0", nlohmann::json()), mixturePath + " lambda_0");
    if (!l0) return std::unexpected(l0.error());
    auto lt = weightsFromJson(j->value("lambda_t", nlohmann::json()), mixturePath + " lambda_t");
    if (!lt) return std::unexpected(lt.error());
    kit.lambda0 = *l0;
    kit.lambdaT = *lt;
    std::vector<std::string> names;
    for (const auto& [g, v] : (*j)["groups"].items()) {
        names.push_back(g);
        if (!v.is_object() || !v.contains("files") || !v["files"].is_object())
            return usageError(mixturePath + ": group '" + g + "' has no files.");
        KitGroup group;
        group.name = g;
        auto train = kitFile(dir, v["files"].value("train", nlohmann::json()), mixturePath + " group '" + g + "'");
        if (!train) return std::unexpected(train.error());
        auto dev = kitFile(dir, v["files"].value("dev", nlohmann::json()), mixturePath + " group '" + g + "'");
        if (!dev) return std::unexpected(dev.error());
        group.trainFile = *train;
        group.devFile = *dev;
        kit.groups.push_back(std::move(group));
    }
    if (auto s = checkWeights(kit.lambda0, names, mixturePath + " lambda_0"); !s) return std::unexpected(s.error());
    if (auto s = checkWeights(kit.lambdaT, names, mixturePath + " lambda_t"); !s) return std::unexpected(s.error());
    return kit;
}

// Calls f(line) for each line of a text file (cut at kMaxLineBytes, '\r' dropped).
template <class F>
Status forEachLine(const std::string& path, const CancelToken& cancel, F&& f) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(ErrorCode::Generic, {path}, "Cannot read " + path + ".");
    std::string line;
    std::int64_t n = 0;
    while (std::getline(in, line)) {
        if (++n % 1000 == 0 && cancel.isCancelled()) return cancelled();
        if (line.size() > kMaxLineBytes) line.resize(kMaxLineBytes);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        f(line);
    }
    return {};
}

// ---- the vocabulary -----------------------------------------------------------------------

// out/vocab.model: SentencePiece (unigram) trained in the module on every group's training text.
Status trainVocabulary(const Kit& kit, const MixtureTrainParams& p, const CancelToken& cancel) {
    const fs::path out(p.out);
    const auto model = (out / "vocab.model").string();
    std::error_code ec;
    if (fs::exists(model, ec)) return {};
    const auto input = (out / "vocab-input.txt").string();
    {
        auto f = AtomicFile::create(input, false);
        if (!f) return std::unexpected(f.error());
        Status written;
        for (const auto& g : kit.groups) {
            auto s = forEachLine(g.trainFile, cancel, [&](const std::string& line) {
                if (written && !line.empty()) written = (*f)->writeLine(line);
            });
            if (!s) return s;
            if (!written) return written;
        }
        if (auto s = (*f)->commit(); !s) return s;
    }
    const auto prefix = (out / ".vocab-partial").string();
    auto s = SentencePieceTokenizer::train({{"input", input},
                                            {"model_prefix", prefix},
                                            {"vocab_size", std::to_string(p.vocab)},
                                            {"model_type", "unigram"},
                                            {"character_coverage", "1.0"},
                                            {"hard_vocab_limit", "false"},
                                            {"num_threads", "1"},
                                            {"minloglevel", "2"}});
    fs::remove(input, ec);
    fs::remove(prefix + ".vocab", ec);
    if (!s) {
        fs::remove(prefix + ".model", ec);
        return s;
    }
    fs::rename(prefix + ".model", model, ec);
    if (ec) return fail("Cannot rename the vocabulary into " + model + ": " + ec.message());
    return {};
}

// Every group's training stream; with `dev`, its dev windows too (a shard schedule's shards have
// no dev split: the kit's groups are evaluated).
Status tokenize(Kit& kit, const SentencePieceTokenizer& spm, const MixtureTrainParams& p, torch::Device device,
                const CancelToken& cancel, bool dev = true) {
    const std::int64_t eos = 2;  // the fairseq layout of SentencePieceTokenizer without tokenizer.json
    const std::int64_t w = p.context + 1;
    for (auto& g : kit.groups) {
        auto append = [&](std::vector<std::int64_t>& stream) {
            return [&](const std::string& line) {
                for (auto id : spm.tokenize(line)) stream.push_back(id);
                stream.push_back(eos);
            };
        };
        if (auto s = forEachLine(g.trainFile, cancel, append(g.train)); !s) return s;
        if (std::int64_t(g.train.size()) < w)
            return usageError("Group '" + g.name + "': its training text has " + std::to_string(g.train.size()) +
                              " tokens, fewer than --context + 1 = " + std::to_string(w) + ".");
        if (!dev) continue;
        std::vector<std::int64_t> devText;
        if (auto s = forEachLine(g.devFile, cancel, append(devText)); !s) return s;
        std::int64_t n = std::int64_t(devText.size()) / w;
        if (p.devWindows > 0) n = std::min(n, p.devWindows);
        if (n < 1)
            return usageError("Group '" + g.name + "': its dev text has " + std::to_string(devText.size()) +
                              " tokens, fewer than one window of --context + 1 = " + std::to_string(w) + ".");
        devText.resize(std::size_t(n * w));
        g.dev = torch::tensor(devText, torch::kLong).reshape({n, w}).to(device);
    }
    return {};
}

// ---- sampling -----------------------------------------------------------------------------

std::mt19937_64 generator(std::uint64_t seed, std::int64_t step, std::uint64_t stream) {
    std::seed_seq seq{std::uint32_t(seed),   std::uint32_t(seed >> 32),
                      std::uint32_t(step),   std::uint32_t(std::uint64_t(step) >> 32),
                      std::uint32_t(stream), std::uint32_t(stream >> 32)};
    return std::mt19937_64(seq);
}

double uniform01(std::mt19937_64& rng) { return double(rng() >> 11) * 0x1.0p-53; }

// [B, T+1] windows: row i from group groups[i] at a uniform offset.
torch::Tensor batchOf(const Kit& kit, const std::vector<int>& groups, std::int64_t context, std::mt19937_64& rng,
                      torch::Device device) {
    const std::int64_t w = context + 1;
    std::vector<std::int64_t> data;
    data.reserve(groups.size() * std::size_t(w));
    for (int g : groups) {
        const auto& s = kit.groups[std::size_t(g)].train;
        const std::uint64_t range = s.size() - std::size_t(w) + 1;
        const auto off = std::size_t(rng() % range);
        data.insert(data.end(), s.begin() + std::ptrdiff_t(off), s.begin() + std::ptrdiff_t(off) + w);
    }
    return torch::tensor(data, torch::kLong).reshape({std::int64_t(groups.size()), w}).to(device);
}

std::vector<double> inOrder(const Weights& w, const Kit& kit) {
    std::vector<double> out;
    for (const auto& g : kit.groups) out.push_back(w.count(g.name) ? w.at(g.name) : 0.0);
    return out;
}

// ---- evaluation ---------------------------------------------------------------------------

std::vector<double> devLosses(Lm& model, const Kit& kit) {
    torch::NoGradGuard ng;
    model->eval();
    std::vector<double> out;
    for (const auto& g : kit.groups) {
        double sum = 0;
        const auto n = g.dev.size(0);
        for (std::int64_t i = 0; i < n; i += 64) {
            auto chunk = g.dev.slice(0, i, std::min(n, i + 64));
            sum += lmLoss(model, chunk).item<double>() * double(chunk.size(0));
        }
        out.push_back(sum / double(n));
    }
    model->train();
    return out;
}

double targetLoss(const std::vector<double>& losses, const std::vector<double>& lambdaT) {
    double j = 0;
    for (std::size_t i = 0; i < losses.size(); ++i) j += lambdaT[i] * losses[i];
    return j;
}

nlohmann::json evalRecord(std::int64_t step, const Weights& lambda, const std::vector<double>& losses, const Kit& kit,
                          const std::vector<double>& lambdaT) {
    nlohmann::json dev = nlohmann::json::object();
    for (std::size_t i = 0; i < losses.size(); ++i)
        dev[kit.groups[i].name] = {{"loss", losses[i]}, {"ppl", std::exp(losses[i])}};
    const double j = targetLoss(losses, lambdaT);
    return {{"step", step}, {"lambda", lambda}, {"dev", dev}, {"target_loss", j}, {"target_ppl", std::exp(j)}};
}

// ---- checkpoint ---------------------------------------------------------------------------

// The settings a resumed run must share with the run it continues.
nlohmann::json settingsJson(const MixtureTrainParams& p) {
    return {{"schedule", p.schedule},
            {"steps", p.steps},
            {"batch", p.batch},
            {"seed", p.seed},
            {"context", p.context},
            {"layers", p.layers},
            {"dim", p.dim},
            {"heads", p.heads},
            {"vocab", p.vocab},
            {"lr", p.lr},
            {"session_steps", p.sessionSteps},
            {"sim_steps", p.simSteps},
            {"mdac_lr", p.mdacLr},
            {"updates", p.updates},
            {"eval_every", p.evalEvery},
            {"dev_windows", p.devWindows}};
}

Status saveCheckpoint(Lm& model, torch::optim::Adam& opt, std::int64_t step, const nlohmann::json& meta,
                      const fs::path& out) {
    torch::serialize::OutputArchive root, m, o;
    model->save(m);
    opt.save(o);
    root.write("model", m);
    root.write("optim", o);
    root.write("step", torch::tensor(step, torch::kLong));
    std::ostringstream bytes;
    root.save_to(bytes);
    auto f = AtomicFile::create((out / "model.pt").string(), false);
    if (!f) return std::unexpected(f.error());
    if (auto s = (*f)->write(bytes.str()); !s) return s;
    if (auto s = (*f)->commit(); !s) return s;
    return writeJsonFile((out / "checkpoint.json").string(), meta);  // the commit point
}

struct Timing {
    double train = 0, mdac = 0, eval = 0;
    std::int64_t tokens = 0;
};

double seconds(std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

std::vector<torch::Tensor> snapshot(Lm& model) {
    std::vector<torch::Tensor> out;
    for (const auto& t : model->parameters()) out.push_back(t.detach().clone());
    return out;
}

void restore(Lm& model, const std::vector<torch::Tensor>& saved) {
    torch::NoGradGuard ng;
    auto params = model->parameters();
    for (std::size_t i = 0; i < params.size(); ++i) params[i].copy_(saved[i]);
}

torch::Tensor flatGrad(Lm& model) {
    std::vector<torch::Tensor> parts;
    for (const auto& t : model->parameters())
        parts.push_back(t.grad().defined() ? t.grad().reshape({-1}) : torch::zeros({t.numel()}, t.options()));
    return torch::cat(parts);
}

// One session's rewards: MDAC's dev-loss gain after k simulated steps on each group from a
// copy of the model (a fresh Adam at the model's lr), or DDS's gradient cosine.
nlohmann::json sessionRewards(Lm& model, const Kit& kit, const MixtureTrainParams& p, MdacReward kind,
                              std::int64_t step, const std::vector<double>& lambdaT, torch::Device device) {
    nlohmann::json rewards = nlohmann::json::object();
    const int n = int(kit.groups.size());
    if (kind == MdacReward::Gain) {
        const double before = targetLoss(devLosses(model, kit), lambdaT);
        const auto saved = snapshot(model);
        for (int d = 0; d < n; ++d) {
            torch::optim::Adam sim(model->parameters(), torch::optim::AdamOptions(p.lr));
            auto rng = generator(p.seed, step, 1 + std::uint64_t(d));
            for (std::int64_t i = 0; i < p.simSteps; ++i) {
                auto batch = batchOf(kit, std::vector<int>(std::size_t(p.batch), d), p.context, rng, device);
                sim.zero_grad();
                lmLoss(model, batch).backward();
                sim.step();
            }
            rewards[kit.groups[std::size_t(d)].name] = before - targetLoss(devLosses(model, kit), lambdaT);
            restore(model, saved);
        }
    } else {
        model->zero_grad();
        torch::Tensor j = torch::zeros({}, torch::TensorOptions().device(device));
        for (int g = 0; g < n; ++g)
            if (lambdaT[std::size_t(g)] > 0)
                j = j + lambdaT[std::size_t(g)] * lmLoss(model, kit.groups[std::size_t(g)].dev);
        j.backward();
        const auto gt = flatGrad(model);
        for (int d = 0; d < n; ++d) {
            auto rng = generator(p.seed, step, 1 + std::uint64_t(d));
            auto batch = batchOf(kit, std::vector<int>(std::size_t(p.batch), d), p.context, rng, device);
            model->zero_grad();
            lmLoss(model, batch).backward();
            const auto gd = flatGrad(model);
            const double c = torch::nn::functional::cosine_similarity(gd.unsqueeze(0), gt.unsqueeze(0)).item<double>();
            rewards[kit.groups[std::size_t(d)].name] = std::clamp(c, -1.0, 1.0);
        }
        model->zero_grad();
    }
    return rewards;
}

}  // namespace

// ---- public -------------------------------------------------------------------------------

namespace {

// The [{step, lambda}] list of a schedule file's JSON; field errors name the entry.
Expected<LambdaSchedule> lambdaScheduleFromJson(const nlohmann::json& j, const std::string& path,
                                                const std::vector<std::string>& groups) {
    const nlohmann::json* list = &j;
    LambdaSchedule s;
    if (j.is_object()) {
        if (!j.contains("schedule")) return usageError(path + ": no \"schedule\" list (a `mixture schedule` file).");
        list = &j["schedule"];
        if (j.contains("steps")) {
            if (!j["steps"].is_number_integer() || j["steps"].get<std::int64_t>() < 1)
                return usageError(path + ": \"steps\" must be a positive whole number.");
            s.steps = j["steps"].get<std::int64_t>();
        }
    }
    if (!list->is_array() || list->empty()) return usageError(path + ": the schedule is not a non-empty list.");
    for (std::size_t i = 0; i < list->size(); ++i) {
        const auto& e = (*list)[i];
        const std::string where = path + " schedule[" + std::to_string(i) + "]";
        if (!e.is_object() || !e.contains("step") || !e["step"].is_number_integer() || !e.contains("lambda"))
            return usageError(where + ": every entry needs an integer \"step\" and a \"lambda\".");
        ScheduleEntry entry;
        entry.step = e["step"].get<std::int64_t>();
        auto w = weightsFromJson(e["lambda"], where + " (step " + std::to_string(entry.step) + ") lambda");
        if (!w) return std::unexpected(w.error());
        if (auto st = checkWeights(*w, groups, where + " (step " + std::to_string(entry.step) + ") lambda"); !st)
            return std::unexpected(st.error());
        entry.lambda = *w;
        if (!s.entries.empty() && entry.step <= s.entries.back().step)
            return usageError(where + ": steps must increase (" + std::to_string(entry.step) + " after " +
                              std::to_string(s.entries.back().step) + ").");
        s.entries.push_back(std::move(entry));
    }
    if (s.entries.front().step != 0) return usageError(path + ": the first entry must be at step 0.");
    if (s.steps == 0) s.steps = std::max<std::int64_t>(1, s.entries.back().step);
    return s;
}

constexpr std::size_t kMaxShards = 100000;

}  // namespace

Expected<LambdaSchedule> loadLambdaSchedule(const std::string& path, const std::vector<std::string>& groups) {
    auto j = readJsonFile(path);
    if (!j) return std::unexpected(j.error());
    return lambdaScheduleFromJson(*j, path, groups);
}

bool isShardSchedule(const nlohmann::json& j) { return j.is_object() && j.contains("shards"); }

Expected<ShardSchedule> shardScheduleFromJson(const nlohmann::json& j, const std::string& path) {
    if (!isShardSchedule(j)) return usageError(path + ": no \"shards\" list (a curriculum or gradual schedule).");
    ShardSchedule s;
    s.kind = j.value("kind", std::string());
    const auto& shards = j["shards"];
    if (!shards.is_array() || shards.empty() || shards.size() > kMaxShards)
        return usageError(path + ": \"shards\" must be a non-empty list.");
    const fs::path dir = fs::absolute(path).parent_path();
    for (std::size_t i = 0; i < shards.size(); ++i) {
        const auto& e = shards[i];
        const std::string where = path + " shards[" + std::to_string(i) + "]";
        if (!e.is_object() || !e.contains("shard") || !e["shard"].is_number_integer() ||
            e["shard"].get<std::int64_t>() != std::int64_t(i))
            return usageError(where + ": \"shard\" must be " + std::to_string(i) + " (shards in order from 0).");
        if (!e.contains("files"))
            return usageError(where +
                              ": no \"files\" (a schedule written before `mixture train` read shards; "
                              "write it again with `mixture schedule`).");
        auto file = kitFile(dir, e["files"], where + " files");
        if (!file) return std::unexpected(file.error());
        std::error_code ec;
        if (!fs::is_regular_file(*file, ec)) return usageError(where + " files: " + *file + " does not exist.");
        s.names.push_back("shard" + std::to_string(i));
        s.files.push_back(*file);
    }
    auto phases = lambdaScheduleFromJson(j, path, s.names);
    if (!phases) return std::unexpected(phases.error());
    s.phases = std::move(*phases);
    return s;
}

std::int64_t scheduleStartStep(const LambdaSchedule& s, std::size_t entry, std::int64_t runSteps) {
    // entry step e.step of s.steps starts at run step floor(e.step * runSteps / s.steps)
    return std::int64_t((long double)s.entries[entry].step * (long double)runSteps / (long double)s.steps);
}

std::size_t scheduleEntryAt(const LambdaSchedule& s, std::int64_t step, std::int64_t runSteps) {
    std::size_t at = 0;
    for (std::size_t i = 0; i < s.entries.size(); ++i)
        if (scheduleStartStep(s, i, runSteps) <= step) at = i;
    return at;
}

const Weights& scheduleLambdaAt(const LambdaSchedule& s, std::int64_t step, std::int64_t runSteps) {
    return s.entries[scheduleEntryAt(s, step, runSteps)].lambda;
}

std::vector<int> drawGroups(const std::vector<double>& lambda, std::int64_t count, std::uint64_t seed,
                            std::int64_t step, std::uint64_t stream) {
    auto rng = generator(seed, step, stream);
    std::vector<double> cdf;
    double total = 0;
    for (double l : lambda) cdf.push_back(total += std::max(0.0, l));
    std::vector<int> out;
    out.reserve(std::size_t(count));
    for (std::int64_t i = 0; i < count; ++i) {
        const double u = uniform01(rng) * total;
        auto it = std::upper_bound(cdf.begin(), cdf.end(), u);
        int g = int(it - cdf.begin());
        if (g >= int(lambda.size())) g = int(lambda.size()) - 1;
        while (g > 0 && !(lambda[std::size_t(g)] > 0)) --g;  // u == total at the edge
        out.push_back(g);
    }
    return out;
}

Expected<nlohmann::json> runMixtureTrain(const std::string& kitDir, const MixtureTrainParams& p, ProgressSink& progress,
                                         const CancelToken& cancel) {
    if (p.out.empty()) return usageError("--out DIR is required.");
    if (p.dim % p.heads != 0) return usageError("--dim must be a multiple of --heads.");
    auto kitOr = loadKit(kitDir);
    if (!kitOr) return std::unexpected(kitOr.error());
    Kit& kit = *kitOr;
    std::vector<std::string> names;
    for (const auto& g : kit.groups) names.push_back(g.name);

    // Where lambda comes from.
    enum class Source { Static, Schedule, Mdac } source = Source::Static;
    LambdaSchedule schedule;
    // A curriculum/gradual schedule samples its shards (shardKit, no dev splits) phase by phase;
    // every other source samples the kit's groups. The dev loss is always the kit's.
    Kit shardKit;
    bool shards = false;
    MdacReward reward = MdacReward::Gain;
    if (p.schedule == "static") {
        source = Source::Static;
    } else if (p.schedule == "mdac" || p.schedule == "dds") {
        source = Source::Mdac;
        reward = p.schedule == "mdac" ? MdacReward::Gain : MdacReward::Cosine;
    } else {
        std::error_code ec;
        if (!fs::is_regular_file(p.schedule, ec))
            return usageError("unknown --schedule '" + p.schedule +
                              "' (choose static, mdac, dds, or name a schedule file from `mixture schedule`).");
        auto j = readJsonFile(p.schedule);
        if (!j) return std::unexpected(j.error());
        if (isShardSchedule(*j)) {
            auto s = shardScheduleFromJson(*j, p.schedule);
            if (!s) return std::unexpected(s.error());
            for (std::size_t i = 0; i < s->names.size(); ++i) {
                KitGroup g;
                g.name = s->names[i];
                g.trainFile = s->files[i];
                shardKit.groups.push_back(std::move(g));
            }
            schedule = std::move(s->phases);
            shards = true;
        } else {
            auto s = lambdaScheduleFromJson(*j, p.schedule, names);
            if (!s) return std::unexpected(s.error());
            schedule = std::move(*s);
        }
        source = Source::Schedule;
    }

    const fs::path out(p.out);
    std::error_code ec;
    const auto checkpointPath = (out / "checkpoint.json").string();
    const auto statePath = (out / "mdac.json").string();
    nlohmann::json checkpoint;
    if (p.resume) {
        auto c = readJsonFile(checkpointPath);
        if (!c) return usageError("--resume: " + p.out + " holds no checkpoint (" + c.error().message + ").");
        if (!c->is_object() || c->value("format", "") != kCheckpointFormat)
            return usageError("--resume: " + checkpointPath + " is not a training checkpoint.");
        if (c->value("kit", "") != fs::absolute(kitDir).lexically_normal().string())
            return usageError("--resume: the checkpoint in " + p.out + " was trained on the kit " +
                              c->value("kit", std::string("?")) + ", not " + kitDir + ".");
        if ((*c)["settings"] != settingsJson(p))
            return usageError("--resume: the settings differ from the checkpoint's (" + (*c)["settings"].dump() + ").");
        checkpoint = std::move(*c);
    } else {
        if (fs::exists(checkpointPath, ec))
            return fail(ErrorCode::FileExists, {checkpointPath},
                        p.out + " already holds a training run; pass --resume to continue it or choose another --out.");
        fs::create_directories(out, ec);
        if (ec) return fail("Cannot create " + p.out + ": " + ec.message());
    }

    torch::Device device(torch::kCPU);
    const bool cuda = torch::cuda::is_available();
    if (p.device == "cuda" && !cuda) return usageError("--device cuda: no CUDA device is available.");
    if (p.device != "cpu" && cuda) device = torch::Device(torch::kCUDA);

    progress.stage("Vocabulary");
    if (auto s = trainVocabulary(kit, p, cancel); !s) return std::unexpected(s.error());
    auto spm = SentencePieceTokenizer::load((out / "vocab.model").string(), "");
    if (!spm) return std::unexpected(spm.error());
    progress.stage("Tokenising");
    if (auto s = tokenize(kit, **spm, p, device, cancel); !s) return std::unexpected(s.error());
    if (shards)
        if (auto s = tokenize(shardKit, **spm, p, device, cancel, false); !s) return std::unexpected(s.error());
    const Kit& sampled = shards ? shardKit : kit;
    // Batches drawn per schedule entry (phase) and sampled group: what each phase trained on.
    std::vector<std::vector<std::int64_t>> draws;
    if (source == Source::Schedule)
        draws.assign(schedule.entries.size(), std::vector<std::int64_t>(sampled.groups.size(), 0));

    torch::manual_seed(p.seed);
    Lm model((*spm)->vocabSize(), p);
    model->to(device);
    torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(p.lr));
    std::int64_t parameters = 0;
    for (const auto& t : model->parameters()) parameters += t.numel();

    MdacState state;
    if (source == Source::Mdac) {
        if (p.resume) {
            auto s = loadMdacState(statePath);
            if (!s) return std::unexpected(s.error());
            state = std::move(*s);
        } else {
            auto s = startMdac(kit.lambda0, kit.lambdaT, MdacConfig{2.0, p.mdacLr, int(p.updates), reward});
            if (!s) return std::unexpected(s.error());
            state = std::move(*s);
            if (auto st = saveMdacState(state, statePath); !st) return std::unexpected(st.error());
        }
    }

    std::int64_t done = 0;
    nlohmann::json evals = nlohmann::json::array();
    Timing time;
    if (p.resume) {
        try {
            torch::serialize::InputArchive root, m, o;
            root.load_from((out / "model.pt").string(), device);
            root.read("model", m);
            root.read("optim", o);
            torch::Tensor step;
            root.read("step", step);
            model->load(m);
            opt.load(o);
            done = step.item<std::int64_t>();
        } catch (const std::exception& e) {
            return fail("--resume: cannot read " + (out / "model.pt").string() + ": " + e.what());
        }
        if (done != checkpoint.value("step", std::int64_t(-1)))
            return fail("--resume: model.pt (step " + std::to_string(done) + ") and checkpoint.json disagree.");
        if (source == Source::Mdac && state.session != done / p.sessionSteps)
            return fail("--resume: the MDAC state has " + std::to_string(state.session) + " sessions, step " +
                        std::to_string(done) + " needs " + std::to_string(done / p.sessionSteps) + ".");
        evals = checkpoint.value("evals", nlohmann::json::array());
        time.train = checkpoint.value("train_seconds", 0.0);
        time.mdac = checkpoint.value("mdac_seconds", 0.0);
        time.eval = checkpoint.value("eval_seconds", 0.0);
        time.tokens = checkpoint.value("tokens", std::int64_t(0));
        if (source == Source::Schedule) {
            const auto saved = checkpoint.value("draws", nlohmann::json());
            bool ok = saved.is_array() && saved.size() == draws.size();
            for (std::size_t i = 0; ok && i < draws.size(); ++i) {
                ok = saved[i].is_array() && saved[i].size() == draws[i].size();
                for (std::size_t g = 0; ok && g < draws[i].size(); ++g) {
                    ok = saved[i][g].is_number_integer();
                    if (ok) draws[i][g] = saved[i][g].get<std::int64_t>();
                }
            }
            if (!ok) return fail("--resume: " + checkpointPath + " has no per-phase draw counts of this schedule.");
        }
    }

    const auto lambdaT = inOrder(kit.lambdaT, kit);
    auto lambdaAt = [&](std::int64_t step) -> Weights {
        if (source == Source::Schedule) return scheduleLambdaAt(schedule, step, p.steps);
        if (source == Source::Mdac) return state.lambda();
        return kit.lambda0;
    };
    // lambda over every sampled group (a shard schedule's phases name only the shards they use).
    auto fullLambdaAt = [&](std::int64_t step) {
        Weights w = lambdaAt(step);
        for (const auto& g : sampled.groups) w.emplace(g.name, 0.0);
        return w;
    };
    auto meta = [&]() {
        return nlohmann::json{{"format", kCheckpointFormat},
                              {"kit", fs::absolute(kitDir).lexically_normal().string()},
                              {"step", done},
                              {"settings", settingsJson(p)},
                              {"evals", evals},
                              {"train_seconds", time.train},
                              {"mdac_seconds", time.mdac},
                              {"eval_seconds", time.eval},
                              {"tokens", time.tokens},
                              {"draws", draws}};
    };
    auto save = [&]() -> Status {
        if (source == Source::Mdac)
            if (auto s = saveMdacState(state, statePath); !s) return s;
        return saveCheckpoint(model, opt, done, meta(), out);
    };

    progress.stage("Training");
    model->train();
    if (!p.resume) evals.push_back(evalRecord(0, fullLambdaAt(0), devLosses(model, kit), kit, lambdaT));
    while (done < p.steps) {
        if (cancel.isCancelled()) {
            if (auto s = save(); !s) return std::unexpected(s.error());
            return cancelled();
        }
        auto t0 = std::chrono::steady_clock::now();
        const auto lambda = inOrder(lambdaAt(done), sampled);
        auto rng = generator(p.seed, done, 0);
        const auto drawn = drawGroups(lambda, p.batch, p.seed, done, 0x9e3779b97f4a7c15ULL);
        if (source == Source::Schedule) {
            auto& counts = draws[scheduleEntryAt(schedule, done, p.steps)];
            for (int g : drawn) ++counts[std::size_t(g)];
        }
        auto batch = batchOf(sampled, drawn, p.context, rng, device);
        opt.zero_grad();
        auto loss = lmLoss(model, batch);
        loss.backward();
        torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
        opt.step();
        if (device.is_cuda()) torch::cuda::synchronize();
        time.train += seconds(t0);
        time.tokens += p.batch * p.context;
        ++done;

        if (source == Source::Mdac && done % p.sessionSteps == 0 && done < p.steps) {
            t0 = std::chrono::steady_clock::now();
            // A session runs whole (n_groups * k steps): cancelling is looked at before the next
            // step, so a checkpoint never falls inside a session.
            auto rewards = sessionRewards(model, kit, p, reward, done, lambdaT, device);
            if (auto s = applyRewards(state, {{"session", state.session + 1}, {"rewards", rewards}},
                                      "session " + std::to_string(state.session + 1));
                !s)
                return std::unexpected(s.error());
            time.mdac += seconds(t0);
        }
        if (done % p.evalEvery == 0 || done == p.steps) {
            t0 = std::chrono::steady_clock::now();
            evals.push_back(evalRecord(done, fullLambdaAt(done), devLosses(model, kit), kit, lambdaT));
            time.eval += seconds(t0);
            if (auto s = save(); !s) return std::unexpected(s.error());
            progress.info("step " + std::to_string(done) + ": dev loss under lambda_t " +
                          std::to_string(evals.back()["target_loss"].get<double>()));
        }
        progress.progress(done, p.steps);
    }

    nlohmann::json groups = nlohmann::json::object();
    for (const auto& g : kit.groups)
        groups[g.name] = {{"train_tokens", g.train.size()}, {"dev_windows", g.dev.size(0)}};
    nlohmann::json report = {
        {"format", "domainlens-mixture-train"},
        {"kit", fs::absolute(kitDir).string()},
        {"schedule", p.schedule},
        {"device", device.is_cuda() ? "cuda" : "cpu"},
        {"settings", settingsJson(p)},
        {"model",
         {{"kind", "decoder-only Transformer LM"},
          {"layers", p.layers},
          {"dim", p.dim},
          {"heads", p.heads},
          {"context", p.context},
          {"parameters", parameters}}},
        {"vocab", {{"kind", "sentencepiece unigram"}, {"size", (*spm)->vocabSize()}, {"model", "vocab.model"}}},
        {"groups", groups},
        {"lambda_t", kit.lambdaT},
        {"evals", evals},
        {"final", evals.back()},
        {"tokens", time.tokens},
        {"train_seconds", time.train},
        {"mdac_seconds", time.mdac},
        {"eval_seconds", time.eval},
        {"tokens_per_s", time.train > 0 ? double(time.tokens) / time.train : 0.0},
        {"mdac_overhead", time.train > 0 ? time.mdac / time.train : 0.0},
    };
    if (source == Source::Schedule) {
        // Each phase (schedule entry): from which run step, its lambda, and the batches it drew.
        nlohmann::json phases = nlohmann::json::array();
        for (std::size_t i = 0; i < schedule.entries.size(); ++i) {
            nlohmann::json counts = nlohmann::json::object();
            for (std::size_t g = 0; g < sampled.groups.size(); ++g) counts[sampled.groups[g].name] = draws[i][g];
            phases.push_back({{"phase", i},
                              {"from_step", scheduleStartStep(schedule, i, p.steps)},
                              {"lambda", schedule.entries[i].lambda},
                              {"draws", counts}});
        }
        report["phases"] = phases;
    }
    if (shards) {
        nlohmann::json list = nlohmann::json::object();
        for (const auto& g : shardKit.groups) list[g.name] = {{"file", g.trainFile}, {"train_tokens", g.train.size()}};
        report["sampled_from"] = "shards";
        report["shards"] = list;
    }
    if (source == Source::Mdac) {
        report["mdac_state"] = statePath;
        report["sessions"] = state.session;
        report["trajectory"] = state.trajectory;
    }
    if (auto s = writeJsonFile((out / "train.json").string(), report); !s) return std::unexpected(s.error());
    return report;
}

}  // namespace dl
