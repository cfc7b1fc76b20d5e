#pragma once
// Progress reporting and cooperative cancellation for jobs.
// A job is a plain function `Expected<R> f(const Params&, Store&, ProgressSink&, const CancelToken&)`.
// Thread affinity: a job calls its sink from the worker thread; implementations forward
// (the GUI's JobRunner queues signals to the GUI thread, the CLI draws a terminal bar).
#include <cstdint>
#include <string>
#include <string_view>

#include "common/CancelToken.h"  // re-exported: jobs take a CancelToken
#include "common/Error.h"

namespace dl {

class ProgressSink {
public:
    virtual ~ProgressSink() = default;
    // A new phase of the job ("Reading medical.en", "Encoding"); resets the counters.
    virtual void stage(std::string_view name) { (void)name; }
    // done of total units (total 0 = unknown); unit is what the job counts (lines, sentences).
    virtual void progress(std::int64_t done, std::int64_t total) = 0;
    // Informational line for the log (warnings included), never an error.
    virtual void info(std::string_view message) { (void)message; }
};

class NullProgress final : public ProgressSink {
public:
    void progress(std::int64_t, std::int64_t) override {}
};

}  // namespace dl
