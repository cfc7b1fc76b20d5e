#include "mixture/MixtureGroups.h"

#include "store/Store.h"

#include <cstdint>

namespace dl {

std::string clusterGroup(int cluster) { return "c" + std::to_string(cluster); }

std::string GroupedCorpus::groupOf(const Sentence& s) const {
    if (!byCluster) return s.domain;
    const auto it = cluster.find(s.id);
    return it == cluster.end() || it->second < 0 ? std::string() : clusterGroup(it->second);
}

Expected<GroupedCorpus> readGroups(Store& store, std::optional<std::int64_t> run, const std::string& by,
                                   const std::string& corpus) {
    if (by != "domain" && by != "cluster") return usageError("--by must be domain or cluster.");
    GroupedCorpus g;
    g.byCluster = by == "cluster";
    if (g.byCluster || run) {
        auto r = run ? getRun(store, *run) : latestRun(store, RunKind::Cluster);
        if (!r) return std::unexpected(r.error());
        if (g.byCluster && r->kind != RunKind::Cluster)
            return usageError("Run " + std::to_string(r->id) + " is a " + toString(r->kind) +
                              " run; --by cluster needs a cluster run.");
        g.run = *r;
    }
    if (g.run) {
        auto all = listCorpora(store);
        if (!all) return std::unexpected(all.error());
        for (const auto& c : *all)
            if (c.id == g.run->corpusId) g.corpus = c;
        if (!corpus.empty() && corpus != g.corpus.name)
            return usageError("Run " + std::to_string(g.run->id) + " is over corpus '" + g.corpus.name + "', not '" +
                              corpus + "'.");
    } else {
        auto c = resolveCorpus(store, corpus);
        if (!c) return std::unexpected(c.error());
        g.corpus = *c;
    }
    if (g.byCluster) {
        auto res = readRunResults(store, g.run->id);
        if (!res) return std::unexpected(res.error());
        for (std::size_t i = 0; i < res->sentenceIds.size(); ++i) g.cluster[res->sentenceIds[i]] = res->label[i];
    }
    auto st = forEachSentence(store, g.corpus.id, 0, [&](const Sentence& s) {
        const auto name = g.groupOf(s);
        if (name.empty()) ++g.ungrouped;
        else ++g.sizes[name];
        return true;
    });
    if (!st) return std::unexpected(st.error());
    for (const auto& [name, n] : g.sizes) g.groups.push_back(name);
    if (g.groups.empty()) return usageError("Corpus '" + g.corpus.name + "' has no labelled sentences to group.");
    return g;
}

}  // namespace dl
