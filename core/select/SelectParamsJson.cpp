// How a selection run's parameters are stored: the table's keys, then what no option sets (each
// method's fixed settings, the seed sample's size). Apart from the jobs (SelectJob.cpp,
// CrossLingual.cpp, DomainClassifier.cpp, Invitation.cpp) so that the stored form links without
// libtorch (the sanitizer and fuzz builds, tests/fuzz/SanitizeSuites.cmake).
#include <nlohmann/json.hpp>

#include "select/CrossLingual.h"
#include "select/DomainClassifier.h"
#include "select/Invitation.h"
#include "select/SelectData.h"
#include "select/SelectJob.h"

namespace dl {

nlohmann::json DomainHeadOptions::toJson() const {
    return {{"hidden", hidden},
            {"epochs", epochs},
            {"batch_size", batchSize},
            {"learning_rate", learningRate},
            {"held_out_fraction", heldOutFraction},
            {"negatives_per_positive", negativesPerPositive},
            {"pre_ranking", preRanking},
            {"negative_pool_fraction", negativePoolFraction},
            {"lowest_negatives", lowestNegatives},
            {"rounds", rounds},
            {"seed", seed}};
}

nlohmann::json InvitationOptions::toJson() const {
    return {{"iterations", iterations},
            {"pseudo_out", pseudoOut == PseudoOutSource::LanguageModel ? "lm" : "tm"},
            {"order", order},
            {"init_iterations", initIterations},
            {"alpha", alpha},
            {"min_cooccurrence", minCooccurrence},
            {"pseudo_out_factor", pseudoOutFactor},
            {"lm_sample_cap", lmSampleCap},
            {"sample_seed", seed},
            {"vocabulary", poolVocabulary ? "pool" : "seed"}};
}

// The parameters as the table stores them, then what no option sets: each method's fixed
// settings, the resolved LM vocabulary, the seed sample's size.
nlohmann::json SelectParams::toJson() const {
    nlohmann::json j = selectParamTable().toJson(*this);
    // A sampled seed says how it was drawn, so the run can be reproduced.
    if (const auto n = seedSampleSize(seed); n > 0) j["seed_sample"]["size"] = n;
    auto addMissing = [](nlohmann::json& to, const nlohmann::json& from) {
        for (const auto& [key, value] : from.items())
            if (!to.contains(key)) to[key] = value;
    };
    if (method == SelectMethod::FinetuneHead) addMissing(j["head"], head.toJson());
    if (method == SelectMethod::Finetune)
        addMissing(j["fine_tune"],
                   {{"batch_size", fineTune.batchSize},
                    {"learning_rate", fineTune.learningRate},
                    {"held_out_fraction", fineTune.heldOutFraction},
                    {"seed", fineTune.seed},
                    {"negatives", "pre-ranked: bottom two thirds of Domain-Cosine, as many as the seed"}});
    if (method == SelectMethod::MooreLewis || method == SelectMethod::Axelrod || method == SelectMethod::Contrast) {
        j["vocabulary"] = poolVocabulary.value_or(crossEntropy.poolVocabulary) ? "non-singleton seed + pool words"
                                                                               : "non-singleton seed words";
        j["tokens"] = "words";
    }
    if (method == SelectMethod::Invitation) {
        addMissing(j["invitation"], invitation.toJson());
        j["tokens"] = "words";
    }
    return j;
}

// The parameters as the table stores them, then the training settings no option sets.
nlohmann::json CrossLingualParams::toJson() const {
    nlohmann::json j = crossLingualParamTable().toJson(*this);
    j["batch_size"] = batchSize;
    j["patience"] = patience;
    j["learning_rate"] = learningRate;
    DomainHeadOptions c = classifier;
    c.seed = seedValue;  // what classifyPool trains c with (--seed-value), not the options' own default
    c.preRanking = true;  // and its negatives as --negatives sets them
    if (const auto negatives = parseCrossLingualNegatives(this->negatives)) {
        c.lowestNegatives = negatives->lowest;
        c.negativePoolFraction = negatives->fraction;
    }
    j["classifier"] = c.toJson();
    if (const auto n = seedSampleSize(seed); n > 0) j["seed_sample"]["size"] = n;
    return j;
}

}  // namespace dl
