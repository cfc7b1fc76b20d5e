#pragma once
// One mapping from a failed SQLite call to dl::Error, shared by Store::exec and
// Statement::step, so every write path reports a full disk, a lock or a read-only file the
// same way: a sentence naming the project file and a code the app translates (ErrorText).
#include <string>

#include "common/Error.h"

struct sqlite3;

namespace dl {

// rc: the (extended) result code of the failed call; file: the project's path; message:
// SQLite's own text (sqlite3_errmsg or sqlite3_exec's error). A write that failed for lack of
// space (SQLITE_FULL, or SQLITE_IOERR caused by ENOSPC / EFBIG, i.e. a full disk or a
// file-size limit) becomes ErrorCode::DiskFull, "Disk full while writing <file> …".
std::unexpected<Error> sqliteFailure(sqlite3* db, int rc, const std::string& file, const std::string& message);

// The store's own connections (Store, the project copy): SQLite's flags plus the settings for an
// untrusted file (defensive mode, no trusted schema), a busy timeout; a failure names the file.
Expected<sqlite3*> openConnection(const std::string& path, int flags);
// One integer from a PRAGMA (the header's application_id, user_version); rcOut: SQLite's code.
Expected<int> pragmaInt(sqlite3* db, const char* pragma, const std::string& path, int* rcOut = nullptr);
// PRAGMA application_id's answer as a project check: an error reading it said as such (disk
// full, locked), a file SQLite cannot read as a database or another program's is NotAProject.
Status checkApplicationId(const Expected<int>& appId, const std::string& path);

}  // namespace dl
