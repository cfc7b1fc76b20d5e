#include "share/ShareMap.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <random>
#include <system_error>
#include <unordered_map>

#include "analysis/ClusterNaming.h"
#include "common/AtomicFile.h"
#include "common/Quotas.h"
#include "runs/ClusterRunChecks.h"
#include "runs/ClusterSummary.h"
#include "runs/RunBlobs.h"
#include "share/ShareOverlays.h"
#include "share/SharePage.h"
#include "store/Corpora.h"
#include "store/Runs.h"

namespace dl {

using share_detail::addFilterOverlay;
using share_detail::addSelectionOverlay;
using share_detail::MapContext;
using share_detail::renderSharePage;
using share_detail::SharePageData;

const ParamTable<ShareParams>& shareParamTable() {
    static const ParamTable<ShareParams> table = [] {
        using X = ShareParams;
        ParamTable<X> t;
        t.field(param("out", "Output folder: index.html (one self-contained page).").shownAs("DIR").mandatory(),
                &X::outDir);
        t.field(param("sample", "Points on the map, stratified by cluster (0 = all).").atLeast(0).shownAs("N"),
                &X::sampleSize);
        t.field(param("seed", "Random seed of the sample.").between(0, 1 << 30).shownAs("S"), &X::seed);
        t.field(param("force", "Replace an existing index.html."), &X::force);
        return t;
    }();
    return table;
}

std::vector<std::int64_t> stratifiedSample(const std::vector<std::int32_t>& clusterOfPoint, int k,
                                           std::int64_t sampleSize, std::uint64_t seed) {
    const auto n = static_cast<std::int64_t>(clusterOfPoint.size());
    std::vector<std::int64_t> kept;
    if (sampleSize <= 0 || sampleSize >= n) {
        kept.resize(static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i) kept[static_cast<std::size_t>(i)] = i;
        return kept;
    }
    std::vector<std::vector<std::int64_t>> members(static_cast<std::size_t>(std::max(k, 1)) + 1);
    for (std::int64_t i = 0; i < n; ++i) {
        const int c = clusterOfPoint[static_cast<std::size_t>(i)];
        members[c >= 0 && c < k ? static_cast<std::size_t>(c) : members.size() - 1].push_back(i);
    }
    // Proportional quotas by largest remainder, then a floor of min(size, 20) per cluster.
    std::vector<double> sizes;
    sizes.reserve(members.size());
    for (const auto& m : members) sizes.push_back(double(m.size()));
    const std::vector<std::int64_t> quota = largestRemainderQuotas(sizes, sampleSize);
    std::mt19937_64 rng(seed);
    for (std::size_t c = 0; c < members.size(); ++c) {
        auto& m = members[c];
        const auto take = std::min<std::int64_t>(std::max<std::int64_t>(quota[c], std::min<std::int64_t>(20, m.size())),
                                                 static_cast<std::int64_t>(m.size()));
        std::shuffle(m.begin(), m.end(), rng);
        kept.insert(kept.end(), m.begin(), m.begin() + take);
    }
    std::sort(kept.begin(), kept.end());
    return kept;
}

namespace {

Expected<RunInfo> clusterRun(Store& store, std::int64_t runId) {
    auto run = runId > 0 ? getRun(store, runId) : latestRun(store, RunKind::Cluster);
    if (!run) return std::unexpected(run.error());
    if (run->kind != RunKind::Cluster)
        return usageError("Run " + std::to_string(run->id) + " is a " + toString(run->kind) +
                          " run; share draws the map of a cluster run.");
    return run;
}

std::string percent(const MeanStd& m) {
    char b[64];
    std::snprintf(b, sizeof b, "%.2f ± %.2f %%", 100 * m.mean, 100 * m.std);
    return b;
}

// The overlays, in the order given (plus the corpus's latest filter run when asked).
Status addOverlays(Store& store, const ShareParams& params, const MapContext& map, SharePageData& page) {
    std::vector<std::int64_t> runs = params.overlayRuns;
    if (params.latestFilter) {
        auto filters = listRuns(store, RunKind::Filter);
        if (!filters) return std::unexpected(filters.error());
        for (auto it = filters->rbegin(); it != filters->rend(); ++it)
            if (it->corpusId == map.corpusId) {
                if (std::find(runs.begin(), runs.end(), it->id) == runs.end()) runs.push_back(it->id);
                break;
            }
    }
    for (std::int64_t id : runs) {
        auto info = getRun(store, id);
        if (!info) return std::unexpected(info.error());
        Expected<bool> added = false;
        if (info->kind == RunKind::Select)
            added = addSelectionOverlay(store, *info, map, params.skipUnrelatedOverlays, page);
        else if (info->kind == RunKind::Filter)
            added = addFilterOverlay(store, *info, map, params.skipUnrelatedOverlays, page);
        else
            return usageError("Run " + std::to_string(id) + " is a " + toString(info->kind) +
                              " run; only selection and filter runs go over the map.");
        if (!added) return std::unexpected(added.error());
    }
    return {};
}

// The page's text block holds int16 labels (SharePage.h).
constexpr int kMaxLabels = 32767;

// Everything the page shows (SharePage.cpp renders it).
Expected<SharePageData> pageData(Store& store, const RunInfo& run, const ShareParams& params,
                                 const CancelToken& cancel) {
    auto summary = ClusterSummary::fromJson(run.summary, run.id);
    if (!summary) return std::unexpected(summary.error());
    auto xy = getRunArray<float>(store, run.id, blobs::kPca2d);
    auto ids = getRunArray<std::int64_t>(store, run.id, blobs::kSentenceIds);
    auto labels = getRunArray<std::int32_t>(store, run.id, blobs::kLabels);
    auto domainIndex = getRunArray<std::int32_t>(store, run.id, blobs::kDomainIndex);
    auto means = getRunArray<double>(store, run.id, blobs::kMeans2d);
    auto covs = getRunArray<double>(store, run.id, blobs::kCovs2d);
    if (!xy) return std::unexpected(xy.error());
    if (!ids) return std::unexpected(ids.error());
    if (!labels) return std::unexpected(labels.error());
    if (!means) return std::unexpected(means.error());
    if (!covs) return std::unexpected(covs.error());
    const std::vector<std::int32_t> noDomains;
    const std::vector<std::int32_t>& domains = domainIndex ? *domainIndex : noDomains;
    const std::size_t n = ids->size();
    const int k = summary->k;
    if (xy->size() != 2 * n || labels->size() != n || (!domains.empty() && domains.size() != n) || k <= 0 ||
        k > kMaxLabels || summary->domains.size() > std::size_t(kMaxLabels) || means->size() != 2 * std::size_t(k) ||
        covs->size() != 4 * std::size_t(k))
        return storedDataInvalid(run.id, "pca2d/labels/means2d", "arrays do not agree in size");
    if (auto ok = checkMapCoordinates(*xy, *ids, run.id); !ok) return std::unexpected(ok.error());
    const auto kept = stratifiedSample(*labels, k, params.sampleSize, static_cast<std::uint64_t>(params.seed));
    std::vector<std::int64_t> keptIds;
    keptIds.reserve(kept.size());
    for (auto i : kept) keptIds.push_back((*ids)[static_cast<std::size_t>(i)]);
    if (cancel.isCancelled()) return cancelled();
    auto sentences = sentencesById(store, keptIds);
    if (!sentences) return std::unexpected(sentences.error());
    std::unordered_map<std::int64_t, const Sentence*> byId;
    for (const auto& s : *sentences) byId[s.id] = &s;

    SharePageData page;
    page.meta = {{"layers", nlohmann::json::array()},
                 {"selections", nlohmann::json::array()},
                 {"filters", nlohmann::json::array()}};
    for (auto* column : {&page.x, &page.y}) column->reserve(kept.size());
    page.cluster.reserve(kept.size());
    page.domain.reserve(kept.size());
    page.texts.reserve(kept.size());
    for (auto i : kept) {
        const auto u = static_cast<std::size_t>(i);
        page.x.push_back((*xy)[2 * u]);
        page.y.push_back((*xy)[2 * u + 1]);
        const int c = (*labels)[u], d = domains.empty() ? -1 : domains[u];
        page.cluster.push_back(static_cast<std::int16_t>(c >= 0 && c < k ? c : -1));
        page.domain.push_back(static_cast<std::int16_t>(d >= 0 && std::size_t(d) < summary->domains.size() ? d : -1));
        auto it = byId.find((*ids)[u]);
        page.texts.push_back(it == byId.end() ? std::string() : it->second->src);
    }
    const MapContext map{run.id, run.corpusId, &*ids, &domains, &summary->domains, &kept};
    if (auto s = addOverlays(store, params, map, page); !s) return std::unexpected(s.error());
    auto names = readClusterNames(store, run.id);
    nlohmann::json clusters = nlohmann::json::array(), ellipses = nlohmann::json::array();
    for (int c = 0; c < k; ++c) {
        const std::string label = names ? names->label(c) : std::string();
        clusters.push_back("c" + std::to_string(c) + (label.empty() ? "" : " " + label));
        const auto u = static_cast<std::size_t>(c);
        ellipses.push_back({{"mean", {(*means)[2 * u], (*means)[2 * u + 1]}},
                            {"cov", {(*covs)[4 * u], (*covs)[4 * u + 1], (*covs)[4 * u + 2], (*covs)[4 * u + 3]}}});
    }
    const std::string model =
        summary->embeddingSet.is_object() ? summary->embeddingSet.value("model", std::string("?")) : std::string("?");
    page.meta.update(nlohmann::json{
        {"title", "Run #" + std::to_string(run.id) + ": k = " + std::to_string(k) + ", corpus " + summary->corpus},
        {"provenance", "DomainLens cluster run #" + std::to_string(run.id) + " of " + run.created + "; model " + model +
                           "; " + summary->representation + "; PCA " + std::to_string(summary->pca.dims) + ", " +
                           summary->covariance + " covariance; " + std::to_string(summary->sentences) + " sentences."},
        {"metrics", summary->labelled ? "Purity " + percent(summary->purity) + " over " +
                                            std::to_string(summary->perSeed.size()) + " seeds"
                                      : std::string("No domain labels: no purity.")},
        {"total", n},
        {"sampleRule", "a sample stratified by cluster, seed " + std::to_string(params.seed)},
        {"domains", summary->domains},
        {"clusters", clusters},
        {"ellipses", ellipses},
        {"confusion", summary->confusion}});
    return page;
}

}  // namespace

Expected<ShareSummary> writeShareMap(Store& store, const ShareParams& params, const CancelToken& cancel) {
    if (params.outDir.empty()) return usageError("--out is required.");
    const std::filesystem::path dir(params.outDir);
    const std::string path = (dir / "index.html").string();
    std::error_code ec;
    if (!params.force && std::filesystem::exists(path, ec))
        return fail(ErrorCode::FileExists, {path}, path + " exists; use --force to replace it.");
    auto run = clusterRun(store, params.runId);
    if (!run) return std::unexpected(run.error());
    auto data = pageData(store, *run, params, cancel);
    if (!data) return std::unexpected(data.error());
    std::filesystem::create_directories(dir, ec);
    if (ec) return fail("Cannot create the folder " + dir.string() + ": " + ec.message() + ".");
    const std::string page = renderSharePage(*data);
    auto file = AtomicFile::create(path, false);
    if (!file) return std::unexpected(file.error());
    if (auto s = (*file)->write(page); !s) return std::unexpected(s.error());
    if (auto s = (*file)->finish(); !s) return std::unexpected(s.error());
    if (auto s = (*file)->commit(); !s) return std::unexpected(s.error());
    return ShareSummary{run->id, static_cast<std::int64_t>(data->x.size()), data->meta["total"].get<std::int64_t>(),
                        path, static_cast<std::int64_t>(page.size())};
}

}  // namespace dl
