#pragma once
// The error type every core boundary returns: std::expected<T, dl::Error>.
// `message` is a complete English sentence naming the file/line/field (the CLI prints it).
// `code` + `args` say the same thing in data, so a front end can show it in the user's
// language (app/services/ErrorText maps codes to tr()); ErrorCode::Generic means "message only".
#include <expected>
#include <string>
#include <utility>
#include <vector>

namespace dl {

enum class ErrorKind {
    Failed,     // the operation could not be done (bad input, I/O, model problem)
    Cancelled,  // the user cancelled; the project is as it was before the job
    Usage,      // the caller asked for something meaningless (bad parameter)
};

// The common errors, with the meaning of args (in order). Append only: the numbers are not
// stored anywhere, but keeping the order makes translations easy to review.
enum class ErrorCode {
    Generic,          // no code: show `message`
    Cancelled,        // -
    OutOfMemory,      // -
    Internal,         // what (an exception's text)
    ProjectMissing,   // path
    ProjectIsFolder,  // path
    NotAProject,      // path
    ProjectTooNew,    // path, file schema, newest schema this build reads
    ProjectLocked,    // path
    ProjectReadOnly,  // path
    DiskFull,         // path
    Database,         // path, SQLite's message
    UpgradeReadOnly,  // path, file schema, current schema
    UpgradeFailed,    // path, target schema, reason, backup path
    UnknownCorpus,    // name, known corpora (comma separated)
    UnknownRun,       // run id
    UnknownMethod,    // name
    UnknownOption,    // option, value, choices
    InvalidUtf8,      // where (file:line), byte offset (1-based)
    FileExists,       // path
    // The Search tab, cluster names, the outlier panel and the alignment view:
    ModelNotFound,      // the set's model name, where it was encoded ("" = unknown)
    ModelUnrecorded,    // - (an embedding set of an old project without its model's content hash)
    ModelChanged,       // model path
    PrecisionMismatch,  // precision the set was encoded in, precision this machine computes
    DimensionMismatch,  // the model's dimensions, the stored vectors' dimensions
    NotClusterRun,      // run id, the run's kind
    NothingEncoded,     // model name
    DamagedEmbeddings,  // project path, corpus position
    StoredDataInvalid,  // run id, the stored item's name ("cluster_names", "alignment_before/after")
    NoSuchCluster,      // run id, cluster
    EmptyQuery,         // -
    TextIndexStale,     // -
    ClusterModelMissing,  // run id (a cluster run made before models were stored with runs)
    ClusterModelTooNew,   // run id
};

struct Error {
    Error() = default;
    Error(ErrorKind k, std::string m, ErrorCode c = ErrorCode::Generic, std::vector<std::string> a = {})
        : kind(k), message(std::move(m)), code(c), args(std::move(a)) {}
    ErrorKind kind = ErrorKind::Failed;
    std::string message;
    ErrorCode code = ErrorCode::Generic;
    std::vector<std::string> args;
};

template <class T>
using Expected = std::expected<T, Error>;
using Status = std::expected<void, Error>;

inline std::unexpected<Error> fail(std::string message) {
    return std::unexpected(Error{ErrorKind::Failed, std::move(message)});
}
inline std::unexpected<Error> usageError(std::string message) {
    return std::unexpected(Error{ErrorKind::Usage, std::move(message)});
}
// An error with a code: `message` stays the English text for the CLI and logs.
inline std::unexpected<Error> fail(ErrorCode code, std::vector<std::string> args, std::string message,
                                   ErrorKind kind = ErrorKind::Failed) {
    return std::unexpected(Error{kind, std::move(message), code, std::move(args)});
}
inline std::unexpected<Error> cancelled() {
    return std::unexpected(Error{ErrorKind::Cancelled, "Cancelled by the user.", ErrorCode::Cancelled, {}});
}

// Thrown inside long computations (CancelToken::throwIfCancelled) and caught at the job
// boundary (runJob in jobs/RunJob.h): core's one cancellation style. Every public job entry
// point (runImport, runEncode, runCluster, runSelect, runCrossLingual, runExport, ...) is such
// a boundary, so no exception leaves core.
struct CancelledException {};

}  // namespace dl
