#include "store/ProjectCopy.h"

#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <thread>

#include "common/AtomicFile.h"
#include "store/SqliteError.h"

namespace dl {
namespace fs = std::filesystem;

namespace {

struct Connection {
    sqlite3* db = nullptr;
    ~Connection() {
        if (db) sqlite3_close_v2(db);
    }
    void close() {
        if (db) sqlite3_close_v2(db);
        db = nullptr;
    }
};

// The files SQLite may leave beside a database it wrote (the copy's temporary name).
void removeSideFiles(const std::string& path) {
    std::error_code ec;
    for (const char* suffix : {"-wal", "-shm", "-journal"}) fs::remove(path + suffix, ec);
}

// Every row of PRAGMA integrity_check: "ok" alone, or the first problems it names.
Expected<std::string> integrityProblems(sqlite3* db, const std::string& path) {
    sqlite3_stmt* stmt = nullptr;
    if (const int rc = sqlite3_prepare_v2(db, "PRAGMA integrity_check(20)", -1, &stmt, nullptr); rc != SQLITE_OK)
        return sqliteFailure(db, rc, path, sqlite3_errmsg(db));
    std::string problems;
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
        const std::string row = text ? text : "";
        if (row != "ok") problems += (problems.empty() ? "" : "; ") + row;
    }
    const std::string err = rc == SQLITE_DONE ? "" : sqlite3_errmsg(db);
    sqlite3_finalize(stmt);
    if (!err.empty()) return err;  // unreadable is a problem of the copy, not a disk error
    return problems;
}

Status checkProject(sqlite3* db, const std::string& path, int& version) {
    if (auto s = checkApplicationId(pragmaInt(db, "PRAGMA application_id", path), path); !s) return s;
    auto v = pragmaInt(db, "PRAGMA user_version", path);
    if (!v) return std::unexpected(v.error());
    if (*v < 1)
        return fail(ErrorCode::NotAProject, {path},
                    "The file " + path + " is not a DomainLens project (schema version " + std::to_string(*v) + ").");
    version = *v;
    return {};
}

}  // namespace

Expected<ProjectCopyResult> copyProject(const ProjectCopyParams& params, ProgressSink& progress,
                                        const CancelToken& cancel) {
    const std::string& src = params.source;
    const std::string& dst = params.destination;
    std::error_code ec;
    if (src.empty() || dst.empty()) return usageError("copy needs a source project and a destination file.");
    if (!fs::exists(src, ec)) return fail(ErrorCode::ProjectMissing, {src}, "The project " + src + " does not exist.");
    if (!fs::is_regular_file(src, ec))
        return fail(ErrorCode::ProjectIsFolder, {src}, "The project path " + src + " is not a project file.");
    const fs::path dstAbs = fs::absolute(fs::path(dst), ec);
    if (!fs::is_directory(dstAbs.parent_path(), ec))
        return fail("Cannot copy to " + dst + ": the folder " + dstAbs.parent_path().string() + " does not exist.");
    const auto dstStatus = fs::symlink_status(dst, ec);
    const bool dstExists = fs::exists(dstStatus);
    if (dstExists && fs::is_directory(dstStatus))
        return fail(ErrorCode::ProjectIsFolder, {dst}, "Cannot copy to " + dst + ": it is a folder.");
    if (dstExists && fs::equivalent(src, dst, ec))
        return usageError("The copy " + dst + " would be the project " + src + " itself.");
    if (dstExists && !params.replace)
        return fail(ErrorCode::FileExists, {dst},
                    "Cannot copy to " + dst + ": the file already exists (--force replaces it).");

    // The source, read-only, as one snapshot from here to the last page.
    progress.stage("Reading the project");
    Connection from;
    auto opened = openConnection(src, SQLITE_OPEN_READONLY);
    if (!opened) return std::unexpected(opened.error());
    from.db = *opened;
    ProjectCopyResult res;
    if (auto s = checkProject(from.db, src, res.schemaVersion); !s) return std::unexpected(s.error());
    if (const int rc = sqlite3_exec(from.db, "BEGIN; SELECT count(*) FROM sqlite_schema;", nullptr, nullptr, nullptr);
        rc != SQLITE_OK) {
        const std::string msg = sqlite3_errmsg(from.db);
        if (rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB)
            return fail(ErrorCode::NotAProject, {src},
                        "The file " + src + " is not a DomainLens project (" + msg + ").");
        return sqliteFailure(from.db, rc, src, msg);
    }

    auto out = AtomicFile::create(dst, false, 0644);
    if (!out) return std::unexpected(out.error());
    const std::string temp = (*out)->tempPath();
    struct SideFiles {
        std::string path;
        ~SideFiles() { removeSideFiles(path); }
    } sideFiles{temp};
    Connection to;
    auto target = openConnection(temp, SQLITE_OPEN_READWRITE);
    if (!target) return std::unexpected(target.error());
    to.db = *target;

    progress.stage("Copying the project");
    sqlite3_backup* backup = sqlite3_backup_init(to.db, "main", from.db, "main");
    if (!backup) return sqliteFailure(to.db, sqlite3_errcode(to.db), dst, sqlite3_errmsg(to.db));
    int rc = SQLITE_OK;
    const int step = params.pagesPerStep > 0 ? params.pagesPerStep : 64;
    while (true) {
        rc = sqlite3_backup_step(backup, step);
        const int total = sqlite3_backup_pagecount(backup);
        progress.progress(total - sqlite3_backup_remaining(backup), total);
        if (rc == SQLITE_DONE) break;
        if (cancel.isCancelled()) {
            sqlite3_backup_finish(backup);
            return cancelled();
        }
        if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            continue;
        }
        if (rc != SQLITE_OK) break;
    }
    res.pages = sqlite3_backup_pagecount(backup);
    sqlite3_backup_finish(backup);
    if (rc != SQLITE_DONE) {
        // A page of the source that cannot be read (a truncated or damaged file).
        const std::string msg = sqlite3_errstr(rc);
        if (rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB || rc == SQLITE_IOERR_SHORT_READ)
            return fail(ErrorCode::NotAProject, {src},
                        "The file " + src + " is not a readable DomainLens project (" + msg + "); nothing was copied.");
        return sqliteFailure(to.db, rc, dst, msg);
    }
    sqlite3_exec(from.db, "ROLLBACK;", nullptr, nullptr, nullptr);
    from.close();

    // The copy, checked before anyone sees it under its name.
    progress.stage("Checking the copy");
    if (cancel.isCancelled()) return cancelled();
    int copiedVersion = 0;
    if (auto s = checkProject(to.db, dst, copiedVersion); !s || copiedVersion != res.schemaVersion)
        return fail("The copy of " + src + " is not the project it copied; nothing was written to " + dst + ".");
    auto problems = integrityProblems(to.db, dst);
    if (!problems) return std::unexpected(problems.error());
    if (!problems->empty())
        return fail(ErrorCode::NotAProject, {src},
                    "The copy of " + src + " fails SQLite's integrity check (" + *problems +
                        "): the project is damaged (a truncated file?); nothing was written to " + dst + ".");
    to.close();  // checkpoints and removes the copy's own -wal and -shm
    removeSideFiles(temp);

    progress.stage("Moving the copy into place");
    auto placed = params.replace ? (*out)->commit() : (*out)->commitNew();
    if (!placed) return std::unexpected(placed.error());
    res.destination = dst;
    res.bytes = (*out)->bytes();
    res.sha256 = (*out)->sha256();
    res.replaced = dstExists;
    return res;
}

}  // namespace dl
