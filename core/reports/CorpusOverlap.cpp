#include "reports/CorpusOverlap.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <unordered_map>

#include "common/TextHash.h"
#include "store/Statement.h"
#include "store/Store.h"

namespace dl {
namespace {

constexpr std::int64_t kPollEvery = 4096;

struct Row {
    std::uint64_t hash;
    std::int32_t corpus;  // index into the corpus list
    std::int64_t id;
};

bool isHeldOut(const std::string& role) { return role == "dev" || role == "test"; }

}  // namespace

bool CorpusOverlapPair::trainVsHeldOut() const {
    return (aRole == "train" && isHeldOut(bRole)) || (bRole == "train" && isHeldOut(aRole));
}

std::int64_t CorpusOverlap::leakedPairs() const {
    return std::count_if(pairs.begin(), pairs.end(),
                         [](const CorpusOverlapPair& p) { return p.trainVsHeldOut() && (p.aInB > 0 || p.bInA > 0); });
}

Expected<CorpusOverlap> corpusOverlap(Store& store, Side side, const CancelToken& cancel) {
    auto corpora = listCorpora(store);
    if (!corpora) return std::unexpected(corpora.error());
    std::sort(corpora->begin(), corpora->end(), [](const auto& x, const auto& y) { return x.id < y.id; });
    std::unordered_map<std::int64_t, std::int32_t> indexOf;
    for (std::size_t i = 0; i < corpora->size(); ++i) indexOf[(*corpora)[i].id] = std::int32_t(i);
    const std::string column = side == Side::Source ? "src" : "tgt";

    // Pass 1: a hash per sentence on the side; the per-corpus sentence counts on that side.
    std::vector<Row> rows;
    std::vector<std::int64_t> onSide(corpora->size(), 0);
    {
        auto q = store.prepare("SELECT id, corpus_id, " + column + " FROM sentences WHERE " + column +
                               " IS NOT NULL AND " + column + " <> ''");
        if (!q) return std::unexpected(q.error());
        for (std::int64_t n = 0;; ++n) {
            if (n % kPollEvery == 0 && cancel.isCancelled()) return cancelled();
            auto more = q->step();
            if (!more) return std::unexpected(more.error());
            if (!*more) break;
            auto it = indexOf.find(q->int64(1));
            if (it == indexOf.end()) continue;  // a sentence of no listed corpus: not ours to count
            rows.push_back({sentenceTextHash(q->text(2)), it->second, q->int64(0)});
            ++onSide[std::size_t(it->second)];
        }
    }
    if (cancel.isCancelled()) return cancelled();
    std::sort(rows.begin(), rows.end(),
              [](const Row& x, const Row& y) { return x.hash != y.hash ? x.hash < y.hash : x.corpus < y.corpus; });
    if (cancel.isCancelled()) return cancelled();

    // Pass 2: a hash held by two corpora or more is resolved on the exact texts.
    const std::size_t m = corpora->size();
    std::vector<std::int64_t> inOther(m * m, 0), distinct(m * m, 0);  // [a * m + b]: rows of a whose text is in b
    auto text = store.prepare("SELECT " + column + " FROM sentences WHERE id = ?");
    if (!text) return std::unexpected(text.error());
    std::map<std::string, std::map<std::int32_t, std::int64_t>> groups;
    for (std::size_t i = 0, polled = 0; i < rows.size();) {
        std::size_t j = i + 1;
        while (j < rows.size() && rows[j].hash == rows[i].hash) ++j;
        if (rows[j - 1].corpus != rows[i].corpus) {  // sorted by corpus within a hash: more than one corpus
            if (++polled % kPollEvery == 0 && cancel.isCancelled()) return cancelled();
            groups.clear();
            for (std::size_t r = i; r < j; ++r) {
                text->reset();
                text->bind(1, rows[r].id);
                auto got = text->step();
                if (!got) return std::unexpected(got.error());
                if (!*got) continue;  // gone meanwhile (a read-only report never sees this)
                ++groups[std::string(text->text(0))][rows[r].corpus];
            }
            for (const auto& [t, counts] : groups)
                for (auto a = counts.begin(); a != counts.end(); ++a)
                    for (auto b = std::next(a); b != counts.end(); ++b) {
                        inOther[std::size_t(a->first) * m + std::size_t(b->first)] += a->second;
                        inOther[std::size_t(b->first) * m + std::size_t(a->first)] += b->second;
                        ++distinct[std::size_t(a->first) * m + std::size_t(b->first)];
                    }
        }
        i = j;
    }

    CorpusOverlap out;
    out.side = side;
    for (std::size_t a = 0; a < m; ++a)
        for (std::size_t b = a + 1; b < m; ++b) {
            const auto& ca = (*corpora)[a];
            const auto& cb = (*corpora)[b];
            out.pairs.push_back({ca.id, cb.id, ca.name, cb.name, ca.role, cb.role, onSide[a], onSide[b],
                                 inOther[a * m + b], inOther[b * m + a], distinct[a * m + b]});
        }
    return out;
}

nlohmann::json toJson(const CorpusOverlap& overlap) {
    nlohmann::json j;
    j["side"] = sideName(overlap.side);
    j["pairs"] = nlohmann::json::array();
    for (const auto& p : overlap.pairs)
        j["pairs"].push_back({{"a", p.a},
                              {"b", p.b},
                              {"a_role", p.aRole},
                              {"b_role", p.bRole},
                              {"a_sentences", p.aSentences},
                              {"b_sentences", p.bSentences},
                              {"a_in_b", p.aInB},
                              {"b_in_a", p.bInA},
                              {"a_share", p.aShare()},
                              {"b_share", p.bShare()},
                              {"distinct", p.distinct},
                              {"train_vs_heldout", p.trainVsHeldOut()}});
    j["leaked_pairs"] = overlap.leakedPairs();
    return j;
}

}  // namespace dl
