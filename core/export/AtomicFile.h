#pragma once
// An output file written under a temporary name in the destination folder and renamed into
// place only by commit(): an interrupted export never leaves a truncated training file under
// the final name. Optional gzip. Tracks lines and the SHA-256 of the bytes on disk.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "common/Error.h"

namespace dl {

class AtomicFile {
public:
    static Expected<std::unique_ptr<AtomicFile>> create(const std::string& finalPath, bool gzip);
    ~AtomicFile();  // removes the temporary file unless committed

    Status write(std::string_view text);
    Status writeLine(std::string_view line);
    // Flushes, closes and hashes the temporary file; rename happens in commit().
    Status finish();
    Status commit();  // rename into place (after finish)

    const std::string& finalPath() const { return finalPath_; }
    std::int64_t lines() const { return lines_; }
    const std::string& sha256() const { return sha256_; }
    std::int64_t bytes() const { return bytes_; }

private:
    AtomicFile() = default;
    struct Impl;
    std::unique_ptr<Impl> d;
    std::string finalPath_, tempPath_, sha256_;
    std::int64_t lines_ = 0, bytes_ = 0;
    bool committed_ = false;
};

}  // namespace dl
