#pragma once
// The input side of an import: raw records (before normalisation) from one input format
// (plain text or a Moses pair, TSV, JSONL; any of them gzipped), with the file:line of the
// last record for error messages. Not thread-safe: one thread reads a source.
#include <cstdint>
#include <memory>
#include <string>

#include "common/Error.h"

namespace dl {

struct ImportParams;

struct Record {
    std::string src, tgt, domain;
};

class RecordSource {
public:
    virtual ~RecordSource() = default;
    virtual Expected<bool> next(Record& r) = 0;  // false at the end of the input
    virtual std::string where() const = 0;       // "file:line" of the last record
    virtual std::int64_t bytesRead() const = 0;
    virtual std::int64_t totalBytes() const = 0;
    virtual bool parallel() const = 0;
    virtual bool hasDomainColumn() const { return false; }
};

// Opens the files `params` names in its format. `params` must outlive the source.
Expected<std::unique_ptr<RecordSource>> openRecordSource(const ImportParams& params);

}  // namespace dl
