#include "select/SelectionModel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "runs/RunBlobs.h"
#include "select/DomainClassifier.h"
#include "select/DomainCosine.h"
#include "store/Store.h"

namespace dl {

namespace {
using json = nlohmann::json;
constexpr int kModelVersion = 1;
}  // namespace

bool selectionModelApplicable(SelectMethod method) {
    return selectionModelUsesEmbeddings(method) || method == SelectMethod::MooreLewis ||
           method == SelectMethod::Axelrod;
}

bool selectionModelUsesEmbeddings(SelectMethod method) {
    return method == SelectMethod::Cosine || method == SelectMethod::FinetuneHead;
}

namespace {

std::string joinWords(const std::vector<std::string>& words) {
    std::string s;
    for (const auto& w : words) s += w + '\n';
    return s;
}

std::vector<std::string> splitWords(const std::vector<char>& bytes) {
    std::vector<std::string> out;
    std::string w;
    for (char c : bytes) {
        if (c != '\n') {
            w += c;
            continue;
        }
        out.push_back(std::move(w));
        w.clear();
    }
    return out;
}

}  // namespace

Status storeSelectionModel(Store& store, std::int64_t runId, const SelectionModel& m) {
    json meta = {{"format_version", kModelVersion},
                 {"method", methodName(m.method)},
                 {"embedding_set", m.embeddingSet},
                 {"dim", m.dim},
                 {"hidden", m.hidden},
                 {"exclude_leaked", m.excludeLeaked},
                 {"seed_hashes", m.seedTextHashes.size()},
                 {"lm_order", m.lmOrder}};
    json memberSizes = json::array();
    std::vector<char> members;
    for (const auto& w : m.memberHeads) {
        memberSizes.push_back(w.size());
        members.insert(members.end(), w.begin(), w.end());
    }
    meta["member_head_sizes"] = memberSizes;
    if (auto s = putRunJson(store, runId, blobs::kModelJson, meta); !s) return s;
    if (!m.query.empty())
        if (auto s = putRunArray(store, runId, blobs::kModelQuery, std::span<const double>(m.query)); !s) return s;
    if (!m.headWeights.empty())
        if (auto s = putRunArray(store, runId, blobs::kModelHead, std::span<const char>(m.headWeights)); !s) return s;
    if (!members.empty())
        if (auto s = putRunArray(store, runId, blobs::kModelHeads, std::span<const char>(members)); !s) return s;
    if (!m.seedTextHashes.empty())
        if (auto s =
                putRunArray(store, runId, blobs::kModelSeedHashes, std::span<const std::uint64_t>(m.seedTextHashes));
            !s)
            return s;
    if (m.lmOrder > 0) {
        const std::string src = joinWords(m.vocabularySrc), tgt = joinWords(m.vocabularyTgt);
        for (const Status& s :
             {putRunArray(store, runId, blobs::kModelSeedIds, std::span<const std::int64_t>(m.seedIds)),
              putRunArray(store, runId, blobs::kModelMixIds, std::span<const std::int64_t>(m.mixIds)),
              putRunArray(store, runId, blobs::kModelVocabularySrc, std::span<const char>(src.data(), src.size()))})
            if (!s) return s;
        if (!tgt.empty())
            if (auto s = putRunArray(store, runId, blobs::kModelVocabularyTgt,
                                     std::span<const char>(tgt.data(), tgt.size()));
                !s)
                return s;
    }
    return {};
}

namespace {

// An ensemble's members 2..N: "model.heads" cut at the sizes model.json lists (untrusted: every
// size positive, their sum the blob's size).
Expected<std::vector<std::vector<char>>> memberHeadsOf(Store& store, std::int64_t runId, const json& meta) {
    std::vector<std::vector<char>> out;
    const auto sizes = meta.find("member_head_sizes");
    if (sizes == meta.end() || !sizes->is_array() || sizes->empty()) return out;
    auto blob = getRunArray<char>(store, runId, blobs::kModelHeads);
    if (!blob) return fail("its stored ensemble classifiers are missing.");
    std::size_t at = 0;
    for (const auto& s : *sizes) {
        if (!s.is_number_unsigned() || s.get<std::uint64_t>() == 0 || s.get<std::uint64_t>() > blob->size() - at)
            return fail("its stored ensemble classifiers are damaged.");
        const auto n = std::size_t(s.get<std::uint64_t>());
        out.emplace_back(blob->begin() + std::ptrdiff_t(at), blob->begin() + std::ptrdiff_t(at + n));
        at += n;
    }
    if (at != blob->size()) return fail("its stored ensemble classifiers are damaged.");
    return out;
}

}  // namespace

Expected<SelectionModel> loadSelectionModel(Store& store, const RunInfo& run) {
    const std::string id = std::to_string(run.id);
    if (run.kind != RunKind::Select)
        return usageError("Run " + id + " is a " + toString(run.kind) + " run, not a selection run.");
    const std::string methodText = run.params.value("method", std::string("?"));
    auto method = parseMethod(methodText);
    if (method && !selectionModelApplicable(*method))
        return fail("Selection run " + id + " used " + methodText +
                    ", whose model cannot be applied to other sentences: it is trained on the run's own pool "
                    "(n-gram LMs, EM over the pool, or a fine-tuned encoder) and is not stored. Score the whole pool "
                    "with `select`, or use cosine, finetune-head, moore-lewis or axelrod for sharded scoring.");
    auto stored = getRunJson(store, run.id, blobs::kModelJson);
    if (!stored)
        return fail("Selection run " + id +
                    " has no stored model (it was made before models were stored with runs); "
                    "run `select` again to get one that `score` can apply.");
    const json& meta = *stored;
    if (meta.value("format_version", 0) > kModelVersion)
        return fail("Selection run " + id + " stores a model written by a newer DomainLens.");
    SelectionModel m;
    try {
        auto parsed = parseMethod(meta.at("method").get<std::string>());
        if (!parsed) return std::unexpected(parsed.error());
        m.method = *parsed;
        m.embeddingSet = meta.at("embedding_set").get<std::int64_t>();
        m.dim = meta.at("dim").get<int>();
        m.hidden = meta.at("hidden").get<int>();
        m.excludeLeaked = meta.at("exclude_leaked").get<bool>();
        m.lmOrder = meta.value("lm_order", 0);
        if (meta.at("seed_hashes").get<std::size_t>() > 0) {
            auto h = getRunArray<std::uint64_t>(store, run.id, blobs::kModelSeedHashes);
            if (!h) return std::unexpected(h.error());
            m.seedTextHashes = std::move(*h);
        }
    } catch (const json::exception& e) {
        return fail("Selection run " + id + ": its stored model description is damaged (" + e.what() + ").");
    }
    if (!selectionModelUsesEmbeddings(m.method)) {
        auto seedIds = getRunArray<std::int64_t>(store, run.id, blobs::kModelSeedIds);
        auto mixIds = getRunArray<std::int64_t>(store, run.id, blobs::kModelMixIds);
        auto src = getRunArray<char>(store, run.id, blobs::kModelVocabularySrc);
        if (!seedIds || !mixIds || !src || m.lmOrder < 1)
            return fail("Selection run " + id + ": its stored language-model recipe is incomplete.");
        m.seedIds = std::move(*seedIds);
        m.mixIds = std::move(*mixIds);
        m.vocabularySrc = splitWords(*src);
        if (m.method == SelectMethod::Axelrod) {
            auto tgt = getRunArray<char>(store, run.id, blobs::kModelVocabularyTgt);
            if (!tgt) return fail("Selection run " + id + ": its stored target-side vocabulary is missing.");
            m.vocabularyTgt = splitWords(*tgt);
        }
    } else if (m.method == SelectMethod::Cosine) {
        auto q = getRunArray<double>(store, run.id, blobs::kModelQuery);
        if (!q || q->size() != std::size_t(m.dim))
            return fail("Selection run " + id + ": its stored seed query is missing or damaged.");
        m.query = std::move(*q);
    } else {
        auto w = getRunArray<char>(store, run.id, blobs::kModelHead);
        if (!w || w->empty()) return fail("Selection run " + id + ": its stored classifier is missing.");
        m.headWeights = std::move(*w);
        if (auto members = memberHeadsOf(store, run.id, meta); members) m.memberHeads = std::move(*members);
        else return fail("Selection run " + id + ": " + members.error().message);
    }
    return m;
}

Expected<std::vector<double>> applySelectionModel(const SelectionModel& m, const float* rows, std::int64_t rowCount,
                                                  int dim, const std::vector<std::string>& texts,
                                                  const CancelToken& cancel) {
    if (dim != m.dim)
        return fail("The selection model works on " + std::to_string(m.dim) + "-dimensional vectors, these have " +
                    std::to_string(dim) + ".");
    if (texts.size() != std::size_t(rowCount)) return fail("Internal error: one text per scored row is needed.");
    if (!selectionModelUsesEmbeddings(m.method))
        return fail("Internal error: an n-gram selection model scores texts, not vectors.");
    std::vector<double> scores;
    if (m.method == SelectMethod::Cosine) {
        scores = cosineToQuery(m.query, rows, rowCount, dim);
    } else {
        auto p = applyDomainHead(m.headWeights, dim, m.hidden, rows, rowCount, cancel);
        if (!p) return std::unexpected(p.error());
        scores = std::move(*p);
        // An ensemble: the mean probability of its members, as the run scored its pool.
        for (const auto& member : m.memberHeads) {
            auto q = applyDomainHead(member, dim, m.hidden, rows, rowCount, cancel);
            if (!q) return std::unexpected(q.error());
            for (std::size_t i = 0; i < scores.size(); ++i) scores[i] += (*q)[i];
        }
        if (!m.memberHeads.empty())
            for (auto& s : scores) s /= double(m.memberHeads.size() + 1);
    }
    excludeLeakedRows(m, texts, scores);
    return scores;
}

void excludeLeakedRows(const SelectionModel& m, const std::vector<std::string>& texts, std::vector<double>& scores) {
    if (!m.excludeLeaked) return;
    for (std::size_t i = 0; i < scores.size() && i < texts.size(); ++i)
        if (std::binary_search(m.seedTextHashes.begin(), m.seedTextHashes.end(), sentenceTextHash(texts[i])))
            scores[i] = std::numeric_limits<double>::quiet_NaN();
}

}  // namespace dl
