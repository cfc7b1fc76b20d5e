#include "store/SqliteError.h"

#include <sqlite3.h>

#include <cerrno>
#include <cstring>

namespace dl {

namespace {

// SQLite reports a write that ran out of space as SQLITE_FULL only for its own checks; the
// kernel's ENOSPC (full disk) and EFBIG (RLIMIT_FSIZE, `ulimit -f`) reach us as SQLITE_IOERR_*
// with the errno kept in sqlite3_system_errno.
bool outOfSpace(sqlite3* db, int rc) {
    if ((rc & 0xff) == SQLITE_FULL) return true;
    if ((rc & 0xff) != SQLITE_IOERR || !db) return false;
    const int err = sqlite3_system_errno(db);
    return err == ENOSPC || err == EFBIG;
}

}  // namespace

std::unexpected<Error> sqliteFailure(sqlite3* db, int rc, const std::string& file, const std::string& message) {
    const std::string name = file.empty() ? std::string("the project") : file;
    const int primary = rc & 0xff;
    if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED)
        return fail(ErrorCode::ProjectLocked, {name},
                    "The project " + name + " is locked by another process (" + message + ").");
    if (primary == SQLITE_READONLY)
        return fail(ErrorCode::ProjectReadOnly, {name}, "The project " + name + " is read-only (" + message + ").");
    if (outOfSpace(db, rc)) {
        const int err = primary == SQLITE_IOERR ? sqlite3_system_errno(db) : ENOSPC;
        const std::string why = err == EFBIG ? "the file-size limit was reached" : "no space left on the device";
        return fail(ErrorCode::DiskFull, {name},
                    "Disk full while writing " + name + " (" + why +
                        "); the unfinished change was rolled back, nothing was changed.");
    }
    if ((primary == SQLITE_CANTOPEN || primary == SQLITE_IOERR) && db) {
        // The process ran out of file descriptors: SQLite says only "unable to open database file".
        if (const int err = sqlite3_system_errno(db); err == EMFILE || err == ENFILE)
            return fail(ErrorCode::Database, {name, "too many open files"},
                        "Project database error in " + name + ": too many open files (" + message + ").");
    }
    return fail(ErrorCode::Database, {name, message}, "Project database error in " + name + ": " + message + ".");
}

}  // namespace dl
