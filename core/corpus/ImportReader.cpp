#include "corpus/ImportReader.h"

#include "common/FieldText.h"
#include "corpus/TextNormalizer.h"

#include <cstdint>

namespace dl {

namespace {

// A batch goes to the writer after this many input lines or text bytes: progress and cancel
// are seen per batch, and (with BatchQueue's capacity) they bound the memory in flight.
constexpr std::int64_t kBatchLines = 8192;
constexpr std::size_t kBatchBytes = std::size_t(4) << 20;

}  // namespace

bool ImportReader::labelsFromColumn() const {
    return p_.labelSource == LabelSource::FromColumn ||
           (p_.labelSource == LabelSource::None && source_.hasDomainColumn());
}

Status ImportReader::normalizeField(std::string& text, const char* what) {
    // One rule for NUL in every format (a raw byte in a line, "\u0000" in JSONL): text holds
    // none; most often the file is UTF-16 without a byte-order mark, or not text at all.
    if (const auto nul = text.find('\0'); nul != std::string::npos)
        return fail(source_.where() + ": a NUL byte" + what + " at byte " + std::to_string(nul + 1) +
                    "; text files hold none (is it UTF-16 without a byte-order mark, or binary?).");
    auto n = normalizeLine(text, p_.replaceInvalidUtf8);
    if (!n.ok)
        return fail(ErrorCode::InvalidUtf8, {source_.where(), std::to_string(n.invalidByteOffset + 1)},
                    source_.where() + ": invalid UTF-8" + what + " at byte " + std::to_string(n.invalidByteOffset + 1) +
                        " (use --replace-invalid to replace invalid bytes with U+FFFD).");
    report_.invalidUtf8Replaced += static_cast<std::int64_t>(n.replacements);
    if (flattenFieldBreaks(text) > 0) ++report_.lineBreaksReplaced;  // after the trim: inner ones only
    return {};
}

Status ImportReader::normalize(Record& r) {
    for (std::string* text : {&r.src, &r.tgt})
        if (auto s = normalizeField(*text, ""); !s) return s;
    return {};
}

Status ImportReader::run(BatchQueue& queue) {
    Record r;
    auto batch = queue.emptyBatch();
    auto handOver = [&] {
        batch->bytesRead = source_.bytesRead();
        if (!queue.push(std::move(batch))) return false;
        batch = queue.emptyBatch();
        return true;
    };
    while (true) {
        auto more = source_.next(r);
        if (!more) return std::unexpected(more.error());
        if (!*more) break;
        ++report_.linesRead;
        ++batch->linesRead;
        if (batch->linesRead >= kBatchLines || batch->text.size() >= kBatchBytes) {
            if (cancel_.isCancelled()) return cancelled();
            if (!handOver()) return {};
        }
        if (auto s = normalize(r); !s) return s;
        if (r.src.empty() || (source_.parallel() && r.tgt.empty())) {
            ++report_.emptySkipped;
            continue;
        }
        if (labelsFromColumn()) {
            if (!source_.hasDomainColumn())
                return usageError("The domain label should come from a column/field, but " + p_.srcPath + " has none.");
            // The label follows --replace-invalid like the text does: bad bytes stop the import.
            if (auto s = normalizeField(r.domain, " in the domain label"); !s) return s;
            if (r.domain.empty() && !p_.labelColumn.empty() &&
                (p_.format == CorpusFormat::Parquet || p_.format == CorpusFormat::HfDataset))
                return fail(source_.where() + ": the label column '" + p_.labelColumn +
                            "' is null or empty (a ClassLabel's -1, Hugging Face's \"no label\", counts as null); "
                            "every row needs a domain label.");
            if (r.domain.empty()) return fail(source_.where() + ": the domain column is empty.");
        } else {
            r.domain = fixedDomain_;
        }
        if (p_.dedupe) {
            // Only kept rows register their pair/source/target (tests/core/corpus pins the rule).
            switch (seen_.check(r.src, r.tgt)) {
            case DedupeIndex::Verdict::Keep: break;
            case DedupeIndex::Verdict::DuplicatePair: ++report_.duplicatePairs; continue;
            case DedupeIndex::Verdict::DuplicateSource: ++report_.duplicateSources; continue;
            case DedupeIndex::Verdict::DuplicateTarget: ++report_.duplicateTargets; continue;
            }
        }
        batch->add(r.src, r.tgt, !source_.parallel(), r.domain, countTokens(r.src), countTokens(r.tgt));
        ++report_.imported;
        if (!domainCount_ || r.domain != countedDomain_) {  // one map lookup per run of equal labels
            countedDomain_ = r.domain;
            domainCount_ = &report_.perDomain[r.domain];
        }
        ++*domainCount_;
    }
    if (cancel_.isCancelled()) return cancelled();
    handOver();
    return {};
}

}  // namespace dl
