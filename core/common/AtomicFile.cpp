#include "common/AtomicFile.h"

#include <zlib.h>
#include <cstdint>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/Sha256.h"

namespace dl {
namespace fs = std::filesystem;

namespace {

constexpr std::string_view kPrevious = ".previous";  // a committed file's predecessor, until the set is in

std::string hostName() {
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0) return "host";
    return buf;
}

// ".<name>.partial-"; a long name is cut, with a hash of the whole, so that the temporary
// (about 40 bytes longer) still fits the 255 bytes a file name may have.
std::string tempPrefix(const fs::path& finalPath) {
    const std::string name = finalPath.filename().string();
    if (name.size() <= 180) return "." + name + ".partial-";
    Sha256 sha;
    sha.update(name);
    return "." + name.substr(0, 150) + "~" + sha.hexDigest().substr(0, 16) + ".partial-";
}

// The litter of a killed run for the same final name in `dir`: temporaries named
// <prefix><pid>-<random>-<host>[.previous] whose process on this host is gone. A stale
// predecessor whose final file is missing (killed between the two renames of commitAll) goes
// back into place; everything else stale is removed. Another host's files are left alone.
void cleanStaleTemps(const fs::path& dir, const fs::path& finalPath) {
    const std::string prefix = tempPrefix(finalPath), host = hostName();
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::string name = it->path().filename().string();
        if (!name.starts_with(prefix)) continue;
        const bool previous = name.ends_with(kPrevious);
        if (previous) name.resize(name.size() - kPrevious.size());
        const char* p = name.c_str() + prefix.size();
        char* after = nullptr;
        const long pid = std::strtol(p, &after, 10);
        if (after == p || *after != '-' || pid <= 0) continue;
        const char* hostPart = std::strchr(after + 1, '-');
        if (!hostPart || host != hostPart + 1) continue;
        if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;  // alive
        std::error_code rm;
        if (previous && !fs::exists(fs::symlink_status(finalPath, rm))) fs::rename(it->path(), finalPath, rm);
        else fs::remove(it->path(), rm);
    }
}

std::string errnoText(int e) { return e == EMFILE || e == ENFILE ? "too many open files" : std::strerror(e); }

}  // namespace

struct AtomicFile::Impl {
    int fd = -1;
    FILE* file = nullptr;
    gzFile gz = nullptr;
    bool gzip = false;
    bool finished = false;
};

Expected<std::unique_ptr<AtomicFile>> AtomicFile::create(const std::string& finalPath, bool gzip, unsigned mode) {
    std::unique_ptr<AtomicFile> f(new AtomicFile());
    f->d = std::make_unique<Impl>();
    f->d->gzip = gzip;
    f->finalPath_ = finalPath;
    std::error_code ec;
    const fs::path final = fs::absolute(fs::path(finalPath), ec);
    const fs::path dir = final.parent_path();
    if (!fs::is_directory(dir, ec))
        return fail("Cannot write " + finalPath + ": the folder " + dir.string() + " does not exist.");
    cleanStaleTemps(dir, final);
    static thread_local std::mt19937_64 random{std::random_device{}()};
    const std::string stem = (dir / tempPrefix(final)).string() + std::to_string(::getpid()) + "-";
    for (int attempt = 0; attempt < 16 && f->d->fd < 0; ++attempt) {
        f->tempPath_ = stem + std::to_string(random() % 1000000000) + "-" + hostName();
        // Exclusive and not through a symlink: an existing name (a planted link included) is
        // never opened, only skipped for the next random one.
        f->d->fd = ::open(f->tempPath_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode & 0777);
        if (f->d->fd < 0 && errno != EEXIST) break;
    }
    if (f->d->fd < 0) {
        const int e = errno;
        f->tempPath_.clear();  // nothing of ours to remove
        return fail("Cannot write into " + dir.string() + ": " + errnoText(e) + ".");
    }
    if (mode != 0644) ::fchmod(f->d->fd, mode & 0777);  // exactly (a script's x bits), not through the umask
    // The stream gets its own descriptor (closing it must not close the one finish() syncs).
    const int streamFd = ::dup(f->d->fd);
    if (streamFd < 0) return fail("Cannot write into " + dir.string() + ": " + errnoText(errno) + ".");
    if (gzip) {
        f->d->gz = gzdopen(streamFd, "wb6");
        if (!f->d->gz) {
            ::close(streamFd);
            return fail("Cannot start gzip output for " + finalPath + ": " + errnoText(errno) + ".");
        }
        gzbuffer(f->d->gz, 1 << 17);
    } else {
        f->d->file = fdopen(streamFd, "wb");
        if (!f->d->file) {
            ::close(streamFd);
            return fail("Cannot open " + f->tempPath_ + ": " + errnoText(errno) + ".");
        }
        std::setvbuf(f->d->file, nullptr, _IOFBF, 1 << 17);
    }
    return f;
}

