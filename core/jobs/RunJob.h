#pragma once
// The job boundary: runs a job body, turning escaped exceptions into dl::Error
// (CancelledException -> ErrorKind::Cancelled, std::exception -> its message).
#include <exception>
#include <functional>
#include <string>

#include "common/Error.h"

namespace dl {

template <class R, class F>
Expected<R> runJob(F&& body) {
    try {
        return std::invoke(std::forward<F>(body));
    } catch (const CancelledException&) {
        return cancelled();
    } catch (const std::bad_alloc&) {
        return fail(ErrorCode::OutOfMemory, {}, "Out of memory.");
    } catch (const std::exception& e) {  // c10::Error (libtorch) included
        return fail(ErrorCode::Internal, {e.what()}, std::string("Internal error: ") + e.what());
    } catch (...) {
        return fail(ErrorCode::Internal, {"unknown exception"}, "Internal error: unknown exception.");
    }
}

}  // namespace dl
