#include "export/AtomicFile.h"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>

#include <fcntl.h>
#include <unistd.h>

#include "common/Sha256.h"

namespace dl {
namespace fs = std::filesystem;

struct AtomicFile::Impl {
    int fd = -1;
    FILE* file = nullptr;
    gzFile gz = nullptr;
    bool gzip = false;
    bool finished = false;
};

Expected<std::unique_ptr<AtomicFile>> AtomicFile::create(const std::string& finalPath, bool gzip) {
    std::unique_ptr<AtomicFile> f(new AtomicFile());
    f->d = std::make_unique<Impl>();
    f->d->gzip = gzip;
    f->finalPath_ = finalPath;
    const fs::path dir = fs::absolute(fs::path(finalPath)).parent_path();
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return fail("Cannot export to " + finalPath + ": the folder " + dir.string() + " does not exist.");
    std::random_device rd;
    f->tempPath_ =
        (dir / ("." + fs::path(finalPath).filename().string() + ".partial-" + std::to_string(rd() % 1000000))).string();
    f->d->fd = ::open(f->tempPath_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (f->d->fd < 0) return fail("Cannot write into " + dir.string() + ": " + std::strerror(errno) + ".");
    if (gzip) {
        f->d->gz = gzdopen(dup(f->d->fd), "wb6");
        if (!f->d->gz) return fail("Cannot start gzip output for " + finalPath + ".");
        gzbuffer(f->d->gz, 1 << 17);
    } else {
        f->d->file = fdopen(dup(f->d->fd), "wb");
        if (!f->d->file) return fail("Cannot open " + f->tempPath_ + ": " + std::strerror(errno) + ".");
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
    if (!ok)
        return fail("Writing " + finalPath_ + " failed: " + std::strerror(errno) +
                    " (disk full?). Nothing was exported.");
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
    ::close(d->fd);
    d->fd = -1;
    if (!ok)
        return fail("Writing " + finalPath_ + " failed: " + std::strerror(errno) +
                    " (disk full?). Nothing was exported.");
    // Hash what is on disk (compressed bytes for .gz), as a user's sha256sum would.
    FILE* in = std::fopen(tempPath_.c_str(), "rb");
    if (!in) return fail("Cannot re-read " + tempPath_ + " to hash it.");
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
    if (auto s = finish(); !s) return s;
    std::error_code ec;
    fs::rename(tempPath_, finalPath_, ec);
    if (ec) return fail("Cannot move the export into place at " + finalPath_ + ": " + ec.message() + ".");
    committed_ = true;
    return {};
}

}  // namespace dl
