#include "select/SelectData.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <random>

#include "store/Store.h"

namespace dl {

std::int64_t seedSampleSize(const std::string& spec) {
    const auto first = spec.find(':');
    if (first == std::string::npos) return 0;
    const auto second = spec.find(':', first + 1);
    if (second == std::string::npos) return 0;
    return std::strtoll(spec.c_str() + second + 1, nullptr, 10);
}

Expected<CorpusSubset> loadCorpusSubset(Store& store, const std::string& spec, bool withTarget,
                                        std::uint64_t sampleSeed) {
    CorpusSubset s;
    const auto colon = spec.find(':');
    const std::string name = colon == std::string::npos ? spec : spec.substr(0, colon);
    std::int64_t sample = 0;
    if (colon != std::string::npos) {
        s.domain = spec.substr(colon + 1);
        // "CORPUS:DOMAIN:N": a seeded random sample of N sentences of the domain.
        if (const auto second = s.domain.find(':'); second != std::string::npos) {
            const std::string count = s.domain.substr(second + 1);
            s.domain.resize(second);
            char* end = nullptr;
            sample = std::strtoll(count.c_str(), &end, 10);
            if (count.empty() || *end != '\0' || sample <= 0)
                return usageError("'" + spec + "': the sample size after the second ':' must be a positive number.");
        }
    }
    auto corpus = findCorpus(store, name);
    if (!corpus) return std::unexpected(corpus.error());
    s.corpus = *corpus;
    if (!s.domain.empty()) {
        bool known = false;
        std::string names;
        for (const auto& d : corpus->domains) {
            known |= d.domain == s.domain;
            names += (names.empty() ? "" : ", ") + d.domain;
        }
        if (!known) return fail("The corpus '" + name + "' has no domain '" + s.domain + "' (domains: " + names + ").");
    }
    auto st = forEachSentence(store, corpus->id, 0, [&](const Sentence& x) {
        if (!s.domain.empty() && x.domain != s.domain) return true;
        s.positions.push_back(x.position);
        s.ids.push_back(x.id);
        s.src.push_back(x.src);
        if (withTarget) s.tgt.push_back(x.tgt);
        return true;
    });
    if (!st) return std::unexpected(st.error());
    if (s.positions.empty()) return fail("'" + spec + "' has no sentences.");
    if (sample > 0 && sample < std::int64_t(s.positions.size())) {
        std::vector<std::size_t> keep(s.positions.size());
        std::iota(keep.begin(), keep.end(), 0);
        std::mt19937_64 rng(sampleSeed);
        std::shuffle(keep.begin(), keep.end(), rng);
        keep.resize(std::size_t(sample));
        std::sort(keep.begin(), keep.end());
        CorpusSubset t;
        t.corpus = s.corpus;
        t.domain = s.domain;
        for (auto i : keep) {
            t.positions.push_back(s.positions[i]);
            t.ids.push_back(s.ids[i]);
            t.src.push_back(s.src[i]);
            if (withTarget) t.tgt.push_back(s.tgt[i]);
        }
        return t;
    }
    return s;
}

std::vector<float> gatherRows(const EmbeddingMatrix& m, const std::vector<std::int64_t>& positions) {
    std::vector<float> out(positions.size() * m.dim);
    for (std::size_t i = 0; i < positions.size(); ++i)
        std::copy(m.row(positions[i]), m.row(positions[i]) + m.dim, out.begin() + i * m.dim);
    return out;
}

}  // namespace dl
