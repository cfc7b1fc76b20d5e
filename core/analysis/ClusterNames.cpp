// The names and parsers of the clustering options (covariance type, EM initialisation, PCA
// precision, layer lists) and the mixture a model clusters best with: what the parameter tables
// (ClusterParamsTable.cpp) need, kept apart from the numeric code (Gmm.cpp, DataMatrix.cpp,
// ClusterJob.cpp) so that the tables, and core/select/RunParams built on them, link without
// Eigen or libtorch (the sanitizer and fuzz builds, tests/fuzz/SanitizeSuites.cmake).
#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/ClusterJob.h"
#include "analysis/Gmm.h"
#include "analysis/Pca.h"
#include "analysis/Representation.h"

namespace dl {

std::optional<CovarianceType> parseCovarianceType(std::string_view name) {
    if (name == "full") return CovarianceType::Full;
    if (name == "diag") return CovarianceType::Diag;
    if (name == "spherical") return CovarianceType::Spherical;
    if (name == "tied") return CovarianceType::Tied;
    return std::nullopt;
}
std::string covarianceTypeName(CovarianceType type) {
    switch (type) {
    case CovarianceType::Full: return "full";
    case CovarianceType::Diag: return "diag";
    case CovarianceType::Spherical: return "spherical";
    case CovarianceType::Tied: return "tied";
    }
    return "full";
}
std::optional<GmmInit> parseGmmInit(std::string_view name) {
    if (name == "kmeans") return GmmInit::KMeans;
    if (name == "random") return GmmInit::Random;
    return std::nullopt;
}
std::string gmmInitName(GmmInit init) { return init == GmmInit::KMeans ? "kmeans" : "random"; }

const char* pcaPrecisionName(PcaPrecision precision) {
    switch (precision) {
    case PcaPrecision::Float64: return "fp64";
    case PcaPrecision::BFloat16: return "bf16";
    case PcaPrecision::Float32: break;
    }
    return "fp32";
}

bool parsePcaPrecision(const std::string& name, PcaPrecision& out) {
    for (PcaPrecision p : {PcaPrecision::Float64, PcaPrecision::Float32, PcaPrecision::BFloat16})
        if (name == pcaPrecisionName(p)) {
            out = p;
            return true;
        }
    return false;
}

const std::vector<std::string>& modelsWithOwnMixture() {
    static const std::vector<std::string> models{"multilingual-e5-small"};
    return models;
}

void useModelMixture(ClusterParams& params, const std::string& modelName) {
    const auto& a = params.mixtureAuto;
    if (modelName == "multilingual-e5-small") {
        if (a.covariance) params.covariance = CovarianceType::Full;
        if (a.regCovar) params.regCovar = 1e-2;
        if (a.nInit) params.nInit = 20;
    }
}

Expected<std::vector<int>> parseLayerList(std::string_view text) {
    std::vector<int> out;
    std::set<int> seen;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t end = std::min(text.find_first_of(",+", pos), text.size());
        std::string_view item = text.substr(pos, end - pos);
        while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
        while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
        int v = 0;
        bool ok = !item.empty() && item.size() < 6;
        for (char c : item) ok = ok && c >= '0' && c <= '9';
        if (ok)
            for (char c : item) v = v * 10 + (c - '0');
        if (item == "last") ok = true, v = -1;  // encode stores the last layer as -1
        if (!ok)
            return usageError("Layer list '" + std::string(text) + "': '" + std::string(item) +
                              "' is not a layer number (0 = embeddings, 1..L = transformer layers, or last).");
        if (!seen.insert(v).second)
            return usageError("Layer list '" + std::string(text) + "' names layer " + std::to_string(v) + " twice.");
        out.push_back(v);
        pos = end + 1;
    }
    return out;
}

}  // namespace dl
