#pragma once
// Representation choices applied to sentence vectors before clustering (issue 10): mean of
// several layers, L2 normalisation, per-dimension standardisation and PCA whitening.
// Order (fixed, recorded with the run): layer mean -> L2 -> standardise -> PCA (-> whiten).
// The math works on host row-major float matrices (N x dim) in place, accumulating in
// double; whitening scales the PCA projection. References: sklearn.preprocessing.normalize,
// StandardScaler (population std, constant columns only centred) and PCA(whiten=True)
// (divide by sqrt(explained_variance_), sample variance n-1).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/Pca.h"
#include "common/Error.h"
#include "jobs/ParamTable.h"

namespace dl {

struct RepresentationParams {
    // Hidden-state indices whose embedding sets (same model, pooling, side, normalisation as
    // the chosen set) are averaged. Empty = the chosen set alone (its own layer).
    std::vector<int> layers;
    bool l2 = false;
    bool standardize = false;
    bool whiten = false;  // needs PCA (pca >= 2)
    nlohmann::json toJson() const;  // representationParamTable().toJson
    // Reads the object written by toJson(); missing fields keep their defaults.
    static Expected<RepresentationParams> fromJson(const nlohmann::json& j);
    // "layers 8+10, l2, standardised, whitened" / "as encoded"
    std::string describe() const;
};

// --layers, --l2, --standardize, --whiten declared once (analysis/ClusterParamsTable.cpp);
// cluster's table nests them under "representation".
const ParamTable<RepresentationParams>& representationParamTable();

// Parses "8,10" / "8+10" / "8,last" into hidden-state indices (>= 0; "last" = -1, as encode
// stores the last layer), no duplicates.
Expected<std::vector<int>> parseLayerList(std::string_view text);

// Each row divided by its Euclidean norm (zero rows stay zero).
void l2NormalizeRows(std::span<float> data, std::int64_t rows, int dim);

struct Standardization {
    std::vector<double> mean;   // dim
    std::vector<double> scale;  // population std; 1 for constant columns (as StandardScaler)
};
// Fits and applies per-dimension standardisation in place; returns the statistics.
Standardization standardizeColumns(std::span<float> data, std::int64_t rows, int dim);

// PCA whitening of a projection made with `model`: column j divided by
// sqrt(model.explainedVariance[j]) (components with zero variance are left as they are).
Expected<DataMatrix> whitenProjection(const PcaModel& model, const DataMatrix& projected);
// ReduceParams::fittedPca checked against the data (dim) and the components asked for.
Expected<PcaModel> fittedPcaFor(const PcaModel& pca, int dim, int components);

// The data a GMM sees: post-processed embeddings, PCA-reduced (and whitened) when pcaDims >= 2.
struct ReducedData {
    DataMatrix x;  // in `precision`
    PcaModel pca;  // components = 0 when no PCA
    Standardization standardization;  // empty vectors when not standardised
};
struct ReduceParams {
    int pcaDims = 50;
    std::int64_t pcaMaxFitRows = 200000;
    // Products of the covariance pass (PcaPrecision); empty = Float64 for an all-rows fit (as
    // distributedPca under MPI), Float32 for a sample.
    std::optional<PcaPrecision> pcaPrecision;
    std::uint64_t seed = 0;  // PCA fit sample
    Precision precision = Precision::Float64;
    bool cuda = false;
    // A PCA fitted already (cluster --pca-from-merge: from the merged per-shard statistics),
    // used instead of a fit; its input dimension and components must match.
    std::optional<PcaModel> fittedPca;
};
// Applies L2 / standardisation to `data` IN PLACE (the caller's matrix is consumed), then PCA
// and whitening. Fails on non-finite values and on whitening without PCA.
Expected<ReducedData> reduceForClustering(std::span<float> data, std::int64_t rows, int dim,
                                          const RepresentationParams& rep, const ReduceParams& params,
                                          const CancelToken& cancel);

}  // namespace dl
