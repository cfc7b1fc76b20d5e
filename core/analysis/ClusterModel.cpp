#include "analysis/ClusterModel.h"

#include <cstdint>
#include <cstring>

#include "analysis/Pca.h"
#include "runs/RunBlobs.h"
#include "store/Store.h"

namespace dl {

namespace {

using json = nlohmann::json;
constexpr int kModelVersion = 1;

Status putDoubles(Store& store, std::int64_t runId, std::string_view blob, const std::vector<double>& v) {
    if (v.empty()) return {};  // the store binds an empty blob as NULL
    return putRunArray(store, runId, blob, std::span<const double>(v));
}

Expected<std::vector<double>> getDoubles(Store& store, std::int64_t runId, std::string_view blob,
                                         std::size_t expected) {
    if (expected == 0) return std::vector<double>{};
    auto v = getRunArray<double>(store, runId, blob);
    if (!v) return std::unexpected(v.error());
    const std::string part(blob.substr(blob.find('.') + 1));  // "model.pca_axes" -> "pca_axes"
    if (v->size() != expected)
        return fail("Run " + std::to_string(runId) + ": its stored model part '" + part + "' has " +
                    std::to_string(v->size()) + " values, expected " + std::to_string(expected) + ".");
    return v;
}

std::size_t covarianceSize(CovarianceType type, int k, int d) {
    switch (type) {
    case CovarianceType::Full: return std::size_t(k) * d * d;
    case CovarianceType::Tied: return std::size_t(d) * d;
    case CovarianceType::Diag: return std::size_t(k) * d;
    case CovarianceType::Spherical: return std::size_t(k);
    }
    return 0;
}

}  // namespace

Status storeClusterModel(Store& store, std::int64_t runId, const ClusterModel& m) {
    const json meta = {
        {"format_version", kModelVersion},
        {"embedding_set", m.embeddingSet},
        {"layer_sets", m.layerSets},
        {"representation", m.representation.toJson()},
        {"standardize_dim", m.standardization.mean.size()},
        {"pca",
         {{"input_dim", m.pca.inputDim},
          {"components", m.pca.components},
          {"fit_rows", m.pca.fitRows},
          {"precision", pcaPrecisionName(m.pca.precision)}}},
        {"precision", m.precision == Precision::Float64 ? "float64" : "float32"},
        {"gmm", {{"k", m.gmm.k}, {"dim", m.gmm.dim}, {"covariance", covarianceTypeName(m.gmm.covariance)}}}};
    if (auto s = putRunJson(store, runId, blobs::kModelJson, meta); !s) return s;
    for (const auto& [name, values] :
         {std::pair<std::string_view, const std::vector<double>*>{blobs::kModelStdMean, &m.standardization.mean},
          {blobs::kModelStdScale, &m.standardization.scale},
          {blobs::kModelPcaMean, &m.pca.mean},
          {blobs::kModelPcaAxes, &m.pca.axes},
          {blobs::kModelPcaVariance, &m.pca.explainedVariance},
          {blobs::kModelPcaVarianceRatio, &m.pca.explainedVarianceRatio},
          {blobs::kModelGmmWeights, &m.gmm.weights},
          {blobs::kModelGmmMeans, &m.gmm.means},
          {blobs::kModelGmmCovariances, &m.gmm.covariances}})
        if (auto s = putDoubles(store, runId, name, *values); !s) return s;
    return {};
}

Expected<ClusterModel> loadClusterModel(Store& store, const RunInfo& run) {
    if (auto ok = requireClusterRun(run); !ok) return std::unexpected(ok.error());
    const std::string id = std::to_string(run.id);
    auto stored = getRunJson(store, run.id, blobs::kModelJson);
    if (!stored)
        return fail(ErrorCode::ClusterModelMissing, {id},
                    "Cluster run " + id +
                        " has no stored model (it was made before models were stored with runs); "
                        "run `cluster` again to get one that `assign` can apply.");
    const json& meta = *stored;
    if (meta.value("format_version", 0) > kModelVersion)
        return fail(ErrorCode::ClusterModelTooNew, {id},
                    "Cluster run " + id + " stores a model written by a newer DomainLens.");
    ClusterModel m;
    try {
        m.embeddingSet = meta.at("embedding_set").get<std::int64_t>();
        m.layerSets = meta.at("layer_sets").get<std::vector<std::int64_t>>();
        auto rep = RepresentationParams::fromJson(meta.at("representation"));
        if (!rep) return std::unexpected(rep.error());
        m.representation = *rep;
        const auto stdDim = meta.at("standardize_dim").get<std::size_t>();
        const auto& pca = meta.at("pca");
        m.pca.inputDim = pca.at("input_dim").get<int>();
        m.pca.components = pca.at("components").get<int>();
        m.pca.fitRows = pca.at("fit_rows").get<std::int64_t>();
        // models stored before the key were fitted with float32 (or float64) products: float32 projection
        if (pca.contains("precision") && !parsePcaPrecision(pca.at("precision").get<std::string>(), m.pca.precision))
            return fail(ErrorCode::StoredDataInvalid, {id, std::string(blobs::kModelJson)},
                        "Cluster run " + id + ": unknown PCA precision in its stored model.");
        m.precision = meta.at("precision").get<std::string>() == "float32" ? Precision::Float32 : Precision::Float64;
        const auto& g = meta.at("gmm");
        m.gmm.k = g.at("k").get<int>();
        m.gmm.dim = g.at("dim").get<int>();
        auto cov = parseCovarianceType(g.at("covariance").get<std::string>());
        if (!cov)
            return fail(ErrorCode::StoredDataInvalid, {id, std::string(blobs::kModelJson)},
                        "Cluster run " + id + ": unknown covariance type in its stored model.");
        m.gmm.covariance = *cov;
        const auto c = std::size_t(m.pca.components), in = std::size_t(m.pca.inputDim);
        const auto k = std::size_t(m.gmm.k), d = std::size_t(m.gmm.dim);
        for (auto [name, target, size] : {std::tuple{blobs::kModelStdMean, &m.standardization.mean, stdDim},
                                          {blobs::kModelStdScale, &m.standardization.scale, stdDim},
                                          {blobs::kModelPcaMean, &m.pca.mean, c ? in : 0},
                                          {blobs::kModelPcaAxes, &m.pca.axes, c * in},
                                          {blobs::kModelPcaVariance, &m.pca.explainedVariance, c},
                                          {blobs::kModelPcaVarianceRatio, &m.pca.explainedVarianceRatio, c},
                                          {blobs::kModelGmmWeights, &m.gmm.weights, k},
                                          {blobs::kModelGmmMeans, &m.gmm.means, k * d},
                                          {blobs::kModelGmmCovariances, &m.gmm.covariances,
                                           covarianceSize(m.gmm.covariance, m.gmm.k, m.gmm.dim)}}) {
            auto v = getDoubles(store, run.id, name, size);
            if (!v) return std::unexpected(v.error());
            *target = std::move(*v);
        }
    } catch (const json::exception& e) {
        return fail(ErrorCode::StoredDataInvalid, {id, std::string(blobs::kModelJson)},
                    "Cluster run " + id + ": its stored model description is damaged (" + e.what() + ").");
    }
    return m;
}

namespace {

// The data the run's GMM saw for `rows`: the same steps in the same order and precision as
// reduceForClustering, with the fitted statistics instead of newly fitted ones.
Expected<DataMatrix> reduceLikeRun(const ClusterModel& m, std::span<float> rows, std::int64_t rowCount, int dim,
                                   const CancelToken& cancel) {
    if (m.representation.l2) l2NormalizeRows(rows, rowCount, dim);
    if (m.representation.standardize) {
        if (m.standardization.mean.size() != std::size_t(dim))
            return fail("The stored standardisation does not match the vectors.");
        for (std::int64_t i = 0; i < rowCount; ++i)
            for (int a = 0; a < dim; ++a) {
                float& v = rows[std::size_t(i * dim + a)];
                v = float((v - m.standardization.mean[std::size_t(a)]) / m.standardization.scale[std::size_t(a)]);
            }
    }
    const bool pca = m.pca.components >= 2;
    auto raw = DataMatrix::fromFloat(rows, rowCount, dim, pca ? Precision::Float32 : m.precision, false);
    if (!raw) return std::unexpected(raw.error());
    if (!raw->allFinite()) return fail("The embeddings contain NaN or infinite values; re-encode the corpus.");
    if (!pca) return *raw;
    auto proj = projectPca(m.pca, *raw, cancel);
    if (!proj) return std::unexpected(proj.error());
    if (m.representation.whiten) {
        auto w = whitenProjection(m.pca, *proj);
        if (!w) return std::unexpected(w.error());
        proj = std::move(*w);
    }
    return proj->to(m.precision);
}

}  // namespace

Expected<GmmAssignment> applyClusterModel(const ClusterModel& m, std::span<float> rows, std::int64_t rowCount, int dim,
                                          const CancelToken& cancel, std::vector<float>* map2d) {
    auto x = reduceLikeRun(m, rows, rowCount, dim, cancel);
    if (!x) return std::unexpected(x.error());
    if (map2d && m.pca.components >= 2) *map2d = x->columnsToFloat(2);
    return applyGmm(m.gmm, *x, cancel);
}

Expected<std::vector<float>> projectToMap(const ClusterModel& m, std::span<float> rows, std::int64_t rowCount, int dim,
                                          const CancelToken& cancel) {
    if (m.pca.components < 2)
        return fail(
            "The run clustered without PCA: its map axes are not stored, so a new sentence cannot be placed on it.");
    auto x = reduceLikeRun(m, rows, rowCount, dim, cancel);
    if (!x) return std::unexpected(x.error());
    return x->columnsToFloat(2);
}

}  // namespace dl
