#include "runs/MergeSummary.h"

#include "runs/SummaryJson.h"

#include <cstdint>

namespace dl {

using json = nlohmann::json;
using summary_json::read;

json MergeSummary::toJson() const {
    json j = {{"job", job}, {"corpus", corpus}, {"shards", shards}, {"rows", rows}};
    if (embeddingSet) j["embedding_set"] = *embeddingSet;
    if (vectorsAdded) j["vectors_added"] = *vectorsAdded;
    if (pcaStatistics)
        j["pca_statistics"] = {
            {"count", pcaStatistics->count}, {"dim", pcaStatistics->dim}, {"blobs", pcaStatistics->blobs}};
    if (run) j["run"] = *run;
    return j;
}

Expected<MergeSummary> MergeSummary::fromJson(const json& j, std::int64_t runId) {
    return summary_json::readSummary<MergeSummary>(j, runId, [&](MergeSummary& s) {
        read(j, "job", s.job);
        read(j, "corpus", s.corpus);
        if (auto it = j.find("embedding_set"); it != j.end()) s.embeddingSet = it->get<std::int64_t>();
        if (auto it = j.find("vectors_added"); it != j.end()) s.vectorsAdded = it->get<std::int64_t>();
        if (auto it = j.find("pca_statistics"); it != j.end() && it->contains("count") && it->contains("dim")) {
            MergePcaStatistics st;
            read(*it, "count", st.count);
            read(*it, "dim", st.dim);
            read(*it, "blobs", st.blobs);
            s.pcaStatistics = st;
        }
        read(j, "shards", s.shards);
        read(j, "rows", s.rows);
        if (auto it = j.find("run"); it != j.end()) s.run = it->get<std::int64_t>();
    });
}

}  // namespace dl
