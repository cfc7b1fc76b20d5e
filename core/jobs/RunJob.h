#pragma once
// The job boundary: runs a job body, turning escaped exceptions into dl::Error
// (CancelledException -> ErrorKind::Cancelled, std::exception -> its message).
#include <exception>
#include <functional>
#include <string>

#include "common/Error.h"

namespace dl {

// libtorch's c10::Error::what() appends a C++ backtrace ("frame #0: ..."): a user sees the
// sentence, not the frames.
inline std::string withoutBacktrace(std::string what) {
    for (const char* marker : {"\nException raised from", "\nframe #"})
        if (const auto at = what.find(marker); at != std::string::npos) what.resize(at);
    while (!what.empty() && (what.back() == '\n' || what.back() == ' ')) what.pop_back();
    return what;
}

template <class R, class F>
Expected<R> runJob(F&& body) {
    try {
        return std::invoke(std::forward<F>(body));
    } catch (const CancelledException&) {
        return cancelled();
    } catch (const std::bad_alloc&) {
        return fail(ErrorCode::OutOfMemory, {}, "Out of memory.");
    } catch (const std::exception& e) {  // c10::Error (libtorch) included
        const std::string what = withoutBacktrace(e.what());
        return fail(ErrorCode::Internal, {what}, "Internal error: " + what);
    } catch (...) {
        return fail(ErrorCode::Internal, {"unknown exception"}, "Internal error: unknown exception.");
    }
}

}  // namespace dl
