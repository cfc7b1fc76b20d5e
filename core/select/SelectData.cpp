#include "select/SelectData.h"

#include <algorithm>

#include "store/Store.h"

namespace dl {

Expected<CorpusSubset> loadCorpusSubset(Store& store, const std::string& spec, bool withTarget) {
    CorpusSubset s;
    const auto colon = spec.find(':');
    const std::string name = colon == std::string::npos ? spec : spec.substr(0, colon);
    if (colon != std::string::npos) s.domain = spec.substr(colon + 1);
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
    return s;
}

std::vector<float> gatherRows(const EmbeddingMatrix& m, const std::vector<std::int64_t>& positions) {
    std::vector<float> out(positions.size() * m.dim);
    for (std::size_t i = 0; i < positions.size(); ++i)
        std::copy(m.row(positions[i]), m.row(positions[i]) + m.dim, out.begin() + i * m.dim);
    return out;
}

}  // namespace dl
