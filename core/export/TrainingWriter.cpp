#include "export/TrainingWriter.h"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "common/FieldText.h"

namespace dl {

Expected<TrainingWriter> TrainingWriter::open(const std::string& stem, const ExportParams& p, const CorpusInfo& corpus,
                                              bool byCluster) {
    TrainingWriter w;
    w.format_ = p.format;
    w.scores_ = p.scores;
    w.parallel_ = corpus.parallel;
    for (const auto& path : plannedPaths(stem, p, corpus)) {
        auto f = AtomicFile::create(path, p.gzip);
        if (!f) return std::unexpected(f.error());
        w.files_.push_back(std::move(*f));
    }
    if (p.format == ExportFormat::Parquet) {
        auto pq = ParquetRowWriter::open(*w.files_[0], {.tgt = corpus.parallel, .cluster = byCluster});
        if (!pq) return std::unexpected(pq.error());
        w.parquet_ = std::move(*pq);
    }
    return w;
}

std::vector<std::string> TrainingWriter::plannedPaths(const std::string& stem, const ExportParams& p,
                                                      const CorpusInfo& corpus) {
    const std::string gz = p.gzip ? ".gz" : "";
    switch (p.format) {
    case ExportFormat::Moses: {
        std::vector<std::string> out = {stem + "." + (corpus.srcLang.empty() ? "src" : corpus.srcLang) + gz};
        if (corpus.parallel) out.push_back(stem + "." + (corpus.tgtLang.empty() ? "tgt" : corpus.tgtLang) + gz);
        if (p.scores) out.push_back(stem + ".scores" + gz);
        return out;
    }
    case ExportFormat::Tsv: return {stem + ".tsv" + gz};
    case ExportFormat::Jsonl: return {stem + ".jsonl" + gz};
    case ExportFormat::Parquet: return {stem + ".parquet"};  // compressed inside (zstd); --gzip is refused
    }
    return {};
}

namespace {

// A field as a line-framed format may hold it (common/FieldText.h): the project's own text when it
// keeps the rule (every import since the rule), else a flattened copy in `spare`.
const std::string& framed(const std::string& text, std::string& spare) {
    if (!hasFieldBreaks(text)) return text;
    spare = text;
    flattenFieldBreaks(spare);
    return spare;
}

}  // namespace

Status TrainingWriter::write(const ExportRow& r) {
    const auto& s = r.sentence;
    std::string spareSrc, spareTgt, spareDomain;
    char score[32];
    std::snprintf(score, sizeof score, "%.6g", r.score);
    switch (format_) {
    case ExportFormat::Moses: {
        if (auto st = files_[0]->writeLine(framed(s.src, spareSrc)); !st) return st;
        std::size_t next = 1;
        if (parallel_)
            if (auto st = files_[next++]->writeLine(framed(s.tgt, spareTgt)); !st) return st;
        if (scores_)
            if (auto st = files_[next]->writeLine(score); !st) return st;
        return {};
    }
    case ExportFormat::Tsv: {
        std::string line = framed(s.src, spareSrc);
        if (parallel_) line += "\t" + framed(s.tgt, spareTgt);
        line += "\t" + framed(s.domain, spareDomain);
        if (scores_) line += std::string("\t") + score;
        return files_[0]->writeLine(line);
    }
    case ExportFormat::Jsonl: {
        nlohmann::json j = {{"id", s.id}, {"src", s.src}};
        if (parallel_) j["tgt"] = s.tgt;
        if (!s.domain.empty()) j["domain"] = s.domain;
        if (scores_ && !std::isnan(r.score)) j["score"] = r.score;
        return files_[0]->writeLine(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    }
    case ExportFormat::Parquet: return parquet_->add(s, r.score, r.cluster);
    }
    return {};
}

Status TrainingWriter::finish() {
    if (finished_) return {};
    finished_ = true;
    if (parquet_)
        if (auto s = parquet_->finish(); !s) return s;
    for (auto& f : files_)
        if (auto s = f->finish(); !s) return s;
    return {};
}

}  // namespace dl
