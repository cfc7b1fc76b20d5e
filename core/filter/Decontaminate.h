#pragma once
// `filter --kind decontaminate` (docs/cleaning.md): the sentences of a training corpus that
// are exact or near duplicates of a sentence in any dev or test corpus of the project (import
// --role), found with the near-duplicate machinery (NearDup.h) over the references and the
// corpus together. Plain C++ over texts; FilterJob reads the corpora and stores the run.
#include <cstdint>
#include <span>
#include <vector>

#include "common/CancelToken.h"
#include "common/Error.h"
#include "filter/NearDup.h"

namespace dl {

struct Contamination {
    std::int64_t index = 0;      // into the corpus's texts
    std::int64_t reference = 0;  // into the references' texts: the dev/test sentence it repeats
    double similarity = 0;       // exact Jaccard of the two (>= the threshold)
};

struct ContaminationResult {
    std::vector<Contamination> found;  // by index
    std::int64_t candidatePairs = 0, verifiedPairs = 0;
};

// References first, then the corpus, in one pass with keep = first: a group holding a reference
// keeps the reference, and every corpus sentence whose own exact Jaccard with that reference
// reaches the threshold is contaminated (a sentence joined only through a chain of corpus
// sentences is not).
Expected<ContaminationResult> findContamination(std::span<const DedupText> references,
                                                std::span<const DedupText> corpus, NearDupOptions options,
                                                const CancelToken& cancel);

}  // namespace dl