AtomicFile::~AtomicFile() {
    if (d) {
        if (d->gz) gzclose(d->gz);
        if (d->file) std::fclose(d->file);
        if (d->fd >= 0) ::close(d->fd);
    }
    if (!committed_ && !tempPath_.empty()) {
        std::error_code ec;
        fs::remove(tempPath_, ec);
    }
}

Status AtomicFile::write(std::string_view text) {
    if (text.empty()) return {};
    bool ok;
    if (d->gz) ok = gzwrite(d->gz, text.data(), static_cast<unsigned>(text.size())) == static_cast<int>(text.size());
    else ok = std::fwrite(text.data(), 1, text.size(), d->file) == text.size();
    if (!ok) return fail("Writing " + finalPath_ + " failed: " + std::strerror(errno) + " (disk full?).");
    return {};
}

Status AtomicFile::writeLine(std::string_view line) {
    if (auto s = write(line); !s) return s;
    ++lines_;
    return write("\n");
}

Status AtomicFile::finish() {
    if (d->finished) return {};
    d->finished = true;
    bool ok = true;
    if (d->gz) {
        ok = gzclose(d->gz) == Z_OK;
        d->gz = nullptr;
    } else if (d->file) {
        ok = std::fflush(d->file) == 0 && std::fclose(d->file) == 0;
        d->file = nullptr;
    }
    ok = ok && ::fsync(d->fd) == 0;
    const int e = errno;
    ::close(d->fd);
    d->fd = -1;
    if (!ok) return fail("Writing " + finalPath_ + " failed: " + std::strerror(e) + " (disk full?).");
    // Hash what is on disk (compressed bytes for .gz), as a user's sha256sum would.
    FILE* in = std::fopen(tempPath_.c_str(), "rb");
    if (!in) return fail("Cannot re-read " + tempPath_ + " to hash it: " + errnoText(errno) + ".");
    Sha256 sha;
    char buf[1 << 16];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, in)) > 0) {
        sha.update(buf, n);
        bytes_ += static_cast<std::int64_t>(n);
    }
    std::fclose(in);
    sha256_ = sha.hexDigest();
    return {};
}

Status AtomicFile::commit() {
    AtomicFile* self = this;
    return commitAll(std::span<AtomicFile* const>(&self, 1));
}

Status AtomicFile::commitNew() {
    if (auto s = finish(); !s) return s;
    if (::link(tempPath_.c_str(), finalPath_.c_str()) != 0) {
        const int e = errno;
        if (e == EEXIST)
            return fail(ErrorCode::FileExists, {finalPath_},
                        "Cannot write " + finalPath_ + ": the file already exists (it appeared while writing).");
        return fail("Cannot move " + finalPath_ + " into place: " + errnoText(e) + ".");
    }
    committed_ = true;
    std::error_code ec;
    fs::remove(tempPath_, ec);
    return {};
}

Status commitAll(std::span<AtomicFile* const> files) {
    for (AtomicFile* f : files)
        if (auto s = f->finish(); !s) return s;
    // Per file: its predecessor (a file, not a folder) moves aside, then the new one moves in.
    enum class Done { Nothing, Added, Replaced };
    std::vector<Done> done(files.size(), Done::Nothing);
    auto previousOf = [&](std::size_t i) { return files[i]->tempPath() + std::string(kPrevious); };
    auto rollBack = [&](std::size_t count) {
        for (std::size_t k = count; k-- > 0;) {
            std::error_code ec;
            if (done[k] == Done::Replaced) fs::rename(previousOf(k), files[k]->finalPath(), ec);
            if (done[k] == Done::Added) fs::remove(files[k]->finalPath(), ec);
        }
    };
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string& final = files[i]->finalPath();
        std::error_code ec;
        const auto st = fs::symlink_status(final, ec);  // "not found" is an answer, not an error
        const bool replaces = fs::exists(st) && !fs::is_directory(st);
        ec.clear();
        if (replaces) fs::rename(final, previousOf(i), ec);
        if (!ec) fs::rename(files[i]->tempPath(), final, ec);
        if (ec) {
            std::error_code undo;
            if (replaces) fs::rename(previousOf(i), final, undo);
            rollBack(i);
            return fail("Cannot move " + final + " into place: " + ec.message() + ". The files that were there are " +
                        "unchanged.");
        }
        done[i] = replaces ? Done::Replaced : Done::Added;
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        std::error_code ec;
        if (done[i] == Done::Replaced) fs::remove(previousOf(i), ec);
        files[i]->committed_ = true;
    }
    return {};
}

Status writeFileAtomically(const std::string& path, std::string_view text, unsigned mode) {
    auto f = AtomicFile::create(path, false, mode);
    if (!f) return std::unexpected(f.error());
    if (auto s = (*f)->write(text); !s) return s;
    return (*f)->commit();
}

}  // namespace dl
