#include "store/ProjectLock.h"

#include <cerrno>
#include <cstdint>

#include <fcntl.h>
#include <unistd.h>

namespace dl {

namespace {
// SQLite locks bytes from 1 GiB (PENDING_BYTE) up; ours start at 1 TiB.
constexpr off_t kFirstSlot = off_t(1) << 40;
}  // namespace

Expected<ProjectLock> ProjectLock::tryAcquire(const std::string& path, std::uint64_t slot,
                                              const std::string& busyMessage) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);  // the project SQLite opens (a link followed)
    if (fd < 0) return ProjectLock(-1);
    struct flock lock {};
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    lock.l_start = kFirstSlot + static_cast<off_t>(slot);
    lock.l_len = 1;
    if (::fcntl(fd, F_OFD_SETLK, &lock) != 0) {
        const int e = errno;
        ::close(fd);
        if (e == EAGAIN || e == EACCES) return fail(ErrorCode::ProjectLocked, {path}, busyMessage);
        return ProjectLock(-1);  // no lock support here (some network filesystems): run unguarded
    }
    return ProjectLock(fd);
}

ProjectLock::~ProjectLock() {
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace dl
