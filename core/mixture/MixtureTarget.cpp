#include "mixture/MixtureTarget.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>

#include "analysis/ClusterModel.h"
#include "mixture/MixtureGroups.h"
#include "shard/ShardWork.h"
#include "store/Runs.h"
#include "store/Store.h"

namespace dl {

Weights meanResponsibilities(const std::vector<double>& responsibilities, std::int64_t rows, int k) {
    std::vector<double> sum(std::size_t(k), 0.0);
    for (std::int64_t i = 0; i < rows; ++i)
        for (int j = 0; j < k; ++j) sum[std::size_t(j)] += responsibilities[std::size_t(i * k + j)];
    Weights w;
    for (int j = 0; j < k; ++j) w[clusterGroup(j)] = rows > 0 ? sum[std::size_t(j)] / double(rows) : 0.0;
    return w;
}

std::vector<double> scoreCdf(const std::vector<double>& scores) {
    std::vector<double> finite;
    for (double s : scores)
        if (std::isfinite(s)) finite.push_back(s);
    std::sort(finite.begin(), finite.end());
    std::vector<double> p;
    p.reserve(scores.size());
    for (double s : scores) {
        if (!std::isfinite(s)) {
            p.push_back(0.0);
            continue;
        }
        const auto le = std::upper_bound(finite.begin(), finite.end(), s) - finite.begin();
        p.push_back(double(le) / double(finite.size()));
    }
    return p;
}

namespace {

Expected<TargetResult> fromDevSet(const MixtureTargetParams& p, std::optional<std::int64_t> runId, Store& store,
                                  const CancelToken& cancel) {
    if (p.devCorpus.empty()) return usageError("--from dev-set needs --dev-corpus NAME.");
    auto run = runId ? getRun(store, *runId) : latestRun(store, RunKind::Cluster);
    if (!run) return std::unexpected(run.error());
    if (run->kind != RunKind::Cluster)
        return usageError("Run " + std::to_string(run->id) + " is a " + toString(run->kind) +
                          " run; --from dev-set needs a cluster run.");
    auto model = loadClusterModel(store, *run);
    if (!model) return std::unexpected(model.error());
    auto corpus = resolveCorpus(store, p.devCorpus);
    if (!corpus) return std::unexpected(corpus.error());
    auto rows = shardRows(store, *corpus, ShardSpec{0, 1});
    if (!rows) return std::unexpected(rows.error());
    if (rows->ids.empty()) return usageError("The dev set '" + p.devCorpus + "' has no sentences.");
    auto emb = shardEmbeddings(
        store, *rows, model->layerSets.empty() ? std::vector<std::int64_t>{model->embeddingSet} : model->layerSets);
    if (!emb) return std::unexpected(emb.error());
    const auto n = static_cast<std::int64_t>(rows->ids.size());
    auto g = applyClusterModel(*model, emb->data, n, emb->dim, cancel);
    if (!g) return std::unexpected(g.error());
    TargetResult r;
    r.lambda = meanResponsibilities(g->responsibilities, n, model->gmm.k);
    r.provenance = {{"from", "dev-set"},
                    {"cluster_run", run->id},
                    {"dev_corpus", corpus->name},
                    {"dev_sentences", n},
                    {"formula", "lambda_t(c) = mean over the dev set of the GMM responsibility gamma_c(x)"}};
    return r;
}

Expected<TargetResult> fromSelection(const MixtureTargetParams& p, std::optional<std::int64_t> runId, Store& store) {
    if (!p.selection) return usageError("--from selection needs --selection RUN.");
    auto sel = getRun(store, *p.selection);
    if (!sel) return std::unexpected(sel.error());
    if (sel->kind != RunKind::Select)
        return usageError("Run " + std::to_string(sel->id) + " is a " + toString(sel->kind) +
                          " run; --selection needs a selection run.");
    std::string corpusName = p.corpus;
    if (corpusName.empty() && p.groupBy == "domain") {
        auto all = listCorpora(store);
        if (!all) return std::unexpected(all.error());
        for (const auto& c : *all)
            if (c.id == sel->corpusId) corpusName = c.name;
    }
    auto groups = readGroups(store, runId, p.groupBy, corpusName);
    if (!groups) return std::unexpected(groups.error());
    if (groups->corpus.id != sel->corpusId)
        return usageError("Selection run " + std::to_string(sel->id) + " scored another corpus than '" +
                          groups->corpus.name + "'.");
    auto res = readRunResults(store, sel->id);
    if (!res) return std::unexpected(res.error());
    bool probability = !res->prob.empty();
    for (double v : res->prob)
        if (!std::isnan(v) && !(v >= 0 && v <= 1)) probability = false;
    std::size_t known = 0;
    for (double v : res->prob) known += std::isfinite(v) ? 1 : 0;
    probability = probability && known > 0;
    const std::vector<double> pin = probability ? res->prob : scoreCdf(res->score);
    std::unordered_map<std::int64_t, double> byId;
    for (std::size_t i = 0; i < res->sentenceIds.size(); ++i)
        byId[res->sentenceIds[i]] = std::isfinite(pin[i]) ? pin[i] : 0.0;
    Weights sum;
    for (const auto& g : groups->groups) sum[g] = 0.0;
    auto st = forEachSentence(store, groups->corpus.id, 0, [&](const Sentence& s) {
        const auto g = groups->groupOf(s);
        if (const auto it = byId.find(s.id); !g.empty() && it != byId.end()) sum[g] += it->second;
        return true;
    });
    if (!st) return std::unexpected(st.error());
    auto w = normalisedWeights(sum, "lambda_t from selection run " + std::to_string(sel->id));
    if (!w) return std::unexpected(w.error());
    TargetResult r;
    r.lambda = *w;
    r.provenance = {{"from", "selection"},
                    {"selection_run", sel->id},
                    {"by", p.groupBy},
                    {"p_in", probability ? "the run's stored probability"
                                         : "empirical CDF of the score over the pool (#{y: s(y) <= s(x)} / n)"},
                    {"formula", "lambda_t(g) proportional to the sum over x in g of P(in|x)"}};
    if (groups->run) r.provenance["cluster_run"] = groups->run->id;
    return r;
}

}  // namespace

Expected<TargetResult> computeTarget(const MixtureTargetParams& p, std::optional<std::int64_t> run, Store& store,
                                     const CancelToken& cancel) {
    if (p.from == "dev-set") return fromDevSet(p, run, store, cancel);
    if (p.from == "selection") return fromSelection(p, run, store);
    auto groups = readGroups(store, run, p.groupBy, p.corpus);
    if (!groups) return std::unexpected(groups.error());
    TargetResult r;
    r.provenance = {{"from", p.from}, {"by", p.groupBy}, {"corpus", groups->corpus.name}};
    if (groups->run) r.provenance["cluster_run"] = groups->run->id;
    if (p.from == "uniform") {
        r.lambda = uniformWeights(groups->groups);
        return r;
    }
    if (p.from != "groups") return usageError("--from must be uniform, groups, dev-set or selection.");
    auto w = weightsOn(groups->groups, splitGroupList(p.groups));
    if (!w) return std::unexpected(w.error());
    r.lambda = *w;
    return r;
}

nlohmann::json targetJson(const TargetResult& r) {
    return nlohmann::json{{"lambda_t", r.lambda}, {"provenance", r.provenance}};
}

Expected<TargetResult> runMixtureTarget(const MixtureTargetParams& p, std::optional<std::int64_t> run, Store& store,
                                        const CancelToken& cancel) {
    auto r = computeTarget(p, run, store, cancel);
    if (!r) return std::unexpected(r.error());
    if (cancel.isCancelled()) return cancelled();
    if (!p.out.empty())
        if (auto s = writeJsonFile(p.out, targetJson(*r)); !s) return std::unexpected(s.error());
    return r;
}

}  // namespace dl
