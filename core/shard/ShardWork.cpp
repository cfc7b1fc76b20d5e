#include "shard/ShardWork.h"

#include <algorithm>
#include <cstdint>
#include <system_error>

#include "common/Brace.h"

namespace dl {

using shard_detail::brace;
namespace fs = std::filesystem;

Expected<ShardRows> shardRows(Store& store, const CorpusInfo& corpus, const ShardSpec& spec) {
    auto labels = corpusLabels(store, corpus.id);
    if (!labels) return std::unexpected(labels.error());
    const auto& ids = labels->sentenceIds;
    if (!std::is_sorted(ids.begin(), ids.end()))
        return fail(brace("Corpus '{}': sentence ids are not in position order; shards need contiguous id ranges.",
                          corpus.name));
    const auto [first, last] = shardRowRange(spec, ids.size());
    ShardRows r;
    r.corpus = corpus;
    r.spec = spec;
    r.firstPosition = static_cast<std::int64_t>(first);
    r.ids.assign(ids.begin() + static_cast<std::ptrdiff_t>(first), ids.begin() + static_cast<std::ptrdiff_t>(last));
    return r;
}

Expected<CorpusInfo> corpusForRun(Store& store, std::int64_t runCorpusId, const std::string& name) {
    if (!name.empty()) return findCorpus(store, name);
    auto all = listCorpora(store);
    if (!all) return std::unexpected(all.error());
    for (auto& c : *all)
        if (c.id == runCorpusId) return c;
    return fail(brace("The run's corpus (id {}) is no longer in the project; name one with --corpus.", runCorpusId));
}

Expected<EmbeddingMatrix> shardEmbeddings(Store& store, const ShardRows& rows,
                                          const std::vector<std::int64_t>& setIds) {
    if (setIds.empty()) return fail("Internal error: no embedding set to read.");
    const auto n = static_cast<std::int64_t>(rows.ids.size());
    auto first = loadEmbeddingRange(store, setIds.front(), rows.corpus.id, rows.firstPosition, n);
    if (!first) return std::unexpected(first.error());
    if (setIds.size() == 1) return first;
    std::vector<double> acc(first->data.begin(), first->data.end());
    for (std::size_t i = 1; i < setIds.size(); ++i) {
        auto m = loadEmbeddingRange(store, setIds[i], rows.corpus.id, rows.firstPosition, n);
        if (!m) return std::unexpected(m.error());
        if (m->dim != first->dim)
            return fail(brace("Embedding sets {} and {} differ in dimension.", setIds[0], setIds[i]));
        for (std::size_t j = 0; j < acc.size(); ++j) acc[j] += m->data[j];
    }
    const double inv = 1.0 / double(setIds.size());
    for (std::size_t j = 0; j < acc.size(); ++j) first->data[j] = float(acc[j] * inv);
    return first;
}

void RowsDigest::add(const Sentence& sentence) {
    auto add64 = [this](std::uint64_t v) {
        std::uint8_t b[8];
        for (int i = 0; i < 8; ++i) b[i] = static_cast<std::uint8_t>(v >> (8 * i));
        sha_.update(b, sizeof b);
    };
    add64(static_cast<std::uint64_t>(sentence.id));
    for (const std::string* text : {&sentence.src, &sentence.tgt}) {
        add64(text->size());
        sha_.update(*text);
    }
}

Expected<std::string> digestRows(Store& store, const CorpusInfo& corpus, std::int64_t firstPosition, std::int64_t rows,
                                 const CancelToken& cancel) {
    RowsDigest digest;
    std::int64_t seen = 0;
    if (rows > 0) {
        auto s = forEachSentence(store, corpus.id, firstPosition, [&](const Sentence& sen) {
            if (seen % 4096 == 0) cancel.throwIfCancelled();
            digest.add(sen);
            return ++seen < rows;
        });
        if (!s) return std::unexpected(s.error());
    }
    if (seen != rows) return fail(brace("Corpus '{}' ends inside its shard range; was it changed?", corpus.name));
    return digest.hexDigest();
}

Expected<std::vector<std::string>> shardTexts(Store& store, const ShardRows& rows, bool target, RowsDigest* digest) {
    std::vector<std::string> texts;
    if (rows.ids.empty()) return texts;
    texts.reserve(rows.ids.size());
    auto s = forEachSentence(store, rows.corpus.id, rows.firstPosition, [&](const Sentence& sen) {
        if (digest) digest->add(sen);
        texts.push_back(target ? sen.tgt : sen.src);
        return texts.size() < rows.ids.size();
    });
    if (!s) return std::unexpected(s.error());
    if (texts.size() != rows.ids.size())
        return fail(brace("Corpus '{}' ends inside its shard range; was it changed?", rows.corpus.name));
    return texts;
}

nlohmann::json corpusIdentity(const CorpusInfo& corpus) {
    return {{"corpus", corpus.name}, {"corpus_id", corpus.id}, {"corpus_sentences", corpus.sentences}};
}

Expected<ShardOutput> ShardOutput::open(const fs::path& dir, const std::string& job, const ShardRows& rows) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return fail(brace("{}: the output folder cannot be created ({}).", dir.string(), ec.message()));
    ShardOutput out;
    out.dir_ = dir;
    out.job_ = job;
    out.spec_ = rows.spec;
    out.rows_ = static_cast<std::int64_t>(rows.ids.size());
    if (!rows.ids.empty()) out.firstId_ = rows.ids.front(), out.lastId_ = rows.ids.back();
    auto w = ShardFileWriter::create(dir / (shardFileStem(job, rows.spec) + ".bin"));
    if (!w) return std::unexpected(w.error());
    out.writer_ = std::move(*w);
    if (auto s = out.writer_->array("ids", ShardDType::I64, out.rows_, 1, std::span<const std::int64_t>(rows.ids)); !s)
        return std::unexpected(s.error());
    return out;
}

Expected<ShardOutcome> ShardOutput::finish(const nlohmann::json& params, const std::string& modelHash,
                                           const std::string& rowsSha256) {
    auto sha = writer_->finish();
    if (!sha) return std::unexpected(sha.error());
    ShardOutcome o;
    ShardManifest& m = o.manifest;
    m.job = job_;
    m.paramsHash = hashParams(params);
    m.modelHash = modelHash;
    m.shard = spec_;
    m.firstId = firstId_;
    m.lastId = lastId_;
    m.rows = rows_;
    m.dataFile = shardFileStem(job_, spec_) + ".bin";
    m.sha256 = *sha;
    m.rowsSha256 = rowsSha256;
    m.params = params;
    if (auto s = writeShardManifest(dir_, m); !s) return std::unexpected(s.error());
    o.manifestPath = manifestPath(dir_, job_, spec_);
    return o;
}

std::optional<ShardOutcome> finishedShard(const fs::path& dir, const std::string& job, const ShardSpec& spec,
                                          const nlohmann::json& params) {
    if (!shardComplete(dir, job, spec, hashParams(params))) return std::nullopt;
    auto m = readShardManifest(manifestPath(dir, job, spec));
    if (!m) return std::nullopt;
    return ShardOutcome{true, std::move(*m), manifestPath(dir, job, spec)};
}

}  // namespace dl
