#include "select/InvitationJob.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>

#include "select/Ranking.h"
#include "store/Corpora.h"

namespace dl {

namespace {

// Relevance of every pool row: its label is the seed's domain. Empty when the pool has no
// such label (then there is no oracle and no pseudo-precision).
Expected<std::vector<char>> relevantRows(Store& store, const InvitationInput& in) {
    if (in.seedDomain.empty()) return std::vector<char>{};
    auto labels = corpusLabels(store, in.poolCorpusId);
    if (!labels) return std::unexpected(labels.error());
    const auto name = std::find(labels->domainNames.begin(), labels->domainNames.end(), in.seedDomain);
    if (name == labels->domainNames.end()) return std::vector<char>{};
    const int wanted = int(name - labels->domainNames.begin());
    std::unordered_map<std::int64_t, int> domainOf;
    for (std::size_t i = 0; i < labels->sentenceIds.size(); ++i)
        domainOf.emplace(labels->sentenceIds[i], labels->domainIndex[i]);
    std::vector<char> relevant(in.poolIds.size(), 0);
    for (std::size_t i = 0; i < in.poolIds.size(); ++i) {
        auto it = domainOf.find(in.poolIds[i]);
        relevant[i] = it != domainOf.end() && it->second == wanted;
    }
    return relevant;
}

}  // namespace

nlohmann::json invitationIterationReport(const InvitationResult& result, const std::vector<std::int64_t>& poolIds,
                                         const std::vector<char>& relevant) {
    nlohmann::json out = nlohmann::json::array();
    std::vector<std::int64_t> previousTop;
    for (const auto& it : result.iterations) {
        // Only ranked rows take part (NaN = excluded leaked seed sentences).
        std::vector<double> scores;
        std::vector<std::int64_t> ids;
        std::vector<char> rel;
        for (std::size_t i = 0; i < it.scores.size(); ++i) {
            if (std::isnan(it.scores[i])) continue;
            scores.push_back(it.scores[i]);
            ids.push_back(poolIds[i]);
            if (!relevant.empty()) rel.push_back(relevant[i]);
        }
        const auto ranking = rankByScore(scores, ids);
        nlohmann::json j = {{"iteration", it.iteration},
                            {"prior_in", it.priorIn},
                            {"log_likelihood", it.logLikelihood},
                            {"expected_in", it.expectedIn}};
        // Overlap of this iteration's top-N with the previous one's, N = the expected in-domain size.
        const auto topN = std::size_t(std::clamp<double>(std::round(it.expectedIn), 1.0, double(ranking.size())));
        std::vector<std::int64_t> top;
        for (std::size_t i = 0; i < topN && i < ranking.size(); ++i) top.push_back(ids[std::size_t(ranking[i])]);
        std::sort(top.begin(), top.end());
        if (!previousTop.empty()) {
            std::vector<std::int64_t> common;
            std::set_intersection(top.begin(), top.end(), previousTop.begin(), previousTop.end(),
                                  std::back_inserter(common));
            j["top_overlap_with_previous"] = double(common.size()) / double(std::max(top.size(), previousTop.size()));
        }
        previousTop = std::move(top);
        if (!rel.empty()) {
            const auto total = std::count(rel.begin(), rel.end(), 1);
            std::vector<std::int64_t> cutoffs;
            for (int k = 1; k <= 6; ++k) cutoffs.push_back(std::max<std::int64_t>(1, (total * k + 3) / 6));
            j["relevant"] = total;
            j["cutoffs"] = nlohmann::json::array();
            for (const auto& c : precisionAtCutoffs(ranking, rel, cutoffs)) {
                const auto t = std::llround(c.precision * double(c.cutoff));
                j["cutoffs"].push_back(
                    {{"cutoff", c.cutoff}, {"true", t}, {"false", c.cutoff - t}, {"precision", c.precision}});
            }
        }
        out.push_back(j);
    }
    return out;
}

Expected<InvitationRun> runInvitation(Store& store, const InvitationInput& in, const InvitationOptions& options,
                                      ProgressSink& progress, const CancelToken& cancel) {
    auto relevant = relevantRows(store, in);
    if (!relevant) return std::unexpected(relevant.error());
    auto result =
        invitationScores(*in.seedSrc, *in.seedTgt, *in.poolSrc, *in.poolTgt, *in.excluded, options, progress, cancel);
    if (!result) return std::unexpected(result.error());
    InvitationRun run;
    run.report = result->report;
    run.report["iterations"] = invitationIterationReport(*result, in.poolIds, *relevant);
    if (!relevant->empty()) run.report["pseudo_precision_domain"] = in.seedDomain;
    run.scores = std::move(result->scores);
    run.posterior = std::move(result->posterior);
    return run;
}

}  // namespace dl
