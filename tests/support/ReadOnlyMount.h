#pragma once
// A read-only folder for this process and the processes it starts: a private mount namespace
// (nothing outside the test process sees it), then a read-only bind mount of the folder onto
// itself; undone when destroyed. `error` says why not (no CAP_SYS_ADMIN, no mount namespaces):
// suites QSKIP with it. Used by tst_migration and tst_hostile_files (read-only media).
#include <sched.h>
#include <sys/mount.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

namespace dltest {

struct ReadOnlyMount {
    explicit ReadOnlyMount(std::string folder) : folder_(std::move(folder)) { error = mountReadOnly(); }
    ~ReadOnlyMount() {
        if (mounted_) ::umount2(folder_.c_str(), MNT_DETACH);
    }
    std::string error;

private:
    std::string mountReadOnly() {
        if (::unshare(CLONE_NEWNS) != 0) return failed("unshare(CLONE_NEWNS)");
        if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) return failed("making / private");
        if (::mount(folder_.c_str(), folder_.c_str(), nullptr, MS_BIND, nullptr) != 0)
            return failed("bind-mounting " + folder_);
        mounted_ = true;
        if (::mount(nullptr, folder_.c_str(), nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY, nullptr) != 0)
            return failed("remounting read-only");
        return {};
    }
    static std::string failed(const std::string& what) {
        return "cannot make a read-only mount (" + what + ": " + std::strerror(errno) + ")";
    }
    std::string folder_;
    bool mounted_ = false;
};

}  // namespace dltest
