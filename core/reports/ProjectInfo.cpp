#include "reports/ProjectInfo.h"

#include "select/RunParams.h"

#include "runs/RunKind.h"
#include "store/Corpora.h"
#include "store/Embeddings.h"
#include "store/Runs.h"
#include "store/Store.h"

#include <cstdint>

namespace dl {

Expected<nlohmann::json> projectInfo(Store& store, const std::string& projectLabel) {
    auto corpora = listCorpora(store);
    if (!corpora) return std::unexpected(corpora.error());
    auto sets = listEmbeddingSets(store);
    if (!sets) return std::unexpected(sets.error());
    auto runs = listRuns(store);
    if (!runs) return std::unexpected(runs.error());

    nlohmann::json j;
    std::int64_t total = 0;
    j["project"] = projectLabel;
    j["schema"] = kSchemaVersion;
    j["corpora"] = nlohmann::json::array();
    for (const auto& c : *corpora) {
        total += c.sentences;
        nlohmann::json domains = nlohmann::json::object();
        for (const auto& d : c.domains) domains[d.domain.empty() ? "(unlabelled)" : d.domain] = d.sentences;
        nlohmann::json langs = nlohmann::json::array();
        if (!c.srcLang.empty()) langs.push_back(c.srcLang);
        if (!c.tgtLang.empty()) langs.push_back(c.tgtLang);
        nlohmann::json encoded = nlohmann::json::array();
        for (const auto& s : *sets) {
            auto n = encodedCount(store, s.id, c.id);
            if (n && *n > 0) encoded.push_back({{"embedding_set", s.id}, {"sentences", *n}});
        }
        j["corpora"].push_back({{"name", c.name},
                                {"sentences", c.sentences},
                                {"parallel", c.parallel},
                                {"role", c.role},
                                {"src_lang", c.srcLang},
                                {"tgt_lang", c.tgtLang},
                                {"languages", langs},
                                {"domains", domains},
                                {"encoded", encoded}});
    }
    j["sentences"] = total;
    j["embedding_sets"] = nlohmann::json::array();
    for (const auto& s : *sets)
        j["embedding_sets"].push_back({{"id", s.id},
                                       {"model", s.key.model},
                                       {"layer", s.key.layer},
                                       {"layer_mean", s.key.layerMean},
                                       {"pooling", s.key.pooling},
                                       {"side", sideName(s.key.side)},
                                       {"normalized", s.key.normalized},
                                       {"dim", s.dim},
                                       {"storage", s.storage == StorageType::Float16 ? "f16" : "f32"}});
    j["runs"] = nlohmann::json::array();
    for (const auto& r : *runs)
        j["runs"].push_back(
            {{"id", r.id}, {"kind", toString(r.kind)}, {"created", r.created}, {"params", paramsAsRun(r)}});
    return j;
}

}  // namespace dl
