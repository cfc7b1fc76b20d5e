#include "corpus/RecordSource.h"

#include <cstdint>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/JsonText.h"
#include "corpus/ArrowSource.h"
#include "corpus/Import.h"
#include "corpus/LineReader.h"

namespace dl {

namespace {

std::string at(const LineReader& r) { return r.path() + ":" + std::to_string(r.lineNumber()); }

class PlainSource final : public RecordSource {
public:
    PlainSource(std::unique_ptr<LineReader> src, std::unique_ptr<LineReader> tgt)
        : src_(std::move(src)), tgt_(std::move(tgt)) {}
    Expected<bool> next(Record& r) override {
        auto a = src_->next(r.src);
        if (!a) return std::unexpected(a.error());
        if (!tgt_) return *a;
        auto b = tgt_->next(r.tgt);
        if (!b) return std::unexpected(b.error());
        if (*a != *b) return mismatch(*a);
        return *a;
    }
    std::string where() const override {
        return tgt_ ? at(*src_) + " / " + tgt_->path() + ":" + std::to_string(tgt_->lineNumber()) : at(*src_);
    }
    std::int64_t bytesRead() const override { return src_->bytesRead() + (tgt_ ? tgt_->bytesRead() : 0); }
    std::int64_t totalBytes() const override { return src_->fileSize() + (tgt_ ? tgt_->fileSize() : 0); }
    bool parallel() const override { return tgt_ != nullptr; }

private:
    std::unexpected<Error> mismatch(bool srcHasMore) {
        LineReader& longer = srcHasMore ? *src_ : *tgt_;
        LineReader& shorter = srcHasMore ? *tgt_ : *src_;
        std::string scratch;
        while (true) {  // count the rest so the message gives both line counts
            auto more = longer.next(scratch);
            if (!more || !*more) break;
        }
        return fail("The parallel files have different line counts: " + longer.path() + " has " +
                    std::to_string(longer.lineNumber()) + " lines but " + shorter.path() + " has " +
                    std::to_string(shorter.lineNumber()) + ". Parallel files must be line-aligned.");
    }
    std::unique_ptr<LineReader> src_, tgt_;
};

class TsvSource final : public RecordSource {
public:
    TsvSource(std::unique_ptr<LineReader> in, std::vector<std::string> columns)
        : in_(std::move(in)), columns_(std::move(columns)) {}
    Expected<bool> next(Record& r) override {
        while (true) {
            auto more = in_->next(line_);
            if (!more || !*more) return more;
            if (line_.empty()) {  // an empty row is an empty sentence, not a column error
                r.src.clear();
                r.tgt.clear();
                r.domain.clear();
                return true;
            }
            std::vector<std::string_view> fields;
            std::size_t start = 0;
            while (true) {
                const std::size_t tab = line_.find('\t', start);
                fields.emplace_back(line_.data() + start, (tab == std::string::npos ? line_.size() : tab) - start);
                if (tab == std::string::npos) break;
                start = tab + 1;
            }
            if (columns_.empty()) {
                static const std::vector<std::string> byCount[] = {
                    {}, {"src"}, {"src", "tgt"}, {"src", "tgt", "domain"}};
                if (fields.size() > 3)
                    return fail(at(*in_) + ": found " + std::to_string(fields.size()) +
                                " tab-separated columns; name them with --columns (e.g. src,tgt,domain,ignore).");
                columns_ = byCount[fields.size()];
            }
            if (fields.size() != columns_.size()) {
                std::string names;
                for (auto& c : columns_) names += (names.empty() ? "" : ", ") + c;
                return fail(at(*in_) + ": expected " + std::to_string(columns_.size()) + " tab-separated columns (" +
                            names + "), found " + std::to_string(fields.size()) + ".");
            }
            r.src.clear();
            r.tgt.clear();
            r.domain.clear();
            for (std::size_t i = 0; i < fields.size(); ++i) {
                if (columns_[i] == "src") r.src.assign(fields[i]);
                else if (columns_[i] == "tgt") r.tgt.assign(fields[i]);
                else if (columns_[i] == "domain") r.domain.assign(fields[i]);
            }
            return true;
        }
    }
    std::string where() const override { return at(*in_); }
    std::int64_t bytesRead() const override { return in_->bytesRead(); }
    std::int64_t totalBytes() const override { return in_->fileSize(); }
    bool parallel() const override { return hasColumn("tgt"); }
    bool hasDomainColumn() const override { return hasColumn("domain"); }

private:
    bool hasColumn(const char* name) const {
        for (auto& c : columns_)
            if (c == name) return true;
        return false;
    }
    std::unique_ptr<LineReader> in_;
    std::vector<std::string> columns_;
    std::string line_;
};

class JsonlSource final : public RecordSource {
public:
    JsonlSource(std::unique_ptr<LineReader> in, const ImportParams& p) : in_(std::move(in)), p_(p) {}
    Expected<bool> next(Record& r) override {
        auto more = in_->next(line_);
        if (!more || !*more) return more;
        r.src.clear();
        r.tgt.clear();
        r.domain.clear();
        if (line_.find_first_not_of(" \t") == std::string::npos) return true;  // empty line = empty sentence
        if (jsonNestsDeeperThan(line_)) return fail(at(*in_) + ": not valid JSON" + tooDeepNote(true) + ".");
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(line_);
        } catch (const nlohmann::json::exception& e) {  // a syntax error, or a number out of range (406)
            return fail(at(*in_) + ": not valid JSON (" + std::string(e.what()) + ").");
        }
        if (!j.is_object()) return fail(at(*in_) + ": expected a JSON object per line.");
        auto field = [&](const std::string& name, std::string& out, bool required, int& seen) -> Status {
            auto it = j.find(name);
            if (it == j.end() || it->is_null()) {
                if (required) return fail(at(*in_) + ": the field \"" + name + "\" is missing.");
                if (seen == 1)
                    return fail(at(*in_) + ": the field \"" + name + "\" is missing (earlier lines have it).");
                seen = 0;
                return {};
            }
            if (!it->is_string()) return fail(at(*in_) + ": the field \"" + name + "\" is not a string.");
            if (seen == 0) return fail(at(*in_) + ": the field \"" + name + "\" appears, but earlier lines lack it.");
            seen = 1;
            out = it->get<std::string>();
            return {};
        };
        int srcSeen = -1;
        if (auto s = field(p_.srcField, r.src, true, srcSeen); !s) return std::unexpected(s.error());
        if (auto s = field(p_.tgtField, r.tgt, false, tgtSeen_); !s) return std::unexpected(s.error());
        if (auto s = field(p_.domainField, r.domain, false, domainSeen_); !s) return std::unexpected(s.error());
        return true;
    }
    std::string where() const override { return at(*in_); }
    std::int64_t bytesRead() const override { return in_->bytesRead(); }
    std::int64_t totalBytes() const override { return in_->fileSize(); }
    bool parallel() const override { return tgtSeen_ == 1; }
    bool hasDomainColumn() const override { return domainSeen_ == 1; }

private:
    std::unique_ptr<LineReader> in_;
    const ImportParams& p_;
    std::string line_;
    int tgtSeen_ = -1, domainSeen_ = -1;  // -1 unknown, 0 absent, 1 present
};

}  // namespace

Expected<std::unique_ptr<RecordSource>> openRecordSource(const ImportParams& p) {
    if (p.format == CorpusFormat::Parquet || p.format == CorpusFormat::HfDataset) return openArrowSource(p);
    auto srcReader = LineReader::open(p.srcPath, p.maxLineBytes);
    if (!srcReader) return std::unexpected(srcReader.error());
    switch (p.format) {
    case CorpusFormat::Plain: {
        std::unique_ptr<LineReader> tgt;
        if (!p.tgtPath.empty()) {
            auto t = LineReader::open(p.tgtPath, p.maxLineBytes);
            if (!t) return std::unexpected(t.error());
            tgt = std::move(*t);
        }
        return std::make_unique<PlainSource>(std::move(*srcReader), std::move(tgt));
    }
    case CorpusFormat::Tsv: return std::make_unique<TsvSource>(std::move(*srcReader), p.tsvColumns);
    case CorpusFormat::Jsonl: return std::make_unique<JsonlSource>(std::move(*srcReader), p);
    case CorpusFormat::Parquet:
    case CorpusFormat::HfDataset: break;  // above
    }
    return fail("Internal error: unknown input format.");
}

}  // namespace dl
