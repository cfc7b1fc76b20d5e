#include "store/Corpora.h"

#include <cstdint>
#include <map>

#include "store/Statement.h"
#include "store/Store.h"

namespace dl {

std::string sideName(Side side) { return side == Side::Source ? "src" : "tgt"; }

Expected<std::vector<CorpusInfo>> listCorpora(Store& store) {
    auto q = store.prepare("SELECT id, name, src_lang, tgt_lang, parallel, role FROM corpora ORDER BY name");
    if (!q) return std::unexpected(q.error());
    std::vector<CorpusInfo> out;
    std::map<std::int64_t, std::size_t> byId;
    while (true) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        CorpusInfo c;
        c.id = q->int64(0);
        c.name = q->text(1);
        c.srcLang = q->text(2);
        c.tgtLang = q->text(3);
        c.parallel = q->int64(4) != 0;
        c.role = q->text(5);
        byId[c.id] = out.size();
        out.push_back(std::move(c));
    }
    auto counts = store.prepare(kCorpusCountsQuery);
    if (!counts) return std::unexpected(counts.error());
    while (true) {
        auto row = counts->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        auto it = byId.find(counts->int64(0));
        if (it == byId.end()) continue;
        auto& c = out[it->second];
        c.domains.push_back({std::string(counts->text(1)), counts->int64(2)});
        c.sentences += counts->int64(2);
    }
    return out;
}

Expected<CorpusInfo> findCorpus(Store& store, const std::string& name) {
    auto all = listCorpora(store);
    if (!all) return std::unexpected(all.error());
    std::string names;
    for (auto& c : *all) {
        if (c.name == name) return c;
        names += (names.empty() ? "" : ", ") + c.name;
    }
    if (all->empty())
        return fail(ErrorCode::UnknownCorpus, {name, ""},
                    "The project " + store.path() + " has no corpora yet (use `import`).");
    return fail(ErrorCode::UnknownCorpus, {name, names},
                "No corpus named '" + name + "' in " + store.path() + " (corpora: " + names + ").");
}

Expected<CorpusInfo> resolveCorpus(Store& store, const std::string& name) {
    if (!name.empty()) return findCorpus(store, name);
    auto all = listCorpora(store);
    if (!all) return std::unexpected(all.error());
    if (all->size() == 1) return all->front();
    if (all->empty())
        return fail(ErrorCode::UnknownCorpus, {name, ""},
                    "The project " + store.path() + " has no corpora yet (use `import`).");
    std::string names;
    for (auto& c : *all) names += (names.empty() ? "" : ", ") + c.name;
    return usageError("The project has several corpora; name one with --corpus (" + names + ").");
}

Status forEachSentence(Store& store, std::int64_t corpusId, std::int64_t fromPosition,
                       const std::function<bool(const Sentence&)>& visit) {
    auto q = store.prepare(
        "SELECT id, position, domain, src, tgt, src_tokens, tgt_tokens FROM sentences "
        "WHERE corpus_id = ?1 AND position >= ?2 ORDER BY position");
    if (!q) return std::unexpected(q.error());
    q->bind(1, corpusId).bind(2, fromPosition);
    Sentence s;
    while (true) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        s.id = q->int64(0);
        s.position = q->int64(1);
        s.domain.assign(q->text(2));
        s.src.assign(q->text(3));
        s.tgt.assign(q->text(4));
        s.srcTokens = static_cast<int>(q->int64(5));
        s.tgtTokens = static_cast<int>(q->int64(6));
        if (!visit(s)) break;
    }
    return {};
}

Expected<CorpusLabels> corpusLabels(Store& store, std::int64_t corpusId) {
    auto q = store.prepare("SELECT id, domain FROM sentences WHERE corpus_id = ?1 ORDER BY position");
    if (!q) return std::unexpected(q.error());
    q->bind(1, corpusId);
    CorpusLabels out;
    std::vector<std::string> raw;
    std::map<std::string, int> index;
    while (true) {
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) break;
        out.sentenceIds.push_back(q->int64(0));
        std::string d(q->text(1));
        index.emplace(d, 0);
        raw.push_back(std::move(d));
    }
    // Sorted names, "" (unlabelled) excluded.
    int next = 0;
    for (auto& [name, idx] : index) {
        if (name.empty()) continue;
        idx = next++;
        out.domainNames.push_back(name);
    }
    out.domainIndex.resize(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) out.domainIndex[i] = raw[i].empty() ? -1 : index[raw[i]];
    return out;
}

Expected<std::vector<Sentence>> sentencesById(Store& store, const std::vector<std::int64_t>& ids) {
    auto q =
        store.prepare("SELECT id, position, domain, src, tgt, src_tokens, tgt_tokens FROM sentences WHERE id = ?1");
    if (!q) return std::unexpected(q.error());
    std::vector<Sentence> out;
    out.reserve(ids.size());
    for (auto id : ids) {
        q->bind(1, id);
        auto row = q->step();
        if (!row) return std::unexpected(row.error());
        if (!*row) return fail("Sentence " + std::to_string(id) + " is not in the project " + store.path() + ".");
        Sentence s;
        s.id = q->int64(0);
        s.position = q->int64(1);
        s.domain = q->text(2);
        s.src = q->text(3);
        s.tgt = q->text(4);
        s.srcTokens = static_cast<int>(q->int64(5));
        s.tgtTokens = static_cast<int>(q->int64(6));
        out.push_back(std::move(s));
        q->reset();
    }
    return out;
}

bool isCorpusRole(std::string_view role) { return role == "train" || role == "dev" || role == "test"; }

Status setCorpusRole(Store& store, std::int64_t corpusId, const std::string& role) {
    if (!isCorpusRole(role)) return usageError("--role: expected train, dev or test, got \"" + role + "\".");
    auto q = store.prepare("UPDATE corpora SET role = ?2 WHERE id = ?1");
    if (!q) return std::unexpected(q.error());
    q->bind(1, corpusId).bind(2, role);
    return q->run();
}

}  // namespace dl
