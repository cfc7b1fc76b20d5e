#pragma once
// The error type every core boundary returns: std::expected<T, dl::Error>.
// Messages are complete sentences meant for the user and name the file/line/field.
#include <expected>
#include <string>
#include <utility>

namespace dl {

enum class ErrorKind {
    Failed,     // the operation could not be done (bad input, I/O, model problem)
    Cancelled,  // the user cancelled; the project is as it was before the job
    Usage,      // the caller asked for something meaningless (bad parameter)
};

struct Error {
    ErrorKind kind = ErrorKind::Failed;
    std::string message;
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
inline std::unexpected<Error> cancelled() {
    return std::unexpected(Error{ErrorKind::Cancelled, "Cancelled by the user."});
}

// Thrown inside long computations and caught at the job boundary (runJob).
struct CancelledException {};

}  // namespace dl
