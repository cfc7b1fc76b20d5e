#pragma once
// The reading half of an import, run on its own thread beside the SQLite writer: records
// from a RecordSource are normalised (UTF-8 check, NFC, trim), checked (empty lines, the
// domain label), deduplicated and token-counted; the kept rows go to the writer in batches
// through a BatchQueue. Errors name the file and line, as the single-threaded import did.
// Thread affinity: run() on the reading thread; the report may be read once run() returned.
#include <cstdint>
#include <string>

#include "common/Error.h"
#include "corpus/BatchQueue.h"
#include "corpus/DedupeIndex.h"
#include "corpus/Import.h"
#include "corpus/RecordSource.h"

namespace dl {

class ImportReader {
public:
    // `fixedDomain` labels every row unless the labels come from a column.
    ImportReader(const ImportParams& params, RecordSource& source, DedupeIndex& seen, std::string fixedDomain,
                 ImportReport& report, const CancelToken& cancel)
        : p_(params),
          source_(source),
          seen_(seen),
          fixedDomain_(std::move(fixedDomain)),
          report_(report),
          cancel_(cancel) {}

    // Reads the whole input into `queue` (then returns) or stops at the first bad record,
    // a cancel, or when the writer aborted the queue (returns success: the writer knows why).
    // Does not call queue.finish(): the caller does, whatever happened.
    Status run(BatchQueue& queue);

private:
    // Normalises the record in place; an error names the file, line and byte.
    Status normalize(Record& r);
    // NFC + UTF-8 check of one field; `what` names it in the message (" in the domain label").
    Status normalizeField(std::string& text, const char* what);
    bool labelsFromColumn() const;

    const ImportParams& p_;
    RecordSource& source_;
    DedupeIndex& seen_;
    const std::string fixedDomain_;
    ImportReport& report_;
    const CancelToken& cancel_;
    std::string countedDomain_;
    std::int64_t* domainCount_ = nullptr;  // report_.perDomain[countedDomain_]
};

}  // namespace dl
