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
        return fail("Out of memory.");
    } catch (const std::exception& e) {
        return fail(std::string("Internal error: ") + e.what());
    } catch (...) {
        return fail("Internal error: unknown exception.");
    }
}

}  // namespace dl
