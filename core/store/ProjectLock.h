#pragma once
// An advisory lock on one part of a project, held by a job while it works on that part: an
// open-file-description lock (F_OFD_SETLK) on one byte of the project file far beyond SQLite's
// own lock bytes, so it never meets SQLite's locks, needs no file of its own, is released when
// the process ends however it ends (kill -9 included), and is seen by every process on the host
// (and NFS clients with lock support).
#include <cstdint>
#include <string>

#include "common/Error.h"

namespace dl {

class ProjectLock {
public:
    // The slot of "encode corpus <id>": one encode of a corpus at a time.
    static std::uint64_t encodeSlot(std::int64_t corpusId) { return static_cast<std::uint64_t>(corpusId); }

    // Takes `slot` of the project at `path` without waiting. Held by another process: an error
    // (ProjectLocked) with `busyMessage`. A project that cannot be opened for writing (read-only
    // media) gives a lock that holds nothing: the job's first write reports that.
    static Expected<ProjectLock> tryAcquire(const std::string& path, std::uint64_t slot,
                                            const std::string& busyMessage);

    ProjectLock(ProjectLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
    ProjectLock& operator=(ProjectLock&&) = delete;
    ProjectLock(const ProjectLock&) = delete;
    ~ProjectLock();

private:
    explicit ProjectLock(int fd) : fd_(fd) {}
    int fd_ = -1;
};

}  // namespace dl
