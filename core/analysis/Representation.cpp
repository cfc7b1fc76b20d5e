#include "analysis/Representation.h"

#include "analysis/DistributedReduce.h"
#include "analysis/Pca.h"
#include "analysis/StatsReducer.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>

namespace dl {

nlohmann::json RepresentationParams::toJson() const { return representationParamTable().toJson(*this); }

Expected<RepresentationParams> RepresentationParams::fromJson(const nlohmann::json& j) {
    if (j.is_null()) return RepresentationParams{};
    if (!j.is_object()) return fail("representation: expected a JSON object.");
    auto r = representationParamTable().fromJson(j);
    if (!r) return fail("representation: " + r.error().message);
    return r;
}

std::string RepresentationParams::describe() const {
    std::string s;
    if (!layers.empty()) {
        s = layers.size() == 1 ? "layer " : "mean of layers ";
        for (std::size_t i = 0; i < layers.size(); ++i)
            s += (i ? "+" : "") + (layers[i] < 0 ? std::string("last") : std::to_string(layers[i]));
    } else {
        s = "layer as encoded";
    }
    if (l2) s += ", L2-normalised";
    if (standardize) s += ", standardised per dimension";
    if (whiten) s += ", PCA-whitened";
    return s;
}

void l2NormalizeRows(std::span<float> data, std::int64_t rows, int dim) {
    for (std::int64_t i = 0; i < rows; ++i) {
        float* r = data.data() + i * dim;
        double ss = 0;
        for (int a = 0; a < dim; ++a) ss += double(r[a]) * r[a];
        if (ss <= 0) continue;
        const double inv = 1.0 / std::sqrt(ss);
        for (int a = 0; a < dim; ++a) r[a] = float(r[a] * inv);
    }
}

Standardization standardizeColumns(std::span<float> data, std::int64_t rows, int dim) {
    Standardization st;
    st.mean.assign(std::size_t(dim), 0.0);
    st.scale.assign(std::size_t(dim), 1.0);
    if (rows <= 0) return st;
    for (std::int64_t i = 0; i < rows; ++i)
        for (int a = 0; a < dim; ++a) st.mean[std::size_t(a)] += data[std::size_t(i * dim + a)];
    for (auto& m : st.mean) m /= double(rows);
    std::vector<double> var(std::size_t(dim), 0.0);
    for (std::int64_t i = 0; i < rows; ++i)
        for (int a = 0; a < dim; ++a) {
            const double c = data[std::size_t(i * dim + a)] - st.mean[std::size_t(a)];
            var[std::size_t(a)] += c * c;
        }
    for (int a = 0; a < dim; ++a) {
        const double sd = std::sqrt(var[std::size_t(a)] / double(rows));
        // StandardScaler treats near-constant columns (std ~ 0 up to rounding) as scale 1.
        st.scale[std::size_t(a)] =
            sd > 10 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(st.mean[std::size_t(a)])) ? sd
                                                                                                                : 1.0;
    }
    for (std::int64_t i = 0; i < rows; ++i)
        for (int a = 0; a < dim; ++a) {
            float& v = data[std::size_t(i * dim + a)];
            v = float((v - st.mean[std::size_t(a)]) / st.scale[std::size_t(a)]);
        }
    return st;
}

Expected<DataMatrix> whitenProjection(const PcaModel& model, const DataMatrix& projected) {
    const int c = projected.cols();
    if (c != model.components || static_cast<int>(model.explainedVariance.size()) != c)
        return fail("PCA whitening: the projection has " + std::to_string(c) + " columns but the model " +
                    std::to_string(model.components) + " components.");
    std::vector<double> x = projected.toDouble();
    std::vector<double> inv(std::size_t(c), 1.0);
    for (int j = 0; j < c; ++j)
        if (model.explainedVariance[std::size_t(j)] > 0)
            inv[std::size_t(j)] = 1.0 / std::sqrt(model.explainedVariance[std::size_t(j)]);
    const std::int64_t n = projected.rows();
    for (std::int64_t i = 0; i < n; ++i)
        for (int j = 0; j < c; ++j) x[std::size_t(i * c + j)] *= inv[std::size_t(j)];
    return DataMatrix::fromDouble(x, n, c, projected.precision(), projected.onCuda());
}

Expected<PcaModel> fittedPcaFor(const PcaModel& pca, int dim, int components) {
    if (pca.inputDim != dim || pca.components != components)
        return fail("The given PCA maps " + std::to_string(pca.inputDim) + " to " + std::to_string(pca.components) +
                    " dimensions; the data have " + std::to_string(dim) + " and " + std::to_string(components) +
                    " were asked for.");
    return pca;
}

Expected<ReducedData> reduceForClustering(std::span<float> data, std::int64_t rows, int dim,
                                          const RepresentationParams& rep, const ReduceParams& params,
                                          const CancelToken& cancel) {
    if (rep.whiten && params.pcaDims < 2) return usageError("PCA whitening needs --pca N with N >= 2.");
    ReducedData out;
    if (rep.l2) l2NormalizeRows(data, rows, dim);
    if (rep.standardize) out.standardization = standardizeColumns(data, rows, dim);
    if (cancel.isCancelled()) return cancelled();
    // PCA runs in float32 on the raw vectors (float64 accumulation inside); the GMM then
    // works in the requested precision.
    const Precision rawPrecision = params.pcaDims >= 2 ? Precision::Float32 : params.precision;
    auto raw = DataMatrix::fromFloat(data, rows, dim, rawPrecision, params.cuda);
    if (!raw) return std::unexpected(raw.error());
    if (!raw->allFinite()) return fail("The embeddings contain NaN or infinite values; re-encode the corpus.");
    if (params.pcaDims < 2) {
        out.x = std::move(*raw);
        return out;
    }
    PcaParams pp;
    pp.components = params.pcaDims;
    pp.maxFitRows = params.pcaMaxFitRows;
    pp.seed = params.seed;
    // Fitted on all rows: by default from the float64 centred moments, the computation `cluster
    // --mpi` sums over its ranks (one process = the LocalReducer), so both fits agree to the
    // order of float64 additions (1e-15) rather than to the float32 Gram's 1e-8; the float32
    // Gram (twice the rate) is the default of the sampled fit, which --mpi does not offer.
    LocalReducer local;
    const bool allRows = params.pcaMaxFitRows <= 0 || rows <= params.pcaMaxFitRows;
    pp.precision = params.pcaPrecision.value_or(allRows ? PcaPrecision::Float64 : PcaPrecision::Float32);
    auto model = params.fittedPca ? fittedPcaFor(*params.fittedPca, dim, params.pcaDims)
                 : allRows        ? distributedPca(data, rows, dim, params.pcaDims, local, pp.precision, &cancel)
                                  : fitPca(*raw, pp, cancel);
    if (!model) return std::unexpected(model.error());
    auto proj = projectPca(*model, *raw, cancel);
    if (!proj) return std::unexpected(proj.error());
    if (rep.whiten) {
        auto w = whitenProjection(*model, *proj);
        if (!w) return std::unexpected(w.error());
        proj = std::move(*w);
    }
    out.pca = std::move(*model);
    out.x = proj->to(params.precision);
    return out;
}

}  // namespace dl
