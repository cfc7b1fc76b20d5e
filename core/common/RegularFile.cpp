#include "common/RegularFile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace dl {
namespace {

const char* describeType(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a pipe (FIFO)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

Status checkMode(const std::string& path, std::string_view what, mode_t mode) {
    if (S_ISREG(mode)) return {};
    return fail(std::string(what) + " " + path + " is " + describeType(mode) +
                ", not a regular file; DomainLens reads only regular files (copy the data into a file first).");
}

}  // namespace

Status checkRegularFile(const std::string& path, std::string_view what) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        if (errno == ENOENT) return fail("The file " + path + " does not exist.");
        return fail("Cannot open " + path + ": " + std::strerror(errno) + ".");
    }
    return checkMode(path, what, st.st_mode);
}

Expected<int> openRegularFile(const std::string& path, std::string_view what) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        if (errno == ENOENT) return fail("The file " + path + " does not exist.");
        return fail("Cannot open " + path + ": " + std::strerror(errno) + ".");
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        return fail("Cannot read " + path + ": " + std::strerror(err) + ".");
    }
    if (auto s = checkMode(path, what, st.st_mode); !s) {
        ::close(fd);
        return std::unexpected(s.error());
    }
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    return fd;
}

}  // namespace dl
