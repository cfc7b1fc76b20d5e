#pragma once
// A consistent copy of a project file while it is open (`domainlens-cli copy`, the GUI's File >
// Save a Copy As..., Python's Project.copy_to). `cp` of a project copies the main file without
// the pages still in its -wal file, or a half-written state while another process writes: the
// copy may say "database disk image is malformed". This copies through SQLite's online backup
// API from one read snapshot (every committed row, WAL pages included; a writer's open
// transaction is not seen), into a temporary file in the destination's folder (common/AtomicFile),
// checks the copy (application id, PRAGMA integrity_check) and only then moves it into place.
#include <cstdint>
#include <string>

#include "common/CancelToken.h"
#include "common/Error.h"
#include "jobs/Progress.h"

namespace dl {

struct ProjectCopyParams {
    std::string source;       // a DomainLens project (checked: application id and schema)
    std::string destination;  // a new file; an existing one only with `replace`
    bool replace = false;     // --force: replace an existing destination (atomically: rename)
    int pagesPerStep = 64;    // backup pages per step: progress and the CancelToken between steps
};

struct ProjectCopyResult {
    std::string destination;
    std::int64_t pages = 0;  // of the copy
    std::int64_t bytes = 0;  // the copy's size on disk
    int schemaVersion = 0;   // the source's (copied as it is: no migration)
    std::string sha256;      // of the copy's bytes
    bool replaced = false;   // an existing destination was replaced
};

// Fails (nothing written under `destination`) when the source is missing, a folder or not a
// project (NotAProject: not a database, another application's, a truncated file the check finds
// damaged), when the destination exists without `replace` (FileExists), is the source, or its
// folder does not exist; when the copy fails its integrity check; cancelled between steps.
Expected<ProjectCopyResult> copyProject(const ProjectCopyParams& params, ProgressSink& progress,
                                        const CancelToken& cancel);

}  // namespace dl
