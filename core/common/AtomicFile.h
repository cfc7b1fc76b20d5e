#pragma once
// The one way DomainLens writes a file that others read (training files and their manifests,
// shard data and manifests, Slurm scripts, the model digest and speed caches, ARPA models): under
// a temporary name in the destination folder, renamed into place only by commit(), so no reader
// ever sees a truncated file under the final name. Optional gzip. Tracks lines and the SHA-256
// of the bytes on disk.
//
// The temporary name is `.<name>.partial-<pid>-<random>`, created with O_CREAT | O_EXCL |
// O_NOFOLLOW: never an existing file, never through a symlink planted there. A temporary file
// whose process is gone (a killed run) is removed by the next create() for the same final name.
// commitAll() renames a set of files into place as a whole: when one rename fails, the ones
// already renamed are put back, so the previous set (and its manifest) stays as it was.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "common/Error.h"

namespace dl {

class AtomicFile {
public:
    // `mode`: the permissions of the final file (0644: a data file; 0750: a script).
    static Expected<std::unique_ptr<AtomicFile>> create(const std::string& finalPath, bool gzip, unsigned mode = 0644);
    ~AtomicFile();  // removes the temporary file unless committed

    Status write(std::string_view text);
    Status writeLine(std::string_view line);
    // Flushes, closes and hashes the temporary file; rename happens in commit().
    Status finish();
    Status commit();  // rename into place (after finish)
    // Into place only where nothing is under the final name (a hard link, then the temporary
    // name goes): a file created there meanwhile is not replaced (FileExists); finishes first.
    Status commitNew();

    const std::string& finalPath() const { return finalPath_; }
    const std::string& tempPath() const { return tempPath_; }
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
    friend Status commitAll(std::span<AtomicFile* const> files);
};

// Finishes and renames every file into place, in order, or none: a failed rename puts the files
// already renamed back (their previous versions, or nothing where there was none). The caller
// orders the set so that what describes it (a manifest) comes last.
Status commitAll(std::span<AtomicFile* const> files);

// Writes `text` to `path` through an AtomicFile (create, write, commit).
Status writeFileAtomically(const std::string& path, std::string_view text, unsigned mode = 0644);

}  // namespace dl
