#pragma once
// `filter --kind langid` (docs/cleaning.md): the probability of the expected language per side
// of every sentence (LanguageId.h), and the sentences whose side(s) fall below a minimum.
// Plain C++ over texts; FilterJob reads the corpus and stores the run.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/CancelToken.h"
#include "common/Error.h"
#include "filter/NearDup.h"

namespace dl {

class LanguageIdentifier;

struct LangIdOptions {
    std::string srcLang, tgtLang;  // expected languages (tgt ignored for a monolingual corpus)
    double minProb = 0.15;
    SidesRule sides = SidesRule::Both;  // both: every side must pass; either: one suffices; src
    int threads = 0;
};

struct LangIdRemoval {
    std::int64_t index = 0;  // into the input
    int rule = 0;            // 0 = the source side failed, 1 = the target side (the first that failed)
    double prob = 0;         // that side's probability of its expected language
};

struct LangIdResult {
    std::vector<float> srcProb, tgtProb;  // per input text (tgt empty for monolingual input)
    std::vector<LangIdRemoval> removed;   // by index
    std::int64_t srcFailed = 0, tgtFailed = 0;
    // Per side: a 20-bin histogram of the expected language's probability and the most
    // frequent best guesses ({"lang": count}, top 8), for the ledger and the views.
    nlohmann::json details;
};

Expected<LangIdResult> identifyLanguages(std::span<const DedupText> texts, const LanguageIdentifier& identifier,
                                         const LangIdOptions& options, const CancelToken& cancel);

}  // namespace dl
