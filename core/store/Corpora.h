#pragma once
// Corpora and their sentences in the project file.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/Error.h"

namespace dl {

class Store;

struct DomainCount {
    std::string domain;  // "" = unlabelled
    std::int64_t sentences = 0;
};

struct CorpusInfo {
    std::int64_t id = 0;
    std::string name;
    std::string srcLang;  // may be empty when unknown
    std::string tgtLang;  // empty for monolingual corpora
    std::int64_t sentences = 0;
    bool parallel = false;
    std::string role = "train";  // train | dev | test (import --role; decontaminate reads dev/test)
    std::vector<DomainCount> domains;  // sorted by domain name
};

struct Sentence {
    std::int64_t id = 0;        // project-wide sentence id
    std::int64_t position = 0;  // 0-based position inside its corpus (encoding order)
    std::string domain;
    std::string src;
    std::string tgt;  // empty for monolingual corpora
    int srcTokens = 0;
    int tgtTokens = 0;
};

enum class Side { Source, Target };
std::string sideName(Side side);  // "src" / "tgt"

Expected<std::vector<CorpusInfo>> listCorpora(Store& store);
// The sentences per corpus and domain, as listCorpora counts them: read from the covering
// index sentences_by_domain (schema 6), not from the rows.
inline constexpr const char* kCorpusCountsQuery =
    "SELECT corpus_id, domain, COUNT(*) FROM sentences GROUP BY corpus_id, domain ORDER BY corpus_id, domain";
// Fails with a message listing the available corpora when the name is unknown.
Expected<CorpusInfo> findCorpus(Store& store, const std::string& name);
// The single corpus of the project when `name` is empty and there is exactly one.
Expected<CorpusInfo> resolveCorpus(Store& store, const std::string& name);

// Streams sentences of a corpus in position order from `fromPosition`, in chunks;
// the callback returns false to stop early.
Status forEachSentence(Store& store, std::int64_t corpusId, std::int64_t fromPosition,
                       const std::function<bool(const Sentence&)>& visit);

// Sentence ids and domain labels of a corpus in position order (cheap: no text).
struct CorpusLabels {
    std::vector<std::int64_t> sentenceIds;
    std::vector<int> domainIndex;        // index into domainNames; -1 = unlabelled
    std::vector<std::string> domainNames;  // sorted
};
Expected<CorpusLabels> corpusLabels(Store& store, std::int64_t corpusId);

Expected<std::vector<Sentence>> sentencesById(Store& store, const std::vector<std::int64_t>& ids);

// A corpus's role: train, dev or test (anything else is a usage error). Caller owns the
// transaction.
bool isCorpusRole(std::string_view role);
Status setCorpusRole(Store& store, std::int64_t corpusId, const std::string& role);

}  // namespace dl
