#include "filter/LangIdFilter.h"

#include <algorithm>
#include <cstdint>
#include <map>

#include "common/Parallel.h"
#include "filter/LanguageId.h"

namespace dl {
namespace {

constexpr int kProbabilityHistogramBins = 20;
constexpr std::size_t kTopGuesses = 8;
constexpr std::int64_t kDetectBlock = 512;

nlohmann::json sideDetails(const std::vector<float>& prob, const std::vector<std::string>& best,
                           const std::string& expected, double minProb) {
    std::vector<std::int64_t> bins(kProbabilityHistogramBins, 0);
    for (float p : prob)
        ++bins[std::size_t(std::clamp(int(p * kProbabilityHistogramBins), 0, kProbabilityHistogramBins - 1))];
    std::map<std::string, std::int64_t> counts;
    for (const auto& b : best) ++counts[b.empty() ? "(empty)" : b];
    std::vector<std::pair<std::string, std::int64_t>> sorted(counts.begin(), counts.end());
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    nlohmann::json guesses = nlohmann::json::object();
    for (std::size_t i = 0; i < sorted.size() && i < kTopGuesses; ++i) guesses[sorted[i].first] = sorted[i].second;
    return {{"expected", expected}, {"min_prob", minProb}, {"histogram", bins}, {"best_guesses", guesses}};
}

}  // namespace

Expected<LangIdResult> identifyLanguages(std::span<const DedupText> texts, const LanguageIdentifier& identifier,
                                         const LangIdOptions& o, const CancelToken& cancel) {
    const auto n = static_cast<std::int64_t>(texts.size());
    const bool pairs = std::any_of(texts.begin(), texts.end(), [](const DedupText& t) { return !t.tgt.empty(); });
    if (!identifier.knows(o.srcLang))
        return usageError("The language identifier does not know the source language \"" + o.srcLang +
                          "\" (--lang-src; it knows ISO 639 codes such as en, de, fr).");
    if (pairs && o.sides != SidesRule::Src && !identifier.knows(o.tgtLang))
        return usageError("The language identifier does not know the target language \"" + o.tgtLang +
                          "\" (--lang-tgt; it knows ISO 639 codes such as en, de, fr).");
    const bool checkTgt = pairs && o.sides != SidesRule::Src;
    LangIdResult out;
    out.srcProb.assign(std::size_t(n), 0.0f);
    if (checkTgt) out.tgtProb.assign(std::size_t(n), 0.0f);
    std::vector<std::string> srcBest(static_cast<std::size_t>(n));
    std::vector<std::string> tgtBest(checkTgt ? static_cast<std::size_t>(n) : 0);
    const std::int64_t blocks = (n + kDetectBlock - 1) / kDetectBlock;
    auto status = parallelBlocks(blocks, o.threads, &cancel, [&](std::int64_t block, int) {
        for (std::int64_t i = block * kDetectBlock; i < std::min(n, (block + 1) * kDetectBlock); ++i) {
            const auto u = std::size_t(i);
            auto g = identifier.identify(texts[u].src, o.srcLang);
            out.srcProb[u] = g.expectedProb;
            srcBest[u] = std::move(g.best);
            if (!checkTgt) continue;
            g = identifier.identify(texts[u].tgt, o.tgtLang);
            out.tgtProb[u] = g.expectedProb;
            tgtBest[u] = std::move(g.best);
        }
    });
    if (!status) return std::unexpected(status.error());
    if (cancel.isCancelled()) return cancelled();
    for (std::int64_t i = 0; i < n; ++i) {
        const auto u = std::size_t(i);
        const bool srcFails = out.srcProb[u] < o.minProb;
        const bool tgtFails = checkTgt && out.tgtProb[u] < o.minProb;
        out.srcFailed += srcFails ? 1 : 0;
        out.tgtFailed += tgtFails ? 1 : 0;
        const bool remove = o.sides == SidesRule::Either && checkTgt ? (srcFails && tgtFails) : (srcFails || tgtFails);
        if (remove) out.removed.push_back({i, srcFails ? 0 : 1, srcFails ? out.srcProb[u] : out.tgtProb[u]});
    }
    out.details = {{"src", sideDetails(out.srcProb, srcBest, o.srcLang, o.minProb)}};
    if (checkTgt) out.details["tgt"] = sideDetails(out.tgtProb, tgtBest, o.tgtLang, o.minProb);
    return out;
}

}  // namespace dl
