#include "runs/LayerSweepSummary.h"

#include "runs/SummaryJson.h"

#include <cstdint>

namespace dl {

namespace {

using json = nlohmann::json;
using summary_json::nullable;
using summary_json::nullableNumber;
using summary_json::read;

json pointJson(const LayerSweepPoint& p) {
    return {{"layer", p.layer},
            {"embedding_set", p.embeddingSet},
            {"purity_mean", nullable(p.purityMean)},
            {"purity_std", nullable(p.purityStd)},
            {"nmi_mean", nullable(p.nmiMean)},
            {"nmi_std", nullable(p.nmiStd)},
            {"silhouette", nullable(p.silhouette)},
            {"bic", nullable(p.bic)}};
}

LayerSweepPoint pointFromJson(const json& j) {
    LayerSweepPoint p;
    read(j, "layer", p.layer);
    read(j, "embedding_set", p.embeddingSet);
    p.purityMean = nullableNumber(j, "purity_mean");
    p.purityStd = nullableNumber(j, "purity_std");
    p.nmiMean = nullableNumber(j, "nmi_mean");
    p.nmiStd = nullableNumber(j, "nmi_std");
    p.silhouette = nullableNumber(j, "silhouette");
    p.bic = nullableNumber(j, "bic");
    return p;
}

}  // namespace

json LayerSweepSummary::toJson() const {
    json pts = json::array();
    for (const auto& p : points) pts.push_back(pointJson(p));
    json j = {{"corpus", corpus},
              {"model", model},
              {"pooling", pooling},
              {"side", side},
              {"k", k},
              {"labelled", labelled},
              {"representation", representation},
              {"points", pts},
              {"layer_by_silhouette", layerBySilhouette},
              {"chosen_layer", chosenLayer},
              {"chosen_by", chosenBy},
              {"silhouette_rows", silhouetteRows}};
    if (layerByPurity) j["layer_by_purity"] = *layerByPurity;
    return j;
}

Expected<LayerSweepSummary> LayerSweepSummary::fromJson(const json& j, std::int64_t runId) {
    return summary_json::readSummary<LayerSweepSummary>(j, runId, [&](LayerSweepSummary& s) {
        read(j, "corpus", s.corpus);
        read(j, "model", s.model);
        read(j, "pooling", s.pooling);
        read(j, "side", s.side);
        read(j, "k", s.k);
        read(j, "labelled", s.labelled);
        read(j, "representation", s.representation);
        if (auto it = j.find("points"); it != j.end())
            for (const auto& p : *it) s.points.push_back(pointFromJson(p));
        if (auto it = j.find("layer_by_purity"); it != j.end()) s.layerByPurity = it->get<int>();
        read(j, "layer_by_silhouette", s.layerBySilhouette);
        read(j, "chosen_layer", s.chosenLayer);
        read(j, "chosen_by", s.chosenBy);
        read(j, "silhouette_rows", s.silhouetteRows);
    });
}

}  // namespace dl
