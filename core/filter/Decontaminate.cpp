#include "filter/Decontaminate.h"

#include <cstdint>

namespace dl {

Expected<ContaminationResult> findContamination(std::span<const DedupText> references,
                                                std::span<const DedupText> corpus, NearDupOptions options,
                                                const CancelToken& cancel) {
    std::vector<DedupText> all(references.begin(), references.end());
    all.insert(all.end(), corpus.begin(), corpus.end());
    options.keep = KeepRule::First;
    auto found = findNearDuplicates(all, options, cancel);
    if (!found) return std::unexpected(found.error());
    const auto refs = static_cast<std::int64_t>(references.size());
    ContaminationResult out;
    out.candidatePairs = found->candidatePairs;
    out.verifiedPairs = found->verifiedPairs;
    for (const auto& r : found->removed)
        if (r.index >= refs && r.keptIndex < refs && r.similarity >= options.threshold)
            out.found.push_back({r.index - refs, r.keptIndex, r.similarity});
    return out;
}

}  // namespace dl
